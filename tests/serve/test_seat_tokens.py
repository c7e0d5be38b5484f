"""Seat credentials: another seat's token, a stale (replaced) token and a forged code are refused, clearly,
by the page, the socket and the API; nothing in the game changes."""

from __future__ import annotations

import urllib.request

import pytest

from dictator_widget.engine import DictatorError, IllegalAction
from dictator_widget.ui.seat_client import SeatClient, connect

from .conftest import TEACHER, Server


def page(server: Server, path: str) -> str:
    with urllib.request.urlopen(server.url + path, timeout=30) as resp:
        return str(resp.read().decode())


def test_only_a_seats_own_token_opens_it(server: Server) -> None:
    room = server.room(mission="fog-of-war", seed=11, seats=[{}, {}], pace=0)
    a_code, b_code = room["codes"]
    a = connect(server.url, a_code, name="Ann")
    b = connect(server.url, b_code, name="Bob")
    owner, other = (a, b) if a.my_turn else (b, a)
    owner.act(owner.legal[0])
    before = server.save_of(room["id"])

    with pytest.raises(DictatorError, match=f"this token does not open seat {owner.code}"):
        SeatClient(server.url, owner.code, other.token)                  # Bob's token on Ann's seat
    with pytest.raises(DictatorError, match="no seat has the join code 'ZZZZZZ'"):
        SeatClient(server.url, "ZZZZZZ", owner.token)                     # a forged code
    with pytest.raises(DictatorError, match="is taken: open the join link"):
        connect(server.url, owner.code, name="Eve")                      # claiming a taken seat again
    assert "this token does not open seat" in page(server, f"/play?code={owner.code}&token={other.token}")
    assert "no seat has the join code" in page(server, f"/play?code=QQQQQQ&token={owner.token}")
    assert server.get("/api/teacher?token=nope")["status"] == 403
    assert server.get(f"/api/export?token={owner.token}")["status"] == 403   # a seat's token is not the teacher's

    # The teacher gives Ann a new link: the old one is stale, refused at once (even on its open socket).
    new = server.post("/api/reissue", {"token": TEACHER, "code": owner.code})
    assert new["token"] != owner.token
    if owner.my_turn:
        with pytest.raises(IllegalAction, match="replaced by the teacher"):
            owner.act(owner.legal[0])
    with pytest.raises(DictatorError, match="was replaced by the teacher: ask for the new one"):
        SeatClient(server.url, owner.code, owner.token)
    assert "replaced by the teacher" in page(server, f"/play?code={owner.code}&token={owner.token}")
    assert server.post("/api/reissue", {"token": "nope", "code": owner.code})["status"] == 403
    assert server.save_of(room["id"]) == before                          # nothing changed

    fresh = SeatClient(server.url, owner.code, new["token"])             # the new link opens the same seat and view
    assert fresh.seat == owner.seat and fresh.view["legal"] == owner.view["legal"]
    for c in (a, b, fresh):
        c.close()


def test_a_seat_sees_only_its_own_view(server: Server) -> None:
    room = server.room(mission="fog-of-war", seed=5, seats=[{}, {}], pace=0)
    a, b = (connect(server.url, code, name=n) for code, n in zip(room["codes"], ("Ann", "Bob"), strict=True))
    assert a.board["viewer"] == 0 and b.board["viewer"] == 1
    assert a.board["seed"] is None and b.board["seed"] is None           # the seed would tell the deck
    waiting = a if not a.my_turn else b
    assert waiting.legal == []
    with pytest.raises(IllegalAction, match="the decision is not theirs"):
        waiting.act("A1 end")
    answer = waiting.send_raw('{"type": "export-html"}')           # a replay would show every card
    assert not answer["ok"] and "once the game is over" in answer["refused"]
    a.close()
    b.close()
