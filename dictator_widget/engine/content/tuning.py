"""A card's numbers as named parameters: which a designer may tune (with ranges), which the rulebook fixes,
and patches that change them.

A parameter is named by a path: ``strength``, ``<action>.cost`` or ``<action>.<param>``
for a whole-number parameter of an action's effect (``turbo-jump.range``,
``acceleration.amount``). A card declares, in its ``[[card]]`` table,

    tune = { strength = [1, 3], barrage.cost = [0, 2] }    # tunable, each with its range
    fixed = ["strength", "turbo-jump.range"]                # fixed by the rulebook's walkthrough

A patch is a TOML table per card id with new values for tunable parameters:

    [T02]
    strength = 3
    barrage.cost = 2

>>> from dictator_widget.engine.content.cards import load_cards
>>> cards = load_cards()
>>> value(cards["T04"], "acceleration.amount"), "acceleration.amount" in cards["T04"].fixed
(2, True)
>>> load_cards(patch={"T02": {"strength": 3}})["T02"].strength
3
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.effects import EFFECTS
from ..rules.errors import CardDataError, Message

if TYPE_CHECKING:
    from .cards import Card

CARD_LIMITS = (0, 12)
"""Strength and Energy costs are whole numbers in this range (as the card loader checks)."""


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A nested TOML table as dotted paths (``{"a": {"b": 1}}`` → ``{"a.b": 1}``).

    >>> flatten({"strength": 2, "barrage": {"cost": 1, "amount": -1}})
    {'strength': 2, 'barrage.cost': 1, 'barrage.amount': -1}
    """
    out: dict[str, Any] = {}
    for key, v in table.items():
        path = f"{prefix}{key}"
        if isinstance(v, Mapping):
            out.update(flatten(v, path + "."))
        else:
            out[path] = v
    return out


def parameters(card: Card) -> dict[str, tuple[int, int]]:
    """Every whole-number parameter of a card, with the limits the engine allows.

    >>> from dictator_widget.engine.content.cards import load_cards
    >>> parameters(load_cards()["T02"])
    {'strength': (0, 12), 'barrage.cost': (0, 12), 'barrage.amount': (-6, 6)}
    """
    out = {"strength": CARD_LIMITS}
    for a in card.actions:
        out[f"{a.id}.cost"] = CARD_LIMITS
        for name, p in EFFECTS[a.effect].params.items():
            if p.kind == "int":
                out[f"{a.id}.{name}"] = (p.minimum if p.minimum is not None else -12,
                                         p.maximum if p.maximum is not None else 12)
    return out


def value(card: Card, path: str) -> int:
    """The current value of a card's parameter."""
    if path == "strength":
        return card.strength
    action, _, field = path.partition(".")
    for a in card.actions:
        if a.id == action:
            return a.cost if field == "cost" else int(a.params[field])
    raise KeyError(path)


def with_value(card: Card, path: str, new: int) -> Card:
    """The card with one parameter changed (no checks: see :func:`apply_patch`)."""
    if path == "strength":
        return replace(card, strength=new)
    action, _, field = path.partition(".")
    actions = tuple(
        a if a.id != action else
        replace(a, cost=new) if field == "cost" else replace(a, params={**a.params, field: new})
        for a in card.actions)
    return replace(card, actions=actions)


def declarations(file: str, card: Card, tune: Any, fixed: Any) -> tuple[dict[str, tuple[int, int]], frozenset[str]]:
    """Check a card's ``tune`` and ``fixed`` declarations against its parameters; return them."""
    known = parameters(card)
    if tune is None:
        tune = {}
    if not isinstance(tune, Mapping):
        raise CardDataError(file, card.id, "tune", "expected.tune_table", tune)
    ranges: dict[str, tuple[int, int]] = {}
    for path, rng in flatten(tune).items():
        if path not in known:
            raise CardDataError(file, card.id, f"tune.{path}", "expected.one_of_parameters", path,
                                parameters=sorted(known))
        lo, hi = known[path]
        ok = (isinstance(rng, list) and len(rng) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                             for x in rng) and lo <= rng[0] <= rng[1] <= hi)
        if not ok:
            raise CardDataError(file, card.id, f"tune.{path}", "expected.tune_pair", rng, low=lo, high=hi)
        if not rng[0] <= value(card, path) <= rng[1]:
            raise CardDataError(file, card.id, f"tune.{path}", "expected.range_holding", rng,
                                value=value(card, path))
        ranges[path] = (rng[0], rng[1])
    if fixed is None:
        fixed = []
    if not isinstance(fixed, list) or not all(isinstance(f, str) for f in fixed):
        raise CardDataError(file, card.id, "fixed", "expected.parameter_names", fixed)
    for path in fixed:
        if path not in known:
            raise CardDataError(file, card.id, "fixed", "expected.parameters_of_card", path, parameters=sorted(known))
        if path in ranges:
            raise CardDataError(file, card.id, "fixed", "expected.not_in_tune", path)
    return ranges, frozenset(fixed)


