"""Find the positions of tests/agents/search_positions.json: decisions where MCTS leaves Greedy's choice and
is right to.

    python scripts/search_positions.py --games 20 > tests/agents/search_positions.json

MCTS-100 plays Greedy in Standard games (seeds first..first+games-1, MCTS in seat ``seed % 2``). Wherever MCTS's
action differs from Greedy's, both are judged by paired playouts to the end (Greedy on both sides, the same
dice seeds for both actions): 300 first, then 1,000 for those that look better, and the position is kept
when MCTS's action wins more often by over 5 pp and four standard errors. A position is its game's seed and
the actions that led to it, so the test replays it with the engine as it is.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, MCTSAgent
from dictator_widget.engine import Action
from dictator_widget.engine.rules.vocabulary import SETUP_STEPS

MISSION = "standard"


def playouts(game: dw.Game, action: Action, player: int, seeds: list[int]) -> list[float]:
    """``player``'s result (1 won, ½ no winner, 0 lost) of Greedy playouts after ``action``, one per seed."""
    out = []
    for s in seeds:
        g = game.clone(history=False, seed=s)
        g.apply(action)
        bots = [GreedyAgent(seed=s + p) for p in range(g.num_players)]
        while not g.is_over:
            g.apply(bots[g.current_player].act(g))
        out.append(1.0 if g.winner == player else 0.5 if g.winner is None else 0.0)
    return out


def gain(game: dw.Game, better: Action, worse: Action, player: int, n: int, seed: int) -> tuple[float, float]:
    """Mean and standard error of the paired difference of ``better``'s and ``worse``'s playouts."""
    rng = random.Random(seed)
    seeds = [rng.getrandbits(48) for _ in range(n)]
    diffs = [a - b for a, b in zip(playouts(game, better, player, seeds), playouts(game, worse, player, seeds),
                                   strict=True)]
    return statistics.mean(diffs), statistics.stdev(diffs) / n ** 0.5


def positions_of_game(seed: int) -> list[dict[str, Any]]:
    game = dw.Game.new(MISSION, seed=seed)
    mcts, greedy = MCTSAgent(seed=seed, iterations=100), GreedyAgent(seed=seed)
    me = seed % 2
    found = []
    while not game.is_over:
        legal = game.legal_actions()
        if game.current_player != me:
            game.apply(greedy.act(game))
            continue
        action = mcts.act(game)
        if len(legal) > 1 and game.state.step not in SETUP_STEPS:
            scores = greedy.scores(game, legal)
            theirs = legal[scores.index(max(scores))]
            if action != theirs:
                key = seed * 1000 + len(game.history)
                mean, se = gain(game, action, theirs, me, 300, key)
                if mean > 0.04 and mean > 2.5 * se:
                    mean, se = gain(game, action, theirs, me, 1000, key + 1)
                    if mean > 0.05 and mean > 4 * se:
                        found.append({"mission": MISSION, "seed": seed, "history": [str(a) for a in game.history],
                                      "better": str(action), "worse": str(theirs),
                                      "gain": round(mean, 4), "se": round(se, 4)})
        game.apply(action)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        found = [p for ps in pool.map(positions_of_game, range(args.first, args.first + args.games)) for p in ps]
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
