"""The bot levels, measured: each level against the one below it, and Greedy against the Greedy before it hunted.

    python studies/levels.py [--games 400] [--hard-games 60] [--random-games 200] [--workers 1] [--seed 0]
                             [--rows easy,normal,hard,hunt]

Every match is seat-rotated (``dw.simulate``: game i gives the upper agent seat i mod 2) on the Standard
mission; a rate is the upper agent's share of the decisive games with its Wilson 95% interval (turn caps
are counted apart). Rows: easy v random (``--random-games``), normal v easy (``--games``), hard v normal
(``--hard-games``: about 6 s a game), and Greedy v ``greedy:hunt=0`` (``--games``), with
a table in the form of docs/what-if-lab.md's ("Bot levels"). ``--workers``: processes per match (1: here).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Executor, ProcessPoolExecutor

import dictator_widget as dw
from dictator_widget.agents.levels import LEVELS
from dictator_widget.experiments.metrics import wilson


def match(upper: str, lower: str, games: int, seed: int, executor: Executor | str) -> dict[str, float]:
    """The upper agent's share of the decisive games of ``games`` seat-rotated games against ``lower``."""
    start = time.time()
    df = dw.simulate("standard", [upper, lower], games, seed=seed, executor=executor, progress=False, record=False)
    decisive = df[df["winner_agent"].notna()]
    won = int((decisive["winner_agent"] == 0).sum())
    lo, hi = wilson(won, len(decisive))
    return {"games": games, "decisive": len(decisive), "won": won, "rate": won / max(1, len(decisive)),
            "lo": lo, "hi": hi, "caps": int((df["end_reason"] == "turn-cap").sum()),
            "median_turns": float(df["turns"].median()), "seconds": round(time.time() - start)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games of normal v easy and of Greedy v the old")
    parser.add_argument("--hard-games", type=int, default=60, help="games of hard v normal (MCTS: slow)")
    parser.add_argument("--random-games", type=int, default=200, help="games of easy v random")
    parser.add_argument("--workers", type=int, default=1, help="processes per match (1: in this process)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rows", default="easy,normal,hard,hunt",
                        help="which matches: easy (v random), normal (v easy), hard (v normal), hunt (Greedy v old)")
    args = parser.parse_args()
    executor: Executor | str = "serial" if args.workers == 1 else ProcessPoolExecutor(max_workers=args.workers)
    wanted = set(args.rows.split(","))
    rows = [(upper, lower, games) for row, upper, lower, games in [
        ("easy", "easy", "random", args.random_games), ("normal", "normal", "easy", args.games),
        ("hard", "hard", "normal", args.hard_games), ("hunt", "greedy", "greedy:hunt=0", args.games)] if row in wanted]
    print("| match | games | decisive | upper wins | rate [95%] | turn caps | median turns | s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for upper, lower, games in rows:
        if games <= 0:
            continue
        r = match(LEVELS.get(upper, upper), LEVELS.get(lower, lower), games, args.seed, executor)
        print(f"| {upper} v {lower} | {games} | {r['decisive']} | {r['won']} | {100 * r['rate']:.1f}% "
              f"[{100 * r['lo']:.1f}, {100 * r['hi']:.1f}] | {r['caps']} | {r['median_turns']:g} | {r['seconds']} |",
              flush=True)
    if isinstance(executor, ProcessPoolExecutor):
        executor.shutdown()


if __name__ == "__main__":
    main()
