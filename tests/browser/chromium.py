"""The test process's one Chromium (Debian's, driven by Playwright), kept from one browser test module to the next.

A worker runs an xdist group's modules one after another (``lab-1`` holds seven), so they share one Chromium
and the JupyterLab page the last test left (``conftest.SharedPage``) instead of starting both again per
module. Playwright's sync API holds an asyncio loop running in the thread while it lives, so any
``asyncio.run`` of another test on the same worker (the class server's, a doctest's) would fail: the root
``conftest.py`` stops it before every test that is not marked ``browser``, and at the end of the session.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol


class Closable(Protocol):
    def close(self) -> None: ...


class Chromium:
    """Starts on the first :meth:`start`, lives until :meth:`stop`; ``kept`` holds what lives as long as it."""

    def __init__(self) -> None:
        self._playwright: Any = None
        self.browser: Any = None
        self.kept: dict[str, Closable] = {}

    def start(self, tmp: Path) -> Any | None:
        """The running Chromium, started if need be (None: no Chromium on this machine)."""
        if self.browser is not None and not self.browser.is_connected():      # it crashed: start afresh
            self.stop()
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            from tests.browser.labserver import chromium_path, launch_chromium

            os.environ["TMPDIR"] = str(tmp)
            self._playwright = sync_playwright().start()
            if chromium_path(self._playwright) is None:
                self.stop()
                return None
            self.browser = launch_chromium(self._playwright)
        return self.browser

    def stop(self) -> None:
        """Closes what was kept, Chromium and Playwright (its asyncio loop with it), whatever state they are in."""
        kept, self.kept = list(self.kept.values()), {}
        browser, self.browser = self.browser, None
        playwright, self._playwright = self._playwright, None
        try:
            for thing in kept:
                thing.close()
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:           # also ends a Chromium whose page or close failed above
                playwright.stop()


CHROMIUM = Chromium()
