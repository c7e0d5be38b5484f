"""Dictator-Control, the hex-map card wargame: a rules engine and a Jupyter widget.

>>> import dictator_widget as dw
>>> game = dw.Game.new("standard", seed=7)
>>> game.num_players
2
"""

from . import agents
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
    battle_odds,
    load_cards,
    missions,
    variants,
)
from .experiments import simulate
from .widget import DictatorWidget

__all__ = [
    "DEFAULT_TURN_CAP", "Action", "Card", "CardDataError", "CardSet", "DictatorError", "DictatorWidget", "Event",
    "Game", "IllegalAction", "SaveFileError", "Scenario", "ScenarioError", "agents", "battle_odds", "load_cards",
    "missions", "simulate", "variants",
]
__version__ = "0.1.0"
