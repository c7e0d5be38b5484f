"""Fit the learned evaluation (dictator_widget/agents/value_weights.json) from Greedy self-play.

    python scripts/fit_value.py --games 1000 --seed 0

Plays Greedy against Greedy in the standard mission (a share of the games with
one side making a random move now and then, so the data also holds positions
Greedy would not reach), records the features of every player at the start of
every turn and the game's result, and fits a logistic regression (Newton's
method, a little L2) on the differences to the opponent. Prints the log-loss
on held-out games next to a coin's.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from dictator_widget import Game
from dictator_widget.agents import GreedyAgent, value

EXPLORE = 0.1
"""Chance of a random move at an activation, for the exploring side of an exploring game."""


Row = tuple[list[float], list[float], float, float]


def play(seed: int) -> list[Row]:
    """One game: per recorded position and player, (its features, its rival's, to-move sign, result)."""
    rng = random.Random(seed)
    game = Game.new("standard", seed=seed)
    agents = [GreedyAgent(seed=rng.getrandbits(32)) for _ in range(game.num_players)]
    explorer = rng.randrange(game.num_players) if rng.random() < 0.3 else None
    seen: list[tuple[list[list[float]], int]] = []
    last_turn = -1
    while not game.is_over:
        s = game.state
        if s.step == "activation" and s.turn != last_turn and not s.acted:
            last_turn = s.turn
            seen.append((value.features(game), s.player))
        legal = game.legal_actions()
        p = game.current_player
        assert p is not None
        if p == explorer and game.decision == "activation" and rng.random() < EXPLORE:
            action = rng.choice(legal)
        else:
            action = agents[p].act(game)
        game.apply(action)
    w = game.winner
    rows = []
    for f, mover in seen:
        for p in range(game.num_players):
            q = 1 - p
            result = 0.5 if w is None else float(w == p)
            rows.append((f[p], f[q], 1.0 if mover == p else -1.0, result))
    return rows


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression without intercept by Newton's method; y may be fractional (draws 0.5)."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=value.WEIGHTS_FILE)
    args = parser.parse_args(argv)
    seeds = [args.seed * 1_000_003 + i for i in range(args.games)]
    with ProcessPoolExecutor() as pool:
        games = list(pool.map(play, seeds, chunksize=50))
    held_out = max(1, len(games) // 5)
    train = [r for g in games[held_out:] for r in g]
    test = [r for g in games[:held_out] for r in g]

    def arrays(rows: list[Row]) -> tuple[np.ndarray, np.ndarray]:
        x = np.array([[a - b for a, b in zip(mine, theirs, strict=True)] + [sign] for mine, theirs, sign, _ in rows])
        return x, np.array([r[3] for r in rows])

    x, y = arrays(train)
    w = fit(x, y)
    xt, yt = arrays(test)
    learned = log_loss(1 / (1 + np.exp(-xt @ w)), yt)
    print(f"{len(train)} training rows from {len(games) - held_out} games, {len(test)} held out")
    print(f"held-out log-loss: learned {learned:.4f}, coin {math.log(2):.4f}")
    for name, wi in zip((*value.FEATURES, "to_move"), w, strict=True):
        print(f"  {name:12s} {wi:+.4f}")
    args.out.write_text(json.dumps({
        "features": list(value.FEATURES),
        "weights": [round(float(v), 5) for v in w[:-1]],
        "to_move": round(float(w[-1]), 5),
        "fitted_by": f"scripts/fit_value.py --games {args.games} --seed {args.seed}",
        "held_out_log_loss": round(learned, 4),
    }, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
