"""Dictator-Control as a PettingZoo AEC environment: ``env(mission=..., render_mode=...)``.

One agent per seat (``player_0`` ..), one decision at a time (the seat that owes it, as in the
game: a battle's phases pass between the two sides). Actions are ``Discrete`` ids of
:mod:`.action_space`; each observation is a dict with ``observation``, a ``Box`` vector of what the
seat may see (:mod:`.observation`), and ``action_mask`` (int8, 1 for the legal ids of the seat to move,
all 0 for the others). Dice and draws are sampled from the game's seed, itself drawn from
``reset(seed=...)``; the rewards come at the end (+1 to the winner, -1/(n-1) to each other seat;
0 after a draw). A game stopped by its turn cap is *truncated*, one ended by the rules *terminated*.
``render_mode="ansi"`` renders the board as text, with only what every seat may see; ``"human"`` prints
that text to standard output (and returns None, as PettingZoo's ``render_test`` expects).

The parallel API does not fit: one seat decides at a time, often several times running (a battalion's
moves, then its battle's phases), so there is no round of simultaneous actions to collect.

>>> e = env(mission="standard", turn_cap=30, render_mode="ansi")
>>> e.reset(seed=1)
>>> observation, reward, terminated, truncated, info = e.last()
>>> observation["observation"].shape == e.observation_space(e.agent_selection)["observation"].shape
True
>>> legal = [int(i) for i in observation["action_mask"].nonzero()[0]]
>>> info["legal"] == [e.unwrapped.notation(i) for i in legal]
True
>>> e.step(legal[0])
>>> print(e.render().splitlines()[-1])
turn 0, player 1 owes deploy; Energy [6, 6], Hireling deck 10
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..engine.rules.errors import DictatorError
from ..engine.rules.game import DEFAULT_TURN_CAP, Game
from ..engine.views.view import visible_cards
from . import require

require("pettingzoo", "pettingzoo")
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from .action_space import ActionSpace  # noqa: E402
from .observation import Encoder  # noqa: E402
from .openspiel import returns  # noqa: E402

CELL = 7


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's own classic games are (actions in range, calls in order)."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name for the unwrapped class)
    """The unwrapped environment; see :func:`env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "dictator_control_v0",
                                "is_parallelizable": False}

    def __init__(self, mission: str | list[str] = "standard", *, variants: dict[str, Any] | None = None,
                 turn_cap: int = DEFAULT_TURN_CAP, render_mode: str | None = None, lang: str = "en") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise DictatorError(f"render_mode is one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.probe = Game.new(mission, seed=0, variants=variants, turn_cap=turn_cap)
        self.mission, self.variants, self.turn_cap = mission, variants, turn_cap
        self.render_mode, self.lang = render_mode, lang
        self.space = ActionSpace.of(self.probe)
        self.encoder = Encoder.of(self.probe)
        self.possible_agents = [f"player_{p}" for p in range(self.probe.num_players)]
        n = self.space.num_actions
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)}) for a in self.possible_agents}
        self.game = self.probe
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with ``seed``, the sequence of games from here on is fixed by it."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game.new(self.mission, seed=self._seeds.getrandbits(48), variants=self.variants,
                             turn_cap=self.turn_cap)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        player = self.game.current_player
        if player is not None:
            self.agent_selection = self.possible_agents[player]
            self.infos[self.agent_selection] = {"legal": [str(a) for a in self._legal().values()]}

    def _legal(self) -> dict[int, Any]:
        g = self.game
        return dict(sorted((self.space.encode(a, g), a) for a in g.legal_actions()))

    def notation(self, action: int) -> str:
        """What action id ``action`` means now (our notation)."""
        return self.space.decode(int(action), self.game)

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(agent)
        mask = np.zeros(self.space.num_actions, np.int8)
        if player == self.game.current_player:
            mask[list(self._legal())] = 1
        return {"observation": self.encoder.observation(self.game, player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal()
        if action is None or int(action) not in legal:
            shown = "None" if action is None else f"{action} ({self.notation(int(action))})"
            raise DictatorError(f"{agent}: action {shown} is not legal now; legal: {list(legal.values())[:10]}")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(legal[int(action)])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over:
            for a, r in zip(self.possible_agents, returns(self.game), strict=True):
                self.rewards[a] = r
            ended = "truncations" if self.game.end_reason == "turn-cap" else "terminations"
            setattr(self, ended, dict.fromkeys(self.agents, True))
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), or printed (``"human"``): only what every seat may see."""
        if self.render_mode is None:
            return None
        text = board_text(self.game, self.lang)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        pass


def board_text(game: Game, lang: str = "en") -> str:
    """The City as rows of hexes (battalion label, ``G`` a Guild, ``.`` free), then the battalions; the words in
    ``lang`` ("en" or "ru").

    >>> print(board_text(Game.new("standard", seed=1, placement="fixed")).splitlines()[3])
    a4:A2  b4:A1  c4:.   d4:.   e4:.   f4:B1  g4:B2
    >>> print(board_text(Game.new("standard", seed=1, placement="fixed"), "ru").splitlines()[-1])
    B3 (игрок 1) в g3: C07 C08 C09
    """
    s = game.state
    coords = game.geometry.coords
    rows: dict[int, list[tuple[int, str]]] = {}
    for sector, (q, r) in coords.items():
        occupant = s.at.get(sector) or ("G" if sector in s.guilds else ".")
        rows.setdefault(r, []).append((q, f"{sector}:{occupant}"))
    left = min(q + r / 2 for q, r in coords.values())
    lines = []
    for r in sorted(rows):
        cells = sorted(rows[r])
        first = cells[0][0] + r / 2 - left
        lines.append((" " * round(first * CELL) + "".join(c.ljust(CELL) for _, c in cells)).rstrip())
    public = set.intersection(*(visible_cards(game, p) for p in range(game.num_players)))
    ru = lang == "ru"
    if game.is_over:
        who = "партия окончена" if ru else "over"
    else:
        who = (f"решает игрок {game.current_player} ({game.decision})" if ru
               else f"player {game.current_player} owes {game.decision}")
    lines.append(f"ход {s.turn}, {who}; Энергия {list(s.energy)}, колода Наёмников {len(s.deck)}" if ru
                 else f"turn {s.turn}, {who}; Energy {list(s.energy)}, Hireling deck {len(s.deck)}")
    for label, bat in s.battalions.items():
        cards = " ".join((c + ("*" if c in s.damaged else "")) if c in public else "?" for c in bat.cards)
        lines.append(f"{label} (игрок {bat.owner}) в {bat.sector}: {cards}" if ru
                     else f"{label} (player {bat.owner}) at {bat.sector}: {cards}")
    return "\n".join(lines)
