"""The same seed gives the same game: every golden record replays to its stored hash.

The hashes were written before the engine-core refactoring (issue 20) and are rewritten only for a
deliberate change of behaviour: ``python -m tests.golden.records --write`` (see tests/golden/README.md).
"""

from __future__ import annotations

import json

import pytest

from tests.golden.records import FILE, MODES, games, key, play

STORED: dict[str, str] = json.loads(FILE.read_text())


@pytest.mark.parametrize("mission", MODES)
def test_every_golden_game_replays_to_its_record(mission: str) -> None:
    mine = [g for g in games() if g[0] == mission]
    assert mine and all(key(*g) in STORED for g in mine)
    differ = [key(*g) for g in mine if play(*g) != STORED[key(*g)]]
    assert not differ, f"{len(differ)} of {len(mine)} games differ from their golden record, first {differ[:3]}"


def test_the_records_are_the_games_replayed() -> None:
    """Every stored record is replayed here and in tests/test_compiled.py, and nothing else is."""
    assert {key(*g) for g in games()} == set(STORED) and len(STORED) == 990


def test_the_record_hash_sees_a_changed_game() -> None:
    import dictator_widget as dw
    from tests.golden.records import record_hash
    a, b = dw.Game.new(seed=3), dw.Game.new(seed=3)
    assert record_hash(a) == record_hash(b)
    b.apply(b.legal_actions()[-1])
    assert record_hash(a) != record_hash(b)
