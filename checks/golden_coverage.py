"""What more random golden games would reach: the branches of the engine and the bots (coverage.py's arcs) that
random games with seeds from ``--golden`` up to ``--beyond`` reach and the golden games (random seeds below
``--golden``, and the Greedy games) do not.

    DW_PURE=1 python checks/golden_coverage.py --beyond 200                # pure Python: coverage cannot see
    DW_PURE=1 python checks/golden_coverage.py --golden 50 --beyond 100    # compiled code
    DW_PURE=1 python checks/golden_coverage.py --cover                     # rewrite tests/golden/pure.json

The golden records (``tests/golden/records.py``) hold ``RANDOM_GAMES`` random games and ``GREEDY_GAMES`` Greedy
games of every mission; this says whether more random games would test anything more. On 2026-12-07, random
games with seeds 100-199 reached none of their arcs that seeds 0-99 (with the Greedy games) did not, and seeds
50-99 none either (3 minutes on two processes). Arcs are not everything: cards are data, and which card meets which
target keeps growing with more games (8% more card-and-target pairs in seeds 100-199), so the cut is a trade.

``--cover`` chooses the golden games that ``tests/test_compiled.py`` replays under pure Python: few games that
together reach every arc the golden games reach, each twice (each step takes the game that adds the most arcs still
wanted, the first in the records' order on a tie), written to ``tests/golden/pure.json``. The suite replays every golden
game compiled; what the pure replay checks is that pure Python and mypyc's build take each branch alike, and these
games take every branch the golden games take. Each game is measured with the package's caches emptied, so
that the choice does not depend on which games a process played first: about 2.5 minutes on two processes.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SOURCES = ["dictator_widget.engine", "dictator_widget.agents"]
COVER = Path(__file__).resolve().parent.parent / "tests" / "golden" / "pure.json"
TIMES = 2       # each arc reached by two of the pure replay's games (where two golden games reach it)
Arc = tuple[str, int, int]


def import_all() -> None:
    """Every module of :data:`SOURCES` imported, also those a game imports only when it needs them: a worker's
    start, before any measure (module bodies are no game's arcs)."""
    import tests.golden.records  # noqa: F401

    for source in SOURCES:
        package = importlib.import_module(source)
        for found in pkgutil.walk_packages(package.__path__, source + "."):
            importlib.import_module(found.name)


def arcs(golden: tuple[str, int, bool]) -> set[Arc]:
    """The arcs of the engine and the bots that one golden game reaches, whichever games its process played
    before (:func:`import_all` ran first; every cache of the package is emptied, so what a cached function does is
    measured in each game that calls it)."""
    import coverage

    from tests.golden.records import play

    for module in [m for name, m in sys.modules.items() if name.startswith("dictator_widget")]:
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    cov = coverage.Coverage(branch=True, data_file=None, source=SOURCES, config_file=False)
    cov.set_option("run:disable_warnings", ["module-not-measured"])     # imported before the measure
    cov.start()
    play(*golden)
    cov.stop()
    data = cov.get_data()
    return {(f, a, b) for f in data.measured_files() for a, b in data.arcs(f) or ()}


def each_reached(games: list[tuple[str, int, bool]], workers: int) -> list[set[Arc]]:
    """The arcs each of ``games`` reaches, played on ``workers`` processes."""
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=import_all) as pool:
        return list(pool.map(arcs, games, chunksize=8))


def reached(games: list[tuple[str, int, bool]], workers: int) -> set[Arc]:
    """The arcs that any of ``games`` reaches."""
    return set().union(*each_reached(games, workers))


def cover(found: list[set[Arc]], times: int = TIMES) -> list[int]:
    """Indices of a few of ``found`` that hold each element of them all ``times`` times (or as often as ``found``
    does, if less), chosen greedily: each step the one that adds the most still wanted, the first on a tie.

    >>> cover([{1, 2}, {2, 3, 4}, {1}, {5}], times=1)
    [1, 0, 3]
    >>> cover([{1, 2}, {2, 3, 4}, {1}, {5}], times=2)
    [1, 0, 2, 3]
    """
    wanted = Counter(a for arcs in found for a in arcs)
    for a in wanted:
        wanted[a] = min(wanted[a], times)
    chosen: list[int] = []
    while +wanted:
        best = max((i for i in range(len(found)) if i not in chosen),
                   key=lambda i: (sum(1 for a in found[i] if wanted[a] > 0), -i))
        chosen.append(best)
        wanted.subtract(found[best])
    return chosen


def write_cover(workers: int) -> None:
    """tests/golden/pure.json: the golden games the pure replay plays (``--cover``)."""
    from tests.golden.records import games, key

    every = games()
    found = each_reached(every, workers)
    chosen = sorted(cover(found))
    COVER.write_text(json.dumps({"games": [key(*every[i]) for i in chosen]}, indent=0) + "\n")
    print(f"{len(chosen)} of {len(every)} golden games reach all {len(set().union(*found))} arcs, each {TIMES} "
          f"times where the golden games do: {COVER}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--golden", type=int, help="the golden random games' seeds: below this (RANDOM_GAMES)")
    parser.add_argument("--beyond", type=int, default=200, help="random games' seeds to try, up to (excluded)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cover", action="store_true", help="write the pure replay's games (tests/golden/pure.json)")
    args = parser.parse_args()
    import dictator_widget as dw
    from tests.golden.records import MODES, RANDOM_GAMES, games

    if dw.compiled():
        sys.exit("coverage cannot see compiled modules: run with DW_PURE=1")
    if args.cover:
        write_cover(args.workers)
        return
    below = RANDOM_GAMES if args.golden is None else args.golden
    mine = [g for g in games() if g[2] or g[1] < below]
    golden = reached(mine, args.workers)
    more = reached([(m, s, False) for m in MODES for s in range(below, args.beyond)], args.workers)
    new = sorted(more - golden)
    print(f"golden games ({len(mine)}): {len(golden)} arcs; random seeds {below}-{args.beyond - 1}: "
          f"{len(more)} arcs, {len(new)} not reached by the golden games")
    for f, a, b in new[:40]:
        print(f"  {os.path.relpath(f)}: {a} -> {b}")
    sys.exit(1 if new else 0)


if __name__ == "__main__":
    main()
