"""DictatorWidget, Python side: JSON traits, checked messages, a board that follows the game."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.engine.rules.log import ALL
from dictator_widget.ui.widget import LOG_LINES, DictatorWidget


def synced(w: DictatorWidget) -> dict[str, Any]:
    return {name: getattr(w, name) for name in ("board", "cards", "view", "lang", "error")}


def widget(**kwargs: Any) -> DictatorWidget:
    return DictatorWidget(seed=7, placement="fixed", **kwargs)


# --- the traits -----------------------------------------------------------------------

def test_traits_are_json_and_round_trip() -> None:
    w = widget()
    for name, value in synced(w).items():
        assert json.loads(json.dumps(value, allow_nan=False)) == value, name


def test_board_is_static_and_complete() -> None:
    w = widget()
    assert len(w.board["sectors"]) == 37
    assert {"pit", "core", "celesta"} == set(w.board["levels"])
    assert w.board["num_players"] == 2 and w.board["viewer"] is None and w.board["bots"] == []
    before = w.board
    w.game.apply("A1 move c4")
    assert w.board is before


def test_view_carries_the_position() -> None:
    w = widget()
    v = w.view
    assert v["decision"] == "activation" and v["current_player"] == 0
    assert {b["label"] for b in v["battalions"]} == {"A1", "A2", "A3", "B1", "B2", "B3"}
    assert all(c in w.cards for b in v["battalions"] for c in b["cards"])
    notations = {row[0] for row in v["legal"]}
    assert notations == {str(a) for a in w.game.legal_actions()}
    assert ["A1 move c4", "move", "A1", "", "", "c4"] in v["legal"]
    assert v["can_undo"] is False
    assert v["log"][-1] == "Turn 1: Player 1."
    assert v["log_from"] + len(v["log"]) == len(w.game.log)


def test_view_bytes_per_action_stay_small() -> None:
    """The issue's target: at most 20 KB synced per action (view; cards rarely change)."""
    w = widget()
    agent = make_agent("random", seed=1)
    for _ in range(300):
        if w.game.is_over:
            break
        w.game.apply(agent.act(w.game))
        assert len(json.dumps(w.view, ensure_ascii=False).encode()) < 20_000
    assert len(w.view["log"]) == LOG_LINES
    assert w.view["log"] == w.game.log.texts("en", ALL)[w.view["log_from"]:]


def test_older_log_lines_are_sent_when_asked() -> None:
    """The view carries the log's tail; the front end asks for the lines before it (full log)."""
    w = widget()
    sent: list[Any] = []
    w.send = sent.append          # type: ignore[method-assign]
    agent = make_agent("random", seed=1)
    while len(w.game.log) < LOG_LINES + 10:
        w.game.apply(agent.act(w.game))
    start = w.view["log_from"]
    assert start > 0
    w.receive({"type": "log", "from": 0, "to": start})
    assert w.error == ""
    assert sent == [{"type": "log", "from": 0, "lines": w.game.log.texts("en", ALL)[:start]}]
    w.receive({"type": "log", "from": 5, "to": 2})
    assert "'from' and 'to' must be indices" in w.error and len(sent) == 1


# --- messages from the front end ------------------------------------------------------

def test_good_message_plays_the_action() -> None:
    w = widget()
    w.receive({"type": "act", "notation": "A1 move c4"})
    assert [str(a) for a in w.game.history] == ["A1 move c4"]
    assert w.error == ""
    a1 = next(b for b in w.view["battalions"] if b["label"] == "A1")
    assert a1["sector"] == "c4" and a1["active"]
    assert w.view["can_undo"] is True


def test_undo_message_takes_the_action_back() -> None:
    w = widget()
    w.receive({"type": "act", "notation": "A1 move c4"})
    w.receive({"type": "undo"})
    assert w.game.history == []
    assert next(b for b in w.view["battalions"] if b["label"] == "A1")["sector"] == "b4"


@pytest.mark.parametrize("notation", ["A1 move g7", "B1 move e4", "pass", "damage T01",
                                      "A1 attack B1"])
def test_illegal_action_shows_error_and_changes_nothing(notation: str) -> None:
    w = widget()
    before, view = w.game.to_json(), w.view
    w.receive({"type": "act", "notation": notation})
    assert w.error.startswith(f"'{notation}'")
    assert w.game.to_json() == before and w.view is view


