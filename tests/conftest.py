"""Fixtures shared by the tests: a game, and the process's one Chromium."""

from __future__ import annotations

from typing import Any

import pytest

import dictator_widget as dw


@pytest.fixture
def game() -> dw.Game:
    return dw.Game.new("standard", seed=1)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """Debian's Chromium through Playwright: the worker's one (``tests/browser/chromium.py``), which the
    browser modules of a worker share; it is stopped before any other test (Playwright's asyncio loop)."""
    pytest.importorskip("playwright.sync_api")
    from tests.browser.chromium import CHROMIUM

    b = CHROMIUM.start(tmp_path_factory.mktemp("playwright"))
    if b is None:
        pytest.skip("no Chromium: run scripts/install-chromium.sh (make chromium)")
    return b
