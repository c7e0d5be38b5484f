"""The rules engine: pure Python, no widget code. See :class:`Game`.

Its modules are in three subpackages: ``rules`` (the state and every step that changes it),
``content`` (the board, cards, missions and variants loaded from ``cards/``) and ``views`` (what a game
shows: each seat's view, hidden information, odds, refusals, saves). Code outside the engine (and every
lesson) imports the names below from here.

>>> from dictator_widget.engine import Game, simulate_battles, twin, write_cards
"""

from .content.cards import Card, CardSet, load_cards
from .content.missions import missions
from .content.scenario import Scenario, ScenarioError
from .content.tuning import write_cards
from .content.variants import variants
from .rules.actions import Action
from .rules.errors import CardDataError, DictatorError, IllegalAction, SaveFileError
from .rules.game import DEFAULT_TURN_CAP, Game
from .rules.log import Event
from .views.hidden import twin
from .views.odds import battle_odds, simulate_battles

__all__ = [
    "Action", "Card", "CardSet", "CardDataError", "DEFAULT_TURN_CAP", "DictatorError", "Event", "Game",
    "IllegalAction", "SaveFileError", "Scenario", "ScenarioError", "battle_odds", "load_cards", "missions", "variants",
    "simulate_battles", "twin", "write_cards",
]
