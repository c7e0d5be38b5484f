"""Set-up mode (a scenario edited by messages, then "Play from here") and battle odds."""

from __future__ import annotations

import pytest
import traitlets

import dictator_widget as dw
from dictator_widget.ui.widget import DictatorWidget


def edit(w: DictatorWidget, **e: object) -> None:
    w.receive({"type": "edit", "edit": e})


def test_setup_mode_edits_and_plays_from_here() -> None:
    w = DictatorWidget(seed=7, setup=True)
    assert w.setup_mode and set(w.setup["battalions"]) == {"A1", "A2", "A3", "B1", "B2", "B3"}
    assert set(w.game.cards) <= set(w.cards)                     # the palette: every card
    edit(w, op="move", label="A1", sector="e4")
    edit(w, op="remove-card", label="A1", card="T03")
    edit(w, op="add-battalion", owner=1, sector="d5")
    edit(w, op="remove-card", label="B2", card="C06")
    edit(w, op="add-card", label="B4", card="C06")
    edit(w, op="guild", sector="e5")                             # off
    edit(w, op="guild", sector="d4")                             # on
    edit(w, op="energy", player=1, value=9)
    edit(w, op="player", player=1)
    assert w.error == ""
    s = w.scenario
    assert isinstance(s, dw.Scenario) and s.battalions["B4"]["cards"] == ["C06"] and s.player == 1
    w.receive({"type": "play"})
    assert w.error == "" and not w.setup_mode
    g = w.game
    assert g.state.battalions["A1"].sector == "e4" and g.state.battalions["A1"].cards == ("T01", "T02")
    assert g.current_player == 1 and g.state.energy[1] == 9
    assert "d4" in g.state.guilds and "e5" not in g.state.guilds
    assert {b["label"] for b in w.view["battalions"]} >= {"B4"}
    w.game.apply(w.game.legal_actions()[0])                      # the widget follows its new game
    assert len(w.game.history) == 1 and w.view["can_undo"]


def test_bad_edits_and_bad_scenarios_are_visible_and_change_nothing() -> None:
    w = DictatorWidget(seed=7, setup=True)
    before = w.setup
    edit(w, op="move", label="A1", sector="f4")
    assert "taken by B1" in w.error and w.setup == before
    edit(w, op="add-card", label="A1", card="C01")
    assert "already in B1" in w.error
    edit(w, op="fly", label="A1")
    assert "unknown edit" in w.error
    w.receive({"type": "edit", "edit": "nonsense"})
    assert "'edit' must be an object whose 'op' is one of 'move'" in w.error and w.setup == before
    edit(w, op="guild", sector="d4", owner=1)                    # a field no guild edit has (ui/messages.py)
    assert "no field 'owner' in 'guild' (it has 'sector')" in w.error and w.setup == before
    edit(w, op="energy", player=1, value="9")
    assert "'value' must be a whole number" in w.error and w.setup == before
    edit(w, op="remove-card", label="B1", card="C01")
    edit(w, op="add-card", label="A1", card="C01")               # four cards: the engine refuses
    game = w.game
    w.receive({"type": "play"})
    assert "A1 has 4 cards" in w.error and w.setup_mode and w.game is game
    w.receive({"type": "act", "notation": "A1 move c4"})
    assert "set-up mode" in w.error and not game.history


def test_setup_mode_is_for_hot_seat_widgets_only() -> None:
    with pytest.raises(traitlets.TraitError, match="hot-seat"):
        DictatorWidget(seed=7, player=0, setup=True)


def test_odds_of_the_selected_battalions_attacks() -> None:
    w = DictatorWidget(seed=7, placement="fixed")
    w.game.apply("A1 T01:turbo-jump e4")
    w.receive({"type": "odds", "battalion": "A1"})
    assert set(w.odds) == {"A1 attack B1", "A1 attack guild e5", "A1 attack guild f3"}
    o = w.odds["A1 attack B1"]
    assert abs(o["win"] + o["draw"] + o["loss"] - 1) < 1e-3
    expected = dw.battle_odds(w.game, "A1 attack B1")
    assert abs(o["win"] - expected["win"]) < 1e-3
    w.game.apply("A1 end")
    assert w.odds == {}                                          # a new position: asked for again
    w.game.undo()
    w.receive({"type": "odds", "battalion": "A1"})               # the cache of that position answers
    assert w.odds["A1 attack B1"] == o


def test_odds_on_a_hidden_mission_are_the_seats_and_need_a_seat() -> None:
    w = DictatorWidget(mission="fog-of-war", seed=1, placement="fixed", player=0)
    w.receive({"type": "odds", "battalion": "A1"})
    assert set(w.odds) == {"A1 attack guild b5", "A1 attack guild c3"} and w.error == ""
    screen = DictatorWidget(mission="fog-of-war", seed=1, placement="fixed", bots={0: "random", 1: "random"},
                            bot_delay=0)
    screen.receive({"type": "odds", "battalion": "A1"})
    assert screen.odds == {}                      # no seat held: no odds to show
