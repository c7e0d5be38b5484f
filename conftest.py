"""When a pytest-xdist run includes the strength match (``pytest -n 3 --dist loadgroup`` with no ``-m``;
``make test`` leaves it to ``make match``), the match, the longest test, starts first, so that it does not
finish alone at the end."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("match") is None)


_COMPILED: set[Path] | None = None


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """The doctests of a module running compiled (``make compiled``) are run under pure Python by
    tests/test_compiled.py: pytest cannot collect a .py whose module was imported from its extension module."""
    global _COMPILED
    if collection_path.suffix != ".py" or "dictator_widget" not in collection_path.parts:
        return None
    if _COMPILED is None:
        import dictator_widget as dw
        _COMPILED = {Path(sys.modules[name].__file__ or "").with_name(f"{name.rpartition('.')[2]}.py")
                     for name in dw.compiled()}
    return True if collection_path in _COMPILED else None


def _chromium() -> Any:
    module = sys.modules.get("tests.browser.chromium")
    return None if module is None else module.CHROMIUM


def pytest_runtest_setup(item: pytest.Item) -> None:
    """The worker's Chromium (tests/browser/chromium.py) lives across browser modules; a test that is not
    marked ``browser`` stops it first: Playwright's sync API keeps an asyncio loop running in the thread."""
    chromium = _chromium()
    if chromium is not None and item.get_closest_marker("browser") is None:
        chromium.stop()


def pytest_sessionfinish() -> None:
    chromium = _chromium()
    if chromium is not None:
        chromium.stop()
