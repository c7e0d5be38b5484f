"""Three players set up by clicking; Fog of War in hot-seat, the screen passed between players."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import NOTEBOOK, add_widget, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-2")]


def activation_by_clicks(w: Locator) -> None:
    """The current player selects a battalion that can act, moves it if it can (one walled in by Guilds and
    its own battalions cannot: a5 beside the Guilds b5 and a6), and ends its activation."""
    b = w.locator(".dw-battalion.dw-can-act").first
    label = b.get_attribute("data-battalion")
    b.click()
    expect(w).to_have_attribute("data-selected", label or "")
    moves = w.locator(".dw-sector.dw-target-move")
    if moves.count():
        click_and_wait(w, moves.first)
    click_and_wait(w, w.locator(f"[data-action='{label} end']"))


def test_triumvirate_zones_and_battalions_by_clicks(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "tri", 'dw.DictatorWidget(mission="triumvirate", seed=3)')
    opening = w.locator("[data-testid=opening]")
    expect(opening).to_have_attribute("data-decision", "zone")
    nb.shot("zones")
    # The first zone by clicking a lit sector of the board, the others by the panel's buttons.
    click_and_wait(w, w.locator(".dw-sector[data-action^='zone ']").first)
    while w.get_attribute("data-decision") == "zone":
        click_and_wait(w, opening.locator(".dw-zone-choice").first)
    zones = nb.python("print(' '.join(sorted(p['zone'] for p in tri.game.view(None)['players'])))")
    assert len(zones.split()) == 3

    # Form: pick a card in the hand, then a battalion slot.
    expect(opening).to_have_attribute("data-decision", "form")
    nb.shot("form")
    for _ in range(18):
        if w.get_attribute("data-decision") != "form":
            break
        card = opening.locator(".dw-pickable").first
        card.click()
        expect(card).to_have_class(re.compile("dw-picked"))
        click_and_wait(w, opening.locator(".dw-slot-open").first)
    expect(w).to_have_attribute("data-decision", "activation")
    assert nb.python("print(len(tri.game.state.battalions), tri.game.decision, "
                     "sorted({b.owner for b in tri.game.state.battalions.values()}))") \
        == "6 activation [0, 1, 2]"
    expect(w.locator(".dw-battalion[data-owner='2']")).to_have_count(2)

    for _ in range(3):
        activation_by_clicks(w)
    kinds = nb.python("print(' '.join(a.kind for a in tri.game.history[-6:]))")
    assert kinds == "move end move end move end"
    nb.shot("played")


def test_fog_of_war_hot_seat_by_clicks(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "fog", 'dw.DictatorWidget(mission="fog-of-war", seed=1, placement="fixed")')
    # Player 1 sees the enemy's cards face down.
    w.locator("[data-battalion=B1]").click()
    expect(w.locator("[data-testid=selected] [data-hidden=true]")).to_have_count(3)
    assert nb.python("print(fog.viewer, 'C01' in fog.cards, 'T01' in fog.cards)") == "0 False True"
    nb.shot("player1")
    for _ in range(3):
        activation_by_clicks(w)

    # Player 2 owes now: the screen is passed, nothing of anyone shows until they take the seat.
    screen = w.locator("[data-testid=screen]")
    expect(screen).to_contain_text("Player 2, take the seat")
    expect(w.locator("[data-testid=board]")).to_have_count(0)
    nb.shot("screen")
    assert nb.python("print(fog.view['screen'], 'battalions' in fog.view)") == "1 False"
    w.locator("[data-testid=take-seat]").click()
    expect(w.locator("[data-testid=board]")).to_be_visible()
    w.locator("[data-battalion=A1]").click()
    expect(w.locator("[data-testid=selected] [data-hidden=true]")).to_have_count(3)
    assert nb.python("import json\nt = json.dumps([fog.view, fog.cards, fog.board])\n"
                     "print(fog.viewer, 'T01' in t, 'C01' in t)") == "1 False True"
    activation_by_clicks(w)
    assert nb.python("print(fog.game.history[-1].kind, fog.game.history[-1].battalion[0])") == "end B"
    nb.shot("player2")
