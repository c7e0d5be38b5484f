"""One test (at least) per rule R1-R27 (docs/rulebook.md), named after it."""

from __future__ import annotations

import networkx as nx
import pytest
from helpers import notations, play, position

import dictator_widget as dw
from dictator_widget.engine.rules import hexes

# --- Components -----------------------------------------------------------------------


def test_r1_map_has_three_levels_zones_and_twelve_guild_sites(game: dw.Game) -> None:
    g = game.board
    assert isinstance(g, nx.Graph) and len(g) == 37
    levels = nx.get_node_attributes(g, "level")
    assert set(levels.values()) == {"pit", "core", "celesta"}
    zones = {}
    for node, zone in nx.get_node_attributes(g, "zone").items():
        if zone:
            zones.setdefault(zone, []).append(node)
    assert len(zones) == 4 and all(len(v) >= 3 for v in zones.values())
    assert sorted(v for v in nx.get_node_attributes(g, "guild").values() if v) == list(range(1, 13))


def test_r1_adjacency_and_distance_follow_the_axial_formulas(game: dw.Game) -> None:
    g = game.board
    coords = {n: (d["q"], d["r"]) for n, d in g.nodes(data=True)}
    for a in g:
        for b in g:
            adjacent = g.has_edge(a, b)
            assert adjacent == (hexes.distance(coords[a], coords[b]) == 1)
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    assert all(lengths[a][b] == hexes.distance(coords[a], coords[b]) for a in g for b in g)


def test_r2_every_card_has_the_rulebook_fields() -> None:
    cards = dw.load_cards()
    for c in cards.values():
        assert c.name["en"] and c.name["ru"] and c.text["en"] and c.text["ru"]
        assert c.type in ("infantry", "par-infantry", "mech", "bio-mech")
        assert c.strength >= 0
        assert set(c.phases) <= {"maneuvers", "condition", "strength", "collision", "damage"}
        assert c.id[0] == {"templars": "T", "synclith": "C", "hirelings": "H"}[c.faction]


def test_r3_three_factions_with_the_named_cards() -> None:
    cards = dw.load_cards()
    assert len(cards.of("templars")) == 13 and len(cards.of("synclith")) == 12
    assert len(cards.of("hirelings")) >= 8
    by_name = {c.name["en"]: c for c in cards.values()}
    assert by_name["WASP"].faction == "templars" and by_name["Snail"].faction == "synclith"
    assert by_name["Minotaur"].faction == "hirelings"


def test_r4_at_most_three_cards_and_one_battalion_a_sector(game: dw.Game) -> None:
    game = position({"A1": ("c4", ["T01", "T02", "T03"]), "A2": ("d4", ["T04"]), "B1": ("g4", ["C01"])})
    legal = notations(game)
    assert "A1 move d4" not in legal                       # occupied
    for a in game.legal_actions():
        if a.kind == "exchange":
            assert len(game.state.battalions["A1"].cards) - len(a.give) + len(a.take) <= 3
            assert len(game.state.battalions["A2"].cards) - len(a.take) + len(a.give) <= 3
    with pytest.raises(dw.IllegalAction, match="holds battalion A2"):
        game.apply("A1 move d4")


def test_r5_energy_limits_actions_and_a_drain_stops_at_zero(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T04"]), "B1": ("e4", ["C09", "C05"])}, energy=[0, 3], player=1)
    play(game, "B1 attack A1")                              # Leech drains in Condition
    assert "C09:drain" not in notations(game)               # nothing to drain from an empty supply
    game = position({"A1": ("d4", ["T04"]), "B1": ("e4", ["C09", "C05"])}, energy=[1, 3], player=1)
    play(game, "B1 attack A1", "C09:drain")
    assert game.state.energy[0] == 0                        # 2 asked, 1 held: drops to 0
    game = position({"A1": ("d4", ["T04", "T01"]), "B1": ("e4", ["C05"])}, energy=[0, 6], dice=[1, 6])
    play(game, "A1 attack B1")
    assert game.decision == "damage"                         # Acceleration (cost 1) was never offered
    with pytest.raises(dw.IllegalAction):
        game.apply("T04:acceleration")


def test_r6_guild_tokens_are_impassable_and_attacked_from_next_door(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T01", "T04"]), "B1": ("g4", ["C01"])}, guilds=["d3", "c3"])
    legal = notations(game)
    assert "A1 move d3" not in legal and "A1 attack guild d3" in legal
    assert "A1 attack guild c3" not in legal               # c3 is not adjacent to d4
    with pytest.raises(dw.IllegalAction, match="Guild token"):
        game.apply("A1 move d3")


def test_r6_a_captured_guild_leaves_an_ordinary_sector(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["H07", "H01", "H03"]), "A2": ("a4", ["T02"]), "B1": ("g4", ["C09"])},
            guilds=["d3"], deck=["H02"])
    play(game, "A1 attack guild d3", "pass", "skip-roll", "energy")
    assert "d3" not in game.state.guilds
    play(game, "A2 end")
    assert game.current_player == 1
    play(game, "end-turn")
    assert "A1 move d3" in notations(game)


