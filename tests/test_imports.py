"""The engine, the agents and the lab run without the widget; the widget says clearly when it cannot."""

from __future__ import annotations

import subprocess
import sys

import pytest

import dictator_widget as dw
from dictator_widget.ui import widget

WIDGET_PACKAGES = ("anywidget", "ipywidgets", "traitlets")


@pytest.mark.parametrize("module", ["dictator_widget", "dictator_widget.engine", "dictator_widget.agents",
                                    "dictator_widget.experiments", "dictator_widget.ui.seat_client"])
def test_importing_loads_no_widget_package(module: str) -> None:
    code = (f"import sys, {module}\n"
            f"loaded = [m for m in {WIDGET_PACKAGES!r} if m in sys.modules]\n"
            "print(','.join(loaded))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"import {module} loaded {out}"


def test_a_game_and_its_views_need_no_networkx_until_the_graph_is_asked_for() -> None:
    """networkx takes half a second to import (three quarters of ``import dictator_widget`` when it was eager):
    every kernel, process-pool worker and JupyterLite page pays it, so it loads only for ``game.board``."""
    code = ("import random, sys, dictator_widget as dw\n"
            "g = dw.Game.new('triumvirate', seed=3)\n"
            "rng = random.Random(3)\n"
            "for _ in range(60):\n"
            "    g.apply(rng.choice(g.legal_actions()))\n"
            "g.view(0); dw.Game.from_scenario(g.to_scenario())\n"
            "dw.agents.make_agent('greedy').act(g)\n"
            "before = 'networkx' in sys.modules\n"
            "edge = g.board.has_edge('d4', 'd5')\n"
            "print(before, edge, 'networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False True True"


def test_the_widget_loads_when_asked_for() -> None:
    code = ("import sys, dictator_widget as dw\n"
            "dw.DictatorWidget\n"
            "print('anywidget' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "True"


def test_a_missing_front_end_is_a_clear_error_when_a_widget_is_made(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: object) -> None:
    import pathlib
    monkeypatch.setattr(widget, "_BUNDLE", pathlib.Path(str(tmp_path)) / "widget.js")
    with pytest.raises(dw.DictatorError, match="front end is not built"):
        dw.DictatorWidget(seed=1)


def test_the_suites_pytest_does_not_load_nbval(pytestconfig: pytest.Config) -> None:
    """nbval's plugin imports jsonschema, whose IRI format check builds a grammar at import (2.7 CPU-s in
    ``rfc3987_syntax``): the suite's processes (the controller, four workers, the pytest runs some tests start)
    block it (``-p no:nbval`` in pyproject.toml), and only the lessons' run loads it (``-p nbval``, Makefile)."""
    assert not pytestconfig.pluginmanager.has_plugin("nbval")
