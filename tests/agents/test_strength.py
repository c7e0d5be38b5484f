"""The strength each agent promises, in seat-rotated batches (dw.simulate on a process pool)."""

from __future__ import annotations

import pytest

import dictator_widget as dw
from dictator_widget.experiments.sequential import sequential_match

MCTS_BUDGET = "mcts:iterations=100"
"""The MCTS budget of the match against Greedy: as strong as 200 iterations against it at two thirds of the
time (71 and 69 of 100 games, docs/what-if-lab.md)."""


def test_greedy_beats_random_in_90_percent_of_200_games() -> None:
    table = dw.simulate("standard", ["greedy", "random"], 200, seed=0, progress=False)
    assert list(table["seats"][:2]) == ["0,1", "1,0"]
    wins = int((table["winner_agent"] == 0).sum())
    assert wins >= 180, f"GreedyAgent won {wins} of 200"


@pytest.mark.match         # about 2 minutes on 2 idle cores (40 games)
def test_mcts_beats_greedy_by_a_sequential_test() -> None:
    """Wald's test between win rates 0.5 (no better than Greedy) and 0.66 (docs/what-if-lab.md), errors 5%
    each: it stops as soon as the games show which, in seat-rotated order from seed 0, never later than 100
    games."""
    verdict = sequential_match("standard", [MCTS_BUDGET, "greedy"], p0=0.5, p1=0.66, max_games=100, seed=0)
    assert verdict.decision == "p1", f"MCTSAgent: {verdict}"
