"""Plots of a simulation table (matplotlib): win rates with intervals, durations, card impact.

Each function draws on ``ax`` (a new figure when None) and returns the axes; ``lang="ru"`` writes its titles,
labels and legends in Russian.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import dictator_widget as dw
>>> df = dw.simulate("standard", ["greedy", "random"], 4, progress=False)
>>> win_rates(df).get_ylabel(), duration(df).get_xlabel()
('win rate', 'turns')
>>> win_rates(df, lang="ru").get_ylabel(), duration(df, lang="ru").get_xlabel()
('доля побед', 'ходы')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import findings, metrics
from .extra import lab_imports
from .tune import best_trial

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes


WORDS = {
    "win rate": "доля побед", "player": "игрок", "player number": "номер игрока", "faction": "фракция",
    "agent": "бот", "seat": "место", "first": "первый ход", "moved first": "ходил первым",
    "moved second": "ходил вторым", "decisive games": "решённые партии", "all games": "все партии",
    "Win rate per {by} ({games}, 95% CI)": "Доля побед по признаку «{by}» ({games}, 95% ДИ)",
    "share of decisive games won": "доля побед в решённых партиях",
    "Share of decisive games won, per {by} (95% CI)": "Доля побед в решённых партиях по признаку «{by}» (95% ДИ)",
    "turns": "ходы", "decisions": "решения", "games": "партии", "end reason": "как закончилась",
    "Duration ({column})": "Длительность ({column})", "impact: the holder's win rate, card less blank":
    "вклад: доля побед владельца, с картой минус с пустой", "Card impact by ablation (95% CI)":
    "Вклад карты по абляции (95% ДИ)", "trial (0: the set as given)": "проба (0: набор как есть)",
    "Templars' share of decisive games": "доля Тамплиеров в решённых партиях",
    "trial": "проба", "on the front": "на фронте", "best: trial {n}": "лучшая: проба {n}",
"Pareto front": "фронт Парето",
    "{x} (0: even)": "{x} (0: ровно)", "Trials on two objectives": "Пробы по двум целям",
    "annihilation": "уничтожение", "mutual": "взаимное уничтожение", "turn-cap": "предел ходов",
    "templars": "Тамплиеры", "synclith": "Синклит", "hirelings": "Наёмники", "faction_rate": "доля фракции",
    "Trials: the Templars' share of decisive games (95% CI)": "Пробы: доля Тамплиеров в решённых партиях (95% ДИ)",
    "the tuned trials": "пробы тюнера",
}
"""Each English label of these plots in Russian."""


OBJECTIVES = {"faction": ("the first faction's distance from 50%", "отступ доли первой фракции от 50%"),
              "first_player": ("the first player's distance from 50%", "отступ доли первого игрока от 50%"),
              "length": ("game length", "длина партии"), "cards": ("card impact", "вклад карт")}
"""The tuner's objectives (identifiers in its trials table) in words, English and Russian."""


def tr(text: str, lang: str = "en", **fields: Any) -> str:
    """A plot's label in ``lang`` (its English words when no Russian is known), with ``fields`` filled in.

    >>> tr("Duration ({column})", "ru", column=tr("turns", "ru"))
    'Длительность (ходы)'
    """
    words = WORDS.get(text, text) if lang == "ru" else text
    return words.format(**fields) if fields else words


def _objective(name: str, lang: str) -> str:
    en, ru = OBJECTIVES.get(name, (name, name))
    return ru if lang == "ru" else en


def _number(x: float, spec: str, lang: str) -> str:
    return findings.number(float(x), spec, lang)


def localize(ax: Axes, lang: str, axes: str = "xy") -> Axes:
    """The number labels of ``ax``'s ``axes`` ("x", "y" or "xy": numeric axes only) in ``lang``: in Russian, decimal
    commas (``0,25``, not ``0.25``). The plots here call it; a lesson calls it on the axes it draws itself.

    >>> import matplotlib.pyplot as plt
    >>> ax = localize(plt.subplots()[1], "ru")
    >>> ax.xaxis.get_major_formatter()(0.25, 0), ax.yaxis.get_major_formatter()(-1.5, 0)
    ('0,25', '−1,5')
    """
    if lang == "ru":
        with lab_imports():
            from matplotlib.ticker import FuncFormatter

        def comma(value: float, _pos: int) -> str:
            return f"{value:g}".replace(".", ",").replace("-", "−")

        for name in axes:
            getattr(ax, f"{name}axis").set_major_formatter(FuncFormatter(comma))
    return ax


def _axes(ax: Axes | None, size: tuple[float, float] = (6, 3.5)) -> Axes:
    if ax is not None:
        return ax
    with lab_imports():
        import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=size)
    return new


