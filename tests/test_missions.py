"""Missions M0-M7: each one's set-up, what sets it apart, and random play to the end."""

from __future__ import annotations

import random

import pytest
from helpers import notations, play
from invariants import play_randomly

import dictator_widget as dw
from dictator_widget.engine.content.board import load_board
from dictator_widget.engine.content.missions import mission as load_mission


def _finish_setup(game: dw.Game, seed: int = 0) -> dw.Game:
    rng = random.Random(seed)
    while game.decision in ("zone", "draft", "form", "deploy"):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_all_missions_are_listed() -> None:
    assert dw.missions() == ["standard", "regrouping", "chaos", "fog-of-war", "triumvirate", "dissension",
                             "double-strike", "training"]


@pytest.mark.parametrize("mission", dw.missions())
def test_random_play_of_60_games_keeps_the_invariants(mission: str) -> None:
    ends = set()
    for seed in range(60):
        game = play_randomly(dw.Game.new(mission, seed=seed), seed, undo_every=41)
        ends.add(game.end_reason)
    assert "annihilation" in ends


def test_m1_standard_the_rulebooks_armies_zones_by_chance_tokens_placed_by_their_players() -> None:
    game = dw.Game.new("standard", seed=1, dice=[2, 5])            # the Synclith win the initiative (R11)
    names = {p: [[game.cards[c].name["en"] for c in bat] for bat in game.mission.armies[p].battalions]
             for p in (0, 1)}
    assert names[0] == [["WASP", "Perseus", "Assault Turcopoles"], ["Knight", "Chaplain", "Runner"],
                        ["Gefestus", "Med-Tech", "Hydra"]]
    assert names[1] == [["Phagocyte", "Agitator", "Genomorph"], ["Snail", "Genoclone", "Hoplone"],
                        ["Typhia, the Rider", "Infiltrator", "Leech"]]
    assert game.rules.guild_strength == 3 and len(game.state.guilds) == 8
    assert game.decision == "zone" and game.current_player == 1          # the die decides who chooses
    assert notations(game) == {"zone green", "zone yellow"}
    play(game, "zone green")                                             # the other zone is forced
    assert game.state.zones == ["yellow", "green"]
    assert game.decision == "deploy" and game.current_player == 1
    assert notations(game) == {"B1 deploy b4", "B1 deploy a4", "B1 deploy a5"}
    with pytest.raises(dw.IllegalAction, match="Starting Zone"):
        game.apply("B1 deploy f4")
    play(game, "B1 deploy a5", "B2 deploy b4")                           # the last token is forced
    assert game.state.battalions["B3"].sector == "a4" and game.current_player == 0
    play(game, "A1 deploy g3", "A2 deploy f4")
    assert game.decision == "activation" and game.current_player == 1 and game.turn == 1
    assert game.state.battalions["A3"].cards == ("T07", "T08", "T09") and game.state.battalions["A3"].sector == "g4"


@pytest.mark.parametrize("mission", ["standard", "regrouping", "chaos", "fog-of-war"])
def test_m1_no_guild_of_the_two_player_map_is_as_near_one_zone_as_the_other(mission: str) -> None:
    """docs/decisions.md: the first player won the race to Guilds as near one zone as the other (balance.md,
    step 13), so the two-player missions use four Guilds nearer each zone."""
    board = load_board()
    sites = [board.guild_sites[n - 1] for n in load_mission(mission).guild_sites]
    near = {zone: [s for s in sites if min(board.distance(s, z) for z in board.zones[zone])
                   < min(board.distance(s, z) for z in board.zones[other])]
            for zone, other in (("green", "yellow"), ("yellow", "green"))}
    assert len(sites) == 8 and len(near["green"]) == len(near["yellow"]) == 4


def test_m1_a_fixed_placement_is_a_quick_start() -> None:
    game = dw.Game.new("standard", seed=1, placement="fixed")
    assert game.decision == "activation" and game.state.battalions["A1"].sector == "b4"
    with pytest.raises(dw.DictatorError, match="placement"):
        dw.Game.new("standard", seed=1, placement="anywhere")


