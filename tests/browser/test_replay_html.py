"""The HTML replay opened from file:// in Chromium: nothing fetched, stepped by clicks, the end is the game's end.
Issue 36, item 10: captions in words (the decision's first log line, not its notation), arrow keys step, a clickable
move list, and none of the controls that do nothing in a replay (Pass, Undo, Rematch, New game, key hints)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, RandomAgent

from .conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-1")]


def test_the_replay_steps_from_file_to_the_games_last_view(browser: Any, tmp_path: Path) -> None:
    game = dw.Game.new("standard", seed=5)
    bots: list[Any] = [GreedyAgent(seed=0), RandomAgent(seed=1)]
    while game.current_player is not None:
        game.apply(bots[game.current_player].act(game))
    path = dw.export_html(game, tmp_path / "game.html", lang="en")
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(path.as_uri())
        widget = page.locator("[data-testid=dictator-widget]")
        n = len(game.history)
        expect(page.get_by_test_id("replay-label")).to_contain_text(f"Decision {n} of {n}")
        page.get_by_test_id("replayFirst").click()
        expect(page.get_by_test_id("replay-label")).to_have_text(f"The start of the game (0 of {n})")
        for k in (1, 2, 3):
            page.get_by_test_id("replayNext").click()
            expect(page.get_by_test_id("replay-label")).to_have_text(f"Decision {k} of {n}: {said(game, k)}")
        expect(widget.locator("[data-testid=log] li").last).to_have_text(_log_after(game, 3)[-1])
        for gone in ("[data-control]", "[data-testid=rematch]", "[data-testid=new-game]", ".dw-keys",
                     "[data-testid=decisions]"):
            expect(widget.locator(gone)).to_have_count(0)
        page.keyboard.press("ArrowRight")                            # arrow keys step
        expect(page.get_by_test_id("replay-label")).to_have_text(f"Decision 4 of {n}: {said(game, 4)}")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        expect(page.get_by_test_id("replay-label")).to_have_text(f"Decision 2 of {n}: {said(game, 2)}")
        moves = page.get_by_test_id("replay-moves")
        expect(moves.locator("button[data-at]")).to_have_count(n + 1)
        moves.locator("button[data-at='3']").click()                 # the move list goes there
        expect(page.get_by_test_id("replay-label")).to_have_text(f"Decision 3 of {n}: {said(game, 3)}")
        expect(moves.locator("button[data-at='3']")).to_have_attribute("aria-current", "step")
        widget.get_by_test_id("lang").click()                       # the widget's own button: Russian
        expect(page.get_by_test_id("replay-label")).to_have_text(f"Решение 3 из {n}: {said(game, 3, 'ru')}")
        expect(moves.locator("button[data-at='3']")).to_have_text(said(game, 3, "ru"))
        expect(widget.locator("[data-testid=log] li").last).to_have_text(_log_after(game, 3, "ru")[-1])
        page.get_by_test_id("replayLast").click()
        expect(page.get_by_test_id("replayNext")).to_be_disabled()
        expect(widget.locator("[data-testid=game-over]")).to_be_visible()
        expect(widget.locator("[data-testid=rematch], [data-testid=new-game], [data-testid=replay]")).to_have_count(0)
        shown = {b.get_attribute("data-battalion"): b.get_attribute("data-at")
                 for b in widget.locator("[data-battalion]").all()}
        assert shown == {b["label"]: b["sector"] for b in game.view()["battalions"]}
        expect(widget.locator("[data-testid=log] li").last).to_have_text(game.log.texts("ru")[-1])
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "replay-html-final.png"))
    finally:
        page.context.close()
    assert requests and all(u.startswith("file://") for u in requests), requests
    assert not errors, errors


def _log_after(game: dw.Game, k: int, lang: str = "en") -> list[str]:
    probe = dw.Game.from_json(game.to_json())
    while len(probe.history) > k:
        probe.undo()
    return probe.log.texts(lang)


def said(game: dw.Game, k: int, lang: str = "en") -> str:
    """Decision ``k`` in words: the first log line it wrote."""
    return game.log.texts(lang)[len(_log_after(game, k - 1))]
