"""The strength each agent promises, in seat-rotated batches (dw.simulate on a process pool)."""

from __future__ import annotations

import pytest

import dictator_widget as dw

MCTS_BUDGET = "mcts:iterations=200"
"""The MCTS budget of the match against Greedy (see docs/what-if-lab.md)."""


def test_greedy_beats_random_in_90_percent_of_200_games() -> None:
    table = dw.simulate("standard", ["greedy", "random"], 200, seed=0, progress=False)
    assert list(table["seats"][:2]) == ["0,1", "1,0"]
    wins = int((table["winner_agent"] == 0).sum())
    assert wins >= 180, f"GreedyAgent won {wins} of 200"


@pytest.mark.match         # about 6 minutes on 2 idle cores
def test_mcts_beats_greedy_in_more_than_60_percent_of_100_games() -> None:
    table = dw.simulate("standard", [MCTS_BUDGET, "greedy"], 100, seed=0, progress=False)
    wins = int((table["winner_agent"] == 0).sum())
    assert wins > 60, f"MCTSAgent won {wins} of 100"
