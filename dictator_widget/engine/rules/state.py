"""The position: everything that changes during a game, in one plain object.

Each field is declared once, as a row of its record's table (:data:`STATE`, :data:`BATTLE`; see
:class:`~dictator_widget.engine.rules.fields.Field`: its name and type, its kind, its value in a new position,
what it holds). The table gives the save's JSON (``to_json``, ``from_json``), a new position
(:meth:`State.new`) and a scenario's exact part (:data:`EXACT`); ``scripts/records.py`` writes from it each
class's slots, typed attributes and undo snapshot (:meth:`State.copy`), which compiled code needs in the source.

A position never changes once a decision is carried out: ``Game`` changes a copy and freezes it.
Its containers are frozen too (:class:`~dictator_widget.engine.rules.fields.FrozenList`, ``FrozenDict``,
``frozenset``): a change replaces the container (``s.acted = s.acted | {label}``), so a snapshot
shares them all and copies only the battle in progress (and the dice when a decision draws from them).

>>> import dictator_widget as dw
>>> s = dw.Game.new("standard", seed=7, placement="fixed").state
>>> s.step, s.energy, s.frozen
('activation', [6, 6], True)
>>> s.zones[0] = "red"
Traceback (most recent call last):
...
dictator_widget.engine.rules.errors.FrozenError: this list is part of a position and never changes: replace it \
(FrozenList.plus, .minus, .set)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, NamedTuple

from .dice import Dice
from .fields import (
    Codec,
    Field,
    FrozenDict,
    FrozenList,
    blank,
    freeze_containers,
    frozen_dict,
    frozen_list,
    frozen_twin,
    load_json,
    mypyc_attr,
    read_json,
    write_json,
)
from .vocabulary import EndReason, Step

ATTACKER, DEFENDER = 0, 1
DRAW = 2


class Battalion(NamedTuple):
    """A battalion token (R4): its label, owner, sector and up to 3 cards."""

    label: str
    owner: int
    sector: str
    cards: tuple[str, ...]


class Outcome(NamedTuple):
    """How a game ended: the end reason and the winner (None: a draw, an agreed draw, the turn cap).

    >>> import dictator_widget as dw
    >>> game = dw.Game.new("standard", seed=7, placement="fixed")
    >>> game.outcome is None
    True
    >>> _ = game.apply("resign 0")
    >>> game.outcome
    Outcome(reason='resigned', winner=1)
    >>> game.outcome.reason is dw.EndReason.RESIGNED, game.outcome.result()
    (True, '0-1')
    """

    reason: EndReason
    winner: int | None

    def result(self) -> str:
        """The result as a score line, player 0's first: ``'1-0'``, ``'0-1'`` or ``'1/2-1/2'`` (more
        players: the winner's number, from 1, ``'P2 wins'``; no winner ``'draw'``)."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1" if self.winner == 1 else f"P{self.winner + 1} wins"


# --- the kinds of field: how each is written, read back, frozen and copied ---------------------

def _ints(v: Any) -> FrozenList[int]:
    return FrozenList(int(x) for x in v)


def _opt(read: Any) -> Any:
    return lambda v: read(v) if v else None


_WORD: Codec[Any] = Codec()                                         # a str, an int, None: written as it is
_INT: Codec[int] = Codec(read=int)
_FLAG: Codec[bool] = Codec(read=bool)
_STEP: Codec[Step] = Codec(read=Step)
_INTS: Codec[FrozenList[int]] = Codec(write=list, read=_ints, freeze=frozen_list)
_WORDS: Codec[FrozenList[str]] = Codec(write=list, read=FrozenList, freeze=frozen_list)
_SET: Codec[frozenset[str]] = Codec(write=sorted, read=frozenset, freeze=frozenset)
_PAIRS: Codec[frozenset[tuple[str, str]]] = Codec(
    write=lambda v: sorted([c, a] for c, a in v), read=lambda v: frozenset((c, a) for c, a in v), freeze=frozenset)
