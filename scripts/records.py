"""Write each record's slots, typed attributes and ``copy`` from its table of fields, in ``state.py``.

    python scripts/records.py            # rewrite the blocks that are out of date
    python scripts/records.py --check    # say which are, and exit 1

A field is declared once, as a row of its record's table (``BATTLE``, ``STATE``). Compiled code reads and
copies a field in C only when the class declares it in its source, so those declarations are written from
the table into the class, between two marker comments (:func:`~dictator_widget.engine.rules.fields.declarations`);
``tests/test_state.py`` fails while a block is out of date.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dictator_widget.engine.rules import fields, state  # noqa: E402

SOURCE = ROOT / "dictator_widget" / "engine" / "rules" / "state.py"
RECORDS = {"Battle": "BATTLE", "State": "STATE"}


def rewrite(text: str) -> str:
    """``text`` (state.py) with every record's block written afresh from its table."""
    for cls_name, table in RECORDS.items():
        begin = re.escape(fields.BEGIN.format(table=table))
        block = fields.declarations(cls_name, table, getattr(state, table)).replace("\\", "\\\\")
        text, n = re.subn(f"{begin}\n.*?\n{re.escape(fields.END)}", block, text, count=1, flags=re.S)
        if n != 1:
            raise SystemExit(f"{SOURCE.name}: class {cls_name} has no block marked {fields.BEGIN.format(table=table)}")
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether state.py is up to date")
    args = parser.parse_args()
    text = SOURCE.read_text()
    new = rewrite(text)
    if new == text:
        print(f"{SOURCE.name}: up to date")
    elif args.check:
        raise SystemExit(f"{SOURCE.name}: out of date: run python scripts/records.py")
    else:
        SOURCE.write_text(new)
        print(f"{SOURCE.name}: rewritten")


if __name__ == "__main__":
    main()
