"""The widget's resign and draw (table actions through ``{"type": "act"}``): a seat's own only, a bot answers."""

from __future__ import annotations

import random

import dictator_widget as dw
from dictator_widget.agents import draws, make_agent, value
from dictator_widget.engine.views import hidden
from dictator_widget.ui.widget import DictatorWidget


def test_hot_seat_offers_and_answers_a_draw_and_the_view_shows_the_turn_cap() -> None:
    w = DictatorWidget(game=dw.Game.new("standard", seed=7, placement="fixed", turn_cap=60))
    assert w.board["turn_cap"] == 60 and w.view["turn"] == 1
    assert w.view["table_actions"] == ["resign 0", "offer-draw 0"] and w.view["draw_offer"] is None
    w.receive({"type": "act", "notation": "offer-draw 0"})
    assert w.error == "" and w.view["draw_offer"] == 0
    assert w.view["table_actions"] == ["resign 0", "accept-draw 1", "decline-draw 1"]
    w.receive({"type": "act", "notation": "accept-draw 1"})
    assert w.view["is_over"] and w.view["end_reason"] == "agreed-draw" and w.view["table_actions"] == []


def test_a_seat_acts_for_itself_only_and_a_bot_answers_a_draw_at_once() -> None:
    w = DictatorWidget(seed=7, placement="fixed", player=0, bots={1: "greedy"})
    w.receive({"type": "act", "notation": "resign 1"})
    assert "played by a bot" in w.error and not w.game.is_over
    w.receive({"type": "act", "notation": "offer-draw 0"})            # an even start: the bot plays on
    assert w.error == "" and w.game.log[-1].text("en") == "Player 2 declines the draw."
    assert w.view["draw_offer"] is None and not w.game.is_over
    seat = DictatorWidget(game=dw.Game.new("standard", seed=7, placement="fixed"), player=1)
    seat.receive({"type": "act", "notation": "resign 0"})
    assert "not Player 1's" in seat.error and not seat.game.is_over


def test_a_bot_behind_accepts_a_draw() -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T04", "T01", "T06"]},
                                                 "B1": {"sector": "a7", "cards": ["C08"]}}})
    assert draws.accepts_draw(object(), game, 1) and not draws.accepts_draw(object(), game, 0)
    w = DictatorWidget(game=game, bots={1: "greedy"})
    w.receive({"type": "act", "notation": "offer-draw 0"})
    assert w.game.end_reason == "agreed-draw", w.game.log.texts()[-3:]


def test_a_bots_answer_to_a_draw_depends_only_on_what_its_seat_sees() -> None:
    """Fog of War: twins that seat 1 cannot tell apart (the other side's face-down cards permuted) get one
    evaluated chance, and so one answer; the evaluation of the true cards differs between them."""
    game = dw.Game.new("fog-of-war", seed=3)
    while game.decision != "activation":
        game.apply(game.legal_actions()[0])
    agent = make_agent("greedy", seed=1)
    for _ in range(40):                              # into the game: some battles, some cards turned
        game.apply(agent.act(game))
    twins = [hidden.twin(game, 1, random.Random(k)) for k in range(6)]
    assert len({round(draws.chance(t, 1), 12) for t in twins + [game]}) == 1
    assert len({round(value.win_chances(t)[1], 12) for t in twins}) > 1       # what a peeking bot would read
    assert len({draws.accepts_draw(object(), t, 1) for t in twins}) == 1
