"""The one interface every agent has, and agents by name."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from ..engine import Action, DictatorError, Game
from ..engine.rules.errors import reason


class Seeded:
    """An agent with its own random source: one seed, one game (``reseed`` starts afresh)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        """Start the random source afresh (one game, one seed)."""
        self.rng = random.Random(seed)


@runtime_checkable
class Agent(Protocol):
    """Anything with ``act(game) -> Action`` (one of ``game.legal_actions()``)."""

    def act(self, game: Game) -> Action: ...


def agent_classes() -> dict[str, type]:
    """The agents known by name.

    >>> sorted(agent_classes())
    ['greedy', 'mcts', 'random']
    """
    from .greedy import GreedyAgent
    from .mcts import MCTSAgent
    from .random_agent import RandomAgent

    return {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """A name with optional parameters: ``"mcts:iterations=200:time_limit=0.5"``.

    Values are read as int, then float, else kept as text.

    >>> parse_spec("mcts:iterations=200:exploration=0.3")
    ('mcts', {'iterations': 200, 'exploration': 0.3})
    >>> parse_spec("greedy")
    ('greedy', {})
    """
    name, *rest = spec.strip().split(":")
    params: dict[str, Any] = {}
    for item in rest:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise DictatorError("agent.spec", spec=spec)
        params[key.strip()] = _number(value.strip())
    return name, params


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return None if text == "None" else text


def make_agent(spec: str | Agent, seed: int = 0) -> Agent:
    """An agent from a name ("random", "greedy", "mcts", with ``:key=value`` options), a level ("easy",
    "normal", "hard": :mod:`~dictator_widget.agents.levels`) or an agent object itself.

    >>> make_agent("random", seed=3).__class__.__name__
    'RandomAgent'
    >>> make_agent("hard").iterations, make_agent("hard:iterations=50").iterations, make_agent("easy").temperature
    (100, 50, 1.0)
    >>> make_agent("mcts:iterations=50", seed=1).iterations
    50
    """
    if isinstance(spec, Agent):
        return spec
    if not isinstance(spec, str):
        raise DictatorError("agent.not_agent", type=type(spec).__name__)
    from .levels import LEVELS

    name, params = parse_spec(spec)
    if name in LEVELS:                  # a level: its agent, with any options given after it
        name, params = parse_spec(LEVELS[name])[0], {**parse_spec(LEVELS[name])[1], **params}
    known = agent_classes()
    if name not in known:
        raise DictatorError("agent.unknown", name=name, agents=sorted(known), levels=list(LEVELS))
    try:
        agent: Agent = known[name](seed=seed, **params)
    except TypeError as exc:
        raise DictatorError("agent.options", spec=spec, error=reason(exc)) from None
    return agent
