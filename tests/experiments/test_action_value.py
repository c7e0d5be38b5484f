"""A card action's counterfactual value (experiments.action_value, studies/action_value.py), smallest sample."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from dictator_widget.experiments import action_value


def test_judges_a_battle_action_and_a_maneuvers_action_with_the_bots_parameters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rows.csv"
    action_value.main(["--abilities", "acceleration,sprint", "--games", "40", "--positions", "2",
                       "--continuations", "2", "--greedy", "greedy:curve=0:energy=0.6", "--csv", str(out)])
    rows = pd.read_csv(out)
    assert sorted(rows["ability"].unique()) == ["acceleration", "sprint"]
    assert not rows.loc[rows["ability"] == "sprint", "in_battle"].any()
    assert rows.loc[rows["ability"] == "acceleration", "in_battle"].all()
    printed = capsys.readouterr().out
    assert "outside a battle" in printed and "acceleration" in printed


def test_refuses_bots_that_are_not_greedy() -> None:
    with pytest.raises(SystemExit):
        action_value.main(["--greedy", "mcts:iterations=5"])
