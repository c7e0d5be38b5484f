"""The Skirmish scenario (cards/scenarios/skirmish.toml), a first game for a class: how many decisions it
takes and who wins, Greedy against Greedy, each side moving first in half the games.

    .venv/bin/python studies/skirmish.py --games 100

Prints the decisions per game (median, 90th percentile, largest), the end reasons, and the first mover's
and the Templars' shares of decisive games with their 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import statistics
import tomllib
from pathlib import Path

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.experiments.metrics import wilson

SCENARIO = Path(__file__).resolve().parent.parent / "cards" / "scenarios" / "skirmish.toml"


def play(seed: int, first: int) -> dw.Game:
    """One Greedy v Greedy game of the Skirmish, on dice ``seed``, ``first`` (0 or 1) moving first."""
    position = tomllib.loads(SCENARIO.read_text(encoding="utf-8"))
    position.update(seed=seed, player=first)
    game = dw.Game.from_scenario(position)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 10_000)]
    while not game.is_over:
        game.apply(agents[game.current_player].act(game))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    decisions, ends, first_wins, templar_wins, decisive = [], {}, 0, 0, 0
    for seed in range(args.games):
        first = seed % 2
        game = play(seed, first)
        decisions.append(len(game.history))
        ends[game.end_reason] = ends.get(game.end_reason, 0) + 1
        if game.winner is not None:
            decisive += 1
            first_wins += game.winner == first
            templar_wins += game.winner == 0
    decisions.sort()
    print(f"{args.games} games: decisions median {statistics.median(decisions):.0f}, "
          f"90th percentile {decisions[int(0.9 * len(decisions))]}, largest {decisions[-1]}; "
          f"at most 60 decisions: {sum(d <= 60 for d in decisions) / len(decisions):.0%}; ends {ends}")
    for who, k in (("first mover", first_wins), ("Templars", templar_wins)):
        lo, hi = wilson(k, decisive)
        print(f"{who}: {k} of {decisive} decisive games, {k / decisive:.1%} [{lo:.1%}, {hi:.1%}]")


if __name__ == "__main__":
    main()
