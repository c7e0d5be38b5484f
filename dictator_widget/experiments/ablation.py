"""What a card is worth, measured by taking its actions away (ablation).

For each card, the same games (the same seeds, so the same dice and draws
while play does not diverge: common random numbers) are played again with the
card replaced by a blank of the same faction, type and Strength that has no
actions. The card's impact is its holder's win rate with the card less the
win rate with the blank, over the paired games in which a player held it, with
a bootstrap interval of that paired difference. Unlike the "presence" table
(the win rate of players who happened to hold a card), this says what the card
itself does: a card no better than a blank shows about 0, a dead card is one
whose impact's interval sits on 0, a dominant one stands out.

>>> import pandas as pd
>>> d = paired_difference([1, 1, 0, 1], [0, 1, 0, 0], resamples=200)
>>> d["impact"], d["games"]
(0.5, 4)
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine import DictatorError, load_cards
from .extra import lab_imports

if TYPE_CHECKING:
    import pandas as pd

RESAMPLES = 2000
"""Bootstrap resamples behind each interval."""


def blank_cards(ids: Iterable[str], folder: str | Path | None = None, base: str | None = None) -> Path:
    """Write blanks of the cards ``ids`` (same id, faction, type and Strength; no actions) into a folder
    of card files that ``dw.load_cards(folder)`` lays over the set ``base``; returns the folder.

    >>> import dictator_widget as dw
    >>> blank = dw.load_cards(blank_cards(["T01"]))["T01"]
    >>> blank.strength, blank.type, blank.actions, blank.name["en"]
    (1, 'mech', (), 'WASP (blank)')
    """
    cards = load_cards(base)
    out = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="dw-blank-"))
    out.mkdir(parents=True, exist_ok=True)
    by_faction: dict[str, list[str]] = {}
    for cid in ids:
        if cid not in cards:
            raise DictatorError("simulate.no_card", card=cid, cards=sorted(cards))
        c = cards[cid]
        by_faction.setdefault(c.faction, []).append(
            f'[[card]]\nid = "{c.id}"\n'
            f'name = {{ en = "{c.name["en"]} (blank)", ru = "{c.name["ru"]} (пустая)" }}\n'
            f'type = "{c.type}"\nstrength = {c.strength}\n'
            'text = { en = "A blank: no actions.", ru = "Пустая карта: без действий." }\n')
    for faction, entries in by_faction.items():
        (out / f"blank-{faction}.toml").write_text(f'faction = "{faction}"\n\n' + "\n".join(entries),
                                                   encoding="utf-8")
    return out


def layered(base: str | Path, extra: str | Path, folder: str | Path | None = None) -> Path:
    r"""A folder of card files: the whole set ``base`` (a folder such as ``docs/balance/before``) with the cards of
    ``extra`` (a folder or a file of your own) laid over it, as ``load_cards(extra)`` lays them over the shipped set.

    >>> import dictator_widget as dw
    >>> mine = tempfile.mkdtemp()
    >>> _ = Path(mine, "c.toml").write_text(
    ...     'faction = "synclith"\n[[card]]\nid = "C05"\nname = { en = "Mother", ru = "Матка" }\n'
    ...     'type = "bio-mech"\nstrength = 3\ntext = { en = "-", ru = "-" }\n', encoding="utf-8")
    >>> cards = dw.load_cards(layered(blank_cards(["T02"]), mine))
    >>> cards["C05"].name["en"], cards["C05"].strength, cards["T02"].actions
    ('Mother', 3, ())
    """
    import tomllib

    from ..engine.content.tuning import write_cards

    where = Path(extra)
    files = [where] if where.is_file() else sorted(where.rglob("*.toml"))
    ids = [c["id"] for f in files for c in tomllib.loads(f.read_text(encoding="utf-8")).get("card", [])]
    mine = load_cards(where)
    cards = dict(load_cards(base))
    cards.update({i: mine[i] for i in ids})
    out = Path(folder) if folder is not None else Path(tempfile.mkdtemp(prefix="dw-layered-"))
    return write_cards(cards.values(), out)


def paired_difference(with_card: Sequence[float], with_blank: Sequence[float], resamples: int = RESAMPLES,
                      seed: int = 0) -> dict[str, Any]:
    """Mean of ``with_card - with_blank`` over paired games, with a 95% percentile bootstrap interval."""
    import numpy as np

    a = np.asarray(with_card, dtype=float)
    b = np.asarray(with_blank, dtype=float)
    if a.shape != b.shape:
        raise DictatorError("simulate.paired")
    n = len(a)
    if n == 0:
        return {"impact": float("nan"), "lo": float("nan"), "hi": float("nan"), "games": 0}
    d = a - b
    rng = np.random.default_rng(seed)
    means = d[rng.integers(0, n, size=(resamples, n))].mean(axis=1)
    lo, hi = np.quantile(means, [0.025, 0.975])
    return {"impact": float(d.mean()), "lo": float(lo), "hi": float(hi), "games": n}


def _without(text: str, card: str) -> str:
    r"""A card file's text less the ``[[card]]`` table of ``card`` (with its actions).

    >>> _without('faction = "templars"\n[[card]]\nid = "T01"\n[[card.action]]\nid = "x"\n[[card]]\nid = "T02"\n', "T01")
    'faction = "templars"\n[[card]]\nid = "T02"\n'
    """
    head, *tables = re.split(r"(?m)^(?=\[\[card\]\])", text)
    keep = [t for t in tables if not re.search(rf'(?m)^id\s*=\s*"{re.escape(card)}"', t.split("[[card.")[0])]
    return head + "".join(keep)


def _holder(row: Any, card: str, players: int) -> int | None:
    for p in range(players):
        if card in str(row[f"p{p}_army"]).split():
            return p
    return None


def ablation_impact(df: pd.DataFrame, cards: Sequence[str] | None = None, executor: Executor | str | None = None,
                    progress: bool = True, resamples: int = RESAMPLES) -> pd.DataFrame:
    """Per card, its holder's win rate with the card less with a blank, over ``df``'s own games replayed.

    ``df`` is one :func:`~dictator_widget.simulate` batch of agents given by name; its
    games are played again (same mission, agents, seeds, variants, turn cap) once per
    card with that card blanked. ``cards`` limits the cards measured (default: every
    card some player held). Columns: ``name``, ``faction``, ``games`` (paired games in
    which a player held the card), ``with_rate``, ``blank_rate``, ``impact`` and its
    ``lo``/``hi`` (95% bootstrap), sorted by impact.
    """
    with lab_imports():
        import pandas as pd

    from .simulate import simulate

    if df.empty:
        raise DictatorError("simulate.empty_table")
    for col in ("mission", "agents", "batch_seed", "variants", "turn_cap", "cards"):
        if col not in df.columns or df[col].nunique() != 1:
            raise DictatorError("simulate.one_batch", column=col)
    if list(df["game"]) != list(range(len(df))):
        raise DictatorError("simulate.whole_batch")
    first = df.iloc[0]
    agents = str(first["agents"]).split(",")
    base = str(first["cards"]) or None
    players = int(first["players"])
    variants = json.loads(str(first["variants"])) or None
    held = sorted({c for p in range(players) for army in df[f"p{p}_army"] for c in str(army).split()})
    chosen = list(cards) if cards is not None else held
    names = load_cards(base)
    rows = []
    with tempfile.TemporaryDirectory(prefix="dw-ablation-") as tmp:
        for card in chosen:
            if card not in held and card in names:      # in no army: nothing to replay (card_impact warns)
                rows.append({"card": card, "name": names[card].name["en"], "faction": names[card].faction,
                             "games": 0, "with_rate": float("nan"), "blank_rate": float("nan"),
                             "impact": float("nan"), "lo": float("nan"), "hi": float("nan")})
                continue
            folder = blank_cards([card], Path(tmp) / card, base=base)
            if base is not None:                     # the teacher's own cards, less the one blanked
                for k, f in enumerate(sorted(Path(base).rglob("*.toml"))):
                    text = _without(f.read_text(encoding="utf-8"), card)
                    if "[[card]]" in text:
                        (folder / f"base-{k:03d}-{f.name}").write_text(text, encoding="utf-8")
            blank = simulate(str(first["mission"]), agents, len(df), seed=int(first["batch_seed"]),
                             variants=variants, executor=executor, progress=progress,
                             turn_cap=int(first["turn_cap"]), record=False, cards=str(folder))
            with_card, with_blank = [], []
            for i, row in df.iterrows():
                p = _holder(row, card, players)
                if p is None:
                    continue
                with_card.append(float(row["winner"] == p) if pd.notna(row["winner"]) else 0.0)
                other = blank.loc[i, "winner"]
                with_blank.append(float(other == p) if pd.notna(other) else 0.0)
            d = paired_difference(with_card, with_blank, resamples)
            n = d["games"]
            rows.append({"card": card, "name": names[card].name["en"], "faction": names[card].faction,
                         "games": n, "with_rate": sum(with_card) / n if n else float("nan"),
                         "blank_rate": sum(with_blank) / n if n else float("nan"),
                         "impact": d["impact"], "lo": d["lo"], "hi": d["hi"]})
    columns = ["card", "name", "faction", "games", "with_rate", "blank_rate", "impact", "lo", "hi"]
    out = pd.DataFrame(rows, columns=columns).set_index("card")
    return out.sort_values("impact", ascending=False, kind="stable")
