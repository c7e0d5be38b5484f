"""The turn flow as a table (engine/rules/flow.py): each step's decision, owner, options, what the engine
resolves without a choice and what may follow; ``state.step`` and ``outcome`` typed with the game's words."""

from __future__ import annotations

import random

import dictator_widget as dw
from dictator_widget.engine.rules.flow import STEPS
from dictator_widget.engine.rules.vocabulary import Decision, EndReason, Step


def test_every_step_has_its_entry_and_every_decision_a_step_that_owes_it() -> None:
    assert list(STEPS) == list(Step)
    fixed = {spec.decision for spec in STEPS.values() if isinstance(spec.decision, Decision)}
    battle = {Decision.CONDITION, Decision.STRENGTH, Decision.COLLISION, Decision.DAMAGE}   # the battle's stages
    assert fixed | battle | {Decision.CHANCE} == set(Decision)
    for step, spec in STEPS.items():
        assert step not in spec.next and all(isinstance(n, Step) for n in spec.next) and spec.rules


def reach(step: Step) -> set[Step]:
    """The steps that may follow ``step`` through the table's ``next``, ``over`` always (a resignation)."""
    seen, todo = {step, Step.OVER}, [step]
    while todo:
        for n in STEPS[todo.pop()].next:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_random_games_move_only_where_the_table_says_with_typed_steps_and_outcomes() -> None:
    moves: set[tuple[Step, Step]] = set()
    for mission, kw in [("chaos", {}), ("fog-of-war+regrouping", {"chance": "explicit"}),
                        ("standard", {"variants": {"roll_off_setup": True, "alternating_activation": True,
                                                   "catch_up": True}}),
                        ("standard", {"variants": {"reactive_phases": True}}), ("triumvirate", {})]:
        for seed in range(2):
            game = dw.Game.new(mission, seed=seed, turn_cap=30, **kw)
            rng = random.Random(seed)
            while not game.is_over:
                before = game.state.step
                if game.is_chance:              # waits at the step its decision began from (the set-up's: none yet)
                    game.apply(rng.choice([a for a, _ in game.chance_outcomes()]))
                    continue
                spec = STEPS[before]
                assert game.decision == spec.owed(game.state) and game.current_player == spec.owner(game._table)
                game.apply(rng.choice(game.legal_actions()))
                after = game.state.step
                assert type(after) is Step and after in reach(before), (before, after)
                moves.add((before, after))
            assert type(game.outcome) is dw.Outcome and type(game.outcome.reason) is EndReason
            assert game.winner == game.outcome.winner and game.end_reason == game.outcome.reason
            again = dw.Game.from_json(game.to_json())
            assert type(again.state.step) is Step and again.outcome == game.outcome
            assert type(again.outcome) is dw.Outcome and type(again.outcome.reason) is EndReason
    assert {(Step.SPLIT, Step.ZONE), (Step.DRAFT, Step.FORM), (Step.ACTIVATION, Step.BATTLE),
            (Step.BATTLE, Step.REWARD), (Step.REWARD, Step.DISCARD)} <= moves


def test_an_outcome_is_a_value_like_python_chess() -> None:
    assert dw.Outcome(EndReason.ANNIHILATION, 1).result() == "0-1"
    assert dw.Outcome(EndReason.TURN_CAP, None).result() == "1/2-1/2"
    assert dw.Outcome(EndReason.MUTUAL, None) == ("mutual", None)
