"""Issue 18, item 9 by clicks in real JupyterLab: one card face everywhere. The draft pool and hand and the set-up
palette show every card's actions (phase icon titled with the phase's full name, cost, text), so no army is built
blind; type icon and faction emblem are SVG with names; keyboard focus enlarges a card."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import NOTEBOOK, add_widget, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PHASES = {"maneuvers": "Maneuvers", "condition": "Condition", "strength": "Strength", "collision": "Collision",
          "damage": "Damage"}


def faces(where: Locator) -> dict[str, list[list[str]]]:
    """Each card face shown in ``where``: its actions as [ability id, phase icon's title, text shown]."""
    return dict(where.evaluate("""(box) => Object.fromEntries([...box.querySelectorAll('.dw-face[data-card]')].map(
        (c) => [c.dataset.card, [...c.querySelectorAll('.dw-face-action[data-ability]')].map((a) => [
            a.dataset.ability, a.querySelector('svg.dw-phase-icon title')?.textContent ?? '', a.textContent])]))"""))


def assert_every_action_shown(shown: dict[str, list[list[str]]], facts: dict[str, Any]) -> None:
    assert shown, "no card faces"
    for card, actions in shown.items():
        want = facts[card]
        assert [a[0] for a in actions] == [f"{card}:{ab['id']}" for ab in want], (card, actions)
        for (_, phase_title, text), ab in zip(actions, want, strict=True):
            assert phase_title and ab["name"] in text and ab["text"] in text, (card, phase_title, text)


def test_draft_hand_and_set_up_palette_show_every_cards_actions(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "chaos", 'dw.DictatorWidget(mission="chaos", seed=1, placement="fixed")')
    expect(w).to_have_attribute("data-decision", "draft")
    facts = json.loads(nb.python(
        "import json; from dictator_widget.engine.view import card_facts\n"
        "print(json.dumps({c: [{'id': a['id'], 'name': a['name']['en'], 'text': a['text']['en']} "
        "for a in card_facts(chaos.game, c)['actions']] for c in chaos.game.cards}))"))
    pool = w.locator("[data-testid=pool]")
    shown = faces(pool)
    assert len(shown) == 25
    assert_every_action_shown(shown, facts)
    card = pool.locator(".dw-face[data-card=C01]")       # Phagocyte: a Synclith Bio-Mech of Strength 3
    head = card.locator(".dw-card-head")
    expect(head.locator("svg.dw-type-icon")).to_have_attribute("aria-label", "Bio-Mech")
    expect(head.locator("svg.dw-faction-icon")).to_have_attribute("aria-label", "Synclith")
    expect(head.locator(".dw-strength")).to_have_text("Strength 3")
    titles = set(pool.locator("svg.dw-phase-icon title").all_text_contents())
    assert titles and titles <= set(PHASES.values()), titles
    before = card.bounding_box()
    card.focus()                                          # the keyboard enlarges a card as hover does
    w.page.wait_for_timeout(200)
    after = card.bounding_box()
    assert before and after and after["width"] > before["width"] * 1.2, (before, after)
    click_and_wait(w, pool.locator("[data-action='draft C01']"))
    click_and_wait(w, pool.locator("[data-action='draft C02']"))      # Player 2's pick; then Player 1's hand shows
    hand = w.locator("[data-testid=hand]")
    expect(hand.locator("[data-card=C01]")).to_be_visible()
    assert_every_action_shown(faces(hand), facts)

    w = add_widget(nb, "editing", "dw.DictatorWidget(seed=7, setup=True)")
    palette = w.locator("[data-testid=palette]")
    expect(palette.locator("[data-palette-card]")).to_have_count(35)
    facts = json.loads(nb.python(
        "print(json.dumps({c: [{'id': a['id'], 'name': a['name']['en'], 'text': a['text']['en']} "
        "for a in card_facts(editing.game, c)['actions']] for c in editing.game.cards}))"))
    shown = faces(palette)
    assert len(shown) == 35
    assert_every_action_shown(shown, facts)