def test_m2_regrouping_players_form_their_own_battalions() -> None:
    game = dw.Game.new("regrouping", seed=1, dice=[6, 1])
    assert game.decision == "zone" and game.current_player == 0
    play(game, "zone green")
    assert game.decision == "form" and game.current_player == 0 and not game.state.battalions
    assert "form T01 A1" in notations(game) and "form C01 B1" not in notations(game)
    assert "form T01 A2" not in notations(game)                          # battalions open in order
    for card, label in [("T01", "A1"), ("T04", "A1"), ("T07", "A1"), ("T02", "A2")]:
        game.apply(f"form {card} {label}")
    assert game.state.battalions["A1"].cards == ("T01", "T04", "T07")
    assert not any(a.battalion == "A1" for a in game.legal_actions())          # full
    _finish_setup(game)
    assert game.decision == "activation" and game.turn == 1 and game.current_player == 0
    for bat in game.state.battalions.values():
        assert len(bat.cards) == 3 and game.board.nodes[bat.sector]["zone"] in ("green", "yellow")


def test_m2_regrouping_battalions_of_at_most_three_not_always_three_of_three() -> None:
    game = dw.Game.new("triumvirate+regrouping", seed=3, dice=[2, 6, 4])   # six cards each, three sectors
    play(game, "zone blue", "zone red", "zone green")
    p = game.current_player
    hand = list(game.state.hands[p])
    letter = "ABC"[p]
    play(game, f"form {hand[0]} {letter}1", f"form {hand[1]} {letter}1", f"form {hand[2]} {letter}2",
         f"form {hand[3]} {letter}2", f"form {hand[4]} {letter}3", f"form {hand[5]} {letter}3")
    sizes = [len(b.cards) for b in game.state.battalions.values() if b.owner == p]
    assert sizes == [2, 2, 2]                                           # three battalions of two
    game = dw.Game.new("regrouping", seed=1, dice=[6, 1], variants={"battalion_size": 4})
    play(game, "zone green")
    for card in ("T01", "T02", "T03", "T04"):
        game.apply(f"form {card} A1")
    assert len(game.state.battalions["A1"].cards) == 4                   # at most the battalion size


def test_m3_chaos_drafts_from_both_factions_without_hirelings() -> None:
    game = dw.Game.new("chaos", seed=2, dice=[2, 5])
    assert game.decision == "zone" and game.current_player == 1
    play(game, "zone yellow")
    assert game.state.deck == [] and game.decision == "draft" and game.current_player == 1
    assert "draft T01" in notations(game) and "draft C01" in notations(game)
    play(game, "draft C04", "draft T04")
    assert game.state.hands == [["T04"], ["C04"]] and game.current_player == 1
    _finish_setup(game, 2)
    assert all(len([b for b in game.state.battalions.values() if b.owner == p]) == 3 for p in (0, 1))
    assert len(game.state.aside) == 25 - 18 + 10                                # undrafted and Hirelings
    assert game.current_player == 1


def test_m5_triumvirate_three_players_choose_zones_all_twelve_guilds() -> None:
    game = dw.Game.new("triumvirate", seed=3, dice=[2, 6, 4])
    assert game.num_players == 3 and game.state.order == (1, 2, 0)
    assert game.decision == "zone" and notations(game) == {"zone green", "zone yellow", "zone blue", "zone red"}
    play(game, "zone blue", "zone red")
    assert game.current_player == 0 and notations(game) == {"zone green", "zone yellow"}
    play(game, "zone green")
    assert game.decision == "form" and all(len(h) == 6 for h in game.state.hands)
    _finish_setup(game)
    assert len(game.state.guilds) == 12 and len(game.state.battalions) == 6
    assert {game.board.nodes[b.sector]["zone"] for b in game.state.battalions.values() if b.owner == 1} == {"blue"}


def test_m6_dissension_four_players_two_battalions_of_two_guild_strength_two() -> None:
    game = _finish_setup(dw.Game.new("dissension", seed=4))
    assert game.num_players == 4 and game.rules.guild_strength == 2
    assert all(len(b.cards) == 2 for b in game.state.battalions.values()) and len(game.state.battalions) == 8
    assert len(game.state.dump) == 25 - 16                                      # unused cards to the Dump


def test_m6_a_guild_of_strength_two() -> None:
    game = dw.Game.from_scenario({"mission": "dissension", "battalions": {
        "A1": {"sector": "d4", "cards": ["T12"]}, "B1": {"sector": "a4", "cards": ["C11"]},
        "C1": {"sector": "g1", "cards": ["C12"]}, "D1": {"sector": "a7", "cards": ["T06"]}},
        "guilds": ["d3"], "dice": [1, 1]})
    events = game.apply("A1 attack guild d3")
    assert next(e for e in events if e.kind == "strength").args == {"attacker": 2, "defender": 2}


