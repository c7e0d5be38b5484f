"""The registry of named card effects.

A card's action names an effect and gives its parameters in TOML; the effect
is a pair of small functions: ``targets`` lists what the action may be aimed
at right now (``[""]`` for an action without a target, ``[]`` when it cannot
be used), and ``apply`` does it. A teacher combines these in data; Python is
needed only for a new kind of effect.

>>> sorted(EFFECTS)[:4]
['add_type_strength', 'cancel_type', 'drain_energy', 'dump_card']
>>> EFFECTS["special_move"].phases
frozenset({'maneuvers'})
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import Message
from .state import ATTACKER, DEFENDER
from .vocabulary import BATTLE_PHASES, PHASES

if TYPE_CHECKING:
    from ..content.cards import Ability
    from .table import Table

CARD_TYPES = ("infantry", "par-infantry", "mech", "bio-mech")

Targets = Callable[["Table", "Ability", str, int], Sequence[str]]
Apply = Callable[["Table", "Ability", str, int, str], None]


@dataclass(frozen=True)
class Param:
    """One parameter of an effect: its kind, default and allowed values."""

    kind: str                       # "int", "side" or "types"/"type" (card types)
    default: Any = None             # None: required
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Message | None:
        """Return what was expected if ``value`` is wrong, else None."""
        if self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and self.minimum is not None and value < self.minimum:
                ok = False
            if ok and self.maximum is not None and value > self.maximum:
                ok = False
            return None if ok else Message("expected.whole_range", low=self.minimum, high=self.maximum)
        if self.kind == "side":
            return None if value in ("own", "enemy") else Message("expected.side")
        if self.kind == "type":
            return None if value in CARD_TYPES else Message("expected.one_of", options=list(CARD_TYPES))
        if self.kind == "types":
            ok = isinstance(value, list) and bool(value) and all(v in CARD_TYPES for v in value)
            return None if ok else Message("expected.types", options=list(CARD_TYPES))
        return Message("expected.kind", kind=self.kind)


@dataclass(frozen=True)
class Effect:
    name: str
    phases: frozenset[str]
    targets: Targets
    apply: Apply
    params: dict[str, Param] = field(default_factory=dict)
    summary: str = ""


EFFECTS: dict[str, Effect] = {}


def effect(name: str, phases: Sequence[str], summary: str,
           **params: Param) -> Callable[[Targets], Targets]:
    """Register ``targets`` under ``name``; its ``apply`` is registered by :func:`applies`."""

    def register(targets: Targets) -> Targets:
        EFFECTS[name] = Effect(name, frozenset(phases), targets, _missing, dict(params), summary)
        return targets

    return register


def applies(name: str) -> Callable[[Apply], Apply]:
    def register(fn: Apply) -> Apply:
        e = EFFECTS[name]
        EFFECTS[name] = Effect(e.name, e.phases, e.targets, fn, e.params, e.summary)
        return fn

    return register


def _missing(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    raise NotImplementedError(ab.effect)


NO_TARGET = ("",)


def _param(ab: Ability, key: str) -> Any:
    return ab.params[key]


# --- movement and Energy -------------------------------------------------------------

@effect("special_move", ["maneuvers"], "Move the battalion up to `range` sectors (R15).",
        range=Param("int", None, 1, 6))
def _special_move_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    return g.reachable(label, _param(ab, "range"))


@applies("special_move")
def _special_move(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    g.place(label, target)


@effect("gain_energy", PHASES, "Gain `amount` Energy (up to the Energy Scale's maximum).",
        amount=Param("int", None, 1, 6))
def _gain_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    return NO_TARGET


@applies("gain_energy")
def _gain(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    g.gain(g.state.battalions[label].owner, _param(ab, "amount"))


@effect("drain_energy", BATTLE_PHASES,
        "The enemy player loses `amount` Energy, all they have if less (R5).",
        amount=Param("int", None, 1, 6))
def _drain_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    return NO_TARGET if b.sides[1 - side] and g.state.energy[b.owners[1 - side]] > 0 else ()


@applies("drain_energy")
def _drain(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    g.drain(b.owners[1 - side], _param(ab, "amount"))


# --- Strength -------------------------------------------------------------------------

@effect("strength", ["strength"], "Change the own or the enemy side's Strength by `amount` (R21).",
        amount=Param("int", None, -6, 6), side=Param("side"))
def _strength_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    return NO_TARGET


@applies("strength")
def _strength(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    who = side if _param(ab, "side") == "own" else 1 - side
    b.add_strength(who, _param(ab, "amount"))


@effect("cancel_type", ["condition"],
        "Enemy cards of `type` add no Strength in this battle; their actions still work.",
        type=Param("type"))
def _cancel_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    kind = _param(ab, "type")
    if kind in b.cancelled[1 - side]:
        return ()
    enemy = g.state.side_cards(1 - side)
    return NO_TARGET if any(g.cards[c].type == kind for c in enemy) else ()


@applies("cancel_type")
def _cancel(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    cancelled = list(b.cancelled)
    cancelled[1 - side] = cancelled[1 - side] | {_param(ab, "type")}
    b.cancelled = (cancelled[0], cancelled[1])


@effect("add_type_strength", ["strength"],
        "Add once more the Strength of one chosen card of `type` in the own battalion.",
        type=Param("type"))
def _add_type_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    kind = _param(ab, "type")
    if kind in b.cancelled[side]:
        return ()
    return [c for c in g.state.battalions[label].cards if g.cards[c].type == kind]


@applies("add_type_strength")
def _add_type(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    b.add_strength(side, g.cards[target].strength)


# --- dice -----------------------------------------------------------------------------

@effect("reroll", ["collision"], "The own or the enemy side re-rolls its die (R22).",
        side=Param("side"))
def _reroll_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    return NO_TARGET if b.rolled else ()


@applies("reroll")
def _reroll(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    who = side if _param(ab, "side") == "own" else 1 - side
    g.roll(who)


# --- cards after the battle -----------------------------------------------------------

def _loser(g: Table, side: int) -> str | None:
    """The losing battalion's label when it is the other side's, else None."""
    b = g.state.battle
    assert b is not None
    if b.winner in (ATTACKER, DEFENDER) and b.winner != 1 - side:
        return b.sides[1 - side] if b.sides[1 - side] in g.state.battalions else None
    return None


@effect("dump_card", ["damage"],
        "Put a chosen card of the enemy battalion into the Dump (Guards protect their types).")
def _dump_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    enemy = b.sides[1 - side]
    if enemy is None or enemy not in g.state.battalions:
        return ()
    return g.exposed(enemy)


@applies("dump_card")
def _dump(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    enemy = b.sides[1 - side]
    assert enemy is not None
    g.discard(enemy, target)


@effect("extra_damage", ["damage"],
        "Damage one more undamaged card of the losing enemy battalion (Guards protect).")
def _extra_damage_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    loser = _loser(g, side)
    if loser is None:
        return ()
    return [c for c in g.exposed(loser) if c not in g.state.damaged]


@applies("extra_damage")
def _extra_damage(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    g.damage(target)


@effect("take_damaged", ["damage"],
        "Take the card damaged in this battle from the losing battalion in place of this card, "
        "which goes to the Dump (Genomorph).")
def _take_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    loser = _loser(g, side)
    if loser is None or b.damaged is None or b.damaged not in g.state.battalions[loser].cards:
        return ()
    return (b.damaged,)


@applies("take_damaged")
def _take(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    loser = _loser(g, side)
    assert loser is not None
    g.take_card(loser, target, label, ab.card)


@effect("repair", ["maneuvers", "condition", "strength", "collision", "damage"],
        "Restore a chosen damaged card of the own battalion, not this card itself (R18: \"other cards\").")
def _repair_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    damaged = g.state.damaged
    return [c for c in g.state.battalions[label].cards if c in damaged and c != ab.card]


@applies("repair")
def _repair(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    g.repair(target)


# --- Guilds ---------------------------------------------------------------------------

@effect("hireling_pick", ["condition"],
        "If this battle captures a Guild, choose the Hireling from the top `count` cards (R26).",
        count=Param("int", None, 2, 10))
def _pick_targets(g: Table, ab: Ability, label: str, side: int) -> Sequence[str]:
    b = g.state.battle
    assert b is not None
    ok = b.guild is not None and side == ATTACKER and b.pick < _param(ab, "count")
    return NO_TARGET if ok and len(g.state.deck) > 1 else ()


@applies("hireling_pick")
def _pick(g: Table, ab: Ability, label: str, side: int, target: str) -> None:
    b = g.state.battle
    assert b is not None
    b.pick = _param(ab, "count")


# --- passive abilities ----------------------------------------------------------------

PASSIVES: dict[str, dict[str, Param]] = {
    # Enemy card actions cannot choose cards of these types in this battalion.
    "guard": {"types": Param("types")},
}
