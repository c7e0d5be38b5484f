"""Issue 18, item 5 in Python: a bot's battle waits on its result until a human continues (at a pace > 0),
never at pace 0; the view carries the battle's steps for the front end to play in order."""

from __future__ import annotations

import pytest

import dictator_widget as dw
from dictator_widget.engine import DictatorError, IllegalAction
from dictator_widget.ui.widget_controller import Controller

#: Player 1 ends the turn; the bot's B1 (Strength 8) attacks A1 next to it and wins (dice 6 and 1); A2 lives on.
BOT_ATTACKS = {"battalions": {"A1": {"sector": "d4", "cards": ["C01"]}, "A2": {"sector": "a7", "cards": ["C02"]},
                              "B1": {"sector": "c5", "cards": ["H07", "T12", "H03"]}}, "dice": [6, 1]}
#: A1 (Strength 8) attacks B1 next to it and annihilates it (dice 6 and 1); B2 lives on.
ONE_CLICK = {"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
                            "B1": {"sector": "c5", "cards": ["C01"]}, "B2": {"sector": "g4", "cards": ["C02"]}},
             "dice": [6, 1]}


def test_a_bots_battle_waits_on_its_result_until_the_human_continues() -> None:
    # bot_delay=0: the bot answers at once even where an event loop runs (a worker that drove a browser)
    w = dw.DictatorWidget(game=dw.Game.from_scenario(BOT_ATTACKS), bots={1: "greedy"}, pace=0.3, bot_delay=0)
    w.receive({"type": "act", "notation": "end-turn"})
    assert str(w.game.history[-1]) == "B1 attack A1" and w.game.current_player == 0
    assert w.table.held and w.view["held"] is True and w.view["legal"] == []     # nothing to do but continue
    steps = w.view["battle_steps"]
    assert [s["kind"] for s in steps] == ["attack", "phase", "phase", "strength", "phase", "roll", "winner", "phase",
                                          "damage", "annihilated"]
    assert [s["at"] for s in steps] == list(range(steps[0]["at"], steps[0]["at"] + len(steps)))
    assert steps[5]["args"] == {"attacker": 6, "defender": 1, "attacker_total": 14, "defender_total": 4}
    w.receive({"type": "act", "notation": "A2 end"})
    assert "press Continue first" in w.error and str(w.game.history[-1]) == "B1 attack A1"   # refused, unchanged
    w.receive({"type": "continue"})
    assert w.error == "" and not w.table.held and w.view["held"] is False and w.view["legal"]
    w.receive({"type": "continue"})                  # nothing waits now: a clear refusal
    assert w.error == "continue: no bot's battle waits on its result"


def test_pace_zero_never_waits_and_a_bad_pace_is_refused() -> None:
    w = dw.DictatorWidget(game=dw.Game.from_scenario(BOT_ATTACKS), bots={1: "greedy"}, pace=0, bot_delay=0)
    w.receive({"type": "act", "notation": "end-turn"})
    assert str(w.game.history[-1]) == "B1 attack A1" and not w.table.held and w.view["legal"]
    assert w.pace == 0.0
    assert dw.DictatorWidget(game=dw.Game.from_scenario(BOT_ATTACKS), bot_delay=0.2).pace == 0.2   # None: bot_delay
    for bad in (-1, "fast", float("nan")):
        with pytest.raises(DictatorError, match="pace must be seconds per battle step"):
            dw.DictatorWidget(game=dw.Game.from_scenario(BOT_ATTACKS), pace=bad)   # type: ignore[arg-type]
    with pytest.raises(Exception, match="pace must be seconds"):
        w.pace = -3
    assert w.pace == 0.0


def test_no_battle_no_steps_and_a_human_battle_does_not_wait() -> None:
    # bot_delay=0: the bot answers at once even where an event loop runs (a worker that drove a browser)
    w = dw.DictatorWidget(game=dw.Game.from_scenario(BOT_ATTACKS), bots={1: "greedy"}, pace=0.3, bot_delay=0)
    assert w.view["battle_steps"] == []
    w.receive({"type": "act", "notation": "A1 attack B1"})
    assert w.error == "" and not w.table.held
    assert w.view["battle_steps"][0]["kind"] == "attack" and w.view["battle_steps"][0]["args"]["battalion"] == "A1"
    with pytest.raises(IllegalAction, match="no bot's battle waits"):
        w.resume()


def test_a_views_steps_are_those_new_since_the_last_view_and_all_after_an_undo() -> None:
    table = Controller(dw.Game.from_scenario(ONE_CLICK))
    table.sendable("en", known=set())
    table.game.apply("A1 attack B1")                 # nothing to choose: the whole battle in one decision
    view, _ = table.sendable("en", known=set())
    kinds = [s["kind"] for s in view["battle_steps"]]
    assert kinds[0] == "attack" and "roll" in kinds and kinds[-1] == "annihilated"
    assert table.sendable("ru", known=set())[0]["battle_steps"] == []      # the same position again: nothing new
    table.game.apply(str(table.game.legal_actions()[0]))                  # Player 2's turn: a quiet decision
    assert table.sendable("en", known=set())[0]["battle_steps"] == []      # no battle event since
    table.game.undo()
    again, _ = table.sendable("en", known=set())
    assert again["battle_steps"] == view["battle_steps"]                    # an undo: all of them again
