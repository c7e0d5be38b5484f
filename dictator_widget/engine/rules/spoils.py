"""The spoils of a captured Guild (R26): a Hireling or 1 Energy, and the discard of a card too many."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action
from .state import Battalion
from .vocabulary import Step

if TYPE_CHECKING:
    from .table import Table


def options(g: Table) -> list[Action]:
    """R26: what the winner of a Guild may take: the Hireling (or one of the top cards, after
    Argus's Big Brother), or 1 Energy."""
    s = g.state
    b = s.battle
    assert b is not None
    out: list[Action] = []
    if b.pick > 1:
        out += [Action("hire", card=c) for c in s.deck[: b.pick]]
    elif s.deck:
        out.append(Action("hireling"))
    out.append(Action("energy"))
    return out


def reward(g: Table, act: Action) -> None:
    """R26: a Hireling from the deck, or 1 Energy instead."""
    s = g.state
    assert s.pending is not None
    label = s.pending
    owner = s.battalions[label].owner
    if act.kind == "energy":
        g.record("energy_reward", player=owner)
        g.gain(owner, 1)
        g.end_activation()
        return
    card = s.deck[0] if act.kind == "hireling" else act.card
    if len(s.battalions[label].cards) < g.rules.battalion_size:
        _hire(g, label, card)
        g.end_activation()
    else:                                         # R26: a fourth card; one goes to the Dump
        s.hiring, s.step = card, Step.DISCARD


def _hire(g: Table, label: str, card: str) -> None:
    s = g.state
    s.deck = s.deck.minus(card)
    bat = s.battalions[label]
    s.battalions = s.battalions.set(label, Battalion(label, bat.owner, bat.sector, bat.cards + (card,)))
    g.record("hireling", card=card, battalion=label)


def discard_options(g: Table) -> list[Action]:
    """The cards the battalion may put into the Dump: any of its own, or the new Hireling."""
    s = g.state
    assert s.pending is not None and s.hiring is not None
    return [Action("discard", card=c) for c in s.battalions[s.pending].cards + (s.hiring,)]


def discard(g: Table, card: str) -> None:
    """R26: a battalion that would hold too many cards puts one into the Dump (the new one or another)."""
    s = g.state
    assert s.pending is not None and s.hiring is not None
    g.record("discard", battalion=s.pending, card=card)
    if card == s.hiring:
        s.deck = s.deck.minus(card)
        s.dump = s.dump.plus(card)
    else:
        g.discard(s.pending, card, logged=False)      # the "discard" event above tells it: logged once
        _hire(g, s.pending, s.hiring)
    s.hiring = None
    g.end_activation()
