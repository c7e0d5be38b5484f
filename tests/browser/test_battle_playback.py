"""Issue 18, items 5, 9 and 6 by clicks in real JupyterLab (one notebook: a notebook's start is the slow part).

Item 5: a battle one decision runs at once is played step by step at the widget's pace (phases in order, the
dice after the Strength, the outcome last), at pace 0 nothing waits, and a bot's battle stays on screen until the
human presses Continue. Item 9: the draft pool and hand and the set-up palette show every card's actions.
Item 6 (notebook 02's advice): a second view of a widget beside the notebook follows moves made in cells."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

import dictator_widget as dw
from dictator_widget.engine.views.view import card_facts
from dictator_widget.ui.widget_battle import battle_steps

from .clicks import NOTEBOOK, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-1")]

#: A1 (Strength 8) attacks B1 next to it: no card action to choose, so one click runs the whole battle.
ONE_CLICK = ('dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]}, '
             '"B1": {"sector": "c5", "cards": ["C01"]}, "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]})')
#: Player 1 ends the turn; the bot's B1 (Strength 8) attacks A1 and wins; A2 lives on.
BOT_ATTACKS = ('dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["C01"]}, '
               '"A2": {"sector": "a7", "cards": ["C02"]}, "B1": {"sector": "c5", "cards": ["H07", "T12", "H03"]}}, '
               '"dice": [6, 1]})')

RECORD = """(root) => {
    const seen = [];
    const note = () => {
        const b = root.querySelector('[data-testid=battle]');
        if (!b) return;
        const row = [b.dataset.playing, b.dataset.stepKind, b.dataset.phase,
                     b.querySelector('[data-testid=die-attacker]')?.textContent.trim() ?? '',
                     b.querySelector('[data-testid=battle-result]')?.textContent ?? ''];
        const key = JSON.stringify(row);
        if (!seen.length || seen[seen.length - 1] !== key) seen.push(key);
    };
    new MutationObserver(note).observe(root, { childList: true, subtree: true, attributes: true });
    root.__seen = seen;
}"""


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


def recorded(w: Locator) -> list[list[str]]:
    """What the battle panel showed, one row per change: playing, step kind, phase, attacker's die, result."""
    return [json.loads(row) for row in w.evaluate("(root) => root.__seen")]


