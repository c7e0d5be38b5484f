"""Ending a game by the players' word: a seat resigns, or offers a draw that the others accept or decline.

These are *table actions*, not decisions of the game: :meth:`Game.table_actions` lists them, never
``legal_actions()``, so bots, OpenSpiel and PettingZoo keep their action spaces. ``Game.apply`` takes them
like any decision; they are recorded in the history, so a save replays them exactly, and undo takes them
back. Each names its seat (from 0): ``resign 1``, ``offer-draw 0``, ``accept-draw 1``, ``decline-draw 1``.

- A seat may **resign** at any of its decisions. With two players the other wins (end reason
  ``resigned``); with more, its battalions leave the map, between its activations only, and the turn
  passes; the last player left wins.
- A seat may **offer a draw** at any of its decisions, when no offer stands. The offer is public. Every
  other player still in the game may accept or decline it at any time; when all have accepted, the game
  ends with no winner (``agreed-draw``). A decline withdraws it, and so does the first decision of the game
  made by another player while it stands (it lapses, as a chess offer does with the next move).

>>> from dictator_widget import Game
>>> game = Game.new("standard", seed=7, placement="fixed")
>>> [str(a) for a in game.table_actions()]
['resign 0', 'offer-draw 0']
>>> _ = game.apply("offer-draw 0")
>>> [str(a) for a in game.table_actions(1)], game.state.offer
(['accept-draw 1', 'decline-draw 1'], (0, ()))
>>> _ = game.apply("accept-draw 1")
>>> game.end_reason, game.winner, game.log[-1].text("en")
('agreed-draw', None, 'Game over: no winner (the players agreed a draw).')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, make
from .vocabulary import SETUP_STEPS, EndReason, Kind

if TYPE_CHECKING:
    from .table import Table


def options(t: Table, player: int | None, current: int | None) -> list[Action]:
    """The table actions open now to ``player`` (None: to every seat); ``current`` owes the decision."""
    s = t.state
    if s.outcome is not None or s.awaiting is not None or s.step in SETUP_STEPS:
        return []
    alive = {b.owner for b in s.battalions.values()}
    out = []
    for p in range(t.rules.players) if player is None else (player,):
        if p == current:
            if t.rules.players == 2 or (s.step == "activation" and s.active is None):
                out.append(make(Kind.RESIGN, target=str(p)))
            if s.offer is None:
                out.append(make(Kind.OFFER_DRAW, target=str(p)))
        if s.offer is not None and p != s.offer[0] and p in alive and p not in s.offer[1]:
            out += [make(Kind.ACCEPT_DRAW, target=str(p)), make(Kind.DECLINE_DRAW, target=str(p))]
    return out


def resign(t: Table, act: Action) -> None:
    s = t.state
    p = int(act.target)
    t.record("resign", player=p)
    s.offer = None
    if t.rules.players == 2:
        t.finish(EndReason.RESIGNED, 1 - p)
        return
    for label in [label for label, b in s.battalions.items() if b.owner == p]:
        t.remove_battalion(label)
    alive = {b.owner for b in s.battalions.values()}
    if len(alive) == 1:
        t.finish(EndReason.RESIGNED, alive.pop())
    else:
        t.end_turn()


def offer(t: Table, act: Action) -> None:
    t.state.offer = (int(act.target), ())
    t.record("draw_offer", player=int(act.target))


def accept(t: Table, act: Action) -> None:
    s = t.state
    assert s.offer is not None
    by, yes = s.offer[0], (*s.offer[1], int(act.target))
    t.record("draw_accept", player=int(act.target))
    if {b.owner for b in s.battalions.values()} - {by} <= set(yes):
        s.offer = None
        t.finish(EndReason.AGREED_DRAW, None)
    else:
        s.offer = (by, yes)


def decline(t: Table, act: Action) -> None:
    t.state.offer = None
    t.record("draw_decline", player=int(act.target))


def lapse(t: Table, owner: int | None) -> None:
    """A decision of the game by ``owner``: an offer of another player's lapses."""
    offered = t.state.offer
    if offered is not None and owner != offered[0]:
        t.state.offer = None
        t.record("draw_lapse", player=offered[0])
