"""Hostile input on a seat's socket: a clear refusal each time, the connection and the game intact."""

from __future__ import annotations

import json

from dictator_widget.serve.rooms import MAX_MESSAGE
from dictator_widget.ui.seat_client import connect

from .conftest import Server


def test_hostile_messages_are_refused_and_change_nothing(server: Server) -> None:
    room = server.room(mission="standard", seed=3, seats=[{}, {}], pace=0)
    a, b = (connect(server.url, code, name=n) for code, n in zip(room["codes"], ("Ann", "Bob"), strict=True))
    mover, idle = (a, b) if a.my_turn else (b, a)
    before = server.save_of(room["id"])
    legal = list(mover.legal)
    cases = {
        "{not json": "malformed message: not JSON",
        "[1, 2, 3]": "malformed message: expected an object with a 'type'",
        json.dumps({"type": "launch-missiles"}): "malformed message: unknown type 'launch-missiles'",
        json.dumps({"type": "act"}): "'notation' must be a short string",
        json.dumps({"type": "act", "notation": "x" * 500}): "'notation' must be a short string",
        json.dumps({"type": "act", "notation": "A1 fly z9"}): "A1 fly z9",
        json.dumps({"type": "set", "traits": {"view": {}}}): "a seat may set only 'lang' and 'error'",
        json.dumps({"type": "log", "from": 5, "to": 1}): "'from' and 'to' must be indices",
        json.dumps({"type": "act", "notation": legal[0], "twice": True}): "no field 'twice' in 'act'",
        json.dumps({"type": "set", "traits": {"error": 5}}): "a seat may set only 'lang' and 'error'",
        json.dumps({"type": "play"}): "play: not on the class server",
        json.dumps({"type": "act", "notation": "a" * (MAX_MESSAGE + 10)}): "message too large",
        "x" * 200_000: "message too large: 200000 bytes",
        b"\xff\xfe binary": "malformed message: not JSON",
    }
    for text, reason in cases.items():
        answer = mover.send_raw(text)
        assert answer["ok"] is False and reason in answer["refused"], (str(text)[:40], answer)
        assert answer["traits"]["error"] == answer["refused"]              # the widget shows it
    out_of_turn = idle.send_raw(json.dumps({"type": "act", "notation": legal[0]}))   # the other seat's move
    assert out_of_turn["ok"] is False and "the decision is not theirs" in out_of_turn["refused"]
    assert server.save_of(room["id"]) == before                            # nothing changed
    assert mover.legal == legal
    mover.act(legal[0])                                                    # the same sockets still play
    assert len(server.export()["games"][-1]["save"]["actions"]) >= 1
    assert server.save_of(room["id"]) != before
    a.close()
    b.close()
