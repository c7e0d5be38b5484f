"""Is Greedy's use of a card action a misplay? A direct counterfactual, position by position.

    python studies/action_value.py [--abilities propaganda,bio-bugs,acid-spray,corrosion]
                                   [--games 300] [--positions 150] [--continuations 20]
                                   [--seed 20261201] [--csv out.csv] [--greedy greedy:curve=0:energy=0.6]

Plays Greedy-against-Greedy games of the Standard mission (the shipped set,
seat-rotated seeds of ``simulate``) and keeps the positions where Greedy chose
to use one of ``--abilities`` (at most ``--positions`` each, the first two of a
game). From each, ``--continuations`` Greedy games are played on with the action
and as many without it, on the same seeds (common random numbers: the same dice
and the same bots' draws while play has not diverged). "Without" means the user
may not take that action in this stage of the battle (it passes, or uses
another action it would have taken anyway): with nothing else on offer that is
the stage's ``pass``. The user's win rate with the action less without it, per
position averaged over its continuations, is the action's value there; the
mean over positions has a 95% bootstrap interval (positions resampled).

An action outside a battle (a Maneuvers action: the Runner's Sprint) is judged
the same way, forbidden for the rest of that turn. Each position in a battle
also records why the bot may have taken the action: the user's
chance of winning the battle before it (``p_before``, from the Strengths, one
die each) and after it, its Energy after paying, whether it attacks, whether
it could still use a Strength boost (the Hoplone) this battle. ``--csv`` writes
every position's row; the printed table splits the value by those. ``--greedy``
gives the bots' parameters (as an agent name): every bot of the games and of
the continuations plays with them.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ..agents import GreedyAgent
from ..agents import heuristics as h
from ..agents.base import parse_spec
from ..engine import Action, Game
from ..engine.rules.battle import strength
from ..engine.rules.state import ATTACKER
from .ablation import paired_difference
from .simulate import agent_seed, game_seed

SEED = 20261201
ABILITIES = ("propaganda", "bio-bugs", "acid-spray", "corrosion")


class Forbidding(GreedyAgent):
    """Greedy that may not use ``card``'s ``ability`` in the battle stage (or, outside a battle, the turn)
    it was offered (``key``)."""

    def __init__(self, seed: int, card: str, ability: str, key: tuple[Any, ...], **params: Any) -> None:
        super().__init__(seed, **params)
        self.card, self.ability, self.key = card, ability, key

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if stage_key(game) == self.key:
            legal = [a for a in legal if not (a.kind == "use" and a.card == self.card and a.ability == self.ability)]
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(game, legal)
        best = max(scores)
        top = [a for a, v in zip(legal, scores, strict=True) if v >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)


def stage_key(game: Game) -> tuple[Any, ...]:
    """Which battle stage the game is at (the turn, the battle's sides, its phase and stage)."""
    b = game.state.battle
    return (game.turn, None) if b is None else (game.turn, tuple(b.sides), b.phase, b.stage)


@dataclass
class Position:
    game: Game
    action: Action
    user: int
    origin: int
    features: dict[str, Any]


def features(game: Game, action: Action) -> dict[str, Any]:
    """Why the bot might have taken ``action``: the battle's odds before and after it, the Energy left
    (outside a battle, as in the Maneuvers Phase, only the Energy and the turn)."""
    s = game.state
    b = s.battle
    user = game.current_player
    assert user is not None
    ab = next(x for x in game.cards[action.card].actions if x.id == action.ability)
    energy_after = s.energy[user] - ab.cost
    row: dict[str, Any] = {"ability": action.ability, "card": action.card, "turn": game.turn,
                           "in_battle": b is not None, "attacking": False, "vs_guild": False, "rolled": False,
                           "diff": 0, "p_before": float("nan"), "p_after": float("nan"),
                           "energy_before": s.energy[user], "energy_after": energy_after,
                           "hoplone_in_battalion": False, "hoplone_unpaid": False}
    if b is None:
        return row
    side = b.owners.index(user)
    diff = strength(game, b, side) - strength(game, b, 1 - side)
    after = game.clone(history=False)
    after.apply(action)
    b2 = after.state.battle
    diff_after = diff if b2 is None else strength(after, b2, side) - strength(after, b2, 1 - side)
    die = game.rules.die
    label = b.sides[side]
    mine = s.battalions[label].cards if label is not None and label in s.battalions else ()
    hoplone = any(c == "C06" for c in mine)
    return {**row, "attacking": side == ATTACKER, "vs_guild": b.guild is not None, "rolled": b.rolled, "diff": diff,
            "p_before": h.p_win(diff, die), "p_after": h.p_win(diff_after, die),
            "hoplone_in_battalion": hoplone, "hoplone_unpaid": hoplone and energy_after < 1}


def collect(abilities: tuple[str, ...], games: int, positions: int, seed: int, **params: Any) -> list[Position]:
    """Positions of Greedy-against-Greedy games where Greedy chose one of ``abilities``."""
    found: dict[str, list[Position]] = {a: [] for a in abilities}
    for index in range(games):
        if all(len(v) >= positions for v in found.values()):
            break
        gseed = game_seed(seed, index)
        game = Game.new("standard", seed=gseed)
        agents = [GreedyAgent(agent_seed(gseed, p), **params) for p in range(game.num_players)]
        per_game: dict[str, int] = {}
        while not game.is_over:
            player = game.current_player
            assert player is not None
            action = agents[player].act(game)
            ab = action.ability
            if (action.kind == "use" and ab in found and len(found[ab]) < positions
                    and per_game.get(ab, 0) < 2 and len(game.legal_actions()) > 1):
                per_game[ab] = per_game.get(ab, 0) + 1
                found[ab].append(Position(game.clone(history=False), action, player, index, features(game, action)))
            game.apply(action)
    return [p for v in found.values() for p in v]


def play_on(pos: Position, take: bool, seed: int, **params: Any) -> float:
    """1 if the user wins the continuation on ``seed`` (with or without the action), else 0."""
    game = pos.game.clone(history=False, seed=seed)
    n = game.num_players
    key = stage_key(game)
    agents: list[GreedyAgent] = [GreedyAgent(seed * 10 + p, **params) for p in range(n)]
    if not take:
        agents[pos.user] = Forbidding(seed * 10 + pos.user, pos.action.card, pos.action.ability, key, **params)
    while not game.is_over:
        player = game.current_player
        assert player is not None
        game.apply(agents[player].act(game))
    return 1.0 if game.winner == pos.user else 0.0


def value(pos: Position, continuations: int, seed: int, **params: Any) -> dict[str, Any]:
    rng = random.Random(seed)
    seeds = [rng.getrandbits(48) for _ in range(continuations)]
    with_ = [play_on(pos, True, s, **params) for s in seeds]
    without = [play_on(pos, False, s, **params) for s in seeds]
    return {**pos.features, "origin": pos.origin, "with": sum(with_) / continuations,
            "without": sum(without) / continuations,
            "value": (sum(with_) - sum(without)) / continuations}


def summary(df: pd.DataFrame) -> pd.DataFrame:
    """Mean value per ability and per split, with 95% bootstrap intervals over positions."""
    rows = []
    splits: list[tuple[str, Any]] = [
        ("all", lambda d: d.index == d.index),
        ("battle already >= 90%", lambda d: d["p_before"] >= 0.9),
        ("battle < 90% before", lambda d: d["p_before"] < 0.9),
        ("odds change < 10 pp", lambda d: d["p_after"] - d["p_before"] < 0.1),
        ("leaves Hoplone unpaid", lambda d: d["hoplone_unpaid"]),
        ("attacking", lambda d: d["in_battle"] & d["attacking"]),
        ("defending", lambda d: d["in_battle"] & ~d["attacking"]),
        ("outside a battle", lambda d: ~d["in_battle"]),
        ("vs a Guild", lambda d: d["vs_guild"]),
    ]
    for ability, group in df.groupby("ability", sort=False):
        for name, pick in splits:
            part = group[pick(group)]
            if part.empty:
                continue
            d = paired_difference(part["with"].tolist(), part["without"].tolist())
            rows.append({"ability": ability, "split": name, "positions": len(part),
                         "with": part["with"].mean(), "without": part["without"].mean(),
                         "value_pp": 100 * d["impact"], "lo": 100 * d["lo"], "hi": 100 * d["hi"]})
    return pd.DataFrame(rows)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--abilities", default=",".join(ABILITIES), help="card actions to judge (ids, comma-separated)")
    p.add_argument("--games", type=int, default=300, help="most games to look for positions in")
    p.add_argument("--positions", type=int, default=150, help="positions per ability")
    p.add_argument("--continuations", type=int, default=20, help="continuations per position and branch")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--csv", default="", help="write every position's row here")
    p.add_argument("--greedy", default="greedy", help="the bots, as an agent name: greedy:curve=0:energy=0.6")
    args = p.parse_args(argv)
    name, params = parse_spec(args.greedy)
    if name != "greedy":
        p.error(f"--greedy names a Greedy agent, not {name!r}")
    start = time.perf_counter()
    found = collect(tuple(args.abilities.split(",")), args.games, args.positions, args.seed, **params)
    print(f"{len(found)} positions in {time.perf_counter() - start:.0f} s", flush=True)
    rows = [value(pos, args.continuations, args.seed + i, **params) for i, pos in enumerate(found)]
    df = pd.DataFrame(rows)
    if args.csv:
        df.to_csv(args.csv, index=False)
    with pd.option_context("display.width", 160, "display.max_rows", 200):
        print(summary(df).round(2).to_string(index=False))
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
