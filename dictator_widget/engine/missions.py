"""Missions as data (``cards/missions.toml``): who plays, with which cards, on which zones.

>>> missions()
['standard', 'regrouping', 'chaos', 'fog-of-war', 'triumvirate', 'dissension', 'double-strike', 'training']
>>> m = mission("standard")
>>> m.players, m.guild_strength, m.armies[0].battalions[0]
(2, 3, ('T01', 'T02', 'T03'))
>>> mission("dissension").players, mission("dissension").formation
(4, (2, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .board import Board
from .cards import FACTIONS, CardSet
from .data import bilingual, content_dir, read_toml
from .errors import CardDataError, DictatorError

_FIELDS = {"name", "text", "players", "guild_strength", "guild_sites", "hirelings", "army", "regroup", "draft",
           "deal", "formation", "zones", "choose_zones", "copies", "unused", "hidden", "deck", "dice"}


@dataclass(frozen=True)
class Army:
    faction: str
    zone: str
    battalions: tuple[tuple[str, ...], ...]
    sectors: tuple[str, ...] = ()          # where the battalions stand; default: the zone's sectors


@dataclass(frozen=True)
class Mission:
    key: str
    name: dict[str, str]
    text: dict[str, str]
    players: int
    guild_strength: int
    guild_sites: tuple[int, ...]
    hirelings: bool = True
    armies: tuple[Army, ...] = ()          # fixed armies (Standard, Re-grouping, Fog of War, ...)
    regroup: bool = False                  # M2: form your own battalions from your army's cards
    draft: tuple[tuple[str, ...], int] | None = None   # M3: (factions, picks each)
    deal: tuple[tuple[str, ...], int] | None = None    # M5, M6: (factions, cards each)
    formation: tuple[int, int] | None = None            # (battalions, cards at most each)
    zones: tuple[str, ...] = ()            # zones in play, by seat unless chosen
    choose_zones: bool = False
    copies: int = 1
    unused: str = "aside"
    hidden: bool = False                   # M4
    deck: tuple[str, ...] = ()             # top of the Hireling deck
    dice: tuple[int, ...] = ()

    @property
    def forms(self) -> bool:
        """Do players form battalions before the game (rather than take fixed ones)?"""
        return self.regroup or self.draft is not None or self.deal is not None

    def zone_of(self, seat: int) -> str:
        return self.armies[seat].zone if self.armies else self.zones[seat]

    def check(self, cards: CardSet, board: Board) -> None:
        """Every card and zone the mission names must exist; no card twice."""
        file = str(content_dir() / "missions.toml")
        seen: set[str] = set()
        for zone in self.zones + tuple(a.zone for a in self.armies):
            if zone not in board.zones:
                raise CardDataError(file, self.key, "zone", f"one of {sorted(board.zones)}", zone)
        for army in self.armies:
            places = army.sectors or board.zones[army.zone]
            if len(army.battalions) > len(places):
                raise CardDataError(file, self.key, "army.battalions",
                                    "no more battalions than sectors to stand on", len(army.battalions))
            for bat in army.battalions:
                if not 1 <= len(bat) <= 3:
                    raise CardDataError(file, self.key, "army.battalions", "1 to 3 cards a battalion (R4)", bat)
                for c in bat:
                    if c not in cards or c in seen:
                        raise CardDataError(file, self.key, "army.battalions", "known cards, each once", c)
                    seen.add(c)
        for c in self.deck:
            if c not in cards:
                raise CardDataError(file, self.key, "deck", "known Hireling cards", c)


def _pair(d: Any, key: str, count: str, file: str, name: str) -> tuple[tuple[str, ...], int] | None:
    if d is None:
        return None
    if not isinstance(d, dict) or not set(d.get("factions", [])) <= set(FACTIONS) or not isinstance(d.get(count), int):
        raise CardDataError(file, name, key, f"{{ factions = [...], {count} = N }}", d)
    return tuple(d["factions"]), int(d[count])


def _mission(key: str, d: dict[str, Any], file: str) -> Mission:
    unknown = sorted(set(d) - _FIELDS)
    if unknown:
        raise CardDataError(file, key, unknown[0], f"one of the mission fields {sorted(_FIELDS)}")
    armies = []
    for a in d.get("army", []):
        bats = a.get("battalions")
        if not isinstance(bats, list) or not all(isinstance(b, list) for b in bats):
            raise CardDataError(file, key, "army.battalions", "a list of lists of card ids", bats)
        armies.append(Army(str(a.get("faction")), str(a.get("zone")), tuple(tuple(b) for b in bats),
                           tuple(a.get("sectors", ()))))
    strength = d.get("guild_strength")
    if not isinstance(strength, int) or strength < 0:
        raise CardDataError(file, key, "guild_strength", "a whole number >= 0", strength)
    sites = d.get("guild_sites")
    if not isinstance(sites, list) or not all(isinstance(x, int) and 1 <= x <= 12 for x in sites):
        raise CardDataError(file, key, "guild_sites", "a list of Guild site numbers 1..12", sites)
    players = d.get("players", len(armies))
    formation = d.get("formation")
    zones = tuple(d.get("zones", ()))
    m = Mission(
        key, bilingual(d.get("name"), file, key, "name"), bilingual(d.get("text"), file, key, "text"),
        players, strength, tuple(sites), bool(d.get("hirelings", True)), tuple(armies),
        bool(d.get("regroup", False)), _pair(d.get("draft"), "draft", "picks", file, key),
        _pair(d.get("deal"), "deal", "cards", file, key),
        (int(formation["battalions"]), int(formation["size"])) if formation else None,
        zones, bool(d.get("choose_zones", False)), int(d.get("copies", 1)), str(d.get("unused", "aside")),
        bool(d.get("hidden", False)), tuple(d.get("deck", ())), tuple(d.get("dice", ())),
    )
    if not 2 <= m.players <= 4:
        raise CardDataError(file, key, "players", "2 to 4 players", m.players)
    if (m.draft or m.deal) and not m.formation:
        raise CardDataError(file, key, "formation", "a formation when cards are drafted or dealt")
    if not m.armies and len(m.zones) < m.players:
        raise CardDataError(file, key, "zones", f"at least {m.players} zones", list(m.zones))
    return m


@cache
def _all() -> dict[str, Mission]:
    file = content_dir() / "missions.toml"
    return {k: _mission(k, v, str(file)) for k, v in read_toml(file).items()}


def missions() -> list[str]:
    """The names of the missions that can be played."""
    return list(_all())


def mission(key: str) -> Mission:
    """A mission by name; an unknown name raises DictatorError listing the known ones."""
    try:
        return _all()[key]
    except (KeyError, TypeError):
        raise DictatorError(f"unknown mission {key!r}; the missions are {missions()}") from None
