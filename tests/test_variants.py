"""Rule variants: each one's effect through the public API, refusals, and random play to the end."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import notations, play
from invariants import play_randomly

import dictator_widget as dw
from dictator_widget.engine.content.variants import variants

ONE_OF_EACH: list[dict[str, Any]] = [
    {"guild_strength": 5}, {"starting_energy": 2}, {"energy_max": 8}, {"battalion_size": 4},
    {"hirelings": False}, {"turn_cap": 30}, {"d10_collision": True}, {"alternating_activation": True},
    {"alternating_activation": True, "catch_up": True}, {"roll_off_setup": True}, {"siege_tokens": True},
    {"trailing_first_player": True}, {"reactive_phases": True}, {"exhaustion": True},
]


def _at(battalions: dict[str, tuple[str, list[str]]], variants: dict[str, Any], **kw: Any) -> dw.Game:
    return dw.Game.from_scenario({"battalions": {k: {"sector": s, "cards": c} for k, (s, c) in battalions.items()},
                                  "variants": variants, "guilds": kw.pop("guilds", []), **kw})


def test_variants_are_listed_with_both_languages() -> None:
    listing = variants()
    assert {"guild_strength", "starting_energy", "battalion_size", "hirelings", "energy_max", "turn_cap",
            "d10_collision", "alternating_activation", "catch_up", "roll_off_setup", "siege_tokens",
            "trailing_first_player", "reactive_phases", "exhaustion"} == set(listing)
    for v in listing.values():
        assert v.name["en"] and v.name["ru"] and v.text["en"] and v.text["ru"]


@pytest.mark.parametrize(("bad", "words"), [
    ({"gravity": 2}, "unknown variant 'gravity'"), ({"guild_strength": "high"}, "whole number"),
    ({"guild_strength": 99}, "from 0 to 12"), ({"hirelings": 1}, "True or False"),
    ({"catch_up": True}, "needs 'alternating_activation'"), ({"battalion_size": 2}, "too small"),
    ({"energy_max": 3}, "below the starting Energy"),
])
def test_bad_variants_are_refused_with_the_reason(bad: dict[str, Any], words: str) -> None:
    with pytest.raises(dw.DictatorError, match=words):
        dw.Game.new(variants=bad, placement="fixed")


def test_roll_off_refused_where_it_cannot_work() -> None:
    with pytest.raises(dw.DictatorError, match="works only in the missions"):
        dw.Game.new("triumvirate", variants={"roll_off_setup": True}, placement="fixed")


@pytest.mark.parametrize("chosen", ONE_OF_EACH, ids=lambda v: ",".join(v))
def test_random_play_of_60_games_with_each_variant(chosen: dict[str, Any]) -> None:
    for seed in range(60):
        game = play_randomly(dw.Game.new(seed=seed, variants=chosen), seed, undo_every=53)
        assert json.loads(game.to_json())["rules"]["variants"] == chosen
    assert dw.Game.from_json(game.to_json()).state.to_json() == game.state.to_json()


def test_guild_strength_energy_and_scale() -> None:
    game = dw.Game.new(seed=1, variants={"guild_strength": 5, "starting_energy": 2, "energy_max": 8}, placement="fixed")
    assert game.rules.guild_strength == 5 and game.state.energy == [2, 2]
    assert game.view()["players"][0]["energy_max"] == 8
    game = _at({"A1": ("d4", ["T12"]), "B1": ("g4", ["C01"])}, {"energy_max": 8}, energy=[8, 6],
               guilds=["d3"], deck=["H02"], dice=[6, 1])
    play(game, "A1 attack guild d3", "energy")
    assert game.state.energy[0] == 8                              # the scale stops at 8


def test_battalion_size_four_allows_a_fourth_card() -> None:
    game = _at({"A1": ("d4", ["T12", "T06", "T01"]), "B1": ("g4", ["C01"])}, {"battalion_size": 4},
               guilds=["d3"], deck=["H02"], dice=[6, 1])
    play(game, "A1 attack guild d3", "hireling")
    assert game.state.battalions["A1"].cards == ("T12", "T06", "T01", "H02") and game.decision == "activation"


def test_hirelings_off_leaves_no_deck() -> None:
    game = dw.Game.new(seed=1, variants={"hirelings": False}, placement="fixed")
    assert game.state.deck == []


def test_turn_cap_variant_ends_the_game() -> None:
    game = dw.Game.new(seed=1, variants={"turn_cap": 2}, placement="fixed")
    play(game, "end-turn", "end-turn")
    assert game.end_reason == "turn-cap"


def test_d10_collision_rolls_up_to_ten() -> None:
    game = _at({"A1": ("d4", ["T12"]), "B1": ("e4", ["T06"])}, {"d10_collision": True}, dice=[10, 9])
    events = play(game, "A1 attack B1")
    roll = next(e for e in events if e.kind == "roll").args
    assert (roll["attacker"], roll["defender"]) == (10, 9)
    plain = _at({"A1": ("d4", ["T12"]), "B1": ("e4", ["T06"])}, {"d10_collision": True})
    assert dw.battle_odds(plain, "A1 attack B1")["draw"] == pytest.approx(9 / 100)


def test_alternating_activation_passes_after_each_battalion() -> None:
    game = _at({"A1": ("a4", ["T01"]), "A2": ("a5", ["T02"]), "B1": ("g4", ["C01"]), "B2": ("g3", ["C02"])},
               {"alternating_activation": True})
    play(game, "A1 move b3")
    assert game.current_player == 0
    play(game, "A1 end")
    assert game.current_player == 1                               # one battalion, then the other player
    play(game, "B1 end", "A2 end", "B2 end")
    assert game.current_player == 0 and game.turn == 2 and not game.state.acted


def test_catch_up_lets_the_smaller_army_pass() -> None:
    game = _at({"A1": ("a4", ["T01"]), "B1": ("g4", ["C01"]), "B2": ("g3", ["C02"])},
               {"alternating_activation": True, "catch_up": True})
    assert "wait" in notations(game)                              # 1 battalion against 2: one pass a round
    play(game, "wait")
    assert game.current_player == 1
    play(game, "B1 end")
    assert game.current_player == 0 and "wait" not in notations(game)


def test_roll_off_setup_winner_splits_the_loser_chooses() -> None:
    game = dw.Game.new(seed=1, dice=[2, 5, 3, 6], variants={"roll_off_setup": True}, placement="fixed")
    assert game.decision == "split" and game.current_player == 1  # 6 beats 3 in the roll-off
    play(game, "split blue-red")
    assert game.current_player == 0 and notations(game) == {"zone blue", "zone red"}
    play(game, "zone red")
    assert game.state.zones == ["red", "blue"] and game.decision == "activation"
    assert {game.board.nodes[b.sector]["zone"] for b in game.state.battalions.values() if b.owner == 1} == {"blue"}


def test_siege_tokens_help_later_assaults() -> None:
    game = _at({"A1": ("d4", ["T12", "T06", "T01"]), "B1": ("g4", ["C11"])}, {"siege_tokens": True},
               guilds=["d3"], dice=[1, 6, 1, 1])
    play(game, "A1 attack guild d3", "damage T06")
    assert game.state.sieges == {"d3": 1} and game.current_player == 1
    play(game, "end-turn")
    events = play(game, "A1 attack guild d3")
    assert next(e for e in events if e.kind == "strength").args == {"attacker": 5, "defender": 3}


def test_trailing_player_moves_first_each_round() -> None:
    game = _at({"A1": ("a4", ["T01"]), "B1": ("g4", ["C01"]), "B2": ("g3", ["C02"])},
               {"trailing_first_player": True})
    play(game, "end-turn")
    assert game.current_player == 1
    play(game, "end-turn")                                        # a new round: player 0 is behind
    assert game.current_player == 0 and game.state.order == (0, 1)
    game = _at({"A1": ("a4", ["T01"]), "A2": ("a5", ["T02"]), "B1": ("g4", ["C01"])},
               {"trailing_first_player": True})
    play(game, "end-turn", "end-turn")
    assert game.state.order == (1, 0) and game.current_player == 1


def test_reactive_phases_let_each_side_answer() -> None:
    game = _at({"A1": ("d4", ["T04", "T13"]), "B1": ("e4", ["C06", "C01"])}, {"reactive_phases": True},
               dice=[3, 3])
    play(game, "A1 attack B1", "T04:acceleration")
    assert game.current_player == 1 and game.decision == "strength"
    play(game, "C06:chitin-wall")
    assert game.current_player == 0 and "T13:order" in notations(game)   # the attacker answers
    play(game, "pass")                      # the defender has nothing left: two passes in a row close it
    assert game.decision != "strength"


def test_exhaustion_keeps_a_used_card_out_until_its_owners_next_turn() -> None:
    game = _at({"A1": ("a4", ["T06", "T01"]), "A2": ("a5", ["T05"]), "B1": ("g4", ["C01"])},
               {"exhaustion": True})
    play(game, "A1 T06:sprint b4")
    assert "T06" in game.state.exhausted
    play(game, "A1 end", "A2 end")
    assert game.current_player == 1 and "T06" in game.state.exhausted    # still, in the opponent's turn
    play(game, "end-turn")
    assert game.current_player == 0 and "T06" not in game.state.exhausted


def test_the_variants_page_is_up_to_date() -> None:
    from pathlib import Path

    from dictator_widget.engine.content.variants import reference

    page = Path(__file__).resolve().parent.parent / "docs" / "variants.md"
    assert page.read_text(encoding="utf-8") == reference()
