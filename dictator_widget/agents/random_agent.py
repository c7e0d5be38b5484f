"""The baseline: a uniformly random legal action."""

from __future__ import annotations

from ..engine import Action, Game
from .base import Seeded


class RandomAgent(Seeded):
    """Picks uniformly among the legal actions, from its own seeded source.

    >>> from dictator_widget import Game
    >>> game = Game.new(seed=1)
    >>> RandomAgent(seed=0).act(game) in game.legal_actions()
    True
    """

    def act(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())
