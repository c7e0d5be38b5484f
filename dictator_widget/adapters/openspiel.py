"""Dictator-Control as an OpenSpiel game: ``python_dictator_control``, registered on import.

Written as OpenSpiel's own Python games are (``open_spiel/python/games/kuhn_poker.py``): a
``pyspiel.Game`` whose states are ``pyspiel.State`` subclasses, and an observer for the
observation and information-state strings and tensors. The parameters:

- ``mission``: a mission's name or a combination (``"fog-of-war+chaos"``); 2 to 4 players as it says;
- ``variants``: rule variants as text, ``"name:value"`` joined by ``;`` (``"d10_collision;guild_strength:4"``,
  a bare name is ``true``); see :func:`variants_from_text`;
- ``turn_cap``: player turns after which the game ends without a winner.

Every die and draw is a chance node (the engine's ``chance="explicit"``): outcome ``k`` of a die is
the face ``k`` (1..n), of a draw the ``k``-th of the n cards left (0..n-1). Player actions are the ids
of :mod:`.action_space`, and ``action_to_string`` gives our notation. Returns: +1 to the winner and
-1/(n-1) to each other player; 0 to all after a draw or the turn cap. The observation and the
information state come from :mod:`.observation` (vectors) and ``game.view`` / the seat's log (strings):
what a seat may not know (another player's face-down cards in Fog of War, the Hireling deck's order,
hands dealt in secret) is in none of them. A state serialises through the engine's own save.

>>> import pyspiel
>>> game = pyspiel.load_game("python_dictator_control", {"mission": "standard", "turn_cap": 30})
>>> game.num_players(), game.num_distinct_actions() > 1000
(2, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[:2]
(True, [(0, 0.1), (1, 0.1)])
>>> import random
>>> rng = random.Random(0)
>>> while state.is_chance_node():
...     state.apply_action(rng.choice(state.chance_outcomes())[0])
>>> [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
['zone green', 'zone yellow']
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import numpy as np

from ..engine.content.variants import check as check_variants
from ..engine.rules.errors import DictatorError
from ..engine.rules.game import DEFAULT_TURN_CAP, Game
from ..engine.views.hidden import twin
from ..engine.views.view import position, visible_cards
from . import require

require("pyspiel", "open-spiel")
import pyspiel  # noqa: E402

from .action_space import ActionSpace  # noqa: E402
from .observation import Encoder, laid_out, private_cards, public_view  # noqa: E402

SHORT_NAME = "python_dictator_control"
DEFAULT_PARAMS: dict[str, Any] = {"mission": "standard", "variants": "", "turn_cap": DEFAULT_TURN_CAP}
PER_ACTIVATION = 24
"""The most decisions one battalion's activation holds besides card actions: a move, an exchange, an attack
(R13-R17), its end, four cards revealed against a Guild (M4), two passes in each of the four battle
phases, a roll, two damage choices, a reward's three (a Hireling or Energy, the hire, a discard) and a
catch-up wait, with one to spare."""
PER_CARD_ACTION = 3
"""Each card action is used at most once a turn (R16): the use, the pass that answers it (reactive
phases) and a choice it may call for (a target, a card to damage)."""

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Dictator-Control",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS)


def variants_from_text(text: str) -> dict[str, Any]:
    """Rule variants from the ``variants`` parameter: ``name:value`` pairs joined by ``;``.

    >>> variants_from_text("d10_collision;guild_strength:4")
    {'d10_collision': True, 'guild_strength': 4}
    >>> variants_from_text("")
    {}
    >>> variants_from_text("guild_strength:four")
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.DictatorError: variants: 'guild_strength:four' is not name:value with a \
whole number or true/false (e.g. 'd10_collision;guild_strength:4')
    """
    out: dict[str, Any] = {}
    for item in filter(None, (x.strip() for x in text.split(";"))):
        name, _, value = (x.strip() for x in item.partition(":"))
        word = value.lower() or "true"
        if name.isidentifier() and word in ("true", "false"):
            out[name] = word == "true"
        elif name.isidentifier() and word.lstrip("-").isdigit():
            out[name] = int(word)
        else:
            raise DictatorError(f"variants: {item!r} is not name:value with a whole number or true/false "
                                "(e.g. 'd10_collision;guild_strength:4')")
    return out


def variants_to_text(variants: dict[str, Any]) -> str:
    """The ``variants`` parameter for a dict of variants (inverse of :func:`variants_from_text`).

    >>> variants_to_text({"guild_strength": 4, "d10_collision": True})
    'd10_collision:true;guild_strength:4'
    """
    return ";".join(f"{k}:{str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted(variants.items()))


def turn_bound(game: Game) -> int:
    """The most player decisions one turn (a round, with alternating activation) may hold: each battalion that
    may activate in it :data:`PER_ACTIVATION`, each card action of the game's cards :data:`PER_CARD_ACTION`,
    and the end of the turn."""
    m = game.mission
    if m.regroup:
        per_player = max(len(sectors) for sectors in game.geometry.zones.values())
    elif m.formation:
        per_player = m.formation[0]
    else:
        per_player = max(len(a.battalions) for a in m.armies)
    activating = per_player * (game.num_players if game.variant("alternating_activation") else 1)
    actions = sum(len(game.cards[c].actions) for c in game.cards)
    return activating * PER_ACTIVATION + actions * PER_CARD_ACTION + 1


def length_bound(game: Game) -> int:
    """OpenSpiel's ``max_game_length``: the most player decisions (chance events not counted) a game may
    hold. The set-up: a zone choice per player, a split, a draft and a form decision per card, a deploy per
    battalion; then at most ``turn_cap`` turns of :func:`turn_bound` each.

    >>> from dictator_widget.engine.rules.game import Game
    >>> g = Game.new("standard", seed=1)
    >>> turn_bound(g), length_bound(g)
    (175, 35081)
    """
    setup = game.num_players + 1 + 2 * len(game.cards) + game.num_players * 4
    return setup + game.rules.turn_cap * turn_bound(game)


class DictatorControlGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; ``pyspiel.load_game("python_dictator_control", {...})`` builds one."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULT_PARAMS, **(params or {})}
        variants = variants_from_text(str(p["variants"]))
        self.initial = Game.new(str(p["mission"]), seed=0, turn_cap=int(p["turn_cap"]), variants=variants,
                                chance="explicit")
        check_variants(variants, self.initial.rules.mission)
        self.space = ActionSpace.of(self.initial)
        self.encoder = Encoder.of(self.initial)
        players = self.initial.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.num_actions,
            max_chance_outcomes=max(len(self.space.cards), self.initial.rules.die) + 1,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length_bound(self.initial))
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> DictatorControlState:
        return DictatorControlState(self, self.initial.clone())

    def state_of(self, game: Game) -> DictatorControlState:
        """A state holding (a copy of) one of our games of this mission, with explicit chance.

        Its OpenSpiel history is empty: the game's own history is in the engine.
        """
        if (game.rules.mission, game.rules.turn_cap, game.rules.variants) != (
                self.initial.rules.mission, self.initial.rules.turn_cap, self.initial.rules.variants):
            raise DictatorError(f"a game of {game.rules.mission!r} (turn cap {game.rules.turn_cap}, variants "
                                f"{game.rules.variants}) is not a state of {self}")
        copy = game.clone() if game.rules.chance == "explicit" else game.clone(chance="explicit")
        return DictatorControlState(self, copy)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer OpenSpiel's observation and information-state calls use."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class Held:
    """Our game inside an OpenSpiel state: copied with ``Game.clone``, pickled as the game's save."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.game.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _restore, (self.game.to_json(),)


