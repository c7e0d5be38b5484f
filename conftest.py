"""When a pytest-xdist run includes the strength match (``pytest -n 3 --dist loadgroup`` with no ``-m``;
``make test`` leaves it to ``make match``), the match, the longest test, starts first, so that it does not
finish alone at the end."""

from __future__ import annotations

import sys
from pathlib import Path

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