_ORDER: Codec[tuple[int, ...]] = Codec(write=list, read=lambda v: tuple(int(x) for x in v), freeze=tuple)
def _frozen_hands(v: Any) -> FrozenList[FrozenList[str]]:
    if type(v) is FrozenList and all(type(h) is FrozenList for h in v):
        return v
    return FrozenList(frozen_list(h) for h in v)


def _frozen_pair(v: Any) -> Any:   # Any: compiled, a tuple return type would make a new tuple
    return v if type(v) is tuple and all(type(c) is frozenset for c in v) else (frozenset(v[0]), frozenset(v[1]))


_HANDS: Codec[FrozenList[FrozenList[str]]] = Codec(
    write=lambda v: [list(h) for h in v], read=lambda v: FrozenList(FrozenList(h) for h in v), freeze=_frozen_hands)
_COUNTS: Codec[FrozenDict[str, int]] = Codec(
    write=dict, read=lambda v: FrozenDict({str(k): int(n) for k, n in v.items()}), freeze=frozen_dict)
_BATTALIONS: Codec[FrozenDict[str, Battalion]] = Codec(
    write=lambda v: [[b.label, b.owner, b.sector, list(b.cards)] for b in v.values()],
    read=lambda v: FrozenDict({lab: Battalion(lab, int(o), sec, tuple(cs)) for lab, o, sec, cs in v}),
    freeze=frozen_dict)
_DICE: Codec[Dice] = Codec(write=lambda d: d.to_json(), read=Dice.from_json, copy="for_copy")
_OUTCOME: Codec[Outcome | None] = Codec(write=lambda v: list(v) if v else None,
                                        read=_opt(lambda v: Outcome(EndReason(v[0]), v[1])))
_AWAITING: Codec[tuple[str, str, int] | None] = Codec(write=lambda v: list(v or ()),
                                                      read=_opt(lambda v: (str(v[0]), str(v[1]), int(v[2]))))
_OFFER: Codec[tuple[int, tuple[int, ...]] | None] = Codec(
    write=lambda v: [v[0], list(v[1])] if v else None, read=_opt(lambda v: (int(v[0]), tuple(int(p) for p in v[1]))))
_PAIR: Codec[Any] = Codec(write=list, read=lambda v: (v[0], v[1]), freeze=tuple)
_OWNERS: Codec[Any] = Codec(write=list, read=lambda v: (int(v[0]), int(v[1])), freeze=tuple)
_CANCELLED: Codec[tuple[frozenset[str], frozenset[str]]] = Codec(
    write=lambda v: [sorted(c) for c in v], read=lambda v: (frozenset(v[0]), frozenset(v[1])), freeze=_frozen_pair)
_NONE: FrozenList[Any] = FrozenList()
_EMPTY: FrozenDict[Any, Any] = FrozenDict()


