"""A seat from Python: ``dw.connect(url, code)`` takes a seat of a class server for a student's bot.

The seat sees what its browser would: the view (``seat.view``, the engine's per-seat view as the
widget draws it), the legal actions when the decision is its own, and the log read for it.

    >>> seat = dw.connect("http://127.0.0.1:8765", "K7QX2M", name="Ann's bot")   # doctest: +SKIP
    >>> while not seat.over:                                                      # doctest: +SKIP
    ...     seat.wait_my_turn()
    ...     seat.act(my_bot.choose(seat.view, seat.legal))
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from ..engine import DictatorError, IllegalAction
from ..engine.rules.errors import Message


class SeatClient:
    """One seat of a class server over a websocket (``connect`` makes one)."""

    def __init__(self, url: str, code: str, token: str, lang: str = "en", timeout: float = 30.0) -> None:
        from websockets.sync.client import connect as ws_connect

        self.url, self.code, self.token, self.timeout = url.rstrip("/"), code, token, timeout
        ws_url = self.url.replace("http://", "ws://").replace("https://", "wss://")
        query = urllib.parse.urlencode({"code": code, "token": token, "lang": lang})
        self._ws = ws_connect(f"{ws_url}/ws?{query}", open_timeout=timeout, max_size=1 << 24,
                              legacy=True)
        self.traits: dict[str, Any] = {"cards": {}}
        self.thinking: int | None = None
        self.hello: dict[str, Any] = {}
        self._next = 0
        first = self._receive(timeout)
        if first.get("type") == "refused":
            self._ws.close()
            raise refused_seat(code, first)
        self._take(first)

    @property
    def link(self) -> str:
        """This seat's join link (open it in a browser to watch or play the same seat)."""
        return f"{self.url}/play?code={self.code}&token={self.token}"

    @property
    def seat(self) -> int:
        return int(self.hello["seat"])

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view, as its widget draws it."""
        return dict(self.traits.get("view") or {})

    @property
    def board(self) -> dict[str, Any]:
        return dict(self.traits.get("board") or {})

    @property
    def legal(self) -> list[str]:
        """The notations this seat may play now (empty while another seat or a bot owes the decision)."""
        return [row[0] for row in self.view.get("legal") or []]

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def over(self) -> bool:
        return bool(self.view.get("is_over"))

    def widget(self) -> Any:
        """This seat in a notebook: the widget's front end, fed by the server (``ui.widget_seat``)."""
        from .widget_seat import SeatWidget

        return SeatWidget(self.url, self.code, token=self.token)

    def act(self, notation: str) -> None:
        """Play one decision; refused ones raise :class:`IllegalAction` with the server's reason."""
        self._request({"type": "act", "notation": str(notation)})

    def undo(self) -> None:
        self._request({"type": "undo"})

    def wait_my_turn(self, timeout: float | None = None) -> None:
        """Wait until this seat owes a decision or the game is over."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while not self.my_turn and not self.over:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"seat {self.code}: still not your turn after {timeout or self.timeout} s")
            self._take(self._receive(left))

    def wait(self, condition: Callable[[SeatClient], bool], timeout: float | None = None) -> None:
        """Read the server's messages until ``condition(seat)`` holds (TimeoutError after ``timeout`` s)."""
        limit = timeout or self.timeout
        deadline = time.monotonic() + limit
        while not condition(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"seat {self.code}: still waiting after {limit} s")
            self._take(self._receive(left))

    def poll(self, timeout: float = 0.0) -> int:
        """Read what the server has sent (waiting up to ``timeout`` for the first message); how many."""
        count = 0
        while True:
            try:
                text = self._ws.recv(timeout=timeout if count == 0 else 0)
            except TimeoutError:
                return count
            self._take(json.loads(text))
            count += 1

    def send_raw(self, text: str | bytes) -> dict[str, Any]:
        """Send anything (tests of hostile input); the server's answer to it."""
        self._ws.send(text)
        return self._until_ack(None)

    def _request(self, message: dict[str, Any]) -> dict[str, Any]:
        self._next += 1
        ident = self._next
        self._ws.send(json.dumps({**message, "id": ident}))
        answer = self._until_ack(ident)
        if not answer.get("ok"):
            raise IllegalAction(_said(answer, "refused"))
        return answer

    def _until_ack(self, ident: int | None) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while True:
            message = self._receive(max(0.01, deadline - time.monotonic()))
            self._take(message)
            if "ack" in message and message.get("ack") == ident:
                return message
            if message.get("type") == "ack" and message.get("id") == ident:
                return message

    def _receive(self, timeout: float) -> dict[str, Any]:
        try:
            text = self._ws.recv(timeout=timeout)
        except TimeoutError:
            raise TimeoutError(f"seat {self.code}: the server did not answer in {timeout:.0f} s") from None
        data: dict[str, Any] = json.loads(text)
        return data

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            for name, value in (message.get("traits") or {}).items():
                if name == "cards+":
                    self.traits["cards"] = {**self.traits.get("cards", {}), **value}
                else:
                    self.traits[name] = value
            if "hello" in message:
                self.hello = dict(message["hello"])
        elif kind == "thinking":
            self.thinking = message.get("seat")
        elif kind == "refused":
            raise refused_seat(self.code, message)

    def close(self) -> None:
        self._ws.close()

    def __enter__(self) -> SeatClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _said(answer: dict[str, Any], field: str) -> Message:
    """The server's refusal in both languages (its ``texts``), or as it wrote it in one (an older server)."""
    texts = answer.get("texts", answer if "ru" in answer else None)       # an HTTP refusal carries them whole
    if isinstance(texts, dict):
        return Message.from_json(texts)
    return Message.of(str(answer.get(field)))


def refused_seat(code: str, answer: dict[str, Any]) -> DictatorError:
    """The server refused seat ``code``: its reason, in both languages."""
    return DictatorError("server.refused_seat", code=code, error=_said(answer, "error"))


def claim(url: str, code: str, name: str) -> str:
    """Take seat ``code`` of the server at ``url`` under ``name``; the seat's token."""
    body = json.dumps({"code": code, "name": name}).encode()
    req = urllib.request.Request(url.rstrip("/") + "/api/claim", data=body,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return str(json.loads(resp.read())["token"])
    except urllib.error.HTTPError as exc:
        raise refused_seat(code, json.loads(exc.read())) from None


def connect(url: str, code: str, name: str = "python", token: str | None = None, lang: str = "en") -> SeatClient:
    """Take seat ``code`` at the class server ``url`` (or come back to it with its ``token``).

    Needs the ``serve`` extra (websockets).
    """
    if token is None:
        token = claim(url, code, name)
    return SeatClient(url, code.strip().upper(), token, lang=lang)
