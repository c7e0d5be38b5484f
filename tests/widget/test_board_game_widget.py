"""Issue 18, Python side: the battle panel's figures are the log's (also after an annihilation, also
after the battle ended), and the drawn Hireling reaches the player who chooses the discard only."""

from __future__ import annotations

from typing import Any

import dictator_widget as dw
from dictator_widget.engine.views.view import last_battle
from dictator_widget.ui.widget import DictatorWidget

A1 = {"sector": "d4", "cards": ["H07", "T12", "H03"]}          # Strength 8
ANNIHILATE: dict[str, Any] = {"battalions": {"A1": A1, "B1": {"sector": "c5", "cards": ["C01"]}}, "dice": [6, 1]}
GOES_ON = {"battalions": {**ANNIHILATE["battalions"], "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]}
HIRELING = {"battalions": {"A1": A1, "B1": {"sector": "g4", "cards": ["C01"]}}, "guilds": ["d3"],
            "deck": ["H02", "H05"], "variants": {"guild_strength": 2}}      # A1 is 8: 8+1 beats 2+6, no roll


def log_figures(game: dw.Game) -> dict[str, list[int]]:
    """The last battle's figures as the log has them: Strength, dice and totals."""
    strength = [e.args for e in game.log if e.kind == "strength"][-1]
    roll = [e.args for e in game.log if e.kind == "roll"][-1]
    return {"strength": [strength["attacker"], strength["defender"]],
            "dice": [roll["attacker"], roll["defender"]],
            "totals": [roll["attacker_total"], roll["defender_total"]]}


def figures(battle: dict[str, Any]) -> dict[str, list[int]]:
    return {k: battle[k] for k in ("strength", "dice", "totals")}


def test_the_battle_figures_after_an_annihilation_that_ends_the_game_are_the_logs() -> None:
    game = dw.Game.from_scenario(ANNIHILATE)
    game.apply("A1 attack B1")
    assert game.is_over and "B1" not in game.state.battalions
    expected = {"strength": [8, 3], "dice": [6, 1], "totals": [14, 4]}
    assert log_figures(game) == expected
    for seat in (None, 0, 1):
        battle = game.view(seat)["battle"]           # the battle stays on the board at the game's end
        assert figures(battle) == expected, seat
        assert battle["winner"] == "attacker" and battle["damaged"] == "C01"
    w = DictatorWidget(game=game)
    assert figures(w.view["battle"]) == expected and w.view["last_battle"] is None


def test_a_finished_battle_stays_readable_with_the_logs_figures() -> None:
    w = DictatorWidget(game=dw.Game.from_scenario(GOES_ON))
    assert w.view.get("last_battle") is None             # no battle yet
    w.act("A1 attack B1")                                # decided, B1 annihilated, the turn passes: all at once
    game = w.game
    assert not game.is_over and game.state.battle is None and w.view["battle"] is None
    assert game.current_player == 1
    last: dict[str, Any] = w.view["last_battle"]
    assert figures(last) == log_figures(game) == {"strength": [8, 3], "dice": [6, 1], "totals": [14, 4]}
    assert (last["attacker"], last["defender"], last["guild"]) == ("A1", "B1", None)
    assert (last["winner"], last["damaged"], last["rolled"]) == ("attacker", "C01", True)
    assert w.view["log"][-1] == "Turn 2: Player 2."
    assert last_battle(game, 0) == last_battle(game, 1) == last   # nothing hidden in an open mission
    w.act("end-turn")                                    # Player 2's turn ends: the battle was the turn before
    assert w.game.turn == 3 and w.view["last_battle"] is None


def test_a_guild_battle_and_the_drawn_hireling() -> None:
    w = DictatorWidget(game=dw.Game.from_scenario(HIRELING))
    seat0 = DictatorWidget(game=w.game, player=0)
    seat1 = DictatorWidget(game=w.game, player=1)
    for a in ("A1 attack guild d3", "skip-roll"):
        w.act(a)
    battle = w.view["battle"]                            # the reward is owed: the battle is still on
    assert figures(battle) == {"strength": [8, 2], "dice": [0, 0], "totals": [8, 2]}
    assert battle["winner"] == "attacker" and w.view.get("last_battle") is None
    w.act("hireling")                                    # H02 into a full battalion: a discard is owed
    assert w.game.decision == "discard" and w.game.state.hiring == "H02"
    assert w.view["hiring"] == seat0.view["hiring"] == "H02" and "H02" in w.cards and "H02" in seat0.cards
    assert seat1.view["hiring"] is None and "H02" not in seat1.cards    # only the chooser sees it
    assert w.view["deck_size"] == 2                      # the engine's count; the widget shows one less
    w.act("discard H03")
    last: dict[str, Any] = w.view["last_battle"]
    assert (last["attacker"], last["defender"], last["guild"], last["winner"]) == ("A1", None, "d3", "attacker")
    assert figures(last) == {"strength": [8, 2], "dice": [0, 0], "totals": [8, 2]} and not last["rolled"]
    assert w.view["hiring"] is None and w.view["deck_size"] == 1
