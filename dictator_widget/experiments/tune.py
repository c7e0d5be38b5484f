"""Balancing a card set: search the numbers cards declare tunable for a fair game (Optuna).

Each trial is a patch of the card set (values for tunable parameters, within
their ranges), played as one :func:`~dictator_widget.simulate` batch on the
same seeds (common random numbers: trials differ by their cards, not their
luck) and scored on the objectives, each 0 when perfect:

- ``faction``: how far the sides' win rates (among decisive games) are from an even share;
- ``first_player``: how far the first player's win rate is from an even share;
- ``length``: the share of games stopped by the turn cap, plus how far the median
  length in rounds lies outside :data:`ROUNDS`;
- ``cards``: the largest ablation impact of a tuned card (a dead or dominant card),
  from :func:`~dictator_widget.experiments.ablation.ablation_impact` — a batch per card,
  so many times dearer than the others.

Trial 0 is the set as it is (the baseline). A weighted sum is minimised, or
with ``pareto=True`` the objectives are searched together and the front is kept
(the best trial is then the front's lowest weighted sum). The sampler is
seeded and trials run one after another, so the same arguments give the same
trials on any executor.

>>> r = tune("standard", ["random", "random"], trials=2, games=4, seed=1, progress=False,
...          params=["T02.strength", "C02.propaganda.cost"])
>>> list(r.trials.columns[:4]), int(r.trials.loc[0, "T02.strength"])
(['trial', 'T02.strength', 'C02.propaganda.cost', 'score'], 3)
>>> r.patch.startswith("# ")
True
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import DEFAULT_TURN_CAP, DictatorError, load_cards
from ..engine.content.missions import mission as get_mission
from ..engine.content.tuning import patch_toml, value, write_cards
from .extra import lab_imports
from .simulate import SERIAL_UP_TO, AgentSpec, agent_name, simulate

if TYPE_CHECKING:
    import pandas as pd

OBJECTIVES = ("faction", "first_player", "length", "cards")
DEFAULT_OBJECTIVES = ("faction", "first_player", "length")
ROUNDS = (8, 25)
"""The median game length, in rounds, that counts as neither too short nor too long."""


@dataclass
class TuneResult:
    """What :func:`tune` found: every trial, the best values and the patch that applies them."""

    trials: pd.DataFrame
    """A row per trial: ``trial``, each parameter, ``score``, each objective, the measured
    figures (``faction_rate`` with ``faction_lo``/``faction_hi``: player 0's faction among
    decisive games; ``first_rate``, ``median_rounds`` (a round: every player's turn once),
    ``median_turns``, ``turn_cap_share``) and ``pareto``."""
    best: dict[str, int]
    """The best trial's values, by parameter (``"T02.strength"``)."""
    changes: dict[str, dict[str, int]]
    """The best values that differ from the set's, by card: the patch as a table."""
    patch: str
    """The patch as TOML text, for ``dw.load_cards(patch=...)`` or a file."""
    study: Any
    """The Optuna study, for its own plots and analyses."""
    trial: int = 0
    """The best trial's number (a row of ``trials``; 0 when no trial beat the set as given)."""

    def save_patch(self, path: str | Path) -> Path:
        """Write the patch to a TOML file; returns its path."""
        out = Path(path)
        out.write_text(self.patch, encoding="utf-8")
        return out


def default_params(mission: str, cards: str | None = None) -> list[str]:
    """Every tunable parameter of the cards in the mission's armies (all cards when armies are drawn).

    >>> default_params("standard")[:3]
    ['T02.strength', 'T02.barrage.cost', 'T02.barrage.amount']
    """
    card_set = load_cards(cards)
    armies = get_mission(mission).armies
    ids = [c for army in armies for bat in army.battalions for c in bat] if armies else list(card_set)
    return [f"{cid}.{path}" for cid in ids for path in card_set[cid].tunable]


def _split(param: str) -> tuple[str, str]:
    cid, _, path = param.partition(".")
    return cid, path


def scores(df: pd.DataFrame) -> dict[str, float]:
    """The objectives measured on one batch (each 0 when perfect), with the figures behind them.

    >>> import dictator_widget as dw
    >>> s = scores(dw.simulate("standard", ["greedy", "greedy"], 6, seed=3, progress=False))
    >>> sorted(s)[:4], 0 <= s["faction"] <= 0.5
    (['faction', 'faction_hi', 'faction_lo', 'faction_rate'], True)
    """
    from .metrics import first_player_advantage, wilson

    players = int(df["players"].iloc[0])
    share = 1 / players
    decisive = df[df["winner"].notna()]
    factions = [df[f"p{p}_faction"] for p in range(players)]
    won = [str(factions[int(w)].loc[i]) for i, w in decisive["winner"].items()]
    rates = {f: won.count(f) / len(won) for f in sorted(set(factions[0]) | {str(x) for x in factions[1]})} \
        if won else {}
    even = 1 / len(rates) if rates else share
    mine = str(factions[0].iloc[0])
    k = won.count(mine)
    lo, hi = wilson(k, len(won))
    first = first_player_advantage(df)
    rounds = (df["turns"] / players).apply(math.ceil)
    median = float(rounds.median())
    cap = float((df["end_reason"] == "turn-cap").mean())
    return {
        "faction": max((abs(r - even) for r in rates.values()), default=0.5),
        "first_player": abs(first["advantage"]) if first["decisive"] else 0.5,
        "length": cap + max(0.0, ROUNDS[0] - median) / ROUNDS[0] + max(0.0, median - ROUNDS[1]) / ROUNDS[1],
        "faction_rate": k / len(won) if won else math.nan, "faction_lo": lo, "faction_hi": hi,
        "first_rate": first["rate"], "median_rounds": median, "median_turns": float(df["turns"].median()),
        "turn_cap_share": cap,
    }


def best_trial(trials: pd.DataFrame) -> pd.Series:
    """The row of ``trials`` a tuner picks: on the front (``pareto``), the lowest score, the earliest of equals.

    >>> import pandas as pd
    >>> trials = pd.DataFrame({"trial": [0, 1, 2], "score": [0.3, 0.1, 0.1], "pareto": [False, True, True]})
    >>> int(best_trial(trials)["trial"])
    1
    """
    return trials[trials["pareto"]].sort_values(["score", "trial"]).iloc[0]


def tune(mission: str = "standard", agents: Sequence[AgentSpec] = ("greedy", "greedy"), *, trials: int = 20,
         games: int = 200, seed: int = 0, params: Sequence[str] | None = None,
         objectives: Sequence[str] = DEFAULT_OBJECTIVES, weights: Mapping[str, float] | None = None,
         pareto: bool = False, sampler: str | Any = "tpe", cards: str | None = None,
         executor: Executor | str | None = None, progress: bool = True,
         turn_cap: int = DEFAULT_TURN_CAP) -> TuneResult:
    """Search the tunable card numbers ``params`` for the fairest game of ``mission`` between ``agents``.

    ``trials`` batches of ``games`` games each (seed ``seed`` for every batch); ``params``:
    names like ``"T02.strength"`` or ``"C02.propaganda.cost"`` (default: :func:`default_params`);
    ``objectives``: some of :data:`OBJECTIVES`; ``weights``: per objective (default 1 each);
    ``pareto``: search the objectives as a multi-objective study; ``sampler``: "tpe", "random"
    or an Optuna sampler; ``cards``: a folder of one's own cards under the patch; ``executor``:
    as for :func:`~dictator_widget.simulate` (None: one process pool for the whole search).
    Needs Optuna (``pip install dictator_widget[lab]``).
    """
    with lab_imports():
        import optuna
        import pandas as pd
        from tqdm.auto import tqdm

    unknown = [o for o in objectives if o not in OBJECTIVES]
    if unknown or not objectives:
        raise DictatorError("tune.objectives", options=list(OBJECTIVES), got=list(objectives))
    weight = {o: float((weights or {}).get(o, 1.0)) for o in objectives}
    if not isinstance(trials, int) or trials < 1 or not isinstance(games, int) or games < 1:
        raise DictatorError("tune.counts", trials=trials, games=games)
    base = load_cards(cards)
    names = list(params) if params is not None else default_params(mission, cards)
    ranges: dict[str, tuple[int, int]] = {}
    for name in names:
        cid, path = _split(name)
        if cid not in base:
            raise DictatorError("tune.no_card", card=cid, name=name)
        if path not in base[cid].tunable:
            raise DictatorError("tune.not_tunable", name=name, card=cid, tunable=sorted(base[cid].tunable))
        ranges[name] = base[cid].tunable[path]
    if not ranges:
        raise DictatorError("tune.nothing")
    baseline = {n: value(base[_split(n)[0]], _split(n)[1]) for n in ranges}

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    chosen = (optuna.samplers.TPESampler(seed=seed) if sampler == "tpe" else
              optuna.samplers.RandomSampler(seed=seed) if sampler == "random" else sampler)
    if isinstance(chosen, str):
        raise DictatorError("tune.sampler", got=sampler)
    directions = [optuna.study.StudyDirection.MINIMIZE] * (len(objectives) if pareto else 1)
    study = optuna.create_study(directions=directions, sampler=chosen)
    study.enqueue_trial(baseline)

    own_pool = executor is None and games > SERIAL_UP_TO and (os.cpu_count() or 1) > 1
    pool: Executor | str | None = ProcessPoolExecutor(max_workers=os.cpu_count()) if own_pool else executor
    rows: list[dict[str, Any]] = []
    bar = tqdm(total=trials, disable=not progress, unit="trial",
               desc=f"tune {mission}: {' v '.join(agent_name(a) for a in agents)}")
    try:
        with tempfile.TemporaryDirectory(prefix="dw-tune-") as tmp:
            for number in range(trials):
                trial = study.ask()
                values = {n: trial.suggest_int(n, lo, hi) for n, (lo, hi) in ranges.items()}
                row = _evaluate(mission, agents, games, seed, cards, values, objectives, pool, turn_cap,
                                Path(tmp) / f"trial-{number:04d}")
                row["score"] = sum(weight[o] * row[o] for o in objectives)
                study.tell(trial, [row[o] for o in objectives] if pareto else row["score"])
                rows.append({"trial": number, **values, **row})
                bar.update(1)
                bar.set_postfix(score=f"{min(r['score'] for r in rows):.3f}")
    finally:
        bar.close()
        if own_pool and isinstance(pool, Executor):
            pool.shutdown()
    table = pd.DataFrame(rows)
    front = {t.number for t in study.best_trials} if pareto else {int(table["score"].idxmin())}
    table["pareto"] = table["trial"].isin(front)
    order = ["trial", *ranges, "score", *objectives]
    table = table[order + [c for c in table.columns if c not in order]]
    best_row = best_trial(table)
    best = {n: int(best_row[n]) for n in ranges}
    changes: dict[str, dict[str, int]] = {}
    for n, v in best.items():
        if v != baseline[n]:
            cid, path = _split(n)
            changes.setdefault(cid, {})[path] = v
    note = (f"dictator_widget.experiments.tune: {mission}, {' v '.join(agent_name(a) for a in agents)}, "
            f"{trials} trials of {games} games, seed {seed}\n"
            f"score {table.loc[0, 'score']:.3f} at trial 0 (the set as given), {best_row['score']:.3f} at trial "
            f"{int(best_row['trial'])} ({', '.join(objectives)}). "
            "A patch changes numbers, not card texts: update texts by hand.")
    return TuneResult(table, best, changes, patch_toml(changes, note), study, int(best_row["trial"]))


def rescore(baseline: pd.DataFrame, variant: pd.DataFrame, objectives: Sequence[str] = ("faction", "first_player"),
            resamples: int = 2000, seed: int = 0) -> dict[str, float]:
    """The tuner's score (``objectives``: "faction" and/or "first_player", summed) of two card sets played on the
    same seeds (row i of each table: the same game seed), and the difference ``variant`` less ``baseline`` with its
    95% paired bootstrap interval (the seeds resampled together): whether a tuned patch still scores better on
    games the tuner never saw.

    >>> import dictator_widget as dw
    >>> a = dw.simulate("standard", ["greedy", "greedy"], 6, seed=2, progress=False, record=False)
    >>> r = rescore(a, a)
    >>> s = scores(a)
    >>> r["difference"], r["lo"], r["hi"], round(r["variant"], 9) == round(s["faction"] + s["first_player"], 9)
    (0.0, 0.0, 0.0, True)
    """
    import numpy as np

    bad = [o for o in objectives if o not in ("faction", "first_player")]
    if bad or not objectives:
        raise DictatorError(f"rescore: objectives are 'faction' and/or 'first_player', not {list(objectives)}")
    if len(baseline) != len(variant) or ("seed" in baseline and list(baseline["seed"]) != list(variant["seed"])):
        raise DictatorError(f"rescore: the two tables must hold the same seeds, row by row; got {len(baseline)} and "
                            f"{len(variant)} games" + ("" if len(baseline) != len(variant) else " on other seeds"))

    def parts(df: pd.DataFrame) -> tuple[Any, Any, Any, float, float]:
        """Per game: decisive, won by the first game's player-0 faction, won by the first player; and the fair
        shares (of a faction, of a seat)."""
        decisive = df["winner"].notna().to_numpy()
        winner = df["winner"].fillna(-1).astype(int).to_numpy()
        players = int(df["players"].iloc[0])
        factions = np.stack([df[f"p{p}_faction"].astype(str).to_numpy() for p in range(players)], axis=1)
        won = np.where(decisive, factions[np.arange(len(df)), np.clip(winner, 0, None)], "")
        mine = won == str(df["p0_faction"].iloc[0])
        first = decisive & (winner == df["first_player"].to_numpy())
        return decisive, mine, first, 1 / len(set(factions.ravel())), 1 / players

    def score(df: pd.DataFrame, rows: Any) -> Any:
        decisive, mine, first, even, share = parts(df)
        n = decisive[rows].sum(axis=-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            total: Any = 0.0
            if "faction" in objectives:
                total = total + np.where(n > 0, np.abs(mine[rows].sum(axis=-1) / n - even), 0.5)
            if "first_player" in objectives:
                total = total + np.where(n > 0, np.abs(first[rows].sum(axis=-1) / n - share), 0.5)
        return total

    everything = np.arange(len(baseline))
    before, after = float(score(baseline, everything)), float(score(variant, everything))
    draws = np.random.default_rng(seed).integers(0, len(baseline), size=(resamples, len(baseline)))
    lo, hi = (float(x) for x in np.quantile(score(variant, draws) - score(baseline, draws), [0.025, 0.975]))
    return {"baseline": before, "variant": after, "difference": after - before, "lo": lo, "hi": hi}


def _evaluate(mission: str, agents: Sequence[AgentSpec], games: int, seed: int, cards: str | None,
              values: Mapping[str, int], objectives: Sequence[str], executor: Executor | str | None,
              turn_cap: int, folder: Path) -> dict[str, Any]:
    """Play one trial's batch with its values patched in; its objectives and figures."""
    patch: dict[str, dict[str, int]] = {}
    for n, v in values.items():
        cid, path = _split(n)
        patch.setdefault(cid, {})[path] = v
    patched = load_cards(cards, patch=patch)
    write_cards(patched.values(), folder)
    df = simulate(mission, list(agents), games, seed=seed, executor=executor, progress=False,
                  record="cards" in objectives, cards=str(folder), turn_cap=turn_cap)
    row: dict[str, Any] = scores(df)
    if "cards" in objectives:
        from .ablation import ablation_impact

        tuned = sorted({_split(n)[0] for n in values})
        impact = ablation_impact(df, cards=tuned, executor=executor, progress=False)
        row["cards"] = float(impact["impact"].abs().max()) if len(impact) else 0.0
    return row
