"""Test helpers: arranging a position for a rule test, reading legal actions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import dictator_widget as dw
from dictator_widget.engine.dice import Dice
from dictator_widget.engine.state import Battalion


def arrange(
    game: dw.Game,
    battalions: Mapping[str, tuple[str, Iterable[str]]],
    *,
    guilds: Iterable[str] = (),
    energy: Iterable[int] | None = None,
    deck: Iterable[str] | None = None,
    damaged: Iterable[str] = (),
    player: int = 0,
    dice: Iterable[int] = (),
) -> dw.Game:
    """Put ``game`` in a chosen position at the start of ``player``'s turn.

    ``battalions`` maps a label (A.. for player 0, B.. for player 1) to its
    sector and cards. Every card not placed goes to the deck (if listed) or aside.
    """
    s = game.state
    s.battalions.clear()
    s.at.clear()
    placed: set[str] = set()
    for label, (sector, cards) in battalions.items():
        owner = "ABCD".index(label[0])
        s.battalions[label] = Battalion(label, owner, sector, tuple(cards))
        s.at[sector] = label
        placed.update(cards)
    s.guilds = set(guilds)
    if energy is not None:
        s.energy = list(energy)
    if deck is not None:
        s.deck = list(deck)
        placed.update(s.deck)
    s.dump = []
    s.aside = [c for c in game.cards if c not in placed]
    s.damaged = set(damaged)
    s.order = tuple(range(game.num_players))
    s.seat = player
    s.acted.clear()
    s.used.clear()
    s.active, s.moved, s.battle, s.step, s.pending, s.outcome = None, False, None, "activation", None, None
    s.dice = Dice(12345, tuple(dice))
    game._history.clear()
    game._legal = game._by_text = game._ids = None
    return game


def notations(game: dw.Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def play(game: dw.Game, *moves: str) -> list[dw.Event]:
    """Apply moves in order; returns all their events."""
    events: list[dw.Event] = []
    for m in moves:
        events += game.apply(m)
    return events
