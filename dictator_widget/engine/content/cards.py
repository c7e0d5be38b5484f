"""Cards as data (R2): read from TOML, checked on load, one :class:`CardSet` per game.

>>> cs = load_cards()
>>> wasp = cs["T01"]
>>> wasp.name["en"], wasp.type, wasp.strength, wasp.phases
('WASP', 'mech', 1, ('maneuvers',))
>>> cs["C04"].actions[1].name["ru"]
'Коррозия'
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..rules.effects import CARD_TYPES, EFFECTS, PASSIVES, Param
from ..rules.errors import CardDataError
from ..rules.vocabulary import PHASES
from .data import bilingual, content_dir, read_toml
from .tuning import apply_patch, declarations

FACTIONS = ("templars", "synclith", "hirelings")
WHEN = ("won", "lost", "vs-guild", "vs-battalion", "attacking", "defending", "rolled")
_ID = re.compile(r"^[A-Z][A-Za-z0-9]{1,7}$")
_ACTION_ID = re.compile(r"^[a-z][a-z0-9-]{0,31}$")
FILE_FIELDS = ("faction", "card")
CARD_FIELDS = ("id", "name", "text", "type", "strength", "action", "passive", "faction", "tune", "fixed")
ACTION_FIELDS = ("id", "name", "text", "phase", "cost", "effect", "params", "when")
PASSIVE_FIELDS = ("id", "name", "text", "effect", "params")
"""The keys a card file, a ``[[card]]``, a ``[[card.action]]`` and a ``[[card.passive]]`` may hold (as in
``card.schema.json``); any other is an error that names it."""


@dataclass(frozen=True)
class Ability:
    """A card's action: the phase it works in, its Energy cost and its effect."""

    card: str
    id: str
    phase: str
    cost: int
    effect: str
    params: Mapping[str, Any]
    when: frozenset[str]
    name: Mapping[str, str]
    text: Mapping[str, str]


@dataclass(frozen=True)
class Passive:
    """An ability that is always on (for example a Guard)."""

    id: str
    effect: str
    params: Mapping[str, Any]
    name: Mapping[str, str]
    text: Mapping[str, str]


@dataclass(frozen=True)
class Card:
    id: str
    faction: str
    type: str
    strength: int
    name: Mapping[str, str]
    text: Mapping[str, str]
    actions: tuple[Ability, ...]
    passives: tuple[Passive, ...]
    file: str
    tunable: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Parameters a designer may change (``strength``, ``<action>.cost``, ``<action>.<param>``), with ranges."""
    fixed: frozenset[str] = frozenset()
    """Parameters the rulebook's walkthrough fixes (a patch may not change them)."""

    @property
    def phases(self) -> tuple[str, ...]:
        """The phases in which the card is active, in game order."""
        mine = {a.phase for a in self.actions}
        return tuple(p for p in PHASES if p in mine)

    @property
    def guards(self) -> frozenset[str]:
        """Card types of its battalion that enemy actions cannot choose."""
        return frozenset(t for p in self.passives if p.effect == "guard" for t in p.params["types"])


