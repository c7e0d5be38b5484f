"""Simulation speed: games per second on one core and on two, and MCTS time per decision.

    python benchmarks/simulate.py [--games 400] [--agents greedy,random] [--mcts-decisions 10] [--strength]

Prints games/s for ``dw.simulate`` played serially (one core) and on a
process pool of two, the two-process speed-up (target >= 1.7x), and the
milliseconds an ``MCTSAgent(iterations=1000)`` takes per searched decision.
``--strength`` also plays the win-rate matches of the tests (Greedy against
Random in 200 games, MCTS at the tests' budget against Greedy in 100).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, MCTSAgent

MCTS_TEST_SPEC = "mcts:iterations=200"


def games_per_second(agents: list[str], games: int, workers: int) -> tuple[float, int]:
    start = time.perf_counter()
    if workers == 1:
        table = dw.simulate("standard", agents, games, seed=1, executor="serial", progress=False)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            table = dw.simulate("standard", agents, games, seed=1, executor=pool, progress=False)
    elapsed = time.perf_counter() - start
    return games / elapsed, int(table["decisions"].sum())


def mcts_ms_per_decision(decisions: int, iterations: int = 1000) -> float:
    """Mean time of a searched decision (no shortcut for clear choices) through a greedy game."""
    game = dw.Game.new("standard", seed=11)
    greedy = GreedyAgent(seed=1)
    agent = MCTSAgent(seed=0, iterations=iterations, margin=0)
    times: list[float] = []
    while len(times) < decisions and not game.is_over:
        if len(game.legal_actions()) > 1 and len(game.history) >= 20:
            start = time.perf_counter()
            agent.act(game)
            times.append(time.perf_counter() - start)
        game.apply(greedy.act(game))
    return 1000 * sum(times) / max(1, len(times))


def win_rate(agents: list[str], games: int) -> str:
    table = dw.simulate("standard", agents, games, seed=0, progress=False)
    wins = int((table["winner_agent"] == 0).sum())
    return f"{agents[0]} beats {agents[1]} in {wins}/{games} games ({wins / games:.0%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per measurement")
    parser.add_argument("--agents", default="greedy,random")
    parser.add_argument("--mcts-decisions", type=int, default=10)
    parser.add_argument("--strength", action="store_true", help="also play the tests' win-rate matches")
    args = parser.parse_args()
    agents = args.agents.split(",")
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"{args.games} games of {' v '.join(agents)} each")
    load = os.getloadavg()[0]
    if load > 0.5:
        print(f"warning: load average {load:.1f} before starting; other work shares the cores, "
              "so the figures (the speed-up above all) understate an idle machine")
    dw.simulate("standard", agents, 2, executor="serial", progress=False)          # warm the caches
    one, decisions = games_per_second(agents, args.games, 1)
    two, _ = games_per_second(agents, args.games, 2)
    print(f"one core   : {one:8.1f} games/s  ({decisions / args.games:.0f} decisions a game)")
    print(f"two cores  : {two:8.1f} games/s")
    print(f"speed-up   : {two / one:8.2f}x  (target >= 1.7x)")
    ms = mcts_ms_per_decision(args.mcts_decisions)
    print(f"MCTS       : {ms:8.1f} ms per decision at 1,000 iterations ({args.mcts_decisions} decisions)")
    if args.strength:
        print(win_rate(["greedy", "random"], 200))
        print(win_rate([MCTS_TEST_SPEC, "greedy"], 100))


if __name__ == "__main__":
    main()
