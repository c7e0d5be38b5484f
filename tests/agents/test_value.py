"""The learned evaluation: weights that fit their features, and predictions better than a coin."""

from __future__ import annotations

import json
from math import log

import pytest
from helpers import position

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, value


def test_weights_file_names_the_facts_it_was_fitted_for_and_every_card() -> None:
    data = json.loads(value.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["facts"] == list(value.FACTS)
    assert len(data["weights"]) == len(value.FACTS)
    w = value.weights()
    assert w.facts[value.FACTS.index("undamaged")] > 0           # sound cards keep battalions alive
    assert sorted(w.cards) == sorted(dw.Game.new("standard", seed=0, placement="fixed").cards)
    assert all(len(pair) == 2 for pair in w.cards.values())


def test_the_cards_feature_is_the_worth_of_the_cards_held_sound_or_damaged() -> None:
    game = position({"A1": ("d4", ["T04", "T05"]), "B1": ("g4", ["C04"])}, damaged=["T05"])
    assert value.held_cards(game) == [[("T04", 0), ("T05", 1)], [("C04", 0)]]
    worth = value.weights().cards
    f = value.features(game)
    assert f[0][value.CARDS] == worth["T04"][0] + worth["T05"][1]
    assert f[1][value.CARDS] == worth["C04"][0]
    mover = 1 if game.state.player == 0 else -1
    assert value.logit(f[0], f[1], mover) == pytest.approx(
        sum(w * (a - b) for w, a, b in zip(value.weights().facts, f[0], f[1], strict=False))
        + f[0][value.CARDS] - f[1][value.CARDS] + value.weights().to_move * mover)


def _turn_starts(seed: int) -> tuple[list[list[float]], int | None]:
    """The learned evaluation at the start of every turn of a Greedy game, and its winner."""
    game = dw.Game.new("standard", seed=seed, placement="fixed")
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
    game = dw.Game.new("standard", seed=3, placement="fixed")
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    while not game.is_over:
        game.apply(agents[game.current_player].act(game))
    chances = value.win_chances(game)
    assert chances == ([0.5, 0.5] if game.winner is None else [float(p == game.winner) for p in (0, 1)])


def test_a_second_sets_copy_counts_as_its_original() -> None:
    game = dw.Game.new("double-strike", seed=0, placement="fixed")
    held = [card for player in value.held_cards(game) for card, _ in player]
    assert any(c.endswith("b") for b in game.state.battalions.values() for c in b.cards)
    assert set(held) <= set(value.weights().cards)


@pytest.mark.parametrize("mission", ["triumvirate", "dissension"])
def test_win_chances_cover_every_player_of_larger_games(mission: str) -> None:
    game = dw.Game.new(mission, seed=2, placement="fixed")
    agents = [GreedyAgent(seed=p) for p in range(game.num_players)]
    while not game.is_over and game.turn < 8:
        game.apply(agents[game.current_player].act(game))
    chances = value.win_chances(game)
    assert len(chances) == game.num_players
    assert abs(sum(chances) - 1) < 1e-9 and all(0 <= c <= 1 for c in chances)