def win_rates(df: pd.DataFrame, by: str = "agent", ax: Axes | None = None, decisive: bool = False,
              lang: str = "en") -> Axes:
    """Bars of the win rate per ``by`` ("agent", "seat", "faction", "first") with 95% Wilson intervals."""
    rates = metrics.win_rates(df, by)
    col, lo, hi = ("decisive_rate", "decisive_lo", "decisive_hi") if decisive else ("win_rate", "lo", "hi")
    if "name" in rates.columns:
        labels = [f"{i}: {n}" for i, n in zip(rates.index, rates["name"], strict=True)]
    elif by == "first":
        labels = [tr("moved first" if i else "moved second", lang) for i in rates.index]
    elif by == "faction":
        labels = [tr(str(i), lang) if lang == "ru" else str(i).capitalize() for i in rates.index]
    else:
        labels = [tr(str(i), lang) for i in rates.index]
    values = rates[col].fillna(0.0)
    errors = [values - rates[lo], rates[hi] - values]
    ax = _axes(ax)
    bars = ax.bar(labels, values, yerr=errors, capsize=6, color="#4a7fb0")
    ax.bar_label(bars, labels=[_number(v, ".2f", lang) for v in values], label_type="center", color="white")
    players = int(df["players"].max()) if "players" in df.columns and len(df) else 2
    ax.axhline(1 / players, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel(tr("share of decisive games won" if decisive else "win rate", lang))
    ax.set_xlabel(tr({"first": "player", "seat": "player number"}.get(by, by), lang))
    ax.set_title(tr("Share of decisive games won, per {by} (95% CI)", lang, by=tr(by, lang)) if decisive else
                 tr("Win rate per {by} ({games}, 95% CI)", lang, by=tr(by, lang), games=tr("all games", lang)))
    return localize(ax, lang, "y")


def duration(df: pd.DataFrame, column: str = "turns", ax: Axes | None = None, bins: int = 30,
             lang: str = "en") -> Axes:
    """A histogram of game length, stacked by end reason (turn-cap games apart)."""
    ax = _axes(ax)
    groups = [(str(k), g[column].astype(float)) for k, g in df.groupby("end_reason")]
    if groups:
        ax.hist([g for _, g in groups], bins=bins, stacked=True, label=[tr(k, lang) for k, _ in groups])
        ax.legend(title=tr("end reason", lang))
    ax.set_xlabel(tr(column, lang))
    ax.set_ylabel(tr("games", lang))
    ax.set_title(tr("Duration ({column})", lang, column=tr(column, lang)))
    return localize(ax, lang, "xy")


def card_impact(df: pd.DataFrame, ax: Axes | None = None, cards: list[str] | None = None, lang: str = "en",
                progress: bool = False) -> Axes:
    """What each card itself adds (ablation: ``metrics.card_impact``, the same games with a blank), drawn by
    :func:`ablation`. (The win rate of players who merely held a card mixes the card with its faction; it is
    not drawn.)"""
    return ablation(metrics.card_impact(df, cards=cards, progress=progress), ax=ax, lang=lang)


def ablation(impact: pd.DataFrame, ax: Axes | None = None, band: float = 0.10, lang: str = "en") -> Axes:
    """Each card's ablation impact (``metrics.card_impact(..., method="ablation")``) with its 95% interval,
    and the ``±band`` a fair card stays within."""
    ax = _axes(ax, (6, max(2.5, 0.28 * len(impact) + 1)))
    y = list(range(len(impact)))
    ax.errorbar(impact["impact"], y, xerr=[impact["impact"] - impact["lo"], impact["hi"] - impact["impact"]],
                fmt="o", capsize=3, color="#4a7fb0")
    ax.axvline(0, color="grey", lw=0.8)
    for x in (-band, band):
        ax.axvline(x, color="#c0504d", lw=0.8, ls="--")
    ax.set_yticks(y, [f"{c} {findings.card_name(str(c), lang)}" for c in impact.index])
    ax.invert_yaxis()
    ax.set_xlabel(tr("impact: the holder's win rate, card less blank", lang))
    ax.set_title(tr("Card impact by ablation (95% CI)", lang))
    return localize(ax, lang, "x")


def tuning(trials: pd.DataFrame, ax: Axes | None = None, lang: str = "en") -> Axes:
    """The tuner's trials: the Templars' share of decisive games (95% CI) by trial, the best marked."""
    ax = _axes(ax, (7, 3.5))
    t = trials.sort_values("trial")
    ax.errorbar(t["trial"], t["faction_rate"], yerr=[t["faction_rate"] - t["faction_lo"],
                                                     t["faction_hi"] - t["faction_rate"]],
                fmt="o", ms=3, capsize=2, color="#4a7fb0", alpha=0.7, label=tr("trial", lang))
    front = t[t["pareto"]]
    ax.plot(front["trial"], front["faction_rate"], "*", ms=11, mfc="none", color="#c0504d",
            label=tr("on the front", lang))
    best = best_trial(t)
    ax.plot([best["trial"]], [best["faction_rate"]], "*", ms=14, color="#c0504d",
            label=tr("best: trial {n}", lang, n=int(best["trial"])))
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    with lab_imports():
        from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))            # trials are whole numbers
    ax.set_xlabel(tr("trial (0: the set as given)", lang))
    ax.set_ylabel(tr("Templars' share of decisive games", lang))
    ax.set_title(tr("Trials: the Templars' share of decisive games (95% CI)", lang))
    ax.legend()
    return localize(ax, lang, "y")


def pareto(trials: pd.DataFrame, x: str = "faction", y: str = "first_player", ax: Axes | None = None,
           lang: str = "en") -> Axes:
    """Trials on two objectives (0 is perfect), the non-dominated ones (the Pareto front) joined."""
    ax = _axes(ax, (5, 4))
    ax.scatter(trials[x], trials[y], s=12, color="#9bb7d4", label=tr("trial", lang))
    pts = trials[[x, y]].to_numpy()
    front = [i for i, (a, b) in enumerate(pts)
             if not any(c <= a and d <= b and (c < a or d < b) for c, d in pts)]
    f = trials.iloc[front].sort_values(x)
    ax.plot(f[x], f[y], "o-", color="#c0504d", label=tr("Pareto front", lang))
    ax.set_xlabel(tr("{x} (0: even)", lang, x=_objective(x, lang)))
    ax.set_ylabel(tr("{x} (0: even)", lang, x=_objective(y, lang)))
    ax.set_title(tr("Trials on two objectives", lang))
    ax.legend()
    return localize(ax, lang, "xy")
