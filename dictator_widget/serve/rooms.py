"""Rooms, seats and what each seat is sent: the classroom server's logic, without the web framework.

A :class:`Room` holds one game, its seats (a student's or a bot's) and the sockets open on it.
Each open socket is a :class:`SeatLink`: the widget's own per-seat table
(:class:`~dictator_widget.ui.widget_controller.Controller` with ``player=p``), so a seat is sent
exactly what a seat widget in a notebook would draw (``game.view(p)``'s position, the log read
for ``p``), never another seat's hidden cards.

>>> import asyncio
>>> from dictator_widget.serve.store import SQLiteStore
>>> async def demo():
...     lobby = Lobby(SQLiteStore(":memory:"))
...     room = lobby.create({"mission": "standard", "seed": 7, "seats": [{}, {"bot": "random"}]})
...     token = lobby.claim(room.seats[0].code, "Ann")
...     seat = lobby.seat_of(room.seats[0].code, token)
...     return seat.seat, room.game.num_players, seat.name
>>> asyncio.run(demo())
(0, 2, 'Ann')
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from ..agents import Agent, make_agent
from ..engine import DictatorError, Game, IllegalAction
from ..engine.rules.errors import Message, reason
from ..engine.views.view import bilingual
from ..experiments.simulate import agent_seed
from ..ui.messages import LogLines, ReplayHtml, parse
from ..ui.widget_controller import Controller, check_pace
from .store import RoomRecord, SeatRecord, Store

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"    # no 0/O, 1/I/L: read aloud and typed from a board
CODE_LENGTH = 6
MAX_MESSAGE = 16_384
"""Longest websocket message a seat may send (bytes); longer is refused, the socket stays open."""
DEFAULT_BOT_DELAY = 0.45

Send = Callable[[dict[str, Any]], Awaitable[None]]


class Refused(DictatorError):
    """A request the server refuses (a wrong code or token, a malformed message); nothing changed."""


def new_code(taken: set[str]) -> str:
    """A short join code, e.g. 'K7QX2M', not in ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


class SeatTable(Controller):
    """The widget's per-seat table; bots are played by the room (off the event loop), not here."""

    def schedule_bots(self) -> None:
        return None


class SeatLink:
    """One open socket on one seat: its table, language and what it has been sent."""

    def __init__(self, room: Room, seat: int, send: Send, lang: str = "en") -> None:
        self.room, self.seat, self._send = room, seat, send
        self.lang = lang if lang in ("en", "ru") else "en"
        self.table = SeatTable(room.game, player=seat, bots=room.bots, pace=room.pace)
        self.sent: dict[str, Any] = {}
        self.known: set[str] = set()
        self._odds_state: object = None
        self._odds: dict[str, dict[str, dict[str, float]]] = {}

    def traits(self) -> dict[str, Any]:
        """The traits that changed since the last send (all of them the first time)."""
        table = self.table
        view, new_cards = table.sendable(self.lang, self.known)
        self.known.update(new_cards)
        history = [] if view["screen"] is not None else table.battle_history()[1]
        out: dict[str, Any] = {}
        if not self.sent:
            out.update(board=dict(table.board()), lang=self.lang, error="", odds={}, pace=table.seconds_per_step,
                       setup_mode=False, setup={})
        if new_cards:
            out["cards+"] = dict(new_cards)
        if history != self.sent.get("battles"):
            out["battles"] = [dict(b) for b in history]
        out["view"] = dict(view)
        if self.sent.get("odds"):
            out["odds"] = {}
        self.sent.update({k: v for k, v in out.items() if k != "cards+"})
        return out

    async def push(self, extra: Mapping[str, Any] | None = None, **fields: Any) -> None:
        """Send an update: the changed traits, then ``extra`` traits (an error) and message fields."""
        traits = self.traits()
        traits.update(extra or {})
        await self._send({"type": "update", "traits": traits, **fields})

    async def send(self, message: dict[str, Any]) -> None:
        await self._send(message)

    async def odds(self, battalion: str) -> dict[str, dict[str, float]]:
        """The seat's odds of ``battalion``'s attacks (the widget's, as this seat may know them), worked out
        in a thread on a copy of the game: a second or so of sampling never stalls the other rooms."""
        state = self.room.game.state
        if self._odds_state is not state:
            self._odds_state, self._odds = state, {}
        if battalion not in self._odds:
            copy = self.room.game.clone()
            table = SeatTable(copy, player=self.seat, pace=0.0)
            try:
                self._odds[battalion] = await asyncio.to_thread(table.odds, battalion)
            finally:
                table.stop()
        return self._odds[battalion] if self.room.game.state is state else {}

    def close(self) -> None:
        self.table.stop()


