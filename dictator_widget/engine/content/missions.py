"""Missions as data (``cards/missions.toml``): who plays, with which cards, on which zones.

>>> missions()
['standard', 'regrouping', 'chaos', 'fog-of-war', 'triumvirate', 'dissension', 'double-strike', 'training']
>>> m = mission("standard")
>>> m.players, m.guild_strength, m.armies[0].battalions[0]
(2, 3, ('T01', 'T02', 'T03'))
>>> mission("dissension").players, mission("dissension").formation
(4, (2, 2))

The rulebook's additional modes "can be used as is or in a combination": name them
joined by ``+`` (or as a list), in any order.

>>> combine("chaos+fog-of-war"), combine(["fog-of-war", "triumvirate"])
('chaos+fog-of-war', 'triumvirate+fog-of-war')
>>> m = mission("triumvirate+fog-of-war")
>>> m.players, m.hidden, m.name["en"]
(3, True, 'Triumvirate + Fog of War')
>>> combine("triumvirate+dissension")
Traceback (most recent call last):
...
dictator_widget.engine.rules.errors.DictatorError: cannot combine 'triumvirate' and 'dissension': each sets who ...
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..rules.errors import CardDataError, DictatorError
from .board import Board
from .cards import FACTIONS, CardSet
from .data import bilingual, content_dir, read_toml

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
                raise CardDataError(file, self.key, "zone", "expected.one_of", zone, options=sorted(board.zones))
        for army in self.armies:
            places = army.sectors or board.zones[army.zone]
            if len(army.battalions) > len(places):
                raise CardDataError(file, self.key, "army.battalions", "expected.room", len(army.battalions))
            for bat in army.battalions:
                if not 1 <= len(bat) <= 3:
                    raise CardDataError(file, self.key, "army.battalions", "expected.battalion_size", bat)
                for c in bat:
                    if c not in cards or c in seen:
                        raise CardDataError(file, self.key, "army.battalions", "expected.known_once", c)
                    seen.add(c)
        for c in self.deck:
            if c not in cards:
                raise CardDataError(file, self.key, "deck", "expected.hirelings", c)


def _pair(d: Any, key: str, count: str, file: str, name: str) -> tuple[tuple[str, ...], int] | None:
    if d is None:
        return None
    if not isinstance(d, dict) or not set(d.get("factions", [])) <= set(FACTIONS) or not isinstance(d.get(count), int):
        raise CardDataError(file, name, key, "expected.pair", d, count=count)
    return tuple(d["factions"]), int(d[count])


def _mission(key: str, d: dict[str, Any], file: str) -> Mission:
    unknown = sorted(set(d) - _FIELDS)
    if unknown:
        raise CardDataError(file, key, unknown[0], "expected.mission_field", options=sorted(_FIELDS))
    armies = []
    for a in d.get("army", []):
        bats = a.get("battalions")
        if not isinstance(bats, list) or not all(isinstance(b, list) for b in bats):
            raise CardDataError(file, key, "army.battalions", "expected.id_lists", bats)
        armies.append(Army(str(a.get("faction")), str(a.get("zone")), tuple(tuple(b) for b in bats),
                           tuple(a.get("sectors", ()))))
    strength = d.get("guild_strength")
    if not isinstance(strength, int) or strength < 0:
        raise CardDataError(file, key, "guild_strength", "expected.whole_min", strength, low=0)
    sites = d.get("guild_sites")
    if not isinstance(sites, list) or not all(isinstance(x, int) and 1 <= x <= 12 for x in sites):
        raise CardDataError(file, key, "guild_sites", "expected.site_numbers", sites)
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
        raise CardDataError(file, key, "players", "expected.players", m.players)
    if (m.draft or m.deal) and not m.formation:
        raise CardDataError(file, key, "formation", "expected.formation")
    if not m.armies and len(m.zones) < m.players:
        raise CardDataError(file, key, "zones", "expected.zones", list(m.zones), count=m.players)
    return m


@cache
def _all() -> dict[str, Mission]:
    file = content_dir() / "missions.toml"
    return {k: _mission(k, v, str(file)) for k, v in read_toml(file).items()}


BASES = ("standard", "triumvirate", "dissension", "double-strike")
"""Missions that say who plays and with which cards; a combination has one (Standard if none is named)."""
MODES = ("regrouping", "chaos", "fog-of-war")
"""Modes that change how armies are formed or seen; any of them combine with a base and each other."""


def missions(combined: bool = False) -> list[str]:
    """The names of the missions that can be played; with ``combined``, every combination too.

    >>> "chaos+fog-of-war" in missions(combined=True), len(missions())
    (True, 8)
    """
    names = list(_all())
    if not combined:
        return names
    out = names[:]
    for base in BASES:
        for mask in range(1, 1 << len(MODES)):
            modes = [m for i, m in enumerate(MODES) if mask >> i & 1]
            key = combine([base, *modes])
            if key not in out:
                out.append(key)
    return out


def combine(names: str | list[str] | tuple[str, ...]) -> str:
    """The canonical key of a mission or a combination of modes; DictatorError says why one cannot be."""
    parts = names.split("+") if isinstance(names, str) else list(names)
    if not parts or not all(isinstance(p, str) for p in parts):
        raise DictatorError("mission.not_names", got=names)
    parts = [p.strip() for p in parts]
    known = _all()
    for p in parts:
        if p not in known:
            raise DictatorError("mission.unknown", got=p, missions=missions())
    if len(parts) == 1:
        return parts[0]
    if "training" in parts:
        raise DictatorError("mission.training_alone")
    twice = sorted({p for p in parts if parts.count(p) > 1})
    if twice:
        raise DictatorError("mission.twice", mission=twice[0], names="+".join(parts))
    bases = [p for p in parts if p in BASES]
    if len(bases) > 1:
        raise DictatorError("mission.two_bases", first=bases[0], second=bases[1])
    modes = [m for m in MODES if m in parts]
    if not bases or bases == ["standard"]:
        return modes[0] if len(modes) == 1 else "+".join(modes)
    return "+".join(bases + modes)


def mission(key: str) -> Mission:
    """A mission by name, or a combination (``"fog-of-war+chaos"``); a name that cannot be raises
    DictatorError saying why."""
    if not isinstance(key, str):
        raise DictatorError("mission.not_string", got=key, missions=missions())
    found = _all().get(key)
    if found is not None:
        return found
    return _combined(combine(key))


@cache
def _combined(key: str) -> Mission:
    """A combination: the base mission with each mode applied (regroup, draft, face down)."""
    known = _all()
    if key in known:
        return known[key]
    parts = key.split("+")
    base = known[parts[0] if parts[0] in BASES else "standard"]
    modes = [p for p in parts if p in MODES]
    m = base
    if "chaos" in modes:                    # M3: no Hirelings; draft the base's number of cards each
        picks = sum(len(b) for b in base.armies[0].battalions) if base.armies else base.deal[1] if base.deal else 9
        formation = base.formation or (len(base.armies[0].battalions), 3)
        zones = base.zones or tuple(a.zone for a in base.armies)
        factions = known["chaos"].draft[0] if known["chaos"].draft else ("templars", "synclith")
        m = replace(m, armies=(), deal=None, draft=(factions, picks), formation=formation, zones=zones,
                    hirelings=False)
    if "regrouping" in modes:               # M2: battalions of at most three cards, formed as one likes
        m = replace(m, regroup=True)
    if "fog-of-war" in modes:               # M4
        m = replace(m, hidden=True)
    names = [known[p] for p in parts]
    return replace(m, key=key, name={lang: " + ".join(x.name[lang] for x in names) for lang in ("en", "ru")},
                   text={lang: " ".join(x.text[lang] for x in names) for lang in ("en", "ru")})
