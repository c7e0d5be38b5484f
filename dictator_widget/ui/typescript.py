"""The front end's types, generated from the Python declarations they mirror: each name has one source.

    make types      # python -m dictator_widget.ui.typescript: writes every file of FILES

- ``js/view_types.ts``: the traits' shapes (``ui/view_schema.py``, ``engine/views/view_shapes.py``), the log's
  event kinds and the action kinds (``engine/rules/vocabulary.py``: ``EventKind``, ``Kind`` as ``ActionKind``);
- ``js/messages.ts``: the messages between the front end and Python (``ui/messages.py``).

``tests/widget/test_generated_types.py`` fails when a file differs from what its declarations generate, so an
edit on either side alone fails the tests, and ``npm run typecheck`` (in ``make lint``) holds the front end to
these types.

>>> ts(list[str | None]), ts(dict[str, int]), ts(Literal["a", "b"]), ts(Annotated[int, "a rule"])
('(string | null)[]', 'Record<string, number>', '"a" | "b"', 'number')
"""

from __future__ import annotations

import enum
import pathlib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Annotated, Any, Literal, NotRequired, Union

ROOT = pathlib.Path(__file__).resolve().parents[2]


def ts(hint: Any, names: Mapping[Any, str] | None = None) -> str:
    """One Python annotation as TypeScript; ``names``: whole annotations the file declares under a name of its
    own (``list[LegalRow]``: ``LegalRow[]``)."""
    if names and _hashable(hint) and hint in names:
        return names[hint]
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None) or hint is None:
        return "null"
    if hint in (int, float):
        return "number"
    if hint is str:
        return "string"
    if hint is bool:
        return "boolean"
    if hint is Any:
        return "unknown"
    if isinstance(hint, type) and (typing.is_typeddict(hint) or issubclass(hint, enum.Enum)):
        return hint.__name__
    if origin in (NotRequired, Annotated):
        return ts(args[0])
    if origin in (Union, types.UnionType):
        return " | ".join(dict.fromkeys(ts(a) for a in args))
    if origin is Literal:
        return " | ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in args)
    if origin is list:
        inner = ts(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is tuple:
        return "[" + ", ".join(ts(a) for a in args) + "]"
    if origin is dict:
        return f"Record<{ts(args[0])}, {ts(args[1])}>"
    raise TypeError(f"no TypeScript for {hint!r}")


def _hashable(hint: Any) -> bool:
    try:
        hash(hint)
    except TypeError:
        return False
    return True


def doc_line(obj: Any) -> list[str]:
    """The first line of ``obj``'s docstring as a TypeScript doc comment (none for a generated one)."""
    doc = (obj.__doc__ or "").strip().splitlines()
    if not doc or not doc[0] or doc[0].startswith(f"{obj.__name__}("):
        return []
    return [f"/** {doc[0]} */"]


def interface(td: type, names: Mapping[Any, str] | None = None, extends: Iterable[type] = ()) -> list[str]:
    """A TypedDict as an interface, its fields in order (those of ``extends`` left to them); a ``NotRequired``
    field is optional."""
    bases = list(extends)
    inherited = {k for b in bases for k in typing.get_type_hints(b)}
    head = f" extends {', '.join(b.__name__ for b in bases)}" if bases else ""
    out = [*doc_line(td), f"export interface {td.__name__}{head} {{"]
    for key, hint in typing.get_type_hints(td, include_extras=True).items():
        if key not in inherited:
            optional = typing.get_origin(hint) is NotRequired
            out.append(f"  {key}{'?' if optional else ''}: {ts(hint, names)};")
    return [*out, "}"]


def string_union(name: str, values: Iterable[str], doc: str = "") -> list[str]:
    """``export type name = | "a" | "b" ...;``, one value a line."""
    lines = [f"/** {doc} */"] if doc else []
    lines.append(f"export type {name} =")
    lines += [f'  | "{v}"' for v in values]
    lines[-1] += ";"
    return lines


def enum_type(kind: type[enum.StrEnum], name: str = "") -> list[str]:
    """A string enum as the union of its values (named ``name``, else as the enum)."""
    doc = (kind.__doc__ or "").strip().splitlines()[0]
    return string_union(name or kind.__name__, (k.value for k in kind), doc)


def constant(name: str, kind: type[enum.StrEnum], values: Iterable[enum.StrEnum], doc: str) -> list[str]:
    """A tuple of enum members as a read-only array of the enum's type."""
    items = ", ".join(f'"{v.value}"' for v in values)
    return [f"/** {doc} */", f"export const {name}: readonly {kind.__name__}[] = [{items}];"]


def header(source: str) -> list[str]:
    return [f"// Generated from {source}: do not edit; regenerate with:", "//   make types", ""]


def _view_types() -> str:
    from .view_schema import typescript
    return typescript()


def _messages() -> str:
    from .messages import typescript
    return typescript()


FILES: dict[str, Callable[[], str]] = {"js/view_types.ts": _view_types, "js/messages.ts": _messages}
"""Each generated file (from the repository's root) and what writes it."""


def stale(root: pathlib.Path = ROOT) -> list[str]:
    """The generated files that differ from what their declarations generate now."""
    return [path for path, make in FILES.items()
            if not (root / path).exists() or (root / path).read_text(encoding="utf-8") != make()]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="write the front end's generated types (js/view_types.ts, ...)")
    parser.add_argument("--check", action="store_true", help="write nothing; fail when a file is stale")
    args = parser.parse_args(argv)
    if args.check:
        old = stale()
        for path in old:
            print(f"{path} is stale: run `make types`")
        return 1 if old else 0
    for path, make in FILES.items():
        (ROOT / path).write_text(make(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
