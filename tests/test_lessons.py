"""The lesson notebooks: each a lesson (goals, exercises, what a designer learns, en and ru), no test code in
the students' cells, and notebook 04's card really in play."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.experiments import metrics

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("0[1-6]-*.ipynb"))
SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))


def cells(path: Path, kind: str) -> list[dict[str, Any]]:
    return [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == kind]


def text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def test_the_six_lessons_and_their_answers_are_there() -> None:
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03", "04", "05", "06"]
    assert [p.name[:2] for p in SOLUTIONS] == ["03", "04", "05", "06"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_notebook_is_a_lesson_in_both_languages(path: Path) -> None:
    prose = "\n".join(text(c) for c in cells(path, "markdown"))
    for heading in ("## Goals / Цели", "## Exercises / Упражнения", "## What a designer learns from this"):
        assert heading in prose, f"{path.name} has no '{heading}'"
    cyrillic = sum(1 for ch in prose if "а" <= ch.lower() <= "я")
    latin = sum(1 for ch in prose if "a" <= ch.lower() <= "z")
    assert cyrillic > latin / 3, f"{path.name}: too little Russian ({cyrillic} Cyrillic, {latin} Latin letters)"
    assert not re.search(r"\b(ты|тебя|тебе|твой|твоим|твоего|твоё|твои)\b", prose, re.IGNORECASE), \
        f"{path.name}: the Russian addresses the reader as «вы», never «ты»"


@pytest.mark.parametrize("path", LESSONS + SOLUTIONS, ids=lambda p: p.name)
def test_no_test_code_in_the_students_cells(path: Path) -> None:
    for cell in cells(path, "code"):
        source = text(cell)
        assert not re.search(r"^\s*assert\b", source, re.MULTILINE), f"{path.name}: an assert in a cell"
        assert "noqa" not in source and "type: ignore" not in source, f"{path.name}: a lint comment in a cell"


@pytest.mark.parametrize("path", LESSONS + SOLUTIONS, ids=lambda p: p.name)
def test_notebooks_are_stored_with_their_outputs(path: Path) -> None:
    code = cells(path, "code")
    assert all(c.get("execution_count") for c in code), f"{path.name}: a cell was never run"
    assert any(c.get("outputs") for c in code)


def teachers_card() -> str:
    """The TOML of notebook 04's card, read from its cell (the CARD string)."""
    cell = next(c for c in cells(NOTEBOOKS / "04-design-a-card.ipynb", "code")
                if "teacher-card" in c.get("metadata", {}).get("tags", []))
    tree = ast.parse(text(cell))
    value = next(n.value for n in tree.body if isinstance(n, ast.Assign)
                 and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "CARD")
    return str(ast.literal_eval(value))


def test_notebook_04s_card_is_played_and_changes_the_ablation_figure(tmp_path: Path) -> None:
    (tmp_path / "card.toml").write_text(teachers_card(), encoding="utf-8")
    mine = dw.simulate("standard", ["greedy", "greedy"], 20, seed=3, executor="serial", progress=False,
                       cards=str(tmp_path))
    assert all("C05" in army.split() for army in mine["p1_army"])                   # in the Synclith army
    assert mine["record"].str.contains("C05:swarm").sum() >= 6                      # and played
    assert dw.experiments.replay(mine.iloc[0]).cards["C05"].name["en"] == "Brood Mother"
    shipped = dw.simulate("standard", ["greedy", "greedy"], 20, seed=3, executor="serial", progress=False)
    assert not shipped["record"].str.contains("C05:swarm").any()
    new = metrics.card_impact(mine, cards=["C05"], executor="serial", progress=False).loc["C05"]
    old = metrics.card_impact(shipped, cards=["C05"], executor="serial", progress=False).loc["C05"]
    assert new["name"] == "Brood Mother" and old["name"] == "Genoclone"
    assert (new["with_rate"], new["blank_rate"], new["impact"]) != (old["with_rate"], old["blank_rate"], old["impact"])
    assert (mine["record"] != shipped["record"]).sum() >= 6                 # the games themselves differ


def test_the_stored_notebooks_are_what_their_generator_writes() -> None:
    """scripts/make_notebooks.py is the one source of the lessons' cells: edit it, then run it with --run."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_notebooks", NOTEBOOKS.parent / "scripts" / "make_notebooks.py")
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert sorted(generator.BUILD) == sorted(str(p.relative_to(NOTEBOOKS)) for p in LESSONS + SOLUTIONS)
    for name, build in generator.BUILD.items():
        written = [(c.cell_type, c.source) for c in build().cells]
        cells_stored = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        stored = [(c["cell_type"], text(c)) for c in cells_stored]
        assert written == stored, f"{name} differs from scripts/make_notebooks.py"
