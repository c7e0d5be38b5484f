"""The balance of the shipped card set, before and after tuning: every figure and number of docs/balance.md.

    python studies/balance.py [--tune] [--trials 100] [--tune-games 400]
                              [--steps before,after,ablation-before,ablation-after,seats,mcts,skill]
                              [--games 4000] [--ablation-games 1000] [--mcts-games 200] [--seat-games 1000]
                              [--skill-games 200]
                              [--workers N] [--out docs/balance] [--figures-only]

"Before" is the card set as it was before balancing, kept whole in ``docs/balance/before/`` (its
numbers, conditions and texts); "after" is the shipped set. Steps, each written to ``--out``:

- ``--tune``: ``dw.experiments.tune`` from the before set, ``--trials`` batches of ``--tune-games``
  (trials.csv, and the tuner's own proposal tuned.toml; patch.toml is the change as shipped);
- Greedy against Greedy, Standard, ``--games`` seat-rotated games, before and after
  (summary.json: faction, first player, length, turn caps, with 95% intervals);
- ablation impact of every card held, before and after (ablation-before.csv, ablation-after.csv);
  ``--ablation-cards`` measures only some (say, on more games) and replaces their rows;
- MCTS against MCTS (``mcts:iterations=200``), after (in summary.json);
- per-seat win rates of Triumvirate, Dissension and Double Strike, after (seats.csv);
- who gains from skill: MCTS against Greedy, ``--skill-games`` seat-rotated games, MCTS's win rate with
  each faction (in summary.json: a faction that gains more from search is stronger among good players);
- figures: tuning.png, pareto.png, ablation.png, before-after.png.

``--workers``: processes per batch (default: every core; 1 plays in this process).
``--figures-only`` redraws the figures from the files already in ``--out``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics
from dictator_widget.experiments.ablation import ablation_impact
from dictator_widget.experiments.tune import scores

SEED = 20261201
MCTS = "mcts:iterations=200"
SEATED = ("triumvirate", "dissension", "double-strike")


def measure(df: pd.DataFrame) -> dict[str, Any]:
    """The figures docs/balance.md reports for one batch."""
    s = scores(df)
    fpa = metrics.first_player_advantage(df)
    players = int(df["players"].iloc[0])
    rounds = (df["turns"] / players).apply(math.ceil)
    return {"games": len(df), "decisive": int(df["winner"].notna().sum()),
            "faction": str(df["p0_faction"].iloc[0]), "faction_rate": s["faction_rate"],
            "faction_lo": s["faction_lo"], "faction_hi": s["faction_hi"],
            "first_rate": fpa["rate"], "first_lo": fpa["lo"], "first_hi": fpa["hi"],
            "first_advantage": fpa["advantage"],
            "median_rounds": float(rounds.median()), "rounds_p90": float(rounds.quantile(0.9)),
            "turn_cap_share": s["turn_cap_share"], "draws": int((df["end_reason"] == "mutual").sum())}


def executor(workers: int | None) -> Executor | str | None:
    """What ``simulate`` plays a batch on: its default pool (None), here ("serial", one worker) or a pool."""
    if workers is None:
        return None
    return "serial" if workers == 1 else ProcessPoolExecutor(max_workers=workers)


def mcts_games(file: Path, games: int, workers: int | None = None) -> pd.DataFrame:
    """Games 0..games-1 of the MCTS batch, each row appended to ``file`` as it ends; games already there
    are not played again (a long run can be stopped and resumed). The rows are simulate()'s."""
    import csv
    from concurrent.futures import as_completed

    from dictator_widget.engine import DEFAULT_TURN_CAP
    from dictator_widget.experiments.simulate import Batch, play_game

    done = set(pd.read_csv(file)["game"]) if file.exists() and file.stat().st_size else set()
    batch = Batch("standard", (MCTS, MCTS), SEED, None, DEFAULT_TURN_CAP, False)
    todo = [i for i in range(games) if i not in done]
    with ProcessPoolExecutor(max_workers=workers) as pool, file.open("a", newline="", encoding="utf-8") as f:
        writer = None
        for future in as_completed([pool.submit(play_game, batch, i) for i in todo]):
            row = future.result()
            if writer is None:
                writer = csv.DictWriter(f, list(row))
                if not done:
                    writer.writeheader()
            writer.writerow(row)
            f.flush()
    df = pd.read_csv(file).sort_values("game")
    return df[df["game"] < games].reset_index(drop=True)


