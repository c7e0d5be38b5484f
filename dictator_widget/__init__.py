"""Dictator-Control, the hex-map card wargame: a rules engine and a Jupyter widget.

>>> import dictator_widget as dw
>>> game = dw.Game.new("standard", seed=7)
>>> game.num_players
2
"""

from .engine import (
    DEFAULT_TURN_CAP,
    Action,
    Card,
    CardDataError,
    CardSet,
    DictatorError,
    Event,
    Game,
    IllegalAction,
    SaveFileError,
    Scenario,
    ScenarioError,
    load_cards,
    missions,
)
from .widget import DictatorWidget

__all__ = [
    "DEFAULT_TURN_CAP", "Action", "Card", "CardDataError", "CardSet", "DictatorError", "Event",
    "DictatorWidget", "Game", "IllegalAction", "SaveFileError", "Scenario", "ScenarioError", "load_cards", "missions",
]

# The what-if lab: bots and batch simulation.
from . import agents  # noqa: E402
from .experiments import simulate  # noqa: E402

__all__ += ["agents", "simulate"]
__version__ = "0.1.0"
