"""A throwaway JupyterLab server and Debian's Chromium, for the browser tests and the
latency benchmark (benchmarks/widget_latency.py). See docs/testing.md."""

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 60_000
IDLE = "Python 3 (ipykernel) | Idle"


@dataclass
class Lab:
    url: str
    token: str
    root: Path

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/notebooks/{name}?token={self.token}&reset"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


DEBUGGER = "@jupyterlab/debugger-extension"
"""Disabled in the tests' JupyterLab: when a test closes a notebook as the debugger asks its kernel for its
state, the debugger logs "Could not restore the debugger state: Canceled future for debug_request message"
to the console, which the tests read for the widget's errors (and every kernel's debug requests cost the page
CPU)."""


SCRATCH = "scratch.ipynb"
"""A notebook of one cell, ``import dictator_widget as dw``, beside the lessons in the lab's copy of notebooks/:
for a test that shows its own widgets (``add_widget``). Opening it in a kept page costs about 2.2 CPU-s against
6.1 for ``02-training-mission.ipynb``, whose lesson text, cells and widget JupyterLab draws too (2026-12-07)."""


@contextmanager
def jupyterlab(base: Path) -> Iterator[Lab]:
    """JupyterLab on a free port of 127.0.0.1, serving a copy of notebooks/ (and :data:`SCRATCH`) under ``base``,
    its debugger off."""
    root = base / "root"
    shutil.copytree(REPO / "notebooks", root / "notebooks")
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    (root / "notebooks" / SCRATCH).write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "import", "metadata": {}, "outputs": [],
                   "source": "import dictator_widget as dw"}],
        "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}))
    settings = base / "settings"
    notify = settings / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True)
    (notify / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    docmanager = settings / "@jupyterlab" / "docmanager-extension"   # a test's cells never reach the file
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    labconfig = base / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {DEBUGGER: True}}))
    token, port = secrets.token_hex(16), _free_port()
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(base / "config"),
           "JUPYTER_RUNTIME_DIR": str(base / "runtime"), "JUPYTERLAB_SETTINGS_DIR": str(settings),
           "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"), "TMPDIR": str(base)}
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
           f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    url = f"http://127.0.0.1:{port}"
    with serve(cmd, f"{url}/api/status?token={token}", base, env):
        yield Lab(url, token, root)


@contextmanager
def serve(cmd: list[str], ready: str, base: Path, env: dict[str, str]) -> Iterator[None]:
    """Runs the server ``cmd`` (its output in ``base/server.log``) until ``ready`` answers; stops it after."""
    base.mkdir(parents=True, exist_ok=True)
    with (base / "server.log").open("w") as log:
        server = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=base)
        try:
            wait_for_http(ready, server, f"{' '.join(cmd[:3])} did not start: {base / 'server.log'}", seconds=90)
            yield
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()


