"""Set-up mode by clicks: a position edited, a refused scenario, Play from here, odds, an attack."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .clicks import NOTEBOOK, add_widget, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-2")]


def test_set_up_a_position_see_the_odds_and_attack(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "sw", 'dw.DictatorWidget(seed=7, setup=True, variants={"guild_strength": 4})')
    expect(w).to_have_attribute("data-mode", "setup")
    expect(w.locator("[data-palette-card]")).to_have_count(35)       # every card of the set

    # Move A1 next to B1, give it a Hireling, add a Guild token, set Energy.
    w.locator("[data-battalion=A1]").click()
    expect(w).to_have_attribute("data-selected", "A1")
    click_and_wait(w, w.locator("[data-sector=e4]"))
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", "e4")
    # A card grows under the pointer; its own button must stay there (grown from the top left, it moved away
    # between the press and the release, and the click was lost under load).
    add = w.locator("[data-add-card=H04]")
    add.scroll_into_view_if_needed()
    box = add.bounding_box()
    assert box
    add.hover()
    nb.page.wait_for_timeout(500)                                    # the card's zoom (0.12 s) has run
    under = nb.page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.getAttribute('data-add-card')",
                             [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert under == "H04", f"the grown card took its button from under the pointer ({under!r} is there)"
    click_and_wait(w, add)
    expect(w.locator("[data-testid=selected] [data-card=H04]")).to_be_visible()
    w.locator("[data-tool=guild]").click()
    click_and_wait(w, w.locator("[data-sector=d4]"))
    expect(w.locator("[data-guild=d4]")).to_have_count(1)
    w.locator("[data-energy-input='0']").fill("9")
    click_and_wait(w, w.locator("[data-turn-choice='0']"))          # leaves the field: the change is sent
    assert nb.python("print(sw.scenario.energy, sw.scenario.battalions['A1'])") == \
        "[9, 6] {'sector': 'e4', 'cards': ['T01', 'T02', 'T03', 'H04'], 'damaged': []}"
    nb.shot("edited")

    # Four cards: the engine refuses, visibly, and nothing changes.
    click_and_wait(w, w.locator("[data-testid=play-here]"))
    expect(w.locator("[data-testid=error]")).to_contain_text("A1 has 4 cards")
    expect(w).to_have_attribute("data-mode", "setup")
    nb.shot("refused")
    assert nb.python("print(sw.setup_mode, len(sw.game.history))") == "True 0"
    w.locator("[data-tool=select]").click()
    click_and_wait(w, w.locator("[data-remove-card=T03]"))
    click_and_wait(w, w.locator("[data-testid=play-here]"))
    expect(w.locator("[data-testid=status]")).to_contain_text("Player 1")
    assert nb.python("g = sw.game.state\nprint(sw.setup_mode, g.battalions['A1'].sector, "
                     "g.battalions['A1'].cards, g.energy, 'd4' in g.guilds)") == \
        "False e4 ('T01', 'T02', 'H04') [9, 6] True"
    expect(w.locator("[data-variant=guild_strength]")).to_contain_text("4")
    expect(w.locator("[data-variant=guild_strength]")).to_have_attribute("title", re.compile("Strength"))

    # Select A1: the odds show next to each target; then attack B1.
    w.locator("[data-battalion=A1]").click()
    target = w.locator("[data-battalion=B1]")
    expect(target).to_have_attribute("data-odds", re.compile(r"^\d+$"))
    expect(w.locator("[data-testid=odds] [data-odds-for='A1 attack B1']")).to_contain_text("win")
    win = nb.python("print(round(dw.battle_odds(sw.game, 'A1 attack B1')['win'] * 100))")
    expect(target).to_have_attribute("data-odds", win)
    nb.shot("odds")
    w.locator("[data-testid=lang]").click()
    expect(w.locator("[data-testid=odds]")).to_contain_text("победа")
    click_and_wait(w, target)
    expect(w.locator("[data-testid=battle]")).to_have_attribute("data-live", "true")
    assert nb.python("print([str(a) for a in sw.game.history], sw.game.state.battle is not None)") \
        == "['A1 attack B1'] True"
    nb.shot("attack")
