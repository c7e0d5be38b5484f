"""A learned evaluation: each player's chance of winning from a position, by logistic regression.

The material count in :mod:`heuristics` weighs cards, Energy and battalions by
hand. This module weighs the same kind of facts by what they were worth in
real games: ``scripts/fit_value.py`` plays 20,000 Greedy-against-Greedy
games, records the :data:`FACTS` of every player and the cards it holds at the
start of every turn and the game's result, and fits a logistic regression on
the differences between a player and its strongest opponent: a weight per
fact, and a worth per card, sound and damaged (what a card's actions are worth
is not in its Strength). The weights live in ``value_weights.json`` next to
this file (model parameters, not game content), with the data they came from.

>>> from dictator_widget import Game
>>> values = win_chances(Game.new("standard", seed=1, placement="fixed"))
>>> len(values), round(sum(values), 6), all(0 < v < 1 for v in values)
(2, 1.0, True)
"""

from __future__ import annotations

import json
from functools import cache
from math import exp
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from . import heuristics as h

if TYPE_CHECKING:
    from ..engine import Game

FACTS = (
    "strength",        # Strength of the cards in its battalions
    "undamaged",       # undamaged cards (each stands between a battalion and annihilation)
    "battalions",      # battalions on the map
    "fragile",         # battalions down to their last undamaged card
    "energy",          # Energy
    "actions",         # cards with actions
    "boost",           # Strength its actions could add to its best battalion in a battle
    "threat",          # expected loss to the attacks open to the player to move
    "distance",        # steps from each of its battalions to the nearest enemy battalion
    "top",             # Strength of its strongest battalion
    "guilds",          # Guilds nearer to one of its battalions than to any rival's
)
"""The facts of one player's position the evaluation weighs, in the order of the weights."""

FEATURES = (*FACTS, "cards")
""":data:`FACTS` and the fitted worth of the cards the player holds (which enters the log-odds as it is)."""

(STRENGTH, UNDAMAGED, BATTALIONS, FRAGILE, ENERGY, ACTIONS, BOOST, THREAT, DISTANCE, TOP,
 GUILDS, CARDS) = range(len(FEATURES))

WEIGHTS_FILE = Path(__file__).with_name("value_weights.json")


def features(game: Game) -> list[list[float]]:
    """Per player, the :data:`FEATURES` of ``game``: its facts and the worth of its cards.

    >>> from dictator_widget import Game
    >>> f = features(Game.new("standard", seed=1, placement="fixed"))
    >>> len(f), len(f[0]), f[0][FEATURES.index("battalions")]
    (2, 12, 3.0)
    """
    out = facts(game)
    worth = weights().cards
    for p, held in enumerate(held_cards(game)):
        out[p].append(sum(worth.get(card, _NONE)[damaged] for card, damaged in held))
    return out


_NONE = (0.0, 0.0)


def held_cards(game: Game) -> list[list[tuple[str, int]]]:
    """Per player, each card it holds on the map as (card, 1 if damaged else 0); a second set's copy
    (Double Strike, ``T01b``) counts as the card it copies.

    >>> from dictator_widget import Game
    >>> held_cards(Game.new("standard", seed=1, placement="fixed"))[0][:2]
    [('T01', 0), ('T02', 0)]
    """
    s = game.state
    damaged = s.damaged
    original = game.cards.original
    out: list[list[tuple[str, int]]] = [[] for _ in range(game.num_players)]
    for bat in s.battalions.values():
        out[bat.owner].extend((original[c], 1 if c in damaged else 0) for c in bat.cards)
    return out


def facts(game: Game) -> list[list[float]]:
    """Per player, the raw :data:`FACTS` of ``game``."""
    s = game.state
    n = game.num_players
    out = [[0.0] * len(FACTS) for _ in range(n)]
    risk = h.threats(game)
    steps = game.geometry.steps
    cards = game.cards
    bats = list(s.battalions.values())
    for bat in bats:
        f = out[bat.owner]
        sound = h.undamaged(game, bat)
        strength = h.base_strength(game, bat.cards)
        f[STRENGTH] += strength
        f[ACTIONS] += sum(1 for c in bat.cards if cards[c].actions)
        f[UNDAMAGED] += sound
        f[BATTALIONS] += 1
        if sound == 1:
            f[FRAGILE] += 1
        f[BOOST] = max(f[BOOST], h.potential(game, bat.cards, (), s.energy[bat.owner], True))
        f[TOP] = max(f[TOP], strength)
        here = steps[bat.sector]
        f[DISTANCE] += min((here[o.sector] for o in bats if o.owner != bat.owner), default=0)
    for g in s.guilds:
        near = [99] * n
        here = steps[g]
        for bat in bats:
            d = here[bat.sector]
            if d < near[bat.owner]:
                near[bat.owner] = d
        best = min(near)
        if best < 99 and near.count(best) == 1:
            out[near.index(best)][GUILDS] += 1
    for p in range(n):
        out[p][ENERGY] = s.energy[p]
        out[p][THREAT] = risk[p]
    return out


class Weights(NamedTuple):
    facts: tuple[float, ...]                  # one per fact
    to_move: float                            # being the player to move
    cards: dict[str, tuple[float, float]]     # per card: its worth sound, and damaged


@cache
def weights() -> Weights:
    """The fitted weights of :data:`FACTS`, of being the player to move, and the worth of each card."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    if tuple(data["facts"]) != FACTS:
        raise ValueError(f"{WEIGHTS_FILE.name} was fitted for facts {data['facts']}, not {list(FACTS)}")
    cards = {c: (float(sound), float(hurt)) for c, (sound, hurt) in data["cards"].items()}
    return Weights(tuple(float(w) for w in data["weights"]), float(data["to_move"]), cards)


def logit(mine: list[float], theirs: list[float], to_move: int) -> float:
    """The log-odds of winning for a player with features ``mine`` against ``theirs``.

    ``to_move`` is 1 when the player moves next, -1 when the opponent does, 0 otherwise.
    """
    w = weights()
    z = sum(wi * (mine[i] - theirs[i]) for i, wi in enumerate(w.facts))
    return z + mine[CARDS] - theirs[CARDS] + w.to_move * to_move


def win_chances(game: Game) -> list[float]:
    """Every player's chance of winning, in [0, 1] and summing to 1; exact once the game is over."""
    n = game.num_players
    if game.is_over:
        w = game.winner
        return [1.0 / n] * n if w is None else [1.0 if p == w else 0.0 for p in range(n)]
    f = features(game)
    alive = [p for p in range(n) if f[p][BATTALIONS] > 0]
    mover = game.state.player
    strength = [0.0] * n
    for p in alive:
        rival = max((q for q in alive if q != p), key=lambda q: f[q][STRENGTH] + f[q][UNDAMAGED], default=None)
        if rival is None:
            strength[p] = 1.0
            continue
        z = logit(f[p], f[rival], 1 if p == mover else -1 if rival == mover else 0)
        strength[p] = 1.0 / (1.0 + exp(-max(-30.0, min(30.0, z))))
    total = sum(strength)
    return [v / total for v in strength] if total > 0 else [1.0 / n] * n
