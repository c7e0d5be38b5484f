"""Rooms through the server: a bot's seat plays on the server (its thinking shown), undo follows the engine's
rule for seats, the dashboard's league counts the finished game, the export reads back into the lab."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time

import pytest

import dictator_widget as dw
from dictator_widget.engine import IllegalAction
from dictator_widget.ui.seat_client import connect

from .conftest import TEACHER, Server


def test_a_student_against_a_bot_to_the_end(server: Server, tmp_path) -> None:
    room = server.room(mission="standard", seed=9, turn_cap=6, seats=[{}, {"bot": "random"}], pace=0, bot_delay=0)
    seat = connect(server.url, room["codes"][0], name="Ann")
    with pytest.raises(dw.DictatorError, match="is played by a bot"):
        connect(server.url, room["codes"][1], name="Eve")
    rng = random.Random(1)
    undone = False
    while not seat.over:
        seat.wait_my_turn(20)
        if seat.over:
            break
        moves = [n for n in seat.legal if " move " in n]
        if moves and not undone:                       # a plain move shows nothing: its own seat may undo it
            seat.act(moves[0])
            assert seat.view["can_undo"]
            seat.undo()
            assert moves[0] in seat.legal
            undone = True
        seat.act(rng.choice(seat.legal))
    assert undone and seat.thinking == 1                # the bot's thinking was announced to the seat
    teacher = server.get(f"/api/teacher?token={TEACHER}")
    ours = next(r for r in teacher["rooms"] if r["id"] == room["id"])
    assert ours["over"] and ours["seats"][1]["bot"] == "random"
    names = {p["name"] for p in teacher["league"]["players"]}
    assert {"Ann", "bot:random"} <= names
    export = tmp_path / "class.json"
    export.write_text(json.dumps(server.export()), encoding="utf-8")
    table = dw.experiments.from_class(export)
    row = table[table["room"] == room["id"]].iloc[0]
    assert row["agents"] == "Ann,random" and row["end_reason"] in ("annihilation", "mutual", "turn-cap")
    game = dw.experiments.replay(row)
    assert game.to_json() == json.dumps(next(g for g in server.export()["games"] if g["room"] == room["id"])["save"],
                                        ensure_ascii=False, separators=(",", ":"))
    seat.close()


def test_a_seat_cannot_undo_what_showed_something(server: Server) -> None:
    room = server.room(mission="standard", seed=2, seats=[{}, {}], pace=0)
    a, b = (connect(server.url, c, name=n) for c, n in zip(room["codes"], ("A", "B"), strict=True))
    first = a if a.my_turn else b
    other = b if first is a else a
    with pytest.raises(IllegalAction):
        other.undo()                                    # nothing of theirs to undo
    first.act(first.legal[0])                           # the zone choice: the first decision
    seen = first.view["log_from"] + len(first.view["log"])
    other.wait(lambda s: s.view["log_from"] + len(s.view["log"]) >= seen)      # the other seat has heard of it
    if other.my_turn:
        with pytest.raises(IllegalAction, match="undo"):
            other.undo()                                # the last decision is not theirs
    a.close()
    b.close()


def test_a_seat_in_a_notebook_syncs_what_the_front_end_draws() -> None:
    """The seat and the notebook's table share one declaration of the synced traits (the seat lacked ``guide``)."""
    from dictator_widget.ui.widget_seat import SeatWidget

    def synced(cls: type) -> set[str]:
        return {name for name, t in cls.class_traits().items() if t.metadata.get("sync")}

    assert synced(SeatWidget) == synced(dw.DictatorWidget)
    assert SeatWidget.class_traits()["pace"].default_value == 0.0


def test_a_notebook_widget_takes_a_seat(server: Server) -> None:
    """``DictatorWidget(server=..., code=...)``: the seat's traits come from the server, its messages go there."""
    room = server.room(mission="fog-of-war", seed=6, seats=[{}, {}], pace=0)
    other = connect(server.url, room["codes"][1], name="Bob")

    async def play() -> tuple[dict, dict, list[str]]:
        w = dw.DictatorWidget(server=server.url, code=room["codes"][0], name="Ann")
        await asyncio.wait_for(w.ready.wait(), 20)
        first = dict(w.view)
        deadline = time.monotonic() + 60
        while not w.view.get("legal") and time.monotonic() < deadline:   # until this seat owes a decision
            other.poll(0.01)
            if other.my_turn:
                other.act(other.legal[0])
            await asyncio.sleep(0.02)
        legal = [row[0] for row in w.view["legal"]]
        w.ready.clear()
        w.act(legal[0])
        await asyncio.wait_for(w.ready.wait(), 20)
        w.act("A9 fly z9")                            # refused: the error trait says why
        deadline = time.monotonic() + 30
        while not w.error and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        after = dict(w.view)
        error = w.error
        w.close()
        return first, after, [legal[0], error]

    first, after, (played, error) = asyncio.run(play())
    assert first["viewer"] == 0 and set(first) == set(after)
    assert "A9 fly z9" in error
    save = next(g for g in server.export()["games"] if g["room"] == room["id"])["save"]
    assert played in save["actions"]
    other.close()


