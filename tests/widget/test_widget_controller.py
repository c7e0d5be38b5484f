"""The widget's controller in plain Python: seats, bots, screens and undo, driven without traitlets."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.engine import IllegalAction
from dictator_widget.ui import widget_controller
from dictator_widget.ui.widget_controller import LOG_LINES, Controller


def test_the_controller_loads_no_widget_library() -> None:
    code = ("import sys, dictator_widget.ui.widget_controller; "
            "print([m for m in ('anywidget', 'ipywidgets', 'traitlets') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_bot_answers_and_an_undo_takes_back_the_human_move_with_the_reply() -> None:
    changes: list[int] = []
    table = Controller(dw.Game.new(seed=7, placement="fixed"), bots={1: "greedy"}, bot_delay=0,
                       on_change=lambda: changes.append(1))
    for label in ("A1", "A2", "A3"):
        table.act(f"{label} end")
    game = table.game
    assert game.current_player == 0 and game.turn == 3          # the bot played its turn at once
    assert changes and any(game.decider(-k) == 1 for k in range(1, len(game.history)))
    view, _ = table.sendable("en", known=set())
    assert view["bot_owes"] is False and view["legal"]
    before = len(game.history)
    if table.can_undo:
        table.undo()
        assert len(game.history) < before and game.current_player == 0
        assert game.decider() == 0 or not game.history


def test_a_seat_acts_only_for_itself() -> None:
    table = Controller(dw.Game.new(seed=7, placement="fixed"), player=1)
    view, _ = table.sendable("en", known=set())
    assert view["legal"] == [] and view["viewer"] == 1
    try:
        table.act("A1 end")
    except IllegalAction as exc:
        assert "plays Player 2" in str(exc)
    else:
        raise AssertionError("a seat played another's decision")
    assert table.game.history == []


def test_hot_seat_screen_between_two_humans_of_a_hidden_mission() -> None:
    table = Controller(dw.Game.new("fog-of-war", seed=1, placement="fixed"))
    for label in ("A1", "A2", "A3"):
        table.act(f"{label} end")
    view, cards = table.sendable("en", known=set())
    assert view["screen"] == 1 and cards == {} and "battalions" not in view
    table.take_seat()
    view, cards = table.sendable("en", known=set())
    assert view["screen"] is None and view["viewer"] == 1
    hidden = {c for b in table.game.view(None)["battalions"] if b["owner"] == 0 for c in b["cards"]}
    assert not hidden & set(cards) and not hidden & set(json.dumps(view).split('"'))


def test_only_new_cards_and_the_logs_tail_are_built() -> None:
    """What is sent is built for the seat: cards already known are not built again, the log is its tail."""
    table = Controller(dw.Game.new(seed=3, placement="fixed"), bots={1: "random"}, bot_delay=0)
    table.schedule_bots()                   # the bot may move first
    view, cards = table.sendable("en", known=set())
    assert cards
    again, none = table.sendable("en", known=set(cards))
    assert none == {} and again == view
    while len(table.game.log) <= LOG_LINES:
        table.act(str(table.game.legal_actions()[0]))
    view, _ = table.sendable("ru", known=set(cards))
    assert len(view["log"]) == LOG_LINES and view["log_from"] == len(table.game.log) - LOG_LINES
    assert table.log_lines("ru", 0, 2) == table.game.log.texts("ru", dw.engine.rules.log.ALL)[:2]


def test_building_a_view_is_cheaper_than_the_whole_game_view() -> None:
    """The point of building what is sent: faster than game.view() (which carries every card and the board)."""
    game = dw.Game.new(seed=5, placement="fixed")
    table = Controller(game)
    known = set(table.sendable("en", known=set())[1])

    def took(f: Callable[[], object]) -> float:
        t = time.perf_counter()
        f()
        return time.perf_counter() - t

    # turn about, best of 60 each: a busy minute of the machine (the suite's other workers) slows both alike
    pairs = [(took(lambda: table.sendable("en", known)), took(lambda: game.view(None))) for _ in range(60)]
    assert min(s for s, _ in pairs) < min(v for _, v in pairs)


def test_game_over_figures_and_a_rematch_by_message() -> None:
    """The banner's figures come from the log; Rematch replays the same seed, New game draws another."""
    scenario = {"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
                               "B1": {"sector": "c5", "cards": ["C01"]}}, "dice": [6, 1]}
    w = dw.DictatorWidget(game=dw.Game.from_scenario(scenario))
    w.receive({"type": "rematch"})
    assert "the game is not over" in w.error
    w.receive({"type": "act", "notation": "A1 attack B1"})
    assert w.view["is_over"] and w.view["summary"] == {"turns": 1, "battles": 1, "guilds": [0, 0],
                                                       "destroyed": [1, 0]}
    w.receive({"type": "rematch"})
    assert w.error == "" and not w.game.is_over and w.game.history == [] and w.view["summary"] is None
    assert w.view["legal"]

    w2 = dw.DictatorWidget(seed=11, bots={1: "greedy"}, bot_delay=0, placement="fixed")
    first = w2.game
    w2.table.rematch(same_seed=True)
    assert w2.game is not first and w2.game.rules.seed == 11 and w2.bots and w2.board["mission_name"]["en"]
    w2.table.rematch(same_seed=False)
    assert w2.game.rules.seed != 11 and w2.game.rules.placement == "fixed"


