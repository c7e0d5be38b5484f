"""The cost of a position's copy (the undo snapshot every decision takes), and its share of random play.

    python benchmarks/state_copy.py [--games 20] [--rounds 5]

Plays ``--games`` seeded random Standard games, keeping every position met, then, in ``--rounds``
rounds of CPU time (``time.process_time``), copies all of them (``state.copy()``) and replays the
games (random play, as ``benchmarks/engine.py``); reports the best round of each: microseconds a
copy, decisions per second, and the copies' share of random play (one copy a decision, plus one a
battle's explicit stop: counted, not guessed).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import dictator_widget as dw


def play(seed: int, keep: list[object] | None = None) -> int:
    rng = random.Random(seed)
    game = dw.Game.new("standard", seed=seed)
    n = 0
    while not game.is_over:
        if keep is not None:
            keep.append(game.state)
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    states: list[object] = []
    decisions = sum(play(seed, states) for seed in range(args.games))
    copies = 0
    original = type(states[0]).copy

    def counted(self):  # type: ignore[no-untyped-def]
        nonlocal copies
        copies += 1
        return original(self)

    type(states[0]).copy = counted  # type: ignore[method-assign]
    per_decision = sum(play(seed) for seed in range(3))
    per_decision = copies / per_decision
    type(states[0]).copy = original  # type: ignore[method-assign]
    best_copy = best_play = float("inf")
    for _ in range(args.rounds):
        start = time.process_time()
        for _ in range(5):
            for s in states:
                s.copy()  # type: ignore[attr-defined]
        best_copy = min(best_copy, (time.process_time() - start) / (5 * len(states)))
        start = time.process_time()
        for seed in range(args.games):
            play(seed)
        best_play = min(best_play, (time.process_time() - start) / decisions)
    print(f"Python {platform.python_version()}, {args.games} games, {decisions} decisions, best of {args.rounds}")
    print(f"copy           : {best_copy * 1e6:8.2f} us  ({per_decision:.2f} copies a decision)")
    print(f"random play    : {1 / best_play:10,.0f} decisions/s  ({best_play * 1e6:.1f} us a decision)")
    print(f"copies' share  : {best_copy * per_decision / best_play:8.1%} of random play")


if __name__ == "__main__":
    main()