def test_m7_double_strike_two_card_sets_four_full_armies() -> None:
    game = _finish_setup(dw.Game.new("double-strike", seed=5))
    assert game.num_players == 4 and len(game.state.battalions) == 12
    assert game.cards["T01b"].name["en"] == "WASP II" and len(game.state.deck) == 20
    assert game.state.battalions["C1"].cards == ("T01b", "T02b", "T03b")
    assert sorted(game.state.zones) == ["blue", "green", "red", "yellow"]


# --- the modes combine ("can be used as is or in a combination") ------------------------

COMBINED = [k for k in dw.missions(combined=True) if "+" in k]


@pytest.mark.parametrize("mission", COMBINED)
def test_combined_modes_play_50_random_games_with_the_invariants(mission: str) -> None:
    """Every combination the rulebook allows, to the end (a turn cap of 40 keeps random games short)."""
    for seed in range(50):
        game = play_randomly(dw.Game.new(mission, seed=seed, turn_cap=40), seed, undo_every=37)
        assert game.is_over
    m = dw.Game.new(mission, seed=0).mission
    assert m.hidden == ("fog-of-war" in mission) and m.regroup == ("regrouping" in mission)
    assert (m.draft is not None) == ("chaos" in mission) and m.hirelings == ("chaos" not in mission)


def test_every_combination_the_rulebook_allows_is_listed_and_starts() -> None:
    combos = [k for k in dw.missions(combined=True) if "+" in k]
    assert len(combos) == 4 * 7 - 3                            # each base with 1-3 modes, less three single modes
    for key in combos:
        game = dw.Game.new(key, seed=1)
        assert game.rules.mission == key and not game.is_over


def test_a_combination_in_any_order_or_as_a_list_is_the_same_mission() -> None:
    a = dw.Game.new("chaos+fog-of-war", seed=4)
    b = dw.Game.new(["fog-of-war", "chaos"], seed=4)
    assert a.rules.mission == b.rules.mission == "chaos+fog-of-war" and a.to_json() == b.to_json()
    assert dw.Game.new("standard+fog-of-war", seed=4).rules.mission == "fog-of-war"
    assert dw.Game.from_json(a.to_json()).rules.mission == "chaos+fog-of-war"
    assert a.mission.name["ru"] == "Хаос + Туман Войны"


@pytest.mark.parametrize(("mission", "reason"), [
    ("triumvirate+dissension", "each sets who plays"),
    ("standard+double-strike", "each sets who plays"),
    ("training+fog-of-war", "combines with nothing"),
    ("chaos+chaos", "named twice"),
    ("fog-of-war+blitz", "unknown mission 'blitz'"),
])
def test_a_combination_that_cannot_work_is_refused_with_the_reason(mission: str, reason: str) -> None:
    with pytest.raises(dw.DictatorError, match=reason):
        dw.Game.new(mission, seed=1)


def test_victory_with_three_players_is_the_last_standing() -> None:
    game = dw.Game.from_scenario({"mission": "triumvirate", "battalions": {
        "A1": {"sector": "d4", "cards": ["H07", "T12"]}, "B1": {"sector": "e4", "cards": ["C11"]},
        "C1": {"sector": "g1", "cards": ["C12"]}}, "dice": [6, 1]})
    game.apply("A1 attack B1")
    assert not game.is_over                                                     # player 3 still stands
    assert game.state.order == (0, 1, 2) and game.current_player == 2          # player 2 is skipped
    assert 1 not in {b.owner for b in game.state.battalions.values()}


# --- M0: the training mission, die by die ----------------------------------------------

@pytest.fixture(scope="module")
def training() -> list[tuple[str, dw.Game]]:
    """The walkthrough, kept after every step so each narrated outcome has its own test."""
    game = dw.Game.new("training", seed=0)
    steps = ["A2 T01:turbo-jump e4", "A2 attack B3", "C04:corrosion", "T04:acceleration", "C08:bio-bugs",
             "damage T10", "T10:aimed-shot C08", "C03:assimilation T10", "A1 exchange A3 give T11 take T12",
             "B1 move f5", "B1 attack guild e5", "C10:big-brother", "C07:control C10", "pass", "hire H01",
             "discard C06", "B2 C11:hidden-paths f2", "B2 attack guild e2", "C12:siphon", "energy"]
    out = [("start", game.clone())]
    for step in steps:
        game.apply(step)
        out.append((step, game.clone()))
    return out


