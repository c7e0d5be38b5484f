"""The position: everything that changes during a game, in one plain object.

Each field is declared once (:func:`~dictator_widget.engine.rules.fields.field`: its kind, its value in a
new position, what it holds); the declarations give the slots, the undo snapshot (:meth:`State.copy`),
the save's JSON (``to_json``, ``from_json``) and a scenario's exact part (:data:`EXACT`).

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

from typing import Any, NamedTuple

from .dice import Dice
from .fields import Codec, FrozenDict, FrozenList, Record, field, frozen_dict, frozen_list, record
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


def _frozen_pair(v: Any) -> tuple[frozenset[str], frozenset[str]]:
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


@record
class Battle(Record):
    """A battle in progress (R19-R25). Side 0 is the attacker, side 1 the defender."""

    sides: tuple[str, str | None] = field(_PAIR, ("", None), "the battalions' labels (the defender None: a Guild)")
    owners: tuple[int, int] = field(_OWNERS, (0, 0), "each side's seat; the Guild's side is the defender's seat")
    guild: str | None = field(_WORD, None, "sector of the attacked Guild, or None")
    phase: int = field(_INT, 0, "index into battle.FLOW")
    stage: int = field(_INT, 0, "index into that phase's stages")
    mods: FrozenList[int] = field(_INTS, FrozenList([0, 0]), "Strength changes from actions (R21)")
    cancelled: tuple[frozenset[str], frozenset[str]] = field(_CANCELLED, (frozenset(), frozenset()),
                                                             "card types cancelled on each side")
    dice: FrozenList[int] = field(_INTS, FrozenList([0, 0]), "each side's die")
    rolled: bool = field(_FLAG, False, "the dice were rolled (False also when the roll was skipped, R25)")
    winner: int | None = field(_WORD, None, "ATTACKER, DEFENDER, DRAW, or None before Collision ends")
    damaged: str | None = field(_WORD, None, "the card damaged in this battle's Damage Phase")
    used: frozenset[tuple[str, str]] = field(_PAIRS, frozenset(), "(card, action) used this battle (R19)")
    pick: int = field(_INT, 1, "Hireling chosen from the top `pick` cards (Argus)")
    passes: int = field(_INT, 0, "variant reactive_phases: passes in a row this phase", later=0)

    def __init__(self, attacker: str = "", defender: str | None = None, guild: str | None = None,
                 owners: tuple[int, int] = (0, 0)) -> None:
        for f in self.FIELDS:
            object.__setattr__(self, f.name, f.default)
        self.sides = (attacker, defender)
        self.owners = owners
        self.guild = guild

    def add_strength(self, side: int, amount: int) -> None:
        """A card action changes one side's Strength (R21)."""
        self.mods = self.mods.set(side, self.mods[side] + amount)


_BATTLE: Codec[Battle | None] = Codec(write=lambda b: b.to_json() if b else None, read=_opt(Battle.from_json),
                                      copy="copy?")


def _at(s: State) -> FrozenDict[str, str]:
    return FrozenDict({b.sector: b.label for b in s.battalions.values()})


@record
class State(Record):
    """One position of a game. ``Game`` owns it; effects change it through ``Game``."""

    energy: FrozenList[int] = field(_INTS, _NONE, "each player's Energy (R5)")
    battalions: FrozenDict[str, Battalion] = field(_BATTALIONS, _EMPTY, "label -> battalion token (R4)")
    at: FrozenDict[str, str] = field(Codec(freeze=frozen_dict), _EMPTY, "sector -> battalion label", derived=_at)
    guilds: frozenset[str] = field(_SET, frozenset(), "sectors still holding a Guild token")
    damaged: frozenset[str] = field(_SET, frozenset(), "damaged cards, wherever they are (R18)")
    deck: FrozenList[str] = field(_WORDS, _NONE, "Hireling deck, top first")
    dump: FrozenList[str] = field(_WORDS, _NONE, "the Dump, oldest first (R7)")
    aside: FrozenList[str] = field(_WORDS, _NONE, "cards the mission does not use (R8)")
    order: tuple[int, ...] = field(_ORDER, (), "turn order, fixed once (R11)")
    turn: int = field(_INT, 0, "turns begun so far (1 = the first)")
    seat: int = field(_INT, 0, "index into `order` of the player whose turn it is")
    acted: frozenset[str] = field(_SET, frozenset(), "battalions whose activation is over this turn")
    active: str | None = field(_WORD, None, "the battalion being activated (R12)", exact=True)
    moved: bool = field(_FLAG, False, "the active battalion made its standard move", exact=True)
    used: frozenset[tuple[str, str]] = field(_PAIRS, frozenset(), "(card, action) used this turn (R16)", exact=True)
    battle: Battle | None = field(_BATTLE, None, "the battle being fought", exact=True)
    step: Step = field(_STEP, Step.ACTIVATION, "where the game stands (flow.STEPS)", exact=True)
    pending: str | None = field(_WORD, None, "battalion owed a reward or a discard (R26)", exact=True)
    hiring: str | None = field(_WORD, None, "the Hireling chosen for a full battalion, still in the deck",
                               exact=True)
    dice: Dice = field(_DICE, None, "the random source", exact=True, factory=lambda: Dice(0))
    outcome: Outcome | None = field(_OUTCOME, None, "how the game ended, or None", exact=True)
    hands: FrozenList[FrozenList[str]] = field(_HANDS, _NONE, "before the game: each player's cards not yet in "
                                               "battalions", exact=True)
    zones: FrozenList[str] = field(_WORDS, _NONE, "each player's Starting Zone (\"\" while unchosen)", exact=True)
    pool: FrozenList[str] = field(_WORDS, _NONE, "cards still to draft (Chaos)", exact=True)
    revealed: frozenset[str] = field(_SET, frozenset(), "Fog of War: cards turned face up for now", exact=True)
    sieges: FrozenDict[str, int] = field(_COUNTS, _EMPTY, "variant siege_tokens: tokens on each Guild", exact=True)
    exhausted: frozenset[str] = field(_SET, frozenset(), "variant exhaustion: cards that used an action",
                                      exact=True)
    waits: FrozenList[int] = field(_INTS, _NONE, "variant catch_up: activations passed this round", exact=True)
    done: bool = field(_FLAG, False, "variant alternating_activation: this activation is over", exact=True)
    marks: FrozenDict[str, int] = field(_COUNTS, _EMPTY, "card -> the player it acted for this turn", exact=True,
                                        later={})
    awaiting: tuple[str, str, int] | None = field(_AWAITING, None, "explicit chance: (the decision, event "
                                                  "kind, n)", exact=True, later=None, optional=True)
    offer: tuple[int, tuple[int, ...]] | None = field(_OFFER, None, "a draw offered: (by whom, who accepted so "
                                                      "far)", exact=True, later=None, optional=True)

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


EXACT: tuple[str, ...] = tuple(f.name for f in State.FIELDS if f.exact)
"""The fields beyond a scenario's plain ones that an exported position needs to continue exactly."""
