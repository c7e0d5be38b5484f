"""Dictator-Control, the hex-map card wargame: a rules engine and a Jupyter widget.

>>> import dictator_widget as dw
>>> game = dw.Game.new("standard", seed=7)
>>> game.num_players
2

The widget (anywidget, ipywidgets, traitlets) loads only when ``dw.DictatorWidget``
or the HTML replay (``dw.export_html``, ``dw.replay_html``) is first asked for, so
the engine, the agents and the lab run without it.
"""

from typing import TYPE_CHECKING, Any

from . import _native

_native.install()                          # a stale compiled build (make compiled) runs as pure Python

from . import agents  # noqa: E402
from ._native import compiled  # noqa: E402
from .engine import (  # noqa: E402
    DEFAULT_TURN_CAP,
    Action,
    Card,
    CardDataError,
    CardSet,
    DictatorError,
    EndReason,
    Event,
    FrozenError,
    Game,
    IllegalAction,
    Outcome,
    SaveFileError,
    Scenario,
    ScenarioError,
    battle_odds,
    load_cards,
    missions,
    variants,
)
from .experiments import simulate  # noqa: E402

if TYPE_CHECKING:                          # loaded on first use (below), like the widget
    from .ui.replay_html import export_html, replay_html
    from .ui.seat_client import connect

__all__ = [
    "DEFAULT_TURN_CAP", "Action", "Card", "CardDataError", "CardSet", "DictatorError", "DictatorWidget", "EndReason",
    "Event", "FrozenError", "Game", "IllegalAction", "Outcome", "SaveFileError", "Scenario", "ScenarioError", "agents",
    "battle_odds", "compiled", "load_cards", "connect", "export_html", "missions", "replay_html", "simulate",
    "variants",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "DictatorWidget":
        from .ui.widget import DictatorWidget
        return DictatorWidget
    if name == "connect":                  # the class server's seat (extra `serve`): dw.connect(url, code)
        from .ui.seat_client import connect
        return connect
    if name == "app":                      # the Voila app (dictator-app): dw.app.start_screen()
        import importlib
        return importlib.import_module(".ui.app", __name__)
    if name in ("export_html", "replay_html"):
        from .ui import replay_html as module
        value = getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
