"""A class tournament: the bots or card sets students hand in (a folder of files), a league table, a CSV.

**Bots.** Each ``*.py`` file of the folder is one entry, named after the file. It defines
``make_agent(seed)`` returning an agent (anything with ``act(game)``), or a class ``Bot`` taking
``seed``. Every pair of entries (and any house bots given by name, such as ``"greedy"``) plays
``games`` games with seats rotating, so each plays first equally often: a round-robin. The league
ranks the entries by their win rate over all their games, with a 95% Wilson interval.

**Card sets.** Each ``*.toml`` file, or sub-folder of them, is a set laid over the shipped cards
(``dw.simulate(..., cards=…)``). A card set has no opponent of its own: it is judged on how even it
leaves the game. Each plays the same ``games`` seeds, Greedy against Greedy, beside the shipped set
(``shipped``); the league ranks by ``imbalance``, the distance from 0.5 of the first faction's
decisive win rate (with its Wilson interval): the most even set first.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "lazy.py").write_text("from dictator_widget.agents import RandomAgent as Bot\\n")
>>> league = tournament(folder, games=2, house=["greedy"], executor="serial")
>>> list(league.index), int(league["games"].sum())
(['greedy', 'lazy'], 4)
"""

from __future__ import annotations

import importlib.util
import math
import sys
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..agents import Agent
from ..engine import DictatorError
from .extra import lab_imports
from .simulate import simulate

if TYPE_CHECKING:
    import pandas as pd


def load_bot(path: str | Path) -> Agent:
    """The agent a student's file defines: ``make_agent(seed)`` or a class ``Bot(seed=...)``.

    The file is imported as a module of its own (``dw_entry_<name>``), so its agents can be copied to
    worker processes.
    """
    path = Path(path)
    name = f"dw_entry_{path.stem.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise DictatorError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise DictatorError(f"{path}: the file fails to load: {exc!r}") from exc
    if hasattr(module, "make_agent"):
        agent = module.make_agent(0)
    elif hasattr(module, "Bot"):
        agent = module.Bot(seed=0)
    else:
        raise DictatorError(f"{path}: defines neither make_agent(seed) nor a class Bot")
    if not callable(getattr(agent, "act", None)):
        raise DictatorError(f"{path}: its agent has no act(game) method")
    return agent  # type: ignore[no-any-return]


def entries(folder: str | Path) -> tuple[str, dict[str, Path]]:
    """What a folder holds: ``("bots", {name: file})`` or ``("cards", {name: file or folder})``."""
    root = Path(folder)
    if not root.is_dir():
        raise DictatorError(f"{root}: no such folder")
    bots = {p.stem: p for p in sorted(root.glob("*.py")) if not p.name.startswith("_")}
    cards = {p.stem: p for p in sorted(root.glob("*.toml"))}
    cards |= {p.name: p for p in sorted(root.iterdir()) if p.is_dir() and any(p.glob("*.toml"))}
    if bots and cards:
        raise DictatorError(f"{root}: holds both bots (.py) and card sets (.toml): one kind a tournament")
    if not bots and not cards:
        raise DictatorError(f"{root}: no bots (.py) or card sets (.toml, or folders of them)")
    return ("bots", bots) if bots else ("cards", cards)


def tournament(folder: str | Path, mission: str = "standard", games: int = 20, seed: int = 0,
               house: Sequence[str] = (), executor: Executor | str | None = None, progress: bool = False,
               csv: str | Path | None = None, variants: Mapping[str, Any] | None = None) -> pd.DataFrame:
    """The league table of the entries in ``folder`` (see the module's text); ``csv`` also writes it there.

    ``mission`` and ``variants`` (rule variants, as for :func:`~dictator_widget.simulate`) apply to every game.

    Bots: ``games`` games for every pair (``house`` adds bots by name); columns ``games, wins, losses,
    draws, turn_cap, win_rate, lo, hi`` (Wilson 95%), best first. Card sets: ``games`` Greedy games
    each; columns ``games, decisive, first_faction, rate, lo, hi, imbalance, turns_median``, most
    even first. The same arguments give the same table, on any executor.
    """
    kind, found = entries(folder)
    if kind == "bots":
        players: dict[str, Any] = {name: load_bot(path) for name, path in found.items()}
        for name in house:
            if name in players:
                raise DictatorError(f"house bot {name!r} has the name of an entry")
            players[name] = name
        league = _round_robin(players, mission, games, seed, executor, progress, variants)
    else:
        sets: dict[str, str | None] = {"shipped": None} | {name: str(path) for name, path in found.items()}
        league = _card_league(sets, mission, games, seed, executor, progress, variants)
    if csv is not None:
        league.to_csv(csv)
    return league


def _round_robin(players: dict[str, Any], mission: str, games: int, seed: int, executor: Executor | str | None,
                 progress: bool, variants: Mapping[str, Any] | None) -> pd.DataFrame:
    with lab_imports():
        import pandas as pd

    from .metrics import wilson

    names = list(players)
    if len(names) < 2:
        raise DictatorError("a round-robin needs at least two entries (add house bots, e.g. house=['greedy'])")
    score = {n: {"games": 0, "wins": 0, "losses": 0, "draws": 0, "turn_cap": 0} for n in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            df = simulate(mission, [players[a], players[b]], games, seed=seed, executor=executor,
                          progress=progress, record=False, variants=variants)
            for _, row in df.iterrows():
                for k, name in enumerate((a, b)):
                    s = score[name]
                    s["games"] += 1
                    if row["end_reason"] == "turn-cap":
                        s["turn_cap"] += 1
                    elif pd.isna(row["winner_agent"]):
                        s["draws"] += 1
                    elif int(row["winner_agent"]) == k:
                        s["wins"] += 1
                    else:
                        s["losses"] += 1
    out = pd.DataFrame.from_dict(score, orient="index")
    out["win_rate"] = out["wins"] / out["games"]
    ci = [wilson(w, n) for w, n in zip(out["wins"], out["games"], strict=True)]
    out["lo"], out["hi"] = [c[0] for c in ci], [c[1] for c in ci]
    out.index.name = "entry"
    return out.sort_values(["win_rate", "wins"], ascending=False, kind="stable")


def _card_league(sets: dict[str, str | None], mission: str, games: int, seed: int, executor: Executor | str | None,
                 progress: bool, variants: Mapping[str, Any] | None) -> pd.DataFrame:
    with lab_imports():
        import pandas as pd

    from .metrics import wilson

    rows = {}
    for name, cards in sets.items():
        df = simulate(mission, ["greedy", "greedy"], games, seed=seed, executor=executor, progress=progress,
                      record=False, cards=cards, variants=variants)
        decisive = df[df["winner"].notna()]
        first = str(df["p0_faction"].iloc[0])
        wins = int((decisive["winner"] == 0).sum())
        lo, hi = wilson(wins, len(decisive))
        rate = wins / len(decisive) if len(decisive) else math.nan
        rows[name] = {"games": len(df), "decisive": len(decisive), "first_faction": first, "rate": rate,
                      "lo": lo, "hi": hi, "imbalance": abs(rate - 0.5), "turns_median": float(df["turns"].median())}
    out = pd.DataFrame.from_dict(rows, orient="index")
    out.index.name = "card_set"
    return out.sort_values("imbalance", kind="stable")
