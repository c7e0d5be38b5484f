"""Builds the lesson notebooks from their sources, and checks that their stored outputs still hold.

Each lesson has one source, a jupytext percent-format file beside its notebook (``notebooks/03-what-if-lab.py``
for ``notebooks/03-what-if-lab.ipynb``; answers in ``notebooks/solutions/``). Edit the ``.py``, then:

    .venv/bin/python scripts/build_notebooks.py            # make notebooks: run each at full size, store outputs
    .venv/bin/python scripts/build_notebooks.py --fast     # DW_FAST=1 runs into the references only
    DW_FAST=1 .venv/bin/python -m pytest -p nbval --nbval-lax notebooks
        # make test: nbval runs every lesson in DW_FAST; notebooks/conftest.py holds it to the references
    .venv/bin/python scripts/build_notebooks.py 03 05      # only the lessons whose names start so

A full build writes both the notebook (outputs of the full-size run) and its DW_FAST reference
(``notebooks/reference/<name>.json``: the text of every output of the DW_FAST run). Both carry the
**fingerprint** of what a lesson's numbers rest on: the engine's golden records (``tests/golden/records.json``,
one hash per seeded game, Greedy's included) and every card file. ``make test`` fails when

- a notebook's cells are not its source's (edit the ``.py``, not the ``.ipynb``), or
- the fingerprint changed since the notebooks were built (the engine, the cards or Greedy changed play), or
- a DW_FAST run under nbval prints anything other than its reference: text must match exactly, numbers to the
  precision they are printed with (one unit of the last printed digit; ``notebooks/conftest.py``).

The first two are tests in ``tests/test_lessons.py``; the third is nbval's run of every notebook.

Cells tagged ``ignore-output`` (widgets, clocks) are run but not compared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jupytext
import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
REFERENCE = NOTEBOOKS / "reference"
IGNORE = "ignore-output"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
NUMBER = re.compile(r"[-+−]?\d[\d,]*(?:\.\d+)?(?:e[-+]?\d+)?")
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def sources() -> list[Path]:
    """Every lesson's source: ``notebooks/0*.py`` and ``notebooks/solutions/*.py``."""
    return sorted(NOTEBOOKS.glob("0*.py")) + sorted((NOTEBOOKS / "solutions").glob("*.py"))


def fingerprint() -> str:
    """What the lessons' numbers rest on: the golden records of the engine and bots (their decisions and their log
    in both languages), and every data file of cards/ that play rests on. Not the words (the glossary for
    translators, the message catalogue, the class server's pages): wording reaches the lessons through the golden
    records' logs in both languages, and every printed word through the DW_FAST comparison."""
    h = hashlib.sha256()
    words = {"glossary.toml", "messages.toml", "serve.toml"}
    data = [f for f in sorted((ROOT / "cards").rglob("*.toml")) if f.name not in words]
    files = [ROOT / "tests" / "golden" / "records.json", *data]
    for f in files:
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def read_source(src: Path) -> nbformat.NotebookNode:
    """A lesson's notebook from its source, each cell's id a hash of its text (a rebuild that changes no cell
    changes no id, so a notebook's diff shows only what changed)."""
    nb = jupytext.read(src)
    nb.metadata = {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}}
    seen: set[str] = set()
    for i, cell in enumerate(nb.cells):
        cell.id = hashlib.sha256(f"{cell.cell_type}\0{cell.source}".encode()).hexdigest()[:8]
        if cell.id in seen:                              # two cells of the same text
            cell.id = f"{cell.id}-{i}"
        seen.add(cell.id)
    return nb


def execute(nb: nbformat.NotebookNode, folder: Path, fast: bool) -> nbformat.NotebookNode:
    """Run a notebook in ``folder`` (DW_FAST set or not) and return it with its outputs."""
    from nbclient import NotebookClient

    env = dict(os.environ)
    env.pop("DW_FAST", None)
    if fast:
        env["DW_FAST"] = "1"
    env.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    client = NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(folder)}},
                            store_widget_state=False)
    old = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        client.execute()
    finally:
        os.environ.clear()
        os.environ.update(old)
    return nb


def output_texts(cell: Any) -> list[str]:
    """What a code cell printed and returned, as text (widget views and object addresses left out)."""
    texts = []
    for out in cell.get("outputs", []):
        kind = out.get("output_type")
        if kind == "stream":
            texts.append(str(out.get("text", "")))
        elif kind in ("execute_result", "display_data"):
            data = out.get("data", {})
            if "application/vnd.jupyter.widget-view+json" in data:
                continue
            if "text/plain" in data:
                texts.append(str(data["text/plain"]))
        elif kind == "error":
            texts.append(f"{out.get('ename')}: {out.get('evalue')}")
    return [ADDRESS.sub(" at 0x…", t) for t in texts]