@mypyc_attr(allow_interpreted_subclasses=True)
class Record:
    """What the position's records share: a table of fields (``FIELDS``), JSON, freezing.

    Compiled (``make compiled``), a record is a native class: its fields are read and copied in C. A frozen
    record is of its class's frozen twin (``FROZEN``: a Python subclass that refuses to set a field, see
    :func:`.fields.frozen_twin`)."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[Field[Any], ...]] = ()
    FROZEN: ClassVar[type[Any]] = object
    OWNED: ClassVar[tuple[str, ...]] = ()

    @property
    def frozen(self) -> bool:
        """Is this record frozen (of its class's frozen twin)?"""
        return type(self) is self.FROZEN

    def freeze(self) -> None:
        """No field of this record changes from now on (the parts it owns are frozen too)."""
        if self.frozen:
            return
        for name in self.OWNED:
            part = getattr(self, name)
            if part is not None:
                part.freeze()
        self.__class__ = self.FROZEN

    def settle(self) -> None:
        """Make every container frozen (a list given to a field becomes a FrozenList, ...), then
        :meth:`freeze`: the end of building a record by hand (a frozen one is left as it is)."""
        if not self.frozen:
            freeze_containers(self)
            self.freeze()

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data, field by field in declared order."""
        return write_json(self)

    def load(self, d: dict[str, Any], keys: Iterable[str]) -> None:
        """Set the fields ``keys`` from a dict in the form of :meth:`to_json` (a field a save older than it
        lacks takes its ``later`` value)."""
        load_json(self, d, keys)


BATTLE: tuple[Field[Any], ...] = (
    Field("sides", "tuple[str, str | None]", _PAIR, ("", None), "the battalions' labels (the defender None: a "
          "Guild)"),
    Field("owners", "tuple[int, int]", _OWNERS, (0, 0), "each side's seat; the Guild's side is the defender's "
          "seat"),
    Field("guild", "str | None", _WORD, None, "sector of the attacked Guild, or None"),
    Field("phase", "int", _INT, 0, "index into battle.FLOW"),
    Field("stage", "int", _INT, 0, "index into that phase's stages"),
    Field("mods", "FrozenList[int]", _INTS, FrozenList([0, 0]), "Strength changes from actions (R21)"),
    Field("cancelled", "tuple[frozenset[str], frozenset[str]]", _CANCELLED, (frozenset(), frozenset()),
          "card types cancelled on each side"),
    Field("dice", "FrozenList[int]", _INTS, FrozenList([0, 0]), "each side's die"),
    Field("rolled", "bool", _FLAG, False, "the dice were rolled (False also when the roll was skipped, R25)"),
    Field("winner", "int | None", _WORD, None, "ATTACKER, DEFENDER, DRAW, or None before Collision ends"),
    Field("damaged", "str | None", _WORD, None, "the card damaged in this battle's Damage Phase"),
    Field("used", "frozenset[tuple[str, str]]", _PAIRS, frozenset(), "(card, action) used this battle (R19)"),
    Field("pick", "int", _INT, 1, "Hireling chosen from the top `pick` cards (Argus)"),
    Field("passes", "int", _INT, 0, "variant reactive_phases: passes in a row this phase", later=0),
)
"""The fields of a :class:`Battle`, each declared once."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Battle(Record):
    """A battle in progress (R19-R25). Side 0 is the attacker, side 1 the defender.

    >>> b = Battle.begin("A1", "B2", None, (0, 1))
    >>> b.sides, b.phase, b.mods
    (('A1', 'B2'), 0, [0, 0])
    """

    # --- written by scripts/records.py from BATTLE: do not edit (tests/test_state.py checks it) ---
    __slots__ = ("sides", "owners", "guild", "phase", "stage", "mods", "cancelled", "dice", "rolled", "winner",
                 "damaged", "used", "pick", "passes")
    sides: tuple[str, str | None]
    owners: tuple[int, int]
    guild: str | None
    phase: int
    stage: int
    mods: FrozenList[int]
    cancelled: tuple[frozenset[str], frozenset[str]]
    dice: FrozenList[int]
    rolled: bool
    winner: int | None
    damaged: str | None
    used: frozenset[tuple[str, str]]
    pick: int
    passes: int

    def copy(self) -> Battle:
        """A snapshot for undo, not frozen: immutable values shared, mutable parts copied."""
        r = Battle()
        r.sides = self.sides
        r.owners = self.owners
        r.guild = self.guild
        r.phase = self.phase
        r.stage = self.stage
        r.mods = self.mods
        r.cancelled = self.cancelled
        r.dice = self.dice
        r.rolled = self.rolled
        r.winner = self.winner
        r.damaged = self.damaged
        r.used = self.used
        r.pick = self.pick
        r.passes = self.passes
        return r
    # --- end of what scripts/records.py writes ---

    @staticmethod
    def begin(attacker: str, defender: str | None, guild: str | None, owners: tuple[int, int]) -> Battle:
        """A battle about to be fought: ``defender`` None when ``attacker`` attacks the Guild at ``guild``."""
        b = blank(Battle)
        b.sides = (attacker, defender)
        b.owners = owners
        b.guild = guild
        return b

    @staticmethod
    def from_json(d: dict[str, Any]) -> Battle:
        """Read a battle written by :meth:`to_json` (not frozen: :meth:`freeze` it when done)."""
        return read_json(Battle, d)

    def add_strength(self, side: int, amount: int) -> None:
        """A card action changes one side's Strength (R21)."""
        self.mods = self.mods.set(side, self.mods[side] + amount)


FrozenBattle = frozen_twin(Battle, BATTLE)

_BATTLE: Codec[Battle | None] = Codec(write=lambda b: b.to_json() if b else None, read=_opt(Battle.from_json),
                                      copy="copy?")


def _at(s: State) -> FrozenDict[str, str]:
    return FrozenDict({b.sector: b.label for b in s.battalions.values()})


STATE: tuple[Field[Any], ...] = (
    Field("energy", "FrozenList[int]", _INTS, _NONE, "each player's Energy (R5)"),
    Field("battalions", "FrozenDict[str, Battalion]", _BATTALIONS, _EMPTY, "label -> battalion token (R4)"),
    Field("at", "FrozenDict[str, str]", Codec(freeze=frozen_dict), _EMPTY, "sector -> battalion label",
          derived=_at),
    Field("guilds", "frozenset[str]", _SET, frozenset(), "sectors still holding a Guild token"),
    Field("damaged", "frozenset[str]", _SET, frozenset(), "damaged cards, wherever they are (R18)"),
    Field("deck", "FrozenList[str]", _WORDS, _NONE, "Hireling deck, top first"),
    Field("dump", "FrozenList[str]", _WORDS, _NONE, "the Dump, oldest first (R7)"),
    Field("aside", "FrozenList[str]", _WORDS, _NONE, "cards the mission does not use (R8)"),
    Field("order", "tuple[int, ...]", _ORDER, (), "turn order, fixed once (R11)"),
    Field("turn", "int", _INT, 0, "turns begun so far (1 = the first)"),
    Field("seat", "int", _INT, 0, "index into `order` of the player whose turn it is"),
    Field("acted", "frozenset[str]", _SET, frozenset(), "battalions whose activation is over this turn"),
    Field("active", "str | None", _WORD, None, "the battalion being activated (R12)", exact=True),
    Field("moved", "bool", _FLAG, False, "the active battalion made its standard move", exact=True),
    Field("used", "frozenset[tuple[str, str]]", _PAIRS, frozenset(), "(card, action) used this turn (R16)",
          exact=True),
    Field("battle", "Battle | None", _BATTLE, None, "the battle being fought", exact=True),
    Field("step", "Step", _STEP, Step.ACTIVATION, "where the game stands (flow.STEPS)", exact=True),
    Field("pending", "str | None", _WORD, None, "battalion owed a reward or a discard (R26)", exact=True),
    Field("hiring", "str | None", _WORD, None, "the Hireling chosen for a full battalion, still in the deck",
          exact=True),
    Field("dice", "Dice", _DICE, None, "the random source", exact=True, factory=lambda: Dice(0)),
    Field("outcome", "Outcome | None", _OUTCOME, None, "how the game ended, or None", exact=True),
    Field("hands", "FrozenList[FrozenList[str]]", _HANDS, _NONE, "before the game: each player's cards not yet "
          "in battalions", exact=True),
    Field("zones", "FrozenList[str]", _WORDS, _NONE, "each player's Starting Zone (\"\" while unchosen)",
          exact=True),
    Field("pool", "FrozenList[str]", _WORDS, _NONE, "cards still to draft (Chaos)", exact=True),
    Field("revealed", "frozenset[str]", _SET, frozenset(), "Fog of War: cards turned face up for now", exact=True),
    Field("sieges", "FrozenDict[str, int]", _COUNTS, _EMPTY, "variant siege_tokens: tokens on each Guild",
          exact=True),
    Field("exhausted", "frozenset[str]", _SET, frozenset(), "variant exhaustion: cards that used an action",
          exact=True),
    Field("waits", "FrozenList[int]", _INTS, _NONE, "variant catch_up: activations passed this round", exact=True),
    Field("done", "bool", _FLAG, False, "variant alternating_activation: this activation is over", exact=True),
    Field("marks", "FrozenDict[str, int]", _COUNTS, _EMPTY, "card -> the player it acted for this turn",
          exact=True, later={}),
    Field("awaiting", "tuple[str, str, int] | None", _AWAITING, None, "explicit chance: (the decision, event "
          "kind, n)", exact=True, later=None, optional=True),
    Field("offer", "tuple[int, tuple[int, ...]] | None", _OFFER, None, "a draw offered: (by whom, who accepted "
          "so far)", exact=True, later=None, optional=True),
)
"""The fields of a :class:`State`, each declared once."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(Record):
    """One position of a game. ``Game`` owns it; effects change it through ``Game``."""

    # --- written by scripts/records.py from STATE: do not edit (tests/test_state.py checks it) ---
    __slots__ = ("energy", "battalions", "at", "guilds", "damaged", "deck", "dump", "aside", "order", "turn", "seat",
                 "acted", "active", "moved", "used", "battle", "step", "pending", "hiring", "dice", "outcome",
                 "hands", "zones", "pool", "revealed", "sieges", "exhausted", "waits", "done", "marks", "awaiting",
                 "offer")
    energy: FrozenList[int]
    battalions: FrozenDict[str, Battalion]
    at: FrozenDict[str, str]
    guilds: frozenset[str]
    damaged: frozenset[str]
    deck: FrozenList[str]
    dump: FrozenList[str]
    aside: FrozenList[str]
    order: tuple[int, ...]
    turn: int
    seat: int
    acted: frozenset[str]
    active: str | None
    moved: bool
    used: frozenset[tuple[str, str]]
    battle: Battle | None
    step: Step
    pending: str | None
    hiring: str | None
    dice: Dice
    outcome: Outcome | None
    hands: FrozenList[FrozenList[str]]
    zones: FrozenList[str]
    pool: FrozenList[str]
    revealed: frozenset[str]
    sieges: FrozenDict[str, int]
    exhausted: frozenset[str]
    waits: FrozenList[int]
    done: bool
    marks: FrozenDict[str, int]
    awaiting: tuple[str, str, int] | None
    offer: tuple[int, tuple[int, ...]] | None

    def copy(self) -> State:
        """A snapshot for undo, not frozen: immutable values shared, mutable parts copied."""
        r = State()
        r.energy = self.energy
        r.battalions = self.battalions
        r.at = self.at
        r.guilds = self.guilds
        r.damaged = self.damaged
        r.deck = self.deck
        r.dump = self.dump
        r.aside = self.aside
        r.order = self.order
        r.turn = self.turn
        r.seat = self.seat
        r.acted = self.acted
        r.active = self.active
        r.moved = self.moved
        r.used = self.used
        r.battle = None if self.battle is None else self.battle.copy()
        r.step = self.step
        r.pending = self.pending
        r.hiring = self.hiring
        r.dice = self.dice.for_copy()
        r.outcome = self.outcome
        r.hands = self.hands
        r.zones = self.zones
        r.pool = self.pool
        r.revealed = self.revealed
        r.sieges = self.sieges
        r.exhausted = self.exhausted
        r.waits = self.waits
        r.done = self.done
        r.marks = self.marks
        r.awaiting = self.awaiting
        r.offer = self.offer
        return r
    # --- end of what scripts/records.py writes ---

    @staticmethod
    def new() -> State:
        """The position before a game is set up: every field at its value in a new position."""
        return blank(State)

    @staticmethod
    def from_json(d: dict[str, Any]) -> State:
        """Read a position written by :meth:`to_json` (not frozen: :meth:`freeze` it when done)."""
        return read_json(State, d)

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


FrozenState = frozen_twin(State, STATE)

EXACT: tuple[str, ...] = tuple(f.name for f in STATE if f.exact)
"""The fields beyond a scenario's plain ones that an exported position needs to continue exactly."""
