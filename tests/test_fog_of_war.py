"""M4 Fog of War: hidden cards, their reveal rules, and no leak through view, log, save or undo."""

from __future__ import annotations

import json
import random

import pytest
from helpers import notations, play

import dictator_widget as dw


def _fog(battalions: dict[str, tuple[str, list[str]]], **kw: object) -> dw.Game:
    return dw.Game.from_scenario({"mission": "fog-of-war", "battalions": {
        label: {"sector": sector, "cards": cards} for label, (sector, cards) in battalions.items()}, **kw})


def test_m4_opponents_cards_are_face_down() -> None:
    game = dw.Game.new("fog-of-war", seed=1)
    mine = game.view(0)
    for bat in mine["battalions"]:
        assert (None in bat["cards"]) == (bat["owner"] == 1)
    assert "C01" not in mine["cards"] and "T01" in mine["cards"] and mine["seed"] is None
    assert game.view()["seed"] == 1                                      # the referee sees all


def test_m4_each_player_forms_their_battalions_face_down() -> None:
    """M4: "form your battalions without showing them to your opponent": who holds which card is a secret."""
    game = dw.Game.new("fog-of-war", seed=1)
    while game.decision == "zone":
        play(game, str(game.legal_actions()[0]))
    assert game.decision == "form"
    p = game.current_player
    assert p is not None
    other = game.view(1 - p)["players"][p]
    assert other["hand"] is None and other["hand_size"] == 9               # the opponent: nine unseen cards
    mine = sorted(game.view(p)["players"][p]["hand"])
    assert {a.card for a in game.legal_actions()} == set(mine) and len(mine) == 9
    card = mine[-1]
    play(game, f"form {card} {'AB'[p]}2")
    assert game.log[-1].text("en", viewer=1 - p).endswith(f"puts a face-down card into {'AB'[p]}2.")
    assert card not in json.dumps(game.view(1 - p)) and card in json.dumps(game.view(p))
    rng = random.Random(1)
    while game.decision == "form":
        play(game, str(rng.choice(game.legal_actions())))
    assert game.decision == "activation"
    assert sorted(len(b.cards) for b in game.state.battalions.values()) == [3] * 6
    mine_now = [b for b in game.state.battalions.values() if b.owner == p]
    assert any(card in b.cards and b.label == f"{'AB'[p]}2" for b in mine_now)


def test_m4_the_quick_start_deals_the_armies_at_random() -> None:
    """``placement="fixed"`` skips the set-up decisions: the dice deal each army into its battalions."""
    firsts = set()
    for seed in range(6):
        game = dw.Game.new("fog-of-war", seed=seed, placement="fixed")
        assert game.decision == "activation"
        b1 = game.state.battalions["B1"].cards
        assert len(b1) == 3 and all(c.startswith("C") for c in b1)
        firsts.add(tuple(sorted(b1)))
    assert len(firsts) > 1                                   # not the Standard set every time
    assert dw.Game.new("standard", seed=3, placement="fixed").state.battalions["B1"].cards == ("C01", "C02", "C03")


def test_m4_a_card_is_revealed_when_its_action_is_used_then_turned_down() -> None:
    game = _fog({"A1": ("b4", ["T01", "T02"]), "B1": ("g4", ["C01"])})
    play(game, "A1 T01:turbo-jump d4")
    assert game.view(1)["battalions"][0]["cards"] == ["T01", None]
    play(game, "A1 end")
    assert game.view(1)["battalions"][0]["cards"] == [None, None]
    assert any(e.kind == "conceal" for e in game.log)


def test_m4_both_fighting_battalions_are_revealed_then_turned_down() -> None:
    game = _fog({"A1": ("d4", ["T12", "T06"]), "B1": ("e4", ["C11", "H07"])}, dice=[1, 6])
    play(game, "A1 attack B1")
    assert game.view(0)["battalions"][1]["cards"] == ["C11", "H07"]
    assert game.view(1)["battalions"][0]["cards"] == ["T12", "T06"]
    play(game, "damage T06")
    assert game.view(1)["battalions"][0]["cards"] == [None, None]
    assert game.view(1)["battalions"][0]["damaged_slots"] == [False, True]


