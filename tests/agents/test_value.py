"""The learned evaluation: weights that fit their features, and predictions better than a coin."""

from __future__ import annotations

import json
from math import log

import pytest

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, value


def test_weights_file_names_the_features_it_was_fitted_for() -> None:
    data = json.loads(value.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["features"] == list(value.FEATURES)
    assert len(data["weights"]) == len(value.FEATURES)
    weights, _ = value.weights()
    assert weights[value.FEATURES.index("undamaged")] > 0       # sound cards keep battalions alive


def _turn_starts(seed: int) -> tuple[list[list[float]], int | None]:
    """The learned evaluation at the start of every turn of a Greedy game, and its winner."""
    game = dw.Game.new("standard", seed=seed)
    agents = [GreedyAgent(seed=seed), GreedyAgent(seed=seed + 1)]
    seen = []
    last = -1
    while not game.is_over:
        s = game.state
        if s.step == "activation" and s.turn != last and not s.acted:
            last = s.turn
            seen.append(value.win_chances(game))
        game.apply(agents[game.current_player].act(game))
    return seen, game.winner


def test_learned_evaluation_predicts_unseen_games_far_better_than_a_coin() -> None:
    # Seeds far from the fitting script's (0..999), so these games were not in its data.
    total = 0.0
    rows = 0
    for seed in range(900_000, 900_040):
        seen, winner = _turn_starts(seed)
        for chances in seen:
            for p in (0, 1):
                y = 0.5 if winner is None else float(winner == p)
                q = min(max(chances[p], 1e-9), 1 - 1e-9)
                total -= y * log(q) + (1 - y) * log(1 - q)
                rows += 1
    loss = total / rows
    assert loss < 0.58 < log(2), f"learned log-loss {loss:.3f} (a coin: {log(2):.3f})"


def test_finished_games_score_exactly() -> None:
    game = dw.Game.new("standard", seed=3)
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    while not game.is_over:
        game.apply(agents[game.current_player].act(game))
    chances = value.win_chances(game)
    assert chances == ([0.5, 0.5] if game.winner is None else [float(p == game.winner) for p in (0, 1)])


@pytest.mark.parametrize("mission", ["triumvirate", "dissension"])
def test_win_chances_cover_every_player_of_larger_games(mission: str) -> None:
    game = dw.Game.new(mission, seed=2)
    agents = [GreedyAgent(seed=p) for p in range(game.num_players)]
    while not game.is_over and game.turn < 8:
        game.apply(agents[game.current_player].act(game))
    chances = value.win_chances(game)
    assert len(chances) == game.num_players
    assert abs(sum(chances) - 1) < 1e-9 and all(0 <= c <= 1 for c in chances)
