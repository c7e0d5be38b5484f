"""What a seat cannot see, drawn afresh: how bots and a seat's odds avoid peeking.

A bot, or the odds shown to a seat, must come from what that seat may see
(``game.view(player)``), yet the engine holds everything. :func:`redraw`
replaces the unseen part of a copy with a sample that agrees with everything
the player can see:

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
>>> from dictator_widget.engine.game import Game
>>> game = Game.new("fog-of-war", seed=1, placement="fixed")
>>> copy = sample(game, 0, random.Random(5))
>>> copy.view(0)["battalions"] == game.view(0)["battalions"]
True
>>> sorted(c for b in copy.state.battalions.values() if b.owner == 1 for c in b.cards) == sorted(
...     c for b in game.state.battalions.values() if b.owner == 1 for c in b.cards)
True
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING

from .errors import DictatorError

if TYPE_CHECKING:
    from .game import Game

HIRELINGS = "hirelings"


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
        battalions = dict(s.battalions)
        for (label, i), card in zip(where, drawn, strict=True):
            bat = battalions[label]
            battalions[label] = bat._replace(cards=bat.cards[:i] + (card,) + bat.cards[i + 1:])
        s.battalions = battalions


def twin(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` (history kept) in which what ``player`` may not know is permuted: another
    player's face-down cards among their face-down slots, the Hireling deck, and, while armies are
    dealt in secret (Triumvirate, Dissension), the other players' hands among themselves and the
    cards set aside. Everything ``player`` observes must be the same in both (the swap test).
    """
    copy = game.clone()
    redraw(copy, player, rng)
    s = copy.state
    if game.mission.deal is not None and any(s.hands):
        others = [q for q in range(len(s.hands)) if q != player]
        pool = sorted([c for q in others for c in s.hands[q]] + [c for c in s.aside
                                                                  if game.cards[c].faction != HIRELINGS])
        rng.shuffle(pool)
        hands = [list(h) for h in s.hands]
        for q in others:
            hands[q], pool = sorted(pool[: len(hands[q])]), pool[len(hands[q]):]
        s.hands = hands
        s.aside = pool + [c for c in s.aside if game.cards[c].faction == HIRELINGS]
    return copy


def observation(game: Game, player: int, since: int = 0) -> str:
    """Everything ``player`` observes now, as one JSON text: their view (who owes which decision,
    their options), the log from event ``since`` as they read it, and the refusals of a few actions
    they might try."""
    view = game.view(player)
    log = [e.to_json(player) for e in game.log[since:]]
    probes = ("pass", "end-turn", "energy", "roll", "skip-roll")
    refusals = []
    for text in probes:
        try:
            game.parse_action(text)
            refusals.append("")
        except DictatorError as exc:
            refusals.append(str(exc))
    return json.dumps({"view": view, "log": log, "refusals": refusals}, sort_keys=True, ensure_ascii=False)
