"""The OpenSpiel game ``python_dictator_control`` (issue 21), tested as OpenSpiel tests its own Python games.

The issue's 200 random games per mission run in ``checks/openspiel_random.py`` (minutes); here
the same check runs on one game per mission (turn cap 40), plus OpenSpiel's own ``random_sim_test`` on a short game
and the swap test through the information-state strings and tensors.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from swap import seen  # noqa: E402

import dictator_widget as dw  # noqa: E402
from dictator_widget.adapters.openspiel import load, variants_from_text  # noqa: E402
from dictator_widget.adapters.simcheck import random_games  # noqa: E402
from dictator_widget.engine.content.missions import missions  # noqa: E402
from dictator_widget.engine.views.hidden import twin  # noqa: E402


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


def at_activation(mission: str, turn_cap: int, seed: int) -> object:
    """A state of ``mission`` at its first activation, the set-up played at random."""
    game = load(mission, "", turn_cap)
    rng = random.Random(seed)
    state = game.new_initial_state()
    settle(state, rng)
    while state.game.decision != "activation":
        state.apply_action(rng.choice(state.legal_actions()))
        settle(state, rng)
    return state


@pytest.mark.parametrize("mission", ["fog-of-war", "triumvirate+fog-of-war"])
def test_resample_from_infostate_draws_worlds_the_seat_cannot_tell_apart(mission: str) -> None:
    """Issue 37: OpenSpiel's ISMCTS needs ``resample_from_infostate``; each world it gets has the seat's
    information-state string (asserted by ISMCTS too), and the worlds differ in what the seat cannot see."""
    state = at_activation(mission, 20, 4)
    rs = np.random.RandomState(0)
    for seat in range(state.game.num_players):  # type: ignore[attr-defined]
        worlds = [state.resample_from_infostate(seat, rs.uniform) for _ in range(10)]  # type: ignore[attr-defined]
        for world in worlds:
            assert world.information_state_string(seat) == state.information_state_string(seat)  # type: ignore
            if seat == state.current_player():  # type: ignore[attr-defined]
                assert world.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
        assert len({json.dumps(w.game.state.to_json()) for w in worlds}) > 5   # other cards it cannot see
        assert len({str(w) for w in worlds}) > 5                               # str tells them apart


def test_openspiels_ismcts_plays_whole_fog_of_war_games_through_evaluate_bots() -> None:
    """OpenSpiel's own ``evaluate_bots`` loop: ISMCTS (8 simulations, our learned value at the leaves) against
    Greedy, both seats, to the end of a short game (turn cap 4)."""
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    from dictator_widget.adapters.bots import AgentBot, openspiel_ismcts
    from dictator_widget.agents import GreedyAgent

    game = load("fog-of-war", "", 4)
    for seat in range(2):
        bots = [AgentBot(GreedyAgent(seed=seat), 1 - seat)] * 2
        bots[seat] = openspiel_ismcts(simulations=8)(game, seat, seat)
        state = game.new_initial_state()
        returns = evaluate_bots(state, bots, np.random.RandomState(seat))
        assert state.is_terminal() and sum(returns) == 0 and state.game.turn == 4


def test_str_of_a_state_identifies_its_position() -> None:
    """Issue 37: ``str(state)`` named only the mission and the number of decisions, so string-keyed tools
    merged different states. It is now the game's save, from which the position replays."""
    game = load("fog-of-war", "", 10)
    a = at_activation("fog-of-war", 10, 1)
    b = a.clone()  # type: ignore[attr-defined]
    legal = a.legal_actions()  # type: ignore[attr-defined]
    a.apply_action(legal[0])  # type: ignore[attr-defined]
    b.apply_action(legal[-1])
    assert str(a) != str(b)
    again = game.state_of(dw.Game.from_json(str(a)))
    assert again.game.state.to_json() == a.game.state.to_json()  # type: ignore[attr-defined]


