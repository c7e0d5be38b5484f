"""A closed widget is freed with its game and undo snapshots (nothing global keeps it)."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.ui.widget import DictatorWidget


def play_through_receive(w: DictatorWidget, decisions: int) -> int:
    """Random legal clicks as the front end sends them; returns how many were played."""
    agent = make_agent("random", seed=3)
    played = 0
    while played < decisions and not w.game.is_over:
        if w.view.get("screen") is not None:
            w.receive({"type": "take-seat"})
        owner = w.game.current_player
        if owner in w.bots or (w.player is not None and owner != w.player):
            break
        w.receive({"type": "act", "notation": str(agent.act(w.game))})
        assert w.error == ""
        played += 1
    return played


@pytest.mark.parametrize(("kwargs", "decisions"), [
    ({"seed": 1}, 0),                                                   # the example
    ({"seed": 1, "placement": "fixed"}, 40),                            # hot-seat, played by clicks
    ({"mission": "fog-of-war", "seed": 2, "placement": "fixed"}, 40),   # hot-seat screens
    ({"seed": 1, "player": 0, "placement": "fixed"}, 2),                # a seat, until the other's turn
    ({"seed": 1, "bots": {1: "greedy"}, "bot_delay": 0, "placement": "fixed"}, 12),   # against a bot
], ids=["new", "hot-seat", "hidden-hot-seat", "seat", "bot"])
def test_a_closed_widget_is_freed_with_its_game(kwargs: dict[str, Any], decisions: int) -> None:
    w = DictatorWidget(**kwargs)
    played = play_through_receive(w, decisions)
    assert played >= min(decisions, 3)
    widget_ref, game_ref = weakref.ref(w), weakref.ref(w.game)
    w.close()
    del w
    gc.collect()
    assert widget_ref() is None, "the closed widget is still referenced"
    assert game_ref() is None, "the closed widget's game is still referenced"


def test_a_game_outlives_its_closed_widget_and_keeps_no_listener() -> None:
    """The user's game stays theirs; the closed widget leaves no listener on it."""
    game = dw.Game.new(seed=1, placement="fixed")
    w = DictatorWidget(game)
    widget_ref = weakref.ref(w)
    w.close()
    del w
    gc.collect()
    assert widget_ref() is None
    game.apply(game.legal_actions()[0])      # no widget is refreshed, nothing raises
