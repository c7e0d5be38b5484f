"""``dictator-serve``: the classroom server on one machine (``make serve``).

>>> parser().parse_args(["--port", "9000"]).port
9000
>>> import tempfile, pathlib
>>> db = str(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> teacher_token(db) == teacher_token(db)          # kept beside the database: the link survives a restart
True
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dictator-serve", description="Dictator-Control for a class: one game "
                                "server, a seat per browser, a teacher's dashboard (docs/classroom.md).")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole school network)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--db", default="classroom.sqlite",
                   help="the SQLite file holding every room and decision, or a postgresql:// address")
    p.add_argument("--teacher-token", default=os.environ.get("DW_TEACHER_TOKEN"),
                   help="the dashboard's token (default: $DW_TEACHER_TOKEN, else the one kept in DB.teacher, "
                        "made at the first start)")
    p.add_argument("--cards", default=None, help="a folder of teachers' card sets (one sub-folder of TOML each)")
    p.add_argument("--max-rooms", type=int, default=500, help="refuse new rooms beyond this many")
    p.add_argument("--fsync", action="store_true", help="fsync every decision (survives a power cut; slower)")
    p.add_argument("--log-level", default="warning")
    return p


def teacher_token(db: str) -> str:
    """The dashboard's token: kept beside an SQLite file (``classroom.sqlite.teacher``, readable by its owner
    only) so the dashboard's link survives a restart; a new one for a PostgreSQL store."""
    if db.startswith(("postgresql://", "postgres://")) or db == ":memory:":
        return secrets.token_urlsafe(18)
    path = Path(db + ".teacher")
    if path.is_file():
        return path.read_text(encoding="utf-8").strip()
    token = secrets.token_urlsafe(18)
    path.touch(mode=0o600)
    path.write_text(token + "\n", encoding="utf-8")
    return token


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    try:
        import uvicorn
    except ImportError:                                     # pragma: no cover
        sys.exit("dictator-serve needs the serve extra: pip install 'dictator_widget[serve]'")
    from .app import create_app
    from .store import open_store

    token = args.teacher_token or teacher_token(args.db)
    app = create_app(open_store(args.db, fsync=args.fsync), teacher_token=token,
                     cards_root=Path(args.cards) if args.cards else None, max_rooms=args.max_rooms)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"dictator-serve: lobby      http://{shown}:{args.port}/", flush=True)
    print(f"dictator-serve: dashboard  http://{shown}:{args.port}/teacher?token={token}", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=1 << 20,
                ws="websockets-sansio")


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def child(db: str | Path, teacher: str, port: int | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``dictator-serve`` in a child process on loopback, once it answers: yields its address and process, and
    stops it at the end (SIGTERM, then kill). For tests, benchmarks and scripts."""
    port = port or free_port()
    package = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-m", "dictator_widget.serve.cli", "--port", str(port), "--db", str(db),
                             "--teacher-token", teacher], cwd=package,
                            env={**os.environ, "PYTHONPATH": str(package)},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/api/rooms", timeout=1).read()
            break
        except (urllib.error.URLError, ConnectionError):
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode() if proc.stderr and proc.poll() is not None else ""
                proc.kill()
                raise RuntimeError(f"dictator-serve did not start: {err}") from None
            time.sleep(0.05)
    try:
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    main()