def test_max_game_length_is_a_bound_from_the_rules() -> None:
    """Issue 37: it was 60,000 (turn cap x players x 150). Now the set-up's decisions and, per turn, 24 per
    battalion that may activate and 3 per card action (R16: each once a turn); random_games checks every
    turn against it (tests above, checks/openspiel_random.py)."""
    from dictator_widget.adapters.openspiel import length_bound, turn_bound

    game = load("standard", "", 200)
    ours = game.new_initial_state().game
    assert game.max_game_length() == length_bound(ours) == 35_081 < 60_000
    assert turn_bound(load("standard", "alternating_activation", 200).new_initial_state().game) > turn_bound(ours)
    assert game.get_type().provides_information_state_tensor is False     # not perfect recall: see observation.py


def _states(mission: str, count: int, seed: int) -> list[object]:
    """``count`` states of random play (chance nodes, decisions, the end) of a short game."""
    game = load(mission, "", 3)
    rng = random.Random(seed)
    out: list[object] = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if rng.random() < 0.3:
                out.append(state.clone())
            outcomes = state.chance_outcomes() if state.is_chance_node() else None
            state.apply_action(rng.choice(outcomes)[0] if outcomes else rng.choice(state.legal_actions()))
        if state.is_terminal():
            out.append(state)
    return out


@pytest.mark.parametrize("mission", ["fog-of-war", "triumvirate"])
def test_openspiels_observation_checks_pass_for_every_observer_offered(mission: str) -> None:
    """OpenSpiel's own API checks (``integration_tests/api_test.py``, the partial-tree class: observations
    refuse bad players, private and public observers, legal actions, lengths) on 60 states of short games;
    then every observer type the game offers gives a string and a tensor of its size at every decision."""
    import unittest

    from open_spiel.integration_tests import api_test
    from open_spiel.python.observation import make_observation

    game = load(mission, "", 3)
    states = _states(mission, 60, 2)
    checks = type("Checks", (api_test.EnforceAPIOnPartialTreeBase,), {
        "game": game, "game_name": mission, "some_states": states, "game_type": game.get_type(),
        "setUpClass": classmethod(lambda cls: None)})
    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(checks).run(result)
    assert result.wasSuccessful() and result.testsRun == 5, result.errors + result.failures
    kinds = [pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
             for recall in (False, True)
             for public, private in ((True, pyspiel.PrivateInfoType.SINGLE_PLAYER),
                                     (True, pyspiel.PrivateInfoType.NONE),
                                     (False, pyspiel.PrivateInfoType.SINGLE_PLAYER))]
    for kind in kinds:
        obs = make_observation(game, kind)
        for state in states:
            if state.is_chance_node():  # type: ignore[attr-defined]
                continue
            for seat in range(game.num_players()):
                obs.set_from(state, seat)
                assert obs.tensor.ndim == 1 and obs.tensor.size > 0 and np.isfinite(obs.tensor).all()
                assert isinstance(obs.string_from(state, seat), str)
    with pytest.raises(ValueError, match="observes"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False,
                                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_the_public_observer_is_everyones_and_shows_no_face_down_card() -> None:
    """The public-only observer: the same string and tensor for every seat, unchanged when any seat's
    unseen cards are permuted (the swap test), and no face-down card in it, not even the seat's own."""
    from open_spiel.python.observation import make_observation

    state = at_activation("fog-of-war", 10, 6)
    game = state.get_game()  # type: ignore[attr-defined]
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    texts = {public.string_from(state, seat) for seat in range(2)}
    assert len(texts) == 1
    text = texts.pop()
    ours = state.game  # type: ignore[attr-defined]
    assert not any(f'"{c}"' in text for b in ours.state.battalions.values() for c in b.cards)
    public.set_from(state, 0)
    tensor = public.tensor.copy()
    rng = random.Random(1)
    for seat in range(2):
        other = game.state_of(twin(ours, seat, rng))
        assert public.string_from(other, 1 - seat) == text
        public.set_from(other, 1 - seat)
        np.testing.assert_array_equal(public.tensor, tensor)
    private = make_observation(game, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    mine = {c for b in ours.state.battalions.values() if b.owner == 0 for c in b.cards}
    assert set(json.loads(private.string_from(state, 0))["private"]) == mine
