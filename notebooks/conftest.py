"""nbval runs every lesson in DW_FAST (``make test``: ``DW_FAST=1 pytest -p nbval --nbval-lax notebooks``); this plugin
holds each code cell's outputs to the lesson's stored DW_FAST reference (``notebooks/reference/<name>.json``,
written by ``scripts/build_notebooks.py``): words equal, numbers within one unit of their last printed digit.

So a change of the engine, the cards or a bot that changes what a lesson prints fails the cell that prints it,
with the difference quoted; ``make notebooks`` rebuilds the notebooks and their references.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import nbval.kernel
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_notebooks  # noqa: E402


def _execute_with_history(self: nbval.kernel.RunningKernel, cell_input: str, allow_stdin: bool | None = None) -> str:
    """nbval runs cells with ``store_history=False``, and IPython's trailing ``;`` reads the last cell in the
    history: a lesson's plot cell ending in ``;`` then printed its ``Text(...)`` as in no notebook. Run each cell
    as Jupyter does."""
    return str(self.kc.execute(cell_input, store_history=True, allow_stdin=allow_stdin, stop_on_error=False))


nbval.kernel.RunningKernel.execute_cell_input = _execute_with_history  # type: ignore[method-assign]
_REFERENCES: dict[str, list[dict[str, Any]] | None] = {}


def reference_cell(notebook: Path, n: int) -> dict[str, Any] | None:
    """The stored reference of the ``n``-th code cell of ``notebook`` (None: the lesson has no reference)."""
    if notebook.stem not in _REFERENCES:
        path = build_notebooks.REFERENCE / f"{notebook.stem}.json"
        _REFERENCES[notebook.stem] = json.loads(path.read_text(encoding="utf-8"))["cells"] if path.exists() else None
    cells = _REFERENCES[notebook.stem]
    return None if cells is None or n >= len(cells) else cells[n]


def difference(item: Any) -> str | None:
    """Why the outputs nbval just collected for ``item`` (an nbval cell) differ from the reference, or None."""
    notebook = Path(str(item.fspath))
    stored = reference_cell(notebook, item.cell_num)
    if stored is None:
        return f"{notebook.name} has no DW_FAST reference for code cell {item.cell_num} (run make notebooks)"
    if stored["first_line"] != str(item.cell.source).split("\n", 1)[0][:80]:
        return f"{notebook.name} cell {item.cell_num}: its code changed since the reference was stored"
    if build_notebooks.IGNORE in item.cell.metadata.get("tags", []):
        return None
    fresh = "".join(build_notebooks.output_texts({"outputs": item.test_outputs or []}))
    return build_notebooks.same_text("".join(stored["outputs"]), fresh)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    report = outcome.get_result()
    if call.when != "call" or not report.passed or not hasattr(item, "test_outputs"):
        return
    why = difference(item)
    if why is not None:
        report.outcome = "failed"
        report.longrepr = f"the lesson prints something other than its stored DW_FAST reference: {why}"
