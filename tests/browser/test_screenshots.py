"""The screenshots of docs/widget.md and the README, made by one command (``make screenshots``):

    DW_SCREENSHOTS=1 .venv/bin/python -m pytest -p no:cacheprovider tests/browser/test_screenshots.py

Skipped unless ``DW_SCREENSHOTS`` is set (they are documentation, not a check). Each picture is
one state the issue asks to show: a battle, the game-over banner, a card, the narrow layout, the
dark theme.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import NOTEBOOK, add_widget, click_and_wait
from .labserver import REPO
from .test_battle_playback import ONE_CLICK
from .test_screen_and_controls import LAST_STAND, TO_A_BATTLE

pytestmark = [
    pytest.mark.browser, pytest.mark.xdist_group("browser"),
    pytest.mark.skipif(not os.environ.get("DW_SCREENSHOTS"), reason="documentation: set DW_SCREENSHOTS=1"),
]

IMG = REPO / "docs" / "img"


def save(target: Locator, name: str) -> None:
    IMG.mkdir(exist_ok=True)
    target.page.wait_for_timeout(700)                 # the dice have rolled, the bar has settled
    target.screenshot(path=str(IMG / f"{name}.png"), animations="disabled")


def test_screenshots_for_the_docs(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    page = nb.page
    page.set_viewport_size({"width": 1400, "height": 1300})
    nb.python("import dictator_widget as dw\nbattle = dw.DictatorWidget(game=dw.Game.new(seed=7, placement='fixed'))")
    nb.python(TO_A_BATTLE.split("\n", 1)[1])
    w = add_widget(nb, "shown", "battle")
    expect(w.locator("[data-testid=battle]")).to_have_attribute("data-live", "true")
    save(w, "battle")
    card = w.locator("[data-testid=battle] .dw-card[data-card]").first
    save(card, "card")

    page.set_viewport_size({"width": 800, "height": 900})      # the page as a reader sees it: the bar stays in view
    w.locator("[data-testid=battle]").scroll_into_view_if_needed()
    page.wait_for_timeout(700)
    page.screenshot(path=str(IMG / "narrow.png"), animations="disabled")
    page.set_viewport_size({"width": 1400, "height": 1300})

    last = add_widget(nb, "last", f"dw.DictatorWidget(game={LAST_STAND})")
    last.locator("[data-battalion=A1]").click()
    click_and_wait(last, last.locator("[data-battalion=B1]"))
    expect(last.locator("[data-testid=game-over]")).to_be_visible()
    expect(last.locator("[data-testid=battle]")).to_have_attribute("data-playing", "false", timeout=20_000)
    save(last, "game-over")

    slow = add_widget(nb, "slow", f"dw.DictatorWidget(game={ONE_CLICK}, pace=3)")   # a battle played step by step
    slow.locator("[data-battalion=A1]").click()
    click_and_wait(slow, slow.locator("[data-battalion=B1]"))
    battle = slow.locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-step-kind", "roll", timeout=60_000)
    save(battle, "battle-step")

    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).click()
    page.locator(".lm-Menu-itemLabel").get_by_text("JupyterLab Dark", exact=True).click()
    expect(page.locator("body[data-jp-theme-light=false]")).to_have_count(1)
    w.scroll_into_view_if_needed()
    save(w, "dark")
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).click()
    page.locator(".lm-Menu-itemLabel").get_by_text("JupyterLab Light", exact=True).click()
    expect(page.locator("body[data-jp-theme-light=true]")).to_have_count(1)
