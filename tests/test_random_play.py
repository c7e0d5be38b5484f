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


@pytest.mark.parametrize(("mission", "variants"), [
    ("standard", None), ("fog-of-war", None), ("triumvirate", None),
    ("standard", {"reactive_phases": True, "alternating_activation": True, "exhaustion": True}),
])
def test_an_unchecked_decision_plays_as_a_checked_one(mission: str, variants: dict[str, bool] | None) -> None:
    """``apply_unchecked`` (a search's rollouts) makes a legal decision exactly as ``apply`` does: the same
    position and legal actions after every decision of random games (a draw offer standing now and then);
    a game that keeps its log gets ``apply``'s checks."""
    from dictator_widget.engine.rules.game import apply_unchecked

    for seed in range(2):
        game = dw.Game.new(mission, seed=seed, variants=variants)
        checked, unchecked = game.clone(history=False, log=False), game.clone(history=False, log=False)
        rng = random.Random(seed)
        while not checked.is_over:
            if rng.random() < 0.02 and checked.state.offer is None and checked.current_player is not None:
                offer = f"offer-draw {checked.current_player}"
                checked.apply(offer)
                unchecked.apply(offer)
            action = rng.choice(checked.legal_actions())
            checked.apply(action)
            assert apply_unchecked(unchecked, action) is None
            assert unchecked.state.to_json() == checked.state.to_json()
            assert unchecked.legal_actions() == checked.legal_actions()
        assert unchecked.is_over and unchecked.log == []
    logged = dw.Game.new(mission, seed=0, variants=variants)
    before = logged.state.to_json()
    with pytest.raises(dw.IllegalAction):
        apply_unchecked(logged, dw.Action.parse("A1 attack A1"))
    assert logged.state.to_json() == before


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
    """``Battle.copy`` is written from the declared fields: a copy has every one, and is not frozen."""
    from dictator_widget.engine.rules.fields import FrozenList
    from dictator_widget.engine.rules.state import Battle

    b = Battle.begin("A1", "B1", None, (0, 1))
    b.mods, b.dice = FrozenList([1, -2]), FrozenList([3, 4])
    b.freeze()
    c = b.copy()
    fields = [f.name for f in Battle.FIELDS]
    assert {f: getattr(c, f) for f in fields} == {f: getattr(b, f) for f in fields}
    assert b.frozen and not c.frozen


@pytest.mark.parametrize("mission", ["standard", "fog-of-war"])
def test_a_copy_that_keeps_no_log_plays_the_same_game(mission: str) -> None:
    """``clone(log=False)`` (a search's copies) keeps no log and no undo, and plays exactly as a copy that does."""
    game = dw.Game.new(mission, seed=5)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    kept, quiet = game.clone(history=False), game.clone(history=False, log=False)
    rng = random.Random(5)
    while not kept.is_over:
        action = rng.choice(kept.legal_actions())
        assert quiet.legal_actions() == kept.legal_actions()
        kept.apply(action)
        assert quiet.apply(action) == []
        assert quiet.state.to_json() == kept.state.to_json()
    assert quiet.log == [] and not quiet.can_undo() and len(kept.log) > 100
