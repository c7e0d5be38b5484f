"""benchmarks/action_value.py, the counterfactual of a card action's use, on the smallest sample."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
import action_value  # noqa: E402


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
