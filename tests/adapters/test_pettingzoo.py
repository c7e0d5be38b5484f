"""The PettingZoo AEC environment (issue 21): PettingZoo's own API and seed tests, whole games played
through it with a masked random policy, refusals and the text board."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import dictator_widget as dw  # noqa: E402
from dictator_widget.adapters.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize("mission", ["standard", "fog-of-war", "dissension"])
def test_pettingzoo_api_and_seed_tests_pass(mission: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # PettingZoo's advice for Box observations: ours is a dict with a mask
        api_test(env(mission=mission, render_mode="ansi"), num_cycles=50)
        seed_test(lambda: env(mission=mission), num_cycles=30)


@pytest.mark.parametrize("mission,turn_cap", [("standard", 200), ("dissension", 6)])
def test_whole_games_with_a_masked_random_policy(mission: str, turn_cap: int) -> None:
    e = env(mission=mission, turn_cap=turn_cap)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert e.observation_space(agent).contains(observation)
        legal = np.flatnonzero(observation["action_mask"])
        assert [e.unwrapped.notation(i) for i in legal] == info["legal"]
        assert info["legal"] == sorted(info["legal"], key=lambda t: e.unwrapped.space.encode(
            e.unwrapped.game.parse_action(t), e.unwrapped.game))
        e.step(int(rng.choice(legal)))
        steps += 1
    game = e.unwrapped.game
    assert game.is_over and not e.agents and steps == len(game.history)
    if game.winner is None:
        assert set(totals.values()) == {0.0}
    else:
        assert totals[f"player_{game.winner}"] == 1.0 and sum(totals.values()) == pytest.approx(0.0)
    if mission == "dissension":
        assert game.end_reason == "turn-cap" or game.turn <= turn_cap


def test_other_seats_have_an_empty_mask_and_illegal_actions_are_refused() -> None:
    e = env(mission="fog-of-war")
    e.reset(seed=1)
    waiting = next(a for a in e.possible_agents if a != e.agent_selection)
    assert not e.observe(waiting)["action_mask"].any()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.unwrapped.game.state.to_json()
    with pytest.raises(dw.DictatorError, match="is not legal now"):
        e.step(illegal)
    assert e.unwrapped.game.state.to_json() == before


def test_the_text_board_hides_face_down_cards() -> None:
    e = env(mission="fog-of-war", render_mode="ansi")
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    while e.unwrapped.game.decision != "activation":
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    text = e.render()
    assert "turn 1" in text and "A1 (player 0) at" in text and "?" in text and "T01" not in text
    quiet = env(mission="standard")
    quiet.reset(seed=2)
    assert quiet.render() is None
    with pytest.raises(dw.DictatorError, match="render_mode"):
        env(mission="standard", render_mode="rgb_array")


def test_pettingzoos_render_test_passes_and_human_mode_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: PettingZoo's own render_test asks for render_mode="human" (and every mode listed)."""
    render_test(lambda render_mode: env(mission="fog-of-war", turn_cap=30, render_mode=render_mode))
    shown = capsys.readouterr().out
    assert shown.count("Hireling deck") == 5                         # printed once a render, 5 renders
