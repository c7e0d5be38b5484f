"""The widget in the other hosts (docs/classroom.md), each played by a click and checked on the kernel's
side: the Voila app (dictator-app: start screen, then the board), Notebook 7, and marimo (its reactive
cell follows the game)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .clicks import choose_zone_by_clicks
from .conftest import ARTIFACTS
from .hosts import marimo, notebook7, outside, wait_for_idle_kernel

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("hosts")]
TIMEOUT = 90_000


class Watched:
    """A page with every request and console error recorded."""

    def __init__(self, browser: Any, name: str) -> None:
        self.name = name
        self.page: Page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.requests: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append((r.url, r.resource_type)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))

    def widget_errors(self) -> list[str]:
        """Console errors from our widget. Hosts load every installed JupyterLab extension, and an
        unrelated one may log errors of its own (docs/testing.md), so only ours fail a test."""
        return [e for e in self.errors if re.search(r"dictator|anywidget|dw-", e, re.I)]

    def check(self, allowed: tuple[str, ...] = ()) -> None:
        """No request left loopback (but those of the ``allowed`` resource types); no error of ours."""
        left = [(url, kind) for url, kind in outside(self.requests) if kind not in allowed]
        assert not left, f"requests left loopback: {left}"
        assert not self.widget_errors(), self.widget_errors()

    def shot(self) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"host-{self.name}.png"))


@pytest.fixture
def watched(browser: Any) -> Iterator[Any]:
    pages: list[Watched] = []

    def make(name: str, url: str) -> Watched:
        """A watched page named ``name``, opened at ``url``."""
        pages.append(Watched(browser, name))
        pages[-1].page.goto(url)
        return pages[-1]

    yield make
    for p in pages:
        p.page.context.close()


def test_notebook_7_plays(watched: Any, tmp_path: Path) -> None:
    with notebook7(tmp_path / "nb7") as url:
        page = (w := watched("notebook7", url)).page
        board = page.locator("[data-testid=dictator-widget]").nth(1)     # 01-play: the Skirmish, then Standard
        wait_for_idle_kernel(url)
        for _ in range(8):       # Run All while the page still connects to the kernel runs nothing: again
            expect(page.locator(".jp-Notebook")).to_be_visible()
            page.keyboard.press("Escape")
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
            page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
            try:
                expect(board.locator("[data-testid=board]")).to_be_visible(timeout=15_000)
                break
            except AssertionError:
                continue
        expect(board.locator("[data-testid=board]")).to_be_visible()
        board.scroll_into_view_if_needed()
        notation = choose_zone_by_clicks(board)
        zone = notation.split()[1].capitalize()
        expect(board.locator("[data-testid=log] li").filter(has_text=f"takes the {zone} Zone")).to_have_count(1)
        w.shot()
    w.check()


def test_marimo_plays_and_its_reactive_cell_follows(watched: Any, tmp_path: Path) -> None:
    with marimo(tmp_path / "marimo") as url:
        page = (w := watched("marimo", url)).page
        board = page.locator("[data-testid=dictator-widget]").first
        expect(board.locator("[data-testid=board]")).to_be_visible()
        summary = page.get_by_text("as the widget's state says").locator("..")
        expect(summary.locator("code")).to_have_text("zone")
        notation = choose_zone_by_clicks(board)
        expect(summary.locator("code")).to_have_text("deploy")            # the other cell ran again
        expect(summary).to_contain_text("Zone.")                          # ... with the kernel's last log line
        assert notation.startswith("zone ")
        w.shot()
    w.check()


def _family(pid: int) -> list[Any]:
    """The process ``pid`` and every process under it (Voila, its kernels)."""
    import psutil
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def test_the_voila_app_starts_from_its_screen_plays_and_stops_on_sigterm(watched: Any, tmp_path: Path) -> None:
    """``dictator-app`` as a user starts it: the start screen (in Russian, a bot chosen, a seed typed), then the
    board, played by a click, with no code on screen. Then issue 36, item 10: the app is Voila itself (no
    subprocess.call parent), so a SIGTERM stops Voila and the kernel of the open page and frees the port; the page
    logged no ``#RUNTIME-012`` shared-module error. (One app for both: a Voila start, its page and its kernel cost
    about 25 CPU-s of a loaded host.)"""
    import contextlib
    import signal
    import socket
    import subprocess
    import sys

    import psutil

    from .hosts import jupyter_env
    from .labserver import _free_port, wait_for_http

    family: list[Any] = []
    base = tmp_path / "app"
    base.mkdir()
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with (base / "app.log").open("w") as log:
        app = subprocess.Popen([sys.executable, "-c",
                                "from dictator_widget.ui.app import main; raise SystemExit(main())",
                                "--no-browser", "--port", str(port)], env=jupyter_env(base), stdout=log,
                               stderr=subprocess.STDOUT, cwd=base)
        try:
            wait_for_http(f"{url}/voila/static/voila.js", app, f"dictator-app did not start: {base / 'app.log'}",
                          seconds=90)                           # a static file: a GET of the page starts a kernel
            page = (w := watched("voila", url)).page
            expect(page.locator(".dw-app-start")).to_be_visible()
            page.get_by_text("Русский", exact=True).click()                      # the start screen in Russian
            expect(page.locator(".dw-app-start")).to_have_text("Начать партию")
            page.locator(".dw-app-seat-1 select").select_option(label="бот: случайный")
            page.locator(".widget-text input").fill("7")
            page.locator(".widget-text input").press("Enter")
            page.locator(".dw-app-start").click()
            board = page.locator("[data-testid=dictator-widget]")
            expect(board.locator("[data-testid=board]")).to_be_visible()
            expect(board).to_have_attribute("lang", "ru")
            choose_zone_by_clicks(board)
            expect(board.locator("[data-testid=log] li").last).to_contain_text("занимает:")   # the kernel's line
            expect(page.locator(".jp-InputArea, .jp-Cell-inputWrapper")).to_have_count(0)      # no code on screen
            w.shot()

            family = _family(app.pid)
            assert any("ipykernel" in " ".join(p.cmdline()) for p in family[1:]), "no kernel under dictator-app"
            app.send_signal(signal.SIGTERM)
            app.wait(timeout=30)
            gone, alive = psutil.wait_procs(family, timeout=20)
            assert not alive, f"left running after SIGTERM: {[p.cmdline()[:4] for p in alive]}"
            with socket.socket() as s:                          # nobody listens on the port any more
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)      # (the page's closed connections wait)
                s.bind(("127.0.0.1", port))
        finally:                                                # nothing of ours outlives the test
            for p in [*_family(app.pid)[::-1], *family]:
                with contextlib.suppress(psutil.NoSuchProcess):
                    p.kill()
    w.check(allowed=("stylesheet", "font"))        # Voila's icon fonts from a CDN: they fail, only icons are lost
    shared = [e for e in w.errors if "RUNTIME-012" in e or "shared module" in e.lower()]
    assert not shared, "\n".join(shared)
