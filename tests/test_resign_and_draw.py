"""Resign and agreed draw: table actions outside legal_actions(), recorded, replayed and undone like decisions."""

from __future__ import annotations

import random

import pytest
from helpers import position

import dictator_widget as dw
from dictator_widget.engine.rules.vocabulary import TABLE_KINDS


def _battle() -> dw.Game:
    """Player 0 attacks: the defender, player 1, owes the next decision (R19)."""
    game = position({"A1": ("d4", ["T04", "T01", "T06"]), "B1": ("e4", ["C04", "C06", "C05"])})
    game.apply("A1 attack B1")
    return game


def _texts(game: dw.Game, lang: str = "en") -> list[str]:
    return [e.text(lang) for e in game.log]


def test_a_seat_resigns_at_any_of_its_decisions_and_the_other_wins() -> None:
    game = _battle()
    owner = game.current_player
    assert owner is not None
    assert [str(a) for a in game.table_actions(owner)] == [f"resign {owner}", f"offer-draw {owner}"]
    assert not any(a.kind in TABLE_KINDS for a in game.legal_actions())          # bots never see them
    game.apply(f"resign {owner}")
    assert (game.is_over, game.winner, game.end_reason) == (True, 1 - owner, "resigned")
    assert _texts(game)[-2:] == [f"Player {owner + 1} resigns.", f"Game over: Player {2 - owner} wins "
                                 "(the other side resigned)."]
    assert _texts(game, "ru")[-2] == f"Игрок {owner + 1} сдаётся."
    assert game.legal_actions() == [] and game.table_actions() == []
    assert game.view()["end_reason"] == "resigned"


def test_an_offered_draw_accepted_ends_the_game_declined_or_lapsed_it_goes_on() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    game.apply("offer-draw 0")
    assert game.state.offer == (0, ()) and game.table_actions(0) == [dw.Action.parse("resign 0")]
    assert [str(a) for a in game.table_actions(1)] == ["accept-draw 1", "decline-draw 1"]
    assert game.view(1)["draw_offer"] == 0 == game.view(0)["draw_offer"]       # public
    game.apply(game.legal_actions()[0])                  # the offerer plays on: the offer stands
    assert game.state.offer == (0, ())
    game.apply("decline-draw 1")
    assert game.state.offer is None and _texts(game)[-1] == "Player 2 declines the draw."
    while game.current_player == 0:                     # player 0 offers again, then player 1 plays on
        game.apply("offer-draw 0") if game.state.offer is None else game.apply(game.legal_actions()[-1])
    game.apply(game.legal_actions()[0])
    assert game.state.offer is None
    assert "The draw offered by Player 1 lapses: the game went on." in _texts(game)
    game.apply(f"offer-draw {game.current_player}")
    game.apply("accept-draw 0")
    assert (game.is_over, game.winner, game.end_reason) == (True, None, "agreed-draw")
    assert _texts(game, "ru")[-1] == "Игра окончена: победителя нет (игроки согласились на ничью)."


def test_resign_and_draws_are_saved_replayed_and_undone_exactly() -> None:
    game = _battle()
    game.apply(f"offer-draw {game.current_player}")
    saved = game.to_json()
    again = dw.Game.from_json(saved)
    assert again.to_json() == saved and again.state.offer == game.state.offer
    assert dw.Game.from_scenario(game.to_scenario()).state.offer == game.state.offer     # a position carries it
    assert [str(a) for a in again.history][-1] == f"offer-draw {game.current_player}"
    offerer = game.current_player
    assert game.can_undo(offerer) and not game.can_undo(1 - offerer)       # the offerer takes it back
    assert str(game.undo(offerer)) == f"offer-draw {offerer}" and game.state.offer is None
    game.apply(f"resign {offerer}")
    replayed = dw.Game.from_json(game.to_json())
    assert (replayed.winner, replayed.end_reason, replayed.log.texts()) == (game.winner, "resigned", game.log.texts())
    assert not game.can_undo(offerer)                      # a resignation is final for the seat ...
    with pytest.raises(dw.IllegalAction, match="ended the game"):
        game.undo(offerer)
    game.undo()                                            # ... a referee (no seat) may still take it back
    assert not game.is_over and game.current_player == offerer


@pytest.mark.parametrize("notation", ["resign 1", "offer-draw 1", "accept-draw 1", "decline-draw 0", "resign 7",
                                      "accept-draw 0", "resign", "resign one", "offer-draw 0 1"])
def test_a_refused_table_action_says_why_and_leaves_the_game_as_it_was(notation: str) -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")            # player 0 owes the decision
    before = game.to_json()
    with pytest.raises(dw.IllegalAction) as info:
        game.apply(notation)
    assert game.to_json() == before
    message = str(info.value)
    expected = {"resign 1": "only at one of their decisions", "offer-draw 1": "only at one of their decisions",
                "accept-draw 1": "no draw is offered", "decline-draw 0": "no draw is offered",
                "resign 7": "no player 7", "accept-draw 0": "no draw is offered"}
    assert expected.get(notation, "expected '") in message, message


def test_a_pending_offer_is_answered_once_and_not_offered_twice() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    game.apply("offer-draw 0")
    for notation, why in [("offer-draw 0", "draw offer stands"), ("accept-draw 0", "another player answers")]:
        with pytest.raises(dw.IllegalAction, match=why):
            game.apply(notation)


def test_table_actions_wait_for_the_first_turn_and_for_a_chance_outcome() -> None:
    assert dw.Game.new("standard", seed=7).table_actions() == []                 # choosing zones
    with pytest.raises(dw.IllegalAction, match="has not begun"):
        dw.Game.new("standard", seed=7).apply("resign 0")
    game = dw.Game.new("standard", seed=7, placement="fixed", chance="explicit")
    assert game.is_chance and game.table_actions() == []


def test_with_three_players_a_resigning_player_leaves_the_map_and_a_draw_needs_everyone() -> None:
    game = dw.Game.new("triumvirate", seed=2, placement="fixed")
    while game.decision != "activation":                     # its set-up: battalions formed
        game.apply(game.legal_actions()[0])
    first = game.current_player
    assert first is not None
    game.apply(f"offer-draw {first}")
    others = [p for p in range(3) if p != first]
    game.apply(f"accept-draw {others[0]}")
    assert not game.is_over and game.state.offer == (first, (others[0],))
    game.apply(f"decline-draw {others[1]}")
    assert game.state.offer is None
    game.apply(f"resign {first}")
    assert not game.is_over and all(b.owner != first for b in game.state.battalions.values())
    assert game.current_player in others and game.turn == 2
    game.apply(f"resign {game.current_player}")
    assert game.is_over and game.end_reason == "resigned" and game.winner in others


def test_a_random_game_never_lists_a_table_action_among_its_decisions() -> None:
    game = dw.Game.new("standard", seed=11, placement="fixed")
    rng = random.Random(11)
    while not game.is_over:
        assert not any(a.kind in TABLE_KINDS for a in game.legal_actions())
        game.apply(rng.choice(game.legal_actions()))
