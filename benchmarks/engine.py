"""Engine speed: random play of the Standard mission on one core, against python-chess.

    python benchmarks/engine.py [--rounds 8] [--seconds 2] [--mcts-rounds 3] [--mcts-positions 40]

Runs the two engines in alternating rounds of ``--seconds`` of this process's CPU
time each (``time.process_time``: a busy machine slows the wall clock, not the
count), so both see the same machine, and reports each one's best round (the
host's speed drifts from minute to minute: eight rounds find its good minutes):
decisions per second and games per second for Dictator-Control, random-play
plies per second for python-chess (``legal_moves``, ``push`` and
``is_game_over`` each ply), and their ratio; then MCTS iterations per second: the best of
``--mcts-rounds`` rounds, each searching the same ``--mcts-positions`` positions (``MCTSAgent(iterations=200)``
at the decisions with a choice of seeded Standard games that Greedy plays, up to turn 12). The load average
is printed before and after: the machine may be shared; so is the build that runs (``dw.compiled()``: pure
Python, or the modules ``make compiled`` built; ``DW_PURE=1`` runs pure Python over a build).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Iterator

import chess

import dictator_widget as dw


def dictator_games() -> Iterator[tuple[int, str]]:
    """Endless seeded random games: yields (decisions, end reason) per game."""
    seed = 0
    while True:
        rng = random.Random(seed)
        game = dw.Game.new("standard", seed=seed)
        n = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            n += 1
        yield n, game.end_reason or "?"
        seed += 1


def chess_games() -> Iterator[tuple[int, str]]:
    seed = 0
    while True:
        rng = random.Random(seed)
        board = chess.Board()
        n = 0
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            n += 1
        yield n, "chess"
        seed += 1


def run_round(games: Iterator[tuple[int, str]], seconds: float, ends: dict[str, int]) -> tuple[float, float]:
    """Play whole games for about ``seconds``; returns (steps per second, games per second)."""
    steps = count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        n, end = next(games)
        steps += n
        count += 1
        ends[end] = ends.get(end, 0) + 1
    elapsed = time.process_time() - start
    return steps / elapsed, count / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each round")
    parser.add_argument("--mcts-rounds", type=int, default=3, help="MCTS rounds (0: no MCTS)")
    parser.add_argument("--mcts-positions", type=int, default=40, help="searches in each MCTS round")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.rounds} alternating rounds of {args.seconds:g} s; load average {_load()}")
    compiled = dw.compiled()
    build = f"compiled by mypyc (make compiled), {len(compiled)} modules" if compiled else "pure Python"
    print(f"build          : {build}  ({dw.__file__})")
    ours, theirs = dictator_games(), chess_games()
    ends: dict[str, int] = {}
    best_d = best_g = best_c = 0.0
    for _ in range(args.rounds):
        d, g = run_round(ours, args.seconds, ends)
        c, _ = run_round(theirs, args.seconds, {})
        best_d, best_g, best_c = max(best_d, d), max(best_g, g), max(best_c, c)
    print(f"dictator_widget: {best_d:10,.0f} decisions/s  {best_g:8.2f} games/s  (ends {ends})")
    print(f"python-chess   : {best_c:10,.0f} plies/s (chess {chess.__version__})")
    print(f"ratio          : {best_d / best_c:10.2f}  (Dictator decisions per chess ply; target >= 3.0)")
    if args.mcts_rounds > 0:
        positions = mcts_positions(args.mcts_positions)
        best_m = max(mcts_rate(positions) for _ in range(args.mcts_rounds))
        print(f"MCTS           : {best_m:10,.0f} iterations/s (200 a decision, {len(positions)} positions, "
              f"best of {args.mcts_rounds})")
    print(f"load average   : {_load()}")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def mcts_positions(count: int) -> list[dw.Game]:
    """The first ``count`` decisions with a choice in seeded Standard games that Greedy plays (to turn 12)."""
    from dictator_widget.agents import GreedyAgent

    greedy, out, seed = GreedyAgent(seed=0), [], 0
    while len(out) < count:
        game = dw.Game.new("standard", seed=seed, placement="fixed")
        while not game.is_over and game.turn < 12 and len(out) < count:
            if len(game.legal_actions()) > 1:
                out.append(game.clone(history=False))
            game.apply(greedy.act(game))
        seed += 1
    return out


def mcts_rate(positions: list[dw.Game]) -> float:
    """MCTS iterations per CPU second: ``MCTSAgent.search`` (200 iterations) at each of ``positions``, after
    the Greedy scores of its root."""
    from dictator_widget.agents import MCTSAgent

    agent = MCTSAgent(seed=0, iterations=200)
    start = time.process_time()
    for game in positions:
        agent.search(game, agent.policy.scores(game, game.legal_actions()))
    return len(positions) * agent.iterations / (time.process_time() - start)


if __name__ == "__main__":
    main()
