"""Every lesson and every answers notebook sets its language at the top (LANG in its first code cell, so one switch
puts every output in Russian), and imports the package only by its public names (never an engine module: the
engine's modules move between subpackages)."""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("0*.py")) + sorted((NOTEBOOKS / "solutions").glob("*.py"))
PUBLIC = ("engine", "experiments", "agents")
DEEP = re.compile(rf"^\s*(?:from|import)\s+dictator_widget\.(?:{'|'.join(PUBLIC)})\.\w+", re.MULTILINE)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_the_language_switch_is_in_the_first_code_cell(source: Path) -> None:
    first = next(c for c in jupytext.read(source).cells if c.cell_type == "code")
    assert re.search(r'^LANG = "en"', first.source, re.MULTILINE), f"{source.name}: no LANG in its first code cell"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_lessons_import_only_the_packages_public_names(source: Path) -> None:
    deep = DEEP.findall(source.read_text(encoding="utf-8"))
    assert not deep, f"{source.name} imports a module of the package: {deep}"
