"""The messages between the front end and Python, declared once: each one's name and fields.

A message is a TypedDict whose ``type`` is a ``Literal``: its name. The front end's types (``js/messages.ts``:
an interface per message, and ``Message``, their union, which ``Model.send`` takes) are generated from these
declarations (``make types``); :func:`parse` holds what arrives to them before anything acts on it; the widget
(``ui/widget.py``) and the class server (``serve/rooms.py``) each carry a message out through a table from its
name to its handler, one entry per message here (their tests check that the tables cover :data:`MESSAGES`).

A field's ``Must`` says what it must be when it is not (the refusal names the field) and may test its value
further. A refused message raises :class:`IllegalAction` and leaves the game as it was.

>>> parse({"type": "act", "notation": "A1 move c4"})
{'type': 'act', 'notation': 'A1 move c4'}
>>> for bad in ({"type": "odds", "battalion": 7}, {"type": "undo", "twice": True}, {"type": "fly"}):
...     try:
...         parse(bad)
...     except IllegalAction as refused:
...         print(str(refused).split("}: ", 1)[1])
'battalion' must be a label (at most 8 characters)
no field 'twice' in 'undo' (it has none)
unknown type 'fly'
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired, TypedDict, Union

from ..engine.errors import IllegalAction
from .typescript import header, interface

MAX_NOTATION = 200
"""Longest notation accepted from the front end (longer is malformed)."""
MAX_LABEL = 8


@dataclass(frozen=True)
class Must:
    """What a field must be, as a refusal says it (``"'field' must be {says}"``, or ``refusal`` whole); ``test``
    checks its value further, the message at hand second (a field may depend on one before it). The value's type
    is the annotation's, checked first."""

    says: str
    test: Callable[[Any, Mapping[str, Any]], bool] = lambda _value, _message: True
    refusal: str = ""


Notation = Annotated[str, Must(f"a short string (a notation, 1 to {MAX_NOTATION} characters)",
                               lambda v, _m: bool(v.strip()) and len(v) <= MAX_NOTATION)]
Label = Annotated[str, Must(f"a label (at most {MAX_LABEL} characters)", lambda v, _m: len(v) <= MAX_LABEL)]
_INDICES = "'from' and 'to' must be indices (0 <= from <= to)"


# --- front end -> Python ------------------------------------------------------------------------

class Act(TypedDict):
    """Play a decision, or a table action of a human seat on this screen (``resign 0``, ``offer-draw 0``)."""
    type: Literal["act"]
    notation: Notation


class Undo(TypedDict):
    """Take back the last decision (the widget's undo policy says which)."""
    type: Literal["undo"]


class TakeSeat(TypedDict):
    """Hot-seat on a hidden mission: the player asked for takes the seat."""
    type: Literal["take-seat"]


class AskOdds(TypedDict):
    """The odds of a battalion's attacks now (answered in the ``odds`` trait)."""
    type: Literal["odds"]
    battalion: Label


AskLog = TypedDict("AskLog", {
    "type": Literal["log"],
    "from": Annotated[int, Must("an index", lambda v, _m: v >= 0, _INDICES)],
    "to": Annotated[int, Must("an index", lambda v, m: v >= m["from"], _INDICES)],
})
AskLog.__doc__ = """Older log lines, ``from`` to ``to`` (answered by :class:`LogLines`)."""


class Rematch(TypedDict):
    """A game over: the same mission, seats and seed again."""
    type: Literal["rematch"]


class NewGame(TypedDict):
    """A game over: the same mission and seats, a new seed."""
    type: Literal["new-game"]


class Continue(TypedDict):
    """A bot's battle waits on its result: the bots play on."""
    type: Literal["continue"]


class ExportHtml(TypedDict):
    """The game's HTML replay, to save (answered by :class:`ReplayHtml`)."""
    type: Literal["export-html"]


class Edit(TypedDict):
    """Set-up mode: one edit of the scenario (``ui/widget_setup.apply_edit`` checks it)."""
    type: Literal["edit"]
    edit: Annotated[dict[str, Any], Must("an edit (an object with an 'op')")]


class Play(TypedDict):
    """Set-up mode: play from the edited scenario."""
    type: Literal["play"]


class SeatTraits(TypedDict):
    """The traits a seat of the class server may set."""
    lang: NotRequired[Literal["en", "ru"]]
    error: NotRequired[str]


class SetTraits(TypedDict):
    """The class server: a seat sets its own traits (in a notebook they sync by themselves)."""
    type: Literal["set"]
    traits: Annotated[SeatTraits, Must("traits", refusal="a seat may set only 'lang' and 'error' (its traits "
                                       "'lang': 'en' or 'ru', 'error': a string)")]


