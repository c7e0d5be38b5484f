"""docs/rulebook.md follows every rule R1-R27 and mission M0-M7 back to the rulebook (issue 15).

The page must keep one section for each rule and mission, each quoting the
rulebook's Russian (or saying plainly that the rulebook is silent, or that the
seed has only English there). Every test, function, class, data table and
decision section it names must exist in the files as they are when this runs,
so a renamed or deleted test fails here. When the seed (the rulebook's text) is
at hand, every blockquote must be the seed's own words.
"""

from __future__ import annotations

import ast
import os
import re
import tomllib
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rulebook.md"
DECISIONS = ROOT / "docs" / "decisions.md"
SEED_NAME = "000_08fcf956f677d6ba.txt"
IDS = [f"R{n}" for n in range(1, 28)] + [f"M{n}" for n in range(8)]

HEADING = re.compile(r"^## (\S+)", re.MULTILINE)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
NODE = re.compile(r"`(tests/[\w/.-]+\.py)::(test_\w+)(\[[^\]`]*\])?`")
CODE = re.compile(r"`((?:dictator_widget|cards)/[\w/.-]+\.(?:py|toml))(?::\s*([\w.-]+))?`")
LINK = re.compile(r"\]\(decisions\.md#([^)\s]+)\)")
RULE_TEST = re.compile(r"^\s*(?:async\s+)?def\s+(test_[rm]\d+_\w+)\s*\(", re.MULTILINE)
NOT_RUSSIAN = ("the rulebook is silent", "the seed has only english here")


@cache
def page() -> str:
    return PAGE.read_text(encoding="utf-8")


@cache
def sections() -> dict[str, list[str]]:
    """Each rule's or mission's section, by id (R1, M0, ...): every level-2 heading's text to the next one."""
    text = page()
    starts = [(m.start(), m.group(1)) for m in HEADING.finditer(text)]
    out: dict[str, list[str]] = {}
    for (start, name), (end, _) in zip(starts, starts[1:] + [(len(text), "")], strict=True):
        out.setdefault(name, []).append(text[start:end])
    return out


def quotes(text: str) -> list[str]:
    """The blockquote lines of some markdown, without the '>' and with markdown escapes undone."""
    lines = (line[1:].strip() for line in text.splitlines() if line.startswith(">"))
    return [re.sub(r"\\(.)", r"\1", line) for line in lines if line]


def _section(rule: str) -> str:
    found = sections().get(rule, [])
    assert len(found) == 1, f"docs/rulebook.md has {len(found)} sections for {rule}, not one"
    return found[0]


def row(section: str, name: str) -> str | None:
    """The cell of a section's table row ``| **name** | ... |``, or None."""
    for line in section.splitlines():
        if line.startswith(f"| **{name}** |"):
            return line
    return None


def test_every_rule_and_mission_has_one_section() -> None:
    found = sections()
    missing = [i for i in IDS if i not in found]
    twice = [i for i in IDS if len(found.get(i, [])) > 1]
    assert not missing, f"docs/rulebook.md has no section for {missing}"
    assert not twice, f"docs/rulebook.md has more than one section for {twice}"


@pytest.mark.parametrize("rule", IDS)
def test_each_section_quotes_the_russian_or_says_why_not(rule: str) -> None:
    section = _section(rule)
    said = quotes(section)
    russian = [q for q in said if CYRILLIC.search(q)]
    why_not = any(phrase in section.lower() for phrase in NOT_RUSSIAN)
    assert russian or why_not, f"{rule}: no Russian quote and no 'the rulebook is silent'"
    assert any(not CYRILLIC.search(q) for q in said), f"{rule}: no English quote"


@pytest.mark.parametrize("rule", IDS)
def test_each_section_names_its_tests_or_says_there_are_none(rule: str) -> None:
    section = _section(rule)
    cell = row(section, "Tests")
    assert cell is not None, f"{rule}: no '| **Tests** |' row"
    named = [m.group(2) for m in NODE.finditer(cell)]
    if not named:
        assert "none names" in cell, f"{rule}: the Tests row names no test and does not say so"
    prefix = f"test_{rule.lower()}_"
    wrong = [n for n in named if not n.startswith(prefix)]
    assert not wrong, f"{rule}: tests in its Tests row must be named for it ({prefix}...): {wrong}"


def test_the_glance_table_counts_each_sections_tests() -> None:
    glance = "".join(sections().get("At", []))          # "## At a glance": | R1 Map | Russian | tests | notes |
    table_row = re.compile(r"^\| ([RM]\d+) [^|]*\|[^|]*\|([^|]*)\|", re.MULTILINE)
    counts = {m.group(1): m.group(2).strip() for m in table_row.finditer(glance)}
    missing = [i for i in IDS if i not in counts]
    assert not missing, f"the 'At a glance' table has no row for {missing}"
    wrong = []
    for rule in IDS:
        cell = row(_section(rule), "Tests") or ""
        n = len(NODE.findall(cell))
        if counts[rule] != (str(n) if n else "**none**"):
            wrong.append(f"{rule}: table says {counts[rule]}, the section names {n}")
    assert not wrong, f"the 'At a glance' table is out of step with the sections: {wrong}"


