"""Issue 18 by clicks in real JupyterLab: no blind Hireling discard, the battle panel's figures are
the log's after an annihilation, and two widgets on one page keep their own SVG patterns."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import HIRELING, NOTEBOOK, add_widget, attack_guild, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-2")]


def test_the_drawn_hireling_is_shown_before_the_discard(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "hire", f"dw.DictatorWidget(game=dw.Game.from_scenario({HIRELING}))")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1
    deck = w.locator("[data-testid=deck]")
    expect(deck).to_have_text("Hireling deck: 2")

    # A1 (Strength 8) takes the Guild at d3 and draws a Hireling into its full battalion (R26).
    attack_guild(w, "A1", "d3")
    click_and_wait(w, w.locator("[data-action=skip-roll]"))
    expect(w.locator("[data-testid=hiring]")).to_have_count(0)
    click_and_wait(w, w.locator("[data-action=hireling]"))
    expect(w).to_have_attribute("data-decision", "discard")
    expect(w.locator("[data-action^='discard ']")).to_have_count(4)

    # Before any discard click: the drawn card, its name, Strength and action text, in plain words.
    drawn = w.locator("[data-testid=hiring]")
    expect(drawn).to_be_visible()
    expect(drawn).to_contain_text("Hireling drawn: Phantom (H02) — choose the card to put in the Dump")
    card = drawn.locator(".dw-card[data-card=H02]")
    expect(card).to_be_visible()
    expect(card.locator(".dw-card-name")).to_have_text("Phantom")
    expect(card.locator(".dw-strength")).to_have_text("Strength 2")
    expect(card).to_contain_text("Phase Shift")
    expect(card).to_contain_text("Spend 1 Energy: re-roll your own die.")
    expect(deck).to_have_text("Hireling deck: 1")                     # the card is out of the deck
    expect(deck).to_have_attribute("data-size", "1")
    assert nb.python("print(hire.view['hiring'], hire.view['deck_size'], hire.game.decision, "
                     "hire.game.history[-1])") == "H02 2 discard hireling"   # nothing discarded yet
    nb.shot("hireling-drawn", n)

    # In Russian, with the rulebook's words (Наёмник, Отбой).
    click_and_wait(w, w.locator("[data-testid=lang]"))
    expect(drawn).to_contain_text("Вытянут Наёмник: Призрак (H02) — выберите карту, которую уберёте в Отбой")
    expect(card.locator(".dw-strength")).to_have_text("Сила 2")
    expect(deck).to_have_text("Колода Наёмников: 1")
    click_and_wait(w, w.locator("[data-testid=lang]"))

    # The choice: H03 goes to the Dump, H02 stays; the drawn-card box is gone.
    click_and_wait(w, w.locator("[data-action='discard H03']"))
    expect(w.locator("[data-testid=hiring]")).to_have_count(0)
    expect(deck).to_have_text("Hireling deck: 1")
    assert nb.python("print(hire.game.state.battalions['A1'].cards, len(hire.game.state.deck))") == \
        "('H07', 'T12', 'H02') 1"


A1 = '"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]}, "B1": {"sector": "c5", "cards": ["C01"]}'
GOES_ON = '{"battalions": {' + A1 + ', "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]}'
GAME_OVER = '{"battalions": {' + A1 + '}, "dice": [6, 1]}'


def _log_figures(w: Locator) -> tuple[list[str], list[str]]:
    """The Strength and the totals of the last battle, as the log's lines say them."""
    lines = w.locator("[data-testid=log] li").all_inner_texts()
    strength = [m.groups() for x in lines if (m := re.fullmatch(r"Strength: (\d+) against (\d+)\.", x))][-1]
    totals = [m.groups() for x in lines if (m := re.search(r"; totals (\d+) against (\d+)\.$", x))][-1]
    return list(strength), list(totals)


def _panel_figures(w: Locator) -> tuple[list[str], list[str]]:
    battle = w.locator("[data-testid=battle]")
    return ([battle.locator(f"[data-testid=strength-{side}]").inner_text() for side in ("attacker", "defender")],
            [battle.locator(f"[data-testid=total-{side}]").inner_text() for side in ("attacker", "defender")])


