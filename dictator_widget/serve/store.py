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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

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
    """What the server needs from storage (SQLite here; see docs/classroom.md for PostgreSQL)."""

    def create_room(self, room: RoomRecord) -> None: ...
    def load_rooms(self) -> list[RoomRecord]: ...
    def save_actions(self, room: str, actions: list[str], now: float) -> None: ...
    def set_seat(self, room: str, seat: SeatRecord, retired: str | None = None) -> None: ...
    def retired(self, token: str) -> tuple[str, int] | None: ...
    def close(self) -> None: ...


class SQLiteStore:
    """One SQLite file in WAL mode; every write is its own committed transaction (``fsync``: on disk too).

    ``save_actions`` writes the difference between the stored decisions and the game's
    history (new ones appended, undone ones deleted) and commits before it returns.
    """

    def __init__(self, path: str | Path, fsync: bool = False) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a commit survives the server's crash or kill (the fault test); FULL
        # (fsync) also a power cut, at a few ms per decision on a laptop's disk.
        self._db.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        self._db.executescript(SCHEMA)
        self._stored: dict[str, list[str]] = {}

    def create_room(self, room: RoomRecord) -> None:
        with self._lock, self._tx() as db:
            db.execute("INSERT INTO rooms (id, spec, created, updated, closed) VALUES (?, ?, ?, ?, ?)",
                       (room.id, json.dumps(room.spec, sort_keys=True), room.created, room.created, 0))
            for s in room.seats:
                db.execute("INSERT INTO seats (room, seat, code, token, name, bot) VALUES (?, ?, ?, ?, ?, ?)",
                           (room.id, s.seat, s.code, s.token, s.name, s.bot))
        self._stored[room.id] = []

    def load_rooms(self) -> list[RoomRecord]:
        with self._lock:
            db = self._db
            rooms = {r[0]: RoomRecord(r[0], json.loads(r[1]), r[2], r[3], closed=bool(r[4]))
                     for r in db.execute("SELECT id, spec, created, updated, closed FROM rooms ORDER BY created, id")}
            for room, seat, code, token, name, bot in db.execute(
                    "SELECT room, seat, code, token, name, bot FROM seats ORDER BY room, seat"):
                rooms[room].seats.append(SeatRecord(seat, code, token, name, bot))
            for room, notation in db.execute("SELECT room, notation FROM actions ORDER BY room, idx"):
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
        with self._lock, self._tx() as db:
            if keep < len(stored):
                db.execute("DELETE FROM actions WHERE room = ? AND idx >= ?", (room, keep))
            db.executemany("INSERT INTO actions (room, idx, notation) VALUES (?, ?, ?)",
                           [(room, i, actions[i]) for i in range(keep, len(actions))])
            db.execute("UPDATE rooms SET updated = ? WHERE id = ?", (now, room))
        self._stored[room] = list(actions)

    def set_seat(self, room: str, seat: SeatRecord, retired: str | None = None) -> None:
        with self._lock, self._tx() as db:
            db.execute("UPDATE seats SET token = ?, name = ?, bot = ? WHERE room = ? AND seat = ?",
                       (seat.token, seat.name, seat.bot, room, seat.seat))
            if retired:
                db.execute("INSERT OR IGNORE INTO retired_tokens (token, room, seat) VALUES (?, ?, ?)",
                           (retired, room, seat.seat))

    def retired(self, token: str) -> tuple[str, int] | None:
        with self._lock:
            row = self._db.execute("SELECT room, seat FROM retired_tokens WHERE token = ?", (token,)).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _tx(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
