"""What a player cannot see, drawn afresh: the agents' way of not peeking.

A bot must choose from what its seat may see (``game.view(player)``), yet
the engine holds everything. :func:`redraw` replaces the unseen part of a
copy with a sample that agrees with everything the player can see:

- the Hireling deck lies face down, so its order is shuffled (not while a
  Guild's reward or a discard is being chosen: the chooser is shown cards);
- in Fog of War (M4) another player's face-down cards are unknown. What is
  known is that player's army (the mission deals fixed armies, and every
  hire is announced), how many cards each battalion holds and which of them
  are damaged (the marks stay visible). So each opponent's face-down cards
  of one faction change places among that opponent's face-down slots of
  that faction, and its face-down Hirelings are drawn from them together
  with the deck. Cards fighting the current battle are face up (M4) and stay.

Pools are sorted before the shuffle, so the sample depends on what the
player sees and the random source only: two games that look the same to the
player give it the same sample.

>>> import random
>>> from dictator_widget import Game
>>> game = Game.new("fog-of-war", seed=1)
>>> copy = sample(game, 0, random.Random(5))
>>> copy.view(0)["battalions"] == game.view(0)["battalions"]
True
>>> sorted(c for b in copy.state.battalions.values() if b.owner == 1 for c in b.cards) == sorted(
...     c for b in game.state.battalions.values() if b.owner == 1 for c in b.cards)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Game

HIRELINGS = "hirelings"


def as_seen(game: Game, rng: random.Random) -> Game:
    """The game as its player to move may see it: ``game`` itself when no card on the map is face down,
    else a :func:`sample` (what a bot scores its moves on)."""
    player = game.current_player
    if not game.mission.hidden or player is None:
        return game
    return sample(game, player, rng)


def sample(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` (without history) in which what ``player`` cannot see is drawn afresh."""
    copy = game.clone(history=False)
    redraw(copy, player, rng)
    return copy


def redraw(game: Game, player: int, rng: random.Random) -> None:
    """Draw afresh, in place, what ``player`` cannot see in ``game`` (a copy of the real one)."""
    s = game.state
    deck_hidden = len(s.deck) > 1 and s.step not in ("reward", "discard")
    if game.mission.hidden:
        _redraw_face_down(game, player, rng, deck_hidden)
    if deck_hidden:
        s.deck = sorted(s.deck)
        rng.shuffle(s.deck)


def _redraw_face_down(game: Game, player: int, rng: random.Random, deck_hidden: bool) -> None:
    s = game.state
    fighting = set(s.battle.sides) if s.battle is not None else set()
    slots: dict[tuple[int, str], list[tuple[str, int]]] = {}     # (owner, faction) -> [(battalion, index)]
    for bat in s.battalions.values():
        if bat.owner == player or bat.label in fighting:
            continue
        for i, card in enumerate(bat.cards):
            if card not in s.revealed:
                slots.setdefault((bat.owner, game.cards[card].faction), []).append((bat.label, i))
    for (_, faction), where in sorted(slots.items()):
        hidden = [s.battalions[label].cards[i] for label, i in where]
        hurt = [card in s.damaged for card in hidden]
        from_deck = faction == HIRELINGS and deck_hidden
        pool = sorted(hidden + s.deck) if from_deck else sorted(hidden)
        rng.shuffle(pool)
        drawn, rest = pool[: len(hidden)], pool[len(hidden):]
        if from_deck:
            s.deck = rest
        s.damaged = (s.damaged - set(hidden)) | {card for card, h in zip(drawn, hurt, strict=True) if h}
        for (label, i), card in zip(where, drawn, strict=True):
            bat = s.battalions[label]
            s.battalions[label] = bat._replace(cards=bat.cards[:i] + (card,) + bat.cards[i + 1:])
