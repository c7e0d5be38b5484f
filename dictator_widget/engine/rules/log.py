"""Game events and their English and Russian texts (from ``cards/messages.toml``).

An event is a kind and a few plain fields; its text is made when asked for, in
either language. A game keeps its events in an :class:`EventLog`.

>>> e = Event("move", {"battalion": "A1", "sector": "c4"})
>>> e.text("en"), e.text("ru")
('A1 moves to c4.', 'A1 перемещается в c4.')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, overload

from ..content.data import content_dir, read_toml
from .vocabulary import EVENT_KINDS, EventKind

LANGS = ("en", "ru")
ALL = "all"
"""The reader who may see everything (a referee, a replay after the game): asked for by name."""
Viewer = int | str | None


@lru_cache(maxsize=1)
def messages() -> dict[str, Any]:
    """The message tables: event templates, phase, side, reason and faction names."""
    return read_toml(content_dir() / "messages.toml")


def player_name(n: int, lang: str) -> str:
    """
    >>> player_name(0, "ru")
    'Игрок 1'
    """
    return str(messages()["player"]["name"][lang]).format(n=n + 1)


_CASE = re.compile(r"\{(\w+)@(\w+)\}")
_AGREE = re.compile(r"\{(\w+)\?([^{}|]*)\|([^{}]*)\}")


def card_form(cid: str | None, case: str, lang: str, nominative: str) -> str:
    """A card's name in a grammatical case (``cards/messages.toml``'s [forms]); None: a face-down card.

    >>> card_form("C09", "acc", "ru", "Пиявка"), card_form("C09", "nom", "ru", "Пиявка")
    ('Пиявку', 'Пиявка')
    >>> card_form("C09", "acc", "en", "Leech")
    'Leech'
    """
    form = messages().get("forms", {}).get(cid if cid is not None else "hidden", {}).get(lang, {})
    return str(form.get(case, nominative))


def plural(value: Any) -> bool:
    """Whether a field (a card id, a list of them, None for a face-down card) names more than one thing.

    >>> plural("T03"), plural("C09"), plural(["C01", "C02"]), plural(None)
    (True, False, True, False)
    """
    if isinstance(value, list | tuple):
        return len(value) > 1 or any(plural(v) for v in value)
    return bool(messages().get("forms", {}).get(value if value is not None else "hidden", {}).get("plural", False))


def grammar(template: str, args: Mapping[str, Any], fields: Mapping[str, Any], lang: str) -> str:
    """Resolves ``{field@case}`` (the card's name in that case) and ``{field?singular|plural}`` (the word that
    agrees with it) in ``template``; the rest is left to ``str.format``.

    >>> grammar("{b} отправляет {card@acc} в Отбой.", {"card": "C09"}, {"card": "Пиявка"}, "ru")
    '{b} отправляет Пиявку в Отбой.'
    >>> grammar("{card} {card?применяет|применяют}", {"card": "T03"}, {"card": "Штурмкнехты"}, "ru")
    '{card} применяют'
    """
    def case(m: re.Match[str]) -> str:
        value = args.get(m.group(1))
        name = str(fields.get(m.group(1), ""))
        if isinstance(value, list | tuple):
            return " + ".join(card_form(c, m.group(2), lang, n) for c, n in zip(value, name.split(" + "), strict=False))
        return card_form(value, m.group(2), lang, name).replace("{", "{{").replace("}", "}}")

    out = _CASE.sub(case, template)
    return _AGREE.sub(lambda m: m.group(3) if plural(args.get(m.group(1))) else m.group(2), out)


_FIELDS: dict[str, str] = {"card": "card", "target_card": "card", "target": "target", "cards": "cards",
                           "other_cards": "cards", "player": "player", "phase": "table", "reason": "table",
                           "side": "table", "faction": "table", "ability": "ability", "zone": "zone"}
"""The fields an event's text names in the reader's language (a card's name, a player's), by how; the rest are
printed as they are (a battalion, a sector, a number)."""


@cache
def _template(kind: str, lang: str) -> tuple[str, bool]:
    """An event kind's template in ``lang``, and whether it has words that agree with a card (:func:`grammar`)."""
    template = str(messages()["event"][kind][lang])
    return template, "@" in template or "?" in template


