"""The swap test on the wire: what the server sends a seat (every frame's traits) is the same in a twin game
where what that seat may not know is permuted (tests/swap.py's idea, applied to serve.rooms.SeatLink)."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.engine.views.hidden import twin
from dictator_widget.serve.rooms import SeatLink, SeatTable


async def _nothing(_message: dict[str, Any]) -> None:
    return None


def frames(game: dw.Game, seat: int | None) -> SeatLink:
    room = SimpleNamespace(game=game, bots={}, pace=0.0)
    link = SeatLink(room, seat or 0, _nothing)  # type: ignore[arg-type]
    if seat is None:                             # the hot-seat table (sees everything), for the negative check
        link.table = SeatTable(game, player=None, pace=0.0)
    return link


def wire(link: SeatLink) -> str:
    """The frame, but Undo's state: the twin permutes the Hireling deck in the position and not in the undo
    snapshots, so ``game.reveals()`` (deck before != deck after) says the twin's last decision drew a card."""
    traits = link.traits()
    for key in ("can_undo", "undo_block"):
        traits["view"].pop(key, None)
    return json.dumps(traits, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("mission", ["fog-of-war", "fog-of-war+triumvirate"])
def test_a_seats_frames_are_the_same_when_its_hidden_cards_are_permuted(mission: str) -> None:
    rng = random.Random(7)
    game = dw.Game.new(mission, seed=21, turn_cap=5)
    agents = [make_agent("random", seed=p) for p in range(game.num_players)]
    checked = told_apart = 0
    while not game.is_over:
        for seat in range(game.num_players):
            other = twin(game, seat, rng)
            mine, theirs = frames(game, seat), frames(other, seat)
            assert wire(mine) == wire(theirs), f"seat {seat} tells the twin apart at decision {len(game.history)}"
            checked += 1
            told_apart += wire(frames(game, None)) != wire(frames(other, None))   # the whole view would
        action = agents[game.current_player].act(game)
        game.apply(action)
    assert checked > 40
    assert told_apart > 0          # the check can fail: a table that sees everything tells the twins apart
