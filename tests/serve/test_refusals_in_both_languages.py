"""The class server refuses in the seat's language (the seat's ``lang``), and sends both texts with the key."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

import dictator_widget as dw
from dictator_widget.ui.seat_client import claim, connect

from .conftest import Server


def test_a_russian_seat_reads_its_refusals_in_russian(server: Server) -> None:
    room = server.room(mission="standard", seed=3, seats=[{}, {}], pace=0)
    seats = [connect(server.url, code, name=n, lang=lang)
             for code, n, lang in zip(room["codes"], ("Аня", "Bob"), ("ru", "en"), strict=True)]
    ru, en = seats
    mover, idle = (ru, en) if ru.my_turn else (en, ru)
    move = mover.legal[0]
    answer = idle.send_raw(json.dumps({"type": "act", "notation": move}))
    theirs = "а решение не его" if idle is ru else "and the decision is not theirs"
    assert answer["ok"] is False and theirs in answer["refused"] and answer["traits"]["error"] == answer["refused"]
    assert answer["texts"]["key"] == "table.not_theirs"
    assert "and the decision is not theirs" in answer["texts"]["en"] and "а решение не его" in answer["texts"]["ru"]
    with pytest.raises(dw.IllegalAction) as info:
        ru.act("A1 fly z9")
    english, russian = ((("cannot read this", "не удаётся прочесть")) if ru is mover
                        else ("the decision is not theirs", "а решение не его"))
    assert english in str(info.value) and russian in info.value.text("ru")
    assert ru.send_raw("{oops")["refused"].startswith("неверное сообщение: не JSON (ошибка на символе 1)")
    ru.send_raw(json.dumps({"type": "set", "traits": {"lang": "en"}}))
    assert ru.send_raw("{oops")["refused"].startswith("malformed message: not JSON (")
    for seat in seats:
        seat.close()


def test_the_lobby_refuses_in_the_askers_language(server: Server) -> None:
    req = urllib.request.Request(server.url + "/api/claim?lang=ru", data=json.dumps({"code": "NOSUCH"}).encode(),
                                 headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as http:
        urllib.request.urlopen(req, timeout=30)
    body = json.loads(http.value.read())
    assert body["error"] == body["ru"] == "ни у одного места нет кода 'NOSUCH': проверьте полученный код"
    assert body["en"] == "no seat has the join code 'NOSUCH': check the code you were given"
    with pytest.raises(dw.DictatorError) as info:
        claim(server.url, "NOSUCH", "Аня")
    assert info.value.text("ru") == "сервер отказал месту NOSUCH: ни у одного места нет кода 'NOSUCH': проверьте " \
                                    "полученный код"
    assert str(info.value).startswith("the server refused seat NOSUCH: no seat has the join code")
