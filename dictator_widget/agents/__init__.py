"""Players that choose actions: ``agent.act(game)`` returns one of ``game.legal_actions()``.

``RandomAgent`` (uniform), ``GreedyAgent`` (one-step heuristic) and
``MCTSAgent`` (determinized Monte Carlo search); :func:`make_agent` builds one by name or by level
("easy", "normal", "hard": :data:`LEVELS`).
"""

from .base import Agent, agent_classes, make_agent, parse_spec
from .greedy import GreedyAgent
from .levels import LEVELS, level_name
from .mcts import MCTSAgent
from .random_agent import RandomAgent

__all__ = ["LEVELS", "Agent", "GreedyAgent", "MCTSAgent", "RandomAgent", "agent_classes", "level_name", "make_agent",
           "parse_spec"]
