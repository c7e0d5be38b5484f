"""The widget shows a refusal in its language (``lang``), and again in the other one when ``lang`` changes."""

from __future__ import annotations

import pytest

import dictator_widget as dw
from dictator_widget.ui.widget import DictatorWidget
from dictator_widget.ui.widget_controller import Controller


def test_a_russian_widget_shows_a_russian_refusal_and_changes_nothing() -> None:
    w = DictatorWidget(seed=7, placement="fixed", lang="ru")
    before = w.game.to_json()
    w.receive({"type": "act", "notation": "A1 move z9"})
    assert w.error == "'A1 move z9': нет сектора z9"
    assert w.game.to_json() == before
    w.lang = "en"
    assert w.error == "'A1 move z9': there is no sector z9"
    w.receive({"type": "fly"})
    assert w.error.startswith("malformed message") and "unknown type 'fly'" in w.error
    w.lang = "ru"
    assert w.error.startswith("неверное сообщение") and "неизвестное значение type: 'fly'" in w.error


def test_a_russian_widget_refuses_out_of_turn_and_set_up_edits_in_russian() -> None:
    w = DictatorWidget(seed=7, placement="fixed", lang="ru", player=1)
    w.receive({"type": "act", "notation": "A1 move c4"})
    assert w.error == "'A1 move c4': этот виджет играет за игрока 2, а решение не его"
    w.receive({"type": "edit", "edit": {"op": "energy", "player": 0, "value": 5}})
    assert w.error == "правки возможны только в режиме расстановки (widget.setup_mode = True)"
    with pytest.raises(Exception, match="режим расстановки показывает все карты"):
        w.setup_mode = True


class _Broken:
    """A bot that answers with a move that is not legal."""

    def act(self, game: dw.Game) -> dw.Action:
        return dw.Action.parse("B1 move z9")


def test_a_failing_bot_reaches_on_error_as_an_error_object() -> None:
    errors: list[dw.DictatorError] = []
    table = Controller(dw.Game.new(seed=7, placement="fixed"), bots={1: _Broken()}, bot_delay=0,
                       on_error=errors.append)
    for label in ("A1", "A2", "A3"):
        table.act(f"{label} end")
    assert len(errors) == 1 and isinstance(errors[0], dw.DictatorError)
    assert errors[0].text("en").startswith("the bot of Player 2 chose B1 move z9: 'B1 move z9':")
    assert errors[0].text("ru").startswith("бот игрока 2 выбрал B1 move z9: 'B1 move z9':")
    assert 1 not in table.bots
    table.stop()
