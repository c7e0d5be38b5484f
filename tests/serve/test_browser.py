"""A Fog of War game played to its end through the class server by separate Chromium contexts (one per seat):
every websocket frame a page receives and its DOM hold no id or name of a card hidden from that seat.

No JupyterLab: the server serves the page (the widget's own front end over serve_host.ts's socket model).
Moves are scripted and fast (sent through the seat's model, some by the widget's keyboard keys); one page
is reloaded mid-game and comes back to the same seat and view, the other's socket is dropped and the page
reconnects by itself. Screenshots of the lobby, a seat and the
dashboard go to test-artifacts/ (docs/classroom/ holds copies).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.engine.views.view import card_facts, visible_cards

from .conftest import REPO, TEACHER, Server

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Page, expect  # noqa: E402

pytestmark = pytest.mark.browser
ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 30_000


class Seat:
    """One seat's page in its own browser context, with every websocket frame it received."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1300, "height": 950})
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", lambda f: self.frames.append(str(f))))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.goto(url)
        expect(self.page.locator("[data-testid=dictator-widget]")).to_be_visible()

    def view(self) -> dict[str, Any]:
        return dict(self.page.evaluate("() => window.dwSeat.get('view')"))

    def legal(self) -> list[str]:
        """The notations of the seat's options now (only they cross to Python: a view is tens of kilobytes)."""
        return list(self.page.evaluate("() => (window.dwSeat.get('view')?.legal ?? []).map((row) => row[0])"))

    def act(self, notation: str, key: str | None = None) -> None:
        """Takes a decision and waits for the next view (each frame from the server is a new object)."""
        self.page.evaluate("() => { window.dwBefore = window.dwSeat.get('view'); }")
        if key:                                   # the widget's own keyboard shortcut
            self.page.locator("[data-testid=dictator-widget]").focus()
            self.page.keyboard.press(key)
        else:
            self.page.evaluate("(n) => window.dwSeat.send({type: 'act', notation: n})", notation)
        self.page.wait_for_function("() => window.dwSeat.get('view') !== window.dwBefore")


def choose(legal: list[str], rng: random.Random) -> tuple[str, str | None]:
    """A fast scripted move: attack when possible, end the turn by its key ('t') half the time."""
    attacks = [n for n in legal if " attack " in n]
    if attacks:
        return rng.choice(attacks), None
    ends = [n for n in legal if n.endswith(" end") or n == "end-turn"]
    if "end-turn" in legal and rng.random() < 0.5:
        return "end-turn", "t"
    moves = [n for n in legal if n not in ends] or legal
    return rng.choice(moves), None


def cards_seen(game: dw.Game, seat: int) -> set[str]:
    """Every card ``seat`` was ever shown: visible in some position of the game, or named to it by the log."""
    replay = dw.Game.new(game.rules.mission, seed=game.rules.seed, turn_cap=game.rules.turn_cap)
    seen = set(visible_cards(replay, seat))
    for action in game.history:
        replay.apply(action)
        seen |= visible_cards(replay, seat)
    for event in game.log:
        for key, value in event.visible_args(seat).items():
            if key in ("card", "target", "cards", "other_cards"):
                seen.update(c for c in (value if isinstance(value, list) else [value]) if c in game.cards)
    return seen


def leaks(text: str, game: dw.Game, seat: int) -> list[str]:
    seen = cards_seen(game, seat)
    hidden = set(game.cards) - seen
    seen_names = {n for c in seen for n in card_facts(game, c)["name"].values()}
    found = [c for c in hidden if re.search(rf"\b{c}\b", text)]
    for c in hidden:
        for name in card_facts(game, c)["name"].values():
            if name not in seen_names and name in text:
                found.append(f"{c} ({name})")
    return found


def play(seats: list[Seat], rng: random.Random, reload_after: int | None = None, shot_at: int | None = None) -> int:
    """Scripted fast moves by whichever page owes the decision, to the game's end; how many were made."""
    decisions, reloaded = 0, False
    while True:
        options = [s.legal() for s in seats]
        owner = next((s for s, legal in zip(seats, options, strict=True) if legal), None)
        if owner is None:
            if all(s.page.evaluate("() => window.dwSeat.get('view')?.is_over") for s in seats):
                return decisions
            seats[0].page.wait_for_timeout(20)
            continue
        notation, key = choose(options[seats.index(owner)], rng)
        owner.act(notation, key)
        decisions += 1
        if decisions == shot_at:
            seats[1].page.screenshot(path=str(ARTIFACTS / "serve-seat.png"))
        if reload_after and decisions >= reload_after and owner is seats[0] and not reloaded:
            reloaded = True                      # a reload comes back to the same seat and view
            before = seats[0].view()
            seats[0].page.reload()
            expect(seats[0].page.locator("[data-testid=dictator-widget]")).to_be_visible()
            seats[0].page.wait_for_function("() => window.dwSeat.get('view') !== undefined")
            after = seats[0].view()
            assert (after["legal"], after["log"], after["battalions"]) == \
                (before["legal"], before["log"], before["battalions"])
            # a dropped socket (a closed lid): the page reconnects by itself and plays on
            other = seats[1].page
            other.evaluate("() => { window.oldSocket = window.dwSeat.ws; window.dwSeat.ws.close(); }")
            other.wait_for_function("() => window.dwSeat.ws && window.dwSeat.ws !== window.oldSocket"
                                    " && window.dwSeat.ws.readyState === 1")
            expect(other.locator("[data-testid=serve-status]")).to_contain_text("Игрок 2")
        assert decisions < 400