def figures(out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from dictator_widget.experiments import plots

    if (out / "trials.csv").exists():
        trials = pd.read_csv(out / "trials.csv")
        plots.tuning(trials).figure.savefig(out / "tuning.png", dpi=110, bbox_inches="tight")
        plots.pareto(trials).figure.savefig(out / "pareto.png", dpi=110, bbox_inches="tight")
    sides = [w for w in ("before", "after") if (out / f"ablation-{w}.csv").exists()]
    if sides:
        fig, axes = plt.subplots(1, len(sides), figsize=(6 * len(sides), 8), sharex=True, squeeze=False)
        for ax, which in zip(axes[0], sides, strict=True):
            impact = pd.read_csv(out / f"ablation-{which}.csv", index_col="card")
            plots.ablation(impact, ax=ax)
            ax.set_title(f"Card impact by ablation, {which} ({int(impact['games'].max())} games, 95% CI)")
        fig.tight_layout()
        fig.savefig(out / "ablation.png", dpi=110)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    if not {"before", "after"} <= set(summary):
        return
    fig, ax = plt.subplots(figsize=(7, 3.5))
    rows = [("Templars (Greedy)", "faction"), ("first player (Greedy)", "first")]
    for k, which in enumerate(("before", "after")):
        m = summary[which]
        ys = [m[f"{key}_rate"] for _, key in rows]
        lo = [m[f"{key}_rate"] - m[f"{key}_lo"] for _, key in rows]
        hi = [m[f"{key}_hi"] - m[f"{key}_rate"] for _, key in rows]
        ax.errorbar([i + 0.15 * (2 * k - 1) for i in range(len(rows))], ys, yerr=[lo, hi], fmt="o", capsize=5,
                    label=f"{which} ({m['games']} games)")
    if "mcts" in summary:
        m = summary["mcts"]
        ax.errorbar([2], [m["faction_rate"]], yerr=[[m["faction_rate"] - m["faction_lo"]],
                                                     [m["faction_hi"] - m["faction_rate"]]],
                    fmt="s", capsize=5, color="#c0504d", label=f"after, MCTS ({m['games']} games)")
        rows.append(("Templars (MCTS)", "mcts"))
    ax.set_xticks(range(len(rows)), [r[0] for r in rows])
    ax.axhspan(0.46, 0.54, color="#d9ead3", zorder=0)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylabel("win rate among decisive games")
    ax.set_title("Standard mission, before and after balancing (95% Wilson intervals)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "before-after.png", dpi=110)


STEPS = ("before", "after", "ablation-before", "ablation-after", "seats", "mcts", "skill")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tune", action="store_true", help="run the tuner again (long)")
    parser.add_argument("--trials", type=int, default=100, help="the tuner's trials")
    parser.add_argument("--tune-games", type=int, default=400, help="games per trial")
    parser.add_argument("--workers", type=int, default=None, help="processes per batch (default: every core)")
    parser.add_argument("--steps", default=",".join(STEPS), help=f"some of {','.join(STEPS)}")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--ablation-games", type=int, default=1000)
    parser.add_argument("--ablation-cards", default="",
                        help="only these cards (comma-separated), their rows replaced in the ablation table")
    parser.add_argument("--mcts-games", type=int, default=200)
    parser.add_argument("--seat-games", type=int, default=1000)
    parser.add_argument("--skill-games", type=int, default=200)
    parser.add_argument("--out", type=Path, default=Path("docs/balance"))
    parser.add_argument("--figures-only", action="store_true")
    args = parser.parse_args()
    out: Path = args.out
    steps = args.steps.split(",")
    if args.figures_only:
        figures(out)
        return
    summary_file = out / "summary.json"

    def save(key: str, value: dict[str, Any]) -> None:
        """Add one entry to summary.json (read again: steps may run in parallel)."""
        summary = json.loads(summary_file.read_text("utf-8")) if summary_file.exists() else {}
        summary[key] = value
        summary_file.write_text(json.dumps(summary, indent=2) + "\n", "utf-8")
        print(key, value)

    pool = executor(args.workers)
    before = str(out / "before")
    if args.tune:
        t = time.time()
        result = dw.experiments.tune("standard", ["greedy", "greedy"], seed=SEED, cards=before,
                                     trials=args.trials, games=args.tune_games, executor=pool)
        result.trials.to_csv(out / "trials.csv", index=False)
        result.save_patch(out / "tuned.toml")
        print(f"tuned in {time.time() - t:.0f} s:\n{result.patch}")
    for which, cards in (("before", before), ("after", None)):
        if which in steps:
            t = time.time()
            df = dw.simulate("standard", ["greedy", "greedy"], args.games, seed=SEED, cards=cards, record=False,
                             executor=pool)
            save(which, {**measure(df), "seconds": round(time.time() - t)})
        if f"ablation-{which}" in steps:            # the first games of the same batch, replayed per card
            df = dw.simulate("standard", ["greedy", "greedy"], args.ablation_games, seed=SEED, cards=cards,
                             record=False, executor=pool)
            file = out / f"ablation-{which}.csv"
            chosen = args.ablation_cards.split(",") if args.ablation_cards else None
            impact = ablation_impact(df, cards=chosen, executor=pool)
            if chosen and file.exists():            # a longer look at some cards replaces their rows
                rest = pd.read_csv(file, index_col="card").drop(chosen, errors="ignore")
                impact = pd.concat([rest, impact]).sort_values("impact", ascending=False, kind="stable")
            impact.to_csv(file)
            print(impact.to_string())
    if "seats" in steps:
        rows = []
        for mission in SEATED:
            players = dw.Game.new(mission, seed=0).num_players
            df = dw.simulate(mission, ["greedy"] * players, args.seat_games, seed=SEED, record=False,
                             executor=pool)
            rates = metrics.win_rates(df, by="seat")
            for seat, r in rates.iterrows():
                rows.append({"mission": mission, "seat": seat, "games": int(r["games"]), "wins": int(r["wins"]),
                             "win_rate": r["win_rate"], "lo": r["lo"], "hi": r["hi"],
                             "draws": int(r["draws"]), "turn_cap": int(r["turn_cap"])})
        pd.DataFrame(rows).to_csv(out / "seats.csv", index=False)
        print(pd.DataFrame(rows).to_string())
    if "mcts" in steps:
        t = time.time()
        df = mcts_games(out / "mcts.csv", args.mcts_games, args.workers)
        save("mcts", {**measure(df), "agent": MCTS, "seconds": round(time.time() - t)})
    if "skill" in steps:
        t = time.time()
        df = dw.simulate("standard", [MCTS, "greedy"], args.skill_games, seed=SEED, record=False, executor=pool)
        rates = metrics.win_rates(df, ["agent", "faction"]).loc[0]
        save("skill", {"agents": [MCTS, "greedy"], "games": len(df), "seconds": round(time.time() - t),
                       **{faction: {"games": int(r["games"]), "wins": int(r["wins"]), "rate": r["win_rate"],
                                    "lo": r["lo"], "hi": r["hi"]} for faction, r in rates.iterrows()}})
    figures(out)


if __name__ == "__main__":
    main()
