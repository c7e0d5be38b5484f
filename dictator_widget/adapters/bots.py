"""Bots across the border: our agents as OpenSpiel bots, OpenSpiel bots as our agents.

- :class:`AgentBot` is a ``pyspiel.Bot`` that asks one of our agents (Greedy, MCTS, Random) for the
  move in an OpenSpiel state of ``python_dictator_control``.
- :func:`from_openspiel` makes an agent for :func:`~dictator_widget.experiments.simulate` (or any
  game) from an OpenSpiel bot, or from a function ``make(game, seed) -> bot`` for a fresh bot per
  game; :func:`openspiel_mcts` is such a function for OpenSpiel's ``MCTSBot`` (Python, random
  rollouts). The bot searches a copy of the game in which what its seat may not know (the Hireling
  deck's order, face-down cards) is drawn afresh (``engine.views.hidden.sample``), so it cannot peek.

>>> import numpy as np
>>> from open_spiel.python.bots.uniform_random import UniformRandomBot
>>> from dictator_widget import Game
>>> from dictator_widget.adapters.openspiel import load
>>> agent = from_openspiel(lambda game, player, seed: UniformRandomBot(player, np.random.RandomState(seed)))
>>> game = Game.new("standard", seed=3)
>>> agent.act(game) in game.legal_actions()
True
>>> from dictator_widget.agents import GreedyAgent
>>> state = load("standard", "", 200).state_of(Game.new("standard", seed=3))
>>> bot = AgentBot(GreedyAgent(seed=1), player=state.current_player())
>>> bot.step(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from ..agents.base import Agent
from ..agents.value import win_chances
from ..engine.rules.actions import Action
from ..engine.rules.game import Game
from ..engine.views.hidden import sample
from . import require

require("pyspiel", "open-spiel")
import pyspiel  # noqa: E402

from .openspiel import DictatorControlState, load, variants_to_text  # noqa: E402

BotMaker = Callable[[Any, int, int], Any]
"""``make(openspiel_game, player, seed) -> pyspiel.Bot``."""


class AgentBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our agents as an OpenSpiel bot for ``python_dictator_control``.

    The agent is shown our game (``state.game``, with sampled chance from there on); it may look
    only at what its seat may see, as our agents do.
    """

    def __init__(self, agent: Agent, player: int, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.agent, self.player, self.rng = agent, player, random.Random(seed)

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: DictatorControlState) -> int:
        game = state.game.clone(chance="sampled", seed=self.rng.getrandbits(48))
        action = self.agent.act(game)
        return state.space.encode(action, state.game)


