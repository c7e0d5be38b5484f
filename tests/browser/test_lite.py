"""The JupyterLite site (``make lite``) served from build/lite on loopback: the play notebook runs in
Pyodide, a move is made by clicks, and no request leaves the machine."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from .clicks import choose_zone_by_clicks
from .conftest import ARTIFACTS
from .labserver import REPO, _free_port, wait_for_http

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lite")]

LITE_TIMEOUT = 180_000             # Pyodide's first start and the piplite install: ~25 s alone, more under load
IDLE = "Python (Pyodide) | Idle"
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


@pytest.fixture(scope="module")
def lite_site() -> Iterator[str]:
    """build/lite (built by scripts/build_lite.py, cached on its inputs), served on 127.0.0.1."""
    site = REPO / "build" / "lite"
    subprocess.run([sys.executable, str(REPO / "scripts" / "build_lite.py"), "--out", str(site)],
                   check=True, capture_output=True, text=True)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_http(f"{url}/index.html", server)
        yield url
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=10)


def test_the_lite_site_plays_offline(browser: Any, lite_site: str) -> None:
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.set_default_timeout(LITE_TIMEOUT)
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"{lite_site}/lab/index.html?path=01-play.ipynb")
        expect(page.get_by_text(IDLE)).to_be_visible(timeout=LITE_TIMEOUT)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        w = page.locator("[data-testid=dictator-widget]").nth(1)     # 01-play: the Skirmish, then Standard
        expect(w.locator("[data-testid=board]")).to_be_visible(timeout=LITE_TIMEOUT)
        expect(page.get_by_text(IDLE)).to_be_visible(timeout=LITE_TIMEOUT)
        w.scroll_into_view_if_needed()
        notation = choose_zone_by_clicks(w)
        zone = notation.split()[1].capitalize()            # the kernel (Pyodide, in the page) wrote the log line
        expect(w.locator("[data-testid=log] li").filter(has_text=f"takes the {zone} Zone")).to_have_count(1)
        ARTIFACTS.mkdir(exist_ok=True)
        w.screenshot(path=str(ARTIFACTS / "lite-played.png"))
    finally:
        page.context.close()
    outside = sorted({u for u in requests if urlparse(u).scheme not in ("data", "blob")
                      and urlparse(u).hostname not in LOOPBACK})
    assert not outside, f"requests left loopback: {outside}"
    assert any(u.endswith("pyodide.asm.wasm") for u in requests), "Pyodide did not come from the site"
    ours = [e for e in errors if "dictator" in e.lower() or "anywidget" in e.lower()]
    assert not ours, ours


def test_the_site_holds_every_notebook_that_runs_there_and_no_other() -> None:
    """04 and 06 import pandas and matplotlib, which the offline site cannot serve (no Pyodide build of numpy,
    pandas or matplotlib for its Pyodide on npm or PyPI): shipping them, as the site did, gave two notebooks that
    fail at their first import. scripts/build_lite.py refuses such a notebook; the site holds all the others."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_lite", REPO / "scripts" / "build_lite.py")
    assert spec is not None and spec.loader is not None
    build_lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_lite)
    lessons = sorted(p.name for p in (REPO / "notebooks").glob("0*.ipynb"))
    runs_there = [name for name in lessons if not build_lite.lite_ready(REPO / "notebooks" / name)]
    assert sorted(build_lite.NOTEBOOKS) == runs_there == ["01-play.ipynb", "02-training-mission.ipynb"]
    assert build_lite.lite_ready(REPO / "notebooks" / "04-design-a-card.ipynb") == ["matplotlib", "pandas"]
    with pytest.raises(SystemExit, match="06-scenarios-and-odds.ipynb cannot run on the site: it imports matplotlib"):
        build_lite.notebook_with_install_cell(REPO / "notebooks" / "06-scenarios-and-odds.ipynb", REPO / "x.ipynb")
