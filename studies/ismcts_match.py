"""OpenSpiel's information-set MCTS against the project's MCTS in Fog of War, with 95% intervals (issue 37).

    python studies/ismcts_match.py [--games 20] [--simulations 40] [--ours mcts:iterations=40]
                                   [--turn-cap 30] [--mission fog-of-war] [--seed 37]

OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``; ``--simulations`` per
decision, each in a world drawn by ``resample_from_infostate``, the engine's sampler; leaves valued by
our learned win chances) plays whole games of ``python_dictator_control`` against one of our agents
(``--ours``, asked through ``AgentBot``; it samples what its seat cannot see too), in OpenSpiel's own
``evaluate_bots`` loop with each step timed; seats alternate game by game. Prints ISMCTS's wins,
losses and draws (the turn cap) with the Wilson interval of its share of the decisive games, and the
time per decision of each side (median and 90th percentile).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np
import pyspiel

from dictator_widget.adapters.bots import AgentBot, openspiel_ismcts
from dictator_widget.adapters.openspiel import load
from dictator_widget.agents import make_agent
from dictator_widget.experiments.metrics import wilson


class Timed:
    """A bot whose ``step`` calls are timed (the decisions with a choice only)."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def restart_at(self, state: Any) -> None:
        self.bot.restart_at(state)

    def inform_action(self, state: Any, player: int, action: int) -> None:
        self.bot.inform_action(state, player, action)

    def step(self, state: Any) -> int:
        start = time.perf_counter()
        action = self.bot.step(state)
        if len(state.legal_actions()) > 1:
            self.times.append(time.perf_counter() - start)
        return int(action)


def evaluate_bots(state: Any, bots: list[Timed], rng: np.random.RandomState) -> list[float]:
    """OpenSpiel's ``evaluate_bots.evaluate_bots`` (the same loop)."""
    for bot in bots:
        bot.restart_at(state)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choice(outcomes, p=probs)
            for bot in bots:
                bot.inform_action(state, pyspiel.PlayerId.CHANCE, action)
        else:
            player = state.current_player()
            action = bots[player].step(state)
            for i, bot in enumerate(bots):
                if i != player:
                    bot.inform_action(state, player, action)
        state.apply_action(action)
    return [float(r) for r in state.returns()]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--ours", default="mcts:iterations=40")
    parser.add_argument("--turn-cap", type=int, default=30)
    parser.add_argument("--mission", default="fog-of-war")
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    game = load(args.mission, "", args.turn_cap)
    maker = openspiel_ismcts(args.simulations)
    times: dict[str, list[float]] = {"ismcts": [], "ours": []}
    wins = losses = draws = 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        seat = g % 2                                    # ISMCTS's seat
        bots: list[Timed] = [None, None]  # type: ignore[list-item]
        bots[seat] = Timed(maker(game, seat, seed), times["ismcts"])
        bots[1 - seat] = Timed(AgentBot(make_agent(args.ours, seed=seed), 1 - seat, seed), times["ours"])
        returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        wins += returns[seat] > 0
        losses += returns[seat] < 0
        draws += returns[seat] == 0
        print(f"game {g + 1}: ISMCTS seat {seat + 1}, returns {returns}, {time.perf_counter() - start:.0f} s",
              flush=True)
    low, high = wilson(wins, wins + losses) if wins + losses else (0.0, 1.0)
    print(f"\n{args.mission}, turn cap {args.turn_cap}: {maker!r} v {args.ours}, {args.games} games: "
          f"ISMCTS wins {wins}, loses {losses}, {draws} at the turn cap; share of decisive games "
          f"{wins / max(wins + losses, 1):.2f} [{low:.2f}, {high:.2f}] (95% Wilson)")
    for side, ts in times.items():
        if ts:
            ts.sort()
            print(f"{side}: {len(ts)} decisions, median {statistics.median(ts) * 1000:.0f} ms, "
                  f"90th percentile {ts[int(0.9 * (len(ts) - 1))] * 1000:.0f} ms per decision")
    print(f"{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
