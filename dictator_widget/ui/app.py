"""The game as an app with no code on screen: a start screen (mission, who plays each seat, language),
then the board. ``dictator-app`` serves it with Voila (``app.ipynb`` beside this module); any notebook
host shows it too (``dw.app.start_screen()``).

>>> from dictator_widget import app
>>> screen = app.start_screen(lang="ru")
>>> screen.mission.value, [s.value for s in screen.seats], screen.start.description
('standard', ['human', 'normal'], 'Начать партию')
>>> screen.mission.value = "triumvirate"             # three seats
>>> [s.value for s in screen.seats]
['human', 'normal', 'normal']
>>> widget = screen.begin()
>>> widget.game.mission.key, sorted(widget.bots), widget.lang
('triumvirate', [1, 2], 'ru')
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import ipywidgets

from ..engine.content.missions import mission, missions
from .widget import DictatorWidget

NOTEBOOK = Path(__file__).with_name("app.ipynb")
PLAYERS = ("human", "easy", "normal", "hard", "random")
"""Who may play a seat: a person, a bot level (agents/levels.py) or the random bot."""
LABELS: dict[str, dict[str, str]] = {
    "en": {"title": "Dictator-Control", "mission": "Mission", "seat": "Player {n}", "lang": "Language",
           "seed": "Game number", "start": "Start the game", "new": "New game", "human": "a person",
           "random": "bot: random", "easy": "bot: easy", "normal": "bot: normal (greedy)",
           "hard": "bot: hard (MCTS, slower)",
           "hint": "Choose the mission and who plays each seat; people at one screen take turns."},
    "ru": {"title": "Диктатор-Контроль", "mission": "Миссия", "seat": "Игрок {n}", "lang": "Язык",
           "seed": "Номер партии", "start": "Начать партию", "new": "Новая партия", "human": "человек",
           "random": "бот: случайный", "easy": "бот: лёгкий", "normal": "бот: средний (жадный)",
           "hard": "бот: сильный (MCTS, медленнее)",
           "hint": "Выберите миссию и кто играет за каждого игрока; люди за одним экраном ходят по очереди."},
}
NOT_IN_VOILA = ("@jupyter-notebook/lab-extension", "jupyterlab-jupytext")
"""JupyterLab extensions installed beside the app that Voila must not load: Notebook 7's and jupytext's need
shared modules Voila's page does not provide (its console showed #RUNTIME-012 errors for @jupyterlab/docregistry
and @jupyterlab/docmanager)."""


class StartScreen(ipywidgets.VBox):  # type: ignore[misc]
    """The start screen; "Start the game" replaces it with the board (and a "New game" button)."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang_choice = ipywidgets.ToggleButtons(options=[("English", "en"), ("Русский", "ru")], value=lang)
        self.mission = ipywidgets.Dropdown(options=[(m, m) for m in missions()], value="standard")
        self.seed = ipywidgets.IntText(value=0)
        self.seats: list[ipywidgets.Dropdown] = []
        self.start = ipywidgets.Button(button_style="primary")
        self.start.add_class("dw-app-start")
        self.new = ipywidgets.Button()
        self.new.add_class("dw-app-new")
        self.widget: DictatorWidget | None = None
        self.start.on_click(lambda _b: self.begin())
        self.new.on_click(lambda _b: self.show_form())
        self.mission.observe(lambda _c: self._relabel(), names="value")
        self.lang_choice.observe(lambda _c: self._relabel(), names="value")
        self._relabel()
        self.show_form()

    @property
    def lang(self) -> str:
        return str(self.lang_choice.value)

    def _relabel(self) -> None:
        """Labels in the chosen language; one seat row per player of the chosen mission."""
        words = LABELS[self.lang]
        self.mission.description = words["mission"]
        self.mission.options = [(mission(m).name[self.lang], m) for m in missions()]
        self.lang_choice.description = words["lang"]
        self.seed.description = words["seed"]
        self.start.description = words["start"]
        self.new.description = words["new"]
        wanted = mission(str(self.mission.value)).players
        old = [s.value for s in self.seats]
        self.seats = [ipywidgets.Dropdown(description=words["seat"].format(n=i + 1),
                                          options=[(words[p], p) for p in PLAYERS],
                                          value=old[i] if i < len(old) else ("human" if i == 0 else "normal"))
                      for i in range(wanted)]
        for i, seat in enumerate(self.seats):
            seat.add_class(f"dw-app-seat-{i}")
        if self.widget is None:
            self.show_form()

    def show_form(self) -> None:
        if self.widget is not None:
            self.widget.close()
            self.widget = None
        words = LABELS[self.lang]
        self.children = [ipywidgets.HTML(f"<h2>{words['title']}</h2><p>{words['hint']}</p>"),
                         self.lang_choice, self.mission, *self.seats, self.seed, self.start]

    def begin(self) -> DictatorWidget:
        """Start the chosen game: the board replaces the form."""
        bots = {i: str(s.value) for i, s in enumerate(self.seats) if s.value != "human"}
        self.widget = DictatorWidget(mission=str(self.mission.value), seed=int(self.seed.value), lang=self.lang,
                                     bots=bots)
        self.children = [self.new, self.widget]
        return self.widget


def start_screen(lang: str = "en") -> StartScreen:
    """The app's start screen (show it as a cell's last value)."""
    return StartScreen(lang)


def voila_command(port: int, open_browser: bool = False) -> list[str]:
    """How ``dictator-app`` starts Voila: the app's notebook, code hidden, on 127.0.0.1."""
    cmd = [sys.executable, "-m", "voila", str(NOTEBOOK), f"--port={port}", "--Voila.ip=127.0.0.1",
           "--strip_sources=True", *(f"--VoilaConfiguration.extension_denylist={name}" for name in NOT_IN_VOILA)]
    if not open_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")     # Jupyter's server refuses root otherwise
    return cmd


def main(argv: Sequence[str] | None = None) -> int:
    """``dictator-app``: serve the app with Voila (on 127.0.0.1; further options go to Voila)."""
    p = argparse.ArgumentParser(prog="dictator-app", description="Dictator-Control as an app in the browser (Voila).")
    p.add_argument("--port", type=int, default=8866, help="port on 127.0.0.1 (default: 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args, rest = p.parse_known_args(argv)
    try:
        import voila  # noqa: F401
    except ModuleNotFoundError:
        print('dictator-app: the app needs Voila: pip install "dictator_widget[app]"', file=sys.stderr)
        return 2
    cmd = [*voila_command(args.port, open_browser=not args.no_browser), *rest]
    if os.name == "posix":
        # Voila takes this process's place: a SIGTERM (a service manager, a classroom script) reaches Voila
        # itself, which shuts its kernels down; a child started by subprocess.call outlived its parent.
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(cmd[0], cmd)
    return subprocess.call(cmd)
