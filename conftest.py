"""How ``make test``'s pytest run shares its three workers (pytest-xdist, ``--dist loadgroup``): the strength
match, the longest test, starts first, so that it does not finish alone at the end."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("match") is None)
