"""What more random golden games would reach: the branches of the engine and the bots (coverage.py's arcs) that
random games with seeds from ``--seeds`` up to ``--beyond`` reach and the golden games do not.

    DW_PURE=1 python checks/golden_coverage.py --beyond 200     # pure Python: coverage cannot see compiled code

The golden records (``tests/golden/records.py``) hold ``RANDOM_GAMES`` random games and ``GREEDY_GAMES`` Greedy
games of every mission; this says whether more random games would test anything more. On 2026-12-07, random
games with seeds 100-199 reached none of their arcs that seeds 0-99 (with the Greedy games) did not, and seeds
50-99 none either (3 minutes on two processes).
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SOURCES = ["dictator_widget.engine", "dictator_widget.agents"]


def arcs(golden: tuple[str, int, bool]) -> set[tuple[str, int, int]]:
    """The arcs of the engine and the bots that one golden game reaches."""
    import coverage

    cov = coverage.Coverage(branch=True, data_file=None, source=SOURCES, config_file=False)
    cov.set_option("run:disable_warnings", ["module-not-measured"])     # imported by this worker's first game
    cov.start()
    from tests.golden.records import play

    play(*golden)
    cov.stop()
    data = cov.get_data()
    return {(f, a, b) for f in data.measured_files() for a, b in data.arcs(f) or ()}


def reached(games: list[tuple[str, int, bool]], workers: int) -> set[tuple[str, int, int]]:
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:    # the package not yet imported
        return set().union(*pool.map(arcs, games, chunksize=8))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--beyond", type=int, default=200, help="random games' seeds to try, up to (excluded)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    import dictator_widget as dw
    from tests.golden.records import MODES, RANDOM_GAMES, games

    if dw.compiled():
        sys.exit("coverage cannot see compiled modules: run with DW_PURE=1")
    golden = reached(games(), args.workers)
    more = reached([(m, s, False) for m in MODES for s in range(RANDOM_GAMES, args.beyond)], args.workers)
    new = sorted(more - golden)
    print(f"golden games ({len(games())}): {len(golden)} arcs; random seeds {RANDOM_GAMES}-{args.beyond - 1}: "
          f"{len(more)} arcs, {len(new)} not reached by the golden games")
    for f, a, b in new[:40]:
        print(f"  {os.path.relpath(f)}: {a} -> {b}")
    sys.exit(1 if new else 0)


if __name__ == "__main__":
    main()