def _restore(text: str) -> Held:
    return Held(Game.from_json(text))


class DictatorControlState(pyspiel.State):  # type: ignore[misc]
    """One position; ``state.game`` is our :class:`~dictator_widget.Game` (explicit chance)."""

    def __init__(self, game: DictatorControlGame, ours: Game) -> None:
        super().__init__(game)
        self.held = Held(ours)

    @property
    def game(self) -> Game:
        return self.held.game

    @property
    def space(self) -> ActionSpace:
        return ActionSpace.of(self.held.game)

    def current_player(self) -> int:
        g = self.held.game
        if g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if g.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        player = g.current_player
        assert player is not None
        return player

    def legal_ids(self) -> dict[int, Any]:
        """The current player's legal actions by id."""
        g = self.held.game
        space = self.space
        return {space.encode(a, g): a for a in g.legal_actions()}

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.legal_ids()) if player == self.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(int(a.target), p) for a, p in self.held.game.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        g = self.held.game
        if g.is_chance:
            g.apply(f"chance {action}")
            return
        legal = self.legal_ids()
        if action not in legal:
            raise DictatorError(f"action id {action} ({self._action_to_string(self.current_player(), action)}) "
                                f"is not legal now; legal ids: {sorted(legal)[:20]}")
        g.apply(legal[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return self.space.decode(int(action), self.held.game)

    def is_terminal(self) -> bool:
        return self.held.game.is_over

    def returns(self) -> list[float]:
        return returns(self.held.game)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DictatorControlState:
        """A state that seat ``player_id`` cannot tell from this one (the same information-state string),
        in which what it may not know is drawn afresh by the engine's sampler (``engine.views.hidden.twin``: the
        other players' face-down cards and hands, the Hireling deck). OpenSpiel's ISMCTS calls it; the
        sampler (a callable giving floats in [0, 1), as ``pyspiel.UniformProbabilitySampler``) seeds it."""
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        return DictatorControlState(self.get_game(), twin(self.held.game, player_id, rng))

    def __str__(self) -> str:
        """The position: the game's save (rules and every decision and chance outcome), which replays to it."""
        return self.held.game.to_json()


def returns(game: Game) -> list[float]:
    """+1 to the winner, -1/(n-1) to the others; zeros while the game goes on or without a winner."""
    n = game.num_players
    if game.winner is None:
        return [0.0] * n
    return [1.0 if p == game.winner else -1.0 / (n - 1) for p in range(n)]


class Observer:
    """OpenSpiel's PyObserver, for the observation types the game offers:

    - ``public_info`` and ``private_info=SINGLE_PLAYER`` (the default): what one seat sees; with
      ``perfect_recall`` its information state (the string: its view and whole log as it reads them);
    - ``public_info`` only (``private_info=NONE``): what everyone sees (a spectator without a seat), the
      same for every player; with ``perfect_recall`` the public log too;
    - ``private_info=SINGLE_PLAYER`` only: what the seat alone sees (its hand, its face-down cards, a
      Hireling shown to it), one flag per card.

    Other types (``ALL_PLAYERS``: everyone's private cards) are refused with a ValueError.
    """

    def __init__(self, game: DictatorControlGame, iig_obs_type: Any) -> None:
        private = iig_obs_type.private_info
        if private not in (pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE) or (
                private == pyspiel.PrivateInfoType.NONE and not iig_obs_type.public_info):
            raise ValueError("python_dictator_control observes a seat's public and private information, the "
                             f"public information alone or a seat's private information alone (got {iig_obs_type})")
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type.public_info)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        encoder = game.encoder
        if not self.public:
            size = len(encoder.space.cards)
        else:
            size = encoder.information_state_size if self.recall else encoder.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.encoder = encoder

    def set_from(self, state: DictatorControlState, player: int) -> None:
        g = state.game
        e = self.encoder
        if not self.public:
            self.tensor[:] = e.private(g, player)
        elif not self.private:
            self.tensor[:] = e.public_information_state(g) if self.recall else e.public_observation(g)
        else:
            self.tensor[:] = e.information_state(g, player) if self.recall else e.observation(g, player)

    def string_from(self, state: DictatorControlState, player: int) -> str:
        g = state.game
        if not self.public:
            mine = sorted(private_cards(g, player)) if laid_out(g) else []
            return json.dumps({"private": mine}) if mine else ""
        if not laid_out(g):
            return json.dumps({"decision": "chance", "viewer": player if self.private else None, "set-up": True})
        if not self.private:
            view = public_view(g)
            if self.recall:
                view["log"] = [e.to_json(None) for e in g.log]
            else:
                view.pop("log")
            return json.dumps(view, sort_keys=True, ensure_ascii=False)
        if self.recall:
            return information_state(g, player)
        return json.dumps(_public_view(g, player), sort_keys=True, ensure_ascii=False)


def information_state(game: Game, player: int) -> str:
    """The seat's information-state string, perfect recall and compact: the position as it sees it now
    and every event of the log as it reads it (kind and fields; the sentences follow from them). What it
    observes besides (its options, refusals: ``engine.views.hidden.observation``) follows from these too, or
    the swap test would tell."""
    return json.dumps({"viewer": player, "now": position(game, player, visible_cards(game, player)),
                       "log": [[e.kind, e.visible_args(player)] for e in game.log]},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _public_view(game: Game, player: int) -> dict[str, Any]:
    """The seat's view without the parts that never change (board, card texts, phase names)."""
    v = game.view(player)
    return {k: x for k, x in v.items() if k not in ("board", "cards", "phases", "log")} | {
        "guilds": v["board"]["guilds"]}


@cache
def load(mission: str = "standard", variants: str = "", turn_cap: int = DEFAULT_TURN_CAP) -> Any:
    """The OpenSpiel game for these parameters (loaded once)."""
    return pyspiel.load_game(SHORT_NAME, {"mission": mission, "variants": variants, "turn_cap": turn_cap})


pyspiel.register_game(_GAME_TYPE, DictatorControlGame)
