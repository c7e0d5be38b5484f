"""Real JupyterLab, real Chromium (Debian's, driven by Playwright): see ../shared/docs/BROWSER-TESTS.md.

A test opens a notebook copied to a temporary root, runs it, clicks like a
person, and checks the kernel's side by typing a cell and reading its output.
Screenshots go to ``test-artifacts/``; any console error fails the test.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000

playwright_sync = pytest.importorskip("playwright.sync_api")
from playwright.sync_api import ConsoleMessage, Locator, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)     # a cold kernel needs ~7 s; Playwright's default is 5 s


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test shares one xdist worker (one server, one browser)."""
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))


@dataclass
class Lab:
    url: str
    token: str
    root: Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server on a free port, serving a copy of notebooks/."""
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium: run scripts/install-chromium.sh (make chromium)")
    base = tmp_path_factory.mktemp("lab")
    root = base / "root"
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    settings = base / "settings"
    notify = settings / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True)
    (notify / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    token, port = secrets.token_hex(16), _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(base / "config"),
           "JUPYTER_RUNTIME_DIR": str(base / "runtime"), "JUPYTERLAB_SETTINGS_DIR": str(settings),
           "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"), "TMPDIR": str(base)}
    log = (base / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
         f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         "--LabApp.extension_manager=readonly", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start; see {base / 'server.log'}") from None
                time.sleep(0.3)
        yield Lab(url, token, root)
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


@pytest.fixture(scope="session")
def browser(lab: Lab, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    os.environ["TMPDIR"] = str(tmp_path_factory.mktemp("playwright"))
    with playwright_sync.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@dataclass
class Notebook:
    """A notebook open in JupyterLab, run, with its widgets on screen."""

    page: Page
    name: str
    errors: list[str] = field(default_factory=list)

    def widget(self, n: int = 0) -> Locator:
        return self.page.locator("[data-testid=dictator-widget]").nth(n)

    def python(self, code: str) -> str:
        """Runs ``code`` in a new cell at the end of the notebook; returns its printed output."""
        page = self.page
        marker = f"@@{secrets.token_hex(4)}@@"
        last = page.locator(".jp-Notebook .jp-Cell").last
        if last.locator(".cm-content").inner_text().strip():
            last.click(position={"x": 4, "y": 4})
            page.keyboard.press("Escape")
            page.keyboard.press("b")                   # a new cell below, selected
        editor = page.locator(".jp-Notebook .jp-Cell").last.locator(".cm-content")
        editor.click()
        page.keyboard.insert_text(f"print({marker!r}, end='')\n{code}\nprint({marker!r}, end='')")
        page.keyboard.press("Shift+Enter")
        out = page.locator(".jp-OutputArea-output").filter(has_text=marker).last
        expect(out).to_contain_text(marker, timeout=TIMEOUT_MS)
        text = ""
        for _ in range(100):
            text = out.inner_text()
            if text.count(marker) == 2:
                break
            time.sleep(0.1)
        return text.split(marker)[1].strip()

    def shot(self, name: str, n: int = 0) -> None:
        """Saves a screenshot of widget ``n`` (or of the page, if it has none)."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = str(ARTIFACTS / f"{self.name}-{name}.png")
        if self.page.locator("[data-testid=dictator-widget]").count() > n:
            self.widget(n).screenshot(path=path)
        else:
            self.page.screenshot(path=path)


@pytest.fixture
def open_notebook(browser: object, lab: Lab, request: pytest.FixtureRequest) -> Iterator[object]:
    """``open_notebook("01-play.ipynb")`` opens, runs all cells and waits for the widgets."""
    pages: list[Notebook] = []

    def opener(name: str = "01-play.ipynb", theme: str | None = None) -> Notebook:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        nb = Notebook(page, request.node.name)
        pages.append(nb)

        def console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                nb.errors.append(msg.text)

        page.on("console", console)
        page.on("pageerror", lambda exc: nb.errors.append(f"page error: {exc}"))
        page.goto(f"{lab.url}/lab/tree/notebooks/{name}?token={lab.token}&reset")
        expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=TIMEOUT_MS)
        if theme:
            page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
            page.locator(".lm-Menu-itemLabel", has_text="Theme").click()
            page.locator(".lm-Menu-itemLabel").get_by_text(theme, exact=True).click()
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        last_prompt = page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-InputPrompt")
        expect(last_prompt).to_have_text(re.compile(r"\[\d+\]"), timeout=TIMEOUT_MS)  # all ran
        expect(page.get_by_text("Python 3 (ipykernel) | Idle")).to_be_visible(timeout=TIMEOUT_MS)
        expect(nb.widget(0).locator("[data-testid=board]")).to_be_visible(timeout=TIMEOUT_MS)
        nb.widget(0).scroll_into_view_if_needed()
        return nb

    yield opener
    for nb in pages:
        try:
            nb.shot("final")
        finally:
            nb.page.context.close()
    errors = [e for nb in pages for e in nb.errors]
    assert not errors, f"console errors: {errors}"
