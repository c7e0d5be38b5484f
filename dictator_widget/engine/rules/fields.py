"""Frozen containers, and records whose fields are declared once.

A field is declared once, on its class, with its kind (:class:`Codec`): how it is written to JSON,
read back, copied and frozen. :func:`record` turns the declarations into slots and generates the
copy (the undo snapshot: shared immutable values, copied mutable parts), ``to_json``,
``from_json`` and ``load`` from them, and a frozen twin of the class: a record is changed only
while it is being built or carried through a decision, until :meth:`Record.freeze`;
afterwards setting a field raises :class:`~dictator_widget.engine.rules.errors.FrozenError`, and so does
changing a container in place. A copy is never frozen: the engine changes a copy, then freezes it.

>>> row = FrozenList(["T04", "T01"])
>>> row, row == ["T04", "T01"], row.plus("H02"), row.set(0, "C08")
(['T04', 'T01'], True, ['T04', 'T01', 'H02'], ['C08', 'T01'])
>>> row.append("H02")
Traceback (most recent call last):
...
dictator_widget.engine.rules.errors.FrozenError: this list is part of a position and never changes: replace it \
(FrozenList.plus, .minus, .set)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from .errors import FrozenError

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
R = TypeVar("R", bound="Record")


class FrozenList(list[T]):
    """A list that never changes: it reads, prints, compares and saves as a list; a change is a new
    one (:meth:`plus`, :meth:`minus`, :meth:`set`)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise FrozenError("frozen.list")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def plus(self, *items: T) -> FrozenList[T]:
        """This list with ``items`` added at the end."""
        return FrozenList([*self, *items])

    def minus(self, item: T) -> FrozenList[T]:
        """This list without the first ``item``."""
        out = list(self)
        out.remove(item)
        return FrozenList(out)

    def set(self, index: int, item: T) -> FrozenList[T]:
        """This list with ``item`` at ``index``."""
        out = list(self)
        out[index] = item
        return FrozenList(out)

    def __copy__(self) -> FrozenList[T]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList[T]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenList, (list(self),)


class FrozenDict(dict[K, V]):
    """A dict that never changes: it reads, prints, compares and saves as a dict; a change is a new
    one (:meth:`set`, :meth:`without`)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise FrozenError("frozen.dict")

    __setitem__ = __delitem__ = __ior__ = _refuse
    update = pop = popitem = clear = setdefault = _refuse

    def set(self, key: K, value: V) -> FrozenDict[K, V]:
        """This dict with ``key`` set to ``value``."""
        out = FrozenDict(self)
        dict.__setitem__(out, key, value)
        return out

    def without(self, *keys: K) -> FrozenDict[K, V]:
        """This dict without ``keys``."""
        return FrozenDict({k: v for k, v in self.items() if k not in keys})

    def moved(self, old: K, new: K) -> FrozenDict[K, V]:
        """This dict with the value at ``old`` moved to ``new`` (a token to another sector)."""
        out = FrozenDict(self)
        dict.__setitem__(out, new, dict.pop(out, old))
        return out

    def __copy__(self) -> FrozenDict[K, V]:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict[K, V]:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return FrozenDict, (dict(self),)


def frozen_list(items: Iterable[T]) -> FrozenList[T]:
    return items if type(items) is FrozenList else FrozenList(items)


def frozen_dict(items: Mapping[K, V]) -> FrozenDict[K, V]:
    return items if type(items) is FrozenDict else FrozenDict(items)


def _same(v: Any) -> Any:
    return v


@dataclass(frozen=True)
class Codec(Generic[T]):
    """A kind of field: how its value is written to JSON (``write``), read back (``read``), made
    frozen when a record is built by hand (``freeze``), and copied for an undo snapshot (``copy``:
    ``"share"`` an immutable value, ``"copy"`` a mutable object by its ``copy()``, ``"copy?"`` the
    same or None, ``"for_copy"`` by its ``for_copy()``: a frozen object shared, a live one copied)."""

    write: Callable[[T], Any] = _same
    read: Callable[[Any], T] = _same
    freeze: Callable[[T], T] = _same
    copy: str = "share"


@dataclass
class Field(Generic[T]):
    """One field of a record: its kind, its value in a new record, and what it holds.

    ``exact``: a scenario's exact part carries it; ``later``: the value a save written before the field
    existed means (absent: the field is required); ``optional``: left out of the JSON while None;
    ``derived``: not saved, worked out from the other fields when read (``from_json``)."""

    codec: Codec[T]
    default: T | None
    doc: str
    exact: bool = False
    later: Any = ...
    optional: bool = False
    derived: Callable[[Any], T] | None = None
    factory: Callable[[], T] | None = None
    name: str = ""

    def new(self) -> T:
        return self.factory() if self.factory is not None else self.default  # type: ignore[return-value]


def field(codec: Codec[T], default: T | None = None, doc: str = "", *, exact: bool = False, later: Any = ...,
          optional: bool = False, derived: Callable[[Any], T] | None = None,
          factory: Callable[[], T] | None = None) -> T:
    """Declare a field of a :func:`record` class (typed as its value, as ``dataclasses.field`` is)."""
    return Field(codec, default, doc, exact, later, optional, derived, factory)  # type: ignore[return-value]


class Record:
    """The methods :func:`record` generates from a class's fields."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[Field[Any], ...]] = ()
    _FROZEN: ClassVar[type[Record]]

    def copy(self: R) -> R:
        """A snapshot for undo, not frozen: immutable values shared, mutable parts copied."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data, field by field in declared order."""
        out: dict[str, Any] = {}
        for f in self.FIELDS:
            if f.derived is None:
                v = getattr(self, f.name)
                if v is not None or not f.optional:
                    out[f.name] = f.codec.write(v)
        return out

    def load(self, d: dict[str, Any], keys: Iterable[str]) -> None:
        """Set the fields ``keys`` from a dict in the form of :meth:`to_json` (a field a save older than
        it lacks takes its ``later`` value)."""
        fields = self._BY_NAME  # type: ignore[attr-defined]
        for key in keys:
            f = fields[key]
            object.__setattr__(self, key, f.codec.read(d[key] if key in d or f.later is ... else f.later))

    @classmethod
    def from_json(cls: type[R], d: dict[str, Any]) -> R:
        """Read a record written by :meth:`to_json` (not frozen: :meth:`freeze` it when done)."""
        r = cls.__new__(cls)
        r.load(d, [f.name for f in cls.FIELDS if f.derived is None])
        for f in cls.FIELDS:
            if f.derived is not None:
                object.__setattr__(r, f.name, f.derived(r))
        return r

    @property
    def frozen(self) -> bool:
        return type(self) is self._FROZEN

    def freeze(self) -> None:
        """No field of this record changes from now on (the parts it owns are frozen too)."""
        raise NotImplementedError

    def settle(self) -> None:
        """Make every container frozen (a list given to a field becomes a FrozenList, ...), then
        :meth:`freeze`: the end of building a record by hand."""
        for f in self.FIELDS:
            object.__setattr__(self, f.name, f.codec.freeze(getattr(self, f.name)))
        self.freeze()


