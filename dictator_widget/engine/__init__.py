"""The rules engine: pure Python, no widget code. See :class:`Game`."""

from .actions import Action
from .cards import Card, CardSet, load_cards
from .errors import CardDataError, DictatorError, IllegalAction, SaveFileError
from .game import DEFAULT_TURN_CAP, Game
from .hidden import twin
from .log import Event
from .missions import missions
from .odds import battle_odds, simulate_battles
from .scenario import Scenario, ScenarioError
from .tuning import write_cards
from .variants import variants

__all__ = [
    "Action", "Card", "CardSet", "CardDataError", "DEFAULT_TURN_CAP", "DictatorError", "Event", "Game",
    "IllegalAction", "SaveFileError", "Scenario", "ScenarioError", "battle_odds", "load_cards", "missions",
    "simulate_battles", "twin", "variants", "write_cards",
]