class Event:
    """One thing that happened. ``names`` maps card ids to their names (en/ru).

    ``secret`` (Fog of War) maps a field naming a face-down card to the one
    player who may read it; anyone else reads "a face-down card". A reader is a
    player (0, 1, ...), None for the public reading (what every seat may know:
    the default) or ``ALL`` for the full truth.

    >>> e = Event("damage", {"card": "T06"}, {"T06": {"en": "Runner", "ru": "Бегун"}}, {"card": 0})
    >>> e.text("en"), e.text("en", viewer=1), e.text("en", viewer=0), e.text("en", viewer=ALL)
    ('a face-down card is damaged.', 'a face-down card is damaged.', 'Runner is damaged.', 'Runner is damaged.')
    """

    __slots__ = ("kind", "args", "names", "secret")

    def __init__(self, kind: str, args: Mapping[str, Any],
                 names: Mapping[str, Mapping[str, str]] | None = None,
                 secret: Mapping[str, int] | None = None) -> None:
        try:
            self.kind: EventKind = EVENT_KINDS[kind]
        except KeyError:
            raise ValueError(f"no event kind {kind!r}: the kinds are vocabulary.EventKind's") from None
        self.args = args
        self.names = names
        self.secret = secret

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (str(self.kind), self.args, self.names, self.secret))

    def visible_args(self, viewer: Viewer = None) -> dict[str, Any]:
        """The fields as ``viewer`` may see them (None: the public reading); hidden cards become None."""
        if not self.secret or viewer == ALL:
            return dict(self.args)
        return {k: (None if k in self.secret and self.secret[k] != viewer else v) for k, v in self.args.items()}

    def text(self, lang: str = "en", viewer: Viewer = None) -> str:
        """The event as a sentence in ``lang`` ("en" or "ru"), as ``viewer`` may read it."""
        m = messages()
        secret = self.secret
        args = self.visible_args(viewer) if secret else self.args
        fields: dict[str, Any] = {}
        for key, value in args.items():
            how = _FIELDS.get(key)
            if value is None and secret and key in secret:
                fields[key] = m["hidden"]["cards" if how == "cards" else "card"][lang]
            elif how is None:
                fields[key] = value
            elif how == "card" or (how == "target" and self.names and value in self.names):
                fields[key] = self._card(value, lang)
            elif how == "cards":
                fields[key] = " + ".join(self._card(c, lang) for c in value) or "—"   # a name may hold a comma
            elif how == "player":
                fields[key] = player_name(value, lang) if value is not None else "—"
            elif how == "table":
                fields[key] = m[key][value][lang] if value in m[key] else value
            elif how == "ability" and self.names:
                fields[key] = self.names.get(f"{self.args['card']}:{value}", {}).get(lang, value)
            elif how == "zone" and self.names:
                fields[key] = self.names.get(f"zone:{value}", {}).get(lang, value)
            else:
                fields[key] = value
        template, agrees = _template(self.kind, lang)
        if agrees:
            template = grammar(template, args, fields, lang)
        return template.format(**fields)

    def _card(self, cid: str, lang: str) -> str:
        if self.names and cid in self.names:
            return self.names[cid][lang]
        return cid

    def to_json(self, viewer: Viewer = None) -> dict[str, Any]:
        """JSON-safe: the kind, the fields and both texts, as ``viewer`` may see them."""
        return {"kind": self.kind, **self.visible_args(viewer),
                "en": self.text("en", viewer), "ru": self.text("ru", viewer)}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return False
        return (self.kind, self.args, self.secret) == (other.kind, other.args, other.secret)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Event {self.kind}: {self.text('en', ALL)}>"


Names = Mapping[str, Mapping[str, str]]
"""Card ids (and ``card:ability``, ``zone:z``) to their names in each language: one mapping per game."""


_KIND, _SECRET = "@kind", "@secret"
"""Where a logged event's fields dict keeps its kind and its secret until it is read: no field name holds "@"."""


