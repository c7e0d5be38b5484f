"""Seats, hot-seat on hidden missions, set-up decisions, 3-4 players and variants."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.ui.widget import DictatorWidget


def synced_text(w: DictatorWidget) -> str:
    return json.dumps({name: getattr(w, name) for name in ("board", "cards", "view", "lang", "error")},
                      ensure_ascii=False)


def hidden_from(game: dw.Game, seat: int) -> set[str]:
    """Card ids the seat must not know: other players' cards face down to it."""
    full = game.view(None)["battalions"]
    seen = game.view(seat)["battalions"]
    out = set()
    for b_full, b_seen in zip(full, seen, strict=True):
        assert b_full["label"] == b_seen["label"]
        out |= {c for c, s in zip(b_full["cards"], b_seen["cards"], strict=True) if s is None}
    return out


def mentions(text: str, ids: set[str]) -> set[str]:
    return {c for c in ids if re.search(rf"\b{re.escape(c)}\b", text)}


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_never_receives_face_down_cards(seat: int) -> None:
    """Fog of War, played by random agents for 150 decisions: no synced trait of a seated
    widget ever names a card face down to its seat, unless the engine showed it to that seat
    before (a card revealed in a battle, then turned face down again, stays known)."""
    game = dw.Game.new("fog-of-war", seed=3, placement="fixed")
    w = DictatorWidget(game, player=seat)
    agent = make_agent("random", seed=5)
    shown: set[str] = set()                 # every card id the engine's view(seat) ever named
    checked = unknown = 0
    for _ in range(150):
        if game.is_over:
            break
        hidden = hidden_from(game, seat)
        assert hidden, "the opponent keeps face-down cards"
        shown |= mentions(json.dumps(game.view(seat), ensure_ascii=False), hidden)
        assert mentions(synced_text(w), hidden) <= shown
        unknown += len(hidden - shown)
        if checked == 0:
            assert not mentions(synced_text(w), hidden)
        checked += 1
        game.apply(agent.act(game))
    assert checked > 50
    assert unknown > 100, "many cards stayed unknown to the seat for many steps"
    assert w.board["seed"] is None                  # the seed would tell the dice, and so the cards


def test_hot_seat_on_a_hidden_mission_passes_the_screen() -> None:
    game = dw.Game.new("fog-of-war", seed=1, placement="fixed")
    w = DictatorWidget(game)
    assert w.viewer == 0 and w.view["screen"] is None
    assert not mentions(synced_text(w), hidden_from(game, 0))
    for notation in ("A1 end", "A2 end", "A3 end"):
        w.receive({"type": "act", "notation": notation})
    assert game.current_player == 1
    # Player 2 owes: the widget shows only the screen, no cards of anyone
    assert w.view["screen"] == 1 and w.view["legal"] == [] and "battalions" not in w.view
    assert w.viewer == 0
    w.receive({"type": "act", "notation": "B1 end"})
    assert "take the seat first" in w.error and len(game.history) == 3
    w.receive({"type": "take-seat"})
    assert w.error == "" and w.viewer == 1 and w.view["screen"] is None
    assert w.board["viewer"] == 1
    text = synced_text(w)
    assert not mentions(text, hidden_from(game, 1))
    assert not mentions(text, {"T01", "T02", "T03"})   # player 1's cards left with their seat
    w.receive({"type": "act", "notation": "B1 end"})
    assert str(game.history[-1]) == "B1 end"


def test_hot_seat_on_a_hidden_mission_never_shows_a_bot_seat() -> None:
    w = DictatorWidget(mission="fog-of-war", seed=1, bots={1: "random"}, bot_delay=0, placement="fixed")
    for notation in ("A1 end", "A2 end", "A3 end"):
        w.receive({"type": "act", "notation": notation})
    assert w.game.current_player == 0 or w.game.is_over      # the bot played its turn
    assert w.view.get("screen") is None and w.viewer == 0
    assert not mentions(synced_text(w), hidden_from(w.game, 0))


def test_hot_seat_undo_on_a_hidden_mission_is_the_seated_players_own() -> None:
    w = DictatorWidget(mission="fog-of-war", seed=1, placement="fixed")
    w.receive({"type": "act", "notation": "A1 move c4"})
    assert w.view["can_undo"] is True
    w.receive({"type": "undo"})
    assert w.error == "" and not w.game.history


def test_an_open_mission_hot_seat_shows_everything_without_a_screen() -> None:
    w = DictatorWidget(mission="standard", seed=7, placement="fixed")
    w.game.apply("A1 end")
    w.game.apply("A2 end")
    w.game.apply("A3 end")
    assert w.view["screen"] is None and w.viewer is None


def test_triumvirate_set_up_by_messages() -> None:
    w = DictatorWidget(mission="triumvirate", seed=1, placement="fixed")
    assert w.board["num_players"] == 3 and w.view["decision"] == "zone"
    assert {row[1] for row in w.view["legal"]} == {"zone"}
    while w.view["decision"] == "zone":
        w.receive({"type": "act", "notation": w.view["legal"][0][0]})
    assert w.view["decision"] == "form"
    owner = w.view["current_player"]
    hand = w.view["players"][owner]["hand"]
    assert len(hand) == 6 and all(c in w.cards for c in hand)
    while w.view["decision"] == "form":
        w.receive({"type": "act", "notation": w.view["legal"][0][0]})
        assert w.error == ""
    assert w.view["decision"] == "activation"
    assert {b["owner"] for b in w.view["battalions"]} == {0, 1, 2}


def test_four_players_play_in_the_widget() -> None:
    w = DictatorWidget(mission="double-strike", seed=2, placement="fixed")
    agent = make_agent("random", seed=1)
    for _ in range(60):
        if w.game.is_over:
            break
        w.receive({"type": "act", "notation": str(agent.act(w.game))})
        assert w.error == ""
    assert w.board["num_players"] == 4
    assert len(w.view["players"]) == 4


def test_chaos_draft_shows_the_pool() -> None:
    w = DictatorWidget(mission="chaos", seed=1, placement="fixed")
    assert w.view["decision"] == "draft" and len(w.view["pool"]) == 25
    w.receive({"type": "act", "notation": "draft C01"})
    assert "C01" not in w.view["pool"]


# --- variants -----------------------------------------------------------------------------

def test_variants_reach_the_game_and_the_header() -> None:
    w = DictatorWidget(seed=1, variants={"guild_strength": 5, "hirelings": False})
    assert w.game.rules.variants == {"guild_strength": 5, "hirelings": False}
    listed: list[dict[str, Any]] = w.board["variants"]
    assert [v["key"] for v in listed] == ["guild_strength", "hirelings"]
    assert listed[0]["value"] == 5 and listed[0]["name"]["en"] and listed[0]["name"]["ru"]
    assert listed[0]["text"]["en"] and listed[0]["text"]["ru"]
    assert w.board["guild_strength"] == 5
    assert DictatorWidget(seed=1).board["variants"] == []


def test_bad_variants_raise_clearly() -> None:
    with pytest.raises(dw.DictatorError, match="guild_strenght"):
        DictatorWidget(seed=1, variants={"guild_strenght": 5})
    with pytest.raises(dw.DictatorError, match="either game or variants"):
        DictatorWidget(dw.Game.new("standard", seed=1), variants={"guild_strength": 5})
