"""Random play to the end: invariants after every decision; clone, save and undo agree."""

from __future__ import annotations

import random

import pytest
from invariants import check

import dictator_widget as dw

GAMES = 300


def _finish(game: dw.Game, seed: int) -> str:
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.to_json()


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_the_invariants(block: int) -> None:
    ends = set()
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        rng = random.Random(seed)
        game = dw.Game.new("standard", seed=seed)
        check(game)
        probe = rng.randrange(1, 300)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            before = game.to_json() if len(game.history) % 97 == 0 else None
            game.apply(action)
            check(game)
            if before is not None:                              # undo restores the exact position
                game.undo()
                assert game.to_json() == before
                game.apply(action)
            if len(game.history) == probe:                      # clone and save continue identically
                follow = seed * 31 + 1
                expected = _finish(game.clone(), follow)
                assert _finish(dw.Game.from_json(game.to_json()), follow) == expected
        ends.add(game.end_reason)
    assert ends <= {"annihilation", "mutual", "turn-cap"}


def test_same_seed_same_game() -> None:
    assert _finish(dw.Game.new(seed=5), 1) == _finish(dw.Game.new(seed=5), 1)
    assert _finish(dw.Game.new(seed=5), 1) != _finish(dw.Game.new(seed=6), 1)