def test_r7_the_dump_is_face_up_for_everyone(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T01"]), "B1": ("e4", ["H07"])}, dice=[1, 6])
    play(game, "A1 attack B1")
    assert game.is_over and game.state.dump == ["T01"]
    for seat in (0, 1):
        view = game.view(seat)
        assert view["dump"] == ["T01"] and "T01" in view["cards"]


# --- Set-up ---------------------------------------------------------------------------


def test_r8_unused_faction_cards_are_set_aside_and_hirelings_shuffled() -> None:
    a, b = dw.Game.new(seed=1, placement="fixed"), dw.Game.new(seed=2, placement="fixed")
    assert {"T10", "T11", "T12", "T13", "C10", "C11", "C12"} <= set(a.state.aside)
    assert sorted(a.state.deck) == sorted(dw.load_cards().of("hirelings"))
    assert a.state.deck != b.state.deck


def test_r9_guild_tokens_on_the_missions_sites_and_battalions_in_their_zones(game: dw.Game) -> None:
    sites = {n for n, d in game.board.nodes(data=True) if d["guild"] in game.mission.guild_sites}
    assert game.state.guilds == sites and len(sites) == 8
    assert {"a6", "g2"} <= sites and not {"e2", "c6"} & sites      # none as near one zone as the other
    for bat in game.state.battalions.values():
        zone = game.board.nodes[bat.sector]["zone"]
        assert zone == ("green" if bat.owner == 0 else "yellow")


def test_r10_each_player_starts_with_six_energy(game: dw.Game) -> None:
    assert game.state.energy == [6, 6]


def test_r11_initiative_by_die_roll_ties_re_rolled() -> None:
    assert dw.Game.new(seed=1, dice=[6, 4], placement="fixed").current_player == 0
    assert dw.Game.new(seed=1, dice=[3, 5], placement="fixed").current_player == 1
    tied = dw.Game.new(seed=1, dice=[4, 4, 2, 5], placement="fixed")
    assert tied.current_player == 1 and tied.state.order == (1, 0)
    assert [e.args["roll"] for e in tied.log if e.kind == "initiative"] == [4, 4, 2, 5]


def test_r11_turn_order_is_fixed_and_passes_in_order() -> None:
    game = dw.Game.new(seed=1, dice=[2, 6], placement="fixed")
    seen = []
    for _ in range(4):
        seen.append(game.current_player)
        game.apply("end-turn")
    assert seen == [1, 0, 1, 0]


# --- A turn ---------------------------------------------------------------------------


def test_r12_battalions_act_in_any_order_then_the_turn_passes(game: dw.Game) -> None:
    game = position({"A1": ("a4", ["T01"]), "A2": ("c4", ["T02"]), "B1": ("g4", ["C01"])})
    play(game, "A2 move d4")
    with pytest.raises(dw.IllegalAction, match="A2 is being activated"):
        game.apply("A1 move b4")
    play(game, "A2 end")
    assert game.current_player == 0 and "A2 move c4" not in notations(game)
    play(game, "A1 end")                                   # the last one: the turn passes
    assert game.current_player == 1 and game.turn == 2


def test_r13_one_attack_per_activation(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["H07", "T12"]), "B1": ("e4", ["C11", "H09"]),
                   "B2": ("d5", ["C05"]), "A2": ("a4", ["T02"])}, dice=[6, 1])
    play(game, "A1 attack B1", "damage C11")
    assert game.decision == "activation" and "A1" in game.state.acted
    assert not any(a.battalion == "A1" for a in game.legal_actions())


