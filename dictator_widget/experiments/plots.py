"""Plots of a simulation table (matplotlib): win rates with intervals, durations, card impact.

Each function draws on ``ax`` (a new figure when None) and returns the axes.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import dictator_widget as dw
>>> df = dw.simulate("standard", ["greedy", "random"], 4, progress=False)
>>> win_rates(df).get_ylabel(), duration(df).get_xlabel()
('win rate', 'turns')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import metrics
from .extra import lab_imports

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes


def _axes(ax: Axes | None, size: tuple[float, float] = (6, 3.5)) -> Axes:
    if ax is not None:
        return ax
    with lab_imports():
        import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=size)
    return new


def win_rates(df: pd.DataFrame, by: str = "agent", ax: Axes | None = None, decisive: bool = False) -> Axes:
    """Bars of the win rate per ``by`` ("agent", "seat", "faction", "first") with 95% Wilson intervals."""
    rates = metrics.win_rates(df, by)
    col, lo, hi = ("decisive_rate", "decisive_lo", "decisive_hi") if decisive else ("win_rate", "lo", "hi")
    if "name" in rates.columns:
        labels = [f"{i}: {n}" for i, n in zip(rates.index, rates["name"], strict=True)]
    elif by == "first":
        labels = ["moved first" if i else "moved second" for i in rates.index]
    else:
        labels = [str(i) for i in rates.index]
    values = rates[col].fillna(0.0)
    errors = [values - rates[lo], rates[hi] - values]
    ax = _axes(ax)
    bars = ax.bar(labels, values, yerr=errors, capsize=6, color="#4a7fb0")
    ax.bar_label(bars, labels=[f"{v:.2f}" for v in values], label_type="center", color="white")
    players = int(df["players"].max()) if "players" in df.columns and len(df) else 2
    ax.axhline(1 / players, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_xlabel({"first": "player", "seat": "player number"}.get(by, by))
    ax.set_title(f"Win rate per {by} ({'decisive games' if decisive else 'all games'}, 95% CI)")
    return ax


def duration(df: pd.DataFrame, column: str = "turns", ax: Axes | None = None, bins: int = 30) -> Axes:
    """A histogram of game length, stacked by end reason (turn-cap games apart)."""
    ax = _axes(ax)
    groups = [(str(k), g[column].astype(float)) for k, g in df.groupby("end_reason")]
    if groups:
        ax.hist([g for _, g in groups], bins=bins, stacked=True, label=[k for k, _ in groups])
        ax.legend(title="end reason")
    ax.set_xlabel(column)
    ax.set_ylabel("games")
    ax.set_title(f"Duration ({column})")
    return ax


def card_impact(df: pd.DataFrame, ax: Axes | None = None, min_games: int = 5, top: int = 20) -> Axes:
    """Win rate with each card in the army against without it (intervals), the largest impacts first."""
    impact = metrics.card_impact(df, min_games=min_games, method="presence")
    impact = impact.reindex(impact["impact"].abs().sort_values(ascending=False).index[:top])
    ax = _axes(ax, (6, max(2.5, 0.3 * len(impact) + 1)))
    y = list(range(len(impact)))
    kw: dict[str, Any] = {"fmt": "o", "capsize": 3}
    ax.errorbar(impact["with_rate"], y, xerr=[impact["with_rate"] - impact["with_lo"],
                                              impact["with_hi"] - impact["with_rate"]], label="with", **kw)
    ax.errorbar(impact["without_rate"], [v + 0.25 for v in y],
                xerr=[impact["without_rate"] - impact["without_lo"], impact["without_hi"] - impact["without_rate"]],
                label="without", **kw)
    ax.set_yticks(y, list(impact.index))
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the player")
    ax.set_title("Card impact (95% CI)")
    ax.legend()
    return ax


def ablation(impact: pd.DataFrame, ax: Axes | None = None, band: float = 0.10) -> Axes:
    """Each card's ablation impact (``metrics.card_impact(..., method="ablation")``) with its 95% interval,
    and the ``±band`` a fair card stays within."""
    ax = _axes(ax, (6, max(2.5, 0.28 * len(impact) + 1)))
    y = list(range(len(impact)))
    ax.errorbar(impact["impact"], y, xerr=[impact["impact"] - impact["lo"], impact["hi"] - impact["impact"]],
                fmt="o", capsize=3, color="#4a7fb0")
    ax.axvline(0, color="grey", lw=0.8)
    for x in (-band, band):
        ax.axvline(x, color="#c0504d", lw=0.8, ls="--")
    ax.set_yticks(y, [f"{c} {n}" for c, n in zip(impact.index, impact["name"], strict=True)])
    ax.invert_yaxis()
    ax.set_xlabel("holder's win rate, card less blank")
    ax.set_title("Card impact by ablation (95% CI)")
    return ax


def tuning(trials: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """The tuner's trials: player 0's faction win rate (decisive games, 95% CI) by trial, the best marked."""
    ax = _axes(ax, (7, 3.5))
    t = trials.sort_values("trial")
    ax.errorbar(t["trial"], t["faction_rate"], yerr=[t["faction_rate"] - t["faction_lo"],
                                                     t["faction_hi"] - t["faction_rate"]],
                fmt="o", ms=3, capsize=2, color="#4a7fb0", alpha=0.7, label="trial")
    best = t[t["pareto"]]
    ax.plot(best["trial"], best["faction_rate"], "*", ms=12, color="#c0504d", label="best / front")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("trial (0: the set as it was)")
    ax.set_ylabel("faction win rate")
    ax.set_title("Tuning: player 0's faction among decisive games (95% CI)")
    ax.legend()
    return ax


def pareto(trials: pd.DataFrame, x: str = "faction", y: str = "first_player", ax: Axes | None = None) -> Axes:
    """Trials on two objectives (0 is perfect), the non-dominated ones (the Pareto front) joined."""
    ax = _axes(ax, (5, 4))
    ax.scatter(trials[x], trials[y], s=12, color="#9bb7d4", label="trial")
    pts = trials[[x, y]].to_numpy()
    front = [i for i, (a, b) in enumerate(pts)
             if not any(c <= a and d <= b and (c < a or d < b) for c, d in pts)]
    f = trials.iloc[front].sort_values(x)
    ax.plot(f[x], f[y], "o-", color="#c0504d", label="Pareto front")
    ax.set_xlabel(f"{x} (distance from even)")
    ax.set_ylabel(f"{y} (distance from even)")
    ax.set_title("Trials on two objectives")
    ax.legend()
    return ax
