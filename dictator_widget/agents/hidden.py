"""The agents' way of not peeking: they choose from a sample of what their seat cannot see.

The sampling itself (:func:`redraw`, :func:`sample`) lives in the engine
(``dictator_widget.engine.views.hidden``), where a seat's battle odds use it too.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.views.hidden import sample

if TYPE_CHECKING:
    from ..engine import Game


def as_seen(game: Game, rng: random.Random) -> Game:
    """The game as its player to move may see it: ``game`` itself when no card on the map is face down,
    else a :func:`sample` (what a bot scores its moves on)."""
    if not game.mission.hidden:
        return game
    player = game.current_player
    return game if player is None else sample(game, player, rng)
