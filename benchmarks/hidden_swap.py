"""The swap test at scale: random Fog of War games (and others) checked after every decision.

    python benchmarks/hidden_swap.py [--games 1000] [--mission fog-of-war] [--workers 2]

For every decision of every game and every seat, a twin game permutes what that seat may
not know (face-down cards, the Hireling deck, secret hands) and the seat's observation
(view, decisions owed, options, log, refusals) must be the same in both, before and after
the same next decision (``tests/swap.py``). Agents are mixed per game (random, greedy and
now and then a small MCTS) and the rule variants rotate. Prints the games, decisions,
seat-views and one-step comparisons checked, and the time; any difference stops the run
with the game's seed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from swap import swap_check  # noqa: E402

import dictator_widget as dw  # noqa: E402
from dictator_widget.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent  # noqa: E402

VARIANTS = [{}, {"reactive_phases": True}, {"alternating_activation": True}, {"siege_tokens": True},
            {"exhaustion": True}, {"hirelings": False}, {"d10_collision": True}, {"battalion_size": 4}]


def agents_for(seed: int, players: int) -> list[Agent]:
    out: list[Agent] = []
    for p in range(players):
        kind = (seed * 7 + p) % 10
        if kind == 0:
            out.append(MCTSAgent(seed=seed + p, iterations=20))
        elif kind < 5:
            out.append(GreedyAgent(seed=seed + p))
        else:
            out.append(RandomAgent(seed=seed + p))
    return out


def check(args: tuple[str, int]) -> Counter[str]:
    mission, seed = args
    counts: Counter[str] = Counter()
    game = dw.Game.new(mission, seed=seed, variants=VARIANTS[seed % len(VARIANTS)])
    swap_check(game, agents_for(seed, game.num_players), random.Random(seed), counts)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--mission", default="fog-of-war")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    total: Counter[str] = Counter()
    jobs = [(args.mission, seed) for seed in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for i, counts in enumerate(pool.map(check, jobs, chunksize=4), 1):
            total.update(counts)
            if i % 100 == 0:
                print(f"{i} games, {time.perf_counter() - start:.0f} s", flush=True)
    seconds = time.perf_counter() - start
    print(f"{args.mission}: {total['games']} games, {total['decisions']} decisions, {total['seat-views']} "
          f"seat-views and {total['steps']} one-step comparisons checked, no difference; "
          f"{seconds:.0f} s on {args.workers} processes")


if __name__ == "__main__":
    main()
