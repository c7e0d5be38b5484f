"""Test helpers: a position in one call (through the public Scenario API), legal notations."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import dictator_widget as dw


def position(
    battalions: Mapping[str, tuple[str, Iterable[str]]],
    *,
    guilds: Iterable[str] = (),
    energy: Iterable[int] | None = None,
    deck: Iterable[str] | None = None,
    damaged: Iterable[str] = (),
    player: int = 0,
    dice: Iterable[int] = (),
) -> dw.Game:
    """A Standard game at the start of ``player``'s turn, with these battalions.

    ``battalions`` maps a label (A.. for player 0, B.. for player 1) to its
    sector and cards; no Guild tokens unless given; scripted ``dice`` first.
    """
    hurt = set(damaged)
    return dw.Game.from_scenario(dw.Scenario(
        battalions={label: {"sector": sector, "cards": list(cards), "damaged": [c for c in cards if c in hurt]}
                    for label, (sector, cards) in battalions.items()},
        guilds=list(guilds), energy=list(energy) if energy is not None else None,
        deck=list(deck) if deck is not None else None, player=player, dice=list(dice)))


def notations(game: dw.Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def play(game: dw.Game, *moves: str) -> list[dw.Event]:
    """Apply moves in order; returns all their events."""
    events: list[dw.Event] = []
    for m in moves:
        events += game.apply(m)
    return events
