"""dictator-sim: headless batches to CSV and Parquet."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from dictator_widget.experiments.cli import main


def test_cli_writes_csv_and_prints_metrics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "results.csv"
    assert main(["--mission", "standard", "--agents", "greedy,random", "--games", "6", "--out", str(out),
                 "--workers", "1"]) == 0
    table = pd.read_csv(out)
    assert len(table) == 6 and {"seed", "winner", "winner_agent", "end_reason", "turns", "decisions"} <= set(table)
    text = capsys.readouterr().out
    assert "Win rate per agent" in text and "wrote 6 games" in text


def test_cli_writes_parquet(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    out = tmp_path / "results.parquet"
    assert main(["--agents", "random,random", "--games", "4", "--out", str(out), "--quiet", "--turn-cap", "10"]) == 0
    assert len(pd.read_parquet(out)) == 4


def test_cli_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--agents", "greedy,nobody", "--games", "2", "--quiet"]) == 2
    assert "unknown agent" in capsys.readouterr().err
    assert main(["--games", "2", "--out", str(tmp_path / "x.xlsx")]) == 2


def test_console_script_is_installed(tmp_path: Path) -> None:
    exe = shutil.which("dictator-sim") or str(Path(__file__).parents[2] / ".venv" / "bin" / "dictator-sim")
    if not Path(exe).exists():
        pytest.skip("dictator-sim is not installed")
    done = subprocess.run([exe, "--games", "3", "--quiet", "--out", str(tmp_path / "r.csv")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(pd.read_csv(tmp_path / "r.csv")) == 3
