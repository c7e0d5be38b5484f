"""Where the game's content lives, and reading TOML with errors that say where.

An installed wheel carries ``cards/`` inside the package; an editable install
imports from the source tree, where the data is the repository's top-level
``cards/``. Both are found here, in one place.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from ..rules.errors import CardDataError

_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
_PACKAGE = Path(__file__).resolve().parents[2]


@cache
def content_dir() -> Path:
    """The folder holding the shipped cards, board and missions (looked for once: every new game asks).

    >>> (content_dir() / "board.toml").is_file()
    True
    """
    for candidate in (_PACKAGE / "cards", _PACKAGE.parent / "cards"):
        if (candidate / "board.toml").is_file():
            return candidate
    raise FileNotFoundError(f"no cards/ folder with board.toml next to {_PACKAGE}")


def read_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; broken TOML or bad encoding raises CardDataError."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardDataError(str(path), None, None, "expected.readable", str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardDataError(str(path), None, None, "expected.utf8", offset=exc.start) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = _AT.search(str(exc))
        line, column = (at[1], at[2]) if at else ("?", "?")
        raise CardDataError(str(path), None, None, "expected.toml", detail=_AT.sub("", str(exc)), line=line,
                            column=column) from None


def bilingual(value: Any, file: str, card: str | None, field: str) -> dict[str, str]:
    """Check a ``{ en = "...", ru = "..." }`` table and return it."""
    if (
        not isinstance(value, dict)
        or not all(isinstance(value.get(k), str) and value[k].strip() for k in ("en", "ru"))
    ):
        raise CardDataError(file, card, field, "expected.bilingual", value)
    return {"en": value["en"], "ru": value["ru"]}
