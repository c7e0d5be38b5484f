"""A class server's seat in a notebook: the widget's own front end, its traits fed by the server.

``DictatorWidget(server="http://...:8765", code="K7QX2M")`` (or ``dw.connect(url, code).widget()``) shows
the seat as its browser page would: the server sends the traits (the seat's view only), the widget's
messages go to the server over the seat's websocket. The kernel's event loop runs the socket, so the
widget lives in a running notebook (or any asyncio program).
"""

from __future__ import annotations

import asyncio
import json
import urllib.parse
from typing import Any

import traitlets

from ..engine import DictatorError
from ..engine.rules.errors import reason
from .seat_client import claim, refused_seat
from .widget import TableModel


class SeatWidget(TableModel):
    """One seat of a class server, drawn by the widget's front end (the traits of ``DictatorWidget``)."""

    pace = traitlets.Float(0.0).tag(sync=True)      # the server paces its battles itself

    def __init__(self, server: str, code: str, token: str | None = None, name: str = "notebook",
                 lang: str = "en", **kwargs: Any) -> None:
        super().__init__(lang=lang, **kwargs)
        self.server, self.code = server.rstrip("/"), code.strip().upper()
        self.token = token or claim(self.server, self.code, name)
        self._ws: Any = None
        self._closed = False
        self._refused = False                # the server refused the seat: trying again will not help
        self.ready = asyncio.Event()
        self.on_msg(lambda _w, content, _buffers: self._forward(content))
        self.observe(lambda change: self._forward({"type": "set", "traits": {"lang": change["new"]}}), names="lang")
        self._task = asyncio.get_event_loop().create_task(self._run())

    @property
    def link(self) -> str:
        return f"{self.server}/play?code={self.code}&token={self.token}"

    async def _run(self) -> None:
        from websockets.asyncio.client import connect

        base = self.server.replace("http://", "ws://").replace("https://", "wss://")
        query = urllib.parse.urlencode({"code": self.code, "token": self.token, "lang": self.lang})
        delay = 0.25
        while not self._closed:
            try:
                async with connect(f"{base}/ws?{query}", max_size=1 << 24) as ws:
                    self._ws, delay = ws, 0.25
                    async for text in ws:
                        self._take(json.loads(text))
            except OSError:
                pass
            except Exception as exc:        # refused (a replaced link) or the server gone: say so, keep trying
                self.error = DictatorError("server.connection", error=reason(exc)).text(self.lang)
            self._ws = None
            if self._closed or self._refused:
                return
            await asyncio.sleep(delay)      # a restarted server: back to the same seat
            delay = min(delay * 2, 4.0)

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "update":
            with self.hold_sync():
                for name, value in (message.get("traits") or {}).items():
                    if name == "cards+":
                        self.cards = {**self.cards, **value}
                    elif name == "error":
                        self.error = ""
                        self.error = str(value)
                    elif name == "lang":
                        continue             # the notebook's own choice
                    elif self.has_trait(name):
                        self.set_trait(name, value)
            self.ready.set()
        elif kind == "msg":
            self.send(message.get("content"))
        elif kind == "refused":
            self._refused = True
            self.error = refused_seat(self.code, message).text(self.lang)

    def _forward(self, content: Any) -> None:
        if self._ws is None:
            self.error = DictatorError("server.not_connected").text(self.lang)
            return
        asyncio.get_event_loop().create_task(self._ws.send(json.dumps(content)))

    def act(self, notation: str) -> None:
        """Send a decision as the front end would (the answer arrives as traits)."""
        self._forward({"type": "act", "notation": notation})

    def close(self) -> None:
        self._closed = True
        self._task.cancel()
        super().close()