class Ping(TypedDict):
    """The class server: is the socket alive (answered ``{"type": "pong"}``)."""
    type: Literal["ping"]


Message = Union[Act, Undo, TakeSeat, AskOdds, AskLog, Rematch, NewGame, Continue, ExportHtml, Edit, Play,  # noqa: UP007
                SetTraits, Ping]
"""Any message of the front end (``Union``: ``typing.get_args`` lists them)."""


def _name(td: type) -> str:
    return str(typing.get_args(typing.get_type_hints(td)["type"])[0])


MESSAGES: dict[str, type] = {_name(td): td for td in typing.get_args(Message)}
"""Each message's declaration by its name."""


# --- Python -> front end ------------------------------------------------------------------------

LogLines = TypedDict("LogLines", {"type": Literal["log"], "from": int, "lines": list[str]})
LogLines.__doc__ = """The answer to :class:`AskLog`: the log's lines from ``from`` in the widget's language."""


class ReplayHtml(TypedDict):
    """The answer to :class:`ExportHtml`: the replay file's text and a name for it."""
    type: Literal["replay-html"]
    html: str
    filename: str


ANSWERS: tuple[type, ...] = (LogLines, ReplayHtml)


# --- checking what arrives ----------------------------------------------------------------------

def parse(content: Any, echo: bool = True) -> Any:
    """``content`` if it is one of :data:`MESSAGES` as declared, else :class:`IllegalAction` naming the field
    that is wrong and what it must be (``echo``: quoting the message). Typed ``Any``: the caller's table picks
    the handler by ``type``."""
    def refuse(why: str) -> IllegalAction:
        return IllegalAction(f"malformed message{' ' + _short(content) if echo else ''}: {why}")

    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        raise refuse("expected an object with a 'type'")
    shape = MESSAGES.get(content["type"])
    if shape is None:
        raise refuse(f"unknown type {content['type'][:40]!r}")
    wrong = _fields(content, shape, f"'{content['type']}'")
    if wrong:
        raise refuse(wrong)
    return content


def _fields(value: Mapping[str, Any], shape: type, where: str) -> str | None:
    """What is wrong with the fields of ``value`` against the TypedDict ``shape``, or None."""
    hints = typing.get_type_hints(shape, include_extras=True)
    extra = [k for k in value if k not in hints]
    if extra:
        have = ", ".join(repr(k) for k in hints if k != "type") or "none"
        return f"no field {str(extra[0])[:40]!r} in {where} (it has {have})"
    for key, hint in hints.items():
        optional = typing.get_origin(hint) is NotRequired
        if optional:
            hint = typing.get_args(hint)[0]
        must = next((m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Must)), None)
        if key not in value and optional:
            continue
        if key not in value or not _is(value[key], hint) or (must is not None and not must.test(value[key], value)):
            return must.refusal if must and must.refusal else f"{key!r} must be {_says(hint, must)}"
    return None


def _says(hint: Any, must: Must | None) -> str:
    if must is not None:
        return must.says
    if typing.get_origin(hint) is Literal:
        return " or ".join(repr(a) for a in typing.get_args(hint))
    return {str: "a string", int: "a whole number", bool: "true or false"}.get(hint, f"a {hint}")


def _is(value: Any, hint: Any) -> bool:
    """Whether ``value`` (from JSON) has the type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        return _is(value, args[0])
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if hint is Any:
        return True
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint in (str, bool):
        return isinstance(value, hint)
    if origin is dict:
        return isinstance(value, dict) and all(isinstance(k, str) for k in value)
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return isinstance(value, dict) and _fields(value, hint, "") is None
    raise TypeError(f"messages: no check for {hint!r}")


def _short(content: Any) -> str:
    text = repr(content)
    return text if len(text) <= 80 else text[:77] + "..."


# --- TypeScript ---------------------------------------------------------------------------------

def typescript() -> str:
    """``js/messages.ts``: an interface per message each way, and the union of those the front end sends."""
    out = header("dictator_widget/ui/messages.py")
    out.append("// The front end's messages to Python; `Model.send` takes a `Message`.")
    for td in (*MESSAGES.values(), SeatTraits):
        out += [*interface(td), ""]
    out += ["/** Any message of the front end to Python (``ui/messages.py``'s MESSAGES). */", "export type Message ="]
    out += [f"  | {td.__name__}" for td in MESSAGES.values()]
    out[-1] += ";"
    out += ["", "// Python's answers to some of them (``msg:custom``)."]
    for td in ANSWERS:
        out += ["", *interface(td)]
    return "\n".join(out) + "\n"
