"""Resign and agreed draw by clicks, and the turn cap on screen (js/tablebar.ts), in real JupyterLab."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .clicks import NOTEBOOK, add_widget, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-1")]


def test_offer_a_draw_to_a_bot_then_resign_with_the_turn_cap_in_view(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "table", "dw.DictatorWidget(game=dw.Game.new('standard', seed=7, placement='fixed', "
                                "turn_cap=60), bots={1: 'greedy'}, lang='ru')")
    expect(w.locator("[data-testid=turn-cap]")).to_have_text("Ход 1 из 60")
    bar = w.locator("[data-testid=table-bar]")
    expect(bar.locator("[data-testid=accept-draw]")).to_have_count(0)          # nothing offered: nothing to answer
    click_and_wait(w, bar.locator("[data-testid=offer-draw]"))                 # the bot, even, declines at once
    expect(w.locator("[data-testid=log] li").last).to_have_text("Игрок 2 отклоняет ничью.")
    expect(w.locator("[data-testid=draw-offer]")).to_have_count(0)
    bar.locator("[data-testid=resign]").click()                               # asks once more, locally
    expect(bar).to_contain_text("Сдаться и закончить партию?")
    bar.locator("[data-testid=resign-cancel]").click()
    expect(bar.locator("[data-testid=offer-draw]")).to_be_visible()
    assert nb.python("print(table.game.is_over)") == "False"
    bar.locator("[data-testid=resign]").click()
    click_and_wait(w, bar.locator("[data-testid=resign]"))
    expect(w.locator("[data-testid=game-over]")).to_contain_text("соперник сдался")
    assert nb.python("print(table.game.end_reason, table.game.winner, [str(a) for a in table.game.history])") \
        == "resigned 1 ['offer-draw 0', 'decline-draw 1', 'resign 0']"
    nb.shot("resigned", n=nb.page.locator("[data-testid=dictator-widget]").count() - 1)