class Room:
    """One game, its seats, its bots and its open sockets."""

    def __init__(self, record: RoomRecord, store: Store, cards_root: Path | None = None) -> None:
        self.record = record
        self.id = record.id
        self.spec = record.spec
        self.store = store
        self.game = make_game(record.spec, cards_root)
        for i, act in enumerate(record.actions):
            try:
                self.game.apply(act)
            except DictatorError as exc:
                raise DictatorError("server.stored", room=self.id, n=i + 1, action=act, error=exc.message) from None
        self.seats = record.seats
        self.bots: dict[int, Agent] = {s.seat: make_agent(s.bot, seed=agent_seed(self.game.rules.seed, s.seat))
                                       for s in self.seats if s.bot}
        self.pace = check_pace(record.spec.get("pace", DEFAULT_BOT_DELAY))
        self.bot_delay = float(record.spec.get("bot_delay", DEFAULT_BOT_DELAY))
        self.links: set[SeatLink] = set()
        self.lock = asyncio.Lock()
        self._bot_task: asyncio.Task[None] | None = None
        self.thinking: int | None = None
        self.on_change: Callable[[Room], None] | None = None

    # --- facts for the lobby and the dashboard ------------------------------------------------

    @property
    def updated(self) -> float:
        return self.record.updated or self.record.created

    def names(self) -> list[str]:
        return [f"bot:{s.bot}" if s.bot else (s.name or f"seat {s.seat + 1}") for s in self.seats]

    def public(self) -> dict[str, Any]:
        """What anyone may know of the room (the lobby): no codes, no tokens, no cards."""
        g = self.game
        return {
            "id": self.id, "mission": g.rules.mission, "mission_name": bilingual(g.mission.name),
            "seats": [{"seat": s.seat, "name": s.name, "bot": s.bot, "open": not s.bot and s.token is None}
                      for s in self.seats],
            "turn": g.turn, "current_player": g.current_player, "over": g.is_over,
            "winner": g.winner, "end_reason": g.end_reason, "decisions": len(g.history), "updated": self.updated,
            "variants": dict(g.rules.variants), "thinking": self.thinking,
        }

    # --- decisions ------------------------------------------------------------------------------

    async def act(self, link: SeatLink, notation: str) -> None:
        """A seat's decision: applied, committed to the store, then every seat is sent its view."""
        async with self.lock:
            link.table.act(notation)           # refuses out of turn or illegal; the game is unchanged then
            self._commit(lambda: self.game.undo())
        await self.changed()

    async def undo(self, link: SeatLink) -> None:
        async with self.lock:
            undone = link.table.undo()          # the engine's rule for seats: its own harmless last decision
            self._commit(lambda: self.game.apply(undone))
        await self.changed()

    def _commit(self, revert: Callable[[], object]) -> None:
        """Write the decisions before anyone is told; a failed write takes the decision back."""
        try:
            self.store.save_actions(self.id, [str(a) for a in self.game.history], now=time.time())
        except Exception as exc:
            revert()
            raise IllegalAction("server.not_saved", error=reason(exc)) from None
        self.record.updated = time.time()

    async def changed(self) -> None:
        """Tell every seat, the dashboard, and let a bot answer."""
        await self.broadcast()
        if self.on_change is not None:
            self.on_change(self)
        self.kick_bots()

    async def broadcast(self, **fields: Any) -> None:
        for link in list(self.links):
            try:
                await link.push(**fields)
            except Exception:            # a socket closing meanwhile: its handler cleans up
                self.links.discard(link)

    # --- bots: they think in a thread, on a copy; the room applies their choice -----------------

    def kick_bots(self) -> None:
        g = self.game
        if g.is_over or g.current_player not in self.bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.game.is_over and self.game.current_player in self.bots:
            seat = self.game.current_player
            state = self.game.state
            self.thinking = seat
            await self.broadcast_all({"type": "thinking", "seat": seat})
            await asyncio.sleep(self.bot_delay)
            if self.game.state is not state:
                continue
            copy = self.game.clone()
            try:
                action = await loop.run_in_executor(None, self.bots[seat].act, copy)
            except Exception as exc:                       # a broken bot must not wedge the room
                await self._bot_failed(seat, reason(exc))
                return
            async with self.lock:
                if self.game.state is not state:
                    continue
                try:
                    self.game.apply(action)
                    self._commit(lambda: self.game.undo())
                except DictatorError as exc:
                    await self._bot_failed(seat, Message("server.bot_chose", action=str(action), error=exc.message))
                    return
            self.thinking = None
            await self.changed_no_bots()
        self.thinking = None

    async def changed_no_bots(self) -> None:
        await self.broadcast()
        if self.on_change is not None:
            self.on_change(self)

    async def _bot_failed(self, seat: int, why: Message) -> None:
        """A broken bot leaves its seat open: a student takes it with its code (on the dashboard)."""
        self.thinking = None
        self.bots.pop(seat, None)
        record = self.seats[seat]
        record.bot = None
        self.store.set_seat(self.id, record)
        for link in self.links:
            link.table.bots.pop(seat, None)
        failed = DictatorError("server.bot_failed", player=seat + 1, why=why, code=record.code)
        for link in list(self.links):             # each seat reads it in its own language
            try:
                await link.push(extra={"error": failed.text(link.lang)})
            except Exception:                     # a socket closing meanwhile: its handler cleans up
                self.links.discard(link)
        if self.on_change is not None:
            self.on_change(self)

    async def broadcast_all(self, message: dict[str, Any]) -> None:
        for link in list(self.links):
            try:
                await link.send(message)
            except Exception:
                self.links.discard(link)

    def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
        for link in list(self.links):
            link.close()
        self.links.clear()


