"""Random play to the end: invariants after every decision; clone, save and undo agree."""

from __future__ import annotations

import random

import pytest
from invariants import check

import dictator_widget as dw

GAMES = 200


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


@pytest.mark.parametrize("mission", ["standard", "training", "fog-of-war", "chaos", "triumvirate"])
def test_undo_snapshots_never_change(mission: str) -> None:
    """A position's containers are shared with the snapshots before it (replaced, never changed in
    place): undoing a whole game must meet every position exactly as it was when it was left."""
    seen = []
    game = dw.Game.new(mission, seed=5, variants={"exhaustion": True} if mission == "chaos" else None)
    rng = random.Random(5)
    while not game.is_over:
        seen.append(game.state.to_json())
        game.apply(rng.choice(game.legal_actions()))
    assert len(seen) > 50
    while seen:
        game.undo()
        assert game.state.to_json() == seen.pop()


@pytest.mark.parametrize("mission", ["standard", "dissension"])
def test_one_battalions_options_are_its_share_of_the_legal_actions(mission: str) -> None:
    """``Game.apply`` checks an activation action by its battalion's options alone (``allows``): they must
    be exactly the legal actions that name it, in every position of random games, and the actions legal
    a step before (or in a game one step behind) must be allowed exactly when they are legal now."""
    from dictator_widget.engine.rules.maneuvers import allows, options_of

    for seed in range(3):
        rng = random.Random(seed)
        game = dw.Game.new(mission, seed=seed, variants={"alternating_activation": seed == 2})
        before: list[dw.Action] = []
        while not game.is_over:
            legal = game.legal_actions()
            if game.state.step == "activation":
                for label in game.state.battalions:
                    assert options_of(game._table, label) == [a for a in legal if a.battalion == label], label
                for act in legal + before:
                    if act.battalion:
                        assert allows(game._table, act) == (act in legal), act
            before = legal
            game.apply(rng.choice(legal))


def test_a_battle_copy_has_every_field() -> None:
    """``Battle.copy`` names its fields one by one (for speed): a field added to ``Battle`` must be copied too."""
    from dictator_widget.engine.rules.state import Battle

    b = Battle("A1", "B1", None, (0, 1))
    b.mods, b.dice = [1, -2], [3, 4]
    c = b.copy()
    fields = Battle.__slots__
    assert {f: getattr(c, f) for f in fields} == {f: getattr(b, f) for f in fields}
    assert c.mods is not b.mods and c.dice is not b.dice         # changed in place during a battle