def _after(training: list[tuple[str, dw.Game]], step: str) -> dw.Game:
    return next(g for s, g in training if s == step)


def test_m0_templars_roll_6_synclith_4(training: list[tuple[str, dw.Game]]) -> None:
    start = _after(training, "start")
    assert [e.args["roll"] for e in start.log if e.kind == "initiative"] == [6, 4]
    assert start.current_player == 0


def test_m0_wasp_jumps_next_to_the_third_synclith_battalion(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "A2 T01:turbo-jump e4")
    assert game.state.battalions["A2"].sector == "e4"
    assert game.board.has_edge("e4", game.state.battalions["B3"].sector)


def test_m0_snail_corrosion_cancels_the_knight(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "C04:corrosion")
    assert [e for e in game.log if e.kind == "strength"][-1].args == {"attacker": 2, "defender": 4}


def test_m0_knight_acceleration_makes_four(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "T04:acceleration")
    roll = [e for e in game.log if e.kind == "roll"][-1].args
    assert (roll["attacker_total"], roll["defender_total"]) == (10, 8)


def test_m0_infiltrator_bio_bugs_force_the_re_roll(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "C08:bio-bugs")
    assert [e for e in game.log if e.kind == "reroll"][-1].args["roll"] == 2
    assert game.state.battle is not None and game.state.battle.winner == 1


def test_m0_orion_damaged_shoots_the_infiltrator(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "T10:aimed-shot C08")
    assert "T10" in game.state.damaged and "C08" in game.state.dump
    assert game.state.energy[0] == 3


def test_m0_genomorph_takes_orion(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "C03:assimilation T10")
    assert game.state.battalions["B3"].cards == ("C04", "T10")
    assert game.state.battalions["A2"].cards == ("T01", "T04")


def test_m0_exchange_between_the_first_and_third_battalions(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "A1 exchange A3 give T11 take T12")
    assert "T12" in game.state.battalions["A1"].cards and "T11" in game.state.battalions["A3"].cards
    assert game.current_player == 1 and game.turn == 2


def test_m0_argus_big_brother_takes_the_eighth_guild_nine_to_seven(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "pass")
    roll = [e for e in game.log if e.kind == "roll"][-1].args
    assert (roll["attacker_total"], roll["defender_total"]) == (9, 7)
    assert "e5" not in game.state.guilds and game.board.nodes["e5"]["guild"] == 8
    assert notations(game) == {"hire H02", "hire H01", "hire H03", "energy"}


def test_m0_minotaur_from_the_top_three_replaces_hoplone(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "discard C06")
    assert game.state.battalions["B1"].cards == ("C10", "C07", "H01") and "C06" in game.state.dump


def test_m0_shamirs_battalion_takes_the_first_guild_with_mantas_energy(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "energy")
    assert "e2" not in game.state.guilds and game.board.nodes["e2"]["guild"] == 1
    assert game.state.energy[1] == 6 - 1 + 1 + 1                               # Corrosion; Bio-bugs is free
    assert game.current_player == 1 and "B3" not in game.state.acted                # one battalion left


def test_m0_every_energy_move_of_the_walkthrough(training: list[tuple[str, dw.Game]]) -> None:
    """The rulebook narrates each move of the Energy counters; Bio-bugs and the Big Brother move none."""
    energy = {step: g.state.energy for step, g in training}
    assert energy["start"] == [6, 6]                                       # R10
    assert energy["C04:corrosion"] == [6, 5]                               # the Snail: 1
    assert energy["T04:acceleration"] == [5, 5]                            # the Knight: 1
    assert energy["C08:bio-bugs"] == [5, 5]                                # the Infiltrator: nothing
    assert energy["T10:aimed-shot C08"] == [3, 5]                          # Orion: 2
    assert energy["C10:big-brother"] == [3, 5]
    assert energy["C12:siphon"] == [3, 6]                                  # Manta: +1
    assert energy["energy"] == [3, 7]                                      # the Guild's Energy: +1


def test_m0_ends_as_the_rulebook_tells_it(training: list[tuple[str, dw.Game]]) -> None:
    game = _after(training, "energy")
    assert game.state.energy == [3, 7]
    assert [game.cards[c].name["en"] for c in game.state.dump] == ["Infiltrator", "Genomorph", "Hoplone"]
    assert [game.cards[c].name["ru"] for c in game.state.dump] == ["Инфильтратор", "Геноморф", "Гоплон"]
    assert game.state.battalions["B3"].cards == ("C04", "T10") and "T10" in game.state.damaged
