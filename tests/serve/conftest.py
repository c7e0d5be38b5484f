"""The class server as a real process on a loopback port (uvicorn), and helpers to make rooms and seats."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
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

from dictator_widget.serve.cli import child, free_port  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
TEACHER = "teacher-token-for-tests"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist (make test) the server's tests share one worker: one server, one Chromium."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.xdist_group("serve"))


@dataclass
class Server:
    url: str
    db: Path | str
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
def running_server(db: Path | str, port: int | None = None) -> Iterator[Server]:
    """``dictator-serve`` in a child process (killed at the end if still alive)."""
    with child(db, TEACHER, port) as (url, proc):
        yield Server(url, db, proc)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("serve") / "class.sqlite") as s:
        yield s


def _postgres_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(candidates[-1]) if candidates else None


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A throw-away PostgreSQL cluster (Debian's package) on a unix socket in a new folder; its address.

    Skips when PostgreSQL or psycopg is missing (CI machines start without them: docs/classroom.md)."""
    pytest.importorskip("psycopg")
    initdb, pg_ctl = _postgres_bin("initdb"), _postgres_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("no PostgreSQL here (apt-get install postgresql)")
    base = Path(tempfile.mkdtemp(prefix="dw-pg-"))        # not under pytest's root-only tmp: postgres reads it
    as_user: list[str] = []
    if os.geteuid() == 0:                                   # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(base, "postgres")
    data = base / "data"
    subprocess.run([*as_user, initdb, "-D", str(data), "-A", "trust", "-U", "dw"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port = free_port()
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(base / "log"), "-w", "-o",
                    f"-p {port} -k {base} -c listen_addresses='' -c fsync=on", "start"], check=True,
                   stdout=subprocess.DEVNULL)
    try:
        yield f"postgresql://dw@/postgres?host={base}&port={port}"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(base, ignore_errors=True)