def wait_for_http(url: str, server: subprocess.Popen[Any] | None = None, failure: str = "", seconds: float = 60,
                  ready: Callable[[bytes], bool] = lambda body: True) -> None:
    """Polls ``url`` until the server answers with a body that is ``ready``; raises if the server exits or
    time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if ready(answer.read()):
                    return
        except OSError:
            pass
        if (server is not None and server.poll() is not None) or time.monotonic() > deadline:
            raise RuntimeError(failure or f"no answer from {url}")
        time.sleep(0.3)


def chromium_path(playwright: Any) -> Path | None:
    """Debian's Chromium, else Playwright's own download (scripts/install-chromium.sh), else None."""
    if CHROMIUM.exists():
        return CHROMIUM
    own = Path(playwright.chromium.executable_path)
    return own if own.exists() else None


def launch_chromium(playwright: Any) -> Any:
    """Chromium, headless, through Playwright."""
    path = chromium_path(playwright)
    if path is None:
        raise RuntimeError("no Chromium: run scripts/install-chromium.sh (make chromium)")
    return playwright.chromium.launch(executable_path=str(path), headless=True, args=CHROMIUM_ARGS)


def run_notebook(page: Any, lab: Lab, name: str) -> None:
    """Opens ``name``, waits for the kernel, runs every cell and waits until all ran."""
    page.goto(lab.notebook_url(name))
    _run_all(page, name)


# Every document in the main area closed unsaved (a test's cells stay out of the file), each output's widget
# views disposed with it; then the next notebook is opened by JupyterLab's own command.
CLOSE_ALL = """async () => {
  const app = window.jupyterapp;
  for (const w of [...app.shell.widgets("main")]) {
    if (w.context) w.context.model.dirty = false;
    w.dispose();
  }
}"""
OPEN = """async (path) => { await window.jupyterapp.commands.execute("docmanager:open", {path}); }"""


# The page's notebook in JavaScript: the first document of the main area that has a notebook and a kernel session (not
# a second view of an output, which may be the shell's current widget).
PANEL = '[...window.jupyterapp.shell.widgets("main")].find((w) => w.content && w.content.model && w.sessionContext)'
# A promise in the page that fails with ``what`` when it has not settled within ``ms``, rather than hanging the test.
WITHIN = """(promise, ms, what) => {
  let timer;
  const late = new Promise((_, no) => { timer = setTimeout(() => no(new Error(`${what}: over ${ms} ms`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}"""
# The path of the notebook the page has open, when it is all the main area holds (a second view of an output, as
# the playback test makes, is closed with its notebook: disposed alone, it leaves JupyterLab a handler that fails
# when the notebook closes).
OPEN_PATH = """() => {
  const open = [...window.jupyterapp.shell.widgets("main")];
  return open.length === 1 && open[0].content && open[0].context ? open[0].context.path : null;
}"""
# The notebook open in the page made again in place: in the kernel every widget closed and the names the last test
# made deleted; its cells read again from the file (a test's own cells go, and their widget views with them); then
# all run by JupyterLab's command, which resolves when every cell has answered; all :data:`WITHIN` ``ms``.
RESET = """async ([code, ms]) => {
  const app = window.jupyterapp;
  const panel = PANEL;
  const reset = async () => {
    await panel.sessionContext.ready;
    const kernel = panel.sessionContext.session?.kernel;
    if (!kernel) throw new Error("the notebook has no kernel to reset");
    const reply = await kernel.requestExecute({code, silent: true, store_history: false}).done;
    if (reply.content.status !== "ok") throw new Error(`the reset failed in the kernel: ${reply.content.evalue}`);
    await panel.context.revert();
    app.shell.activateById(panel.id);
    if (!(await app.commands.execute("notebook:run-all-cells"))) throw new Error("Run All ran nothing");
  };
  await (WITHIN)(reset(), ms, "the notebook's reset");
}""".replace("PANEL", PANEL).replace("WITHIN", WITHIN)
RESET_KERNEL = "import ipywidgets\nipywidgets.Widget.close_all()\n%reset -f"


def reopen_notebook(page: Any, name: str) -> None:
    """Opens ``name`` in a page of JupyterLab that has a notebook open, run like :func:`run_notebook`: a page
    reused skips JupyterLab's start (measured: 2.5-3 CPU-s against 6.5 for a new page). The notebook already open
    is made again in place (:data:`RESET`) when the page shows nothing else: 4.8 CPU-s against 6.6 to reopen
    ``01-play``, 0.7 against 2.4 for :data:`SCRATCH` (2026-12-07). Otherwise what the page has open is closed and
    ``name`` opened; its kernel is the one the path had (JupyterLab keeps a path's session), and is not reset: the
    widgets it closed would be unknown to the new page, which logs each as an error."""
    from playwright.sync_api import expect

    page.keyboard.press("Escape")                      # a menu or a dialog the last test left open
    if page.evaluate(OPEN_PATH) == f"notebooks/{name}":
        page.evaluate(RESET, [RESET_KERNEL, TIMEOUT_MS])
        _wait_ran(page, name)
        return
    page.evaluate(CLOSE_ALL)
    expect(page.locator("[data-testid=dictator-widget]")).to_have_count(0)
    page.evaluate(OPEN, f"notebooks/{name}")
    _run_all(page, name)


def _run_all(page: Any, name: str) -> None:
    """Runs every cell of notebook ``name`` from the menu, as a person would, and waits until all ran."""
    from playwright.sync_api import expect

    expect(page.get_by_text(IDLE)).to_be_visible(timeout=TIMEOUT_MS)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
    _wait_ran(page, name)


def _wait_ran(page: Any, name: str) -> None:
    """Waits until the last cell shows a run count and the kernel is idle, then for the first widget (:data:`SCRATCH`
    has none). A stored notebook keeps its run counts: after :data:`RESET`, which resolves only when every cell has
    answered, the widget is what is waited for."""
    from playwright.sync_api import expect

    last_prompt = page.locator(".jp-Notebook .jp-CodeCell").last.locator(".jp-InputPrompt")
    expect(last_prompt).to_have_text(re.compile(r"\[\d+\]"), timeout=TIMEOUT_MS)
    expect(page.get_by_text(IDLE)).to_be_visible(timeout=TIMEOUT_MS)
    if name == SCRATCH:
        return
    widget = page.locator("[data-testid=dictator-widget]").first
    expect(widget.locator("[data-testid=board]")).to_be_visible(timeout=TIMEOUT_MS)
    widget.scroll_into_view_if_needed()
