"""The classroom server's web side (Starlette): pages, the JSON API and the seats' websockets.

=============================  =================================================================
route                          what it is
=============================  =================================================================
``GET /``                      the lobby: open rooms, take a seat by its code, make a room
``GET /play?code=&token=``     a seat's page (its join link): the widget, driven over ``/ws``
``GET /teacher?token=``        the teacher's dashboard (rooms, the class's league, export)
``WS /ws?code=&token=``        a seat's socket (see ``serve_host.ts`` for the protocol)
``GET /api/rooms``             the open rooms (public facts only)
``POST /api/rooms``            make a room (``Lobby.create``'s request); its seats' codes
``POST /api/claim``            ``{"code", "name"}``: take a seat; its token and join link
``GET /api/teacher?token=``    every room with codes and links, the league table
``POST /api/reissue``          ``{"token", "code"}``: the teacher's new join link for a seat
``GET /api/export?token=``     the class's games (saves, names), for ``experiments.from_class``
=============================  =================================================================

>>> from starlette.testclient import TestClient
>>> from dictator_widget.serve.store import SQLiteStore
>>> client = TestClient(create_app(SQLiteStore(":memory:"), teacher_token="t"))
>>> client.post("/api/rooms", json={"mission": "standard", "seats": [{}, {}]}).status_code
200
>>> client.get("/api/teacher", params={"token": "wrong"}).json()["error"]
'the teacher token is wrong: open the dashboard link the server printed at start'
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import pathlib
import secrets
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..engine import DictatorError, Game, missions
from ..engine.content.data import content_dir, read_toml
from ..engine.views.view import bilingual
from .league import export, league, teacher_rooms
from .rooms import MAX_MESSAGE, Lobby, Refused, Room, SeatLink, card_sets, dispatch, parse_message
from .store import Store

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
BUNDLE = STATIC / "serve.js"


def texts() -> dict[str, Any]:
    """The pages' words, English and Russian (``cards/serve.toml``)."""
    return read_toml(content_dir() / "serve.toml")


