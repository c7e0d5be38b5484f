"""The one family of errors the package raises on bad input, readable in English and Russian.

An error is made from a message: a key of the ``[error]`` table of ``cards/messages.toml`` (an English
and a Russian template) and named fields. ``str(error)`` is the English text; ``error.text("ru")`` the
Russian one, with the same facts.

>>> err = IllegalAction("action.empty")
>>> str(err) == err.text("en")
True
>>> err.text("ru")
"пустое действие: ожидается запись вида 'A1 move c4' или 'pass'"
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

LANGS = ("en", "ru")
_KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_-]+)+")


def error_table() -> dict[str, Any]:
    """The ``[error]`` table of ``cards/messages.toml`` (sections of ``{ en, ru }`` templates)."""
    from .log import messages  # log reads content/, whose reader raises CardDataError from here

    return dict(messages().get("error", {}))


@cache
def template(key: str, lang: str) -> str:
    """The template of an error key in ``lang`` (looked up once: a refusal's text is made whenever the widget, a
    bot or the swap test asks why an action is not legal).

    >>> template("action.undo_nothing", "ru")
    'нечего отменять: ещё не принято ни одного решения'
    """
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r}: the languages are {LANGS}")
    node: Any = error_table()
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"no error message {key!r} in cards/messages.toml's [error] table")
        node = node[part]
    if not isinstance(node, dict) or not isinstance(node.get(lang), str):
        raise KeyError(f"error message {key!r} has no {lang!r} template")
    return str(node[lang])


def is_key(text: str) -> bool:
    """Whether ``text`` has the form of a message key ("section.name"): plain sentences have spaces.

    >>> is_key("action.empty"), is_key("not legal now")
    (True, False)
    """
    return bool(_KEY.fullmatch(text))


class Message:
    """A text in both languages: a key of the ``[error]`` table and its fields.

    A field that is itself a Message is written in the same language, and so is a field
    that is a ``{"en": ..., "ru": ...}`` table (a card's name); a plain string that is not
    a key (an internal error's text) reads the same in both languages.

    >>> m = Message("action.refused", action="A1 move z9", why=Message("why.no_sector", sector="z9"))
    >>> m.text("en"), m.text("ru")
    ("'A1 move z9': there is no sector z9", "'A1 move z9': нет сектора z9")
    """

    __slots__ = ("key", "fields", "texts")

    def __init__(self, key: str, /, **fields: Any) -> None:
        self.key = key
        self.fields = fields
        self.texts: dict[str, str] | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """A message sent as :meth:`to_json` (by the class server): its key and both texts as written there.

        >>> Message.from_json(Message("action.empty").to_json()).text("ru")[:16]
        'пустое действие:'
        """
        message = cls(str(data.get("key", "")))
        message.texts = {lang: str(data.get(lang) or data.get("en", "")) for lang in LANGS}
        return message

    @classmethod
    def of(cls, text: str | Message, fields: Mapping[str, Any] | None = None) -> Message:
        """A Message from a key (and fields), or from plain text (the same in both languages)."""
        if isinstance(text, Message):
            return text
        if is_key(text):
            return cls(text, **(fields or {}))
        return cls("", text=text)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` ("en" or "ru")."""
        if self.texts is not None:
            return self.texts[lang] if lang in LANGS else template(self.key, lang)
        if not self.key:
            return str(self.fields["text"])
        values = {k: _in(v, lang) for k, v in self.fields.items()}
        return template(self.key, lang).format(**values)

    def to_json(self) -> dict[str, str]:
        """Both texts and the key: what a front end or a seat needs to show it in its language."""
        return {"key": self.key, "en": self.text("en"), "ru": self.text("ru")}

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.key, self.fields, self.texts) == (other.key, other.fields,
                                                                                      other.texts)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_message, (self.key, self.fields, self.texts))


def reason(exc: BaseException) -> Message:
    """What an error caught on the way says: its Message, or (Python's own errors) its English text.

    >>> reason(IllegalAction("action.empty")).key, reason(KeyError("x")).text("ru")
    ('action.empty', "ошибка Python KeyError: «'x'»")
    """
    if isinstance(exc, DictatorError):
        return exc.message
    return Message("python.error", kind=type(exc).__name__, detail=str(exc))


def _in(value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, dict) and lang in value and all(k in value for k in LANGS):
        return value[lang]
    return value


