"""How much an agent's choices gain over Greedy's, decision by decision.

    python studies/decision_gain.py [--positions 200] [--playouts 300] [--agent mcts:iterations=200] [--top 0]

A match of 100 games measures a win rate to +-5 points; this measures the
choices themselves. It samples *close* decisions (Greedy's best beats its
runner-up by less than 0.5, the ones MCTSAgent searches) from Greedy-against-
Greedy games, asks the agent, and where it differs from Greedy judges both
choices by ``playouts`` Greedy-against-Greedy games played out from the
position on the same seeds: the chance of winning each choice leaves the
player. Prints the mean gain per decision with its standard error and how
often the agent differs. ``--top K`` also judges Greedy's K best choices and
prints what always taking the best of them would gain (biased upwards by
the playouts' noise): the room a better chooser has.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, make_agent
from dictator_widget.engine import Action
from dictator_widget.engine.rules.dice import Dice
from dictator_widget.engine.views.hidden import redraw

CLOSE = 0.5


def close_decision(seed: int, clear: bool = False) -> dw.Game:
    """A random close decision of a Greedy-against-Greedy game of the standard mission (``clear``: a decision
    whose best choice is ahead by ``CLOSE`` or more instead)."""
    game = dw.Game.new("standard", seed=seed)
    agents = [GreedyAgent(seed=seed * 7 + p) for p in (0, 1)]
    close = []
    while not game.is_over:
        legal = game.legal_actions()
        agent = agents[game.current_player or 0]
        if len(legal) > 1:
            best, second = sorted(agent.scores(game, legal), reverse=True)[:2]
            if (best - second < CLOSE) != clear:
                close.append(game.clone(history=False))
        game.apply(agent.act(game))
    return random.Random(seed).choice(close)


def win_chance(game: dw.Game, action: Action, playouts: int, seed: int) -> float:
    """The mover's share of wins (draws half) over Greedy playouts after ``action``, on seeds from ``seed``."""
    me = game.current_player
    assert me is not None
    rng = random.Random(seed)
    total = 0.0
    for _ in range(playouts):
        g = game.clone(history=False)
        g.state.dice = Dice(rng.getrandbits(64))
        redraw(g, me, rng)
        agents = [GreedyAgent(seed=rng.getrandbits(32)) for _ in range(g.num_players)]
        g.apply(action)
        while not g.is_over:
            g.apply(agents[g.current_player or 0].act(g))
        total += 1.0 if g.winner == me else 0.5 if g.winner is None else 0.0
    return total / playouts


def judge(args: tuple[int, str, int, int, bool]) -> tuple[float, bool, float]:
    """(the agent's gain over Greedy, whether it differed, the best gain among Greedy's top choices)."""
    seed, spec, playouts, top, clear = args
    game = close_decision(seed, clear)
    legal = game.legal_actions()
    scores = GreedyAgent(seed=0).scores(game, legal)
    ranked = sorted(range(len(legal)), key=lambda i: -scores[i])
    greedy = legal[ranked[0]]
    chosen = make_agent(spec, seed=seed).act(game)
    cache: dict[Action, float] = {}

    def chance(a: Action) -> float:
        if a not in cache:
            cache[a] = win_chance(game, a, playouts, seed)
        return cache[a]
    gain = 0.0 if chosen == greedy else chance(chosen) - chance(greedy)
    room = max(chance(legal[i]) for i in ranked[:top]) - chance(greedy) if top > 1 else 0.0
    return gain, chosen != greedy, room


def mean_se(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1)
    return m, math.sqrt(var / len(xs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--agent", default="mcts:iterations=200")
    parser.add_argument("--top", type=int, default=0, help="also judge Greedy's K best choices")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--clear", action="store_true",
                        help=f"sample decisions whose best choice is ahead by {CLOSE} or more instead")
    args = parser.parse_args()
    start = time.perf_counter()
    jobs = [(args.seed + i, args.agent, args.playouts, args.top, args.clear) for i in range(args.positions)]
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(judge, jobs, chunksize=1))
    gain, se = mean_se([r[0] for r in results])
    differ = sum(r[1] for r in results)
    kind = "clear" if args.clear else "close"
    print(f"{args.agent}: {args.positions} {kind} decisions, differs from Greedy in {differ}")
    print(f"  gain over Greedy's choice: {gain:+.4f} +- {se:.4f} win chance per decision")
    if args.top > 1:
        room, room_se = mean_se([r[2] for r in results])
        print(f"  best of Greedy's top {args.top} by the playouts: {room:+.4f} +- {room_se:.4f} (biased up)")
    print(f"  {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