def test_battles_play_step_by_step_a_bots_battle_waits_and_cards_show_their_actions(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    made = {"paced": f"dw.DictatorWidget(game={ONE_CLICK}, pace=0.25)",
            "instant": f"dw.DictatorWidget(game={ONE_CLICK}, pace=0)",
            "bot": f"dw.DictatorWidget(game={BOT_ATTACKS}, bots={{1: 'greedy'}}, bot_delay=0.1, pace=0.1)",
            "chaos": 'dw.DictatorWidget(mission="chaos", seed=1, placement="fixed")',
            "editing": "dw.DictatorWidget(seed=7, setup=True)"}
    w = add_widgets(nb, made)                 # one cell for all: a cell's round trip is the slow part here

    # pace > 0: the steps of one click come one after another, in the battle's order.
    w["paced"].evaluate(RECORD)
    w["paced"].locator("[data-battalion=A1]").click()
    click_and_wait(w["paced"], w["paced"].locator("[data-battalion=B1]"))
    battle = w["paced"].locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-playing", "true")
    expect(battle.locator("[data-testid=battle-step]")).to_be_visible()
    expect(battle).to_have_attribute("data-playing", "false", timeout=15_000)
    expect(battle.locator("[data-testid=battle-result]")).to_contain_text("Winner: A1")
    playing = [r for r in recorded(w["paced"]) if r[0] == "true"]
    kinds = list(dict.fromkeys(r[1] for r in playing))
    game = dw.Game.from_scenario(json.loads(ONE_CLICK.split("(", 1)[1].rsplit(")", 1)[0]))
    game.apply("A1 attack B1")                          # the same battle, as the engine logs it
    logged = [s["kind"] for s in battle_steps(game)]
    assert kinds == [k for k in dict.fromkeys(logged) if k in kinds] and {"phase", "roll", "winner"} <= set(kinds), (
        kinds, logged)
    phases = list(dict.fromkeys(r[2] for r in playing))
    assert phases == ["condition", "strength", "collision", "damage"], phases
    first_die = next(i for i, r in enumerate(playing) if r[3] != "–")
    assert playing[first_die][1] == "roll" and all(r[2] in ("condition", "strength", "collision")
                                                    for r in playing[:first_die]), playing
    assert not any(r[4] for r in playing[:first_die + 1]), "the outcome showed before the dice"

    # pace 0: nothing waits, the result is there at once.
    w["instant"].evaluate(RECORD)
    w["instant"].locator("[data-battalion=A1]").click()
    click_and_wait(w["instant"], w["instant"].locator("[data-battalion=B1]"))
    expect(w["instant"].locator("[data-testid=battle-result]")).to_contain_text("Winner: A1")
    assert all(r[0] == "false" for r in recorded(w["instant"])), recorded(w["instant"])

    # A bot's battle: played, then its result stays until Continue (by keyboard).
    bot = w["bot"]
    click_and_wait(bot, bot.locator("[data-control=end-turn]"))
    go_on = bot.locator("[data-control=continue]")
    expect(go_on).to_be_visible()
    battle = bot.locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-playing", "false", timeout=15_000)
    expect(battle.locator("[data-testid=held]")).to_be_visible()
    expect(battle.locator("[data-testid=battle-result]")).to_contain_text("Winner: B1")
    expect(bot.locator("[data-control=end-turn]")).to_have_attribute("title", "Press Continue first: the bot's "
                                                                              "battle result is on screen.")
    held = nb.python("print(bot.table.held, len(bot.game.history))")
    nb.page.wait_for_timeout(1000)                 # ten steps' worth: still waiting
    expect(battle.locator("[data-testid=held]")).to_be_visible()
    assert nb.python("print(bot.table.held, len(bot.game.history))") == held and held.startswith("True")
    go_on.focus()
    rev = bot.get_attribute("data-rev") or ""
    nb.page.keyboard.press("Enter")
    expect(bot).not_to_have_attribute("data-rev", rev)
    expect(go_on).to_have_count(0)
    assert nb.python("print(bot.table.held)") == "False"
    expect(bot.locator("[data-control=end-turn]")).to_have_attribute("data-action", "end-turn")

    card_faces_show_every_action(w["chaos"], w["editing"])

    # Notebook 02's advice: a second view of a widget beside the notebook (JupyterLab's own command) follows
    # every step made from a cell, so the board stays in sight while one steps through the cells.
    w["paced"].click(button="right", position={"x": 5, "y": 5})
    nb.page.locator(".lm-Menu-itemLabel", has_text="Create New View for Cell Output").click()
    side = nb.page.locator(".jp-LinkedOutputView [data-testid=dictator-widget]").first     # paced: the first of five
    expect(side.locator("[data-battalion=B2]")).to_have_attribute("data-at", "g4")
    nb.python('paced.game.apply("B2 move f4")')
    expect(side.locator("[data-battalion=B2]")).to_have_attribute("data-at", "f4")


def add_widgets(nb: Any, made: dict[str, str]) -> dict[str, Locator]:
    """Shows new widgets (name: the code making it) in one new cell; returns their locators by name."""
    tag = f"widgets-{secrets.token_hex(4)}"
    nb.cell("import dictator_widget as dw\n" + "\n".join(f"{k} = {v}" for k, v in made.items())
              + f"\nprint({tag!r})\ndisplay({', '.join(made)})")
    # In that cell's own output, found by what it printed: counting the page's widgets raced with the notebook's own.
    cell = nb.page.locator(".jp-Notebook .jp-Cell").filter(has_text=tag)
    widgets = cell.locator("[data-testid=dictator-widget]")
    expect(widgets).to_have_count(len(made))
    out = {name: widgets.nth(i) for i, name in enumerate(made)}
    for w in out.values():
        expect(w).to_have_attribute("data-rev", re.compile(r"^\d+$"))      # drawn
    return out


def card_faces_show_every_action(chaos: Locator, editing: Locator) -> None:
    """Issue 18, item 9: one card face everywhere. The draft pool and hand and the set-up palette show every
    card's actions (phase icon titled with the phase's full name, cost, text), so no army is built blind; type
    icon and faction emblem are SVG with names; keyboard focus enlarges a card."""
    game = dw.Game.new("chaos", seed=1, placement="fixed")          # the facts the kernel sends, from the engine
    facts = {c: [{"id": a["id"], "name": a["name"]["en"], "text": a["text"]["en"]}
                 for a in card_facts(game, c)["actions"]] for c in game.cards}
    expect(chaos).to_have_attribute("data-decision", "draft")
    pool = chaos.locator("[data-testid=pool]")
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
    card.scroll_into_view_if_needed()
    before = card.bounding_box()
    card.focus()                                          # the keyboard enlarges a card as hover does
    assert before
    card.evaluate("(el, w) => new Promise((done, fail) => { const t0 = performance.now();"
                  " (function look() { if (el.getBoundingClientRect().width > w) done();"
                  " else if (performance.now() - t0 > 10000) fail(new Error('the focused card did not grow'));"
                  " else requestAnimationFrame(look); })(); })", before["width"] * 1.2)
    card.press("Escape")                                  # Esc redraws the widget: the keyboard stays on the card
    expect(pool.locator(".dw-face[data-card=C01]:focus")).to_have_count(1)
    click_and_wait(chaos, pool.locator("[data-action='draft C01']"))
    click_and_wait(chaos, pool.locator("[data-action='draft C02']"))      # Player 2's pick; then Player 1's hand
    hand = chaos.locator("[data-testid=hand]")
    expect(hand.locator("[data-card=C01]")).to_be_visible()
    assert_every_action_shown(faces(hand), facts)

    palette = editing.locator("[data-testid=palette]")   # set-up mode: the same 35 cards
    expect(palette.locator("[data-palette-card]")).to_have_count(35)
    shown = faces(palette)
    assert len(shown) == 35
    assert_every_action_shown(shown, facts)
