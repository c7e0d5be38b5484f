"""A simulated game in the widget, with a timeline slider over its decisions.

The widget module is imported only when a timeline is made, so the rest of
the what-if lab runs without a front end.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Action, Game
from .simulate import replay


def timeline(row: Mapping[str, Any] | Any | Game, lang: str = "en", start: int | None = None) -> Any:
    """An ``ipywidgets.VBox``: an ``IntSlider`` over the decisions and a ``DictatorWidget`` showing the game.

    ``row`` is a row of a :func:`~dictator_widget.simulate` table (or a finished
    :class:`Game`). Moving the slider takes decisions back or replays them on
    the widget's game; ``start`` is where the slider begins (default: the end).
    The box's ``.slider`` and ``.board`` attributes give the two parts.
    """
    import ipywidgets

    from ..ui.widget import DictatorWidget

    full = row if isinstance(row, Game) else replay(row)
    actions: list[Action] = full.history
    game = Game.from_json(full.to_json()) if isinstance(row, Game) else full
    board = DictatorWidget(game=game, lang=lang)
    slider = ipywidgets.IntSlider(value=len(actions), min=0, max=len(actions),
                                  description="решение" if lang == "ru" else "decision",
                                  continuous_update=False, layout=ipywidgets.Layout(width="95%"))

    def seek(change: dict[str, Any]) -> None:
        goto(board.game, actions, int(change["new"]))

    slider.observe(seek, names="value")
    box = ipywidgets.VBox([slider, board])
    box.slider = slider
    box.board = board
    if start is not None:
        slider.value = max(0, min(len(actions), start))
    return box


def goto(game: Game, actions: list[Action], k: int) -> None:
    """Bring ``game`` to the position after the first ``k`` of ``actions`` (undo, then apply).

    >>> from dictator_widget import Game
    >>> g = Game.new(seed=3)
    >>> acts = [g.legal_actions()[0]]
    >>> _ = g.apply(acts[0])
    >>> goto(g, acts, 0); len(g.history)
    0
    >>> goto(g, acts, 1); g.history == acts
    True
    """
    history = game.history
    keep = 0
    while keep < min(len(history), k) and history[keep] == actions[keep]:
        keep += 1
    for _ in range(len(history) - keep):
        game.undo()
    for a in actions[keep:k]:
        game.apply(a)
