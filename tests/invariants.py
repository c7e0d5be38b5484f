"""The engine's invariants, checked after every decision of random play."""

from __future__ import annotations

import random
from collections import Counter

import dictator_widget as dw


def check(game: dw.Game) -> None:
    s = game.state
    everywhere: Counter[str] = Counter()
    for label, bat in s.battalions.items():
        assert 1 <= len(bat.cards) <= game.rules.battalion_size or (not bat.cards and s.step == "battle"), label
        assert s.at[bat.sector] == label, "one battalion a sector, and the index agrees"
        assert bat.sector not in s.guilds, f"{label} stands on a Guild token"
        everywhere.update(bat.cards)
    assert len(s.at) == len(s.battalions)
    for hand in s.hands:
        everywhere.update(hand)
    everywhere.update(s.pool)
    everywhere.update(s.deck)
    everywhere.update(s.dump)
    everywhere.update(s.aside)
    assert set(everywhere) == set(game.cards), "every card is somewhere"
    assert max(everywhere.values()) == 1, f"a card in two places: {everywhere.most_common(1)}"
    assert all(0 <= e <= game.rules.energy_max for e in s.energy)
    in_battalions = {c for b in s.battalions.values() for c in b.cards}
    assert s.damaged <= in_battalions, "damage marks only on cards in battalions"
    if game.is_over:
        assert game.current_player is None and game.legal_actions() == []
        assert game.end_reason in ("annihilation", "mutual", "turn-cap")
    else:
        assert game.current_player is not None and game.legal_actions(), "a decision is owed"


def play_randomly(game: dw.Game, seed: int, undo_every: int = 0) -> dw.Game:
    """Random legal actions to the end, checking the invariants after each one; every
    ``undo_every`` decisions, undo must restore the exact position."""
    rng = random.Random(seed)
    check(game)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        if undo_every and len(game.history) % undo_every == 0:
            before = game.state.to_json()
            game.apply(action)
            game.undo()
            assert game.state.to_json() == before
        game.apply(action)
        check(game)
    return game
