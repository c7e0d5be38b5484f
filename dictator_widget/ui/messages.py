"""The messages between the front end and Python, declared once: each one's name and fields.

A message is a TypedDict whose ``type`` is a ``Literal``: its name. The front end's types (``js/messages.ts``:
an interface per message, and ``Message``, their union, which ``Model.send`` takes) are generated from these
declarations (``make types``); :func:`parse` holds what arrives to them before anything acts on it; the widget
(``ui/widget.py``) and the class server (``serve/rooms.py``) each carry a message out through a table from its
name to its handler, one entry per message here (their tests check that the tables cover :data:`MESSAGES`).

The set-up edits an ``edit`` message carries are declared the same way (:data:`SetupEdit`, told apart by ``op``),
and so are Python's answers (:data:`ANSWERS`). A field's ``Must`` says what it must be when it is not (the refusal
names the field) and may test its value further; a field a message does not declare is refused too. A refused
message raises :class:`IllegalAction` and leaves the game as it was.

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

import functools
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired, TypedDict, Union

from ..engine.rules.errors import IllegalAction
from ..engine.rules.errors import Message as Text
from .typescript import header, interface

MAX_NOTATION = 200
"""Longest notation accepted from the front end (longer is malformed)."""
MAX_LABEL = 8


@dataclass(frozen=True)
class Must:
    """What a field must be, as a refusal says it (``"'field' must be {says}"``, or ``refusal`` whole); ``test``
    checks its value further, the message at hand second (a field may depend on one before it). The value's type
    is the annotation's, checked first."""

    says: Text
    test: Callable[[Any, Mapping[str, Any]], bool] = lambda _value, _message: True
    refusal: Text | None = None


Notation = Annotated[str, Must(Text("message.notation", most=MAX_NOTATION),
                               lambda v, _m: bool(v.strip()) and len(v) <= MAX_NOTATION)]
Label = Annotated[str, Must(Text("message.label", most=MAX_LABEL), lambda v, _m: len(v) <= MAX_LABEL)]
_INDICES = Text("message.indices")


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
    "from": Annotated[int, Must(Text("message.index"), lambda v, _m: v >= 0, _INDICES)],
    "to": Annotated[int, Must(Text("message.index"), lambda v, m: v >= m["from"], _INDICES)],
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


# The edits of set-up mode, told apart by their ``op`` (``ui/widget_setup.apply_edit`` checks them against the
# scenario: a sector that exists and is free, a card of the set, ...).

class MoveEdit(TypedDict):
    """A battalion to a free sector."""
    op: Literal["move"]
    label: str
    sector: str


class AddBattalion(TypedDict):
    """A new battalion of ``owner`` (its next free label) on a free sector."""
    op: Literal["add-battalion"]
    owner: int
    sector: str


class RemoveBattalion(TypedDict):
    op: Literal["remove-battalion"]
    label: str


class AddCard(TypedDict):
    op: Literal["add-card"]
    label: str
    card: str


class RemoveCard(TypedDict):
    op: Literal["remove-card"]
    label: str
    card: str


class DamageCard(TypedDict):
    """A card of a battalion damaged, or repaired if it was."""
    op: Literal["damage-card"]
    label: str
    card: str


class ToggleGuild(TypedDict):
    """A Guild token on a sector, or off it."""
    op: Literal["guild"]
    sector: str


class SetEnergy(TypedDict):
    op: Literal["energy"]
    player: int
    value: int


class SetPlayer(TypedDict):
    """Whose turn it is."""
    op: Literal["player"]
    player: int


SetupEdit = Union[MoveEdit, AddBattalion, RemoveBattalion, AddCard, RemoveCard, DamageCard,  # noqa: UP007
                  ToggleGuild, SetEnergy, SetPlayer]
"""One edit of set-up mode."""


class Edit(TypedDict):
    """Set-up mode: one edit of the scenario."""
    type: Literal["edit"]
    edit: SetupEdit


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
    traits: Annotated[SeatTraits, Must(Text("message.traits"), refusal=Text("message.seat_traits"))]


class Ping(TypedDict):
    """The class server: is the socket alive (answered ``{"type": "pong"}``)."""
    type: Literal["ping"]


Message = Union[Act, Undo, TakeSeat, AskOdds, AskLog, Rematch, NewGame, Continue, ExportHtml, Edit, Play,  # noqa: UP007
                SetTraits, Ping]
"""Any message of the front end (``Union``: ``typing.get_args`` lists them)."""


@functools.cache
def hints(td: type) -> dict[str, Any]:
    """A TypedDict's fields and their annotations, ``Annotated`` and ``NotRequired`` kept (read once)."""
    return typing.get_type_hints(td, include_extras=True)


