"""The class server as a real process on a loopback port (uvicorn), and helpers to make rooms and seats."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

REPO = Path(__file__).resolve().parents[2]
TEACHER = "teacher-token-for-tests"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    db: Path
    proc: subprocess.Popen[bytes]

    def get(self, path: str) -> Any:
        try:
            with urllib.request.urlopen(self.url + path, timeout=30) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return {"status": exc.code, **json.loads(exc.read())}

    def post(self, path: str, body: Any) -> Any:
        req = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                return json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return {"status": exc.code, **json.loads(exc.read())}

    def room(self, **spec: Any) -> dict[str, Any]:
        made = self.post("/api/rooms", spec)
        assert "codes" in made, made
        return dict(made)

    def export(self) -> dict[str, Any]:
        return dict(self.get(f"/api/export?token={TEACHER}"))

    def save_of(self, room: str) -> str:
        game = next(g for g in self.export()["games"] if g["room"] == room)
        return json.dumps(game["save"], ensure_ascii=False, separators=(",", ":"))


@contextmanager
def running_server(db: Path, port: int | None = None) -> Iterator[Server]:
    """``dictator-serve`` in a child process (killed at the end if still alive)."""
    port = port or free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "dictator_widget.serve.cli", "--port", str(port), "--db", str(db),
                             "--teacher-token", TEACHER], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server = Server(f"http://127.0.0.1:{port}", db, proc)
    deadline = time.monotonic() + 30
    while True:
        try:
            server.get("/api/rooms")
            break
        except (urllib.error.URLError, ConnectionError):
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode() if proc.stderr else ""
                raise RuntimeError(f"dictator-serve did not start: {err}") from None
            time.sleep(0.05)
    try:
        yield server
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("serve") / "class.sqlite") as s:
        yield s