def make_game(spec: Mapping[str, Any], cards_root: Path | None = None) -> Game:
    """The game of a room's spec: mission (combinations with '+'), seed, variants, card set, turn cap."""
    cards = spec.get("cards") or None
    if cards is not None:
        if cards_root is None:
            raise Refused("server.no_card_folders")
        folder = (cards_root / str(cards)).resolve()
        if folder.parent != cards_root.resolve() or not folder.is_dir():
            raise Refused("server.no_card_set", cards=cards, sets=card_sets(cards_root))
        cards = str(folder)
    extra: dict[str, Any] = {}
    if "turn_cap" in spec:
        extra["turn_cap"] = int(spec["turn_cap"])
    return Game.new(str(spec.get("mission", "standard")), seed=int(spec["seed"]),
                    variants=dict(spec.get("variants") or {}) or None, cards=cards,
                    placement=str(spec.get("placement", "chosen")), **extra)


def card_sets(root: Path | None) -> list[str]:
    """The teachers' card folders the server offers (sub-folders of ``--cards`` holding TOML files)."""
    if root is None or not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.toml")))


class Lobby:
    """Every room of the server, their join codes and tokens; creation, claims and look-ups."""

    def __init__(self, store: Store, cards_root: Path | None = None, max_rooms: int = 500) -> None:
        self.store = store
        self.cards_root = cards_root
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self.by_code: dict[str, tuple[Room, SeatRecord]] = {}
        for record in store.load_rooms():
            self._add(Room(record, store, cards_root))

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        for s in room.seats:
            self.by_code[s.code] = (room, s)

    def create(self, request: Mapping[str, Any]) -> Room:
        """A new room from ``{"mission", "variants", "cards", "seed", "pace", "bot_delay", "turn_cap",
        "seats": [{"name": ...} or {"bot": "greedy"}, ...]}``; a bad request raises :class:`Refused`."""
        if not isinstance(request, Mapping):
            raise Refused("server.room_object")
        if len(self.rooms) >= self.max_rooms:
            raise Refused("server.full", rooms=self.max_rooms)
        spec: dict[str, Any] = {"mission": str(request.get("mission") or "standard")}
        seed = request.get("seed")
        spec["seed"] = int(seed) if isinstance(seed, int) and not isinstance(seed, bool) else secrets.randbelow(2**48)
        for key in ("variants", "cards", "pace", "bot_delay", "turn_cap", "placement"):
            if request.get(key) not in (None, "", {}):
                spec[key] = request[key]
        try:
            game = make_game(spec, self.cards_root)
            check_pace(spec.get("pace", DEFAULT_BOT_DELAY))
            float(spec.get("bot_delay", 0))
        except Refused:
            raise
        except (DictatorError, TypeError, ValueError) as exc:
            raise Refused("server.cannot_make", error=reason(exc)) from None
        seats_in = request.get("seats") or [{} for _ in range(game.num_players)]
        if not isinstance(seats_in, list) or len(seats_in) != game.num_players:
            raise Refused("server.seat_count", mission=spec["mission"], seats=game.num_players)
        seats = []
        for p, s in enumerate(seats_in):
            bot = s.get("bot") if isinstance(s, Mapping) else None
            if bot:
                try:
                    make_agent(str(bot))
                except DictatorError as exc:
                    raise Refused("server.seat_bot", seat=p + 1, error=exc.message) from None
            name = str(s.get("name", "")) if isinstance(s, Mapping) else ""
            seats.append(SeatRecord(p, new_code(set(self.by_code)), None, name[:40], str(bot) if bot else None))
        record = RoomRecord(new_code(set(self.rooms)).lower(), spec, time.time(), seats=seats)
        self.store.create_room(record)
        room = Room(record, self.store, self.cards_root)
        self._add(room)
        return room

    def claim(self, code: Any, name: Any) -> str:
        """Take a seat by its join code: its token (the join link's secret). A code claims once."""
        room, seat = self._by_code(code)
        if seat.bot:
            raise Refused("server.bot_seat", code=seat.code, bot=seat.bot)
        if seat.token is not None:
            raise Refused("server.taken", code=seat.code)
        if not isinstance(name, str) or not name.strip() or len(name) > 40:
            raise Refused("server.name")
        seat.token, seat.name = secrets.token_urlsafe(24), name.strip()
        self.store.set_seat(room.id, seat)
        return seat.token

    def reissue(self, code: Any) -> str:
        """The teacher's new join link for a seat: the old token is refused from now on."""
        room, seat = self._by_code(code)
        if seat.bot:
            raise Refused("server.bot_seat_reissue", code=seat.code)
        old, seat.token = seat.token, secrets.token_urlsafe(24)
        self.store.set_seat(room.id, seat, retired=old)
        for link in list(room.links):
            if link.seat == seat.seat:          # whoever held the old link is cut off
                room.links.discard(link)
                link.close()
        return seat.token

    def _by_code(self, code: Any) -> tuple[Room, SeatRecord]:
        if not isinstance(code, str) or not code:
            raise Refused("server.give_code")
        found = self.by_code.get(code.strip().upper())
        if found is None:
            raise Refused("server.no_code", code=code[:12])
        return found

    def seat_of(self, code: Any, token: Any) -> SeatRecord:
        """The seat that ``code`` and ``token`` open, or :class:`Refused` saying why not."""
        room, seat = self._by_code(code)
        if not isinstance(token, str) or not token:
            raise Refused("server.needs_token", code=seat.code)
        if seat.token is not None and secrets.compare_digest(token.encode(), seat.token.encode()):
            return seat
        if self.store.retired(token) == (room.id, seat.seat):
            raise Refused("server.replaced", code=seat.code)
        if seat.token is None:
            raise Refused("server.not_taken", code=seat.code)
        raise Refused("server.wrong_token", code=seat.code)

    def room_of(self, code: str) -> Room:
        return self._by_code(code)[0]

    def stop(self) -> None:
        for room in self.rooms.values():
            room.stop()