def test_m4_against_a_guild_face_down_cards_count_one_unless_revealed() -> None:
    game = _fog({"A1": ("d4", ["H07", "T12"]), "B1": ("g4", ["C01"])}, guilds=["d3"], dice=[3, 3])
    play(game, "A1 attack guild d3")
    assert notations(game) == {"reveal H07", "reveal T12", "pass"}       # the Condition Phase
    play(game, "pass")
    assert [e for e in game.log if e.kind == "strength"][-1].args == {"attacker": 2, "defender": 3}
    play(game, "reveal H07")
    b = game.state.battle
    assert b is not None and dw.engine.rules.battle.strength(game, b, 0) == 4  # Ripper's 3 + Gefestus face down 1
    assert game.view(1)["battalions"][0]["cards"] == ["H07", None]


def test_m4_the_guild_battle_damage_stays_hidden_from_the_opponent() -> None:
    game = _fog({"A1": ("d4", ["T12", "T06"]), "B1": ("g4", ["C01"])}, guilds=["d3"], dice=[1, 6])
    play(game, "A1 attack guild d3")
    while game.decision != "damage":                 # the face-down side is asked in every phase (pass)
        play(game, "pass")
    play(game, "damage T06")
    seen_by_1 = json.dumps(game.view(1), ensure_ascii=False)
    assert "T06" not in seen_by_1 and "Runner" not in seen_by_1 and "Бегун" not in seen_by_1
    damage = next(e for e in game.log if e.kind == "damage")
    assert damage.text("en", viewer=1) == "a face-down card is damaged."
    assert damage.text("en", viewer=0) == "Runner is damaged."


def test_m4_a_seated_player_cannot_undo_past_dice_or_reveals() -> None:
    game = _fog({"A1": ("d4", ["T12", "T06"]), "B1": ("e4", ["C11"]), "B2": ("g4", ["C01"])}, dice=[6, 1])
    play(game, "A1 move c4")
    assert game.can_undo(0) and not game.can_undo(1)
    game.undo(0)
    play(game, "A1 attack B1")                                          # dice rolled, cards revealed
    assert not game.can_undo(0) and game.can_undo()
    with pytest.raises(dw.IllegalAction, match="cannot undo"):
        game.undo(0)


def test_m4_a_players_record_cannot_be_resumed() -> None:
    game = dw.Game.new("fog-of-war", seed=3)
    record = game.to_json(player=1)
    assert '"seed"' not in record.replace('"seed":null', "")
    with pytest.raises(dw.SaveFileError, match="player's record"):
        dw.Game.from_json(record)


def _known(game: dw.Game, player: int, known: set[str], start: int) -> int:
    """Add what ``player`` has legitimately seen (own cards, revealed cards, the Dump) to ``known``."""
    s = game.state
    known |= s.revealed | set(s.dump)
    for e in game.log[start:]:
        if e.kind == "reveal":                                          # shown to everyone at the time
            known |= set(e.args["cards"])
    for b in s.battalions.values():
        if b.owner == player:
            known |= set(b.cards)
    if s.hiring and game._table.holder(s.hiring) == player:
        known.add(s.hiring)
    if player == game.current_player and s.step == "reward" and s.battle is not None and s.battle.pick > 1:
        known |= set(s.deck[: s.battle.pick])
    return len(game.log)


@pytest.mark.parametrize("block", range(2))
def test_m4_nothing_hidden_leaks_through_view_log_or_record(block: int) -> None:
    """Scans everything each player receives, after every decision of whole random games."""
    cards = dw.load_cards()
    for seed in range(block * 4, block * 4 + 4):
        game = dw.Game.new("fog-of-war", seed=seed)
        rng = random.Random(seed)
        known: list[set[str]] = [set(), set()]
        read = [0, 0]
        while True:
            for p in (0, 1):
                read[p] = _known(game, p, known[p], read[p])
                received = json.dumps(game.view(p), ensure_ascii=False)
                if game.is_over or len(game.history) % 25 == 0:
                    received += game.to_json(player=p)
                for c in cards:
                    if c in known[p]:
                        continue
                    holder = game._table.holder(c)
                    if holder is not None and holder != p or c in game.state.deck:
                        assert f'"{c}"' not in received and cards[c].name["en"] not in received, (seed, p, c)
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