def test_r14_standard_move_to_an_adjacent_free_sector_once(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T02"]), "A2": ("c4", ["T03"]), "B1": ("e4", ["C01"])}, guilds=["d3"])
    moves = {a.target for a in game.legal_actions() if a.kind == "move" and a.battalion == "A1"}
    assert moves == {"c5", "d5", "e3"}
    play(game, "A1 move d5")
    assert not any(a.kind == "move" for a in game.legal_actions())
    with pytest.raises(dw.IllegalAction, match="already made its standard move"):
        game.apply("A1 move d4")


def test_r15_special_move_passes_own_battalions_and_guilds_not_enemies(game: dw.Game) -> None:
    game = position({"A1": ("a4", ["C11"]), "A2": ("b4", ["T04"]), "B1": ("b3", ["C01"])}, guilds=["a5"])
    hidden_paths = {a.target for a in game.legal_actions() if a.card == "C11"}     # up to 2 sectors
    assert hidden_paths == {"c4", "c3", "b5", "a6"}        # c2 lies only behind the enemy at b3
    with pytest.raises(dw.IllegalAction):
        game.apply("A1 C11:hidden-paths c2")
    play(game, "A1 C11:hidden-paths c4")
    assert game.state.battalions["A1"].sector == "c4"


def test_r16_move_and_special_actions_in_one_activation_each_once_a_turn(game: dw.Game) -> None:
    game = position({"A1": ("a4", ["T01", "T06"]), "B1": ("g4", ["C01"])})
    play(game, "A1 move b3", "A1 T06:sprint c3", "A1 T01:turbo-jump d4")
    legal = notations(game)
    assert not any("T01:" in n or "T06:" in n for n in legal)
    assert legal == {"A1 end"}
    assert game.state.battalions["A1"].sector == "d4"


def test_r17_exchange_between_unacted_adjacent_battalions_ends_both(game: dw.Game) -> None:
    game = position({"A1": ("c4", ["T01", "T02"]), "A2": ("d4", ["T04"]), "A3": ("a4", ["T07"]),
                   "B1": ("g4", ["C01"])})
    play(game, "A1 exchange A2 give T02 take -")
    assert game.state.battalions["A1"].cards == ("T01",)
    assert game.state.battalions["A2"].cards == ("T04", "T02")
    assert {"A1", "A2"} <= game.state.acted
    assert not any(a.battalion in ("A1", "A2") for a in game.legal_actions())
    game = position({"A1": ("c4", ["T01", "T02"]), "A2": ("d4", ["T04"]), "B1": ("g4", ["C01"])})
    play(game, "A2 end")
    assert not any(a.kind == "exchange" for a in game.legal_actions())


def test_r17_exchange_never_empties_a_battalion(game: dw.Game) -> None:
    game = position({"A1": ("c4", ["T01"]), "A2": ("d4", ["T04"]), "B1": ("g4", ["C01"])})
    exchanges = [str(a) for a in game.legal_actions() if a.kind == "exchange"]
    assert exchanges == ["A1 exchange A2 give T01 take T04"]
    play(game, "A2 exchange A1 give T04 take T01")         # named from either side
    assert game.state.battalions["A1"].cards == ("T04",)


def test_r18_a_damaged_card_stays_damaged_when_exchanged(game: dw.Game) -> None:
    game = position({"A1": ("c4", ["T01", "T02"]), "A2": ("d4", ["T04"]), "B1": ("g4", ["C01"])},
            damaged=["T02"])
    play(game, "A1 exchange A2 give T02 take -")
    assert "T02" in game.state.damaged and "T02" in game.state.battalions["A2"].cards


def test_r18_only_other_cards_restore_a_damaged_card(game: dw.Game) -> None:
    game = position({"A1": ("c4", ["T08", "T02", "T01"]), "B1": ("g4", ["C01"])}, damaged=["T08", "T02"])
    assert {a.target for a in game.legal_actions() if a.ability == "field-repair"} == {"T02"}
    with pytest.raises(dw.IllegalAction):
        game.apply("A1 T08:field-repair T08")                 # the Med-Tech cannot mend itself
    play(game, "A1 T08:field-repair T02")
    assert game.state.damaged == {"T08"}


# --- Battle ---------------------------------------------------------------------------


def test_r19_attacker_acts_first_then_defender_each_action_once_a_battle(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T04", "T13"]), "B1": ("e4", ["C06", "C01"])}, dice=[3, 3])
    play(game, "A1 attack B1")
    assert game.decision == "strength" and game.current_player == 0
    play(game, "T04:acceleration")
    assert "T04:acceleration" not in notations(game) and "T13:order" in notations(game)
    play(game, "pass")
    assert game.current_player == 1 and notations(game) == {"C06:chitin-wall", "pass"}
    play(game, "C06:chitin-wall")
    assert notations(game) == {"pass"} or game.decision != "strength"


def test_r20_condition_actions_set_rules_for_the_rest_of_the_battle(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T04", "T01"]), "B1": ("e4", ["C04"])}, dice=[1, 1], player=1)
    play(game, "B1 attack A1", "C04:corrosion")
    b = game.state.battle
    assert b is not None and game.decision == "strength"
    strength = [e for e in game.log if e.kind == "strength"][-1]
    assert strength.args == {"attacker": 2, "defender": 1}  # the Knight adds nothing


def test_r21_strength_is_the_sum_of_cards_then_modified(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T04", "T12", "T02"]), "B1": ("e4", ["C01", "C06"])}, dice=[1, 1])
    play(game, "A1 attack B1")
    cards = game.cards
    attacker, defender = (sum(cards[c].strength for c in cs) for cs in (("T04", "T12", "T02"), ("C01", "C06")))
    assert [e for e in game.log if e.kind == "strength"][-1].args == {"attacker": attacker, "defender": defender}
    play(game, "T04:acceleration", "T02:barrage", "pass")
    b = game.state.battle
    own, enemy = (cards[c].actions[0].params["amount"] for c in ("T04", "T02"))
    assert b is not None and b.mods == [own, enemy]


def test_r22_collision_adds_a_die_and_the_higher_total_wins(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06"]), "B1": ("e4", ["H07"])}, dice=[2, 4])
    events = play(game, "A1 attack B1")
    roll = next(e for e in events if e.kind == "roll")
    assert roll.args["attacker_total"] == 5 and roll.args["defender_total"] == 7
    assert any(e.kind == "winner" and e.args["battalion"] == "B1" for e in events)


def test_r22_equal_totals_are_a_draw_with_no_damage(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06"]), "B1": ("e4", ["H07"])}, dice=[4, 4])
    events = play(game, "A1 attack B1")
    assert any(e.kind == "draw" for e in events)
    assert not game.state.damaged and game.decision == "activation"


def test_r22_collision_actions_force_a_re_roll(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06"]), "B1": ("e4", ["C08", "H07"])}, dice=[6, 1, 1])
    play(game, "A1 attack B1", "C08:bio-bugs")
    reroll = [e for e in game.log if e.kind == "reroll"][-1]
    assert reroll.args == {"side": "attacker", "roll": 1}
    assert game.state.battle is not None and game.state.battle.winner == 1


def test_r23_loser_damages_one_undamaged_card_which_keeps_its_strength(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06", "T01"]), "B1": ("e4", ["H07", "C11"])},
            damaged=["T06"], dice=[1, 6])
    play(game, "A1 attack B1")
    assert game.decision == "damage" and game.current_player == 0
    assert notations(game) == {"damage T12", "damage T01"}  # T06 cannot be damaged twice
    play(game, "damage T12")
    assert game.state.damaged == {"T12", "T06"}
    game = position({"A1": ("d4", ["T12", "T06", "T01"]), "B1": ("e4", ["C11"])}, damaged=["T12", "T06"],
                    dice=[1, 1])
    events = play(game, "A1 attack B1")                    # damaged cards still count: 2 + 1 + 1
    assert next(e for e in events if e.kind == "strength").args["attacker"] == 4


def test_r23_no_damage_phase_action_without_a_loser_or_a_damaged_card(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T10"]), "B1": ("e4", ["C05", "C11"])}, damaged=["C11"], dice=[4, 3])
    play(game, "A1 attack B1")                             # 1 + 4 against 2 + 3: a draw
    assert game.decision == "damage" and game.current_player == 1
    assert notations(game) == {"C05:regrowth C11", "pass"}  # a repair has a damaged card to act on
    assert not any(a.ability == "aimed-shot" for a in game.legal_actions())   # Orion waited in vain
    with pytest.raises(dw.IllegalAction):
        game.apply("T10:aimed-shot C05")


def test_r24_a_battalion_with_every_card_damaged_is_annihilated(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06"]), "A2": ("a4", ["T01"]), "B1": ("e4", ["H07", "C11"])},
            damaged=["T06"], dice=[1, 6])
    events = play(game, "A1 attack B1")                    # one undamaged card: a forced choice
    assert any(e.kind == "annihilated" and e.args["battalion"] == "A1" for e in events)
    assert "A1" not in game.state.battalions and "d4" not in game.state.at
    assert {"T12", "T06"} <= set(game.state.dump) and not game.state.damaged


def test_r25_guild_has_strength_three_and_an_opponent_rolls(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06"]), "B1": ("g4", ["C01"])}, guilds=["d3"], dice=[1, 5])
    events = play(game, "A1 attack guild d3")
    assert next(e for e in events if e.kind == "strength").args == {"attacker": 3, "defender": 3}
    assert any(e.kind == "guild_wins" for e in events)
    assert game.decision == "damage" and game.current_player == 0
    play(game, "damage T06")
    assert game.state.battle is None and "d3" in game.state.guilds


def test_r25_the_attacker_may_skip_a_roll_that_cannot_matter(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["H07", "H01", "H03"]), "B1": ("g4", ["C09"])}, guilds=["d3"],
            deck=["H02"], dice=[1, 6])
    play(game, "A1 attack guild d3", "pass")                # no Strength-phase action: 10 against 3
    assert game.decision == "collision" and game.current_player == 0            # the attacker's choice
    assert notations(game) == {"roll", "skip-roll"}
    events = play(game, "skip-roll")
    assert any(e.kind == "roll_skipped" for e in events) and not any(e.kind == "roll" for e in events)
    assert game.state.dice.pos == 0                         # no die was used
    assert game.decision == "reward"
    game.undo()
    events = play(game, "roll")                             # "may skip": rolling is allowed too
    assert [e.args["attacker"] for e in events if e.kind == "roll"] == [1]
    assert game.decision == "reward"


def test_r25_only_a_strength_too_high_for_the_dice_skips_the_roll(game: dw.Game) -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T01"]},
                                                 "B1": {"sector": "g4", "cards": ["C01"]}},
                                  "guilds": ["d3"], "dice": [1, 1], "variants": {"guild_strength": 9}})
    events = play(game, "A1 attack guild d3")                # 1 against 9: certain to lose, but rolled
    assert any(e.kind == "roll" for e in events) and not any(a.kind == "skip-roll" for a in game.legal_actions())


def test_r25_a_roll_that_can_change_the_outcome_is_not_skippable(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12"]), "B1": ("g4", ["C01"])}, guilds=["d3"], deck=["H02"], dice=[6, 1])
    events = play(game, "A1 attack guild d3")                # 2 against 3: the dice decide
    assert any(e.kind == "roll" for e in events) and game.decision == "reward"
    with pytest.raises(dw.IllegalAction):
        game.apply("skip-roll")


def test_r26_winner_takes_a_hireling_or_one_energy(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12"]), "B1": ("g4", ["C01"])}, guilds=["d3"],
            deck=["H02", "H05"], dice=[6, 1])
    play(game, "A1 attack guild d3")
    assert notations(game) == {"hireling", "energy"} and game.current_player == 0
    play(game, "hireling")
    assert game.state.battalions["A1"].cards == ("T12", "H02") and game.state.deck == ["H05"]
    game.undo()
    play(game, "energy")
    assert game.state.energy[0] == 7 and game.state.deck == ["H02", "H05"]


def test_r26_a_fourth_card_sends_one_to_the_dump(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12", "T06", "T01"]), "B1": ("g4", ["C01"])}, guilds=["d3"],
            deck=["H02"], dice=[6, 1])
    play(game, "A1 attack guild d3", "hireling")
    assert game.decision == "discard"
    assert notations(game) == {"discard T12", "discard T06", "discard T01", "discard H02"}
    play(game, "discard T06")
    assert game.state.battalions["A1"].cards == ("T12", "T01", "H02") and game.state.dump == ["T06"]


def test_r26_an_empty_deck_forces_energy(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["T12"]), "B1": ("g4", ["C01"])}, guilds=["d3"], deck=[], dice=[6, 1])
    events = play(game, "A1 attack guild d3")
    assert any(e.kind == "energy_reward" for e in events) and game.state.energy[0] == 7


def test_r27_destroying_every_enemy_battalion_wins(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["H07"]), "B1": ("e4", ["C11"])}, dice=[6, 1])
    events = play(game, "A1 attack B1")
    assert game.is_over and game.winner == 0 and game.end_reason == "annihilation"
    assert game.current_player is None and game.legal_actions() == []
    assert events[-1].kind == "over"
    with pytest.raises(dw.IllegalAction, match="game is over"):
        game.apply("end-turn")


def test_turn_cap_ends_the_game_without_a_winner() -> None:
    game = dw.Game.new(seed=3, turn_cap=3, placement="fixed")
    for _ in range(3):
        game.apply("end-turn")
    assert game.is_over and game.winner is None and game.end_reason == "turn-cap"