async def dispatch(room: Room, link: SeatLink, data: dict[str, Any]) -> None:
    """Carry out one message of a seat (the widget's messages, ``ui/messages.py``, less the wire's ``id``) through
    :data:`HANDLERS`; refusals raise and change nothing."""
    message = parse({k: v for k, v in data.items() if k != "id"}, echo=False)
    await HANDLERS[message["type"]](room, link, message)


async def _odds(room: Room, link: SeatLink, message: Any) -> None:
    mine = await link.odds(message["battalion"])
    link.sent["odds"] = {**link.sent.get("odds", {}), **mine}
    await link.send({"type": "update", "traits": {"odds": link.sent["odds"]}})


async def _log(room: Room, link: SeatLink, message: Any) -> None:
    start, stop = message["from"], message["to"]
    lines: LogLines = {"type": "log", "from": start, "lines": link.table.log_lines(link.lang, start, stop)}
    await link.send({"type": "msg", "content": lines})


async def _set(room: Room, link: SeatLink, message: Any) -> None:
    traits = message["traits"]
    if "lang" in traits:
        link.lang = traits["lang"]
        link.sent.pop("view", None)
    await link.push({"lang": link.lang, "error": ""})


async def _export_html(room: Room, link: SeatLink, message: Any) -> None:
    from ..ui.replay_html import replay_html

    game = room.game
    if game.mission.hidden and not game.is_over:
        raise Refused("table.replay_hidden")
    name = f"dictator-{game.rules.mission}-{room.id}-{len(game.history)}.html"
    html = await asyncio.to_thread(replay_html, game.clone(), lang=link.lang)      # off the loop, on a copy
    answer: ReplayHtml = {"type": "replay-html", "html": html, "filename": name}
    await link.send({"type": "msg", "content": answer})


