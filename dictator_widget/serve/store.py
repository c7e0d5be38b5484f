"""Where the server keeps its rooms: a small interface and its SQLite implementation.

Every decision is written and committed before the player's action is acknowledged, so a
server killed at any moment comes back with every acknowledged decision (a game's save is its
rules and its actions: replaying them rebuilds it exactly).

>>> store = SQLiteStore(":memory:")
>>> store.create_room(RoomRecord("r1", {"mission": "standard", "seed": 7}, 1.0))
>>> store.save_actions("r1", ["zone green"], now=2.0)
>>> store.load_rooms()[0].actions
['zone green']
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..engine import DictatorError

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY, spec TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL, seat INTEGER NOT NULL, code TEXT NOT NULL UNIQUE, token TEXT,
    name TEXT NOT NULL DEFAULT '', bot TEXT, PRIMARY KEY (room, seat));
CREATE TABLE IF NOT EXISTS retired_tokens (token TEXT PRIMARY KEY, room TEXT NOT NULL, seat INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL, idx INTEGER NOT NULL, notation TEXT NOT NULL, PRIMARY KEY (room, idx));
"""


@dataclass
class SeatRecord:
    """One seat of a room: its join code, its token once claimed, the student's name or the bot's spec."""

    seat: int
    code: str
    token: str | None = None
    name: str = ""
    bot: str | None = None


@dataclass
class RoomRecord:
    """A room as stored: its spec (mission, variants, cards, seed, pace), seats and decisions."""

    id: str
    spec: dict[str, Any]
    created: float
    updated: float = 0.0
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    closed: bool = False


class Store(Protocol):
    """What the server needs from storage (:class:`SQLiteStore`, :class:`PostgresStore`; docs/classroom.md)."""

    def create_room(self, room: RoomRecord) -> None: ...
    def load_rooms(self) -> list[RoomRecord]: ...
    def save_actions(self, room: str, actions: list[str], now: float) -> None: ...
    def set_seat(self, room: str, seat: SeatRecord, retired: str | None = None) -> None: ...
    def retired(self, token: str) -> tuple[str, int] | None: ...
    def close(self) -> None: ...


class SQLStore:
    """The store over a DB-API connection in autocommit mode; each write is one explicit transaction.

    ``save_actions`` writes the difference between the stored decisions and the game's history (new ones
    appended, undone ones deleted) and commits before it returns. Subclasses open the connection and say
    how a transaction begins, what a placeholder looks like and how a duplicate is ignored.
    """

    BEGIN = "BEGIN"
    MARK = "?"
    IGNORE_RETIRED = "INSERT OR IGNORE INTO retired_tokens (token, room, seat) VALUES (?, ?, ?)"

    def __init__(self, db: Any) -> None:
        self._db = db
        self._lock = threading.Lock()
        self._stored: dict[str, list[str]] = {}

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        return self._db.execute(sql.replace("?", self.MARK), params)

    def _many(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        if rows:
            self._db.cursor().executemany(sql.replace("?", self.MARK), rows)

    def create_room(self, room: RoomRecord) -> None:
        with self._lock, self._tx():
            self._run("INSERT INTO rooms (id, spec, created, updated, closed) VALUES (?, ?, ?, ?, ?)",
                      (room.id, json.dumps(room.spec, sort_keys=True), room.created, room.created, 0))
            self._many("INSERT INTO seats (room, seat, code, token, name, bot) VALUES (?, ?, ?, ?, ?, ?)",
                       [(room.id, s.seat, s.code, s.token, s.name, s.bot) for s in room.seats])
        self._stored[room.id] = []

    def load_rooms(self) -> list[RoomRecord]:
        with self._lock:
            rooms = {r[0]: RoomRecord(r[0], json.loads(r[1]), r[2], r[3], closed=bool(r[4]))
                     for r in self._run("SELECT id, spec, created, updated, closed FROM rooms ORDER BY created, id")}
            for room, seat, code, token, name, bot in self._run(
                    "SELECT room, seat, code, token, name, bot FROM seats ORDER BY room, seat"):
                rooms[room].seats.append(SeatRecord(seat, code, token, name, bot))
            for room, notation in self._run("SELECT room, notation FROM actions ORDER BY room, idx"):
                rooms[room].actions.append(notation)
        for r in rooms.values():
            self._stored[r.id] = list(r.actions)
        return list(rooms.values())

    def save_actions(self, room: str, actions: list[str], now: float) -> None:
        stored = self._stored.setdefault(room, [])
        keep = 0
        for a, b in zip(stored, actions, strict=False):
            if a != b:
                break
            keep += 1
        with self._lock, self._tx():
            if keep < len(stored):
                self._run("DELETE FROM actions WHERE room = ? AND idx >= ?", (room, keep))
            self._many("INSERT INTO actions (room, idx, notation) VALUES (?, ?, ?)",
                       [(room, i, actions[i]) for i in range(keep, len(actions))])
            self._run("UPDATE rooms SET updated = ? WHERE id = ?", (now, room))
        self._stored[room] = list(actions)

    def set_seat(self, room: str, seat: SeatRecord, retired: str | None = None) -> None:
        with self._lock, self._tx():
            self._run("UPDATE seats SET token = ?, name = ?, bot = ? WHERE room = ? AND seat = ?",
                      (seat.token, seat.name, seat.bot, room, seat.seat))
            if retired:
                self._run(self.IGNORE_RETIRED, (retired, room, seat.seat))

    def retired(self, token: str) -> tuple[str, int] | None:
        with self._lock:
            row = self._run("SELECT room, seat FROM retired_tokens WHERE token = ?", (token,)).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[None]:
        """BEGIN ... COMMIT, or ROLLBACK on an exception."""
        self._run(self.BEGIN)
        try:
            yield
        except BaseException:
            self._run("ROLLBACK")
            raise
        self._run("COMMIT")


class SQLiteStore(SQLStore):
    """One SQLite file in WAL mode (the default store).

    WAL with ``synchronous=NORMAL``: a commit survives the server's crash or kill (the fault test);
    ``fsync=True`` (FULL) also a power cut, at a disk flush per decision.
    """

    BEGIN = "BEGIN IMMEDIATE"

    def __init__(self, path: str | Path, fsync: bool = False) -> None:
        self.path = str(path)
        super().__init__(sqlite3.connect(self.path, check_same_thread=False, isolation_level=None))
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        self._db.executescript(SCHEMA)


class PostgresStore(SQLStore):
    """The same tables in PostgreSQL (``dictator-serve --db postgresql://...``; the ``postgres`` extra).

    >>> PostgresStore("postgresql://nowhere.invalid/x")        # doctest: +SKIP
    """

    MARK = "%s"
    IGNORE_RETIRED = ("INSERT INTO retired_tokens (token, room, seat) VALUES (?, ?, ?) "
                      "ON CONFLICT (token) DO NOTHING")

    def __init__(self, dsn: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise DictatorError("server.psycopg") from None
        self.dsn = dsn
        super().__init__(psycopg.connect(dsn, autocommit=True))
        for statement in SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"):
            if statement.strip():
                self._db.execute(statement)


def open_store(where: str | Path, fsync: bool = False) -> Store:
    """The store at ``where``: a ``postgresql://`` address, else an SQLite file.

    >>> open_store(":memory:").__class__.__name__
    'SQLiteStore'
    """
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SQLiteStore(where, fsync=fsync)
