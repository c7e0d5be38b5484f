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
LESSONS = sorted(p for p in NOTEBOOKS.glob("0[1-8]-*.ipynb"))
SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))


def cells(path: Path, kind: str) -> list[dict[str, Any]]:
    return [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == kind]


def text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def test_the_eight_lessons_and_their_answers_are_there() -> None:
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03", "04", "05", "06", "07", "08"]
    assert [p.name[:2] for p in SOLUTIONS] == ["03", "04", "05", "06", "07", "08"]


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


def stored_notebook(src: Path) -> Any:
    """The notebook built from the source ``src``, as nbformat reads it. nbformat is imported here, not when the
    file is collected: it loads jsonschema, whose IRI format check builds a grammar at import (2.7 CPU-s in
    every worker that collects this file)."""
    import nbformat

    return nbformat.read(src.with_suffix(".ipynb"), as_version=4)


def builder() -> Any:
    """scripts/build_notebooks.py, imported."""
    import importlib.util

    path = NOTEBOOKS.parent / "scripts" / "build_notebooks.py"
    spec = importlib.util.spec_from_file_location("build_notebooks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_notebook_is_built_from_its_one_source() -> None:
    """Each lesson's source is its jupytext percent-format .py: the notebook holds exactly its cells."""
    b = builder()
    assert [p.with_suffix(".ipynb") for p in b.sources()] == LESSONS + SOLUTIONS
    for src in b.sources():
        stored = stored_notebook(src)
        assert b.sources_match(src, stored), f"{src.with_suffix('.ipynb').name} is not built from {src.name}"


def test_every_notebook_and_reference_was_built_on_todays_engine_and_cards() -> None:
    """A change of the golden records (the engine's or a bot's play) or of a card file changes the fingerprint:
    the stored outputs are then stale until make notebooks runs."""
    b = builder()
    now = b.fingerprint()
    for src in b.sources():
        stored = stored_notebook(src)
        assert stored.metadata.get("dictator_widget", {}).get("fingerprint") == now, f"{src.stem}: stale outputs"
        reference = json.loads(b.reference_path(src).read_text(encoding="utf-8"))
        assert reference["fingerprint"] == now, f"{src.stem}: stale DW_FAST reference"


def test_the_fingerprint_follows_the_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    b = builder()
    root = tmp_path / "repo"
    (root / "tests" / "golden").mkdir(parents=True)
    (root / "cards").mkdir()
    (root / "tests" / "golden" / "records.json").write_text("{}", encoding="utf-8")
    (root / "cards" / "a.toml").write_text("strength = 1", encoding="utf-8")
    monkeypatch.setattr(b, "ROOT", root)
    before = b.fingerprint()
    (root / "cards" / "a.toml").write_text("strength = 2", encoding="utf-8")
    assert b.fingerprint() != before
    played = b.fingerprint()
    (root / "cards" / "messages.toml").write_text("[en]\nhello = 'Hello'", encoding="utf-8")
    assert b.fingerprint() == played, "wording is held by the golden logs and the DW_FAST comparison, not here"


def test_the_output_check_compares_words_exactly_and_numbers_to_their_printed_precision() -> None:
    b = builder()
    assert b.same_text("Templars 46.2% [43.1%, 49.3%] of 996", "Templars 46.3% [43.1%, 49.2%] of 996") is None
    assert b.same_text("Templars 46.2%", "Templars 46.4%") is not None
    assert b.same_text("Even: the interval holds 50%.", "Not even: the whole interval lies above 50%.") is not None
    assert b.same_text("1,000 games", "1,001 games") is None            # one unit of the last printed digit
    assert b.same_text("1,000 games", "1,002 games") is not None


def test_the_output_check_catches_todays_drift_of_lesson_03() -> None:
    """The stored 03 of the issue (outputs made on an older engine) against what the same code prints now:
    the lines a fresh run printed (issue 35, item 1)."""
    b = builder()
    stored = [{"cell": 6, "first_line": "factions", "outputs": [
        "Templars win 458 of 996 decisive games: 46% (95% interval 43% to 49%).\n"
        "Not even: the whole interval lies on one side of 50%.\n"]}]
    fresh = [{"cell": 6, "first_line": "factions", "outputs": [
        "Templars win 520 of 989 decisive games: 53% (95% interval 49% to 56%).\nEven: the interval holds 50%.\n"]}]
    problems = b.compare(stored, fresh, "03")
    assert len(problems) == 1 and "Even: the interval holds 50%" in problems[0]
    assert b.compare(stored, stored, "03") == []


def test_the_lessons_before_set_is_the_shipped_set_with_its_documented_patch() -> None:
    """Lessons 03, 04 and 07 start from docs/balance/before/: the shipped cards with docs/balance/before-patch.toml
    (the Phagocyte at Strength 2). A change to the shipped cards must reach that copy too, or the lessons' "before"
    would differ from the shipped set in more than the one change they describe."""
    import dataclasses

    docs = NOTEBOOKS.parent / "docs" / "balance"
    copied = dw.load_cards(str(docs / "before"))
    patched = dw.load_cards(patch=str(docs / "before-patch.toml"))
    assert sorted(copied) == sorted(patched)
    differ = [c for c in patched
              if dataclasses.replace(copied[c], file=None) != dataclasses.replace(patched[c], file=None)]
    assert not differ, f"docs/balance/before/ is not the shipped set with before-patch.toml: {differ} differ"
    assert (copied["C01"].strength, dw.load_cards()["C01"].strength) == (2, 3)
