"""A class tournament: the bots or card sets students hand in (a folder of files), a league table, a CSV.

**Bots.** Each ``*.py`` file of the folder is one entry, named after the file. It defines
``make_agent(seed)`` returning an agent (anything with ``act(game)``), or a class ``Bot`` taking
``seed``. Every pair of entries (and any house bots given by name, such as ``"greedy"``) plays
``games`` games with seats rotating, so each plays first equally often: a round-robin. The league
ranks the entries by their win rate over all their games, with a 95% Wilson interval; its
``attrs["head_to_head"]`` is the table of each entry's wins against each other (row against column).

**Card sets.** Each ``*.toml`` file, or sub-folder of them, is a set laid over the **base**: the set the
students tuned on, ``base=`` a card folder (``"docs/balance/before"``, lesson 04's start), or by default the
shipped cards (``dw.simulate(..., cards=…)``). A card set has no opponent of its own: it is judged on how even it
leaves the game. Each plays the same ``games`` seeds, Greedy against Greedy, beside the base itself (the row
``base``, or ``shipped`` without ``base=``). ``faction`` is the first seat's faction (the Templars in Standard)
and ``share`` its share of the decisive games, with its Wilson interval ``lo``/``hi``; the league ranks by
``imbalance``, the distance of ``share`` from 0.5: the most even set first. Beside it, ``vs_base`` is the
paired difference from the base, game by game on the same seeds, of that faction's win (a decisive game it
won: 1, otherwise 0), with its 95% bootstrap interval ``vs_lo``/``vs_hi``: whether the set moved the game at all,
which two ±7-point intervals side by side cannot say. ``turns_median`` is the median game's length in turns (a game
that was played: the lower of two middle games). ``in_armies`` is how many of the set's own cards entered some
army in its games: a handed-in file's cards, or every card of the base (or ``shipped``) on its row. A card no army
holds cannot change play: a set whose cards entered none (a new id no army uses) changes nothing, and a warning
says so; another names a set whose cards are the base's own, number for number (a copy handed in unedited).

**Broken entries** are skipped, each named with its reason (its file, and what went wrong) in a warning and in
``attrs["skipped"]``; the rest of the league is played. Before any game: a bot file that fails to load, whose
``make_agent(0)`` (or ``Bot(seed=0)``) raises, whose agent has no ``act``, cannot be copied and reseeded for a game,
or cannot be sent to a worker process; a card file with an error. During the round-robin, a bot whose ``act(game)``
raises or returns an action that is not legal **is out of the league** at its first failure: it plays no more, and
none of its games count, those before the failure included. The table ranks the entries that completed, with the
numbers they would have without that file (a pair's games depend only on the pair and the seed). Its first failure
is the first in the league's order (the pairs in order, a pair's games by index; in a pair where both bots fail, the
one that fails first is out, the other plays on), so the table is the same on one process or many.

**Printing.** The table prints its fractions at three places, ``0.540`` (``0,540`` with ``lang="ru"``); its numbers
stay numbers, to sort, plot or write to a CSV in full.

**Language.** ``lang="ru"`` gives the table's columns, the head-to-head table's axes, the warnings and the skipped
entries' reasons in Russian (``cards/messages.toml``: ``[league]`` and ``[error.league]``); the numbers are the same.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "lazy.py").write_text("from dictator_widget.agents import RandomAgent as Bot\\n")
>>> league = tournament(folder, games=2, house=["greedy"], executor="serial")
>>> list(league.index), int(league["games"].sum())
(['greedy', 'lazy'], 4)
"""

from __future__ import annotations

