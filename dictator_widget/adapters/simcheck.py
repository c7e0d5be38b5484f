"""Random games through ``pyspiel`` that check the OpenSpiel game against our engine as they go.

At every step the legal ids must read back (``action_to_string``) as exactly our
``legal_actions()``; at chance nodes the outcomes as our ``chance_outcomes()``, summing to 1;
at random points the legal-action mask must hold the legal ids and nothing else, and the state is
cloned and serialised: the copy must hold the same position, history and information states,
and play goes on from the copy. At the end the returns must sum to the game's utility sum and
the decisions stay within ``max_game_length`` (those of each turn within ``turn_bound``).

>>> counts = random_games("standard", games=1, seed=3, turn_cap=4)
>>> counts["games"], counts["decisions"] > 0
(1, True)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..engine.rules.errors import DictatorError
from .openspiel import load, turn_bound

CHECK_EVERY = 40
"""On average one clone, serialisation and mask check every this many steps."""


def random_games(mission: str, games: int, seed: int = 0, *, variants: str = "",
                 turn_cap: int = 200, check_every: int = CHECK_EVERY) -> Counter[str]:
    """Play ``games`` uniformly random games; DictatorError names the first disagreement."""
    game = load(mission, variants, turn_cap)
    counts: Counter[str] = Counter()
    for index in range(games):
        rng = random.Random(seed * 1_000_003 + index)
        state = game.new_initial_state()
        per_turn: Counter[int] = Counter()
        while not state.is_terminal():
            ours = state.game
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                _same(sorted(f"chance {a}" for a, _ in outcomes), sorted(str(a) for a, _ in ours.chance_outcomes()),
                      state, "chance outcomes")
                if abs(sum(p for _, p in outcomes) - 1.0) > 1e-9 or max(outcomes)[0] >= game.max_chance_outcomes():
                    raise DictatorError(f"chance outcomes {outcomes[:3]}.. (of {len(outcomes)}) do not sum to 1 or "
                                        f"pass max_chance_outcomes {game.max_chance_outcomes()} at {state.game!r}")
                action = rng.choice(outcomes)[0]
                counts["chance"] += 1
            else:
                player = state.current_player()
                legal = state.legal_actions()
                _same(sorted(state.action_to_string(player, a) for a in legal),
                      sorted(str(a) for a in ours.legal_actions()), state, "legal actions")
                action = rng.choice(legal)
                counts["decisions"] += 1
                per_turn[ours.turn] += 1
            if rng.random() < 1 / check_every:
                state = _copy_checked(game, state, rng)
                counts["copies"] += 1
            state.apply_action(action)
        returns = state.returns()
        made = sum(per_turn.values())
        if abs(sum(returns) - game.utility_sum()) > 1e-9 or made > game.max_game_length() or \
                max(per_turn.values()) > turn_bound(state.game):
            raise DictatorError(f"returns {returns} (sum {sum(returns)}, utility sum {game.utility_sum()}), or "
                                f"{made} decisions > max_game_length {game.max_game_length()}, or a turn's "
                                f"{max(per_turn.values())} > {turn_bound(state.game)} at the end of {state.game!r}")
        counts["games"] += 1
        counts[f"end:{state.game.end_reason}"] += 1
    return counts


def _same(ours: list[str], theirs: list[str], state: Any, what: str) -> None:
    if ours != theirs:
        raise DictatorError(f"{what} differ at {state.game!r}: OpenSpiel {ours[:8]}, engine {theirs[:8]}")


def _copy_checked(game: Any, state: Any, rng: random.Random) -> Any:
    """A clone or a deserialised copy of ``state`` (checked to be the same), to play on with."""
    copy = state.clone() if rng.random() < 0.5 else game.deserialize_state(state.serialize())
    a, b = state.game, copy.game
    if (a.state.to_json(), a.history, state.history()) != (b.state.to_json(), b.history, copy.history()):
        raise DictatorError(f"the copy of {state.game!r} holds another position or history")
    if not state.is_chance_node():
        mask = state.legal_actions_mask()
        if [i for i, m in enumerate(mask) if m] != state.legal_actions():
            raise DictatorError(f"the legal-action mask of {state.game!r} is not its legal actions")
    for player in range(a.num_players):
        if copy.information_state_string(player) != state.information_state_string(player):
            raise DictatorError(f"the copy of {state.game!r} tells player {player} something else")
    return copy