class EventLog(Sequence[Event]):
    """A game's events in order (``game.log``), a read-only sequence of :class:`Event`.

    The rules write about two events a decision and most are never read (random play, a bot's game), so
    writing is cheap: an event is kept as its fields dict with its kind (and its secret, in Fog of War)
    added under ``"@kind"`` (``"@secret"``), no other object (a dict of strings and numbers is one the
    garbage collector never walks); it is made an ``Event`` when first read, and that ``Event`` takes its
    place (reading it again gives the same object).

    >>> log = EventLog({"C09": {"en": "Leech", "ru": "Пиявка"}})
    >>> log.record("damage", {"card": "C09"}, None)
    >>> log.record("move", {"battalion": "A1", "sector": "c4"}, None)
    >>> len(log), log[0].text("ru"), log[-1] is log[-1], log.texts("en")
    (2, 'Пиявка: карта повреждена.', True, ['Leech is damaged.', 'A1 moves to c4.'])
    >>> log.record("atack", {}, None)
    Traceback (most recent call last):
    ...
    ValueError: no event kind 'atack': the kinds are vocabulary.EventKind's
    """

    __slots__ = ("names", "_items")

    def __init__(self, names: Names, items: list[dict[str, Any] | Event] | None = None) -> None:
        """An empty log whose events name cards by ``names`` (or one that keeps ``items``: :meth:`since`)."""
        self.names = names
        self._items: list[dict[str, Any] | Event] = [] if items is None else items

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled (make compiled), a class with a required argument cannot be unpickled without this
        return (EventLog, (self.names, list(self._items)))

    def record(self, kind: str, args: dict[str, Any], secret: dict[str, int] | None) -> None:
        """Add an event: ``kind`` one of ``vocabulary.EventKind``'s names, ``args`` its fields (a dict of
        the log's own: it keeps it), ``secret`` as :class:`Event`'s."""
        if kind not in EVENT_KINDS:
            raise ValueError(f"no event kind {kind!r}: the kinds are vocabulary.EventKind's")
        args[_KIND] = kind
        if secret:
            args[_SECRET] = secret
        self._items.append(args)

    def since(self, start: int) -> EventLog:
        """The events from index ``start`` on, as a log of their own (``Game.apply``'s answer)."""
        return EventLog(self.names, self._items[start:])

    def copy(self) -> EventLog:
        """An independent log with the same events (a copy of the game's: an ``Event`` never changes)."""
        return EventLog(self.names, self._items[:])

    def truncate(self, stop: int) -> None:
        """Forget the events from index ``stop`` on (an undo, or a decision refused half-way)."""
        del self._items[stop:]

    def extend(self, other: EventLog) -> None:
        """Add ``other``'s events at the end (a copy taking the events of the game it copies)."""
        self._items += other._items

    def texts(self, lang: str = "en", viewer: Viewer = None) -> list[str]:
        """Every line as ``viewer`` reads it: a player, None (the public reading) or ``ALL`` (the truth)."""
        return [e.text(lang, viewer) for e in self]

    def _event(self, i: int) -> Event:
        item = self._items[i]
        if isinstance(item, Event):
            return item
        args = dict(item)
        kind, secret = args.pop(_KIND), args.pop(_SECRET, None)
        event = self._items[i] = Event(kind, args, self.names, secret)
        return event

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        """An event (negative: from the end), or a list of them for a slice (``game.log[-5:]``)."""
        n = len(self._items)
        if isinstance(index, slice):
            return [self._event(i) for i in range(*index.indices(n))]
        if not -n <= index < n:
            raise IndexError(f"event {index} of a log of {n}")
        return self._event(index + n if index < 0 else index)

    def __iter__(self) -> Iterator[Event]:
        for i in range(len(self._items)):
            yield self._event(i)

    def __reversed__(self) -> Iterator[Event]:
        for i in reversed(range(len(self._items))):
            yield self._event(i)

    def __eq__(self, other: object) -> bool:
        """Equal to a log or a list holding equal events in the same order."""
        if isinstance(other, EventLog | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Event]) -> list[Event]:
        return [*self, *other]

    def __radd__(self, other: Sequence[Event]) -> list[Event]:
        return [*other, *self]

    def __repr__(self) -> str:
        return repr(list(self))
