"""The swap test at scale: every hidden mission and combination, every decision kind, both languages.

    python checks/hidden_swap.py [--games 2000] [--workers 1] [--turn-cap 40] [--mission fog-of-war]
    python checks/hidden_swap.py --log build/swap.jsonl    # resumable: a stopped run goes on where it was

For every decision of every game and every seat, a twin game permutes what that seat may
not know (face-down cards, hands being formed, the Hireling deck, hands dealt in secret:
``engine.views.hidden.twin``) and the seat's observation (view, decisions owed, options, the log
in English and Russian, refusals) must be the same in both, before and after the same next
decision (``tests/swap.py``). The games rotate over the 16 combinations with Fog of War and
the two missions that deal armies in secret (Triumvirate, Dissension); agents are mixed per
game (random, greedy and now and then a small MCTS) and the rule variants rotate, among
them the roll-off set-up (``split``) and catch-up (``wait``), and now and then a player offers a
draw or resigns, so that every decision kind comes up. Prints, per mission and per decision kind,
the decisions and the one-step comparisons checked; any difference stops the run with the mission, seed and decision.

With ``--log``, each checked game's counts are appended to a JSON-lines file as it finishes, and a run
skips the games (mission, seed, turn cap) already there: a run of thousands of games can be stopped and
resumed, and its report is over every game in the file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from swap import HIDDEN_MISSIONS as MISSIONS  # noqa: E402
from swap import swap_check  # noqa: E402

import dictator_widget as dw  # noqa: E402
from dictator_widget.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent  # noqa: E402
from dictator_widget.engine.rules.errors import DictatorError  # noqa: E402
from dictator_widget.engine.rules.vocabulary import Kind  # noqa: E402

VARIANTS = [{}, {"reactive_phases": True}, {"alternating_activation": True, "catch_up": True},
            {"roll_off_setup": True}, {"siege_tokens": True}, {"exhaustion": True}, {"hirelings": False},
            {"d10_collision": True}, {"battalion_size": 4}, {"trailing_first_player": True}]
TABLE_RATE = 0.01
"""How often the player to move offers a draw (declined 9 times in 10, else accepted) or resigns (1 in 10)."""
NEVER = {"chance", "deploy"}
"""Kinds no hidden game offers here: chance events are explicit only in OpenSpiel, and Fog of War forms
its battalions (``form``) instead of deploying fixed ones."""


def agents_for(seed: int, players: int) -> list[Agent]:
    out: list[Agent] = []
    for p in range(players):
        kind = (seed * 7 + p) % 10
        if kind == 0:
            out.append(MCTSAgent(seed=seed + p, iterations=20))
        elif kind < 5:
            out.append(GreedyAgent(seed=seed + p))
        else:
            out.append(RandomAgent(seed=seed + p))
    return out


def new_game(mission: str, seed: int, turn_cap: int) -> dw.Game:
    """The game of ``seed``: its variants rotate; one the mission refuses (roll-off with 4 players) is dropped."""
    variants = VARIANTS[(seed // len(MISSIONS)) % len(VARIANTS)]
    try:
        return dw.Game.new(mission, seed=seed, turn_cap=turn_cap, variants=variants)
    except DictatorError:
        return dw.Game.new(mission, seed=seed, turn_cap=turn_cap)


def check(args: tuple[str, int, int]) -> tuple[str, Counter[str]]:
    mission, seed, turn_cap = args
    counts: Counter[str] = Counter()
    game = new_game(mission, seed, turn_cap)
    try:
        swap_check(game, agents_for(seed, game.num_players), random.Random(seed), counts, table_rate=TABLE_RATE)
    except AssertionError as exc:
        raise AssertionError(f"{mission} seed {seed} ({game.rules.variants}): {exc}") from exc
    return mission, counts


def report(by_mission: dict[str, Counter[str]], seconds: float, workers: int) -> None:
    total: Counter[str] = Counter()
    for counts in by_mission.values():
        total.update(counts)
    print(f"{'mission':45} {'games':>6} {'decisions':>10} {'seat-views':>11} {'one-step':>9}")
    for m, c in by_mission.items():
        print(f"{m:45} {c['games']:6} {c['decisions']:10} {c['seat-views']:11} {c['steps']:9}")
    print(f"{'all':45} {total['games']:6} {total['decisions']:10} {total['seat-views']:11} {total['steps']:9}")
    print(f"\n{'decision kind':15} {'made':>9} {'compared after':>15}")
    for kind in Kind:
        k = kind.value
        print(f"{k:15} {total['kind:' + k]:9} {total['after:' + k]:15}")
    missing = [k.value for k in Kind if not total["kind:" + k.value] and k.value not in NEVER]
    print(f"\nno difference; {seconds:.0f} s on {workers} process(es); kinds never made: {missing or 'none'}",
          flush=True)


Job = tuple[str, int, int]


def logged(path: Path | None) -> dict[Job, Counter[str]]:
    """The games already checked in the log at ``path``, by (mission, seed, turn cap)."""
    done: dict[Job, Counter[str]] = {}
    if path is None or not path.exists():
        return done
    lines = path.read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
            done[(row["mission"], row["seed"], row["turn_cap"])] = Counter(row["counts"])
        except (ValueError, KeyError, TypeError) as exc:
            if n == len(lines):
                break                          # a line cut short when a run was stopped: that game is checked again
            raise SystemExit(f"{path}:{n}: not a line of this benchmark's log ({exc})") from exc
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--mission", default="", help="one mission only (default: all hidden ones in turn)")
    parser.add_argument("--turn-cap", type=int, default=40)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--every", type=int, default=36, help="print the counts so far every N games")
    parser.add_argument("--log", type=Path, help="append each game's counts here; skip the games already in it")
    args = parser.parse_args()
    missions = [args.mission] if args.mission else MISSIONS
    jobs = [(missions[seed % len(missions)], seed, args.turn_cap) for seed in range(args.games)]
    done = logged(args.log)
    by_mission: dict[str, Counter[str]] = {m: Counter() for m in missions}
    for job in jobs:
        if job in done:
            by_mission[job[0]].update(done[job])
    todo = [job for job in jobs if job not in done]
    print(f"{len(jobs) - len(todo)} of {len(jobs)} games already in the log; {len(todo)} to check", flush=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = {pool.submit(check, job): job for job in todo}
        for i, future in enumerate(as_completed(futures), 1):
            m, counts = future.result()
            by_mission[m].update(counts)
            if args.log:
                mission, seed, turn_cap = futures[future]
                with args.log.open("a", encoding="utf-8") as f:
                    f.write(json.dumps({"mission": mission, "seed": seed, "turn_cap": turn_cap,
                                        "counts": dict(counts)}) + "\n")
            if i % args.every == 0 and i < len(todo):
                print(f"--- after {i} more games", flush=True)
                report(by_mission, time.perf_counter() - start, args.workers)
    print(f"--- all {len(jobs)} games")
    report(by_mission, time.perf_counter() - start, args.workers)


if __name__ == "__main__":
    main()
