"""What a seat cannot see, drawn afresh: how bots and a seat's odds avoid peeking.

A bot, or the odds shown to a seat, must come from what that seat may see
(``game.view(player)``), yet the engine holds everything. :func:`redraw`
replaces the unseen part of a copy with a sample that agrees with everything
the player can see, and is drawn from nothing else:

- the Hireling deck lies face down, so its order is shuffled (not while a
  Guild's reward or a discard is being chosen: the chooser is shown cards);
- in Fog of War (M4) another player's face-down cards, and the cards still in
  their hand while battalions are formed, are unknown. Card backs are alike
  (docs/decisions.md), so a face-down slot tells nobody its card's faction.
  What is public: how many cards each battalion holds and which slots are
  damaged (the marks stay), how many Hirelings each player holds unseen (every
  hire is announced, every card that leaves goes to the Dump face up) and,
  unless armies were dealt in secret (Triumvirate, Dissension), which other
  cards each player holds: their army, or the cards they drafted in the open.
  So each opponent's unseen places get that opponent's known cards and their
  number of Hirelings drawn from all unseen Hirelings (the deck's among them),
  in an order drawn at random; dealt armies draw their other cards from all
  unseen faction cards (the other opponents' and those set aside). Cards
  face up now (fighting a battle, just revealed) stay where they are.

Pools are sorted before the shuffle, so the sample depends on what the
player sees and the random source only: two games that look the same to the
player give it the same sample (``tests/test_hidden_information.py`` checks
this, and the distributions of samples, on pairs of such games).

>>> import random
>>> from dictator_widget.engine.rules.game import Game
>>> game = Game.new("fog-of-war", seed=1, placement="fixed")
>>> copy = sample(game, 0, random.Random(5))
>>> copy.view(0)["battalions"] == game.view(0)["battalions"]
True
>>> sorted(c for b in copy.state.battalions.values() if b.owner == 1 for c in b.cards) == sorted(
...     c for b in game.state.battalions.values() if b.owner == 1 for c in b.cards)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..rules.errors import DictatorError
from ..rules.fields import FrozenDict, FrozenList
from .view import view as view_of
from .view import visible_cards

if TYPE_CHECKING:
    from ..rules.game import Game

HIRELINGS = "hirelings"
Place = tuple[str, int]
"""Where an unseen card lies: (a battalion's label, slot) or ("", index in the owner's hand)."""


def sample(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` (without history) in which what ``player`` cannot see is drawn afresh."""
    copy = game.clone(history=False)
    redraw(copy, player, rng)
    return copy


def redraw(game: Game, player: int, rng: random.Random) -> None:
    """Draw afresh what ``player`` cannot see in ``game`` (a copy of the real one: its position is replaced)."""
    from ..rules.game import edit

    deck_hidden = len(game.state.deck) > 1 and game.state.step not in ("reward", "discard")
    if not (game.mission.hidden or deck_hidden):
        return
    with edit(game) as s:
        if game.mission.hidden:
            _redraw_unseen(game, player, rng, deck_hidden)
        else:
            deck = sorted(s.deck)
            rng.shuffle(deck)
            s.deck = FrozenList(deck)


def _unseen_places(game: Game, player: int) -> dict[int, list[Place]]:
    """Each other player's places holding a card ``player`` does not see, in the view's order."""
    s = game.state
    seen = visible_cards(game, player)
    places: dict[int, list[Place]] = {}
    for bat in s.battalions.values():
        if bat.owner != player:
            for i, card in enumerate(bat.cards):
                if card not in seen:
                    places.setdefault(bat.owner, []).append((bat.label, i))
    for q, hand in enumerate(s.hands):
        if q != player and hand:
            places.setdefault(q, []).extend(("", i) for i in range(len(hand)))
    return places