@functools.cache
def members(union: Any) -> dict[str, type]:
    """The TypedDicts of ``union`` by the value of their first field, a ``Literal`` that tells them apart."""
    tds = typing.get_args(union)
    tag = next(iter(hints(tds[0])))
    return {str(typing.get_args(hints(td)[tag])[0]): td for td in tds}


MESSAGES: dict[str, type] = dict(members(Message))
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
    if not isinstance(content, dict) or not isinstance(content.get("type"), str):
        wrong: Text | None = Text("message.no_type")
    else:
        wrong = _one_of(content, Message, "type")
    if wrong and echo:
        raise IllegalAction("message.malformed_echo", content=_short(content), wrong=wrong)
    if wrong:
        raise IllegalAction("message.malformed", wrong=wrong)
    return content


def _one_of(value: Any, union: Any, name: str) -> Text | None:
    """What is wrong with ``value`` as one of the TypedDicts of ``union`` (:func:`members`), or None."""
    kinds = members(union)
    tag = next(iter(hints(next(iter(kinds.values())))))
    if not isinstance(value, dict) or not isinstance(value.get(tag), str):
        return Text("message.one_of", name=name, tag=tag, kinds=", ".join(map(repr, kinds)))
    if value[tag] not in kinds:
        return Text("message.unknown", name=name, got=value[tag][:40])
    return _fields(value, kinds[value[tag]], repr(value[tag]))


def _fields(value: Mapping[str, Any], shape: type, where: str) -> Text | None:
    """What is wrong with the fields of ``value`` against the TypedDict ``shape``, or None."""
    fields = hints(shape)
    extra = [k for k in value if k not in fields]
    if extra:
        have = ", ".join(repr(k) for k in list(fields)[1:]) or Text("message.none")
        return Text("message.no_field", field=str(extra[0])[:40], where=where, have=have)
    for key, hint in fields.items():
        optional = typing.get_origin(hint) is NotRequired
        if optional:
            hint = typing.get_args(hint)[0]
        if key in value or not optional:
            wrong = _field(value, key, hint)
            if wrong:
                return wrong
    return None


def _field(message: Mapping[str, Any], key: str, hint: Any) -> Text | None:
    """What is wrong with field ``key`` of ``message`` (missing, or not ``hint``), or None."""
    must = next((m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Must)), None)
    if typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    value = message.get(key)
    if key not in message:
        wrong: Text | None = Text("message.must", key=key, says=_says(hint))
    elif typing.get_origin(hint) in (Union, types.UnionType) and all(map(typing.is_typeddict, typing.get_args(hint))):
        wrong = _one_of(value, hint, key)
    elif typing.is_typeddict(hint):
        wrong = _fields(value, hint, repr(key)) if isinstance(value, dict) else Text(
            "message.must", key=key, says=Text("message.an_object"))
    else:
        wrong = None if _is(value, hint) else Text("message.must", key=key, says=_says(hint))
    if must is not None and (wrong or not must.test(value, message)):
        return must.refusal or Text("message.must", key=key, says=must.says)
    return wrong


def _says(hint: Any) -> Text:
    if typing.get_origin(hint) is Literal:
        options = [repr(a) for a in typing.get_args(hint)]
        return Text("message.literal", options={"en": " or ".join(options), "ru": " или ".join(options)})
    return Text({str: "message.a_string", int: "message.a_whole_number", bool: "message.true_false"}.get(
        hint, "message.an_object"))


def _is(value: Any, hint: Any) -> bool:
    """Whether ``value`` (from JSON) has the type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
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
    raise TypeError(f"messages: no check for {hint!r}")


def _short(content: Any) -> str:
    text = repr(content)
    return text if len(text) <= 80 else text[:77] + "..."


# --- TypeScript ---------------------------------------------------------------------------------

def typescript() -> str:
    """``js/messages.ts``: an interface per message each way (and per edit), and the unions of those the front
    end sends."""
    out = header("dictator_widget/ui/messages.py")
    out.append("// The front end's messages to Python; `Model.send` takes a `Message`.")
    for td in (*MESSAGES.values(), SeatTraits):
        out += [*interface(td, {SetupEdit: "SetupEdit"}), ""]
    out += _union("Message", Message, "Any message of the front end to Python (``ui/messages.py``'s MESSAGES).")
    out += ["", "// The edits of set-up mode (`Edit`), told apart by their `op`."]
    for td in members(SetupEdit).values():
        out += [*interface(td), ""]
    out += _union("SetupEdit", SetupEdit, "One edit of set-up mode.")
    out += ["", "// Python's answers to some of them (``msg:custom``)."]
    for td in ANSWERS:
        out += ["", *interface(td)]
    return "\n".join(out) + "\n"


def _union(name: str, union: Any, doc: str) -> list[str]:
    out = [f"/** {doc} */", f"export type {name} =", *(f"  | {td.__name__}" for td in typing.get_args(union))]
    out[-1] += ";"
    return out
