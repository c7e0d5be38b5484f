"""Real JupyterLab, real Chromium (Debian's, driven by Playwright): docs/testing.md.

A test opens a notebook copied to a temporary root, runs it, clicks like a
person, and checks the kernel's side by running code in the notebook's kernel and reading what it printed.
A failed test leaves a screenshot in ``test-artifacts/``, and with ``DW_SHOTS=1`` every step does; any
console error fails the test.
"""

from __future__ import annotations

import os
import re
import secrets
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from labserver import (  # noqa: E402
    PANEL,
    REPO,
    TIMEOUT_MS,
    WITHIN,
    Lab,
    jupyterlab,
    reopen_notebook,
    run_notebook,
)

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import ConsoleMessage, Locator, Page, expect  # noqa: E402

ARTIFACTS = REPO / "test-artifacts"
#: Screenshots of each step (``nb.shot``), for a person to look at: ``DW_SHOTS=1``. A widget's screenshot costs
#: about half a CPU-second of Chromium (0.31 renderer and 0.15 browser, measured 2026-12-07), so make test takes
#: one only of a failed test's page.
SHOTS = bool(os.environ.get("DW_SHOTS"))
# A code cell after the last one of the page's notebook, its source set, run by the notebook command (which acts on
# the last notebook focused).
ADD_AND_RUN_CELL = """async (source) => {
  const app = window.jupyterapp;
  const panel = PANEL;
  const cells = panel.content.model.sharedModel;
  cells.insertCell(cells.cells.length, {cell_type: "code", source});
  panel.content.activeCellIndex = panel.content.widgets.length - 1;
  await app.commands.execute("notebook:run-cell");
}""".replace("PANEL", PANEL)
# Code run by the notebook's kernel without a cell: what it printed, or its error. The notebook and the page are left
# as they were (a cell would add an editor and an output for JupyterLab to draw and for a locator to search).
RUN_IN_KERNEL = """async ([code, ms]) => {
  const kernel = PANEL.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false, stop_on_error: true, allow_stdin: false});
  let out = "", err = "", error = null;
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (msg.header.msg_type === "stream") { if (c.name === "stdout") out += c.text; else err += c.text; }
    else if (msg.header.msg_type === "error") error = [c.ename + ": " + c.evalue, ...c.traceback].join("\\n");
  };
  const reply = await (WITHIN)(future.done, ms, "the kernel's answer");
  if (error === null && reply.content.status !== "ok") error = "the kernel's reply: " + reply.content.status;
  return {out, err, error};
}""".replace("PANEL", PANEL).replace("WITHIN", WITHIN)
expect.set_options(timeout=TIMEOUT_MS)  # Playwright waits 5 s; a loaded 2-core host took over 20 s to answer a click


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """One JupyterLab per test process. The lab's tests come in two xdist groups (``lab-1`` and ``lab-2``,
    by file, each about four minutes in ``make test``, much of it spent waiting on the page), so that two labs
    share the waiting on two workers instead of one worker doing it all in turn. A third group cost one more
    JupyterLab, Chromium and first page (about 15 CPU-s) for waiting the other workers' tests fill anyway."""
    with jupyterlab(tmp_path_factory.mktemp("lab")) as server:
        yield server


