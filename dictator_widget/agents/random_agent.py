"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random

from ..engine import Action, Game


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded source.

    >>> from dictator_widget import Game
    >>> game = Game.new(seed=1)
    >>> RandomAgent(seed=0).act(game) in game.legal_actions()
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Start its random source afresh (one game, one seed)."""
        self.rng = random.Random(seed)

    def act(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())