@pytest.mark.parametrize(("name", "scenario", "over"), [("goes_on", GOES_ON, False), ("over", GAME_OVER, True)],
                         ids=["goes_on", "over"])
def test_the_battle_panel_shows_the_logs_figures_after_an_annihilation(
        open_notebook: Any, name: str, scenario: str, over: bool) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, name, f"dw.DictatorWidget(game=dw.Game.from_scenario({scenario}))")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1
    w.locator("[data-battalion=A1]").click()
    expect(w).to_have_attribute("data-selected", "A1")
    expect(w.locator("[data-battalion=B1]")).to_have_attribute("data-action", "A1 attack B1")
    click_and_wait(w, w.locator("[data-battalion=B1]"))     # decided, B1 annihilated: all in one decision
    expect(w.locator("[data-battalion=B1]")).to_have_count(0)
    expect(w.locator("[data-testid=log]")).to_contain_text("B1 is annihilated.")
    assert nb.python(f"print({name}.game.is_over, 'B1' in {name}.game.state.battalions)") == f"{over} False"

    battle = w.locator("[data-testid=battle]")
    expect(battle).to_be_visible()                         # the battle stays readable after it ended
    expect(battle).to_contain_text("A1 ⚔ B1")
    expect(battle.locator("[data-testid=battle-result]")).to_contain_text("A1")
    strength, totals = _log_figures(w)
    assert (strength, totals) == (["8", "3"], ["14", "4"])
    assert _panel_figures(w) == (strength, totals)
    expect(battle.locator("[data-testid=die-attacker]")).to_contain_text("6")
    expect(battle.locator("[data-testid=die-defender]")).to_contain_text("1")
    nb.shot(f"annihilated-{name}", n)


TWO = '{"battalions": {"A1": {"sector": "d4", "cards": ["T01"]}, "B1": {"sector": "g4", "cards": ["C01"]}}}'

IDS = "root => [...root.querySelectorAll('[id]')].map(e => e.id)"
PATTERN_FILLS = """root => [...root.querySelectorAll('[fill^="url(#"]')].map(e => {
  const id = e.getAttribute('fill').slice(5, -1);
  const target = document.getElementById(id);   // what the browser draws with: the page's first of that id
  return [id, target !== null && target.tagName === 'pattern' && root.contains(target)];
})"""


def test_two_widgets_on_a_page_keep_their_own_patterns(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    first = add_widget(nb, "first", f"dw.DictatorWidget(game=dw.Game.from_scenario({TWO}))")
    second = add_widget(nb, "second", "dw.DictatorWidget(game=first.game)")   # the same game, shown twice
    widgets = nb.page.locator("[data-testid=dictator-widget]")
    roots = [widgets.nth(i) for i in range(widgets.count())]
    assert len(roots) >= 2

    seen: dict[str, int] = {}
    for i, root in enumerate(roots):
        ids = root.evaluate(IDS)
        assert ids, f"widget {i} has no element ids: no patterns?"
        assert len(ids) == len(set(ids)), f"widget {i} repeats an id: {ids}"
        for x in ids:
            assert x not in seen, f"id {x!r} is in widget {seen[x]} and widget {i}"
            seen[x] = i
        fills = root.evaluate(PATTERN_FILLS)
        assert len(fills) >= 2 * 10, f"widget {i}: {len(fills)} pattern fills"    # Pit and Core sectors, legend
        assert {f for f, ok in fills if not ok} == set(), f"widget {i} draws with another widget's pattern"
        assert len({f for f, _ in fills}) == 2                                   # the hatching and the dots

    # After a redraw (a move in one, seen by both) the ids stay apart.
    first.locator("[data-battalion=A1]").click()
    click_and_wait(first, first.locator("[data-sector=c4].dw-target-move"))
    expect(second.locator("[data-battalion=A1]")).to_have_attribute("data-at", "c4")
    ids_first, ids_second = set(first.evaluate(IDS)), set(second.evaluate(IDS))
    assert ids_first and ids_second and not ids_first & ids_second
    for root in (first, second):
        assert all(ok for _, ok in root.evaluate(PATTERN_FILLS))
    nb.shot("two-widgets", len(roots) - 1)
