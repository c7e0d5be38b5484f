"""The position: everything that changes during a game, in one plain object.

The containers of a position are never changed in place: a change replaces the
container (``s.acted = s.acted | {label}``), so a snapshot for undo shares them
all and copies only the battle in progress and the dice.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .dice import Dice

ATTACKER, DEFENDER = 0, 1
DRAW = 2


class Battalion(NamedTuple):
    """A battalion token (R4): its label, owner, sector and up to 3 cards."""

    label: str
    owner: int
    sector: str
    cards: tuple[str, ...]


class Battle:
    """A battle in progress (R19-R25). Side 0 is the attacker, side 1 the defender."""

    __slots__ = (
        "sides", "owners", "guild", "phase", "stage", "mods", "cancelled", "dice",
        "rolled", "winner", "damaged", "used", "pick", "passes",
    )

    def __init__(self, attacker: str, defender: str | None, guild: str | None,
                 owners: tuple[int, int]) -> None:
        self.sides: tuple[str, str | None] = (attacker, defender)
        self.owners = owners                     # the Guild's side is owned by the defender's seat
        self.guild = guild                       # sector of the attacked Guild, or None
        self.phase = 0                           # index into battle.FLOW
        self.stage = 0                           # index into that phase's stages
        self.mods = [0, 0]                       # Strength changes from actions (R21)
        self.cancelled: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
        self.dice = [0, 0]
        self.rolled = False                      # False also when the roll was skipped (R25)
        self.winner: int | None = None           # ATTACKER, DEFENDER, DRAW, or None before Collision ends
        self.damaged: str | None = None          # the card damaged in this battle's Damage Phase
        self.used: frozenset[tuple[str, str]] = frozenset()  # (card, action) used this battle (R19)
        self.pick = 1                            # Hireling chosen from the top `pick` cards (Argus)
        self.passes = 0                          # variant reactive_phases: passes in a row this phase

    def copy(self) -> Battle:
        b = Battle.__new__(Battle)
        b.sides, b.owners, b.guild, b.phase, b.stage = self.sides, self.owners, self.guild, self.phase, self.stage
        b.mods, b.cancelled, b.dice, b.rolled = self.mods[:], self.cancelled, self.dice[:], self.rolled
        b.winner, b.damaged, b.used, b.pick, b.passes = self.winner, self.damaged, self.used, self.pick, self.passes
        return b

    def to_json(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides), "owners": list(self.owners), "guild": self.guild,
            "phase": self.phase, "stage": self.stage, "mods": self.mods,
            "cancelled": [sorted(c) for c in self.cancelled], "dice": self.dice,
            "rolled": self.rolled, "winner": self.winner, "damaged": self.damaged,
            "used": sorted([c, a] for c, a in self.used), "pick": self.pick, "passes": self.passes,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Battle:
        b = cls(d["sides"][0], d["sides"][1], d["guild"], (int(d["owners"][0]), int(d["owners"][1])))
        b.phase, b.stage = int(d["phase"]), int(d["stage"])
        b.mods = [int(x) for x in d["mods"]]
        b.cancelled = (frozenset(d["cancelled"][0]), frozenset(d["cancelled"][1]))
        b.dice = [int(x) for x in d["dice"]]
        b.rolled, b.winner, b.damaged = bool(d["rolled"]), d["winner"], d["damaged"]
        b.used = frozenset((c, a) for c, a in d["used"])
        b.pick = int(d["pick"])
        b.passes = int(d.get("passes", 0))
        return b


class State:
    """One position of a game. ``Game`` owns it; effects change it through ``Game``."""

    __slots__ = (
        "energy", "battalions", "at", "guilds", "damaged", "deck", "dump", "aside", "order",
        "turn", "seat", "acted", "active", "moved", "used", "battle", "step", "pending",
        "hiring", "dice", "outcome", "hands", "zones", "pool", "revealed", "sieges", "exhausted", "waits", "done",
        "marks", "awaiting", "offer",
    )

    def __init__(self) -> None:
        self.energy: list[int] = []
        self.battalions: dict[str, Battalion] = {}
        self.at: dict[str, str] = {}             # sector -> battalion label
        self.guilds: set[str] = set()            # sectors still holding a Guild token
        self.damaged: set[str] = set()           # damaged cards, wherever they are (R18)
        self.deck: list[str] = []                # Hireling deck, top first
        self.dump: list[str] = []                # the Dump, oldest first (R7)
        self.aside: list[str] = []               # cards the mission does not use (R8)
        self.order: tuple[int, ...] = ()         # turn order, fixed once (R11)
        self.turn = 0                            # turns begun so far (1 = the first)
        self.seat = 0                            # index into `order` of the player whose turn it is
        self.acted: set[str] = set()             # battalions whose activation is over this turn
        self.active: str | None = None           # the battalion being activated (R12)
        self.moved = False                       # the active battalion made its standard move
        self.used: set[tuple[str, str]] = set()  # (card, action) used this turn (R16)
        self.battle: Battle | None = None
        self.step = "activation"                 # "activation", "battle", "reward", "discard", "over"
        self.pending: str | None = None          # battalion owed a reward or a discard (R26)
        self.hiring: str | None = None           # the Hireling chosen for a full battalion, still in the deck
        self.dice = Dice(0)
        self.outcome: tuple[str, int | None] | None = None  # (end reason, winner)
        self.hands: list[list[str]] = []         # before the game: each player's cards not yet in battalions
        self.zones: list[str] = []               # each player's Starting Zone ("" while unchosen)
        self.pool: list[str] = []                # cards still to draft (Chaos)
        self.revealed: set[str] = set()          # Fog of War: cards turned face up for now
        self.sieges: dict[str, int] = {}         # variant siege_tokens: tokens on each Guild
        self.exhausted: set[str] = set()         # variant exhaustion: cards that used an action
        self.waits: list[int] = []               # variant catch_up: activations passed this round
        self.done = False                        # variant alternating_activation: this activation is over
        self.marks: dict[str, int] = {}          # card -> the player it acted for this turn ("already acted")
        self.awaiting: tuple[str, str, int] | None = None  # explicit chance: (the decision, event kind, n)
        self.offer: tuple[int, tuple[int, ...]] | None = None  # a draw offered: (by whom, who accepted so far)

    def copy(self) -> State:
        """A copy for the undo stack. The containers are shared, as the engine only ever replaces
        them; the battle and the dice, which change in place, are copied, and so are the hands,
        zones and pool during the set-up steps that fill them."""
        s = State.__new__(State)
        s.energy = self.energy
        s.battalions = self.battalions
        s.at = self.at
        s.guilds = self.guilds
        s.damaged = self.damaged
        s.deck = self.deck
        s.dump = self.dump
        s.aside = self.aside
        s.order = self.order
        s.turn, s.seat = self.turn, self.seat
        s.acted = self.acted
        s.active, s.moved = self.active, self.moved
        s.used = self.used
        s.battle = self.battle.copy() if self.battle else None
        s.step, s.pending, s.hiring = self.step, self.pending, self.hiring
        s.dice = self.dice.copy()
        s.outcome = self.outcome
        s.hands = [h[:] for h in self.hands] if self.step in ("zone", "draft", "form", "deploy") else self.hands
        s.zones = self.zones[:] if self.step in ("split", "zone") else self.zones
        s.pool = self.pool[:] if self.step == "draft" else self.pool
        s.revealed = self.revealed
        s.sieges = self.sieges
        s.exhausted = self.exhausted
        s.waits = self.waits
        s.done = self.done
        s.marks = self.marks
        s.awaiting = self.awaiting
        s.offer = self.offer
        return s

    @property
    def player(self) -> int:
        """The player whose turn it is."""
        return self.order[self.seat]

    def side_cards(self, side: int) -> tuple[str, ...]:
        """The cards of one side (ATTACKER, DEFENDER) of the battle being fought; none for a Guild."""
        b = self.battle
        assert b is not None
        label = b.sides[side]
        if label is None or label not in self.battalions:
            return ()
        return self.battalions[label].cards

    def to_json(self) -> dict[str, Any]:
        return {
            "energy": self.energy,
            "battalions": [[b.label, b.owner, b.sector, list(b.cards)] for b in self.battalions.values()],
            "guilds": sorted(self.guilds), "damaged": sorted(self.damaged),
            "deck": self.deck, "dump": self.dump, "aside": self.aside,
            "order": list(self.order), "turn": self.turn, "seat": self.seat,
            "acted": sorted(self.acted), "active": self.active, "moved": self.moved,
            "used": sorted([c, a] for c, a in self.used),
            "battle": self.battle.to_json() if self.battle else None,
            "step": self.step, "pending": self.pending, "hiring": self.hiring, "dice": self.dice.to_json(),
            "outcome": list(self.outcome) if self.outcome else None,
            "hands": self.hands, "zones": self.zones, "pool": self.pool, "revealed": sorted(self.revealed),
            "sieges": self.sieges, "exhausted": sorted(self.exhausted), "waits": self.waits,
            "done": self.done, "marks": self.marks,
            **({"awaiting": list(self.awaiting)} if self.awaiting else {}),
            **({"offer": [self.offer[0], list(self.offer[1])]} if self.offer else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        s = cls()
        for label, owner, sector, cards in d["battalions"]:
            s.battalions[label] = Battalion(label, int(owner), sector, tuple(cards))
            s.at[sector] = label
        s.load(d, tuple(_READ))
        return s

    def load(self, d: dict[str, Any], keys: tuple[str, ...]) -> None:
        """Set the fields ``keys`` from a dict in the form of :meth:`to_json`."""
        for key in keys:
            setattr(self, key, _READ[key](d[key] if key in d else _LATER[key]))


EXACT = ("active", "moved", "used", "battle", "step", "pending", "hiring", "dice", "outcome", "hands", "zones",
         "pool", "revealed", "sieges", "exhausted", "waits", "done", "marks", "awaiting", "offer")
"""The fields beyond a scenario's plain ones that an exported position needs to continue exactly."""