def _redraw_unseen(game: Game, player: int, rng: random.Random, deck_hidden: bool) -> None:
    s = game.state
    places = _unseen_places(game, player)
    hands = [list(h) for h in s.hands]

    def card_at(q: int, place: Place) -> str:
        label, i = place
        return s.battalions[label].cards[i] if label else hands[q][i]

    def hireling(card: str) -> bool:
        return game.cards[card].faction == HIRELINGS

    held = {q: [card_at(q, x) for x in xs] for q, xs in sorted(places.items())}
    dealt = game.mission.deal is not None
    hirelings = sorted([c for cs in held.values() for c in cs if hireling(c)] + (s.deck if deck_hidden else []))
    rng.shuffle(hirelings)
    aside = [c for c in s.aside if not hireling(c)] if dealt else []
    others = sorted([c for cs in held.values() for c in cs if not hireling(c)] + aside)
    rng.shuffle(others)
    new: dict[Place, str] = {}
    renamed: dict[str, str] = {}
    hurt: set[str] = set()
    for q, cards in held.items():
        n = sum(1 for c in cards if hireling(c))
        mine, hirelings = hirelings[:n], hirelings[n:]
        if dealt:
            mine, others = mine + others[: len(cards) - n], others[len(cards) - n:]
        else:
            mine += sorted(c for c in cards if not hireling(c))
        mine.sort()
        rng.shuffle(mine)
        for place, old, card in zip(places[q], cards, mine, strict=True):
            new[place] = renamed[old] = card
            if old in s.damaged:
                hurt.add(card)
            if not place[0]:
                hands[q][place[1]] = card
    if deck_hidden:
        s.deck = FrozenList(hirelings)
    if dealt:
        s.aside = FrozenList(others + [c for c in s.aside if hireling(c)])
    s.hands = FrozenList(FrozenList(h) for h in hands)
    s.damaged = (s.damaged - set(renamed)) | hurt
    battalions = dict(s.battalions)
    for (label, i), card in new.items():
        if label:
            bat = battalions[label]
            battalions[label] = bat._replace(cards=bat.cards[:i] + (card,) + bat.cards[i + 1:])
    s.battalions = FrozenDict(battalions)
    if s.battle is not None and s.battle.damaged in renamed:
        s.battle.damaged = renamed[s.battle.damaged]


def twin(game: Game, player: int, rng: random.Random) -> Game:
    """A copy of ``game`` (history kept) in which what ``player`` may not know is permuted: another
    player's face-down cards among their face-down slots, the Hireling deck, and, while armies are
    dealt in secret (Triumvirate, Dissension), the other players' hands among themselves and the
    cards set aside. Everything ``player`` observes must be the same in both (the swap test).
    """
    from ..rules.game import edit

    copy = game.clone()
    redraw(copy, player, rng)
    if not game.mission.hidden and game.mission.deal is not None and any(copy.state.hands):
        with edit(copy) as s:
            others = [q for q in range(len(s.hands)) if q != player]
            pool = sorted([c for q in others for c in s.hands[q]] + [c for c in s.aside
                                                                      if game.cards[c].faction != HIRELINGS])
            rng.shuffle(pool)
            hands = [list(h) for h in s.hands]
            for q in others:
                hands[q], pool = sorted(pool[: len(hands[q])]), pool[len(hands[q]):]
            s.hands = FrozenList(FrozenList(h) for h in hands)
            s.aside = FrozenList(pool + [c for c in s.aside if game.cards[c].faction == HIRELINGS])
    return copy


def observation(game: Game, player: int, since: int = 0) -> dict[str, Any]:
    """Everything ``player`` observes now, as one JSON-ready value (compared with ``==``: a twelfth of the time
    of its JSON text, which took longer to write than the view to make): their view (who owes which decision,
    their options), the log from event ``since`` as they read it (English and Russian), and the
    refusals of a few actions they might try. The view's own log tail is left out: it is the log's
    last events, each compared in ``log`` when it was new."""
    view = view_of(game, player, tail=0)
    log = [e.to_json(player) for e in game.log[since:]]
    probes = ("pass", "end-turn", "energy", "roll", "skip-roll")
    refusals = []
    for text in probes:
        try:
            game.parse_action(text)
            refusals.append("")
        except DictatorError as exc:
            refusals.append(str(exc))
    return {"view": view, "log": log, "refusals": refusals}