class CardSet(Mapping[str, Card]):
    """The cards of a game, by id, with the folder they came from."""

    def __init__(self, cards: dict[str, Card], source: str, originals: Mapping[str, str] | None = None) -> None:
        self._cards = cards
        self.source = source
        self._doubled: CardSet | None = None
        self.original: dict[str, str] = {cid: (originals or {}).get(cid, cid) for cid in cards}
        """Per card, the id of the card it copies (Double Strike's second set), else its own id."""
        # Look-up tables for the engine's hot path: a card's actions by phase.
        self.by_phase: dict[str, dict[str, tuple[Ability, ...]]] = {
            cid: {p: tuple(a for a in c.actions if a.phase == p) for p in PHASES}
            for cid, c in cards.items()
        }
        self.strength_type: dict[str, tuple[int, str]] = {cid: (c.strength, c.type) for cid, c in cards.items()}
        """Per card, its Strength and type (a battle's Strength reads them at every step)."""
        self.log_names: dict[str, dict[str, str]] = {cid: dict(c.name) for cid, c in cards.items()}
        """What the log names a card (by id) and an action (``card:ability``) by, in both languages."""
        self.log_names.update((f"{cid}:{ab.id}", dict(ab.name)) for cid, c in cards.items() for ab in c.actions)
        self._in_phase: dict[tuple[tuple[str, ...], str], tuple[tuple[str, Ability], ...]] = {}

    def actions_in(self, cards: tuple[str, ...], phase: str) -> tuple[tuple[str, Ability], ...]:
        """Each (card, action) of the hand ``cards`` that belongs to ``phase``, in order; remembered per hand.

        >>> [(c, a.id) for c, a in load_cards().actions_in(("T04", "T01"), "strength")]
        [('T04', 'acceleration')]
        """
        key = (cards, phase)
        out = self._in_phase.get(key)
        if out is None:
            if len(self._in_phase) > 4096:             # hands met lately (bounded: each is one more
                                                       # object for the garbage collector to walk)
                self._in_phase.clear()
            by_phase = self.by_phase
            out = self._in_phase[key] = tuple((c, ab) for c in cards for ab in by_phase[c][phase])
        return out

    def __getitem__(self, key: str) -> Card:
        return self._cards[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def with_copies(self, copies: int) -> CardSet:
        """This set, or (``copies=2``) this set and a second copy whose ids end in "b" (Double Strike).

        >>> two = load_cards().with_copies(2)
        >>> two["T01b"].name["en"], len(two) == 2 * len(load_cards())
        ('WASP II', True)
        >>> two.original["T01b"], two.original["T01"]
        ('T01', 'T01')
        """
        if copies == 1:
            return self
        if copies != 2:
            raise ValueError(f"one or two card sets can be in play, not {copies}")
        if self._doubled is None:
            cards = dict(self._cards)
            for c in self._cards.values():
                cid = c.id + "b"
                cards[cid] = replace(
                    c, id=cid, name={k: v + " II" for k, v in c.name.items()},
                    actions=tuple(replace(a, card=cid) for a in c.actions))
            self._doubled = CardSet(cards, self.source, {c.id + "b": c.id for c in self._cards.values()})
        return self._doubled

    def of(self, faction: str) -> list[str]:
        """Ids of a faction's cards, in set order.

        >>> load_cards().of("hirelings")[:3]
        ['H01', 'H02', 'H03']
        """
        return [c.id for c in self._cards.values() if c.faction == faction]


def known_fields(file: str, card: str | None, where: str | None, table: Mapping[str, Any],
                 fields: tuple[str, ...]) -> None:
    """Raise CardDataError at the first key of ``table`` not among ``fields``: a misspelt key (``strenght``) is named
    with the missing field it is near (difflib), otherwise with the fields there are.

    >>> known_fields("mine.toml", "X01", None, {"id": "X01", "strenght": 3}, CARD_FIELDS)
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.CardDataError: mine.toml: card X01: field 'strenght': expected a known \
field: did you mean 'strength'? (the field 'strength' is missing)
    """
    unknown = [key for key in table if key not in fields]
    if not unknown:
        return
    key = unknown[0]
    field = key if where is None else f"{where}.{key}"
    near = difflib.get_close_matches(key, [f for f in fields if f not in table], n=1)
    if near:
        raise CardDataError(file, card, field, "expected.misspelt_field", near=near[0])
    raise CardDataError(file, card, field, "expected.known_field", fields=list(fields))


def _params(file: str, card: str, field: str, spec: dict[str, Param], given: Any) -> dict[str, Any]:
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise CardDataError(file, card, field, "expected.params_table", given)
    unknown = set(given) - set(spec)
    if unknown:
        raise CardDataError(file, card, f"{field}.{sorted(unknown)[0]}", "expected.one_of_params",
                            sorted(unknown)[0], parameters=sorted(spec))
    out: dict[str, Any] = {}
    for key, p in spec.items():
        if key not in given:
            if p.default is None:
                raise CardDataError(file, card, f"{field}.{key}", "expected.param_given")
            out[key] = p.default
            continue
        wrong = p.check(given[key])
        if wrong:
            raise CardDataError(file, card, f"{field}.{key}", wrong, given[key])
        out[key] = given[key]
    return out


def _ability(file: str, cid: str, i: int, a: Any) -> Ability:
    where = f"action[{i}]"
    if not isinstance(a, dict):
        raise CardDataError(file, cid, where, "expected.table", a)
    aid = a.get("id")
    known_fields(file, cid, f"action {aid}" if isinstance(aid, str) and _ACTION_ID.match(aid) else where, a,
                 ACTION_FIELDS)
    if not isinstance(aid, str) or not _ACTION_ID.match(aid):
        raise CardDataError(file, cid, f"{where}.id", "expected.action_id", aid)
    where = f"action {aid}"
    name = bilingual(a.get("name"), file, cid, f"{where}.name")
    text = bilingual(a.get("text"), file, cid, f"{where}.text")
    phase = a.get("phase")
    if phase not in PHASES:
        raise CardDataError(file, cid, f"{where}.phase", "expected.one_of", phase, options=list(PHASES))
    cost = a.get("cost")
    if not isinstance(cost, int) or isinstance(cost, bool) or not 0 <= cost <= 12:
        raise CardDataError(file, cid, f"{where}.cost", "expected.cost", cost, low=0, high=12)
    name_of_effect = a.get("effect")
    if name_of_effect not in EFFECTS:
        raise CardDataError(file, cid, f"{where}.effect", "expected.effect", name_of_effect,
                            options=sorted(EFFECTS))
    eff = EFFECTS[name_of_effect]
    if phase not in eff.phases:
        raise CardDataError(file, cid, f"{where}.phase", "expected.effect_phase", phase, effect=name_of_effect,
                            options=sorted(eff.phases))
    params = _params(file, cid, f"{where}.params", eff.params, a.get("params"))
    when = a.get("when", [])
    if not isinstance(when, list) or not all(w in WHEN for w in when):
        raise CardDataError(file, cid, f"{where}.when", "expected.list_of", when, options=list(WHEN))
    return Ability(cid, aid, phase, cost, name_of_effect, params, frozenset(when), name, text)


def _passive(file: str, cid: str, i: int, p: Any) -> Passive:
    where = f"passive[{i}]"
    if not isinstance(p, dict) or not isinstance(p.get("id"), str):
        raise CardDataError(file, cid, f"{where}.id", "expected.table_with_id", p)
    known_fields(file, cid, where, p, PASSIVE_FIELDS)
    if p.get("effect") not in PASSIVES:
        raise CardDataError(file, cid, f"{where}.effect", "expected.one_of", p.get("effect"), options=sorted(PASSIVES))
    params = _params(file, cid, f"{where}.params", PASSIVES[p["effect"]], p.get("params"))
    return Passive(p["id"], p["effect"], params,
                   bilingual(p.get("name"), file, cid, f"{where}.name"),
                   bilingual(p.get("text"), file, cid, f"{where}.text"))


def parse_card(file: str, faction: str, c: Any, index: int) -> Card:
    """Check one ``[[card]]`` table and build the card."""
    if not isinstance(c, dict):
        raise CardDataError(file, f"#{index + 1}", None, "expected.card_table", c)
    cid = c.get("id")
    known_fields(file, cid if isinstance(cid, str) and _ID.match(cid) else f"#{index + 1}", None, c, CARD_FIELDS)
    if not isinstance(cid, str) or not _ID.match(cid):
        raise CardDataError(file, f"#{index + 1}", "id", "expected.card_id", cid)
    name = bilingual(c.get("name"), file, cid, "name")
    text = bilingual(c.get("text"), file, cid, "text")
    if c.get("type") not in CARD_TYPES:
        raise CardDataError(file, cid, "type", "expected.one_of", c.get("type"), options=list(CARD_TYPES))
    strength = c.get("strength")
    if not isinstance(strength, int) or isinstance(strength, bool) or not 0 <= strength <= 12:
        raise CardDataError(file, cid, "strength", "expected.whole_range", strength, low=0, high=12)
    actions_raw = c.get("action", [])
    if not isinstance(actions_raw, list):
        raise CardDataError(file, cid, "action", "expected.action_tables", actions_raw)
    actions = tuple(_ability(file, cid, i, a) for i, a in enumerate(actions_raw))
    ids = [a.id for a in actions]
    if len(set(ids)) != len(ids):
        raise CardDataError(file, cid, "action", "expected.distinct_actions", ids)
    passives_raw = c.get("passive", [])
    if not isinstance(passives_raw, list):
        raise CardDataError(file, cid, "passive", "expected.passive_tables", passives_raw)
    passives = tuple(_passive(file, cid, i, p) for i, p in enumerate(passives_raw))
    fac = c.get("faction", faction)
    if fac not in FACTIONS:
        raise CardDataError(file, cid, "faction", "expected.one_of", fac, options=list(FACTIONS))
    card = Card(cid, fac, c["type"], strength, name, text, actions, passives, file)
    tunable, fixed = declarations(file, card, c.get("tune"), c.get("fixed"))
    return replace(card, tunable=tunable, fixed=fixed)


def _read_files(files: list[Path]) -> dict[str, Card]:
    """Cards from TOML files; an id may appear only once among them."""
    cards: dict[str, Card] = {}
    for path in files:
        file = str(path)
        data = read_toml(path)
        known_fields(file, None, None, data, FILE_FIELDS)
        faction = data.get("faction")
        if faction not in FACTIONS:
            raise CardDataError(file, None, "faction", "expected.file_faction", faction, options=list(FACTIONS))
        raw = data.get("card")
        if not isinstance(raw, list):
            raise CardDataError(file, None, "card", "expected.card_tables", raw)
        for i, c in enumerate(raw):
            card = parse_card(file, faction, c, i)
            if card.id in cards:
                raise CardDataError(file, card.id, "id", "expected.new_id", card.id, other=cards[card.id].file)
            cards[card.id] = card
    return cards


def _toml_files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    if path.is_dir():
        return sorted(p for p in path.rglob("*.toml") if "scenarios" not in p.parts)
    raise CardDataError(str(path), None, None, "expected.folder_or_file")


@lru_cache(maxsize=32)
def _load(path: str | None, stamp: tuple[tuple[str, int, int], ...], patch: str | None) -> CardSet:
    cards = _read_files(_toml_files(content_dir() / "cold-summer-2040"))
    if path is not None:
        cards.update(_read_files(_toml_files(Path(path))))
    if patch is not None:
        cards = apply_patch(cards, json.loads(patch) if patch.startswith("{") else patch)
    return CardSet(cards, path or "cold-summer-2040")


def _stamp(path: str | None) -> tuple[tuple[str, int, int], ...]:
    """What the cache key must see change: each file's name, modification time and size."""
    if path is None:
        return ()
    files = _toml_files(Path(path))
    return tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files)


def load_cards(path: str | Path | None = None, patch: str | Path | Mapping[str, Any] | None = None) -> CardSet:
    """The shipped "Cold Summer of 2040" set, plus (and overridden by) your own cards, then a patch.

    ``path`` is a folder of TOML files or one file; its cards are added to the
    shipped set, and a card with a shipped id replaces the shipped one. An
    edited file is read again. A malformed file raises :class:`CardDataError`
    naming the file, the card and the field. ``patch`` (a TOML file, or its
    table ``{card id: {parameter: value}}``) changes numbers that cards declare
    tunable, within their ranges (see :mod:`~dictator_widget.engine.content.tuning`);
    an unknown card, a fixed fact or a value out of range raises :class:`CardDataError`.

    >>> load_cards(patch={"C02": {"propaganda": {"cost": 2}}})["C02"].actions[0].cost
    2
    """
    key = str(path) if path is not None else None
    if patch is None or isinstance(patch, Mapping):
        patch_key = None if patch is None else json.dumps(patch, sort_keys=True)
        return _load(key, _stamp(key), patch_key)
    return _load(key, _stamp(key) + _stamp(str(patch)), str(patch))
