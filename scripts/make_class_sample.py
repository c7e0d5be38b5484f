"""notebooks/data/class-sample.jsonl: a scripted class plays on the class server; its export, a game per line.

Eight "students" with three styles (attacking, cautious, random) take seats through ``dw.connect`` and play
a round robin of the standard mission (28 games); four rooms seat a student against the server's Greedy bot. The
teacher's export (``/api/export``) is written a game per line for ``dw.experiments.from_class``.

    .venv/bin/python scripts/make_class_sample.py            # a few minutes
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
import dictator_widget as dw  # noqa: E402
from dictator_widget.engine.content.board import load_board  # noqa: E402
from dictator_widget.serve.cli import child  # noqa: E402
from dictator_widget.ui.seat_client import SeatClient  # noqa: E402

STUDENTS = {"Ann": "attack", "Boris": "attack", "Chen": "cautious", "Dasha": "cautious", "Emil": "random",
            "Fatima": "random", "Gleb": "attack", "Hana": "cautious"}


BOARD = load_board()


def choose(style: str, view: dict, legal: list[str], rng: random.Random) -> str:
    """A student's habit: attack what is in reach and close in on the enemy ("attack"), take Guilds and
    keep away ("cautious"), or anything ("random")."""
    me = view["viewer"]
    enemies = [b["sector"] for b in view["battalions"] if b["owner"] != me and b.get("sector")]
    attacks = [n for n in legal if " attack " in n and " guild " not in n]
    guilds = [n for n in legal if " attack guild " in n]
    moves = [n for n in legal if " move " in n]

    def closer(n: str) -> int:
        return min((BOARD.distance(n.rsplit(" ", 1)[1], e) for e in enemies), default=0)

    if style == "attack":
        if attacks and rng.random() < 0.9:
            return rng.choice(attacks)
        if moves and enemies and rng.random() < 0.8:
            return min(moves, key=lambda n: (closer(n), rng.random()))
    if style == "cautious":
        if guilds and rng.random() < 0.8:
            return rng.choice(guilds)
        if moves and enemies and rng.random() < 0.6:
            return max(moves, key=lambda n: (closer(n), rng.random()))
    return rng.choice(legal)


def play_seat(seat: SeatClient, style: str, seed: int) -> None:
    rng = random.Random(seed)
    while True:
        seat.poll(0.05)
        if seat.over:
            return
        if seat.my_turn:
            seat.act(choose(style, seat.view, seat.legal, rng))


def post(url: str, body: object) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return dict(json.loads(resp.read()))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default=str(REPO / "notebooks" / "data" / "class-sample.jsonl"))
    p.add_argument("--turn-cap", type=int, default=200)   # the cap dw.simulate plays to
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp, child(Path(tmp) / "class.sqlite", "sample") as (url, _):
        pairs = list(itertools.combinations(STUDENTS, 2))
        random.Random(2026).shuffle(pairs)
        tables = [*pairs, ("Ann", None), ("Chen", None), ("Emil", None), ("Gleb", None)]
        threads = []
        for i, (a, b) in enumerate(tables):
            seats = [{}, {}] if b else [{}, {"bot": "greedy"}]
            room = post(url + "/api/rooms", {"mission": "standard", "seed": 1000 + i, "turn_cap": args.turn_cap,
                                             "seats": seats, "bot_delay": 0, "pace": 0})
            for name, code in zip((a, b), room["codes"], strict=True):
                if name is None:
                    continue
                seat = dw.connect(url, code, name=name)
                t = threading.Thread(target=play_seat, args=(seat, STUDENTS[name], 7 * i + len(threads)))
                t.start()
                threads.append(t)
        for t in threads:
            t.join(600)
        with urllib.request.urlopen(url + "/api/export?token=sample", timeout=60) as resp:
            export = json.loads(resp.read())
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as f:
        for game in export["games"]:
            for key in ("created", "updated"):
                game.pop(key, None)           # the sample stays the same when made again
            f.write(json.dumps(game, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"{out}: {len(export['games'])} games")


if __name__ == "__main__":
    main()
