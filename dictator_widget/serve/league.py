"""The teacher's view of the class: every room, the league table and the export of the class's games.

>>> league([])
{'players': [], 'head_to_head': {}}
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rooms import Room

EXPORT_FORMAT = "dictator-class-export"
EXPORT_VERSION = 1


def teacher_rooms(rooms: Sequence[Room]) -> list[dict[str, Any]]:
    """Every room as the dashboard shows it: the public facts, the seats' codes and links, who is online."""
    out = []
    for room in sorted(rooms, key=lambda r: -r.updated):
        online = {link.seat for link in room.links}
        seats = [{"seat": s.seat, "code": s.code, "name": s.name, "bot": s.bot, "taken": s.token is not None,
                  "online": s.seat in online,
                  "link": None if s.token is None else f"/play?code={s.code}&token={s.token}"}
                 for s in room.seats]
        out.append({**room.public(), "seats": seats, "decision": room.game.decision})
    return out


def _results(rooms: Sequence[Room]) -> list[tuple[list[str], int | None]]:
    return [(room.names(), room.game.winner) for room in rooms if room.game.is_over]


def league(rooms: Sequence[Room]) -> dict[str, Any]:
    """Wins, losses and draws per student over the finished games, and head-to-head.

    A game with a winner counts a win for the winner and a loss for everyone else at its table;
    one without (a mutual annihilation, the turn cap) a draw for everyone.
    """
    table: dict[str, dict[str, int]] = {}
    h2h: dict[str, dict[str, list[int]]] = {}
    for names, winner in _results(rooms):
        for p, name in enumerate(names):
            row = table.setdefault(name, {"games": 0, "wins": 0, "losses": 0, "draws": 0})
            row["games"] += 1
            key = "draws" if winner is None else "wins" if winner == p else "losses"
            row[key] += 1
            for q, other in enumerate(names):
                if q == p:
                    continue
                cell = h2h.setdefault(name, {}).setdefault(other, [0, 0, 0])    # wins, losses, draws
                cell[2 if winner is None else 0 if winner == p else 1 if winner == q else 2] += 1
    ranked = sorted(table.items(), key=lambda kv: (-(kv[1]["wins"] + 0.5 * kv[1]["draws"]), -kv[1]["wins"], kv[0]))
    players = [{"name": n, **r, "points": r["wins"] + 0.5 * r["draws"]} for n, r in ranked]
    return {"players": players, "head_to_head": h2h}


def export(rooms: Sequence[Room]) -> dict[str, Any]:
    """The class's games: for each room its names, bots, spec and save (``game.to_json()``)."""
    games = []
    for room in sorted(rooms, key=lambda r: (r.record.created, r.id)):
        g = room.game
        games.append({
            "room": room.id, "names": room.names(), "bots": [s.bot for s in room.seats],
            "created": room.record.created, "updated": room.updated, "over": g.is_over, "winner": g.winner,
            "end_reason": g.end_reason, "spec": room.spec, "save": json.loads(g.to_json()),
        })
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported": time.time(), "games": games}
