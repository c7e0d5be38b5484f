"""``dictator-sim``: headless batches from the command line.

    dictator-sim --mission standard --agents greedy,random --games 10000 --out results.csv

Writes the table (``.csv``, or ``.parquet`` where pyarrow is installed) and
prints the design metrics. Agents take options after a colon:
``--agents mcts:iterations=200,greedy``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine import DEFAULT_TURN_CAP, DictatorError


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dictator-sim", description="Play batches of Dictator-Control between bots.")
    p.add_argument("--mission", default="standard",
                   help="mission name or a combination such as fog-of-war+chaos (default: standard)")
    p.add_argument("--agents", default="greedy,random",
                   help="one agent per seat, comma-separated: random, greedy, mcts[:iterations=N]")
    p.add_argument("--games", type=int, default=100, help="number of games (default: 100)")
    p.add_argument("--seed", type=int, default=0, help="batch seed (default: 0)")
    p.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP, help=f"turn cap (default: {DEFAULT_TURN_CAP})")
    p.add_argument("--workers", type=int, default=None,
                   help="processes (default: all cores; 1 plays in this process)")
    p.add_argument("--dask", metavar="ADDRESS", default=None,
                   help="a Dask scheduler address (tcp://host:8786) to play on a cluster")
    p.add_argument("--out", type=Path, default=None, help="write the table here: .csv or .parquet")
    p.add_argument("--no-record", action="store_true", help="leave out the record column (the actions)")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no metrics")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from concurrent.futures import Executor, ProcessPoolExecutor

    from . import metrics
    from .simulate import simulate

    agents = [a for a in args.agents.split(",") if a]
    if args.out is not None and args.out.suffix not in (".csv", ".parquet"):
        print(f"dictator-sim: --out must end in .csv or .parquet, not {args.out.name!r}", file=sys.stderr)
        return 2
    try:
        executor: Executor | str | None = None
        client: Any = None
        if args.dask:
            client = importlib.import_module("distributed").Client(args.dask)
            executor = client.get_executor()
        elif args.workers == 1:
            executor = "serial"
        elif args.workers:
            executor = ProcessPoolExecutor(max_workers=args.workers)
        try:
            df = simulate(args.mission, agents, args.games, seed=args.seed, executor=executor,
                          progress=not args.quiet, turn_cap=args.turn_cap, record=not args.no_record)
        finally:
            if isinstance(executor, ProcessPoolExecutor):
                executor.shutdown()
            if client is not None:
                client.close()
    except DictatorError as exc:
        print(f"dictator-sim: {exc}", file=sys.stderr)
        return 2
    if args.out is not None:
        if args.out.suffix == ".parquet":
            try:
                df.to_parquet(args.out, index=False)
            except ImportError:
                print("dictator-sim: Parquet needs pyarrow (pip install 'dictator_widget[parquet]')", file=sys.stderr)
                return 2
        else:
            df.to_csv(args.out, index=False)
    if not args.quiet:
        print(metrics.summary(df))
        if args.out is not None:
            print(f"\nwrote {len(df)} games to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
