"""The game's steps as a table the engine walks, as a battle walks :data:`battle.FLOW <.battle.FLOW>`.

Each step (``state.step``, a :class:`~.vocabulary.Step`) names the decision it owes, who owes it, its
options, what the engine resolves in it without a choice (``resolve``: a forced choice, a battle's empty
stages, the end of a turn) and the steps that may follow it. ``Game.decision``, ``Game.current_player`` and
``Game.legal_actions`` read the table; ``Table.advance`` walks it after each decision. Any step may also end
in ``over`` by a table action (a resignation, an agreed draw).

>>> STEPS[Step.REWARD].decision, STEPS[Step.REWARD].next
('reward', ('discard', 'activation'))
>>> [str(step) for step in STEPS if STEPS[step].resolve is not None]
['zone', 'deploy', 'activation', 'battle', 'reward']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import battle, maneuvers, setup, spoils
from .actions import Action
from .vocabulary import Decision, Step

if TYPE_CHECKING:
    from .state import State
    from .table import Table


@dataclass(frozen=True)
class StepSpec:
    """One step of the game: the decision owed, who owes it, the options, what the engine resolves in it
    with no choice to make (None: nothing), the steps that may follow, and the rules it plays."""

    decision: Decision | Callable[[State], Decision]
    owner: Callable[[Table], int | None]
    options: Callable[[Table], list[Action]]
    resolve: Callable[[Table], None] | None
    next: tuple[Step, ...]
    rules: str

    def owed(self, s: State) -> Decision:
        """The decision owed at this step in position ``s``."""
        return self.decision if isinstance(self.decision, Decision) else self.decision(s)


def _seat(t: Table) -> int:
    """The player whose turn (or set-up choice) it is."""
    return t.state.player


def _pending(t: Table) -> int:
    """The owner of the battalion owed a reward or a discard (R26)."""
    s = t.state
    assert s.pending is not None
    return s.battalions[s.pending].owner


def _nobody(t: Table) -> None:
    return None


def _nothing(t: Table) -> list[Action]:
    return []


def _forced_setup(t: Table) -> None:
    """The last Starting Zone, a player's last battalion token: one place left, so the engine places it."""
    s = t.state
    step = s.step
    while s.step == step:
        forced = setup.options(t)
        if len(forced) != 1:
            return
        setup.apply(t, forced[0])


def _end_of_activations(t: Table) -> None:
    """R12: when the player's battalions have all acted the turn passes (alternating activation: the
    activation passes to the next player with a battalion to activate)."""
    s = t.state
    if s.outcome is not None or s.active is not None:
        return
    if t.variant("alternating_activation"):
        if s.done or not t.unacted(s.player):
            t.hand_over()
    elif not t.unacted(s.player):
        t.end_turn()


def _battle_decision(s: State) -> Decision:
    b = s.battle
    assert b is not None
    return Decision.DAMAGE if battle.stage(b) == "loser" else Decision(battle.FLOW[b.phase].name)


def _battle_owner(t: Table) -> int:
    assert t.state.battle is not None
    return battle.stage_owner(t, t.state.battle)


def _battle_options(t: Table) -> list[Action]:
    assert t.state.battle is not None
    return battle.options(t, t.state.battle)


def _walk_battle(t: Table) -> None:
    """Walk :data:`battle.FLOW <.battle.FLOW>` until a side owes a choice (its options are then the legal
    actions: ``t.legal``) or the battle ends: a stage with no choice is resolved, a forced damage choice made."""
    s = t.state
    while s.step == Step.BATTLE and s.outcome is None:
        b = s.battle
        assert b is not None
        phase = battle.FLOW[b.phase]
        if b.stage < len(phase.stages):
            opts = battle.options(t, b)
            if len(opts) == 1 and opts[0].kind == "damage":      # a forced choice
                t.damage_choice(opts[0].card)
                continue
            if opts:
                t.legal = opts
                return
            battle.resolve(t, b)
            continue
        if phase.end:
            battle.HOOKS[phase.end](t, b)
        if b.phase + 1 < len(battle.FLOW):
            b.phase += 1
            b.stage = 0
            t.begin_phase()
        else:
            t.after_battle()


def _forced_reward(t: Table) -> None:
    """R26: with the Hireling deck empty the reward is the Energy."""
    if len(spoils.options(t)) == 1:
        spoils.reward(t, Action("energy"))


STEPS: dict[Step, StepSpec] = {
    Step.SPLIT: StepSpec(Decision.SPLIT, _seat, setup.options, None, (Step.ZONE,), "variant roll_off_setup"),
    Step.ZONE: StepSpec(Decision.ZONE, _seat, setup.options, _forced_setup,
                        (Step.DRAFT, Step.FORM, Step.DEPLOY, Step.ACTIVATION), "R9, M1"),
    Step.DRAFT: StepSpec(Decision.DRAFT, _seat, setup.options, None, (Step.FORM, Step.ACTIVATION), "M3"),
    Step.FORM: StepSpec(Decision.FORM, _seat, setup.options, None, (Step.DEPLOY, Step.ACTIVATION), "M2, M3, M5, M6"),
    Step.DEPLOY: StepSpec(Decision.DEPLOY, _seat, setup.options, _forced_setup, (Step.ACTIVATION,), "R9"),
    Step.ACTIVATION: StepSpec(Decision.ACTIVATION, _seat, maneuvers.options, _end_of_activations,
                              (Step.BATTLE, Step.OVER), "R12-R17"),
    Step.BATTLE: StepSpec(_battle_decision, _battle_owner, _battle_options, _walk_battle,
                          (Step.REWARD, Step.ACTIVATION, Step.OVER), "R19-R25"),
    Step.REWARD: StepSpec(Decision.REWARD, _pending, spoils.options, _forced_reward,
                          (Step.DISCARD, Step.ACTIVATION), "R26"),
    Step.DISCARD: StepSpec(Decision.DISCARD, _pending, spoils.discard_options, None, (Step.ACTIVATION,), "R26"),
    Step.OVER: StepSpec(Decision.OVER, _nobody, _nothing, None, (), "R27"),
}
"""Every step of a game, in the order a game meets them: the table ``Table.advance`` walks."""


def advance(t: Table) -> None:
    """Resolve every step that holds no choice, until a decision is owed or the game ends: each step's
    ``resolve``, again as long as it moves the game to another step."""
    s = t.state
    while True:
        step = s.step
        resolve = STEPS[step].resolve
        if resolve is None:
            return
        resolve(t)
        if s.step == step:
            return
