"""Battles (R19-R26) as a table the engine walks, boardgame.io style.

Each phase lists its stages in order: ``attacker`` and ``defender`` are the
sides' card actions (attacker first, R19), ``dice`` is the roll (R22; against a
Guild the attacker may skip a roll that cannot change the outcome, R25), ``loser``
is the loser's choice of the card to damage (R23). A stage with no choice to make
is resolved by the engine (``dice``: the roll) or passed over; a stage with
exactly one forced choice is made by the engine and logged.
``begin`` and ``end`` name what happens on entering and leaving a phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action, make
from .effects import EFFECTS
from .fields import FrozenList
from .state import ATTACKER, DEFENDER, DRAW, Battle
from .vocabulary import Phase

if TYPE_CHECKING:
    from ..content.cards import Ability
    from .game import Game
    from .table import Table


@dataclass(frozen=True)
class BattlePhase:
    name: Phase
    stages: tuple[str, ...]
    begin: str = ""
    end: str = ""


FLOW: tuple[BattlePhase, ...] = (
    BattlePhase(Phase.CONDITION, ("attacker", "defender")),                          # R20
    BattlePhase(Phase.STRENGTH, ("attacker", "defender"), begin="count"),            # R21
    BattlePhase(Phase.COLLISION, ("dice", "attacker", "defender"), end="decide"),    # R22
    BattlePhase(Phase.DAMAGE, ("loser", "attacker", "defender"), end="annihilate"),  # R23, R24
)
"""A battle's four phases in order, each with its stages: the table the engine walks."""

PASS = Action("pass")
ROLL = Action("roll")
SKIP_ROLL = Action("skip-roll")


def passed(g: Table, b: Battle) -> None:
    """A side passes (or has nothing to do). Normally its stage ends; with the variant
    reactive_phases the other side may answer, and the phase ends after two passes in a row."""
    stages = FLOW[b.phase].stages
    if not g.variant("reactive_phases") or stage(b) == "loser":
        b.stage += 1
        return
    b.passes += 1
    if b.passes >= 2:
        b.stage = len(stages)
    else:
        _switch(b)


def acted(g: Table, b: Battle) -> None:
    """A side used an action: with reactive_phases the other side answers next."""
    if g.variant("reactive_phases") and stage(b) != "loser":
        b.passes = 0
        _switch(b)


def _switch(b: Battle) -> None:
    stages = FLOW[b.phase].stages
    b.stage = stages.index("defender" if stage(b) == "attacker" else "attacker")


def stage(b: Battle) -> str:
    return FLOW[b.phase].stages[b.stage]


def stage_owner(g: Table, b: Battle) -> int:
    """The player who owes the decision at the battle's current stage."""
    name = stage(b)
    if name == "loser":
        assert b.winner in (ATTACKER, DEFENDER)
        return b.owners[1 - b.winner]
    return b.owners[DEFENDER if name == "defender" else ATTACKER]


def when_ok(ab: Ability, b: Battle, side: int) -> bool:
    """The ``when`` conditions of a card action, in this battle, for this side."""
    for w in ab.when:
        if w == "won" and b.winner != side:
            return False
        if w == "lost" and b.winner != 1 - side:
            return False
        if w == "vs-guild" and b.guild is None:
            return False
        if w == "vs-battalion" and b.guild is not None:
            return False
        if w == "attacking" and side != ATTACKER:
            return False
        if w == "defending" and side != DEFENDER:
            return False
        if w == "rolled" and not b.rolled:
            return False
    return True


def options(g: Table, b: Battle) -> list[Action]:
    """The choices owed at the current stage (empty: nothing to decide)."""
    name = stage(b)
    s = g.state
    if name == "dice":
        return [ROLL, SKIP_ROLL] if roll_is_moot(g, b) else []
    if name == "loser":
        if b.winner not in (ATTACKER, DEFENDER) or b.damaged is not None:
            return []
        loser = b.sides[1 - b.winner]
        if loser is None or loser not in s.battalions:
            return []
        return [make("damage", card=c) for c in s.battalions[loser].cards if c not in s.damaged]
    side = ATTACKER if name == "attacker" else DEFENDER
    label = b.sides[side]
    if label is None or (bat := s.battalions.get(label)) is None:
        return []
    phase = FLOW[b.phase].name
    out: list[Action] = []
    abilities = g.cards.actions_in(bat.cards, phase)
    if abilities:
        owner = b.owners[side]
        energy = s.energy[owner]
        # R23: Damage-phase actions concern damaged cards and losing battalions; after a draw only
        # an action aimed at a damaged card of the side's own battalion (a repair) has anything to act on.
        no_loser = phase == Phase.DAMAGE and b.winner not in (ATTACKER, DEFENDER)
        exhausted, marks, used = s.exhausted, s.marks, b.used
        for c, ab in abilities:
            if ab.cost > energy or (c, ab.id) in used or c in exhausted or (marks and g.acted_elsewhere(c, owner)):
                continue
            if ab.when and not when_ok(ab, b, side):
                continue
            for t in EFFECTS[ab.effect].targets(g, ab, label, side):
                if no_loser and (t not in s.damaged or t not in bat.cards):
                    continue
                out.append(make("use", "", c, ab.id, t))
    if g.mission.hidden and b.guild is not None and side == ATTACKER and phase in (Phase.CONDITION, Phase.STRENGTH):
        out += [make("reveal", card=c) for c in bat.cards if c not in s.revealed]   # M4
    if out or (g.mission.hidden and not s.revealed.issuperset(bat.cards)):
        # M4: a side with a face-down card is asked even with nothing to do, or the others would
        # learn from the stop (or the skip) that a hidden card has (or has not) an action here.
        out.append(PASS)
    return out


