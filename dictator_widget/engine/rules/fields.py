"""Frozen containers, and the declarations of a record's fields.

A field is declared once, in its record's table (:class:`Field`: its type, its kind (:class:`Codec`: how it
is written to JSON, read back, copied and frozen), its value in a new record, what it holds). The table
drives the JSON (:func:`write_json`, :func:`read_json`, :func:`load_json`) and a new record's values
(:func:`blank`); ``scripts/records.py`` writes the class's attribute declarations and its ``copy`` from it
(compiled code needs them in the source: see ``state.py``). :func:`frozen_twin` makes the class a subclass
that refuses every change: a record is changed only while it is being built or carried through a decision,
until its ``freeze()``; afterwards setting a field raises
:class:`~dictator_widget.engine.rules.errors.FrozenError`, and so does changing a container in place. A
copy is never frozen: the engine changes a copy, then freezes it.

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

import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass
from typing import Any, Generic, NoReturn, TypeVar

from .errors import FrozenError

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
R = TypeVar("R")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:     # the pure wheel (JupyterLite) runs without mypy: the decorator only speaks to mypyc
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        return lambda cls: cls


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
    """One field of a record, declared as a row of its table (``BATTLE``, ``STATE`` in ``state.py``): its name
    and type (as the class declares it), its kind, its value in a new record, and what it holds.

    ``exact``: a scenario's exact part carries it; ``later``: the value a save written before the field
    existed means (absent: the field is required); ``optional``: left out of the JSON while None;
    ``derived``: not saved, worked out from the other fields when read (``from_json``)."""

    name: str
    type: str
    codec: Codec[T]
    default: T | None = None
    doc: str = ""
    _: KW_ONLY
    exact: bool = False
    later: Any = ...
    optional: bool = False
    derived: Callable[[Any], T] | None = None
    factory: Callable[[], T] | None = None

    def new(self) -> T:
        return self.factory() if self.factory is not None else self.default  # type: ignore[return-value]


def blank(cls: type[R]) -> R:
    """A new record of ``cls``, each field at its value in a new record."""
    r = cls()
    for f in cls.FIELDS:  # type: ignore[attr-defined]
        setattr(r, f.name, f.new())
    return r


def write_json(r: Any) -> dict[str, Any]:
    """The record as JSON data, field by field in declared order."""
    out: dict[str, Any] = {}
    for f in type(r).FIELDS:
        if f.derived is None:
            v = getattr(r, f.name)
            if v is not None or not f.optional:
                out[f.name] = f.codec.write(v)
    return out


def load_json(r: Any, d: dict[str, Any], keys: Iterable[str]) -> None:
    """Set the fields ``keys`` of ``r`` from a dict in the form of :func:`write_json` (a field a save older
    than it lacks takes its ``later`` value)."""
    fields = {f.name: f for f in type(r).FIELDS}
    for key in keys:
        f = fields[key]
        setattr(r, key, f.codec.read(d[key] if key in d or f.later is ... else f.later))


def read_json(cls: type[R], d: dict[str, Any]) -> R:
    """Read a record written by :func:`write_json` (not frozen: freeze it when done)."""
    fields = cls.FIELDS  # type: ignore[attr-defined]
    r = cls()
    load_json(r, d, [f.name for f in fields if f.derived is None])
    for f in fields:
        if f.derived is not None:
            setattr(r, f.name, f.derived(r))
    return r


def freeze_containers(r: Any) -> None:
    """Make every container of ``r`` frozen (a list given to a field becomes a FrozenList, ...): the end of
    building a record by hand, before its ``freeze()``."""
    for f in type(r).FIELDS:
        setattr(r, f.name, f.codec.freeze(getattr(r, f.name)))


def _refuse_set(self: Any, name: str, value: Any = None) -> NoReturn:
    raise FrozenError("frozen.field", field=f"{type(self).__name__.removeprefix('Frozen')}.{name}")


def _reduce_frozen(self: Any, protocol: int) -> tuple[Any, ...]:
    """Pickle a frozen record (a process pool's result) as its class's fields, frozen again when read."""
    thawed: Any = type(self).__mro__[1]
    return _rebuild, (thawed, {f.name: getattr(self, f.name) for f in thawed.FIELDS})


def _rebuild(cls: Any, values: dict[str, Any]) -> Any:
    r = cls()
    for name, value in values.items():
        setattr(r, name, value)
    r.__class__ = cls.FROZEN
    return r


def frozen_twin(cls: type[R], fields: tuple[Field[Any], ...]) -> type[R]:
    """Give ``cls`` its table of fields (``cls.FIELDS``), the fields that own a part frozen with it
    (``cls.OWNED``), and its frozen twin (``cls.FROZEN``): a subclass that refuses to set a field; freezing a
    record makes it one (``__class__``, the layout being the same).

    The class must declare exactly the table's fields (``scripts/records.py`` writes the declarations)."""
    declared = list(getattr(cls, "__mypyc_attrs__", None) or cls.__annotations__)
    if [n for n in declared if not n.startswith("__")] != [f.name for f in fields]:
        raise TypeError(f"{cls.__name__} declares {declared}, its table {[f.name for f in fields]}: "
                        "run python scripts/records.py")
    frozen = type(f"Frozen{cls.__name__}", (cls,), {
        "__slots__": (), "__module__": cls.__module__, "__setattr__": _refuse_set, "__delattr__": _refuse_set,
        "__reduce_ex__": _reduce_frozen,
        "__doc__": f"A {cls.__name__} that no longer changes: see ``{cls.__name__}.freeze``."})
    cls.FIELDS = fields  # type: ignore[attr-defined]
    cls.OWNED = tuple(f.name for f in fields if f.codec.copy != "share")  # type: ignore[attr-defined]
    cls.FROZEN = frozen  # type: ignore[attr-defined]
    return frozen



BEGIN = "    # --- written by scripts/records.py from {table}: do not edit (tests/test_state.py checks it) ---"
END = "    # --- end of what scripts/records.py writes ---"
_COPY = {"share": "self.{n}", "copy": "self.{n}.copy()", "for_copy": "self.{n}.for_copy()",
         "copy?": "None if self.{n} is None else self.{n}.copy()"}


def declarations(cls_name: str, table: str, fields: tuple[Field[Any], ...]) -> str:
    """The source a record's class holds for its table: slots, one typed attribute per field, and ``copy``
    (compiled code reads and copies a field in C only when the class declares it in its source).

    >>> print(declarations("Pair", "PAIR", (Field("left", "int", Codec(), 0), Field("right", "int", Codec(), 0))))
        # --- written by scripts/records.py from PAIR: do not edit (tests/test_state.py checks it) ---
        __slots__ = ("left", "right")
        left: int
        right: int
    <BLANKLINE>
        def copy(self) -> Pair:
            \"\"\"A snapshot for undo, not frozen: immutable values shared, mutable parts copied.\"\"\"
            r = Pair()
            r.left = self.left
            r.right = self.right
            return r
        # --- end of what scripts/records.py writes ---
    """
    slots = textwrap.wrap(", ".join(f'"{f.name}"' for f in fields), 100, break_on_hyphens=False)
    lines = [BEGIN.format(table=table), f"    __slots__ = ({slots[0]}", *(f"                 {s}" for s in slots[1:])]
    lines[-1] += ")"
    lines += [f"    {f.name}: {f.type}" for f in fields]
    lines += ["", f"    def copy(self) -> {cls_name}:",
              '        """A snapshot for undo, not frozen: immutable values shared, mutable parts copied."""',
              f"        r = {cls_name}()"]
    lines += [f"        r.{f.name} = {_COPY[f.codec.copy].format(n=f.name)}" for f in fields]
    lines += ["        return r", END]
    return "\n".join(lines)
