"""Scenarios: positions as data, round trips, and refusals that name the problem."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dictator_widget as dw


def _continue(game: dw.Game, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.state.to_json()


@pytest.mark.parametrize("mission", dw.missions())
@pytest.mark.parametrize("seed", range(4))
def test_to_scenario_and_back_continues_identically(mission: str, seed: int) -> None:
    game = dw.Game.new(mission, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 400)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    copy = dw.Game.from_scenario(game.to_scenario())
    assert copy.state.to_json() == game.state.to_json()
    assert _continue(copy, seed + 100) == _continue(game, seed + 100)


def test_a_scenario_game_saves_and_loads() -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T04", "T01"]},
                                                 "B1": {"sector": "e4", "cards": ["C08", "C04"]}},
                                  "seed": 3})
    game.apply("A1 attack B1")
    loaded = dw.Game.from_json(game.to_json())
    assert loaded.state.to_json() == game.state.to_json()
    loaded.undo()
    assert loaded.decision == "activation"


def test_scenario_defaults_follow_the_mission() -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "a4", "cards": ["T01"]},
                                                 "B1": {"sector": "g4", "cards": ["C01"]}}})
    assert game.state.energy == [6, 6] and len(game.state.guilds) == 8 and len(game.state.deck) == 10
    assert "T02" in game.state.aside


BASE: dict[str, Any] = {"battalions": {"A1": {"sector": "d4", "cards": ["T01", "T04"]},
                                       "B1": {"sector": "e4", "cards": ["C08"]}}}


def _with(**changes: Any) -> dict[str, Any]:
    data = {"battalions": {k: dict(v) for k, v in BASE["battalions"].items()}}
    for key, value in changes.items():
        if key.startswith("bat_"):
            data["battalions"].update(value)
        else:
            data[key] = value
    return data


MALFORMED = [
    (_with(bat_={"A2": {"sector": "d4", "cards": ["T02"]}}), "two battalions on sector d4"),
    (_with(bat_={"A2": {"sector": "c4", "cards": ["T02", "T03", "T05", "T06"]}}), "4 cards"),
    (_with(bat_={"A2": {"sector": "c4", "cards": []}}), "0 cards"),
    (_with(bat_={"A2": {"sector": "c4", "cards": ["T01"]}}), "card T01 is used twice"),
    (_with(bat_={"A2": {"sector": "c4", "cards": ["T99"]}}), "unknown card 'T99'"),
    (_with(bat_={"A2": {"sector": "z9", "cards": ["T02"]}}), "unknown sector 'z9'"),
    (_with(guilds=["d4"]), "holds a Guild token"),
    (_with(guilds=["q7"]), "unknown sector 'q7'"),
    (_with(bat_={"E1": {"sector": "c4", "cards": ["T02"]}}), "label 'E1'"),
    (_with(bat_={"C1": {"sector": "c4", "cards": ["T02"]}}), "the game has 2"),
    (_with(bat_={"A2": {"sector": "c4", "cards": ["T02"], "damaged": ["T03"]}}), "damaged card 'T03'"),
    (_with(bat_={"A2": {"sector": "c4", "cards": ["T02"], "damaged": ["T02"]}}), "every card is damaged"),
    (_with(bat_={"A2": {"sector": "c4", "cards": ["T02"], "colour": "red"}}), "battalion A2"),
    (_with(energy=[6]), "'energy'"),
    (_with(energy=[6, -1]), "'energy'"),
    (_with(energy=[6, 99]), "'energy'"),
    (_with(deck=["H01", "T01"]), "card T01 is used twice"),
    (_with(dump=["H01", "H01"]), "card H01 is used twice"),
    (_with(player=5), "'player'"),
    (_with(order=[0, 0]), "'order'"),
    (_with(acted=["B1"]), "'acted'"),
    (_with(turn=0), "'turn'"),
    (_with(dice=[7]), "'dice'"),
    (_with(mission="moon-base"), "unknown mission"),
    (_with(weather="rain"), "unknown scenario field 'weather'"),
    ({"energy": [6, 6]}, "needs 'battalions'"),
    ({"battalions": {}}, "at least one battalion"),
    (_with(seed="x"), "'seed'"),
    (_with(variants=[1]), "variants are a dict"),
    (_with(turn_cap="x"), "'turn_cap'"),
]


@pytest.mark.parametrize(("data", "words"), MALFORMED, ids=[m[1] for m in MALFORMED])
def test_malformed_scenarios_are_refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(dw.DictatorError) as info:
        dw.Game.from_scenario(data)
    assert words in str(info.value)


@pytest.mark.parametrize("name", ["first-battle", "guild-rush", "sniper-duel"])
def test_shipped_scenarios_load_and_play_to_the_end(name: str) -> None:
    from dictator_widget.engine.content.scenario import Scenario, shipped

    assert name in shipped()
    scenario = Scenario.load(name)
    assert scenario.name and scenario.name["ru"] and scenario.text and scenario.text["ru"]
    game = dw.Game.from_scenario(name)
    _continue(game, 7)
    assert game.is_over


def test_a_scenario_from_toml_text_names_the_file(tmp_path: Any) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('[battalions.A1]\nsector = "d4"\ncards = ["T01"]\n[battalions.B1]\nsector = "d4"\ncards = ["C01"]\n')
    with pytest.raises(dw.ScenarioError, match="two battalions on sector d4"):
        dw.Game.from_scenario(bad)
    broken = tmp_path / "broken.toml"
    broken.write_text("[battalions.A1\n")
    with pytest.raises(dw.ScenarioError, match="broken.toml"):
        dw.Game.from_scenario(broken)


def test_the_skirmish_is_a_first_game_of_at_most_sixty_decisions_for_careful_players() -> None:
    """cards/scenarios/skirmish.toml (lesson 01's first game, docs/decisions.md): two battalions a side, a 12-turn
    cap; Greedy against Greedy on a few seeds, each side moving first in turn, ends within 60 decisions in all
    but the rare long game (studies/skirmish.py: 99 of 100)."""
    import tomllib
    from pathlib import Path

    from dictator_widget.agents import GreedyAgent

    text = (Path(__file__).resolve().parent.parent / "cards" / "scenarios" / "skirmish.toml").read_text("utf-8")
    position = tomllib.loads(text)
    assert "not a mission of the rulebook" in position["text"]["en"] and "не миссия из правил" in position["text"]["ru"]
    lengths = []
    for seed in range(6):
        game = dw.Game.from_scenario({**position, "seed": seed, "player": seed % 2})
        assert sorted(game.state.battalions) == ["A1", "A2", "B1", "B2"]
        agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
        while not game.is_over:
            game.apply(agents[game.current_player].act(game))
        assert game.turn <= 12 + 1
        lengths.append(len(game.history))
    assert sorted(lengths)[-2] <= 60, lengths