@pytest.mark.parametrize("content", [
    None, "A1 move c4", 42, [], {}, {"type": 3}, {"type": "fly"}, {"type": "act"},
    {"type": "act", "notation": 7}, {"type": "act", "notation": ""},
    {"type": "act", "notation": "   "}, {"type": "act", "notation": "A1 move " + "c" * 300},
    {"type": "act", "notation": ["A1", "move"]},
    {"type": "act", "notation": "A1 fly z9"},
    {"type": "act", "notation": "A1 move c4", "twice": True},      # a field not declared (ui/messages.py)
    {"type": "odds", "battalion": "A1", "extra": 1},
    {"type": "log", "from": True, "to": 3},                        # true is not an index
    {"type": "set", "traits": {"lang": "ru"}},                      # the class server's message
    {"type": "ping"},
])
def test_malformed_message_shows_error_and_changes_nothing(content: Any) -> None:
    w = widget()
    before = w.game.to_json()
    w.receive(content)
    assert w.error, content
    assert w.game.to_json() == before


def test_every_declared_message_has_a_handler_in_the_widget_and_on_the_class_server() -> None:
    """One declaration (ui/messages.py), two dispatch tables: a message added there must be handled (or
    refused by name) in both."""
    from dictator_widget.serve.rooms import HANDLERS as SERVED
    from dictator_widget.ui.messages import MESSAGES, SetupEdit, members
    from dictator_widget.ui.widget import HANDLERS
    from dictator_widget.ui.widget_setup import EDITS

    assert set(HANDLERS) == set(MESSAGES) == set(SERVED)
    assert set(EDITS) == set(members(SetupEdit))                 # and each declared set-up edit has its entry


def test_a_refusal_names_the_field_and_what_it_must_be() -> None:
    w = widget()
    sent: list[Any] = []
    w.send = sent.append          # type: ignore[method-assign]
    w.receive({"type": "act", "notation": "A1 move c4", "twice": True})
    assert "no field 'twice' in 'act' (it has 'notation')" in w.error and w.game.history == []
    w.receive({"type": "log", "from": True, "to": 3})
    assert "'from' and 'to' must be indices" in w.error and sent == []
    w.receive({"type": "set", "traits": {"lang": "ru"}})
    assert "set: a message of the class server's seats" in w.error and w.lang == "en"
    w.receive({"type": "odds"})
    assert "'battalion' must be a label" in w.error and w.odds == {}


def test_undo_with_nothing_to_undo_is_an_error() -> None:
    w = widget()
    w.receive({"type": "undo"})
    assert "nothing to undo" in w.error


def test_the_same_error_twice_is_announced_twice() -> None:
    w = widget()
    seen: list[str] = []
    w.observe(lambda change: seen.append(change["new"]), names="error")
    w.receive({"type": "act", "notation": "pass"})
    w.receive({"type": "act", "notation": "pass"})
    assert len([e for e in seen if e]) == 2


def test_a_good_message_clears_the_error() -> None:
    w = widget()
    w.receive({"type": "act", "notation": "pass"})
    w.receive({"type": "act", "notation": "A1 move c4"})
    assert w.error == ""


# --- in step with Python --------------------------------------------------------------

def test_apply_from_python_updates_the_view_at_once() -> None:
    w = widget()
    w.game.apply("A1 T01:turbo-jump e4")
    assert next(b for b in w.view["battalions"] if b["label"] == "A1")["sector"] == "e4"
    w.game.undo()
    assert next(b for b in w.view["battalions"] if b["label"] == "A1")["sector"] == "b4"


def test_the_game_object_itself_notifies() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    w = DictatorWidget(game)
    assert w.game is game and isinstance(game, dw.Game)
    game.apply("A1 move c4")
    assert w.view["can_undo"]


def test_two_widgets_on_one_game_stay_in_step() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    w1, w2 = DictatorWidget(game), DictatorWidget(game, lang="ru")
    w1.receive({"type": "act", "notation": "A1 move c4"})
    assert w2.view["battalions"] == w1.view["battalions"]
    assert w2.view["log"][-1] == "A1 перемещается в c4."
    w2.receive({"type": "undo"})
    assert w1.view["can_undo"] is False


def test_clones_and_saves_stay_plain_games() -> None:
    w = widget()
    w.game.apply("A1 move c4")
    clone = w.game.clone()
    assert type(clone) is dw.Game
    clone.apply("A1 end")
    assert w.view["battalions"] == widget_after("A1 move c4")
    assert dw.Game.from_json(w.game.to_json()).to_json() == w.game.to_json()


def widget_after(*moves: str) -> list[dict[str, Any]]:
    w = widget()
    for m in moves:
        w.game.apply(m)
    return list(w.view["battalions"])


def test_closed_widget_stops_following() -> None:
    w = widget()
    view = w.view
    w.close()
    w.game.apply("A1 move c4")
    assert w.view is view


# --- language ---------------------------------------------------------------------------

def test_lang_switches_the_log() -> None:
    w = widget()
    w.game.apply("A1 move c4")
    assert w.view["log"][-1] == "A1 moves to c4."
    w.lang = "ru"
    assert w.view["log"][-1] == "A1 перемещается в c4."


