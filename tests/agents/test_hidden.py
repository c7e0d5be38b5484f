"""Agents choose from what their seat may see: the hidden part of a game is drawn afresh (M4, R8)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

import dictator_widget as dw
from dictator_widget.agents import Agent, GreedyAgent, MCTSAgent
from dictator_widget.engine.rules.game import edit
from dictator_widget.engine.views.hidden import redraw, sample


def fog_game(decisions: int = 40, seed: int = 2) -> dw.Game:
    """A Fog of War game some way in, at a decision of player 0's outside any battle."""
    game = dw.Game.new("fog-of-war", seed=seed, placement="fixed")
    greedy = GreedyAgent(seed=1)
    done = 0
    while not game.is_over and (done < decisions or game.current_player != 0 or game.state.battle is not None):
        game.apply(greedy.act(game))
        done += 1
    return game


def twin(game: dw.Game, player: int) -> dw.Game:
    """The same game with two of another player's face-down, undamaged cards of one faction swapped."""
    copy = game.clone()
    with edit(copy) as s:
        slots = [(b.label, i, copy.cards[c].faction) for b in s.battalions.values() if b.owner != player
                 for i, c in enumerate(b.cards) if c not in s.revealed and c not in s.damaged]
        a, i, b, j = next((a, i, b, j) for a, i, fa in slots for b, j, fb in slots if a != b and fa == fb)
        ca, cb = s.battalions[a].cards[i], s.battalions[b].cards[j]
        s.battalions = {**s.battalions,
                        a: s.battalions[a]._replace(cards=tuple(cb if c == ca else c for c in s.battalions[a].cards)),
                        b: s.battalions[b]._replace(cards=tuple(ca if c == cb else c for c in s.battalions[b].cards))}
        s.deck = s.deck[::-1]
    return copy


def cards_of(game: dw.Game, player: int) -> Counter[str]:
    return Counter(c for b in game.state.battalions.values() if b.owner == player for c in b.cards)


def test_a_sample_keeps_everything_the_player_sees() -> None:
    game = fog_game()
    for k in range(20):
        copy = sample(game, 0, random.Random(k))
        assert copy.view(0)["battalions"] == game.view(0)["battalions"]      # sizes, damage marks, own cards
        assert cards_of(copy, 0) == cards_of(game, 0)
        other = [c for c in cards_of(game, 1) if game.cards[c].faction != "hirelings"]
        assert Counter(c for c in cards_of(copy, 1) if copy.cards[c].faction != "hirelings") == Counter(other)
        assert sorted(copy.state.deck + [c for c in cards_of(copy, 1) if copy.cards[c].faction == "hirelings"]) \
            == sorted(game.state.deck + [c for c in cards_of(game, 1) if game.cards[c].faction == "hirelings"])
        assert copy.legal_actions() == game.legal_actions()


def test_a_sample_redraws_the_face_down_cards() -> None:
    game = fog_game()
    placements = {tuple(c for b in sample(game, 0, random.Random(k)).state.battalions.values() if b.owner == 1
                        for c in b.cards) for k in range(20)}
    assert len(placements) > 5


def test_face_up_cards_and_open_games_keep_their_places() -> None:
    game = fog_game()
    opponent = [c for b in game.state.battalions.values() if b.owner == 1 for c in b.cards]
    with edit(game) as s:
        s.revealed = frozenset(opponent)
    assert sample(game, 0, random.Random(1)).state.battalions == s.battalions
    standard = dw.Game.new("standard", seed=1, placement="fixed")
    copy = standard.clone()
    redraw(copy, 0, random.Random(1))
    assert copy.state.battalions == standard.state.battalions
    assert sorted(copy.state.deck) == sorted(standard.state.deck) and copy.state.deck != standard.state.deck


def telling_positions(count: int = 3, seed: int = 3) -> list[tuple[dw.Game, dw.Game]]:
    """Positions where swapping two of the opponent's face-down cards changes what a peeking bot would do."""
    peek = GreedyAgent(seed=3).scores
    out = []
    for decisions in range(40, 400, 5):
        game = fog_game(decisions, seed)
        if game.is_over:
            break
        other = twin(game, 0)
        if max(peek(game)) != max(peek(other)):
            out.append((game, other))
            if len(out) == count:
                break
    assert len(out) == count, "no positions where the hidden cards matter: the search needs a new seed"
    return out


@pytest.mark.parametrize("make", [lambda: GreedyAgent(seed=3), lambda: MCTSAgent(seed=3, iterations=40, margin=0)])
def test_agents_choose_from_what_they_may_see(make: Callable[[], Agent]) -> None:
    for game, other in telling_positions():
        assert other.view(0)["battalions"] == game.view(0)["battalions"]
        assert make().act(game) == make().act(other), f"after {len(game.history)} decisions"