def create_app(store: Store, teacher_token: str | None = None, cards_root: Path | None = None,
               max_rooms: int = 500) -> Starlette:
    """The server's ASGI app over ``store``; the dashboard opens with ``teacher_token``."""
    lobby = Lobby(store, cards_root, max_rooms=max_rooms)
    teacher = teacher_token or secrets.token_urlsafe(18)
    words = texts()
    probes = {m: Game.new(m, seed=0) for m in missions(combined=False)}
    players = {m: g.num_players for m, g in probes.items()}
    mission_names = {m: bilingual(g.mission.name) for m, g in probes.items()}
    watchers: set[asyncio.Queue[None]] = set()

    def room_changed(_room: Room) -> None:
        for q in watchers:
            if q.empty():
                q.put_nowait(None)

    for room in lobby.rooms.values():
        room.on_change = room_changed

    def check_teacher(token: Any) -> None:
        if not isinstance(token, str) or not secrets.compare_digest(token.encode(), teacher.encode()):
            raise Refused("server.teacher_token")

    def page(kind: str, config: dict[str, Any], lang: str) -> HTMLResponse:
        title = words["page"]["title"][lang if lang in ("en", "ru") else "en"]
        boot = json.dumps({"page": kind, "lang": lang, "texts": words, **config}, ensure_ascii=False)
        boot = boot.replace("</", "<\\/")
        body = (f"<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
                f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                f"<title>{html.escape(title)}</title></head><body>"
                f"<div id=\"dw-serve\"></div><script id=\"dw-serve-config\" type=\"application/json\">{boot}</script>"
                f"<script type=\"module\" src=\"/static/serve.js\"></script></body></html>")
        return HTMLResponse(body, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})

    def lang_of(request: Request) -> str:
        lang = request.query_params.get("lang", "")
        if lang in ("en", "ru"):
            return lang
        accept = request.headers.get("accept-language", "")
        return "ru" if accept.lower().startswith("ru") else "en"

    def refused(exc: DictatorError, request: Request, status: int = 400) -> JSONResponse:
        """A refusal in the asker's language (``?lang=`` or the browser's), with both texts and the key."""
        return JSONResponse({"error": exc.text(lang_of(request)), **exc.message.to_json()}, status_code=status)

    async def lobby_page(request: Request) -> Response:
        return page("lobby", {"missions": list(players), "players": players, "mission_names": mission_names,
                              "card_sets": card_sets(cards_root)},
                    lang_of(request))

    async def play_page(request: Request) -> Response:
        code, token = request.query_params.get("code"), request.query_params.get("token")
        try:
            seat = lobby.seat_of(code, token)
        except Refused as exc:
            return page("refused", {"error": exc.text(lang_of(request))}, lang_of(request))
        return page("seat", {"code": seat.code, "token": token, "seat": seat.seat}, lang_of(request))

    async def teacher_page(request: Request) -> Response:
        try:
            check_teacher(request.query_params.get("token"))
        except Refused as exc:
            return page("refused", {"error": exc.text(lang_of(request))}, lang_of(request))
        return page("teacher", {"token": request.query_params["token"]}, lang_of(request))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        path = STATIC / name
        if name not in ("serve.js",) or not path.is_file():
            return Response("not found", status_code=404)
        return Response(path.read_bytes(), media_type="text/javascript")

    async def api_rooms(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse([r.public() for r in lobby.rooms.values() if not r.game.is_over])
        try:
            body = await request.json()
        except ValueError:
            return refused(Refused("server.body_not_json"), request)
        try:
            room = lobby.create(body)
        except Refused as exc:
            return refused(exc, request)
        room.on_change = room_changed
        room_changed(room)
        room.kick_bots()
        return JSONResponse({**room.public(), "codes": [s.code for s in room.seats]})

    async def api_claim(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            return refused(Refused("server.body_not_json"), request)
        try:
            if not isinstance(body, dict):
                raise Refused("server.claim_body")
            token = lobby.claim(body.get("code"), body.get("name"))
        except Refused as exc:
            return refused(exc, request)
        code = str(body["code"]).strip().upper()
        room, seat = lobby.by_code[code]
        room_changed(room)
        return JSONResponse({"token": token, "code": code, "seat": seat.seat, "room": room.id,
                             "url": f"/play?code={code}&token={token}"})

    async def api_teacher(request: Request) -> Response:
        try:
            check_teacher(request.query_params.get("token"))
        except Refused as exc:
            return refused(exc, request, 403)
        rooms = list(lobby.rooms.values())
        return JSONResponse({"rooms": teacher_rooms(rooms), "league": league(rooms), "now": time.time()})

    async def api_reissue(request: Request) -> Response:
        try:
            body = await request.json()
            check_teacher(body.get("token") if isinstance(body, dict) else None)
            token = lobby.reissue(body.get("code"))
        except ValueError:
            return refused(Refused("server.body_not_json"), request)
        except Refused as exc:
            return refused(exc, request, 403)
        code = str(body["code"]).strip().upper()
        return JSONResponse({"code": code, "token": token, "url": f"/play?code={code}&token={token}"})

    async def api_export(request: Request) -> Response:
        try:
            check_teacher(request.query_params.get("token"))
        except Refused as exc:
            return refused(exc, request, 403)
        data = export(list(lobby.rooms.values()))
        return JSONResponse(data, headers={"Content-Disposition": "attachment; filename=\"class-games.json\""})

    async def seat_socket(ws: WebSocket) -> None:
        await ws.accept()
        try:
            seat = lobby.seat_of(ws.query_params.get("code"), ws.query_params.get("token"))
            room = lobby.room_of(seat.code)
        except Refused as exc:
            lang = ws.query_params.get("lang", "en")
            await ws.send_json({"type": "refused", "error": exc.text(lang if lang in ("en", "ru") else "en"),
                                "texts": exc.message.to_json()})
            await ws.close(code=4403, reason="refused")
            return
        lock = asyncio.Lock()

        async def send(message: dict[str, Any]) -> None:
            async with lock:
                if ws.application_state == WebSocketState.CONNECTED:
                    await ws.send_text(json.dumps(message, ensure_ascii=False))

        link = SeatLink(room, seat.seat, send, lang=ws.query_params.get("lang", "en"))
        room.links.add(link)
        try:
            await link.push(hello={"seat": seat.seat, "room": room.id, "code": seat.code, "name": seat.name})
            if room.thinking is not None:
                await link.send({"type": "thinking", "seat": room.thinking})
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text") if message.get("text") is not None else message.get("bytes")
                ident: Any = None
                try:
                    data = parse_message(text)
                    ident = data.get("id")
                    if link not in room.links:
                        raise Refused("server.replaced", code=seat.code)
                    await dispatch(room, link, data)
                    await send({"type": "ack", "id": ident, "ok": True})
                except (Refused, DictatorError) as exc:
                    said = exc.text(link.lang)                 # the seat's language; both texts for clients
                    await send({"type": "update", "traits": {"error": said}, "ack": ident, "ok": False,
                                "refused": said, "texts": exc.message.to_json()})
                    if link not in room.links:
                        await ws.close(code=4403, reason="replaced")
                        break
        except WebSocketDisconnect:
            pass
        finally:
            room.links.discard(link)
            link.close()

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        for room in lobby.rooms.values():
            room.kick_bots()
        yield
        lobby.stop()

    app = Starlette(routes=[
        Route("/", lobby_page), Route("/play", play_page), Route("/teacher", teacher_page),
        Route("/static/{name}", static),
        Route("/favicon.ico", lambda _request: Response(status_code=204)),
        Route("/api/rooms", api_rooms, methods=["GET", "POST"]), Route("/api/claim", api_claim, methods=["POST"]),
        Route("/api/teacher", api_teacher), Route("/api/reissue", api_reissue, methods=["POST"]),
        Route("/api/export", api_export),
        WebSocketRoute("/ws", seat_socket),
    ], lifespan=lifespan)
    app.state.lobby = lobby
    app.state.teacher_token = teacher
    app.state.max_message = MAX_MESSAGE
    return app
