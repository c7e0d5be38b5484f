"""Bots across the border (issue 21): our agents as OpenSpiel bots, OpenSpiel's bots in ``simulate``."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

import dictator_widget as dw  # noqa: E402
from dictator_widget.adapters.bots import AgentBot, from_openspiel, openspiel_mcts  # noqa: E402
from dictator_widget.adapters.openspiel import load  # noqa: E402
from dictator_widget.agents import GreedyAgent  # noqa: E402
from dictator_widget.experiments import simulate  # noqa: E402


def test_greedy_as_an_openspiel_bot_plays_a_whole_game() -> None:
    game = load("standard", "", 12)
    bots = [AgentBot(GreedyAgent(seed=1), 0, seed=1), UniformRandomBot(1, np.random.RandomState(2))]
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.game.is_over and sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("evaluator,simulations", [("value", 6), ("rollout", 2)])
def test_openspiel_mcts_plays_in_simulate(evaluator: str, simulations: int) -> None:
    theirs = from_openspiel(openspiel_mcts(simulations, evaluator), name="openspiel-mcts")
    df = simulate("standard", [theirs, "greedy"], games=1, seed=4, executor="serial", progress=False, turn_cap=3)
    assert len(df) == 1 and set(df["end_reason"]) <= {"annihilation", "mutual", "turn-cap"}
    assert set(df["agents"].str.split(",").explode()) == {"openspiel-mcts", "greedy"}   # the name it was given
    again = simulate("standard", [theirs, "greedy"], games=1, seed=4, executor="serial", progress=False,
                     turn_cap=3)
    assert list(df["record"]) == list(again["record"])           # same seed, same games


class Spy:
    """An OpenSpiel bot that keeps the states it was shown and plays the first legal action."""

    def __init__(self) -> None:
        self.states: list[Any] = []

    def __call__(self, game: Any, player: int, seed: int) -> Any:
        spy = self

        class Bot(pyspiel.Bot):  # type: ignore[misc]
            def __init__(self) -> None:
                pyspiel.Bot.__init__(self)

            def restart_at(self, state: Any) -> None:
                pass

            def step(self, state: Any) -> int:
                spy.states.append(state.clone())
                return int(state.legal_actions()[0])

        return Bot()


def test_an_openspiel_bot_is_shown_a_redrawn_game_not_the_hidden_truth() -> None:
    spy = Spy()
    agent = from_openspiel(spy, seed=5)
    game = dw.Game.new("fog-of-war", seed=6, placement="fixed")
    for _ in range(3):
        player = game.current_player
        action = agent.act(game)
        shown = spy.states[-1].game
        assert shown.view(player)["battalions"] == game.view(player)["battalions"]
        game.apply(action)
    assert shown.state.deck != game.state.deck or shown.state.battalions != game.state.battalions


def test_a_bot_that_chooses_an_illegal_action_is_named() -> None:
    class Bad(pyspiel.Bot):  # type: ignore[misc]
        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)

        def step(self, state: Any) -> int:
            return next(i for i in range(10_000) if i not in state.legal_actions())

    with pytest.raises(ValueError, match="not legal"):
        from_openspiel(Bad(), name="bad").act(dw.Game.new("standard", seed=1, placement="fixed"))
