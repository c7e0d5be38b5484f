"""Servers for the other hosts of the widget (docs/classroom.md): Notebook 7 and
marimo, each on a free port of 127.0.0.1 with its own Jupyter directories under a temporary folder."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from labserver import REPO, _free_port, serve, wait_for_http

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def jupyter_env(base: Path) -> dict[str, str]:
    return {**os.environ, "JUPYTER_CONFIG_DIR": str(base / "config"), "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
            "JUPYTERLAB_SETTINGS_DIR": str(base / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
            "TMPDIR": str(base)}


@contextmanager
def notebook7(base: Path) -> Iterator[str]:
    """Jupyter Notebook 7 over a copy of notebooks/; yields the URL of 01-play.ipynb (token included)."""
    shutil.copytree(REPO / "notebooks", base / "root" / "notebooks")
    notify = base / "settings" / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True)
    (notify / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false",
                                                                        "checkForUpdates": False}))
    token, port = secrets.token_hex(16), _free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "notebook", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={base / 'root'}",
           "--JupyterNotebookApp.news_url=None"]
    with serve(cmd, f"{url}/api/status?token={token}", base, jupyter_env(base)):
        yield f"{url}/notebooks/notebooks/01-play.ipynb?token={token}"


@contextmanager
def marimo(base: Path) -> Iterator[str]:
    """``marimo run notebooks/marimo-play.py`` (the notebook as an app); yields its URL."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "marimo", "run", str(REPO / "notebooks" / "marimo-play.py"), "--headless",
           "--host", "127.0.0.1", "--port", str(port), "--no-token"]
    with serve(cmd, url, base, jupyter_env(base)):
        yield url


def outside(requests: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (url, resource type) of requests that left loopback."""
    return sorted({(u, kind) for u, kind in requests
                   if urlparse(u).scheme not in ("data", "blob") and urlparse(u).hostname not in LOOPBACK})


def wait_for_idle_kernel(page_url: str, seconds: float = 120) -> None:
    """Waits until the Jupyter server behind ``page_url`` (token in its query) has an idle kernel: the
    notebook's kernel has started (Notebook 7 shows no kernel status to wait on)."""
    url = urlparse(page_url)
    api = f"{url.scheme}://{url.netloc}/api/kernels?token={parse_qs(url.query)['token'][0]}"
    wait_for_http(api, failure=f"no idle kernel at {api} after {seconds} s", seconds=seconds,
                  ready=lambda body: any(k["execution_state"] == "idle" for k in json.loads(body)))
