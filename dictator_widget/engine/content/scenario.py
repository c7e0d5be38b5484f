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
from ..rules.errors import CardDataError, DictatorError
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
            raise ScenarioError(f"a scenario is a table of fields, not {type(data).__name__}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ScenarioError(f"unknown scenario field {unknown[0]!r}; the fields are {sorted(known)}")
        if "battalions" not in data:
            raise ScenarioError("a scenario needs 'battalions'")
        bats = data["battalions"]
        if not isinstance(bats, dict):
            raise ScenarioError("'battalions' maps labels like A1 to {sector, cards, damaged}")
        clean: dict[str, dict[str, Any]] = {}
        for label, spec in bats.items():
            if not isinstance(spec, dict) or set(spec) - {"sector", "cards", "damaged"}:
                raise ScenarioError(f"battalion {label}: expected {{sector, cards, damaged}}, got {spec!r}")
            clean[label] = {"sector": spec.get("sector"), "cards": list(spec.get("cards", [])),
                            "damaged": list(spec.get("damaged", []))}
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
            raise ScenarioError(str(exc)) from None
        try:
            return cls.from_dict(data)
        except ScenarioError as exc:
            raise ScenarioError(f"{p}: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


def shipped() -> list[str]:
    """The scenarios shipped in ``cards/scenarios/``."""
    return sorted(p.stem for p in (content_dir() / "scenarios").glob("*.toml"))


def check(s: Scenario, game: Table) -> None:
    """Every reason the scenario cannot be a position, as a ScenarioError (the first found)."""
    players = game.rules.players
    coords = game.geometry.coords
    cards = game.cards
    rules = game.rules
    seen: dict[str, str] = {}

    def place(card: Any, where: str) -> None:
        if not isinstance(card, str) or card not in cards:
            raise ScenarioError(f"{where}: unknown card {card!r}")
        if card in seen:
            raise ScenarioError(f"card {card} is used twice: in {seen[card]} and in {where}")
        seen[card] = where

    guilds = s.guilds if s.guilds is not None else [game.geometry.guild_sites[n - 1] for n in _sites(game)]
    if not isinstance(guilds, list):
        raise ScenarioError("'guilds' is a list of sectors holding a Guild token")
    for g in guilds:
        if g not in coords:
            raise ScenarioError(f"Guild token on unknown sector {g!r}")
    before_play = s.exact is not None and s.exact.get("step") in ("split", "zone", "draft", "form", "deploy")
    if not s.battalions and not before_play:
        raise ScenarioError("a scenario needs at least one battalion")
    sectors: dict[str, str] = {}
    for label, spec in s.battalions.items():
        if not isinstance(label, str) or not _LABEL.match(label):
            raise ScenarioError(f"battalion label {label!r} is not a player letter A-D and a digit, like A1")
        owner = owner_of(label)
        if owner >= players:
            raise ScenarioError(f"battalion {label} belongs to player {owner + 1}, but the game has {players}")
        sector = spec["sector"]
        if sector not in coords:
            raise ScenarioError(f"battalion {label}: unknown sector {sector!r}")
        if sector in sectors:
            raise ScenarioError(f"two battalions on sector {sector}: {sectors[sector]} and {label} (R4)")
        if sector in guilds:
            raise ScenarioError(f"battalion {label} stands on {sector}, which holds a Guild token (R6)")
        sectors[sector] = label
        transient = s.exact is not None     # mid-battle, a battalion may be empty or all damaged
        size = rules.battalion_size
        if not (0 if transient else 1) <= len(spec["cards"]) <= size:
            raise ScenarioError(f"battalion {label} has {len(spec['cards'])} cards; a battalion holds 1 to {size} (R4)")
        for c in spec["cards"]:
            place(c, f"battalion {label}")
        for c in spec["damaged"]:
            if c not in spec["cards"]:
                raise ScenarioError(f"battalion {label}: damaged card {c!r} is not one of its cards")
        if not transient and set(spec["damaged"]) >= set(spec["cards"]):
            raise ScenarioError(f"battalion {label}: every card is damaged, so it would be annihilated (R24)")
    for c in s.deck or []:
        place(c, "the Hireling deck")
    for c in s.dump:
        place(c, "the Dump")
    if s.exact:
        for p, hand in enumerate(s.exact.get("hands", [])):
            for c in hand:
                place(c, f"player {p + 1}'s hand")
        for c in s.exact.get("pool", []):
            place(c, "the draft pool")
    if s.energy is not None and (not isinstance(s.energy, list) or len(s.energy) != players
            or not all(isinstance(e, int) and 0 <= e <= rules.energy_max for e in s.energy)):
        raise ScenarioError(f"'energy' must list {players} values from 0 to {rules.energy_max}, got {s.energy!r}")
    order = s.order if s.order is not None else list(range(players))
    if sorted(order) != list(range(players)):
        raise ScenarioError(f"'order' must list each of the {players} players once, got {order!r}")
    if s.player not in order:
        raise ScenarioError(f"'player' must be a player index from 0 to {players - 1}, got {s.player!r}")
    if not before_play and not any(owner_of(lab) == s.player for lab in s.battalions):
        raise ScenarioError(f"player {s.player + 1} has no battalion, so cannot have the turn")
    for label in s.acted:
        if label not in s.battalions or owner_of(label) != s.player:
            raise ScenarioError(f"'acted' lists {label!r}, which is not a battalion of the player whose turn it is")
    if not isinstance(s.turn, int) or s.turn < (0 if before_play else 1):
        raise ScenarioError(f"'turn' must be a whole number >= 1, got {s.turn!r}")
    if not all(isinstance(x, int) and 1 <= x <= rules.die for x in s.dice):
        raise ScenarioError(f"'dice' must be die results 1..{rules.die}, got {s.dice!r}")


def build(g: Table, sc: Scenario, m: Mission) -> None:
    """Lay out a checked scenario as the game's position."""
    s = g.state
    s.dice = Dice(g.rules.seed, g.rules.dice)
    s.energy = list(sc.energy) if sc.energy is not None else [g.rules.starting_energy] * m.players
    placed: set[str] = set(sc.dump)
    for label, spec in sc.battalions.items():
        s.battalions[label] = Battalion(label, owner_of(label), spec["sector"], tuple(spec["cards"]))
        s.at[spec["sector"]] = label
        s.damaged.update(spec["damaged"])
        placed.update(spec["cards"])
    if sc.deck is not None:
        s.deck = list(sc.deck)
    else:
        s.deck = [c for c in g.cards.of("hirelings") if c not in placed] if m.hirelings else []
        s.dice.shuffle(s.deck)
    placed.update(s.deck)
    s.dump = list(sc.dump)
    s.aside = [c for c in g.cards if c not in placed]
    s.guilds = set(sc.guilds) if sc.guilds is not None else {
        g.geometry.guild_sites[n - 1] for n in m.guild_sites}
    s.order = tuple(sc.order) if sc.order is not None else tuple(range(m.players))
    s.seat = s.order.index(sc.player)
    s.turn = sc.turn
    s.acted = set(sc.acted)
    s.hands = [[] for _ in range(m.players)]
    s.waits = [0] * m.players
    s.zones = [""] * m.players
    for b in s.battalions.values():
        s.zones[b.owner] = s.zones[b.owner] or g.geometry.graph.nodes[b.sector]["zone"] or ""
    name = sc.name or {"en": "a position set up by hand", "ru": "позиция, заданная вручную"}
    g.record("scenario", name=name["en"], ru_name=name["ru"])
    g.record("turn", turn=s.turn, player=s.player)
    if sc.exact:
        s.load(sc.exact, EXACT)
        in_play = {c for h in s.hands for c in h} | set(s.pool)
        s.aside = [c for c in s.aside if c not in in_play]
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
