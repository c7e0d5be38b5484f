"""When a pytest-xdist run includes the strength match (``pytest -n 3 --dist loadgroup`` with no ``-m``;
``make test`` leaves it to ``make match``), the match, the longest test, starts first, so that it does not
finish alone at the end."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("match") is None)
