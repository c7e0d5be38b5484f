"""The strength each agent promises, in seat-rotated batches (dw.simulate on a process pool)."""

from __future__ import annotations

import os

import pytest

import dictator_widget as dw

MCTS_BUDGET = "mcts:iterations=150"
"""The MCTS budget of the match against Greedy (see docs/what-if-lab.md)."""


def test_greedy_beats_random_in_90_percent_of_200_games() -> None:
    table = dw.simulate("standard", ["greedy", "random"], 200, seed=0, progress=False)
    assert list(table["seats"][:2]) == ["0,1", "1,0"]
    wins = int((table["winner_agent"] == 0).sum())
    assert wins >= 180, f"GreedyAgent won {wins} of 200"


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DW_LONG_TESTS"),
                    reason="about 15-20 minutes on 2 cores, beyond CI's budget: set DW_LONG_TESTS=1 to run")
@pytest.mark.xfail(strict=False, reason="not met yet: 45 of 100 (Greedy 52, 3 turn-cap) at 150 iterations")
def test_mcts_beats_greedy_in_more_than_60_percent_of_100_games() -> None:
    table = dw.simulate("standard", [MCTS_BUDGET, "greedy"], 100, seed=0, progress=False)
    wins = int((table["winner_agent"] == 0).sum())
    assert wins > 60, f"MCTSAgent won {wins} of 100"