def read_patch(patch: str | Path | Mapping[str, Any]) -> tuple[str | Message, dict[str, dict[str, Any]]]:
    """A patch (a TOML file, or its table) as ``(source, {card id: {path: value}})``."""
    from .data import read_toml

    if isinstance(patch, Mapping):
        source: str | Message = Message("data.the_patch")
        table = dict(patch)
    else:
        source, table = str(patch), read_toml(Path(patch))
    out: dict[str, dict[str, Any]] = {}
    for cid, changes in table.items():
        if not isinstance(changes, Mapping):
            raise CardDataError(source, cid, None, "expected.patch_table", changes, card=cid)
        out[cid] = flatten(changes)
    return source, out


def apply_patch(cards: dict[str, Card], patch: str | Path | Mapping[str, Any]) -> dict[str, Card]:
    """The cards with a patch's values; every change must be to a tunable parameter, inside its range.

    >>> from dictator_widget.engine.content.cards import load_cards
    >>> apply_patch(dict(load_cards()), {"T01": {"strength": 2}})
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.CardDataError: the patch: card T01: field 'strength': expected a tunable \
parameter (strength is fixed by the rulebook's walkthrough), got 2
    """
    source, changes = read_patch(patch)
    out = dict(cards)
    for cid, values in changes.items():
        if cid not in out:
            raise CardDataError(source, cid, None, "expected.card_of_set", cards=", ".join(sorted(out)))
        card = out[cid]
        for path, new in values.items():
            if path in card.fixed:
                raise CardDataError(source, cid, path, "expected.tunable_not_fixed", new, path=path)
            if path not in card.tunable:
                if path in parameters(card):
                    raise CardDataError(source, cid, path, "expected.declared_tunable", new,
                                        parameters=sorted(card.tunable))
                raise CardDataError(source, cid, path, "expected.parameter_of_card", new,
                                    parameters=sorted(parameters(card)))
            lo, hi = card.tunable[path]
            if not isinstance(new, int) or isinstance(new, bool) or not lo <= new <= hi:
                raise CardDataError(source, cid, path, "expected.tune_range", new, low=lo, high=hi)
            card = with_value(card, path, new)
        out[cid] = card
    return out


def patch_toml(changes: Mapping[str, Mapping[str, int]], comment: str = "") -> str:
    """A patch as TOML text (what ``load_cards(patch=...)`` reads back).

    >>> print(patch_toml({"T02": {"strength": 3, "barrage.cost": 2}}))
    [T02]
    strength = 3
    barrage.cost = 2
    <BLANKLINE>
    """
    lines = [f"# {line}" for line in comment.splitlines()]
    for cid in sorted(changes):
        if lines:
            lines.append("")
        lines.append(f"[{cid}]")
        lines += [f"{path} = {int(v)}" for path, v in changes[cid].items()]
    return "\n".join(lines) + "\n"


def _toml(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)        # a JSON string is a TOML basic string
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"no TOML for {v!r}")


def card_toml(card: Card) -> str:
    """One card as a ``[[card]]`` table, as its file would hold it (read back by the card loader).

    >>> from dictator_widget.engine.content.cards import load_cards
    >>> print(card_toml(load_cards()["T12"]).splitlines()[1])
    id = "T12"
    """
    lines = ["[[card]]", f"id = {_toml(card.id)}", f"name = {_toml(card.name)}", f"type = {_toml(card.type)}",
             f"strength = {card.strength}", f"text = {_toml(card.text)}"]
    if card.tunable:
        lines.append("tune = " + _toml({k: list(r) for k, r in card.tunable.items()}))
    if card.fixed:
        lines.append(f"fixed = {_toml(sorted(card.fixed))}")
    for a in card.actions:
        lines += ["[[card.action]]", f"id = {_toml(a.id)}", f"name = {_toml(a.name)}", f"phase = {_toml(a.phase)}",
                  f"cost = {a.cost}", f"effect = {_toml(a.effect)}"]
        if a.params:
            lines.append(f"params = {_toml(dict(a.params))}")
        if a.when:
            lines.append(f"when = {_toml(sorted(a.when))}")
        lines.append(f"text = {_toml(a.text)}")
    for p in card.passives:
        lines += ["[[card.passive]]", f"id = {_toml(p.id)}", f"name = {_toml(p.name)}", f"effect = {_toml(p.effect)}"]
        if p.params:
            lines.append(f"params = {_toml(dict(p.params))}")
        lines.append(f"text = {_toml(p.text)}")
    return "\n".join(lines) + "\n"


def write_cards(cards: Iterable[Card], folder: str | Path) -> Path:
    """Write cards as a folder of card files (one per faction) that ``load_cards(folder)`` lays over the set.

    This is how a patched set is played: ``simulate(..., cards=write_cards(...))``.

    >>> import tempfile
    >>> from dictator_widget.engine.content.cards import load_cards
    >>> patched = load_cards(patch={"T02": {"strength": 3}})
    >>> folder = write_cards([patched["T02"]], tempfile.mkdtemp())
    >>> again = load_cards(folder)["T02"]
    >>> again.strength, again == replace(patched["T02"], file=again.file)
    (3, True)
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    by_faction: dict[str, list[str]] = {}
    for c in cards:
        by_faction.setdefault(c.faction, []).append(card_toml(c))
    for faction, tables in by_faction.items():
        (out / f"{faction}.toml").write_text(f'faction = "{faction}"\n\n' + "\n".join(tables), encoding="utf-8")
    return out