def _message(key: str, fields: dict[str, Any], texts: dict[str, str] | None = None) -> Message:
    message = Message(key, **fields)
    message.texts = texts
    return message


def _rebuild(cls: type[DictatorError], state: dict[str, Any]) -> DictatorError:
    err = cls.__new__(cls)
    Exception.__init__(err, state["message"])
    err.__dict__.update(state)
    return err


class DictatorError(Exception):
    """Base of every error dictator_widget raises on purpose.

    Made from a message key and its fields (or a Message); plain text is kept for internal errors.

    >>> err = DictatorError("action.undo_nothing")
    >>> err.message.key, str(err)
    ('action.undo_nothing', 'nothing to undo: no decision has been made yet')
    """

    message: Message

    def __init__(self, message: str | Message = "", /, **fields: Any) -> None:
        self.message = Message.of(message, fields)
        super().__init__(self.message)

    def text(self, lang: str = "en") -> str:
        """The error in ``lang`` ("en" or "ru"); ``str(error)`` is the English text."""
        try:
            return self.message.text(lang)
        except (KeyError, ValueError, IndexError, DictatorError) as exc:
            if lang not in LANGS:
                raise
            # messages.toml itself is unreadable (this may be its own error): the key and fields still say it
            return f"{self.message.key} {self.message.fields!r} ({type(exc).__name__}: {exc})"

    def to_json(self) -> dict[str, str]:
        """The error's class, key and both texts (for a front end)."""
        return {"error": type(self).__name__, "key": self.message.key, "en": self.text("en"), "ru": self.text("ru")}

    def __str__(self) -> str:
        return self.text("en")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), dict(self.__dict__)))


class IllegalAction(DictatorError, ValueError):
    """An action that is not legal now, or text that is not an action.

    >>> raise IllegalAction("action.refused", action="A1 move z9", why=Message("why.no_sector", sector="z9"))
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.IllegalAction: 'A1 move z9': there is no sector z9
    """


_WHERE = {(False, False): "data.where", (True, False): "data.where_card", (False, True): "data.where_field",
          (True, True): "data.where_card_field"}


class CardDataError(DictatorError, ValueError):
    """A card, board or mission file that breaks the data rules.

    The message names the file, the card (or entry) and the field; ``expected`` is a key of the
    ``[error.expected]`` table (its fields given as keywords) or a Message.

    >>> err = CardDataError("templars.toml", "T01", "strength", "expected.whole_range", -1, low=0, high=12)
    >>> str(err)
    "templars.toml: card T01: field 'strength': expected a whole number from 0 to 12, got -1"
    >>> err.text("ru")
    'templars.toml: карта T01: поле «strength»: ожидалось: целое число от 0 до 12; получено: -1'
    >>> err.file, err.card, err.field, err.expected
    ('templars.toml', 'T01', 'strength', 'a whole number from 0 to 12')
    """

    def __init__(self, file: str | Message, card: str | Message | None, field: str | None, expected: str | Message,
                 got: object = None, /, **fields: Any) -> None:
        what = Message.of(expected, fields)
        where = _WHERE[bool(card), bool(field)]
        self.file, self.card, self.field = str(file), None if card is None else str(card), field
        message = Message("data.expected_got" if got is not None else "data.expected",
                          where=Message(where, file=file, card=card, field=field), expected=what, got=got)
        super().__init__(message)

    @property
    def expected(self) -> str:
        """What the field should hold, in English (``text(lang)`` has the whole error in either language)."""
        what = self.message.fields["expected"]
        return what.text("en") if isinstance(what, Message) else str(what)


class ArgumentError(DictatorError, ValueError):
    """An argument that makes no sense for the call (an unknown policy, no samples); a ValueError too.

    >>> ArgumentError("odds.samples", got=0).text("ru")
    "'samples' — целое число >= 1, а не 0"
    """


class SaveFileError(DictatorError, ValueError):
    """A save that cannot be read back: corrupt, truncated or inconsistent."""


class FrozenError(DictatorError, AttributeError):
    """A change to a position outside a decision: a game changes only through ``apply`` and ``undo``.

    >>> import dictator_widget as dw
    >>> dw.Game.new("standard", seed=7).state.turn = 3
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.FrozenError: a position is read-only: State.turn cannot be set; a game \
changes only through apply() and undo()
    """
