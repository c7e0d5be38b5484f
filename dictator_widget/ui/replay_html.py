"""A finished game as one self-contained HTML file that replays with no kernel.

The file holds the widget's front end (``static/replay.js``, the widget's own
drawing code and a timeline: slider, step buttons, the log) and the game's
views as the widget would show them after each decision, as a spectator sees
them (every card face up). Opened from ``file://`` it fetches nothing.

>>> import dictator_widget as dw
>>> game = dw.Game.new("standard", seed=7, placement="fixed")
>>> _ = game.apply("A1 move c4")
>>> html = dw.replay_html(game, lang="ru")
>>> html.startswith("<!doctype html>"), "A1 move c4" in html, "http" in html.split("<script")[0]
(True, True, False)

Frames are stored compactly: the first view whole, then only the parts that
changed; the log once (both languages), each frame naming how far it reaches.
"""

from __future__ import annotations

import html as html_escape
import json
import pathlib
from typing import Any

from ..engine import DictatorError, Game
from .widget_controller import Controller

_PLAYER = pathlib.Path(__file__).parent.parent / "static" / "replay.js"
LANGS = ("en", "ru")
TITLE = {"en": "Dictator-Control: a replay", "ru": "Диктатор-Контроль: запись партии"}


def _spectator(game: Game) -> Controller:
    """The widget's table for ``game`` as a spectator sees it: no seat, no pass-the-screen, every card."""
    table = Controller(game, bot_delay=0)
    table.hidden = False                   # a replay shows every card, as the widget does once a game is over
    return table


def _start(game: Game) -> tuple[Game, list[str]]:
    """A copy of ``game`` taken back to its first position, and the notations of its decisions."""
    if not isinstance(game, Game):
        raise DictatorError("table.replay_game", type=type(game).__name__)
    start = game.clone()
    notations = [str(a) for a in start.history]
    while start.history:
        start.undo()
    return start, notations


def replay_data(game: Game, lang: str = "en") -> dict[str, Any]:
    """What the replay file carries: board, cards, the log ``[[en, ru], ...]`` and the frames.

    A frame is the widget's ``view`` trait (and ``battles``, its battle history) after a decision,
    as the widget itself builds them (:class:`~dictator_widget.ui.widget_controller.Controller`).
    Frame 0 is whole, frame ``k`` holds the decision made (``action``) and only the parts that
    changed; each frame's log is ``log_end``, how far it reaches into the shared log (a frame whose
    lines differ from it keeps its own, ``log_own``).

    >>> from dictator_widget import Game
    >>> g = Game.new("standard", seed=2, placement="fixed")
    >>> _ = g.apply(g.legal_actions()[0])
    >>> d = replay_data(g)
    >>> len(d["frames"]), d["frames"][1]["action"] == str(g.history[0]), d["frames"][1]["log_end"] == len(g.log)
    (2, True, True)
    """
    if lang not in LANGS:
        raise DictatorError("table.lang", langs=", ".join(LANGS), got=lang)
    start, notations = _start(game)
    table = _spectator(start)
    cards: dict[str, Any] = {}
    views: list[dict[str, Any]] = []
    try:
        board = json.loads(json.dumps(table.board()))
        for k in range(len(notations) + 1):
            if k:
                start.apply(notations[k - 1])
            both: dict[str, Any] = {}
            for lg in LANGS:
                sent, new_cards = table.sendable(lg, cards)
                cards.update(json.loads(json.dumps(new_cards)))
                both[lg] = json.loads(json.dumps(sent))
            both["battles"] = json.loads(json.dumps(table.battle_history()[1]))
            views.append(both)
        log = [list(pair) for pair in zip(table.log_lines("en", 0, len(start.log)),
                                          table.log_lines("ru", 0, len(start.log)), strict=True)]
    finally:
        table.stop()
    frames: list[dict[str, Any]] = []
    previous: dict[str, Any] = {}
    for k, both in enumerate(views):
        view: dict[str, Any] = {**both["en"], "legal": [], "table_actions": [], "can_undo": False, "bot_owes": False,
                                "battles": both["battles"]}
        tails = {lg: (both[lg].pop("log"), both[lg].pop("log_from")) for lg in LANGS}
        del view["log"], view["log_from"]
        lines, first = tails["en"]
        frame: dict[str, Any] = {key: v for key, v in view.items() if key not in previous or previous[key] != v}
        frame["log_end"] = first + len(lines)
        if any(text != log[first + i][col] for col, lg in enumerate(LANGS) for i, text in enumerate(tails[lg][0])):
            frame["log_own"] = {lg: {"from": tails[lg][1], "lines": tails[lg][0]} for lg in LANGS}
        if k:
            frame["action"] = notations[k - 1]
        frames.append(frame)
        previous = view
    return {"lang": lang, "board": board, "cards": cards, "log": log, "frames": frames,
            "title": f"{board['mission']} · seed {board['seed']}"}


def replay_html(game: Game, *, lang: str = "en") -> str:
    """The text of a self-contained HTML file replaying ``game`` (see :func:`export_html`)."""
    if not _PLAYER.exists():
        raise DictatorError("the replay's front end is not built (dictator_widget/static/replay.js is missing): "
                            "run 'npm ci && npm run build' in a source checkout, or install the package with pip")
    data = replay_data(game, lang)
    player = _PLAYER.read_text(encoding="utf-8")
    if "</script" in player.lower():
        raise DictatorError("static/replay.js holds '</script' and cannot be inlined")
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    payload = payload.replace("<", "\\u003c")       # no '</script>' or '<!--' can end the data early
    title = html_escape.escape(f"{TITLE[lang]} — {data['title']}")
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>{title}</title>\n'
            "<style>body{margin:12px;font-family:system-ui,sans-serif}"
            ".dw-replay-bar{display:flex;gap:6px;align-items:center;margin-bottom:8px}"
            ".dw-replay-slider{flex:1;max-width:600px}.dw-save-replay{display:none}"
            ".dw-replay-main{display:flex;gap:10px;align-items:flex-start}.dw-replay-widget{flex:1;min-width:0}"
            ".dw-replay-moves{width:260px;max-height:80vh;overflow-y:auto;margin:0;padding-left:34px;font-size:12px;"
            "border:1px solid #999}.dw-replay-moves button{all:unset;cursor:pointer;display:block}"
            ".dw-replay-moves button:focus-visible{outline:2px solid #0072B2}"
            ".dw-replay-moves [aria-current]{font-weight:700;background:#e8f0f8}"
            "@media (max-width:900px){.dw-replay-main{flex-direction:column}"
            ".dw-replay-moves{width:auto;max-height:30vh}}"
            "</style>\n</head>\n<body>\n"
            '<div id="dw-replay"></div>\n'
            f'<script type="application/json" id="dw-replay-data">{payload}</script>\n'
            f"<script>{player}</script>\n</body>\n</html>\n")


def export_html(game: Game, path: str | pathlib.Path, *, lang: str = "en") -> pathlib.Path:
    """Write ``game`` as one HTML file that replays it in any browser, offline; returns the path.

    A timeline slider, step buttons and the log; the widget's language button
    switches English and Russian. A game from ``dw.experiments.replay(row)`` (a
    row of a ``simulate`` table) exports the same way.
    """
    out = pathlib.Path(path)
    out.write_text(replay_html(game, lang=lang), encoding="utf-8")
    return out
