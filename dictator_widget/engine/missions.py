"""Missions as data (``cards/missions.toml``) and the set-up they describe (R8-R10).

>>> missions()
['standard']
>>> m = mission("standard")
>>> m.players, m.guild_strength, m.armies[0].battalions[0]
(2, 3, ('T01', 'T02', 'T03'))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .board import Board
from .cards import CardSet
from .data import bilingual, content_dir, read_toml
from .errors import CardDataError, DictatorError


@dataclass(frozen=True)
class Army:
    faction: str
    zone: str
    battalions: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Mission:
    key: str
    name: dict[str, str]
    text: dict[str, str]
    guild_strength: int
    guild_sites: tuple[int, ...]
    hirelings: bool
    armies: tuple[Army, ...]

    @property
    def players(self) -> int:
        return len(self.armies)

    def check(self, cards: CardSet, board: Board) -> None:
        """Every card and zone the mission names must exist; no card twice."""
        file = str(content_dir() / "missions.toml")
        seen: set[str] = set()
        for army in self.armies:
            if army.zone not in board.zones:
                raise CardDataError(file, self.key, "army.zone", f"one of {sorted(board.zones)}", army.zone)
            if len(army.battalions) > len(board.zones[army.zone]):
                raise CardDataError(file, self.key, "army.battalions",
                                    "no more battalions than sectors in the zone", len(army.battalions))
            for bat in army.battalions:
                if not 1 <= len(bat) <= 3:
                    raise CardDataError(file, self.key, "army.battalions", "1 to 3 cards a battalion (R4)", bat)
                for c in bat:
                    if c not in cards or c in seen:
                        raise CardDataError(file, self.key, "army.battalions", "known cards, each once", c)
                    seen.add(c)


def _mission(key: str, d: dict[str, Any], file: str) -> Mission:
    armies = []
    for a in d.get("army", []):
        bats = a.get("battalions")
        if not isinstance(bats, list) or not all(isinstance(b, list) for b in bats):
            raise CardDataError(file, key, "army.battalions", "a list of lists of card ids", bats)
        armies.append(Army(str(a.get("faction")), str(a.get("zone")), tuple(tuple(b) for b in bats)))
    strength = d.get("guild_strength")
    if not isinstance(strength, int) or strength < 0:
        raise CardDataError(file, key, "guild_strength", "a whole number >= 0", strength)
    sites = d.get("guild_sites")
    if not isinstance(sites, list) or not all(isinstance(x, int) and 1 <= x <= 12 for x in sites):
        raise CardDataError(file, key, "guild_sites", "a list of Guild site numbers 1..12", sites)
    return Mission(key, bilingual(d.get("name"), file, key, "name"), bilingual(d.get("text"), file, key, "text"),
                   strength, tuple(sites), bool(d.get("hirelings", True)), tuple(armies))


@lru_cache(maxsize=1)
def _all() -> dict[str, Mission]:
    file = content_dir() / "missions.toml"
    return {k: _mission(k, v, str(file)) for k, v in read_toml(file).items()}


def missions() -> list[str]:
    """The names of the missions that can be played."""
    return list(_all())


def mission(key: str) -> Mission:
    try:
        return _all()[key]
    except KeyError:
        raise DictatorError(f"unknown mission {key!r}; the missions are {missions()}") from None
