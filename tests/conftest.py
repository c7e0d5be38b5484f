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


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Debian's Chromium through Playwright, one per test process: Playwright's sync API runs one event loop
    in a process, so the lab's tests (tests/browser) and the class server's (tests/serve) share it."""
    playwright_sync = pytest.importorskip("playwright.sync_api")
    from tests.browser.labserver import chromium_path, launch_chromium

    os.environ["TMPDIR"] = str(tmp_path_factory.mktemp("playwright"))
    with playwright_sync.sync_playwright() as pw:
        if chromium_path(pw) is None:
            pytest.skip("no Chromium: run scripts/install-chromium.sh (make chromium)")
        b = launch_chromium(pw)
        yield b
        b.close()