_READ: dict[str, Any] = {
    "energy": lambda v: [int(x) for x in v],
    "guilds": set, "damaged": set, "deck": list, "dump": list, "aside": list,
    "order": lambda v: tuple(int(x) for x in v), "turn": int, "seat": int,
    "acted": set, "active": lambda v: v, "moved": bool,
    "used": lambda v: {(c, a) for c, a in v},
    "battle": lambda v: Battle.from_json(v) if v else None,
    "step": str, "pending": lambda v: v, "hiring": lambda v: v,
    "dice": Dice.from_json,
    "outcome": lambda v: (v[0], v[1]) if v else None,
    "hands": lambda v: [list(h) for h in v], "zones": list, "pool": list, "revealed": set,
    "sieges": lambda v: {k: int(n) for k, n in v.items()}, "exhausted": set,
    "waits": lambda v: [int(x) for x in v], "done": bool,
    "marks": lambda v: {str(c): int(p) for c, p in v.items()},
    "awaiting": lambda v: (str(v[0]), str(v[1]), int(v[2])) if v else None,
    "offer": lambda v: (int(v[0]), tuple(int(p) for p in v[1])) if v else None,
}

_LATER: dict[str, Any] = {"marks": {}, "awaiting": None, "offer": None}
"""Fields added after saves were first written, with the value an older save means."""