def _refuse_set(self: Record, name: str, value: Any = None) -> NoReturn:
    raise FrozenError("frozen.field", field=f"{type(self).__name__.removeprefix('Frozen')}.{name}")


def _already(self: Record) -> None:
    """Frozen already."""


def _reduce_frozen(self: Record, protocol: int) -> tuple[Any, ...]:
    """Pickle a frozen record (a process pool's result) as its class's fields, frozen again when read."""
    thawed: Any = type(self).__mro__[1]
    return _rebuild, (thawed, {f.name: getattr(self, f.name) for f in thawed.FIELDS})


def _rebuild(cls: Any, values: dict[str, Any]) -> Any:
    r = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(r, name, value)
    r.__class__ = cls._FROZEN
    return r


def record(cls: type[R]) -> type[R]:
    """Turn the :func:`field` declarations of ``cls`` into slots and generate its copy and its frozen twin."""
    fields: list[Field[Any]] = []
    namespace: dict[str, Any] = {}
    for name, value in cls.__dict__.items():
        if isinstance(value, Field):
            value.name = name
            fields.append(value)
        elif name not in ("__dict__", "__weakref__"):
            namespace[name] = value
    namespace["__slots__"] = tuple(f.name for f in fields)
    new: Any = type(cls.__name__, cls.__bases__, namespace)
    new.FIELDS = tuple(fields)
    new._BY_NAME = {f.name: f for f in fields}
    lines = ["def copy(self):", "    r = _new(_cls)"]
    for f in fields:
        if f.codec.copy == "share":
            lines.append(f"    r.{f.name} = self.{f.name}")
        elif f.codec.copy in ("copy", "for_copy"):
            lines.append(f"    r.{f.name} = self.{f.name}.{f.codec.copy}()")
        else:
            lines.append(f"    v = self.{f.name}")
            lines.append(f"    r.{f.name} = None if v is None else v.copy()")
    lines.append("    return r")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": new}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the declarations above, as dataclasses does
    scope["copy"].__doc__ = Record.copy.__doc__
    scope["copy"].__qualname__ = f"{cls.__name__}.copy"
    new.copy = scope["copy"]
    owned = [f.name for f in fields if f.codec.copy != "share"]
    freeze = ["def freeze(self):"]
    for name in owned:
        freeze += [f"    v = self.{name}", "    if v is not None:", "        v.freeze()"]
    freeze.append("    self.__class__ = _frozen")
    frozen = type(f"Frozen{cls.__name__}", (new,), {
        "__slots__": (), "__module__": cls.__module__, "freeze": _already,
        "__setattr__": _refuse_set, "__delattr__": _refuse_set, "__reduce_ex__": _reduce_frozen,
        "__doc__": f"A {cls.__name__} that no longer changes (see :meth:`Record.freeze`)."})
    scope = {"_frozen": frozen}
    exec("\n".join(freeze), scope)  # noqa: S102
    scope["freeze"].__doc__ = Record.freeze.__doc__
    new.freeze = scope["freeze"]
    new._FROZEN = frozen
    if "__init__" not in namespace:
        def __init__(self: Record) -> None:
            for f in fields:
                object.__setattr__(self, f.name, f.new())
        new.__init__ = __init__
    return new  # type: ignore[no-any-return]
