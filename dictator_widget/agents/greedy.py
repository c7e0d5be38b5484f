"""A sensible one-step player: battles it expects to win, Guild captures, Energy spent well.

Every legal action gets a score (:meth:`GreedyAgent.scores`); the agent takes
the best, breaking ties from its own seeded source (in Fog of War it first
draws the face-down cards it cannot see, :mod:`hidden`). Scores are material
(``heuristics``): an attack scores its expected swing, a move how much better
the new sector is (a good attack from there, fewer threats, nearer a target),
a battle action how much it raises the chance of winning the battle times
what the battle is worth, less the Energy it costs. The scoring itself is in
:mod:`~dictator_widget.agents.scores` (which ``make compiled`` may compile: this
class stays Python, for bots that subclass it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..engine import Action, Game
from . import heuristics as h
from . import hidden
from .base import Seeded
from .scores import (
    LEAD_BOLDNESS,
    TIE,
    Activation,
    battle_scores,
    damage_scores,
    deploy_scores,
    discard_scores,
    memo_key,
    position_key,
    reward_scores,
    zone_scores,
)

__all__ = ["GreedyAgent", "memo_key", "position_key"]


class GreedyAgent(Seeded):
    """Scores every legal action with a heuristic and plays the best.

    ``gather`` is what one point of Strength gathered into the stronger of two
    battalions by an exchange (R17) is worth; at 0 (the default) the agent never
    exchanges, as the exchange costs both battalions their activation. Energy, in
    every cost and gain it weighs, is priced by how much the player has: with
    ``curve`` = k (default 4) the last of E Energy is worth k·(√E − √(E−1)) in the
    material of a card's Strength, so the last Energies are dear and a full scale
    cheap (:meth:`worth_of_energy`); ``curve=0`` prices every Energy at a flat
    ``energy`` instead (default 0.2; ``"greedy:curve=0:energy=0.6"`` as an agent
    name). An ``energy`` given with a curve is refused: two prices, one Energy.
    ``guild`` (default 0) is what winning a battle against a Guild is worth in that
    battle's own choices (its card actions), over the damage it spares: a Guild that
    holds out can be attacked again next turn. The choice to attack a Guild still
    counts a capture as ``heuristics.GUILD`` (docs/balance.md, step 11). With ``answer``
    (the default) a battle action that adds Strength is weighed against what the
    other side's actions still to come would answer to it, as this agent would use
    them (R19: the defender acts after the attacker); ``answer=0`` weighs it alone
    (``greedy:curve=3:answer=0`` is the Greedy of docs/balance.md's step 12). With ``hunt`` (the default),
    once no Guild is left, a move towards a battalion it expects to beat counts how far that battalion could
    still run (a step, or its special move) from the player's battalions, not only how far it stands, and the
    side ahead in material grows bolder by ``lead`` (default ``LEAD_BOLDNESS``): the old Greedy,
    ``greedy:hunt=0``, chased a fleeing battalion round the City's rim, or waited in an equal standoff until
    ``STALEMATE``. With a
    ``temperature`` T > 0 it draws its action with odds exp(score / T) instead of taking the best (the easy
    level, :mod:`levels`).

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1)
    >>> agent = GreedyAgent(seed=0)
    >>> agent.act(game) in game.legal_actions()
    True
    >>> while not game.is_over and game.turn < 30:
    ...     _ = game.apply(agent.act(game))
    >>> game.turn >= 1
    True
    """

    def __init__(self, seed: int = 0, *, gather: float = 0.0, energy: float | None = None,
                 guild: float = h.GUILD_BATTLE, curve: float = h.ENERGY_CURVE, answer: bool = True,
                 hunt: bool = True, lead: float = LEAD_BOLDNESS, temperature: float = 0.0) -> None:
        super().__init__(seed)
        if energy is not None and curve > 0:
            raise ValueError(f"energy={energy} prices Energy flat, but the curve {curve} prices it: "
                             "give curve=0 with it (greedy:curve=0:energy=...)")
        self.gather = gather
        self.energy = h.ENERGY if energy is None else float(energy)
        self.guild = float(guild)
        self.curve = float(curve)
        self.answer = bool(answer)
        self.hunt = bool(hunt)
        self.lead = float(lead)
        if temperature < 0:
            raise ValueError(f"temperature must be 0 or more, not {temperature}")
        self.temperature = float(temperature)
        self.memo: dict[tuple[Any, ...], Sequence[Action]] | None = None
        """None, or a dict in which :meth:`act` keeps the best actions of every activation and battle
        position it scores, by :func:`position_key` (a search meets the same positions over and over)."""

    def act(self, game: Game) -> Action:
        if self.temperature > 0:
            return self._sample(game)
        memo = self.memo
        key = memo_key(game) if memo is not None and not game.mission.hidden else None
        top = memo.get(key) if memo is not None and key is not None else None   # Fog of War: no memo, each
        if top is None:                                                             # look samples afresh
            legal = game.legal_actions()
            if len(legal) == 1:
                return legal[0]
            top = self.best(hidden.as_seen(game, self.rng), legal)
            if memo is not None and key is not None:
                memo[key] = top = tuple(top)
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def _sample(self, game: Game) -> Action:
        """An action drawn with odds exp(score / ``temperature``): the best most often, a near one often,
        a poor one seldom (the easy bot's mistakes)."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(hidden.as_seen(game, self.rng), legal)
        top = max(scores)
        weights = [math.exp((v - top) / self.temperature) for v in scores]
        return self.rng.choices(legal, weights)[0]

    def best(self, game: Game, legal: list[Action]) -> list[Action]:
        """The actions of ``legal`` (``game.legal_actions()``) with the best score, ties all kept in order.

        >>> from dictator_widget import Game
        >>> game = Game.new("standard", seed=1, placement="fixed")
        >>> [str(a) for a in GreedyAgent().best(game, game.legal_actions())]
        ['A1 attack guild b5', 'A1 attack guild c3']
        """
        decision = game.decision
        if decision == "activation" and self.gather <= 0:   # moves that cannot be best are not scored
            return Activation(game, self.gather, self.worth_of_energy(game), self.hunt, self.lead).best(legal)
        scores = self.scores(game, legal, decision)
        best = max(scores)
        return [a for a, v in zip(legal, scores, strict=True) if v >= best - TIE]

    def worth_of_energy(self, game: Game) -> float:
        """What one Energy is worth to the player to move, in Strength: ``energy``; or, with ``curve`` = k,
        k·(√E − √(E−1)) at E Energy (k at none), the worth of the last of E under a value of k·√E.

        >>> from dictator_widget import Game
        >>> game = Game.new("standard", seed=1)
        >>> GreedyAgent(curve=0).worth_of_energy(game), round(GreedyAgent().worth_of_energy(game), 2)   # 6 Energy
        (0.2, 0.85)
        """
        player = game.current_player
        return self.price(game.state.energy[player] if player is not None else 0)

    def price(self, energy: int) -> float:
        """What one Energy is worth to a player who has ``energy`` (see :meth:`worth_of_energy`).

        >>> [round(GreedyAgent().price(e), 2) for e in (0, 1, 2, 6)], GreedyAgent(curve=0).price(1)
        ([4.0, 4.0, 1.66, 0.85], 0.2)
        """
        if self.curve <= 0:
            return self.energy
        return self.curve * (math.sqrt(energy) - math.sqrt(energy - 1)) if energy >= 1 else self.curve

    def scores(self, game: Game, legal: list[Action] | None = None, decision: str | None = None) -> list[float]:
        """A score for each of ``legal`` (default ``game.legal_actions()``): higher is better. ``decision``:
        ``game.decision``, when known."""
        if legal is None:
            legal = game.legal_actions()
        if decision is None:
            decision = game.decision
        worth = self.worth_of_energy(game)
        if decision == "activation":
            return Activation(game, self.gather, worth, self.hunt, self.lead).scores(legal)
        if decision in ("condition", "strength", "collision"):
            return battle_scores(game, legal, worth, self.guild, self.price if self.answer else None)
        if decision == "damage":
            return damage_scores(game, legal, worth)
        if decision == "reward":
            return reward_scores(game, legal, worth)
        if decision == "discard":
            return discard_scores(game, legal)
        if decision == "draft":                        # the strongest card on offer
            info = h.card_info(game.cards)
            return [info[a.card].worth if a.card in info else 0.0 for a in legal]
        if decision == "deploy":
            return deploy_scores(game, legal)
        if decision == "zone":
            return zone_scores(game, legal)
        return [0.0] * len(legal)                      # forming battalions: any will do
