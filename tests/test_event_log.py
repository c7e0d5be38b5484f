"""The event log keeps events cheaply (made into ``Event``s when read) and reads exactly as events made at once."""

from __future__ import annotations

import gc
import random

import dictator_widget as dw
from dictator_widget.engine.rules.log import ALL, EventLog


def _play(game: dw.Game, seed: int, decisions: int) -> list[dw.Action]:
    rng = random.Random(seed)
    played = []
    for _ in range(decisions):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
        played.append(action)
    return played


def test_an_event_read_late_reads_as_it_did_when_it_happened() -> None:
    """Fog of War: who may read a face-down card is fixed when the event happens, not when it is read (cards
    turn face up later). One game is read after every decision, its twin only at the end: the same lines."""
    early, late = dw.Game.new("fog-of-war", seed=3), dw.Game.new("fog-of-war", seed=3)
    answers: list[tuple[EventLog, list[list[str]]]] = []
    rng = random.Random(3)
    while not early.is_over:
        action = rng.choice(early.legal_actions())
        read_now = early.apply(action)
        lines = [read_now.texts("en", v) for v in (None, 0, 1, ALL)]
        answers.append((late.apply(action), lines))
        assert [e.text("ru", 0) for e in early.log[len(early.log) - len(read_now):]] == read_now.texts("ru", 0)
    assert any("face-down" in line for _, lines in answers for line in lines[0])
    assert all([events.texts("en", v) for v in (None, 0, 1, ALL)] == lines for events, lines in answers)
    assert late.log.texts("ru", 1) == early.log.texts("ru", 1) and late.log == early.log


def test_an_answer_of_apply_stays_as_it_was_after_an_undo() -> None:
    game = dw.Game.new("standard", seed=8)
    _play(game, 8, 30)
    first, other = game.legal_actions()[0], game.legal_actions()[-1]
    events = game.apply(first)
    lines = events.texts("ru")
    game.undo()
    again = game.apply(other)
    assert events.texts("ru") == lines and again != events
    assert game.log[-len(again):] == list(again)
    last = game.apply(game.legal_actions()[0])
    assert last == game.log[-len(last):] and last != again


def test_reading_gives_the_same_event_and_copies_keep_their_own_log() -> None:
    game = dw.Game.new("standard", seed=2)
    _play(game, 2, 40)
    assert game.log[5] is game.log[5] and game.log[-1] is game.log[len(game.log) - 1]
    assert list(reversed(game.log)) == game.log[::-1] and game.log[3:7] == list(game.log)[3:7]
    copy = game.clone()
    n = len(game.log)
    _play(copy, 5, 10)
    assert len(game.log) == n < len(copy.log) and copy.log[:n] == list(game.log)
    copy.undo()
    assert game.log == copy.log[:n]


def test_plain_events_are_kept_as_objects_the_collector_skips() -> None:
    """Most events hold only strings and numbers: the log keeps them in dicts the garbage collector does not
    track (an ``Event`` per event, kept to the game's end, was one more object for every collection to walk)."""
    game = dw.Game.new("standard", seed=4)
    _play(game, 4, 400)
    kept = game.log._items
    assert len(kept) > 300
    assert sum(gc.is_tracked(item) for item in kept) < len(kept) / 4


def test_a_game_with_its_log_pickles_and_reads_the_same() -> None:
    """A process pool sends games by pickle; compiled (make compiled), the log's classes need their own reduce."""
    import pickle

    import dictator_widget as dw
    game = dw.Game.new("standard", seed=1)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    read = [e.text("ru") for e in game.log]
    again = pickle.loads(pickle.dumps(game))
    assert [e.text("ru") for e in again.log] == read and list(again.log) == list(game.log)
