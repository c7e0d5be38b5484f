"""Scenarios: any position as data, checked before anything is built.

A scenario is written in Python (:class:`Scenario` or a plain dict) or TOML
(``cards/scenarios/*.toml``). Only the battalions are required; everything
else has the mission's defaults.

>>> s = Scenario.from_dict({"battalions": {"A1": {"sector": "d4", "cards": ["T01", "T04"]},
...                                        "B1": {"sector": "e4", "cards": ["C08"], "damaged": ["C08"]}}})
>>> s.energy, s.player, s.battalions["B1"]["damaged"]
(None, 0, ['C08'])
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.dice import Dice
from ..rules.errors import CardDataError, DictatorError, Message
from ..rules.fields import FrozenDict, FrozenList
from ..rules.state import EXACT, Battalion
from ..rules.vocabulary import owner as owner_of
from .data import content_dir, read_toml

if TYPE_CHECKING:
    from ..rules.game import Game
    from ..rules.table import Table
    from .missions import Mission

_LABEL = re.compile(r"^[A-D][1-9]$")


class ScenarioError(DictatorError, ValueError):
    """A scenario that describes no possible position; the message says what is wrong."""


@dataclass
class Scenario:
    """A position: the battalions, and optionally everything else about the game.

    Battalions map a label (``A1``..``A9`` for player 0, ``B..`` for 1, ``C..``,
    ``D..``) to ``{"sector": ..., "cards": [...], "damaged": [...]}``.
    """

    battalions: dict[str, dict[str, Any]]
    mission: str = "standard"
    energy: list[int] | None = None          # default: the starting Energy
    guilds: list[str] | None = None          # sectors with a Guild token; default: the mission's sites
    deck: list[str] | None = None            # Hireling deck, top first; default: the rest, shuffled
    dump: list[str] = field(default_factory=list)
    player: int = 0                          # whose turn it is
    order: list[int] | None = None           # turn order; default 0, 1, ...
    turn: int = 1
    acted: list[str] = field(default_factory=list)
    seed: int = 0
    dice: list[int] = field(default_factory=list)
    turn_cap: int | None = None
    variants: dict[str, Any] = field(default_factory=dict)
    name: dict[str, str] | None = None
    text: dict[str, str] | None = None
    # An exported position mid-activation or mid-battle carries the engine's own
    # state for the rest (random state, battle, marks of use); see Game.to_scenario.
    exact: dict[str, Any] | None = None

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        """Build from a dict (or parsed TOML); unknown keys are refused."""
        if not isinstance(data, dict):
            raise ScenarioError("scenario.not_table", type=type(data).__name__)
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ScenarioError("scenario.unknown_field", field=unknown[0], fields=sorted(known))
        if "battalions" not in data:
            raise ScenarioError("scenario.no_battalions_field")
        bats = data["battalions"]
        if not isinstance(bats, dict):
            raise ScenarioError("scenario.battalions_map")
        clean: dict[str, dict[str, Any]] = {}
        for label, spec in bats.items():
            if not isinstance(spec, dict) or set(spec) - {"sector", "cards", "damaged"}:
                raise ScenarioError("scenario.battalion_spec", battalion=label, got=spec)
            clean[label] = {"sector": spec.get("sector"), "cards": list(spec.get("cards", [])),
                            "damaged": list(spec.get("damaged", []))}
        if not isinstance(data.get("variants", {}), dict):   # here: compiled code reads the field as a dict
            raise ScenarioError("variant.not_dict", type=type(data["variants"]).__name__)
        return cls(**{**data, "battalions": clean})

    @classmethod
    def load(cls, path: str | Path) -> Scenario:
        """Read a TOML scenario file (a name alone looks in the shipped ``cards/scenarios/``)."""
        p = Path(path)
        if not p.suffix and not p.exists():
            p = content_dir() / "scenarios" / f"{path}.toml"
        try:
            data = read_toml(p)
        except CardDataError as exc:
            raise ScenarioError(exc.message) from None
        try:
            return cls.from_dict(data)
        except ScenarioError as exc:
            raise ScenarioError("scenario.in_file", file=str(p), error=exc.message) from None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    def seed_and_turn_cap(self, default_cap: int) -> tuple[int, int]:
        """The seed and the turn cap (``default_cap`` when none is given), checked: ScenarioError if either is
        not a whole number or the cap is before the scenario's turn. (Here, in Python, since a file may give
        anything: compiled code would refuse a field that is not of its declared type with a TypeError.)

        >>> Scenario({}, seed=3, turn=5).seed_and_turn_cap(200)
        (3, 200)
        """
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ScenarioError("scenario.seed", got=self.seed)
        turn_cap = self.turn_cap if self.turn_cap is not None else default_cap
        if not isinstance(turn_cap, int) or turn_cap < self.turn:
            raise ScenarioError("scenario.turn_cap", got=turn_cap)
        return self.seed, turn_cap


def shipped() -> list[str]:
    """The scenarios shipped in ``cards/scenarios/``."""
    return sorted(p.stem for p in (content_dir() / "scenarios").glob("*.toml"))


def check(s: Scenario, game: Table) -> None:
    """Every reason the scenario cannot be a position, as a ScenarioError (the first found)."""
    players = game.rules.players
    coords = game.geometry.coords
    cards = game.cards
    rules = game.rules
    seen: dict[str, Message] = {}

    def place(card: Any, where: Message) -> None:
        if not isinstance(card, str) or card not in cards:
            raise ScenarioError("scenario.unknown_card", where=where, card=card)
        if card in seen:
            raise ScenarioError("scenario.card_twice", card=card, first=seen[card], second=where)
        seen[card] = where

    guilds = s.guilds if s.guilds is not None else [game.geometry.guild_sites[n - 1] for n in _sites(game)]
    if not isinstance(guilds, list):
        raise ScenarioError("scenario.guilds_list")
    for g in guilds:
        if g not in coords:
            raise ScenarioError("scenario.guild_sector", sector=g)
    before_play = s.exact is not None and s.exact.get("step") in ("split", "zone", "draft", "form", "deploy")
    if not s.battalions and not before_play:
        raise ScenarioError("scenario.no_battalion")
    sectors: dict[str, str] = {}
    for label, spec in s.battalions.items():
        if not isinstance(label, str) or not _LABEL.match(label):
            raise ScenarioError("scenario.label", battalion=label)
        owner = owner_of(label)
        if owner >= players:
            raise ScenarioError("scenario.owner", battalion=label, player=owner + 1, players=players)
        sector = spec["sector"]
        if sector not in coords:
            raise ScenarioError("scenario.sector", battalion=label, sector=sector)
        if sector in sectors:
            raise ScenarioError("scenario.two_on_sector", sector=sector, first=sectors[sector], second=label)
        if sector in guilds:
            raise ScenarioError("scenario.on_guild", battalion=label, sector=sector)
        sectors[sector] = label
        transient = s.exact is not None     # mid-battle, a battalion may be empty or all damaged
        size = rules.battalion_size
        if not (0 if transient else 1) <= len(spec["cards"]) <= size:
            raise ScenarioError("scenario.size", battalion=label, count=len(spec["cards"]), size=size)
        for c in spec["cards"]:
            place(c, Message("scenario.at_battalion", battalion=label))
        for c in spec["damaged"]:
            if c not in spec["cards"]:
                raise ScenarioError("scenario.damaged_foreign", battalion=label, card=c)
        if not transient and set(spec["damaged"]) >= set(spec["cards"]):
            raise ScenarioError("scenario.all_damaged", battalion=label)
    for c in s.deck or []:
        place(c, Message("scenario.at_deck"))
    for c in s.dump:
        place(c, Message("scenario.at_dump"))
    if s.exact:
        for p, hand in enumerate(s.exact.get("hands", [])):
            for c in hand:
                place(c, Message("scenario.at_hand", player=p + 1))
        for c in s.exact.get("pool", []):
            place(c, Message("scenario.at_pool"))
    if s.energy is not None and (not isinstance(s.energy, list) or len(s.energy) != players
            or not all(isinstance(e, int) and 0 <= e <= rules.energy_max for e in s.energy)):
        raise ScenarioError("scenario.energy", players=players, high=rules.energy_max, got=s.energy)
    order = s.order if s.order is not None else list(range(players))
    if sorted(order) != list(range(players)):
        raise ScenarioError("scenario.order", players=players, got=order)
    if s.player not in order:
        raise ScenarioError("scenario.player", high=players - 1, got=s.player)
    if not before_play and not any(owner_of(lab) == s.player for lab in s.battalions):
        raise ScenarioError("scenario.turn_without_battalion", player=s.player + 1)
    for label in s.acted:
        if label not in s.battalions or owner_of(label) != s.player:
            raise ScenarioError("scenario.acted", battalion=label)
    if not isinstance(s.turn, int) or s.turn < (0 if before_play else 1):
        raise ScenarioError("scenario.turn", got=s.turn)
    if not all(isinstance(x, int) and 1 <= x <= rules.die for x in s.dice):
        raise ScenarioError("scenario.dice", die=rules.die, got=s.dice)


def build(g: Table, sc: Scenario, m: Mission) -> None:
    """Lay out a checked scenario as the game's position (a new game's, not yet frozen)."""
    s = g.state
    s.dice = Dice(g.rules.seed, g.rules.dice)
    s.energy = FrozenList(sc.energy if sc.energy is not None else [g.rules.starting_energy] * m.players)
    placed: set[str] = set(sc.dump)
    battalions, damaged = {}, set()
    for label, spec in sc.battalions.items():
        battalions[label] = Battalion(label, owner_of(label), spec["sector"], tuple(spec["cards"]))
        damaged.update(spec["damaged"])
        placed.update(spec["cards"])
    s.battalions = FrozenDict(battalions)
    s.at = FrozenDict({b.sector: b.label for b in battalions.values()})
    s.damaged = frozenset(damaged)
    if sc.deck is not None:
        deck = list(sc.deck)
    else:
        deck = [c for c in g.cards.of("hirelings") if c not in placed] if m.hirelings else []
        s.dice.shuffle(deck)
    s.deck = FrozenList(deck)
    placed.update(s.deck)
    s.dump = FrozenList(sc.dump)
    s.aside = FrozenList(c for c in g.cards if c not in placed)
    s.guilds = frozenset(sc.guilds) if sc.guilds is not None else frozenset(
        g.geometry.guild_sites[n - 1] for n in m.guild_sites)
    s.order = tuple(sc.order) if sc.order is not None else tuple(range(m.players))
    s.seat = s.order.index(sc.player)
    s.turn = sc.turn
    s.acted = frozenset(sc.acted)
    s.hands = FrozenList(FrozenList[str]() for _ in range(m.players))
    s.waits = FrozenList([0] * m.players)
    zones = [""] * m.players
    for b in s.battalions.values():
        zones[b.owner] = zones[b.owner] or g.geometry.nodes[b.sector]["zone"] or ""
    s.zones = FrozenList(zones)
    name = sc.name or {"en": "a position set up by hand", "ru": "позиция, заданная вручную"}
    g.record("scenario", name=name["en"], ru_name=name["ru"])
    g.record("turn", turn=s.turn, player=s.player)
    if sc.exact:
        s.load(sc.exact, EXACT)
        in_play = {c for h in s.hands for c in h} | set(s.pool)
        s.aside = FrozenList(c for c in s.aside if c not in in_play)
    else:
        g.check_victory()


def export(g: Game) -> Scenario:
    """Any position of any game as a scenario (with its exact state, to continue identically)."""
    s = g.state
    x = s.to_json()
    return Scenario(
        battalions={b.label: {"sector": b.sector, "cards": list(b.cards),
                              "damaged": [c for c in b.cards if c in s.damaged]}
                    for b in s.battalions.values()},
        mission=g.rules.mission, energy=list(s.energy), guilds=sorted(s.guilds), deck=list(s.deck),
        dump=list(s.dump), player=s.player, order=list(s.order), turn=s.turn, acted=sorted(s.acted),
        seed=g.rules.seed, turn_cap=g.rules.turn_cap, variants=dict(g.rules.variants),
        exact={k: x[k] for k in EXACT if k in x},
    )


def _sites(game: Table | Game) -> tuple[int, ...]:
    from .missions import mission
    return mission(game.rules.mission).guild_sites
