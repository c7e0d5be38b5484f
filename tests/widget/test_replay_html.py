"""The HTML replay (dw.export_html / dw.replay_html): frames, size, language, the widget's button."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, RandomAgent
from dictator_widget.ui.replay_html import replay_data

DATA = re.compile(r'<script type="application/json" id="dw-replay-data">(.*?)</script>', re.S)


def played(mission: str = "standard", seed: int = 5, upto: int | None = None) -> dw.Game:
    game = dw.Game.new(mission, seed=seed)
    bots: list[Any] = [GreedyAgent(seed=0), RandomAgent(seed=1), RandomAgent(seed=2), RandomAgent(seed=3)]
    while game.current_player is not None and (upto is None or len(game.history) < upto):
        game.apply(bots[game.current_player].act(game))
    return game


def unfold(data: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """The views as the replay's front end rebuilds them (js/replay.ts), each log as its last lines."""
    out: list[dict[str, Any]] = []
    view: dict[str, Any] = {}
    col = ("en", "ru").index(lang)
    for frame in data["frames"]:
        view = {**view, **{k: v for k, v in frame.items() if k not in ("action", "log_own")}}
        lines = [pair[col] for pair in data["log"][:view["log_end"]]]
        own = frame.get("log_own", {}).get(lang)
        out.append({**{k: v for k, v in view.items() if k != "log_end"},
                    "log": own["lines"] if own else lines, "log_from": own["from"] if own else 0})
    return out


def test_the_replay_holds_every_position_as_the_widget_shows_it() -> None:
    game = played(upto=60)
    data = replay_data(game, lang="ru")
    views = unfold(data, "ru")
    assert len(views) == len(game.history) + 1
    assert [f.get("action") for f in data["frames"][1:]] == [str(a) for a in game.history]
    widget = dw.DictatorWidget(game, lang="ru")
    for k in (0, 17, len(game.history)):
        probe = dw.Game.from_json(game.to_json())
        for _ in range(len(game.history) - k):
            probe.undo()
        shown = dw.DictatorWidget(probe, lang="ru")
        for key in ("battalions", "players", "turn", "decision", "current_player", "battle", "dump"):
            assert views[k][key] == shown.view[key], (k, key)
        tail = shown.view["log"]
        assert views[k]["log"][len(views[k]["log"]) - len(tail):] == tail, k
        assert views[k]["battles"] == shown.battles, k
    assert views[-1]["legal"] == [] and views[-1]["can_undo"] is False
    assert widget.view["battalions"] == views[-1]["battalions"]


def test_a_300_decision_game_fits_in_under_a_megabyte(tmp_path: Path) -> None:
    game = played(seed=11, upto=300)
    assert len(game.history) >= 300 or game.is_over
    path = dw.export_html(game, tmp_path / "game.html")
    size = path.stat().st_size
    assert size < 1_000_000, size
    text = path.read_text(encoding="utf-8")
    found = DATA.search(text)
    assert found is not None
    data = json.loads(found.group(1))                       # the data cannot end the script early
    assert len(data["frames"]) == len(game.history) + 1
    assert not re.search(r'\b(src|href)\s*=\s*"(https?:)?//', text), "the replay must fetch nothing"


def test_a_hidden_missions_replay_shows_every_card() -> None:
    game = played("fog-of-war", seed=3, upto=40)
    last = unfold(replay_data(game))[-1]
    assert all(None not in b["cards"] for b in last["battalions"])


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(dw.DictatorError, match="lang must be one of en, ru, not 'de'"):
        dw.replay_html(dw.Game.new(seed=1), lang="de")
    with pytest.raises(dw.DictatorError, match="a replay is made of a dw.Game, not a str"):
        dw.export_html("game.json", tmp_path / "x.html")  # type: ignore[arg-type]


@pytest.mark.parametrize("first", ["import dictator_widget.ui.replay_html", "pass"])
def test_dw_replay_html_is_callable_whichever_import_comes_first(first: str) -> None:
    code = (f"{first}\nimport dictator_widget as dw\n"
            "print(dw.replay_html(dw.Game.new(seed=1))[:15], dw.export_html.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["<!doctype", "html>", "export_html"]


def test_the_save_replay_button_sends_the_file_and_refuses_a_hidden_game_in_progress() -> None:
    sent: list[dict[str, Any]] = []
    game = played(upto=12)
    widget = dw.DictatorWidget(game, lang="ru")
    widget.send = sent.append          # what would reach the front end
    widget.receive({"type": "export-html"})
    assert widget.error == ""
    (msg,) = sent
    assert msg["type"] == "replay-html" and msg["filename"] == f"dictator-standard-seed5-{len(game.history)}.html"
    assert msg["html"] == dw.replay_html(game, lang="ru")
    hidden = dw.DictatorWidget(played("fog-of-war", seed=3, upto=10))
    hidden.send = sent.append
    hidden.receive({"type": "export-html"})
    assert "once the game is over" in hidden.error and len(sent) == 1
