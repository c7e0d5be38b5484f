"""How a bot answers a draw offered to it (a table action, ``Game.table_actions``; never a decision of its own).

>>> from dictator_widget import Game
>>> game = Game.new("standard", seed=7, placement="fixed")
>>> accepts_draw(object(), game, 1)          # an even start: a bot plays on
False
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..engine.views.hidden import sample
from . import value

if TYPE_CHECKING:
    from ..engine import Game

ACCEPT_BELOW = 0.35
"""A bot accepts a draw when its chance of winning, by the learned evaluation, is below this."""


def accepts_draw(agent: object, game: Game, seat: int) -> bool:
    """Whether the bot ``agent`` playing ``seat`` accepts the draw offered: ``agent.accepts_draw(game, seat)``
    if it has that method, else whether its chance of winning (:func:`value.win_chances`, on what the seat
    may see) is below :data:`ACCEPT_BELOW`: a bot that is behind takes the half point, one ahead plays on."""
    own = getattr(agent, "accepts_draw", None)
    if callable(own):
        return bool(own(game, seat))
    return chance(game, seat) < ACCEPT_BELOW


def chance(game: Game, seat: int) -> float:
    """``seat``'s chance of winning by the learned evaluation, on what it may see (in Fog of War a sample of
    the cards face down to it, drawn from a fixed seed: two games it cannot tell apart give one chance)."""
    seen = sample(game, seat, random.Random(0)) if game.mission.hidden else game
    return value.win_chances(seen)[seat]
