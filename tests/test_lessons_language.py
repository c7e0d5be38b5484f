"""Every lesson and every answers notebook sets its language at the top (LANG in its first code cell, so one switch
puts every output in Russian), and imports the package only by its public names (never an engine module: the
engine's modules move between subpackages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("0*.py")) + sorted((NOTEBOOKS / "solutions").glob("*.py"))
PUBLIC = ("engine", "experiments", "agents")
DEEP = re.compile(rf"^\s*(?:from|import)\s+dictator_widget\.(?:{'|'.join(PUBLIC)})\.\w+", re.MULTILINE)


def test_the_language_switch_is_in_the_first_code_cell() -> None:
    """One test for every source: jupytext (jsonschema's grammars) takes 3 CPU-s to import, once per process that
    imports it, so it is imported here and not when the suite is collected by each worker."""
    import jupytext

    firsts = {src.name: next(c for c in jupytext.read(src).cells if c.cell_type == "code") for src in SOURCES}
    missing = [name for name, first in firsts.items() if not re.search(r'^LANG = "en"', first.source, re.MULTILINE)]
    assert firsts and not missing, f"no LANG in the first code cell of {missing}"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_lessons_import_only_the_packages_public_names(source: Path) -> None:
    deep = DEEP.findall(source.read_text(encoding="utf-8"))
    assert not deep, f"{source.name} imports a module of the package: {deep}"
