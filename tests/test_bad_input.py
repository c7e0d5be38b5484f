"""Bad input never changes the game: garbage, near misses, out-of-turn actions, bad saves."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dictator_widget as dw


def _midgame(seed: int, steps: int) -> dw.Game:
    game = dw.Game.new(seed=seed, placement="fixed")
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


GAMES = [_midgame(seed, steps) for seed, steps in [(1, 0), (2, 7), (3, 25), (4, 60), (5, 140), (6, 400)]]

WORDS = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "move", "attack", "guild", "exchange", "give", "take",
         "end", "end-turn", "pass", "damage", "hire", "hireling", "energy", "discard", "T01", "T04",
         "C08", "H01", "T01:turbo-jump", "T04:acceleration", "C08:bio-bugs", "d4", "c4", "e4", "z9",
         "d3", "-", "T01,T02", "a1", "q0", ""]


def _refused(game: dw.Game, action: object) -> None:
    before = game.to_json()
    legal = {str(a) for a in game.legal_actions()}
    if isinstance(action, str) and " ".join(action.split()) in legal:
        return
    with pytest.raises(dw.IllegalAction) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert str(info.value).strip(), "the message names the problem"
    assert game.to_json() == before


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.text(max_size=40))
def test_garbage_text_is_refused_and_changes_nothing(game: dw.Game, text: str) -> None:
    _refused(game, text)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(GAMES), st.lists(st.sampled_from(WORDS), min_size=1, max_size=7))
def test_near_miss_notation_is_refused_and_changes_nothing(game: dw.Game, words: list[str]) -> None:
    _refused(game, " ".join(words))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_mutated_legal_actions_are_refused_unless_legal(game: dw.Game, data: st.DataObject) -> None:
    if game.is_over:
        return
    action = str(data.draw(st.sampled_from(game.legal_actions())))
    i = data.draw(st.integers(0, len(action) - 1))
    mutated = action[:i] + data.draw(st.sampled_from("0123456789ABCTdgz :,-")) + action[i + 1:]
    _refused(game, mutated)


def test_out_of_turn_actions_name_the_owner() -> None:
    game = dw.Game.new(seed=1, dice=[6, 1], placement="fixed")
    other = dw.Game.new(seed=1, dice=[1, 6], placement="fixed")
    bad = [a for a in other.legal_actions() if a.battalion.startswith("B")]
    before = game.to_json()
    with pytest.raises(dw.IllegalAction, match="belongs to player 2"):
        game.apply(bad[0])
    assert game.to_json() == before


@pytest.mark.parametrize("thing", [None, 42, 3.5, b"A1 end", ["A1", "end"], {"kind": "pass"}])
def test_non_actions_are_refused(thing: object) -> None:
    _refused(dw.Game.new(seed=1, placement="fixed"), thing)


def test_undo_at_the_start_is_refused() -> None:
    game = dw.Game.new(seed=1, placement="fixed")
    with pytest.raises(dw.IllegalAction, match="nothing to undo"):
        game.undo()


def test_every_legal_notation_round_trips() -> None:
    for game in GAMES:
        for action in game.legal_actions():
            assert game.parse_action(str(action)) == action
            assert dw.Action.parse(str(action)) == action


# --- save files -------------------------------------------------------------------------

def _save() -> str:
    return GAMES[4].to_json()


@pytest.mark.parametrize("damage", [
    lambda s: s[: len(s) // 2],                                     # truncated
    lambda s: "",                                                   # empty
    lambda s: "not json at all",
    lambda s: json.dumps([1, 2, 3]),                                # JSON, not a save
    lambda s: s.replace('"dictator-control-save"', '"chess-save"'),
    lambda s: s.replace('"version":1', '"version":99'),
    lambda s: s.replace('"actions":[', '"actions":["A9 fly z9",', 1),  # an action that cannot replay
    lambda s: s.replace('"energy":[', '"energy":[11,', 1),          # a position that does not match
    lambda s: s.replace('"mission":"standard"', '"mission":"nowhere"'),
    lambda s: s.replace('"seed":5', '"seed":"five"'),
])
def test_corrupt_saves_raise_save_file_error(damage) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(dw.SaveFileError):
        dw.Game.from_json(damage(_save()))


def test_a_save_restores_undo_and_the_log() -> None:
    game = GAMES[4]
    loaded = dw.Game.from_json(game.to_json())
    assert loaded.log.texts("ru") == game.log.texts("ru")
    assert loaded.history == game.history
    loaded.undo()
    copy = game.clone()
    copy.undo()
    assert loaded.to_json() == copy.to_json()