class ValueEvaluator:
    """An evaluator for OpenSpiel's MCTS (``mcts.Evaluator``): no rollout, the leaf's expected returns
    from our learned win chances (``agents.value.win_chances``); uniform priors."""

    def evaluate(self, state: DictatorControlState) -> Any:
        game = state.game
        n = game.num_players
        chances = win_chances(game)
        return np.array([c - (1 - c) / (n - 1) for c in chances])

    def prior(self, state: DictatorControlState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class openspiel_mcts:  # noqa: N801 (used as a function: a maker of bots)
    """A maker of OpenSpiel's Python ``MCTSBot``: ``simulations`` per decision, each leaf valued by
    ``rollouts`` random rollouts to the game's end (``evaluator="rollout"``, OpenSpiel's own) or by
    our learned value (``evaluator="value"``, :class:`ValueEvaluator`). An object, not a closure,
    so that ``simulate`` can send it to worker processes.

    >>> openspiel_mcts(simulations=40, evaluator="value")
    openspiel_mcts(simulations=40, evaluator='value')
    """

    def __init__(self, simulations: int = 20, evaluator: str = "rollout", rollouts: int = 1,
                 uct_c: float = 2.0) -> None:
        if evaluator not in ("rollout", "value"):
            raise ValueError(f"evaluator is 'rollout' or 'value', not {evaluator!r}")
        self.simulations, self.evaluator, self.rollouts, self.uct_c = simulations, evaluator, rollouts, uct_c
        self.__name__ = repr(self)

    def __repr__(self) -> str:
        extra = f", rollouts={self.rollouts}" if self.evaluator == "rollout" and self.rollouts != 1 else ""
        return f"openspiel_mcts(simulations={self.simulations}, evaluator={self.evaluator!r}{extra})"

    def __call__(self, game: Any, player: int, seed: int) -> Any:
        from open_spiel.python.algorithms import mcts

        rs = np.random.RandomState(seed)
        evaluator = ValueEvaluator() if self.evaluator == "value" else mcts.RandomRolloutEvaluator(self.rollouts, rs)
        return mcts.MCTSBot(game, self.uct_c, self.simulations, evaluator, random_state=rs)


class openspiel_ismcts:  # noqa: N801 (used as a function: a maker of bots)
    """A maker of OpenSpiel's Python information-set MCTS (``ISMCTSBot``): ``simulations`` per decision,
    each from a world drawn by ``resample_from_infostate`` (the engine's sampler: what the seat may not
    know drawn afresh, so it never peeks), leaves valued by our learned win chances (:class:`ValueEvaluator`).
    Play it through ``from_openspiel`` (our games) or OpenSpiel's ``evaluate_bots`` (its own states).

    >>> openspiel_ismcts(simulations=40)
    openspiel_ismcts(simulations=40)
    """

    def __init__(self, simulations: int = 40, uct_c: float = 2.0, world_samples: int = -1) -> None:
        self.simulations, self.uct_c, self.world_samples = simulations, uct_c, world_samples
        self.__name__ = repr(self)

    def __repr__(self) -> str:
        extra = f", world_samples={self.world_samples}" if self.world_samples >= 0 else ""
        return f"openspiel_ismcts(simulations={self.simulations}{extra})"

    def __call__(self, game: Any, player: int, seed: int) -> Any:
        from open_spiel.python.algorithms import ismcts

        class Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
            """ISMCTS searches afresh at each decision: nothing to restart or be told (``evaluate_bots``)."""

            def restart_at(self, state: Any) -> None:
                pass

            def inform_action(self, state: Any, player_id: int, action: int) -> None:
                pass

        rs = np.random.RandomState(seed)
        bot = Bot(game, ValueEvaluator(), self.uct_c, self.simulations, max_world_samples=self.world_samples,
                  random_state=rs)
        bot.set_resampler(lambda state, seat: state.resample_from_infostate(seat, rs.uniform))
        return bot


class OpenSpielAgent:
    """An OpenSpiel bot playing in our games (see :func:`from_openspiel`)."""

    def __init__(self, bot: Any, seed: int = 0, name: str = "openspiel") -> None:
        self.bot, self.seed, self.name = bot, seed, name
        self.rng = random.Random(seed)
        self._bots: dict[tuple[str, str, int, int], Any] = {}

    def __repr__(self) -> str:
        return self.name

    def reseed(self, seed: int) -> None:
        """Start afresh (one game, one seed): a new random source, and new bots from a maker."""
        self.seed, self.rng, self._bots = seed, random.Random(seed), {}

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielAgent:
        return OpenSpielAgent(self.bot, self.seed, self.name)

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = game.current_player
        assert player is not None
        params = (game.rules.mission, variants_to_text(game.rules.variants), game.rules.turn_cap)
        spiel = load(*params)
        bot = self._bots.get((*params, player))
        if bot is None:
            bot = self.bot if isinstance(self.bot, pyspiel.Bot) else self.bot(spiel, player, self.rng.getrandbits(31))
            self._bots[(*params, player)] = bot
        state = spiel.state_of(sample(game, player, self.rng))
        action = bot.step(state)
        chosen = state.legal_ids().get(action)
        if chosen is None:
            raise ValueError(f"{self.name} chose action id {action}, not legal in {game!r}")
        return next(a for a in legal if str(a) == str(chosen))


def from_openspiel(bot: Any, seed: int = 0, name: str | None = None) -> OpenSpielAgent:
    """Our agent from an OpenSpiel bot (``pyspiel.Bot``) or a maker ``make(openspiel_game, player, seed) -> bot``.

    A maker gives a fresh bot per game, mission and seat (and a copy per game in ``simulate``); a bot
    object is used as it is, for one mission and seat. OpenSpiel's C++ bots (``pyspiel.MCTSBot``,
    ``make_uniform_random_bot``) crash the interpreter on Python games: use its Python bots.
    """
    return OpenSpielAgent(bot, seed, name or str(getattr(bot, "__name__", type(bot).__name__)))
