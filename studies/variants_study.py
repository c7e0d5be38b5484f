"""Baseline against each rule variant: GreedyAgent against GreedyAgent, with intervals.

    python studies/variants_study.py [--games 2000] [--out docs/variants-study.md]

For the Standard mission and each variant (one value each, below) plays the
same seeds as the baseline and writes a Markdown table: first-player win rate
and Templar win rate among decisive games (95% Wilson intervals), balance,
draws and turn-cap games, and the mean length in turns.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import dictator_widget as dw
from dictator_widget.experiments import metrics

CASES: list[tuple[str, dict[str, Any]]] = [
    ("baseline", {}),
    ("guild_strength = 4", {"guild_strength": 4}),
    ("starting_energy = 3", {"starting_energy": 3}),
    ("energy_max = 8", {"energy_max": 8}),
    ("battalion_size = 4", {"battalion_size": 4}),
    ("hirelings = off", {"hirelings": False}),
    ("turn_cap = 40", {"turn_cap": 40}),
    ("d10_collision", {"d10_collision": True}),
    ("alternating_activation", {"alternating_activation": True}),
    ("alternating + catch_up", {"alternating_activation": True, "catch_up": True}),
    ("roll_off_setup", {"roll_off_setup": True}),
    ("siege_tokens", {"siege_tokens": True}),
    ("trailing_first_player", {"trailing_first_player": True}),
    ("reactive_phases", {"reactive_phases": True}),
    ("exhaustion", {"exhaustion": True}),
]


def row(name: str, df: Any, seconds: float) -> str:
    fpa = metrics.first_player_advantage(df)
    fac = metrics.win_rates(df, by="faction")
    t = fac.loc["templars"]
    out = metrics.outcomes(df)["games"].to_dict()
    bal = metrics.balance(df, "faction")["balance"]
    return (f"| {name} | {fpa['rate']:.3f} [{fpa['lo']:.3f}, {fpa['hi']:.3f}] | "
            f"{t['decisive_rate']:.3f} [{t['decisive_lo']:.3f}, {t['decisive_hi']:.3f}] | {bal:.3f} | "
            f"{out.get('mutual', 0)} | {out.get('turn-cap', 0)} | {df['turns'].mean():.1f} | {seconds:.0f} s |")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N lines (already measured)")
    args = parser.parse_args()
    lines = [f"GreedyAgent against GreedyAgent, Standard mission, {args.games} games per line, seats rotating, "
             "the same seeds on every line. Rates among decisive games, 95% Wilson intervals.", "",
             "| rules | first player wins | Templars win | balance | draws | turn-cap | turns | time |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, variants in CASES[args.skip:]:
        start = time.perf_counter()
        df = dw.simulate("standard", ["greedy", "greedy"], args.games, seed=0, variants=variants or None,
                         progress=False, record=False)
        lines.append(row(name, df, time.perf_counter() - start))
        print(lines[-1], flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