import copy
import importlib.util
import math
import pickle
import sys
import tomllib
import warnings
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..agents import Agent
from ..engine import Action, DictatorError, Game, IllegalAction, load_cards
from ..engine.rules.errors import LANGS, Message, reason
from ..engine.rules.log import messages
from .extra import lab_imports
from .simulate import seat_agent, simulate

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
        raise DictatorError("league.not_python", path=str(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise DictatorError("league.fails_to_load", path=str(path), error=reason(exc)) from exc
    if hasattr(module, "make_agent"):
        call, make = "make_agent(0)", partial(module.make_agent, 0)
    elif hasattr(module, "Bot"):
        call, make = "Bot(seed=0)", partial(module.Bot, seed=0)
    else:
        raise DictatorError("league.no_bot", path=str(path))
    try:
        agent = make()
    except Exception as exc:
        raise DictatorError("league.make_fails", path=str(path), call=call, error=reason(exc)) from exc
    if not callable(getattr(agent, "act", None)):
        raise DictatorError("league.no_act", path=str(path))
    return agent  # type: ignore[no-any-return]


class EntryFailed(DictatorError):
    """An entry's agent failed where the league seats or plays it; ``entry`` names the entry."""

    entry: str

    def __init__(self, entry: str, message: Message) -> None:
        super().__init__(message)
        self.entry = entry


class Entry:
    """A handed-in agent as the league seats it: it plays as its own, and an error of its making (``act`` raises or
    returns an action that is not legal, the agent cannot be copied or reseeded) is an :class:`EntryFailed` naming
    the entry and its file, on whichever process the game is played.

    >>> from dictator_widget.agents import RandomAgent
    >>> class Lost(RandomAgent):
    ...     def act(self, game):
    ...         return "A1 move z9"
    >>> try:
    ...     Entry("lost", "lost.py", Lost()).act(Game.new("standard", seed=1))
    ... except EntryFailed as failed:
    ...     print(failed.entry, "|", failed)
    lost | lost.py: its agent's act(game) returned an action that is not legal on turn 0: 'A1 move z9': ...
    """

    def __init__(self, name: str, path: str, agent: Agent) -> None:
        self.name, self.path, self.agent = name, path, agent

    def act(self, game: Game) -> Action:
        try:
            action: object = self.agent.act(game)
        except Exception as exc:
            raise self._failed("league.act_fails", turn=game.turn, error=reason(exc)) from exc
        try:
            if not isinstance(action, str | Action):
                raise IllegalAction("action.not_action", type=type(action).__name__)
            return game.parse_action(str(action))      # the legal action apply() would make of it
        except DictatorError as exc:
            raise self._failed("league.illegal", turn=game.turn, why=exc.message) from exc

    def reseed(self, seed: int) -> None:
        reseed = getattr(self.agent, "reseed", None)
        if callable(reseed):
            try:
                reseed(seed)
            except Exception as exc:
                raise self._failed("league.seat_fails", error=reason(exc)) from exc

    def __deepcopy__(self, memo: dict[int, Any]) -> Entry:
        try:
            agent = copy.deepcopy(self.agent, memo)
        except Exception as exc:
            raise self._failed("league.seat_fails", error=reason(exc)) from exc
        return Entry(self.name, self.path, agent)

    def _failed(self, key: str, **fields: Any) -> EntryFailed:
        return EntryFailed(self.name, Message(key, path=self.path, **fields))


def load_entry(name: str, path: str | Path) -> Entry:
    """The bot of a student's file (:func:`load_bot`) as the league seats it, checked before any game: it can be
    copied and reseeded for a game, and sent to a worker process. A DictatorError names the file and what fails."""
    entry = Entry(name, str(path), load_bot(path))
    seat_agent(entry, 0)
    try:
        pickle.dumps(entry)
    except Exception as exc:
        raise DictatorError("league.not_portable", path=str(path), error=reason(exc)) from exc
    return entry


def entries(folder: str | Path) -> tuple[str, dict[str, Path]]:
    """What a folder holds: ``("bots", {name: file})`` or ``("cards", {name: file or folder})``."""
    root = Path(folder)
    if not root.is_dir():
        raise DictatorError("league.no_folder", path=str(root))
    bots = {p.stem: p for p in sorted(root.glob("*.py")) if not p.name.startswith("_")}
    cards = {p.stem: p for p in sorted(root.glob("*.toml"))}
    cards |= {p.name: p for p in sorted(root.iterdir()) if p.is_dir() and any(p.glob("*.toml"))}
    if bots and cards:
        raise DictatorError("league.both_kinds", path=str(root))
    if not bots and not cards:
        raise DictatorError("league.empty", path=str(root))
    return ("bots", bots) if bots else ("cards", cards)


def tournament(folder: str | Path, mission: str = "standard", games: int = 20, seed: int = 0,
               house: Sequence[str] = (), executor: Executor | str | None = None, progress: bool = False,
               csv: str | Path | None = None, variants: Mapping[str, Any] | None = None,
               base: str | Path | None = None, lang: str = "en") -> pd.DataFrame:
    """The league table of the entries in ``folder`` (see the module's text); ``csv`` also writes it there.

    ``mission`` and ``variants`` (rule variants, as for :func:`~dictator_widget.simulate`) apply to every game.
    ``base`` (card sets only): the card folder the sets are laid over and measured against (default: shipped).

    Bots: ``games`` games for every pair (``house`` adds bots by name); columns ``games, wins, losses,
    draws, turn_cap, win_rate, lo, hi`` (Wilson 95%), best first. Card sets: ``games`` Greedy games
    each; columns ``games, decisive, faction, share, lo, hi, imbalance, turns_median, in_armies, vs_base,
    vs_lo, vs_hi``, most even first. The same arguments give the same table, on any executor. ``lang``: the
    language of the columns, warnings and reasons ("en" or "ru").
    """
    if lang not in LANGS:
        raise DictatorError("table.lang", langs=", ".join(LANGS), got=lang)
    kind, found = entries(folder)
    skipped: dict[str, Message] = {}
    if kind == "bots":
        if base is not None:
            raise DictatorError("league.base_with_bots")
        players: dict[str, Any] = {}
        for name, path in found.items():
            try:
                players[name] = load_entry(name, path)
            except DictatorError as exc:
                skipped[name] = exc.message
        for name in house:
            if name in players or name in skipped:
                raise DictatorError("league.house_name", name=name)
            players[name] = name
        _report(skipped, lang)
        if len(players) < 2:
            raise _too_few(skipped)
        before = set(skipped)
        league = _round_robin(players, mission, games, seed, executor, progress, variants, skipped)
        _report({name: why for name, why in skipped.items() if name not in before}, lang)
    else:
        if base is not None:
            if not Path(base).exists():
                raise DictatorError("league.no_base", base=str(base))
            load_cards(base)                            # a broken base is an error, not a skipped entry
        reference = "shipped" if base is None else "base"
        if reference in found:
            raise DictatorError("league.reserved_name", path=str(folder), name=reference)
        sets: dict[str, str | None] = {reference: None} | {name: str(path) for name, path in found.items()}
        league = _card_league(sets, mission, games, seed, executor, progress, variants, skipped,
                              None if base is None else str(base), lang)
        _report(skipped, lang)
    league = _in_language(league, lang)
    league.attrs["skipped"] = {name: why.text(lang) for name, why in skipped.items()}
    if csv is not None:
        league.to_csv(csv)
    return league


def _too_few(skipped: Mapping[str, Message]) -> DictatorError:
    return DictatorError("league.two_entries_skipped",
                         skipped={code: "; ".join(why.text(code) for why in skipped.values()) for code in LANGS})


def _report(skipped: Mapping[str, Message], lang: str) -> None:
    for name, why in skipped.items():
        warnings.warn(Message("league.skipped", name=name, why=why).text(lang), stacklevel=3)


def _in_language(league: pd.DataFrame, lang: str) -> pd.DataFrame:
    """``league`` (and its head-to-head table) with the column, index and axis names, and the factions in its
    cells, in ``lang`` (``cards/messages.toml``'s ``[league]``); it prints its fractions in ``lang`` (:mod:`.shown`)."""
    from .shown import shown

    table = messages()["league"]
    column = {key: str(v[lang]) for key, v in table["column"].items()}
    word = {key: str(v[lang]) for key, v in table["word"].items()}
    out = league.rename(columns=column)
    out.index.name = column.get(str(league.index.name), league.index.name)
    if column["faction"] in out.columns:
        out[column["faction"]] = out[column["faction"]].map(lambda f: word.get(f, f))
    out.attrs = dict(league.attrs)
    if "head_to_head" in out.attrs:
        h2h = out.attrs["head_to_head"].copy()
        h2h.index.name, h2h.columns.name = column["wins_of"], column["against"]
        out.attrs["head_to_head"] = h2h
    return shown(out, lang)


def _plays_as(played: str | None, base: str | None, ids: list[str]) -> bool:
    """Whether the cards ``ids`` of the set ``played`` are the base's own, number for number (a copy of the base)."""
    mine, theirs = load_cards(played), load_cards(base)
    return all(c in theirs and replace(mine[c], file="") == replace(theirs[c], file="") for c in ids)


def card_ids(path: str | Path) -> list[str]:
    r"""The ids of the cards a card file (or a folder of them) defines.

    >>> import tempfile, pathlib
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "x.toml"
    >>> _ = f.write_text('faction = "synclith"\n[[card]]\nid = "C42"\n', encoding="utf-8")
    >>> card_ids(f)
    ['C42']
    """
    where = Path(path)
    files = [where] if where.is_file() else sorted(where.rglob("*.toml"))
    ids = []
    for f in files:
        try:
            ids += [str(c.get("id")) for c in tomllib.loads(f.read_text(encoding="utf-8")).get("card", [])]
        except tomllib.TOMLDecodeError as exc:
            raise DictatorError("league.not_toml", path=str(f), error=reason(exc)) from exc
    return ids


def _round_robin(players: dict[str, Any], mission: str, games: int, seed: int, executor: Executor | str | None,
                 progress: bool, variants: Mapping[str, Any] | None, skipped: dict[str, Message]) -> pd.DataFrame:
    """Every pair of ``players`` plays ``games`` games; an entry that fails (:class:`EntryFailed`) goes into
    ``skipped``, plays no more, and none of its games count."""
    with lab_imports():
        import pandas as pd

    from .metrics import wilson

    names = list(players)
    if len(names) < 2:
        raise DictatorError("league.two_entries")
    played: dict[tuple[str, str], pd.DataFrame] = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if a in skipped or b in skipped:
                continue
            try:
                played[a, b] = simulate(mission, [players[a], players[b]], games, seed=seed, executor=executor,
                                        progress=progress, record=False, variants=variants)
            except EntryFailed as exc:
                skipped[exc.entry] = Message("league.removed", why=exc.message, other=b if exc.entry == a else a)
    names = [n for n in names if n not in skipped]
    if len(names) < 2:
        raise _too_few(skipped)
    score = {n: {"games": 0, "wins": 0, "losses": 0, "draws": 0, "turn_cap": 0} for n in names}
    beat = {a: {b: 0 for b in names} for a in names}
    for (a, b), df in played.items():
        if a in skipped or b in skipped:
            continue
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
                    beat[name][(a, b)[1 - k]] += 1
                else:
                    s["losses"] += 1
    out = pd.DataFrame.from_dict(score, orient="index")
    out["win_rate"] = out["wins"] / out["games"]
    ci = [wilson(w, n) for w, n in zip(out["wins"], out["games"], strict=True)]
    out["lo"], out["hi"] = [c[0] for c in ci], [c[1] for c in ci]
    out.index.name = "entry"
    out = out.sort_values(["win_rate", "wins"], ascending=False, kind="stable")
    order = list(out.index)
    h2h = pd.DataFrame(beat).T.reindex(index=order, columns=order).astype("Int64")     # counts: whole numbers
    for name in order:
        h2h.loc[name, name] = pd.NA
    h2h.index.name, h2h.columns.name = "wins of", "against"
    out.attrs["head_to_head"] = h2h
    return out


def _card_league(sets: dict[str, str | None], mission: str, games: int, seed: int, executor: Executor | str | None,
                 progress: bool, variants: Mapping[str, Any] | None, skipped: dict[str, Message],
                 base: str | None = None, lang: str = "en") -> pd.DataFrame:
    """Each set of ``sets`` (name: folder or file; None for the reference) laid over ``base`` (None: shipped)."""
    with lab_imports():
        import pandas as pd

    from .ablation import layered, paired_difference
    from .metrics import wilson

    rows, won = {}, {}
    reference = next(iter(sets))
    for name, cards in sets.items():
        try:
            ids = card_ids(cards) if cards is not None else list(load_cards(base))
            played = base if cards is None else cards if base is None else str(layered(base, cards))
            df = simulate(mission, ["greedy", "greedy"], games, seed=seed, executor=executor, progress=progress,
                          record=False, cards=played, variants=variants)
        except DictatorError as exc:
            why = exc.message                           # a card file's error names its file already
            named = cards is None or Path(cards).name in str(why)
            skipped[name] = why if named else Message("league.in_file", path=str(cards), why=why)
            continue
        decisive = df[df["winner"].notna()]
        first = str(df["p0_faction"].iloc[0])
        wins = int((decisive["winner"] == 0).sum())
        lo, hi = wilson(wins, len(decisive))
        share = wins / len(decisive) if len(decisive) else math.nan
        armies = {c for p in range(int(df["players"].iloc[0])) for a in df[f"p{p}_army"] for c in str(a).split()}
        in_armies = len(armies & set(ids))
        if cards is not None and in_armies == 0:
            warnings.warn(Message("league.no_army", name=name, cards=", ".join(ids)).text(lang), stacklevel=3)
        elif cards is not None and _plays_as(played, base, ids):
            warnings.warn(Message("league.same_as_base", name=name, cards=", ".join(ids)).text(lang), stacklevel=3)
        won[name] = (df["winner"] == 0).fillna(False).astype(float).tolist()
        rows[name] = {"games": len(df), "decisive": len(decisive), "faction": first, "share": share,
                      "lo": lo, "hi": hi, "imbalance": abs(share - 0.5),
                      "turns_median": int(df["turns"].quantile(0.5, interpolation="lower")), "in_armies": in_armies}
    for name, row in rows.items():
        d = paired_difference(won[name], won[reference])
        row.update(vs_base=d["impact"], vs_lo=d["lo"], vs_hi=d["hi"])
    out = pd.DataFrame.from_dict(rows, orient="index")
    out.index.name = "card_set"
    return out.sort_values("imbalance", kind="stable")