def test_rooms_take_a_teachers_card_folder_and_refuse_bad_requests(tmp_path) -> None:
    import shutil

    from dictator_widget.engine.content.data import content_dir
    from dictator_widget.serve.rooms import Lobby, Refused
    from dictator_widget.serve.store import SQLiteStore

    shipped = sorted((content_dir() / "cold-summer-2040").glob("*.toml"))[0]
    (tmp_path / "cards" / "my-set").mkdir(parents=True)
    shutil.copy(shipped, tmp_path / "cards" / "my-set" / shipped.name)
    lobby = Lobby(SQLiteStore(tmp_path / "c.sqlite"), cards_root=tmp_path / "cards")
    room = lobby.create({"mission": "standard", "cards": "my-set", "seed": 1})
    assert room.game.rules.cards == str((tmp_path / "cards" / "my-set").resolve())
    for request, reason in [
        ({"cards": "../cards"}, "no card set '../cards' in the server's card folder (one of ['my-set'])"),
        ({"cards": "nope"}, "no card set 'nope'"),
        ({"mission": "moon-landing"}, "cannot make this room"),
        ({"seats": [{}]}, "has 2 seats; give one entry per seat"),
        ({"seats": [{}, {"bot": "oracle"}]}, "seat 2: unknown agent 'oracle'"),
        ({"variants": {"no_such_rule": 1}}, "cannot make this room"),
        ([1, 2], "a room is a JSON object"),
    ]:
        with pytest.raises(Refused, match=re.escape(reason)):
            lobby.create(request)
    assert len(lobby.rooms) == 1
    lobby.max_rooms = 1
    with pytest.raises(Refused, match="holds 1 rooms, its most"):
        lobby.create({"mission": "standard"})
    again = Lobby(SQLiteStore(tmp_path / "c.sqlite"), cards_root=tmp_path / "cards")   # a restart reads it back
    assert again.rooms[room.id].game.to_json() == room.game.to_json()


def test_a_seat_asks_for_its_odds(server: Server) -> None:
    room = server.room(mission="fog-of-war", seed=12, seats=[{}, {}], pace=0)
    seats = [connect(server.url, c, name=n) for c, n in zip(room["codes"], ("A", "B"), strict=True)]
    rng = random.Random(4)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        for s in seats:
            s.poll()
        mover = next((s for s in seats if s.my_turn), None)
        if mover is None:
            seats[0].poll(0.02)
            continue
        attacks = [n for n in mover.legal if " attack " in n and " guild " not in n]
        if attacks:
            label = attacks[0].split()[0]
            mover._request({"type": "odds", "battalion": label})
            odds = mover.traits["odds"]
            assert attacks[0] in odds and abs(sum(odds[attacks[0]].values()) - 1) < 1e-3
            break
        mover.act(rng.choice([n for n in mover.legal if not n.startswith("reveal")] or mover.legal))
    else:
        pytest.fail("no attack came up")
    for s in seats:
        s.close()


def test_a_broken_bot_leaves_its_seat_open(tmp_path) -> None:
    from dictator_widget.serve.rooms import Lobby, SeatLink
    from dictator_widget.serve.store import SQLiteStore

    class Broken(dw.agents.Agent):
        def act(self, game: dw.Game) -> dw.Action:
            raise RuntimeError("out of ideas")

    async def run() -> tuple[list[dict], Lobby]:
        lobby = Lobby(SQLiteStore(tmp_path / "c.sqlite"))
        room = lobby.create({"mission": "standard", "seed": 7, "placement": "fixed", "bot_delay": 0,
                             "seats": [{}, {"bot": "random"}]})
        sent: list[dict] = []

        async def send(message: dict) -> None:
            sent.append(message)

        token = lobby.claim(room.seats[0].code, "Ann")
        link = SeatLink(room, 0, send)
        room.links.add(link)
        room.bots[1] = Broken()
        while room.game.current_player != 1:           # Ann plays until the bot owes a decision
            await room.act(link, str(room.game.legal_actions()[-1]))
            assert token
        await asyncio.sleep(0.3)
        return sent, lobby

    sent, lobby = asyncio.run(run())
    room = next(iter(lobby.rooms.values()))
    assert 1 not in room.bots and room.seats[1].bot is None
    errors = [m["traits"]["error"] for m in sent if "error" in m.get("traits", {})]
    assert any("RuntimeError: out of ideas" in e and room.seats[1].code in e for e in errors)
    assert lobby.claim(room.seats[1].code, "Bob")               # a student takes the seat
    assert Lobby(SQLiteStore(tmp_path / "c.sqlite")).rooms[room.id].seats[1].bot is None   # and it is stored


def test_a_seat_resigns_through_the_server(server: Server) -> None:
    room = server.room(mission="standard", seed=5, seats=[{}, {}], pace=0, placement="fixed")
    a, b = (connect(server.url, c, name=n) for c, n in zip(room["codes"], ("Resa", "Wyn"), strict=True))
    mover = a if a.my_turn else b
    with pytest.raises(IllegalAction, match="this screen is not Player"):
        mover.act(f"resign {1 - mover.seat}")                  # not for the other seat
    mover.act(f"resign {mover.seat}")
    other = b if mover is a else a
    other.wait(lambda s: s.over)
    assert mover.over and other.over and other.view["winner"] == other.seat
    save = next(g for g in server.export()["games"] if g["room"] == room["id"])
    assert save["over"] and save["winner"] == other.seat and save["save"]["actions"][-1] == f"resign {mover.seat}"
    a.close()
    b.close()
