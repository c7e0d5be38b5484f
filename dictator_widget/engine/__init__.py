"""The rules engine: pure Python, no widget code. See :class:`Game`."""

from .actions import Action
from .cards import Card, CardSet, load_cards
from .errors import CardDataError, DictatorError, FrozenError, IllegalAction, SaveFileError
from .game import DEFAULT_TURN_CAP, Game
from .log import Event
from .missions import missions
from .odds import battle_odds
from .scenario import Scenario, ScenarioError
from .state import Outcome
from .variants import variants
from .vocabulary import EndReason

__all__ = [
    "Action", "Card", "CardSet", "CardDataError", "DEFAULT_TURN_CAP", "DictatorError", "EndReason", "Event",
    "FrozenError", "Game", "IllegalAction", "Outcome", "SaveFileError", "Scenario", "ScenarioError", "battle_odds",
    "load_cards", "missions", "variants",
]
