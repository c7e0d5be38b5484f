"""Game events and their English and Russian texts (from ``cards/messages.toml``).

An event is a kind and a few plain fields; its text is made when asked for, in
either language.

>>> e = Event("move", {"battalion": "A1", "sector": "c4"})
>>> e.text("en"), e.text("ru")
('A1 moves to c4.', 'A1 перемещается в c4.')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

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

    def visible_args(self, viewer: Viewer = None) -> dict[str, Any]:
        """The fields as ``viewer`` may see them (None: the public reading); hidden cards become None."""
        if not self.secret or viewer == ALL:
            return dict(self.args)
        return {k: (None if k in self.secret and self.secret[k] != viewer else v) for k, v in self.args.items()}

    def text(self, lang: str = "en", viewer: Viewer = None) -> str:
        """The event as a sentence in ``lang`` ("en" or "ru"), as ``viewer`` may read it."""
        m = messages()
        fields: dict[str, Any] = {}
        for key, value in self.visible_args(viewer).items():
            if value is None and self.secret and key in self.secret:
                fields[key] = m["hidden"]["cards" if key in ("cards", "other_cards") else "card"][lang]
            elif key in ("card", "target_card") or (key == "target" and self.names and value in self.names):
                fields[key] = self._card(value, lang)
            elif key in ("cards", "other_cards"):
                fields[key] = " + ".join(self._card(c, lang) for c in value) or "—"   # a name may hold a comma
            elif key == "player":
                fields[key] = player_name(value, lang) if value is not None else "—"
            elif key in ("phase", "reason", "side", "faction") and value in m[key]:
                fields[key] = m[key][value][lang]
            elif key == "ability" and self.names:
                fields[key] = self.names.get(f"{self.args['card']}:{value}", {}).get(lang, value)
            elif key == "zone" and self.names:
                fields[key] = self.names.get(f"zone:{value}", {}).get(lang, value)
            else:
                fields[key] = value
        template = str(m["event"][self.kind][lang])
        if "@" in template or "?" in template:
            template = grammar(template, self.visible_args(viewer), fields, lang)
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