def reference_of(nb: nbformat.NotebookNode) -> list[dict[str, Any]]:
    """The comparable outputs of a run notebook: per code cell, its first line and its output texts."""
    return [{"cell": i, "first_line": str(c.source).split("\n", 1)[0][:80],
             "outputs": [] if IGNORE in c.metadata.get("tags", []) else output_texts(c)}
            for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def _precision(token: str) -> float:
    digits = token.split("e")[0]
    return 10.0 ** -len(digits.split(".")[1]) if "." in digits else 1.0


def _value(token: str) -> float:
    return float(token.replace(",", "").replace("−", "-"))


def same_text(stored: str, fresh: str) -> str | None:
    """None when two outputs say the same: words equal, numbers equal within one unit of their last printed
    digit. Otherwise the first difference, quoted.

    >>> same_text("Templars win 46% [43, 49]", "Templars win 46% [43, 49]") is None
    True
    >>> same_text("impact -0.087", "impact -0.088") is None
    True
    >>> same_text("Not even, 46% [43, 49]", "Even, 53% [49, 56]")
    "'Not even, 46% [43, 49]' became 'Even, 53% [49, 56]'"
    >>> same_text("impact -0.087", "impact -0.010")
    "-0.087 became -0.010 in 'impact -0.087'"
    """
    a, b = NUMBER.split(stored), NUMBER.split(fresh)
    na, nb_ = NUMBER.findall(stored), NUMBER.findall(fresh)
    if a != b or len(na) != len(nb_):
        return f"{stored.strip()[:300]!r} became {fresh.strip()[:300]!r}"
    for x, y in zip(na, nb_, strict=True):
        unit = max(_precision(x), _precision(y))
        if abs(_value(x) - _value(y)) > unit * 1.000001:
            line = next((ln for ln in stored.splitlines() if x in ln), stored)
            return f"{x} became {y} in {line.strip()[:200]!r}"
    return None


def compare(stored: list[dict[str, Any]], fresh: list[dict[str, Any]], name: str) -> list[str]:
    """Every difference between a stored reference and a fresh run of the same lesson, one line each."""
    if [c["first_line"] for c in stored] != [c["first_line"] for c in fresh]:
        return [f"{name}: its code cells changed since its reference was stored (run make notebooks)"]
    problems = []
    for s, f in zip(stored, fresh, strict=True):
        if len(s["outputs"]) != len(f["outputs"]):
            problems.append(f"{name} cell {s['cell']} ({s['first_line']}): {len(s['outputs'])} outputs stored, "
                            f"{len(f['outputs'])} now")
            continue
        for x, y in zip(s["outputs"], f["outputs"], strict=True):
            why = same_text(x, y)
            if why:
                problems.append(f"{name} cell {s['cell']} ({s['first_line']}): {why}")
    return problems


def sources_match(src: Path, stored: nbformat.NotebookNode) -> bool:
    built = read_source(src)
    return [(c.cell_type, c.source) for c in built.cells] == [(c.cell_type, c.source) for c in stored.cells]


def notebook_path(src: Path) -> Path:
    return src.with_suffix(".ipynb")


def reference_path(src: Path) -> Path:
    return REFERENCE / f"{src.stem}.json"


def build(src: Path, fast_only: bool = False) -> None:
    """Run a lesson's source at full size into its notebook, then in DW_FAST into its reference."""
    print = _printer()
    if not fast_only:
        t = time.process_time(), time.time()
        nb = execute(read_source(src), src.parent, fast=False)
        nb.metadata["dictator_widget"] = {"fingerprint": fingerprint(), "size": "full"}
        nbformat.write(nb, notebook_path(src))
        print(f"{notebook_path(src).relative_to(ROOT)}: full size in {time.time() - t[1]:.0f} s")
    t = time.process_time(), time.time()
    fast = execute(read_source(src), src.parent, fast=True)
    REFERENCE.mkdir(exist_ok=True)
    reference_path(src).write_text(json.dumps({"fingerprint": fingerprint(), "cells": reference_of(fast)},
                                              ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{reference_path(src).relative_to(ROOT)}: DW_FAST in {time.time() - t[1]:.0f} s")


def _printer() -> Any:
    return lambda *a: print(*a, flush=True)


def chosen(prefixes: Iterable[str]) -> list[Path]:
    prefixes = list(prefixes)
    return [s for s in sources() if not prefixes or any(s.stem.startswith(p) for p in prefixes)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("names", nargs="*", help="lessons whose file names start with these (default: all)")
    parser.add_argument("--fast", action="store_true", help="rebuild only the DW_FAST references")
    args = parser.parse_args(argv)
    start = time.process_time(), time.time()
    for src in chosen(args.names):
        build(src, fast_only=args.fast)
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"CPU {time.process_time() - start[0] + children.ru_utime + children.ru_stime:.0f} s "
          f"(kernels included), wall {time.time() - start[1]:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
