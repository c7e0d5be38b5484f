"""Fixtures shared by the tests: a game, and the process's one Chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import dictator_widget as dw


@pytest.fixture
def game() -> dw.Game:
    return dw.Game.new("standard", seed=1)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Debian's Chromium through Playwright, for one test module at a time: Playwright's sync API holds an
    asyncio loop running in the thread while it lives, so a second one, or any ``asyncio.run`` of a later test on
    the same worker (the class server's), fails while it lives. A start costs about a second."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    from tests.browser.labserver import chromium_path, launch_chromium

    os.environ["TMPDIR"] = str(tmp_path_factory.mktemp("playwright"))
    with playwright_sync.sync_playwright() as pw:
        if chromium_path(pw) is None:
            pytest.skip("no Chromium: run scripts/install-chromium.sh (make chromium)")
        b = launch_chromium(pw)
        yield b
        b.close()
