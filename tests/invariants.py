"""The engine's invariants, checked after every decision of random play."""

from __future__ import annotations

import random
from collections import Counter

import dictator_widget as dw


def check(game: dw.Game) -> None:
    s = game.state
    size = game.rules.battalion_size
    placed: list[str] = []            # lists and sets, not a Counter: this runs after every decision of random play
    for label, bat in s.battalions.items():
        assert 1 <= len(bat.cards) <= size or (not bat.cards and s.step == "battle"), label
        assert s.at[bat.sector] == label, "one battalion a sector, and the index agrees"
        assert bat.sector not in s.guilds, f"{label} stands on a Guild token"
        placed += bat.cards
    assert len(s.at) == len(s.battalions)
    everywhere = placed + [c for hand in s.hands for c in hand] + [*s.pool, *s.deck, *s.dump, *s.aside]
    unique = set(everywhere)
    assert unique == set(game.cards), "every card is somewhere"    # not .keys(): that compares a card at a time
    assert len(everywhere) == len(unique), f"a card in two places: {Counter(everywhere).most_common(1)}"
    assert all(0 <= e <= game.rules.energy_max for e in s.energy)
    assert s.damaged <= set(placed), "damage marks only on cards in battalions"
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
