"""Fit the learned evaluation (dictator_widget/agents/value_weights.json) from Greedy self-play.

    python scripts/fit_value.py --games 20000 --seed 0

Plays Greedy against Greedy in the standard mission (a share of the games with
one side making a random move now and then, so the data also holds positions
Greedy would not reach), records at the start of every turn each player's
facts (``value.FACTS``) and the cards it holds, sound or damaged, with the
game's result, and fits a logistic regression (Newton's method, a little L2)
on the differences to the opponent: a weight per fact and a worth per card.
Prints the log-loss on held-out games (a fifth) next to a coin's and to the
facts alone. About three minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from dictator_widget import Game
from dictator_widget.agents import GreedyAgent, value

EXPLORE = 0.1
"""Chance of a random move at an activation, for the exploring side of an exploring game."""

CARDS = sorted(Game.new("standard", seed=0).cards)
"""The cards that get a worth of their own: the standard mission's set."""
INDEX = {c: i for i, c in enumerate(CARDS)}


def columns(game: Game) -> list[list[float]]:
    """Per player: its facts, then per card of :data:`CARDS` whether it holds it sound, then damaged."""
    out = []
    for fact, held in zip(value.facts(game), value.held_cards(game), strict=True):
        counts = [0.0] * (2 * len(CARDS))
        for card, damaged in held:
            if card in INDEX:
                counts[INDEX[card] + damaged * len(CARDS)] += 1
        out.append(fact + counts)
    return out


def play(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One game: per recorded position and player, the differences to the rival and the to-move sign (x),
    and the player's result (y)."""
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
            seen.append((columns(game), s.player))
        legal = game.legal_actions()
        p = game.current_player
        assert p is not None
        if p == explorer and game.decision == "activation" and rng.random() < EXPLORE:
            action = rng.choice(legal)
        else:
            action = agents[p].act(game)
        game.apply(action)
    w = game.winner
    x, y = [], []
    for cols, mover in seen:
        for p in (0, 1):
            x.append([a - b for a, b in zip(cols[p], cols[1 - p], strict=True)] + [1.0 if mover == p else -1.0])
            y.append(0.5 if w is None else float(w == p))
    return np.array(x).reshape(-1, len(value.FACTS) + 2 * len(CARDS) + 1), np.array(y)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-4, steps: int = 30) -> np.ndarray:
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


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=value.WEIGHTS_FILE)
    args = parser.parse_args(argv)
    seeds = [args.seed * 1_000_003 + i for i in range(args.games)]
    with ProcessPoolExecutor() as pool:
        games = list(pool.map(play, seeds, chunksize=50))
    held_out = max(1, len(games) // 5)
    x, y = (np.concatenate([g[i] for g in games[held_out:]]) for i in (0, 1))
    xt, yt = (np.concatenate([g[i] for g in games[:held_out]]) for i in (0, 1))
    w = fit(x, y)
    nf = len(value.FACTS)
    facts_only = [*range(nf), x.shape[1] - 1]
    plain = log_loss(xt[:, facts_only], yt, fit(x[:, facts_only], y))
    learned = log_loss(xt, yt, w)
    print(f"{len(y)} training rows from {len(games) - held_out} games, {len(yt)} held out")
    print(f"held-out log-loss: learned {learned:.4f}, facts alone {plain:.4f}, coin {math.log(2):.4f}")
    for name, wi in zip((*value.FACTS, "to_move"), [*w[:nf], w[-1]], strict=True):
        print(f"  {name:12s} {wi:+.4f}")
    k = len(CARDS)
    cards = {c: [round(float(w[nf + i]), 5), round(float(w[nf + k + i]), 5)] for i, c in enumerate(CARDS)}
    text = json.dumps({
        "facts": list(value.FACTS),
        "weights": [round(float(v), 5) for v in w[:nf]],
        "to_move": round(float(w[-1]), 5),
        "cards": cards,
        "fitted_by": f"scripts/fit_value.py --games {args.games} --seed {args.seed}",
        "held_out_log_loss": round(learned, 4),
        "held_out_log_loss_facts_alone": round(plain, 4),
    }, indent=2)
    args.out.write_text(re.sub(r"\[\s+(\S+),\s+(\S+)\s+\]", r"[\1, \2]", text) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