def test_undo_says_why_it_is_off() -> None:
    w = dw.DictatorWidget(seed=7, placement="fixed")
    assert w.view["can_undo"] is False and w.view["undo_block"] == "nothing"
    w.receive({"type": "act", "notation": "A1 end"})
    assert w.view["can_undo"] is True and w.view["undo_block"] is None
    seat = dw.DictatorWidget(w.game, player=1)
    assert seat.view["undo_block"] == "not-yours"


def test_the_battle_history_keeps_the_latest_finished_battles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``battles`` trait: the latest finished battles as the log tells them (at most HISTORY_BATTLES, here
    3), oldest first; it changes only when a battle ends or an undo takes one back."""
    monkeypatch.setattr(widget_controller, "HISTORY_BATTLES", 3)
    game = dw.Game.new(seed=2, placement="fixed")
    w = dw.DictatorWidget(game)
    agent = make_agent("random", seed=4)
    changes, previous = 0, w.battles
    attacks = lambda: sum(1 for e in game.log if e.kind in ("attack", "attack_guild"))  # noqa: E731
    while attacks() < 6 and not game.is_over:
        w.receive({"type": "act", "notation": str(agent.act(game))})
        if w.battles is not previous:
            changes, previous = changes + 1, w.battles
    finished = attacks() - (game.state.battle is not None)
    assert finished >= 5 and len(w.battles) == 3 and changes <= attacks() + 1
    every = dw.engine.views.view.battles(game)
    assert w.battles == every[-3:] and len(every) == finished
    if game.state.battle is None:
        assert w.battles[-1] == dw.engine.views.view.last_battle(game, turns=10**6)


def test_the_bots_last_moves_and_battles_are_sent_until_they_play_again() -> None:
    """Issue 36 (extras): the board shows the bots' last streak: each battalion's path from where it stood and
    the battles it began; a human decision keeps it (the bots' next streak replaces it)."""
    game = dw.Game.new(seed=7, placement="fixed")
    table = Controller(game, bots={1: "greedy"}, bot_delay=0, pace=0)
    assert table.sendable("en", set())[0]["bot_trail"] is None
    table.act("end-turn")
    trail = table.sendable("en", set())[0]["bot_trail"]
    assert trail is not None
    bot_log = game.log.texts("en")
    for label, path in trail["moves"].items():
        assert label.startswith("B") and len(path) >= 2
        assert f"{label} moves to {path[-1]}." in bot_log
        assert path[0] == dw.Game.new(seed=7, placement="fixed").state.battalions[label].sector
    for attacker, target, _, _ in trail["battles"]:
        assert any(line.startswith(f"{attacker} attacks") and target in line for line in bot_log)
    mine = next(str(a) for a in game.legal_actions() if a.kind == "move")
    table.act(mine)
    assert table.sendable("en", set())[0]["bot_trail"] == trail       # still the bots' last move
