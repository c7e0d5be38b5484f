"""A class's own games, from the class server (``dictator-serve``), as the table ``simulate`` returns.

``from_class(path_or_url)`` reads the dashboard's export (a file, ``.json`` or one game per line in
``.jsonl``, or the server's ``/api/export?token=...`` address) into a DataFrame with one row per finished
game and the same columns as :func:`~dictator_widget.experiments.simulate.simulate`: the ``agents`` are
the students' names (a bot's seat is named by its spec, e.g. ``greedy``), ``seats`` is ``0,1`` (each name
plays the seat it sat in), ``record`` holds the game's decisions, so ``dw.experiments.replay(row)``
rebuilds any of them. The metrics and plots of the lab work on it unchanged.

>>> import dictator_widget as dw
>>> df = from_class(dw.experiments.classroom.SAMPLE, games=3)        # the first 3 (all: leave out games)
>>> list(df.columns[:8])
['game', 'seed', 'batch_seed', 'mission', 'cards', 'variants', 'players', 'turn_cap']
>>> df.loc[0, ["agents", "seats", "winner_name", "end_reason"]].tolist()
['Boris,Hana', '0,1', 'Hana', 'annihilation']
>>> game = dw.experiments.replay(df.loc[0])
>>> bool(game.is_over and len(game.history) == df.loc[0, "decisions"])
True
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import DictatorError, Game
from ..engine.rules.errors import reason
from ..engine.rules.vocabulary import SETUP_STEPS
from .simulate import Batch, _frame, _row

if TYPE_CHECKING:
    import pandas as pd

SAMPLE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "class-sample.jsonl"
"""A small export made by a scripted class on the server (in a source checkout)."""


def read_export(source: str | Path) -> list[dict[str, Any]]:
    """The games of an export: a file (``.json`` export or ``.jsonl``, a game per line) or an http(s) address."""
    text: str
    if isinstance(source, str) and source.startswith(("http://", "https://")):
        with urllib.request.urlopen(source, timeout=60) as resp:
            text = resp.read().decode("utf-8")
    else:
        path = Path(source)
        if not path.is_file():
            raise DictatorError("simulate.no_export", path=str(path))
        text = path.read_text(encoding="utf-8")
    try:
        if text.lstrip().startswith("{") and "\n{" not in text.strip():
            data = json.loads(text)
            games = data.get("games") if isinstance(data, dict) and "games" in data else [data]
        else:
            games = [json.loads(line) for line in text.splitlines() if line.strip()]
    except ValueError as exc:
        raise DictatorError("simulate.not_export", source=str(source), error=reason(exc)) from None
    if not isinstance(games, list) or not all(isinstance(g, dict) and "save" in g for g in games):
        raise DictatorError("simulate.export_games", source=str(source))
    return games


def from_class(source: str | Path, include_unfinished: bool = False, games: int | None = None) -> pd.DataFrame:
    """The class's games (finished ones; ``include_unfinished`` adds the rest; ``games``: only the first so
    many) as ``simulate``'s table."""
    chosen = [g for g in read_export(source) if include_unfinished or g.get("over")][:games]
    return _frame(row_of(i, g) for i, g in enumerate(chosen))


def _names(game: Mapping[str, Any]) -> list[str]:
    bots: Iterable[Any] = game.get("bots") or []
    names = [str(b) if b else str(n) for n, b in zip(game["names"], list(bots) or [None] * len(game["names"]),
                                                      strict=False)]
    return [n.replace(",", " ") or f"seat {i + 1}" for i, n in enumerate(names)]


def row_of(index: int, exported: Mapping[str, Any]) -> dict[str, Any]:
    """One exported game's row (its save replayed: the armies as set up, the figures at its end)."""
    save = exported["save"]
    rules = save["rules"]
    game = Game.new(rules["mission"], rules["seed"], players=rules["players"], dice=list(rules["dice"]),
                    turn_cap=rules["turn_cap"], cards=rules["cards"], variants=rules.get("variants") or None,
                    placement=rules.get("placement", "chosen"), chance=rules.get("chance", "sampled"))
    n = game.num_players
    army: list[set[str]] | None = None
    for notation in save["actions"]:
        if army is None and game.state.step not in SETUP_STEPS:
            army = [set() for _ in range(n)]
            for bat in game.state.battalions.values():
                army[bat.owner].update(bat.cards)
        game.apply(notation)
    names = _names(exported)
    batch = Batch(rules["mission"], tuple(names), int(rules["seed"]), dict(rules.get("variants") or {}),
                  int(rules["turn_cap"]), True, rules["cards"])
    row = _row(batch, index, int(rules["seed"]), game, list(range(n)), army or [set() for _ in range(n)],
               len(game.history))
    row["room"] = exported.get("room", "")
    return row
