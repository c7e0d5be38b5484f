"""Players that choose actions: ``agent.act(game)`` returns one of ``game.legal_actions()``."""

from .base import Agent, make_agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
