"""The OpenSpiel game ``python_dictator_control`` (issue 21), tested as OpenSpiel tests its own Python games.

The issue's 200 random games per mission run in ``benchmarks/openspiel_random.py`` (minutes); here
the same check runs on one game per mission (turn cap 40), plus OpenSpiel's own ``random_sim_test`` on a short game
and the swap test through the information-state strings and tensors.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from swap import seen  # noqa: E402

import dictator_widget as dw  # noqa: E402
from dictator_widget.adapters.openspiel import load, variants_from_text  # noqa: E402
from dictator_widget.adapters.simcheck import random_games  # noqa: E402
from dictator_widget.engine.hidden import twin  # noqa: E402
from dictator_widget.engine.missions import missions  # noqa: E402


def settle(state: object, rng: random.Random) -> None:
    while state.is_chance_node():  # type: ignore[attr-defined]
        state.apply_action(rng.choice(state.chance_outcomes())[0])  # type: ignore[attr-defined]


@pytest.mark.parametrize("mission", missions())
def test_random_games_through_pyspiel_agree_with_the_engine(mission: str) -> None:
    counts = random_games(mission, games=1, seed=5, turn_cap=40, check_every=20)
    assert counts["games"] == 1 and counts["copies"] > 0 and counts["chance"] > 0


def test_openspiels_own_random_simulation_test_passes() -> None:
    game = load("fog-of-war", "", 4)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_players_and_variants() -> None:
    game = pyspiel.load_game("python_dictator_control", {"mission": "dissension", "variants": "d10_collision",
                                                         "turn_cap": 7})
    assert game.num_players() == 4 and game.max_chance_outcomes() > 10
    state = game.new_initial_state()
    assert state.game.rules.die == 10 and state.game.rules.turn_cap == 7
    assert pyspiel.load_game("python_dictator_control").num_players() == 2       # Standard by default
    assert game.get_type().short_name == "python_dictator_control"
    with pytest.raises(dw.DictatorError, match="not name:value"):
        variants_from_text("guild_strength=4")
    with pytest.raises(dw.DictatorError, match="unknown"):
        load("standard", "no_such_variant", 200)


def test_action_strings_are_our_notation_and_bad_ids_are_refused() -> None:
    game = load("standard", "", 200)
    state = game.new_initial_state()
    rng = random.Random(2)
    settle(state, rng)
    player = state.current_player()
    assert {state.action_to_string(player, a) for a in state.legal_actions()} == {"zone green", "zone yellow"}
    before = state.game.state.to_json()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal now"):
        state.apply_action(illegal)
    assert state.game.state.to_json() == before


def test_returns_follow_the_winner() -> None:
    game = load("dissension", "", 200)
    rng = random.Random(4)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            settle(state, rng)
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        winner = state.game.winner
        expected = [0.0] * 4 if winner is None else [1.0 if p == winner else -1 / 3 for p in range(4)]
        assert state.returns() == pytest.approx(expected)


@pytest.mark.parametrize("mission", ["fog-of-war", "triumvirate", "standard"])
def test_swap_information_state_tensors_hide_what_a_seat_may_not_know(mission: str) -> None:
    """The swap test (tests/swap.py) through OpenSpiel: a twin that permutes what a seat may not know
    (face-down cards, the Hireling deck, secret hands) gives that seat the same information-state string
    and tensor and observation tensor; after the same next decision too, unless it showed the seat a card.
    One game (turn cap 25) per mission, a fifth of its decisions checked."""
    game = load(mission, "", 25)
    rng = random.Random(9)
    counts: Counter[str] = Counter()
    for _ in range(1):
        state = game.new_initial_state()
        while not state.is_terminal():
            settle(state, rng)
            if state.is_terminal():
                break
            ours = state.game
            action = rng.choice(state.legal_actions())
            for seat in range(ours.num_players) if rng.random() < 0.2 else ():
                other = game.state_of(twin(ours, seat, rng))
                counts["differs"] += other.game.state.to_json() != ours.state.to_json()
                assert_same_for(seat, state, other)
                counts["checks"] += 1
                mark = len(ours.log)
                shown = seen(ours, seat, mark)
                if action not in other.legal_actions():
                    continue
                after, other_after = state.clone(), other.clone()
                after.apply_action(action)
                other_after.apply_action(action)
                if after.is_chance_node() or other_after.is_chance_node() or \
                        seen(after.game, seat, mark) != shown:
                    continue                           # a chance event next, or a card shown: they may differ
                assert_same_for(seat, after, other_after)
                counts["after"] += 1
            state.apply_action(action)
    assert counts["checks"] > 30 and counts["after"] > 15
    assert counts["differs"] > counts["checks"] // 4        # the twins really hold other hidden cards


def assert_same_for(seat: int, a: object, b: object) -> None:
    assert a.information_state_string(seat) == b.information_state_string(seat)  # type: ignore[attr-defined]
    np.testing.assert_array_equal(a.information_state_tensor(seat),  # type: ignore[attr-defined]
                                  b.information_state_tensor(seat))  # type: ignore[attr-defined]
    np.testing.assert_array_equal(a.observation_tensor(seat), b.observation_tensor(seat))  # type: ignore


def test_the_tensors_do_tell_what_a_seat_sees() -> None:
    """The converse of the swap test: a seat's own cards and the revealed ones are in its tensor."""
    game = load("fog-of-war", "", 40)
    rng = random.Random(3)
    state = game.new_initial_state()
    settle(state, rng)
    while state.game.decision != "activation":
        state.apply_action(state.legal_actions()[0])
        settle(state, rng)
    ours = state.game
    for seat in range(2):
        other = game.state_of(twin(ours, 1 - seat, rng))   # permutes what the *other* seat cannot see
        if other.game.state.to_json() != ours.state.to_json():
            assert not np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
            return
    pytest.fail("no twin differed in cards its seat sees")


def test_without_open_spiel_the_import_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib
    import sys

    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "dictator_widget.adapters.openspiel", raising=False)
    with pytest.raises(ImportError, match=r"needs the package 'open-spiel'.*pip install 'dictator_widget\[rl\]'"):
        importlib.import_module("dictator_widget.adapters.openspiel")
