"""Bot levels a class can choose: each beats the one below it (studies/levels.py measures them at size)."""

from __future__ import annotations

import pytest

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, MCTSAgent, make_agent
from dictator_widget.agents.levels import LEVELS, level_name
from dictator_widget.experiments.metrics import wilson


def test_levels_are_agents_by_name_with_english_and_russian_names() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    easy, normal, hard = (make_agent(level, seed=1) for level in LEVELS)
    assert isinstance(easy, GreedyAgent) and easy.temperature > 0
    assert isinstance(normal, GreedyAgent) and normal.temperature == 0
    assert isinstance(hard, MCTSAgent) and hard.iterations == 100
    assert make_agent("hard:iterations=20").iterations == 20                  # a level takes options too
    assert [level_name(level, "ru") for level in LEVELS] == ["лёгкий", "средний", "сильный"]
    assert [level_name(level, "en") for level in LEVELS] == ["easy", "normal", "hard"]
    with pytest.raises(dw.DictatorError, match="the levels \\['easy', 'normal', 'hard'\\]"):
        make_agent("expert")


@pytest.mark.parametrize(("upper", "lower", "games"), [("easy", "random", 20), ("normal", "easy", 60)])
def test_a_level_beats_the_one_below_it(upper: str, lower: str, games: int) -> None:
    """The upper level's share of the decisive games of a seat-rotated batch is above one half with 95%
    confidence (Wilson). The sizes are the smallest at which the level below in its place fails (normal
    against normal: 28 of 59, lower bound 0.35; random against random: 10 of 17); normal v easy 40 of 59
    (lower bound 0.55), easy v random 17 of 19. The hard level's test is on fixed positions
    (test_strength.py: ``test_mcts_finds_the_better_action_where_greedy_errs``)."""
    table = dw.simulate("standard", [upper, lower], games, seed=0, executor="serial", progress=False, record=False)
    decisive = table[table["winner_agent"].notna()]
    won = int((decisive["winner_agent"] == 0).sum())
    assert wilson(won, len(decisive))[0] > 0.5, f"{upper} won {won} of {len(decisive)} decisive games v {lower}"
