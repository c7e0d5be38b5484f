"""What one Energy and one damage are worth (experiments.worth, studies/worth.py), on the smallest sample."""

from __future__ import annotations

import pytest

from dictator_widget.experiments import worth


def test_a_change_is_played_on_a_copy_and_leaves_the_position_as_it_was() -> None:
    """The state's containers are shared between a game and its clones (the engine replaces them): a
    probe that added to them in place changed the position for every later continuation."""
    position = worth.positions(1, seed=3, params={})[0]
    energy, damaged = list(position.state.energy), set(position.state.damaged)
    for change in worth.CHANGES:
        assert worth.play_on((position, change, 5, {})) in (0.0, 1.0, None)
    assert position.state.energy == energy and position.state.damaged == damaged


def test_prints_the_worth_per_faction(capsys: pytest.CaptureFixture[str]) -> None:
    worth.main(["--positions", "2", "--continuations", "1", "--workers", "1", "--greedy", "greedy:curve=3"])
    printed = capsys.readouterr().out
    assert "one Energy more" in printed and "an enemy card damaged" in printed and "2 positions" in printed
