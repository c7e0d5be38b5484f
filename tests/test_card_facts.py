"""The card facts the rulebook's walkthrough fixes, each played in a real battle."""

from __future__ import annotations

import pytest
from helpers import notations, play, position

import dictator_widget as dw


def _strength_event(game: dw.Game) -> dict[str, int]:
    return [e for e in game.log if e.kind == "strength"][-1].args  # type: ignore[return-value]


def test_wasp_strength_one_jumps_three_sectors(game: dw.Game) -> None:
    game = position({"A1": ("b4", ["T01", "T04", "T10"]), "B1": ("f4", ["C08", "C04", "C03"])})
    assert game.cards["T01"].strength == 1
    jumps = {a.target for a in game.legal_actions() if a.card == "T01"}
    assert "e4" in jumps and all(game.geometry.distance("b4", s) <= 3 for s in jumps)
    play(game, "A1 T01:turbo-jump e4")                      # lands next to the Synclith at f4
    assert "A1 attack B1" in notations(game)


def test_the_training_battle_snail_knight_infiltrator_orion_genomorph(game: dw.Game) -> None:
    """The rulebook's first battle, die by die (training mission, M0)."""
    game = position({"A2": ("e4", ["T01", "T04", "T10"]), "B3": ("f4", ["C08", "C04", "C03"])},
            dice=[6, 4, 2])
    play(game, "A2 attack B3")
    # Condition: the Templars have nothing; the Snail's Acid Spray is useless here.
    assert game.current_player == 1 and notations(game) == {"C04:corrosion", "pass"}
    play(game, "C04:corrosion")                        # nothing else to do: the phase closes
    assert _strength_event(game) == {"attacker": 2, "defender": 4}   # WASP 1 + Knight 0 + Orion 1
    play(game, "T04:acceleration")                                     # Knight: +2 for 1 Energy
    assert game.state.battle is not None and game.state.battle.mods[0] == 2
    roll = [e for e in game.log if e.kind == "roll"][-1].args
    assert (roll["attacker_total"], roll["defender_total"]) == (10, 8)
    play(game, "C08:bio-bugs")                                          # the Templars re-roll: 2
    assert game.state.battle.winner == 1
    play(game, "damage T10")                                            # Orion is damaged
    assert notations(game) == {"T10:aimed-shot C08", "T10:aimed-shot C04", "T10:aimed-shot C03", "pass"}
    play(game, "T10:aimed-shot C08")                                    # even though Orion lost
    assert "C08" in game.state.dump
    play(game, "C03:assimilation T10")                                  # the Genomorph takes Orion
    assert game.state.battalions["B3"].cards == ("C04", "T10")
    assert game.state.battalions["A2"].cards == ("T01", "T04")
    assert "T10" in game.state.damaged and "C03" in game.state.dump
    assert game.state.energy == [6 - 1 - 2, 6 - 1]                    # Bio-bugs costs nothing
    # A captured card keeps its "already used" marks: Orion cannot shoot again this battle.
    assert game.decision == "activation" and not any("T10" in n for n in notations(game))


def test_a_captured_card_keeps_its_mark_until_the_end_of_the_turn(game: dw.Game) -> None:
    """The walkthrough's Orion "already acted at this turn": captured, it acts no more this turn."""
    game = position({"A2": ("e4", ["T01", "T04", "T10"]), "A1": ("f5", ["H01", "T07"]),
                     "B3": ("f4", ["C08", "C04", "C03"]), "B1": ("a7", ["C11"])}, dice=[6, 4, 2, 6, 1])
    play(game, "A2 attack B3", "C04:corrosion", "T04:acceleration", "C08:bio-bugs", "damage T10",
         "T10:aimed-shot C08", "C03:assimilation T10")
    assert game.state.battalions["B3"].cards == ("C04", "T10") and game.state.marks["T10"] == 0
    events = play(game, "A1 attack B3")             # the same turn: a new battle, B3 (Snail, Orion) loses
    while game.state.battle is not None:
        assert not any(a.card == "T10" for a in game.legal_actions())   # R19 alone would allow a new battle's shot
        with pytest.raises(dw.IllegalAction):
            game.apply("T10:aimed-shot H01")
        events += play(game, "pass")
    assert "B3" not in game.state.battalions and not any(e.args.get("card") == "T10" for e in events
                                                          if e.kind.startswith("use"))


