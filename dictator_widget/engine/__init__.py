"""The rules engine: pure Python, no widget code. See :class:`Game`."""

from .content.cards import Card, CardSet, load_cards
from .content.missions import missions
from .content.scenario import Scenario, ScenarioError
from .content.variants import variants
from .rules.actions import Action
from .rules.errors import CardDataError, DictatorError, IllegalAction, SaveFileError
from .rules.game import DEFAULT_TURN_CAP, Game
from .rules.log import Event
from .views.odds import battle_odds

__all__ = [
    "Action", "Card", "CardSet", "CardDataError", "DEFAULT_TURN_CAP", "DictatorError", "Event", "Game",
    "IllegalAction", "SaveFileError", "Scenario", "ScenarioError", "battle_odds", "load_cards", "missions", "variants",
]
