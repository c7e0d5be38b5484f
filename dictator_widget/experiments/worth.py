"""What one Energy and one damage are worth in games won, per faction: a counterfactual on bots' games.

    python studies/worth.py [--greedy greedy:curve=0:energy=0.6] [--positions 200]
                            [--continuations 16] [--seed 20261201] [--workers 2]

Plays Greedy-against-Greedy games of the Standard mission and keeps one
position from each, at the start of an activation on a turn drawn between 4
and 30. From each, ``--continuations`` games are played on three times on the
same seeds (common random numbers): as it is; with one Energy more for the
player to move (up to the Energy Scale's maximum); and with one undamaged card
of an enemy battalion damaged, a battalion that keeps at least one other
undamaged card (so the damage does not annihilate it; positions with no such
card give no damage figure). The change of the mover's win rate, per position
averaged over its continuations, is what the Energy and the damage are worth
there; the table gives the mean per faction with a 95% bootstrap interval over
positions. Greedy weighs an Energy at ``energy`` (0.2 as shipped) and an enemy
card's damage at ``heuristics.UNDAMAGED + 0.5`` (1.5): the ratio of the two
measured worths is what its ``energy`` would be if it priced Energy as the
games do.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pandas as pd

from ..agents import GreedyAgent
from ..agents.base import parse_spec
from ..engine import Game
from .metrics import mean_interval
from .simulate import agent_seed, game_seed

SEED = 20261201
CHANGES = ("as it is", "one Energy more", "an enemy card damaged")


def positions(count: int, seed: int, params: dict[str, Any]) -> list[Game]:
    """One position per game: the first activation decision of a turn drawn from 4 to 30."""
    found: list[Game] = []
    index = 0
    while len(found) < count:
        gseed = game_seed(seed, index)
        index += 1
        game = Game.new("standard", seed=gseed)
        agents = [GreedyAgent(agent_seed(gseed, p), **params) for p in range(game.num_players)]
        turn = random.Random(gseed).randint(4, 30)
        while not game.is_over:
            if game.turn == turn and game.decision == "activation":
                found.append(game.clone(history=False))
                break
            player = game.current_player
            assert player is not None
            game.apply(agents[player].act(game))
    return found


def damage_target(game: Game, seed: int) -> str | None:
    """An undamaged enemy card whose battalion keeps another undamaged card, drawn on ``seed``."""
    s = game.state
    cards = []
    for b in s.battalions.values():
        sound = [c for c in b.cards if c not in s.damaged]
        if b.owner != game.current_player and len(sound) >= 2:
            cards += sound
    return random.Random(seed).choice(sorted(cards)) if cards else None


def play_on(job: tuple[Game, str, int, dict[str, Any]]) -> float | None:
    """1 if the mover wins the continuation on ``seed`` after ``change``, else 0; None: no such change."""
    position, change, seed, params = job
    game = position.clone(history=False, seed=seed)
    me = game.current_player
    assert me is not None
    s = game.state
    # The state's containers are shared with the position's (the engine only ever replaces them): replace.
    if change == "one Energy more":
        s.energy = [min(game.rules.energy_max, e + 1) if p == me else e for p, e in enumerate(s.energy)]
    elif change == "an enemy card damaged":
        card = damage_target(game, seed)
        if card is None:
            return None
        s.damaged = s.damaged | {card}
    agents = [GreedyAgent(seed * 10 + p, **params) for p in range(game.num_players)]
    while not game.is_over:
        player = game.current_player
        assert player is not None
        game.apply(agents[player].act(game))
    return 1.0 if game.winner == me else 0.0


def measure(found: list[Game], continuations: int, params: dict[str, Any], workers: int) -> pd.DataFrame:
    """Per position and change: the mover's faction and the change of its win rate."""
    jobs = [(k, change, (pos, change, k * 1000 + c, params))
            for k, pos in enumerate(found) for c in range(continuations) for change in CHANGES]
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_on, [j[2] for j in jobs], chunksize=16))
    rows = pd.DataFrame([{"position": k, "change": change, "won": r} for (k, change, _), r in zip(jobs, results,
                                                                                                   strict=True)])
    armies = found[0].mission.armies
    rows["faction"] = [armies[found[k].current_player].faction for k in rows["position"]]
    rate = rows.groupby(["position", "faction", "change"])["won"].mean().unstack("change")
    base = rate.pop("as it is")
    return rate.sub(base, axis=0).reset_index()


def summary(worth: pd.DataFrame) -> pd.DataFrame:
    out = []
    for faction, group in worth.groupby("faction"):
        for change in CHANGES[1:]:
            r = mean_interval(group[change].tolist())
            out.append({"faction": faction, "change": change, "positions": r["n"],
                        "worth_pp": 100 * r["mean"], "lo": 100 * r["lo"], "hi": 100 * r["hi"]})
    return pd.DataFrame(out)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--greedy", default="greedy", help="the bots, as an agent name: greedy:curve=0:energy=0.6")
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--continuations", type=int, default=16)
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    name, params = parse_spec(args.greedy)
    if name != "greedy":
        p.error(f"--greedy names a Greedy agent, not {name!r}")
    start = time.perf_counter()
    found = positions(args.positions, args.seed, params)
    table = summary(measure(found, args.continuations, params, args.workers))
    print(table.round(2).to_string(index=False))
    print(f"{len(found)} positions, {args.continuations} continuations each, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