def test_combining_the_modes_has_its_section() -> None:
    """The rulebook's "можно ... комбинировать друг с другом" (line 187), which docs/rules.md does not number."""
    found = sections().get("Combining", [])
    assert len(found) == 1, "docs/rulebook.md has no one '## Combining the modes' section"
    said = quotes(found[0])
    assert any("комбинировать" in q for q in said), "the section does not quote the rulebook's Russian"
    assert any("combination" in q for q in said), "the section does not quote the rulebook's English"
    assert "`dictator_widget/engine/content/missions.py: combine`" in found[0], \
        "the section does not name missions.combine"


def _defines(path: Path, name: str) -> bool:
    text = path.read_text(encoding="utf-8")
    return re.search(rf"^\s*(?:async\s+)?def\s+{re.escape(name)}\s*\(", text, re.MULTILINE) is not None


def test_every_named_test_exists() -> None:
    named = {(m.group(1), m.group(2)) for m in NODE.finditer(page())}
    assert named, "the page names no tests"
    gone = [f"{f}::{n}" for f, n in sorted(named) if not (ROOT / f).is_file() or not _defines(ROOT / f, n)]
    assert not gone, f"docs/rulebook.md names tests that do not exist: {gone}"
    listed = {n for _, n in named}
    unlisted = sorted(
        f"{p.relative_to(ROOT)}::{n}"
        for p in (ROOT / "tests").rglob("test_*.py")
        for n in RULE_TEST.findall(p.read_text(encoding="utf-8"))
        if n not in listed
    )
    if unlisted:                                   # new rule tests: the page should list them (not an error)
        warnings.warn(f"tests named for a rule that docs/rulebook.md does not list yet: {unlisted}", stacklevel=1)


def _py_defines(path: Path, dotted: str) -> bool:
    """Is ``dotted`` (``f``, ``Class``, ``Class.method``, ``CONSTANT``) defined in the module at ``path``?"""
    body: list[ast.stmt] = ast.parse(path.read_text(encoding="utf-8")).body
    for part in dotted.split("."):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == part:
                body = node.body if isinstance(node, ast.ClassDef) else []
                break
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            if any(isinstance(t, ast.Name) and t.id == part for t in targets):
                body = []
                break
        else:
            return False
    return True


def _toml_has(path: Path, dotted: str) -> bool:
    data: Any = tomllib.loads(path.read_text(encoding="utf-8"))
    for part in dotted.split("."):
        if not isinstance(data, dict) or part not in data:
            return False
        data = data[part]
    return True


def test_every_named_code_path_exists() -> None:
    named = {(m.group(1), m.group(2)) for m in CODE.finditer(page())}
    assert named, "the page names no code"
    gone = []
    for file, name in sorted(named, key=lambda x: (x[0], x[1] or "")):
        path = ROOT / file
        if not path.is_file():
            gone.append(file)
        elif name and not (_py_defines(path, name) if file.endswith(".py") else _toml_has(path, name)):
            gone.append(f"{file}: {name}")
    assert not gone, f"docs/rulebook.md names code that does not exist: {gone}"


def _slug(heading: str) -> str:
    """GitHub's anchor for a markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_every_decision_link_points_to_a_section() -> None:
    anchors = {_slug(h) for h in re.findall(r"^#+ (.+)$", DECISIONS.read_text(encoding="utf-8"), re.MULTILINE)}
    linked = set(LINK.findall(page()))
    assert linked, "the page links to no decision"
    broken = sorted(linked - anchors)
    assert not broken, f"docs/rulebook.md links to sections docs/decisions.md does not have: {broken}"


def _seed() -> Path | None:
    given = os.environ.get("DICTATOR_RULEBOOK_SEED")
    candidates = [Path(given)] if given else []
    candidates += [ROOT.parent / "shared" / "seeds" / SEED_NAME, ROOT / "seeds" / SEED_NAME]
    return next((c for c in candidates if c.is_file()), None)


def test_every_quote_is_the_seeds_own_words() -> None:
    seed = _seed()
    if seed is None:
        pytest.skip(f"the rulebook's seed {SEED_NAME} is not here (set DICTATOR_RULEBOOK_SEED)")
    text = " ".join(seed.read_text(encoding="utf-8").split())
    said = quotes(page())
    assert said, "the page quotes nothing"
    wrong = [q for q in said for piece in q.split("…") if " ".join(piece.split()) not in text]
    assert not wrong, f"blockquotes that are not the seed's words: {wrong}"
