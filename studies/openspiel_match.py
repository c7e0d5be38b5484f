"""OpenSpiel's MCTS against our Greedy and MCTS on Standard, with 95% intervals (issue 21).

    python studies/openspiel_match.py [--games 20] [--simulations 40] [--evaluator value] [--ours-mcts 200]
                                      [--greedy-only]

OpenSpiel's Python ``MCTSBot`` (``--simulations`` per decision; leaves valued by our learned win
chances with ``--evaluator value``, or by one random rollout to the end with ``rollout``) plays
``--games`` games of Standard against Greedy and as many against our MCTS (``--ours-mcts`` iterations),
seats rotating, through ``simulate`` on every core. On Standard the only hidden thing is the Hireling
deck's order: the OpenSpiel bot searches a copy in which it is shuffled afresh. Prints the win rates
with their Wilson intervals and the time taken.
"""

from __future__ import annotations

import argparse
import time

from dictator_widget.adapters.bots import from_openspiel, openspiel_mcts
from dictator_widget.experiments import simulate
from dictator_widget.experiments.metrics import win_rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--evaluator", default="value", choices=["value", "rollout"])
    parser.add_argument("--ours-mcts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--greedy-only", action="store_true", help="play Greedy only, not our MCTS")
    args = parser.parse_args()
    theirs = from_openspiel(openspiel_mcts(args.simulations, args.evaluator), name="openspiel-mcts")
    for ours in ("greedy",) if args.greedy_only else ("greedy", f"mcts:iterations={args.ours_mcts}"):
        start = time.perf_counter()
        df = simulate("standard", [theirs, ours], games=args.games, seed=args.seed, progress=False)
        print(f"{theirs.bot!r} v {ours}: {args.games} games, {time.perf_counter() - start:.0f} s")
        print(win_rates(df).to_string(), flush=True)


if __name__ == "__main__":
    main()
