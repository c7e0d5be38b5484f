"""The front end's generated types (ui/typescript.py) are what their Python declarations generate: the view's
shapes, the log's event kinds (engine/rules/vocabulary.py's EventKind) and the messages (ui/messages.py). An edit on
either side alone fails here; `make types` writes them again."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from dictator_widget.engine.rules.vocabulary import EventKind, Kind
from dictator_widget.ui import messages, typescript, view_schema

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", sorted(typescript.FILES))
def test_each_generated_file_is_up_to_date(path: str) -> None:
    committed = (ROOT / path).read_text(encoding="utf-8")
    assert committed == typescript.FILES[path](), f"{path} is stale: run `make types`"


def test_an_edit_of_the_typescript_alone_is_seen(tmp_path: pathlib.Path) -> None:
    (tmp_path / "js").mkdir()
    for path in typescript.FILES:
        shutil.copy(ROOT / path, tmp_path / path)
    assert typescript.stale(tmp_path) == []
    ts = tmp_path / "js" / "messages.ts"
    ts.write_text(ts.read_text(encoding="utf-8").replace('  battalion: string;', '  battalion: number;'))
    assert typescript.stale(tmp_path) == ["js/messages.ts"]
    assert typescript.stale(tmp_path / "nowhere") == list(typescript.FILES)        # missing: stale too


def test_an_edit_of_the_python_alone_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    assert typescript.stale() == []
    monkeypatch.setitem(messages.MESSAGES, "resign", messages.Act)          # a message declared, not generated
    assert typescript.stale() == ["js/messages.ts"]
    monkeypatch.undo()
    monkeypatch.setattr(view_schema, "DECIDING", (EventKind.WINNER, EventKind.DRAW))
    assert typescript.stale() == ["js/view_types.ts"]


def test_the_event_kinds_and_messages_reach_the_typescript() -> None:
    view_types, sent = typescript.FILES["js/view_types.ts"](), typescript.FILES["js/messages.ts"]()
    assert all(f'  | "{k.value}"' in view_types for k in EventKind)
    assert "  kind: EventKind;" in view_types
    assert all(f'  | "{k.value}"' in view_types.split("export type ActionKind =")[1] for k in Kind)
    assert 'export const DECIDING: readonly EventKind[] = ["winner", "guild_wins", "draw"];' in view_types
    assert "export interface AskLog {\n  type: \"log\";\n  from: number;\n  to: number;\n}" in sent
    assert all(f"  | {td.__name__}" in sent for td in messages.MESSAGES.values())


def test_the_checker_script_fails_on_a_stale_file(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert typescript.main(["--check"]) == 0
    monkeypatch.setattr(view_schema, "BATTLE_STARTS", (EventKind.ATTACK,))
    assert typescript.main(["--check"]) == 1
    assert "js/view_types.ts is stale: run `make types`" in capsys.readouterr().out