def strength(g: Table | Game, b: Battle, side: int) -> int:
    """A side's Strength: its cards (less cancelled types) plus action changes, at least 0."""
    label = b.sides[side]
    if label is None:
        base = g.rules.guild_strength
    elif (bat := g.state.battalions.get(label)) is not None:
        off = b.cancelled[side]
        cards = g.cards
        base = 0
        strength_type = cards.strength_type
        if off:
            for c in bat.cards:
                points, kind = strength_type[c]
                if kind not in off:
                    base += points
        else:                                         # nothing cancelled (most battles)
            for c in bat.cards:
                base += strength_type[c][0]
        if b.guild is not None:
            if g.mission.hidden:                      # M4: against a Guild a face-down card counts 1
                down = [c for c in bat.cards if c not in g.state.revealed]
                base += sum(1 - cards[c].strength for c in down if cards[c].type not in off)
            base += g.state.sieges.get(b.guild, 0)    # variant siege_tokens
    else:
        base = 0
    return max(0, base + b.mods[side])


def totals(g: Table | Game, b: Battle) -> tuple[int, int]:
    return strength(g, b, ATTACKER) + b.dice[0], strength(g, b, DEFENDER) + b.dice[1]


# --- phase hooks ----------------------------------------------------------------------

def count(g: Table, b: Battle) -> None:
    if not g.quiet:                                   # only the log wants the count (a search's copies keep none)
        g.record("strength", attacker=strength(g, b, ATTACKER), defender=strength(g, b, DEFENDER))


def roll_is_moot(g: Table, b: Battle) -> bool:
    """R25: against a Guild, is the attacker so strong that no roll can change the outcome?
    (Then the attacker may skip it.)"""
    if b.guild is None or b.rolled:
        return False
    return strength(g, b, ATTACKER) + 1 > strength(g, b, DEFENDER) + g.rules.die


def skip_roll(g: Table, b: Battle) -> None:
    """R25: the attacker skips a roll that cannot change the outcome."""
    g.record("roll_skipped")
    b.stage += 1


def roll(g: Table, b: Battle) -> None:
    """R22: both sides roll and add their Strength."""
    n = g.rules.die
    b.dice = FrozenList([g.dice().roll(n), g.dice().roll(n)])
    b.rolled = True
    if not g.quiet:
        ta, td = totals(g, b)
        g.record("roll", attacker=b.dice[0], defender=b.dice[1], attacker_total=ta, defender_total=td)
    b.stage += 1


def resolve(g: Table, b: Battle) -> None:
    """The current stage holds no choice: roll the dice, or the side has nothing to do."""
    if stage(b) == "dice":
        roll(g, b)
    else:
        passed(g, b)


def decide(g: Table, b: Battle) -> None:
    ta, td = totals(g, b)
    if ta == td:
        b.winner = DRAW
        g.record("draw", total=ta, other_total=td)
        return
    b.winner = ATTACKER if ta > td else DEFENDER
    label = b.sides[b.winner]
    high, low = max(ta, td), min(ta, td)
    if label is None:
        g.record("guild_wins", total=high, other_total=low)
    else:
        g.record("winner", battalion=label, total=high, other_total=low)


def annihilate(g: Table, b: Battle) -> None:
    """R24: a battalion whose cards are all damaged (or that has none) is removed."""
    for label in b.sides:
        if label is not None and label in g.state.battalions:
            cards = g.state.battalions[label].cards
            if all(c in g.state.damaged for c in cards):
                g.remove_battalion(label)
    g.check_victory()


HOOKS = {"count": count, "decide": decide, "annihilate": annihilate}