@dataclass
class Notebook:
    """A notebook open in JupyterLab, run, with its widgets on screen."""

    page: Page
    name: str
    errors: list[str] = field(default_factory=list)
    listeners: list[tuple[str, Callable[[Any], None]]] = field(default_factory=list)

    def widget(self, n: int = 0) -> Locator:
        return self.page.locator("[data-testid=dictator-widget]").nth(n)

    def python(self, code: str) -> str:
        """Runs ``code`` in the notebook's kernel, as a cell would but without one; returns what it printed, and
        fails the test with the error if it raised. What a cell shows (``display``) needs :meth:`cell`."""
        ran = self.page.evaluate(RUN_IN_KERNEL, [code, TIMEOUT_MS])
        error = re.sub(r"\x1b\[[0-9;]*m", "", ran["error"] or "")          # the traceback's colours
        assert not error, f"{error}\nstderr: {ran['err']}\nrunning in the kernel:\n{code}"
        return str(ran["out"]).strip()

    def cell(self, code: str) -> str:
        """Runs ``code`` in a new cell at the end of the notebook; returns what it printed.

        The cell goes in through JupyterLab's own commands and model (``window.jupyterapp``, exposed by the
        test server), not by keystrokes: on a loaded host a typed newline or a command-mode key was lost."""
        marker = f"@@{secrets.token_hex(4)}@@"
        self.page.evaluate(ADD_AND_RUN_CELL, f"print({marker!r}, end='')\n{code}\nprint({marker!r}, end='')")
        # The cell's whole output area: a display() between the two prints starts a new output element. Its
        # text content, as the expectation reads it (innerText leaves out what JupyterLab has not drawn).
        out = self.page.locator(".jp-Notebook .jp-Cell").filter(has_text=marker).locator(".jp-OutputArea")
        expect(out).to_contain_text(re.compile(f"{marker}.*{marker}", re.S), timeout=TIMEOUT_MS)
        return (out.text_content() or "").split(marker)[1].strip()

    def shot(self, name: str, n: int | None = 0, always: bool = False) -> None:
        """Saves a screenshot of widget ``n`` (or of the page: ``n=None``, or a page without that widget) when
        ``DW_SHOTS`` is set or ``always``."""
        if not (SHOTS or always):
            return
        ARTIFACTS.mkdir(exist_ok=True)
        path = str(ARTIFACTS / f"{self.name}-{name}.png")
        if n is not None and self.page.locator("[data-testid=dictator-widget]").count() > n:
            self.widget(n).screenshot(path=path)
        else:
            self.page.screenshot(path=path)


VIEWPORT = {"width": 1400, "height": 1000}


def new_page(browser: Any) -> Page:
    """A page in a context of its own, at the tests' size and patience."""
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


class SharedPage:
    """The page of JupyterLab kept between tests as long as the worker's Chromium lives (``chromium.py``:
    across the browser modules a worker runs in a row): each test's first notebook opens in it
    (:func:`~labserver.reopen_notebook`) instead of a new page starting JupyterLab again. A page whose test
    failed is closed, not kept: the next test starts from a new page."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.page: Page | None = None

    def take(self) -> tuple[Page, bool]:
        """The kept page (and True), or a new one (and False)."""
        page, self.page = self.page, None
        if page is not None:
            return page, True
        return new_page(self.browser), False

    def give_back(self, page: Page, keep: bool) -> None:
        if keep:
            page.set_viewport_size(VIEWPORT)
            self.page = page
        else:
            page.context.close()

    def close(self) -> None:
        if self.page is not None:
            self.page.context.close()


@pytest.fixture(scope="module")
def shared_page(browser: Any) -> SharedPage:
    from tests.browser.chromium import CHROMIUM

    shared = CHROMIUM.kept.setdefault("lab page", SharedPage(browser))
    assert isinstance(shared, SharedPage)
    return shared


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture
def open_notebook(browser: Any, lab: Lab, shared_page: SharedPage, request: pytest.FixtureRequest
                  ) -> Iterator[Callable[[str], Notebook]]:
    """``open_notebook("01-play.ipynb")`` opens it, runs all cells and waits for the widgets. The test's first
    notebook opens in the page the last test left (:class:`SharedPage`), a second one in a new page."""
    opened: list[Notebook] = []

    def opener(name: str = "01-play.ipynb") -> Notebook:
        page, kept = shared_page.take() if not opened else (new_page(browser), False)
        nb = Notebook(page, request.node.name)
        opened.append(nb)

        def console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                nb.errors.append(msg.text)

        def page_error(exc: Exception) -> None:
            nb.errors.append(f"page error: {exc}")

        nb.listeners = [("console", console), ("pageerror", page_error)]
        for event, listener in nb.listeners:
            page.on(event, listener)
        if kept:
            reopen_notebook(page, name)
        else:
            run_notebook(page, lab, name)
        return nb

    yield opener
    passed = not request.node.stash.get(FAILED, False)
    for i, nb in enumerate(opened):
        keep = False
        try:
            nb.shot("final", n=0 if passed else None, always=not passed)   # a failure: the page, as it was left
            keep = i == 0 and passed
        finally:
            for event, listener in nb.listeners:
                nb.page.remove_listener(event, listener)
            if i == 0:
                shared_page.give_back(nb.page, keep)
            else:
                nb.page.context.close()
    errors = [e for nb in opened for e in nb.errors]
    assert not errors, f"console errors in the page: {errors}"
