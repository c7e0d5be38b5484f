"""Design metrics over a :func:`~dictator_widget.simulate` table, in the spirit of Ludii's and TAG's.

Win rates come with 95% Wilson intervals; draws (end reason ``mutual``) and
games stopped by the turn cap are counted apart, never as wins, and the
"decisive" rates leave them out. Every function reads only a few columns, so
a small table built by hand works as well as a simulated one.

>>> import pandas as pd
>>> df = pd.DataFrame({"game": [0, 1, 2, 3], "seed": [1, 2, 3, 4], "players": 2,
...     "winner": pd.array([0, 1, 0, None], dtype="Int64"), "first_player": [0, 0, 1, 1],
...     "end_reason": ["annihilation", "annihilation", "annihilation", "turn-cap"],
...     "turns": [20, 30, 40, 200], "decisions": [100, 150, 200, 900],
...     "p0_agent": [0, 1, 0, 1], "p1_agent": [1, 0, 1, 0], "p0_name": ["greedy", "random"] * 2,
...     "p1_name": ["random", "greedy"] * 2, "p0_faction": "templars", "p1_faction": "synclith",
...     "p0_army": "T01 T02", "p1_army": ["C01", "C01 H01", "C01", "C01"]})
>>> win_rates(df, "agent")[["name", "games", "wins", "turn_cap", "win_rate"]]  # doctest: +NORMALIZE_WHITESPACE
         name  games  wins  turn_cap  win_rate
agent
0      greedy      4     3         1      0.75
1      random      4     0         1      0.00
>>> first_player_advantage(df)["first_wins"], first_player_advantage(df)["decisive"]
(1, 3)
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .extra import lab_imports
from .intervals import Z95 as Z95
from .intervals import difference as difference
from .intervals import wilson as wilson

with lab_imports():
    import pandas as pd


def seats_in(df: pd.DataFrame) -> list[int]:
    """The player numbers that have columns in the table (``p0_…``, ``p1_…``)."""
    out = []
    p = 0
    while f"p{p}_agent" in df.columns or f"p{p}_faction" in df.columns:
        out.append(p)
        p += 1
    return out


def by_player(df: pd.DataFrame) -> pd.DataFrame:
    """The table with a row per player per game: ``game, player, agent, name, faction, first, win, draw, cap, army``.

    Players a game does not have (a 2-player game in a table with 4-player
    ones) are left out.
    """
    parts = []
    for p in seats_in(df):
        col = f"p{p}_agent" if f"p{p}_agent" in df.columns else f"p{p}_faction"
        present = df[col].notna()
        if "players" in df.columns:
            present &= df["players"] > p
        d = df[present]
        winner = d["winner"].astype("Int64")
        part = pd.DataFrame({
            "game": d["game"] if "game" in d.columns else d.index,
            "player": p,
            "agent": d[f"p{p}_agent"] if f"p{p}_agent" in d.columns else -1,
            "name": d[f"p{p}_name"] if f"p{p}_name" in d.columns else "",
            "faction": d[f"p{p}_faction"] if f"p{p}_faction" in d.columns else "",
            "first": d["first_player"] == p if "first_player" in d.columns else False,
            "win": (winner == p).fillna(False).astype(bool),
            "draw": d["end_reason"] == "mutual",
            "cap": d["end_reason"] == "turn-cap",
            "army": d[f"p{p}_army"] if f"p{p}_army" in d.columns else "",
        }, index=d.index)
        parts.append(part)
    if not parts:
        return pd.DataFrame(columns=["game", "player", "agent", "name", "faction", "first", "win", "draw", "cap",
                                     "army"])
    return pd.concat(parts).sort_values(["game", "player"]).reset_index(drop=True)


def _rates(groups: Any) -> pd.DataFrame:
    out = groups.agg(games=("win", "size"), wins=("win", "sum"), draws=("draw", "sum"), turn_cap=("cap", "sum"))
    out = out.astype(int)
    out["decisive"] = out["games"] - out["draws"] - out["turn_cap"]
    out["win_rate"] = out["wins"] / out["games"]
    ci = [wilson(w, n) for w, n in zip(out["wins"], out["games"], strict=True)]
    out["lo"] = [c[0] for c in ci]
    out["hi"] = [c[1] for c in ci]
    out["decisive_rate"] = out["wins"] / out["decisive"].where(out["decisive"] > 0)
    ci = [wilson(w, n) for w, n in zip(out["wins"], out["decisive"], strict=True)]
    out["decisive_lo"] = [c[0] for c in ci]
    out["decisive_hi"] = [c[1] for c in ci]
    return out


def win_rates(df: pd.DataFrame, by: str | Sequence[str] = "agent") -> pd.DataFrame:
    """Win rate per ``by``: "agent" (index into the agents), "seat" (player number), "faction" or "first",
    or a list of them (``["agent", "faction"]``: how each agent did with each faction, a bot against
    another shows which faction gains more from its skill).

    Columns: ``games, wins, draws, turn_cap, decisive`` (games with a winner),
    ``win_rate`` over all games with its Wilson interval ``lo, hi``, and
    ``decisive_rate`` (over decisive games) with ``decisive_lo, decisive_hi``.
    "first" compares the player who moved first (True) with the others (False).
    """
    names = {"agent": "agent", "seat": "player", "faction": "faction", "first": "first"}
    wanted = [by] if isinstance(by, str) else list(by)
    unknown = [b for b in wanted if b not in names]
    if unknown or not wanted:
        raise ValueError(f"by is one or more of 'agent', 'seat', 'faction', 'first', not {by!r}")
    long = by_player(df)
    keys = [names[b] for b in wanted]
    out = _rates(long.groupby(keys[0] if len(keys) == 1 else keys))
    if wanted == ["agent"] and "name" in long.columns:
        out.insert(0, "name", long.groupby("agent")["name"].first())
    if len(wanted) == 1:
        out.index.name = wanted[0]
    else:
        out.index.names = wanted
    return out


def first_player_advantage(df: pd.DataFrame) -> dict[str, Any]:
    """How often the player who moved first won: among decisive games, with its interval.

    ``advantage`` is that rate less the fair share ``1 / players`` (0: none).
    """
    decisive = df[df["winner"].notna()]
    first_wins = int((decisive["winner"].astype(int) == decisive["first_player"]).sum())
    n = len(decisive)
    players = float(df["players"].mean()) if "players" in df.columns and len(df) else 2.0
    rate = first_wins / n if n else math.nan
    lo, hi = wilson(first_wins, n)
    return {"games": len(df), "decisive": n, "first_wins": first_wins, "rate": rate, "lo": lo, "hi": hi,
            "advantage": rate - 1 / players if n else math.nan}


def balance(df: pd.DataFrame, by: str = "faction") -> dict[str, Any]:
    """How even the sides are: the spread (highest less lowest) of decisive win rates per ``by``.

    ``balance`` is ``1 - spread`` (1: perfectly even), as Ludii's Balance.
    """
    rates = win_rates(df, by)["decisive_rate"].dropna()
    spread = float(rates.max() - rates.min()) if len(rates) > 1 else 0.0
    return {"by": by, "groups": len(rates), "spread": spread, "balance": 1.0 - spread}


def outcomes(df: pd.DataFrame) -> pd.DataFrame:
    """Games per end reason, kept apart: annihilation (a winner), mutual (a draw), turn-cap.

    >>> outcomes(pd.DataFrame({"end_reason": ["annihilation", "turn-cap", "annihilation"]}))
    ... # doctest: +NORMALIZE_WHITESPACE
                  games     share
    end_reason
    annihilation      2  0.666667
    mutual            0  0.000000
    turn-cap          1  0.333333
    """
    reasons = ["annihilation", "mutual", "turn-cap"]
    counts = df["end_reason"].value_counts().reindex(reasons, fill_value=0)
    extra = [r for r in df["end_reason"].dropna().unique() if r not in reasons]
    counts = pd.concat([counts, df["end_reason"].value_counts().reindex(extra)]) if extra else counts
    out = pd.DataFrame({"games": counts.astype(int)})
    out["share"] = out["games"] / max(1, len(df))
    out.index.name = "end_reason"
    return out


def duration(df: pd.DataFrame) -> pd.DataFrame:
    """Length of games in turns and in decisions: mean, sd, p50, p90; per end reason and for all games."""
    rows = {}
    groups: list[tuple[str, pd.DataFrame]] = [(str(k), g) for k, g in df.groupby("end_reason")]
    groups.append(("all", df))
    for name, g in groups:
        row: dict[str, float] = {"games": float(len(g))}
        for col in ("turns", "decisions"):
            x = g[col].astype(float)
            row[f"{col}_mean"] = float(x.mean())
            row[f"{col}_sd"] = float(x.std()) if len(x) > 1 else math.nan
            row[f"{col}_p50"] = float(x.quantile(0.5))
            row[f"{col}_p90"] = float(x.quantile(0.9))
        rows[name] = row
    out = pd.DataFrame.from_dict(rows, orient="index")
    out["games"] = out["games"].astype(int)
    out.index.name = "end_reason"
    return out


def card_impact(df: pd.DataFrame, min_games: int = 1, method: str = "ablation",
                cards: Sequence[str] | None = None, executor: Any = None, progress: bool = True) -> pd.DataFrame:
    """Per card, what it does to its holder's chance of winning.

    ``method="ablation"`` (the default) plays ``df``'s games again with the card
    replaced by a blank (same faction, type and Strength, no actions) and compares
    its holder's win rate game by game (:func:`~.ablation.ablation_impact`:
    ``impact`` with a bootstrap ``lo``/``hi``): what the card itself does.

    ``method="presence"`` only reads ``df``: the win rate of players with the card
    in their army (every card held in the game, ``p0_army``) and without it, with
    Wilson intervals; ``impact`` is the rate with less the rate without. It is
    correlational: it also measures who tends to win Guilds (a Hireling) or the
    faction (a fixed army). Cards held in fewer than ``min_games`` player-games are
    left out. Sorted by impact.
    """
    if method == "ablation":
        import warnings

        from .ablation import ablation_impact
        out = ablation_impact(df, cards=cards, executor=executor, progress=progress)
        absent = [str(c) for c in out.index if out.loc[c, "games"] == 0]
        if absent:
            warnings.warn(f"card_impact: {', '.join(absent)} entered no army in these {len(df)} games: nothing to "
                          "measure (a card with a new id takes no place in an army)", stacklevel=2)
        return out[out["games"] >= max(min_games, 1)]
    if method != "presence":
        raise ValueError(f"method is 'ablation' or 'presence', not {method!r}")
    long = by_player(df)
    armies = long["army"].fillna("").astype(str).str.split()
    cards = sorted({c for a in armies for c in a})
    rows = []
    total_n, total_w = len(long), int(long["win"].sum())
    for card in cards:
        has = armies.apply(lambda a, c=card: c in a)
        n_with = int(has.sum())
        if n_with < min_games:
            continue
        w_with = int(long.loc[has, "win"].sum())
        n_without, w_without = total_n - n_with, total_w - w_with
        lo, hi = wilson(w_with, n_with)
        lo2, hi2 = wilson(w_without, n_without)
        rate_with = w_with / n_with
        rate_without = w_without / n_without if n_without else math.nan
        rows.append({"card": card, "with_games": n_with, "with_wins": w_with, "with_rate": rate_with,
                     "with_lo": lo, "with_hi": hi, "without_games": n_without, "without_wins": w_without,
                     "without_rate": rate_without, "without_lo": lo2, "without_hi": hi2,
                     "impact": rate_with - rate_without})
    columns = ["card", "with_games", "with_wins", "with_rate", "with_lo", "with_hi", "without_games",
               "without_wins", "without_rate", "without_lo", "without_hi", "impact"]
    out = pd.DataFrame(rows, columns=columns).set_index("card")
    return out.sort_values("impact", ascending=False, kind="stable")


def outliers(df: pd.DataFrame, column: str = "turns", k: float = 1.5, table: str | Path | None = None) -> pd.DataFrame:
    """Games unusually long or short in ``column`` (beyond ``k`` interquartile ranges), each with a replay line.

    The ``replay`` column is one line to paste where it works: into a notebook where the
    table is ``df`` (``dw.experiments.replay(df.loc[17])  # …``), or, given the file the
    table was saved to (``table``), into a shell (``dictator-sim replay sim.csv 17 --html …``).
    """
    x = df[column].astype(float)
    q1, q3 = x.quantile(0.25), x.quantile(0.75)
    low, high = q1 - k * (q3 - q1), q3 + k * (q3 - q1)
    odd = df[(x < low) | (x > high)]
    cols = [c for c in ("game", "seed", "agents", "seats", "winner", "end_reason", "turns", "decisions")
            if c in df.columns]
    out = odd[cols].copy()
    out["replay"] = [replay_line(i, r, table) for i, r in odd.iterrows()]
    return out


def replay_line(index: Any, row: pd.Series, table: str | Path | None = None) -> str:
    """The one-line replay of a table row: for a notebook (the table is ``df``), or for a shell (the table's file).

    >>> row = pd.Series({"seed": 99, "agents": "greedy,random", "end_reason": "turn-cap", "turns": 200})
    >>> replay_line(17, row)
    'dw.experiments.replay(df.loc[17])  # seed 99, greedy,random, turn-cap after 200 turns'
    >>> replay_line(17, row, table="my runs/sim.csv")
    "dictator-sim replay 'my runs/sim.csv' 17 --html game-17.html  # seed 99, greedy,random, turn-cap after 200 turns"
    """
    note = f"seed {row.get('seed')}, {row.get('agents')}, {row.get('end_reason')} after {row.get('turns')} turns"
    if table is None:
        return f"dw.experiments.replay(df.loc[{index}])  # {note}"
    return f"dictator-sim replay {shlex.quote(str(table))} {index} --html game-{index}.html  # {note}"


def mean_interval(values: Sequence[float], resamples: int = 2000, seed: int = 0) -> dict[str, float]:
    """The mean of ``values`` with its 95% percentile bootstrap interval (seeded: the same values, the same interval).

    >>> r = mean_interval([0.0, 0.5, 1.0, 0.5])
    >>> r["mean"], r["lo"] <= r["mean"] <= r["hi"], r["n"]
    (0.5, True, 4)
    >>> mean_interval([])["n"]
    0
    """
    import numpy as np

    x = np.asarray([v for v in values if v == v], dtype=float)            # NaNs (no value) left out
    if len(x) == 0:
        return {"mean": math.nan, "lo": math.nan, "hi": math.nan, "n": 0}
    means = x[np.random.default_rng(seed).integers(0, len(x), size=(resamples, len(x)))].mean(axis=1)
    lo, hi = np.quantile(means, [0.025, 0.975])
    return {"mean": float(x.mean()), "lo": float(lo), "hi": float(hi), "n": len(x)}


# --- A game's arc, as Ludii measures it -------------------------------------------------------------
# An arc is the list of every player's estimated chance of winning at the start of each turn and at the
# end (``evaluations``); the three measures below read it, as Ludii's metrics of the same names read its
# state evaluations (Ludii: LeadChange, DecisivenessMoves with DecisivenessThreshold, DramaAverage).

def leaders(evaluation: Sequence[float]) -> frozenset[int]:
    """The players with the highest evaluation (several on a tie).

    >>> sorted(leaders([0.2, 0.5, 0.5]))
    [1, 2]
    """
    best = max(evaluation)
    return frozenset(p for p, v in enumerate(evaluation) if v == best)


def lead_changes(arc: Sequence[Sequence[float]]) -> float:
    """The share of steps of the arc at which the leader changes (Ludii's LeadChange); 0 for fewer than 2 states.

    A step is from one evaluation to the next; the leaders are compared as sets, so a tie that forms or
    breaks counts as a change.

    >>> lead_changes([[0.6, 0.4], [0.4, 0.6], [0.7, 0.3], [1.0, 0.0]])     # 2 of 3 steps change the leader
    0.6666666666666666
    >>> lead_changes([[0.6, 0.4], [0.8, 0.2], [1.0, 0.0]])
    0.0
    """
    if len(arc) < 2:
        return 0.0
    changes = sum(leaders(a) != leaders(b) for a, b in zip(arc, arc[1:], strict=False))
    return changes / (len(arc) - 1)


def decisiveness(arc: Sequence[Sequence[float]], winner: int | None) -> float:
    """When the game was decided, as a share of its arc (Ludii's DecisivenessMoves); NaN without a winner.

    The threshold is the highest evaluation any other player ever reached (Ludii's DecisivenessThreshold);
    the game is decided at the first state where the winner's evaluation rises above it. The value is
    that state's index over the arc's last index: near 0, the winner was clear from the start (the rest
    was a foregone conclusion); 1, the game stayed open to the very end.

    >>> decisiveness([[0.5, 0.5], [0.7, 0.3], [0.8, 0.2], [0.9, 0.1], [1.0, 0.0]], winner=0)  # 0.7 > 0.5 at step 1
    0.25
    >>> decisiveness([[0.5, 0.5], [0.3, 0.7], [0.6, 0.4], [1.0, 0.0]], winner=0)    # above 0.7 only at the end
    1.0
    """
    if winner is None or len(arc) < 2:
        return math.nan
    threshold = max(v for a in arc for p, v in enumerate(a) if p != winner)
    decided = next((i for i, a in enumerate(arc) if a[winner] > threshold), len(arc) - 1)
    return decided / (len(arc) - 1)


def drama(arc: Sequence[Sequence[float]], winner: int | None) -> float:
    """How far behind the eventual winner was, on average, while not in the lead (Ludii's DramaAverage).

    Over the states where the winner is not among the leaders: the leader's evaluation less the
    winner's, averaged; 0 when the winner led (or shared the lead) throughout; NaN without a winner.

    >>> round(drama([[0.5, 0.5], [0.3, 0.7], [0.4, 0.6], [1.0, 0.0]], winner=0), 3)    # behind by 0.4, then 0.2
    0.3
    >>> drama([[0.6, 0.4], [1.0, 0.0]], winner=0)
    0.0
    """
    if winner is None:
        return math.nan
    gaps = [max(a) - a[winner] for a in arc if winner not in leaders(a)]
    return sum(gaps) / len(gaps) if gaps else 0.0


def evaluations(row: Any) -> list[list[float]]:
    """The arc of a simulated game: every player's chance of winning at the start of each turn, and at the end.

    The game is replayed from its ``record``; the chances are the learned evaluation's
    (:func:`dictator_widget.agents.value.win_chances`, which sees every card: an onlooker's estimate, not a
    player's), and exact at the end (1 for the winner).
    """
    from ..agents.value import win_chances
    from .simulate import RECORD_SEP, replay

    record = row.get("record", None)
    if not isinstance(record, str):
        raise ValueError("the arc replays a game's record: simulate with record=True")
    game = replay(row, upto=0)
    arc: list[list[float]] = []
    turn = 0
    for text in (a for a in record.split(RECORD_SEP) if a):
        if game.turn != turn and game.decision == "activation":      # a new turn, set-up done
            turn = game.turn
            arc.append(win_chances(game))
        game.apply(text)
    arc.append(win_chances(game))
    return arc


def arc(df: pd.DataFrame) -> pd.DataFrame:
    """Per game of a :func:`~dictator_widget.simulate` table (with records): ``lead_changes``, ``decisiveness``,
    ``drama`` (see those functions), ``states`` (the arc's length) and ``end_reason``. Replays every game
    (about as long as playing it again, without the bots' thinking)."""
    rows = []
    for i, row in df.iterrows():
        a = evaluations(row)
        winner = None if pd.isna(row["winner"]) else int(row["winner"])
        rows.append({"game": i, "end_reason": row["end_reason"], "states": len(a), "lead_changes": lead_changes(a),
                     "decisiveness": decisiveness(a, winner), "drama": drama(a, winner)})
    return pd.DataFrame(rows).set_index("game")


def arc_summary(arcs: pd.DataFrame) -> pd.DataFrame:
    """Each arc measure of :func:`arc`'s table: mean over the games with a value, 95% bootstrap interval, games.

    >>> arcs = pd.DataFrame({"lead_changes": [0.0, 0.5, 0.25], "decisiveness": [0.5, None, 1.0],
    ...                      "drama": [0.0, None, 0.2]})
    >>> arc_summary(arcs)[["mean", "games"]]  # doctest: +NORMALIZE_WHITESPACE
                  mean  games
    measure
    lead_changes  0.25      3
    decisiveness  0.75      2
    drama         0.10      2
    """
    rows = {}
    for col in ("lead_changes", "decisiveness", "drama"):
        r = mean_interval(arcs[col].astype(float).tolist())
        rows[col] = {"mean": r["mean"], "lo": r["lo"], "hi": r["hi"], "games": r["n"]}
    out = pd.DataFrame.from_dict(rows, orient="index")
    out.index.name = "measure"
    return out


def summary(df: pd.DataFrame, table: str | Path | None = None, shell: bool = False) -> str:
    """Every metric of the table as text (what ``dictator-sim`` prints).

    The outliers' replay lines are for a notebook, or with ``shell`` for a shell: commands
    naming ``table``, the file the table was saved to (without one, the rows and how to save).
    """
    fpa = first_player_advantage(df)
    bal = balance(df, "faction")
    parts = [
        f"{len(df)} games",
        "Outcomes (draws and turn-cap games kept apart):\n" + outcomes(df).to_string(),
        "Win rate per agent (95% Wilson intervals):\n" + _fmt(win_rates(df, "agent")),
        "Win rate per seat:\n" + _fmt(win_rates(df, "seat")),
        "Win rate per faction:\n" + _fmt(win_rates(df, "faction")),
        (f"First-player advantage: {fpa['first_wins']}/{fpa['decisive']} decisive games won by the first "
         f"player = {fpa['rate']:.3f} [{fpa['lo']:.3f}, {fpa['hi']:.3f}], advantage {fpa['advantage']:+.3f}"),
        f"Balance by faction: {bal['balance']:.3f} (spread of decisive win rates {bal['spread']:.3f})",
        "Duration:\n" + duration(df).round(1).to_string(),
    ]
    odd = outliers(df, table=table)
    if len(odd) and shell and table is None:
        parts.append(f"Outliers ({len(odd)}): rows {', '.join(str(i) for i in odd.index[:20])}; to replay one, "
                     "run again with --out FILE, then: dictator-sim replay FILE ROW --html game.html")
    elif len(odd):
        parts.append(f"Outliers ({len(odd)}):\n" + "\n".join(odd["replay"].head(20)))
    return "\n\n".join(parts)


def _fmt(rates: pd.DataFrame) -> str:
    cols = [c for c in ("name", "games", "wins", "draws", "turn_cap", "win_rate", "lo", "hi", "decisive_rate")
            if c in rates.columns]
    return str(rates[cols].round(3).to_string())
