"""Load on the class server: G games x 2 websocket seats (30 seats by default) playing whole games.

Loopback only, bounded: it starts ``dictator-serve`` as a child process on 127.0.0.1 with a temporary SQLite
file, plays, stops it and prints the figures (and writes them as JSON with ``--json``). Two paces:

* ``human``: each seat thinks ``--think`` seconds (uniform in [0.5x, 1.5x]) before each decision, as a class
  would; runs ``--duration`` seconds (games that end start again in a new room);
* ``full``: every seat answers at once, whole games (``--turn-cap`` turns) as fast as the server goes.

Latency is action-to-view: from a seat sending its decision to that seat receiving its new view (the server
commits the decision to SQLite before it answers). Memory is the server process's resident set.

    .venv/bin/python benchmarks/serve_load.py --games 15 --pace full
    .venv/bin/python benchmarks/serve_load.py --games 15 --pace human --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import psutil
from websockets.asyncio.client import connect

from dictator_widget.serve.cli import child

REPO = Path(__file__).resolve().parents[1]


def post(url: str, body: Any) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


class Seat:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.changed = asyncio.Event()

    bytes_in = 0
    frames_in = 0

    async def reader(self) -> None:
        async for text in self.ws:
            Seat.bytes_in += len(text)
            Seat.frames_in += 1
            m = json.loads(text)
            if m.get("type") == "update" and "view" in m.get("traits", {}):
                self.view = m["traits"]["view"]
                self.changed.set()


async def play_room(url: str, ws_url: str, args: argparse.Namespace, rng: random.Random, latencies: list[float],
                    stop_at: float, counts: dict[str, int]) -> None:
    while time.monotonic() < stop_at:
        room = await asyncio.to_thread(post, f"{url}/api/rooms", {"mission": args.mission, "turn_cap": args.turn_cap,
                                                                  "seats": [{}, {}], "pace": 0})
        seats = []
        for i, code in enumerate(room["codes"]):
            claim = await asyncio.to_thread(post, f"{url}/api/claim", {"code": code, "name": f"s{rng.random():.6f}{i}"})
            ws = await connect(f"{ws_url}/ws?code={code}&token={claim['token']}", max_size=1 << 24)
            seat = Seat(ws)
            seats.append(seat)
            asyncio.get_running_loop().create_task(seat.reader())
        for s in seats:
            while not s.view:
                await asyncio.sleep(0.01)
        while time.monotonic() < stop_at:
            if any(s.view.get("is_over") for s in seats):
                counts["games"] += 1
                break
            mover = next((s for s in seats if s.view.get("legal")), None)
            if mover is None:
                await asyncio.wait([asyncio.create_task(s.changed.wait()) for s in seats], timeout=1,
                                   return_when=asyncio.FIRST_COMPLETED)
                for s in seats:
                    s.changed.clear()
                continue
            if args.pace == "human":
                await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
            legal = mover.view["legal"]
            notation = rng.choice(legal)[0]
            mover.changed.clear()
            t0 = time.perf_counter()
            await mover.ws.send(json.dumps({"type": "act", "notation": notation}))
            await mover.changed.wait()
            latencies.append(time.perf_counter() - t0)
            counts["decisions"] += 1
        for s in seats:
            await s.ws.close()
        if args.pace == "full":           # one whole game per room
            return


async def run(args: argparse.Namespace, url: str, server: psutil.Process) -> dict[str, Any]:
    ws_url = url.replace("http://", "ws://")
    latencies: list[float] = []
    counts = {"decisions": 0, "games": 0}
    rss: list[int] = []
    stop_at = time.monotonic() + (args.duration if args.pace == "human" else args.max_seconds)

    async def sample() -> None:
        while True:
            rss.append(server.memory_info().rss)
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    cpu0 = server.cpu_times()
    own0 = time.process_time()
    t0 = time.monotonic()
    await asyncio.gather(*(play_room(url, ws_url, args, random.Random(i), latencies, stop_at, counts)
                           for i in range(args.games)))
    wall = time.monotonic() - t0
    sampler.cancel()
    cpu1 = server.cpu_times()
    own = time.process_time() - own0
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [float("nan")] * 99
    return {
        "pace": args.pace, "games_at_once": args.games, "seats": 2 * args.games, "games_finished": counts["games"],
        "decisions": counts["decisions"], "seconds": round(wall, 1),
        "decisions_per_s": round(counts["decisions"] / wall, 1),
        "latency_ms": {"p50": round(q[49] * 1000, 1), "p95": round(q[94] * 1000, 1), "p99": round(q[98] * 1000, 1),
                       "max": round(max(latencies) * 1000, 1) if latencies else None},
        "server_cpu_s": round((cpu1.user + cpu1.system) - (cpu0.user + cpu0.system), 1),
        "clients_cpu_s": round(own, 1),
        "frame_kib_mean": round(Seat.bytes_in / max(1, Seat.frames_in) / 1024, 1),
        "load_average_1min": round(os.getloadavg()[0], 1),
        "server_rss_mib": {"start": round(rss[0] / 2**20, 1) if rss else None,
                           "peak": round(max(rss) / 2**20, 1) if rss else None},
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=15, help="games at once (2 seats each)")
    p.add_argument("--pace", choices=("full", "human"), default="full")
    p.add_argument("--think", type=float, default=2.0, help="human pace: mean seconds per decision")
    p.add_argument("--duration", type=float, default=60.0, help="human pace: seconds to play")
    p.add_argument("--max-seconds", type=float, default=300.0, help="full pace: stop after this long at most")
    p.add_argument("--mission", default="standard")
    p.add_argument("--turn-cap", type=int, default=8)
    p.add_argument("--json", help="write the figures here too")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp, child(Path(tmp) / "load.sqlite", "bench") as (url, proc):
        figures = asyncio.run(run(args, url, psutil.Process(proc.pid)))
    print(json.dumps(figures, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
