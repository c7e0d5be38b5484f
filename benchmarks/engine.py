"""Engine speed: random play of the Standard mission on one core, against python-chess.

    python benchmarks/engine.py [--seconds 10]

Prints decisions per second and games per second for Dictator-Control, the
random-play plies per second of python-chess (``legal_moves``, ``push``,
``is_game_over`` each ply) on the same machine in the same run, and the ratio.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import chess

import dictator_widget as dw


def dictator(seconds: float) -> tuple[float, float, dict[str, int]]:
    decisions = games = 0
    ends: dict[str, int] = {}
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        game = dw.Game.new("standard", seed=seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
        ends[game.end_reason or "?"] = ends.get(game.end_reason or "?", 0) + 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed, ends


def python_chess(seconds: float) -> float:
    plies = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
        seed += 1
    return plies / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each engine")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:.0f} s each")
    dps, gps, ends = dictator(args.seconds)
    print(f"dictator_widget: {dps:10,.0f} decisions/s  {gps:8.2f} games/s  ends {ends}")
    pps = python_chess(args.seconds)
    print(f"python-chess   : {pps:10,.0f} plies/s (chess {chess.__version__})")
    print(f"ratio          : {dps / pps:10.2f}  (Dictator decisions per chess ply; target >= 1.0)")


if __name__ == "__main__":
    main()