def _refuse(why: str) -> Callable[[Room, SeatLink, Any], Awaitable[None]]:
    async def refuse(room: Room, link: SeatLink, message: Any) -> None:
        raise Refused(why, name=message["type"])
    return refuse


_NEW_ROOM = "server.new_room"
_NOT_HERE = "server.not_here"

HANDLERS: dict[str, Callable[[Room, SeatLink, Any], Awaitable[None]]] = {
    "act": lambda room, link, m: room.act(link, m["notation"]),
    "undo": lambda room, link, _m: room.undo(link),
    "odds": _odds,
    "log": _log,
    "set": _set,
    "export-html": _export_html,
    "rematch": _refuse(_NEW_ROOM),
    "new-game": _refuse(_NEW_ROOM),
    "continue": _refuse(_NOT_HERE),
    "take-seat": _refuse(_NOT_HERE),
    "edit": _refuse(_NOT_HERE),
    "play": _refuse(_NOT_HERE),
    "ping": lambda room, link, _m: link.send({"type": "pong"}),
}
"""What the server does with each message of a seat (``ui/messages.py``), once it is well formed."""


def parse_message(text: str | bytes | None) -> dict[str, Any]:
    """A seat's websocket message as a dict, or :class:`Refused` naming what is wrong.

    >>> parse_message('{"type": "act", "notation": "A1 end"}')["type"]
    'act'
    >>> parse_message('{"type": ')
    Traceback (most recent call last):
    ...
    dictator_widget.serve.rooms.Refused: malformed message: not JSON (Expecting value at char 9)
    """
    if text is None:
        raise Refused("server.empty")
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE:
        raise Refused("server.too_large", size=size, most=MAX_MESSAGE)
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise Refused("server.not_json", detail=getattr(exc, "msg", str(exc)),
                      pos=getattr(exc, "pos", getattr(exc, "start", "?"))) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refused("message.malformed", wrong=Message("message.no_type"))
    return data
