"""The one interface every agent has."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import Action, DictatorError, Game


@runtime_checkable
class Agent(Protocol):
    """Anything with ``act(game) -> Action`` (one of ``game.legal_actions()``)."""

    def act(self, game: Game) -> Action: ...


def make_agent(spec: str | Agent, seed: int = 0) -> Agent:
    """An agent from a name ("random") or an agent object itself.

    >>> make_agent("random", seed=3).__class__.__name__
    'RandomAgent'
    """
    if isinstance(spec, Agent):
        return spec
    from .random_agent import RandomAgent

    known = {"random": RandomAgent}
    if spec not in known:
        raise DictatorError(f"unknown agent {spec!r}; known agents are {sorted(known)}")
    return known[spec](seed=seed)