def test_argus_big_brother_and_the_riders_control_take_a_guild_nine_to_seven(game: dw.Game) -> None:
    game = position({"B1": ("d3", ["C10", "C07", "C06"]), "A1": ("a4", ["T01"])}, guilds=["d2"],
            deck=["H02", "H01", "H03", "H04"], player=1, dice=[3, 4])
    play(game, "B1 attack guild d2", "C10:big-brother")
    assert _strength_event(game) == {"attacker": 4, "defender": 3}   # Argus 2 + Rider 1 + Hoplone 1
    assert "C07:control C10" in notations(game)
    play(game, "C07:control C10", "pass")                               # + Argus's 2 = 6
    roll = [e for e in game.log if e.kind == "roll"][-1].args
    assert (roll["attacker_total"], roll["defender_total"]) == (9, 7)
    assert notations(game) == {"hire H02", "hire H01", "hire H03", "energy"}
    play(game, "hire H01", "discard C06")                               # Minotaur in, Hoplone out
    assert game.state.battalions["B1"].cards == ("C10", "C07", "H01")
    assert game.state.deck == ["H02", "H03", "H04"]


def test_shamir_manta_agitator_total_four_and_cannot_raise_it_against_a_guild(game: dw.Game) -> None:
    game = position({"B2": ("d5", ["C11", "C12", "C02"]), "A1": ("a4", ["T01"])}, guilds=["e5"],
            deck=["H05"], player=1, dice=[5, 2])
    assert any(a.card == "C11" and a.ability == "hidden-paths" for a in game.legal_actions())
    play(game, "B2 attack guild e5")
    assert _strength_event(game) == {"attacker": 4, "defender": 3}
    assert notations(game) == {"C12:siphon", "pass"}                   # collision: nothing raises it
    play(game, "C12:siphon")                                            # Manta: +1 Energy
    assert game.state.energy[1] == 7


def test_manta_gains_energy_only_after_the_dice_are_rolled(game: dw.Game) -> None:
    game = dw.Game.from_scenario({
        "battalions": {"B2": {"sector": "d5", "cards": ["H01", "H07", "C12"]},
                       "A1": {"sector": "a4", "cards": ["T01"]}},
        "guilds": ["e5"], "deck": ["H05"], "player": 1, "dice": [1, 1], "variants": {"guild_strength": 2}})
    play(game, "B2 attack guild e5", "pass")                            # 8 against 2: the roll cannot matter
    play(game, "skip-roll")
    assert game.decision == "reward" and game.state.energy[1] == 6       # no dice, no Siphon
    game.undo()
    play(game, "roll")
    assert notations(game) == {"C12:siphon", "pass"}


def test_cyrberus_armour_protects_its_infantry_from_aimed_shot(game: dw.Game) -> None:
    game = position({"B1": ("d4", ["T10", "C11"]), "A1": ("e4", ["T12", "T13", "T03"])},
            player=1, dice=[6, 1])
    play(game, "B1 attack A1", "pass", "damage T13")
    assert game.current_player == 1 and game.decision == "damage"
    assert game.cards["T13"].type == "infantry" and game.cards["T03"].type == "infantry"
    targets = {a.target for a in game.legal_actions() if a.ability == "aimed-shot"}
    assert targets == {"T12"}                                            # Komtur and Turcopoles covered


def test_genomorph_only_after_its_battalion_won(game: dw.Game) -> None:
    game = position({"A1": ("d4", ["H07", "T06"]), "B1": ("e4", ["C03", "C11"])}, dice=[6, 1])
    play(game, "A1 attack B1", "damage C11")
    assert "C03:assimilation" not in " ".join(notations(game))
    assert game.decision == "activation"


def test_rider_adds_only_a_bio_mech_of_its_battalion(game: dw.Game) -> None:
    game = position({"B1": ("d4", ["C07", "C11"]), "A1": ("e4", ["T12"])}, player=1, dice=[1, 1])
    play(game, "B1 attack A1")
    assert not any(a.card == "C07" for a in game.legal_actions())   # no Bio-Mech beside her


def test_minotaur_phantom_and_mower_man_are_hirelings() -> None:
    cards = dw.load_cards()
    names = {cards[c].name["en"] for c in cards.of("hirelings")}
    assert {"Minotaur", "Phantom", "Mower Man"} <= names
    assert "federal" in cards["H01"].text["en"]