def test_unknown_language_is_refused() -> None:
    with pytest.raises(Exception, match="lang"):
        widget(lang="de")


# --- seats and bots ---------------------------------------------------------------------

def test_a_seat_widget_acts_only_for_its_player() -> None:
    w = widget(player=1)
    assert w.view["legal"] == [] and w.board["viewer"] == 1
    w.receive({"type": "act", "notation": "A1 move c4"})
    assert "plays Player 2" in w.error
    assert w.game.history == []


def test_bot_plays_until_a_human_owes_a_decision() -> None:
    w = widget(bots={0: "random"}, bot_delay=0)
    assert w.game.history, "the bot (player 1 moves first with seed 7) has played"
    assert w.game.current_player == 1 and w.view["legal"] and not w.view["bot_owes"]


def test_bot_answers_after_a_human_turn() -> None:
    w = widget(bots={1: "random"}, bot_delay=0)
    w.receive({"type": "act", "notation": "end-turn"})
    assert w.game.current_player == 0
    assert w.game.history[0].kind == "end-turn" and len(w.game.history) > 1


def test_undo_takes_back_the_bots_reply_too() -> None:
    w = widget(bots={1: "random"}, bot_delay=0)
    w.receive({"type": "act", "notation": "end-turn"})
    w.receive({"type": "undo"})
    assert w.game.history == [] and w.game.current_player == 0


def test_bot_waits_bot_delay_inside_a_running_loop() -> None:
    async def play() -> tuple[int, int]:
        w = widget(bots={1: "random"}, bot_delay=0.05)
        w.receive({"type": "act", "notation": "end-turn"})
        right_after = len(w.game.history)
        assert w.view["bot_owes"] and w.view["legal"] == []
        w.receive({"type": "act", "notation": "B1 end"})            # not the human's decision
        assert "bot of Player 2" in w.error
        for _ in range(200):
            await asyncio.sleep(0.02)
            if w.game.current_player == 0:
                break
        return right_after, len(w.game.history)

    result: list[tuple[int, int]] = []     # a thread of its own: no other loop runs there
    thread = threading.Thread(target=lambda: result.append(asyncio.run(play())))
    thread.start()
    thread.join(timeout=30)
    (right_after, later), = result
    assert right_after == 1 and later > 1


class BrokenAgent:
    def act(self, game: dw.Game) -> dw.Action:
        return dw.Action("pass")


def test_a_broken_bot_hands_its_seat_back() -> None:
    w = widget(bots={1: BrokenAgent()}, bot_delay=0)
    w.receive({"type": "act", "notation": "end-turn"})
    assert "bot of Player 2" in w.error and 1 not in w.bots
    assert w.game.current_player == 1 and w.view["legal"]


@pytest.mark.parametrize("kwargs", [
    {"player": 2}, {"bots": {2: "random"}}, {"player": 1, "bots": {1: "random"}},
    {"bots": {1: "nobody"}},
])
def test_bad_seats_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(dw.DictatorError):
        widget(**kwargs)


def test_bots_against_bots_play_a_whole_game_without_recursion() -> None:
    w = widget(bots={0: "random", 1: "random"}, bot_delay=0)
    assert w.game.is_over and w.view["is_over"]


# --- every mission ----------------------------------------------------------------------

@pytest.mark.parametrize("mission", dw.missions())
@pytest.mark.parametrize("player", [None, 0])
def test_every_mission_shows_and_plays(mission: str, player: int | None) -> None:
    w = DictatorWidget(mission=mission, seed=5, player=player, bots={1: "random"}, bot_delay=0, placement="fixed")
    agent = make_agent("random", seed=2)
    for _ in range(40):
        if w.game.is_over or w.game.current_player in w.bots:
            break
        if player is not None and w.game.current_player != player:
            break
        assert w.view["legal"], "the human who owes a decision sees its options"
        w.receive({"type": "act", "notation": str(agent.act(w.game))})
        assert w.error == ""
    for name, value in synced(w).items():
        assert json.loads(json.dumps(value)) == value, name
    shown = {c for b in w.view["battalions"] for c in b["cards"] if c is not None}
    assert shown <= set(w.cards)


def test_a_seat_undoes_only_its_own_harmless_decision() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    mine, theirs = DictatorWidget(game, player=0), DictatorWidget(game, player=1)
    mine.receive({"type": "act", "notation": "A1 move c4"})
    assert mine.view["can_undo"] and not theirs.view["can_undo"]
    theirs.receive({"type": "undo"})
    assert "cannot undo" in theirs.error and len(game.history) == 1
    mine.receive({"type": "undo"})
    assert mine.error == "" and game.history == []