def check_no_leaks(server: Server, room: str, seats: list[Seat], decisions: int) -> None:
    save = next(g for g in server.export()["games"] if g["room"] == room)["save"]
    game = dw.Game.from_json(json.dumps(save))
    assert game.is_over and len(game.history) == decisions
    for p, seat in enumerate(seats):
        frames = "\n".join(seat.frames)
        dom = seat.page.content()
        assert len(seat.frames) > decisions / len(seats)
        assert not leaks(frames, game, p), f"seat {p}'s websocket frames name hidden cards"
        assert not leaks(dom, game, p), f"seat {p}'s page names hidden cards"
        # the check reads real frames: the cards this seat was shown are there
        assert sum(bool(re.search(rf"\b{c}\b", frames)) for c in cards_seen(game, p)) >= 5
        assert not seat.errors, seat.errors


def test_fog_of_war_through_the_server_leaks_no_hidden_card(server: Server, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    room = server.room(mission="fog-of-war", seed=4, turn_cap=6, seats=[{}, {}], pace=0)
    codes = room["codes"]

    # Seat 1 is taken in the lobby page (code and name typed, then the join link opens).
    lobby = browser.new_context(viewport={"width": 1300, "height": 950}).new_page()
    lobby.goto(server.url + "/?lang=en")
    expect(lobby.locator(f'[data-room="{room["id"]}"]')).to_be_visible()
    lobby.screenshot(path=str(ARTIFACTS / "serve-lobby.png"))
    lobby.fill("[data-testid=serve-code]", codes[0].lower())
    lobby.fill("[data-testid=serve-name]", "Ann")
    lobby.click("[data-testid=serve-take]")
    lobby.wait_for_url(re.compile(r"/play\?code="))
    link0 = lobby.url
    lobby.context.close()
    token1 = server.post("/api/claim", {"code": codes[1], "name": "Борис"})["token"]
    seats = [Seat(browser, link0), Seat(browser, f"{server.url}/play?code={codes[1]}&token={token1}&lang=ru")]

    decisions = play(seats, random.Random(3), reload_after=15, shot_at=12)
    expect(seats[0].page.locator("[data-testid=dictator-widget]")).to_contain_text("Player")
    check_no_leaks(server, room["id"], seats, decisions)
    assert not re.search("[а-я]", " ".join(seats[0].view()["log"]))
    seats[0].page.click("[data-testid=lang]")     # the page sets its seat's language over the socket ("set"):
    seats[0].page.wait_for_function("() => /[а-я]/.test(window.dwSeat.get('view').log.join(' '))")  # the server's log
    assert not seats[0].errors

    dash = browser.new_context(viewport={"width": 1300, "height": 950}).new_page()
    dash.goto(f"{server.url}/teacher?token={TEACHER}&lang=en")
    expect(dash.locator("[data-testid=serve-league-table]")).to_contain_text("Ann")
    expect(dash.locator(f'[data-room="{room["id"]}"]')).to_be_visible()
    dash.screenshot(path=str(ARTIFACTS / "serve-dashboard.png"), full_page=True)
    dash.context.close()
    for s in seats:
        s.context.close()


def test_triumvirate_fog_of_war_with_three_browsers(server: Server, browser: Any) -> None:
    room = server.room(mission="fog-of-war+triumvirate", seed=8, turn_cap=4, seats=[{}, {}, {}], pace=0)
    seats = []
    for code, name in zip(room["codes"], ("Ann", "Bob", "Chen"), strict=True):
        token = server.post("/api/claim", {"code": code, "name": name})["token"]
        seats.append(Seat(browser, f"{server.url}/play?code={code}&token={token}"))
    decisions = play(seats, random.Random(5))
    check_no_leaks(server, room["id"], seats, decisions)
    for s in seats:
        s.context.close()


def test_a_wrong_link_shows_a_clear_refusal(server: Server, browser: Any) -> None:
    room = server.room(mission="standard", seed=1, seats=[{}, {}])
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/play?code={room['codes'][0]}&token=forged")
    expect(page.locator("[data-testid=serve-refused]")).to_contain_text("is not taken yet")
    assert page.locator("[data-testid=dictator-widget]").count() == 0
    # A room made in the lobby's form: Triumvirate has three seats, the second a bot.
    page.goto(f"{server.url}/?lang=ru")
    page.select_option("[data-testid=serve-mission]", "triumvirate")
    expect(page.locator("[data-testid=serve-seat2]")).to_be_visible()
    page.select_option("[data-testid=serve-seat1]", "greedy")
    page.click("[data-testid=serve-create-room]")
    expect(page.locator("[data-testid=serve-made]")).to_contain_text("Комната")
    codes = [page.locator(f"[data-testid=serve-code-{i}]").text_content() for i in (0, 2)]
    assert page.locator("[data-testid=serve-code-1]").count() == 0          # a bot's seat has no code to give
    made = [r for r in server.get("/api/rooms") if r["mission"] == "triumvirate"]
    assert made and made[-1]["seats"][1]["bot"] == "greedy"
    assert server.post("/api/claim", {"code": codes[0], "name": "Dana"})["seat"] == 0
    page.context.close()
