"""dictator-sim: headless batches to CSV and Parquet."""

from __future__ import annotations

import json
import shlex
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


def test_cli_runs_a_house_rule_study(tmp_path: Path) -> None:
    out = tmp_path / "house.csv"
    assert main(["--agents", "random,random", "--games", "3", "--workers", "1", "--quiet", "--turn-cap", "8",
                 "--variants", "guild_strength=4,siege_tokens=true", "--out", str(out)]) == 0
    variants = pd.read_csv(out)["variants"]
    assert all(json.loads(v) == {"guild_strength": 4, "siege_tokens": True} for v in variants)


def test_cli_refuses_a_bad_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--quiet", "--variants", "no_such_rule=1"]) == 2
    assert "no_such_rule" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--games", "2", "--variants", "guild_strength"])
    assert "is not name=value" in capsys.readouterr().err


def test_the_outlier_lines_are_shell_commands_that_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exe = shutil.which("dictator-sim") or str(Path(__file__).parents[2] / ".venv" / "bin" / "dictator-sim")
    if not Path(exe).exists():
        pytest.skip("dictator-sim is not installed")
    table = tmp_path / "my runs" / "sim.csv"
    table.parent.mkdir()
    assert main(["--agents", "greedy,random", "--games", "10", "--workers", "1", "--out", str(table)]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("dictator-sim replay ")]
    assert lines, "this batch has outliers (games 2 and 7)"
    row = int(shlex.split(lines[0])[3])
    command = lines[0].replace("dictator-sim", shlex.quote(exe), 1)
    done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / f"game-{row}.html").read_text(encoding="utf-8")
    decisions = int(pd.read_csv(table).loc[row, "decisions"])
    assert page.count('"action":') == decisions                 # one frame per decision of that row


def test_cli_replay_prints_the_log_and_refuses_a_missing_row(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "sim.csv"
    assert main(["--agents", "random,random", "--games", "2", "--workers", "1", "--quiet", "--turn-cap", "5",
                 "--out", str(table)]) == 0
    assert main(["replay", str(table), "1", "--lang", "ru"]) == 0
    assert "Инициатива" in capsys.readouterr().out
    assert main(["replay", str(table), "5"]) == 2
    assert "has rows 0..1, not 5" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none.csv"), "0"]) == 2
    assert "no table at" in capsys.readouterr().err
