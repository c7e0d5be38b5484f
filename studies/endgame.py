"""Greedy's endgame: how long games run once every Guild is taken, with and without the hunt.

    python studies/endgame.py [--games 400] [--seed 0] [--turn-cap 200]

Plays Greedy against Greedy on the Standard mission, first as it is (``greedy``), then as it was before it
hunted (``greedy:hunt=0``), on the same seeds (game i: ``game_seed(seed, i)``, agents seeded from it). Per
variant: the median and 90th percentile of the game's length in turns, the longest stretch of turns
without a battle after the last Guild was taken (median, 90th percentile, and the games where it reached
15 turns), and the games that reached the turn cap. One process (the games are cheap: ~0.05 s each).
"""

from __future__ import annotations

import argparse
import statistics
import time

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.experiments.simulate import game_seed

STALL = 15
"""A stretch of this many turns without a battle, after the Guilds, counts as a stall."""


def play(spec: str, seed: int, turn_cap: int) -> tuple[int, int, bool]:
    """One game: its length in turns, its longest battle-free stretch after the Guilds, whether it was capped."""
    game = dw.Game.new("standard", seed=seed, turn_cap=turn_cap)
    agents = [make_agent(spec, seed=seed + p) for p in range(game.num_players)]
    last = 0
    since: int | None = None              # the turn the last Guild was taken
    longest = 0
    while not game.is_over:
        player = game.current_player
        assert player is not None
        action = agents[player].act(game)
        if action.kind in ("attack", "attack-guild"):
            if since is not None:
                longest = max(longest, game.turn - max(last, since))
            last = game.turn
        game.apply(action)
        if since is None and not game.state.guilds:
            since = game.turn
    if since is not None:
        longest = max(longest, game.turn - max(last, since))
    return game.turn, longest, game.end_reason == "turn-cap"


def pct(values: list[int], q: float) -> int:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--turn-cap", type=int, default=dw.DEFAULT_TURN_CAP)
    args = parser.parse_args()
    print("| Greedy | games | median turns | p90 turns | longest battle-free stretch after the Guilds: median | p90 "
          f"| games with {STALL}+ | turn caps | s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in ("greedy", "greedy:hunt=0"):
        start = time.time()
        rows = [play(spec, game_seed(args.seed, i), args.turn_cap) for i in range(args.games)]
        turns, gaps = [r[0] for r in rows], [r[1] for r in rows]
        print(f"| `{spec}` | {args.games} | {statistics.median(turns):g} | {pct(turns, 0.9)} | "
              f"{statistics.median(gaps):g} | {pct(gaps, 0.9)} | {sum(g >= STALL for g in gaps)} | "
              f"{sum(r[2] for r in rows)} | {time.time() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main()
