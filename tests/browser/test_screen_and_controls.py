"""Issue 18 (items 6, 8, 10) by clicks in real JupyterLab: the sticky action bar keeps Pass in view during
a battle at 1,400×900 and 800×900, the screen says the mission, its goal and what to do next, every
control that is off says why, the game-over banner gives the figures and a rematch, the log is whole."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .clicks import NOTEBOOK, add_widget, click_and_wait, click_through_a_redraw
from .labserver import REPO

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-1")]

#: A Standard game (fixed placement) played by Greedy until Player 1 may Pass in a battle's phase.
TO_A_BATTLE = """dw.Game.new(seed=7, placement="fixed")
from dictator_widget.agents import GreedyAgent
_bot = GreedyAgent(seed=1)
while not (battle.game.current_player == 0 and any(a.kind == "pass" for a in battle.game.legal_actions())):
    battle.game.apply(_bot.act(battle.game))"""


def serious_axe_violations(page: Page, widget: Locator) -> list[str]:
    """axe-core's scan of one widget (WCAG 2 A/AA rules): the serious and critical violations."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    handle = widget.element_handle()
    found = page.evaluate("""async (el) => {
        const r = await axe.run(el, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } });
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }""", handle)
    return list(found)


def board_reads_clearly(w: Locator) -> None:
    """Issue 18, item 4: no sector id or Guild-site mark under a token; zones drawn in their player's colour
    (the colours of the players' tokens), one marker per zone, no letters on zones."""
    report = w.evaluate("""(root) => {
        const boxes = (sel) => [...root.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
        const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const tokens = boxes('.dw-token, .dw-guild-token');
        const under = [...root.querySelectorAll('.dw-sector-id, .dw-site')].filter(
            (e) => tokens.some((t) => hit(e.getBoundingClientRect(), t))).map((e) => e.textContent);
        const token = (p) => root.querySelector(`.dw-battalion[data-owner="${p}"] .dw-token`)?.getAttribute('fill');
        const zones = [...root.querySelectorAll('.dw-zone[data-holder]')].filter((z) => z.dataset.holder !== '')
            .map((z) => [z.getAttribute('stroke'), token(z.dataset.holder)]);
        const markers = [...root.querySelectorAll('[data-zone-marker]')].map((m) => m.dataset.zoneMarker);
        const zoneNames = new Set([...root.querySelectorAll('.dw-sector[data-zone]')].map((s) => s.dataset.zone)
            .filter(Boolean));
        return { under, zones, markers, zoneCount: zoneNames.size,
                 letters: root.querySelectorAll('.dw-zone-letter').length };
    }""")
    assert report["under"] == [], f"covered by a token: {report['under']}"
    assert report["zones"] and all(stroke == fill for stroke, fill in report["zones"]), report["zones"]
    assert sorted(report["markers"]) == sorted(set(report["markers"])) and len(report["markers"]) == report["zoneCount"]
    assert report["letters"] == 0


def in_viewport(page: Page, target: Locator) -> bool:
    """Inside the viewport (after the bar has followed a scroll: it moves on the next frame)."""
    for _ in range(20):
        page.wait_for_timeout(50)
        box = target.bounding_box()
        size = page.viewport_size
        assert box is not None and size is not None
        if box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] + box["width"] <= size["width"]:
            return True
    return False


def test_the_action_bar_keeps_pass_in_view_and_says_why(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    page = nb.page
    nb.python("import dictator_widget as dw\nbattle = dw.DictatorWidget(game=dw.Game.new(seed=7, placement='fixed'))")
    nb.python(TO_A_BATTLE.split("\n", 1)[1])
    w = add_widget(nb, "shown", "battle")
    n = page.locator("[data-testid=dictator-widget]").count() - 1
    expect(w.locator("[data-testid=battle]")).to_have_attribute("data-live", "true")
    bar = w.locator("[data-testid=action-bar]")
    expect(bar.locator("[data-testid=mission]")).to_contain_text("Mission: Standard")
    expect(bar.locator("[data-testid=goal]")).to_contain_text("Goal: destroy every enemy battalion")
    expect(bar.locator("[data-testid=goal]")).to_have_attribute("title", re.compile("a Guild taken gives a Hireling"))
    expect(bar.locator("[data-testid=next]")).to_contain_text("use a card action of this phase, or Pass")
    passing = bar.locator("[data-control=pass]")
    expect(passing).to_have_attribute("data-action", "pass")
    for width in (1400, 800):
        page.set_viewport_size({"width": width, "height": 900})
        for part in ("[data-testid=battle]", "[data-testid=log]", "[data-testid=board]"):
            w.locator(part).scroll_into_view_if_needed()      # wherever the reader looks, Pass is in view
            assert in_viewport(page, passing), (f"Pass out of view at {width}x900 with {part} in view: "
                                                f"{passing.bounding_box()}")
        nb.shot(f"battle-{width}", n)
    page.set_viewport_size({"width": 1400, "height": 1000})

    # Controls that are off say why, and a click on one changes nothing but shows the reason.
    end_turn = bar.locator("[data-control=end-turn]")
    expect(end_turn).to_be_disabled()
    expect(end_turn).to_have_attribute("title", "Finish the battle first.")
    expect(end_turn).to_have_accessible_description("Finish the battle first.")
    history = nb.python("print(len(battle.game.history))")
    end_turn.click(force=True)                  # a person can click it; Playwright waits for enabled ones
    expect(bar.locator("[data-testid=why]")).to_have_text("Finish the battle first.")
    assert nb.python("print(len(battle.game.history))") == history
    off_card = w.locator("[data-testid=battle] .dw-use[aria-disabled=true]").first    # a card action, off
    expect(off_card).to_have_attribute("title", re.compile(r"^(It acts in the .* Phase|It costs|Not available now)"))
    click_through_a_redraw(w, passing)              # a redraw mid-click must not swallow it
    assert nb.python("print(battle.game.history[-1])") == "pass"
    click_and_wait(w, bar.locator("[data-testid=lang]").or_(w.locator("[data-testid=lang]")).first)
    expect(bar.locator("[data-testid=mission]")).to_contain_text("Миссия: Стандарт")
    expect(w.locator("[data-testid=log] li")).to_have_count(int(nb.python("print(len(battle.game.log))")))
    expect(w.locator("[data-testid=log] li").first).to_have_text(nb.python("print(battle.game.log[0].text('ru'))"))
    assert serious_axe_violations(page, w) == []
    board_reads_clearly(w)

    # By keyboard alone: Tab reaches the bar's controls first, each with a visible focus (even those that are off).
    expect(bar.locator("[data-control=skip]")).to_have_count(0)     # the Pass's playback has ended
    click_and_wait(w, w.locator("[data-testid=lang]"))
    w.locator("[data-testid=status]").click()
    names = []
    for _ in range(12):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement?.getAttribute('data-control') ?? ''")
        if focused:
            names.append(focused)
            outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
            assert outline != "none", f"no visible focus on {focused}"
        if focused == "undo":
            break
    assert names[:4] == ["pass", "end-activation", "end-turn", "undo"], names


#: A1 (Strength 8) against B1, the last battalion of Player 2; the dice 6 and 1: one attack ends the game.
LAST_STAND = ('dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]}, '
              '"B1": {"sector": "c5", "cards": ["C01"]}}, "dice": [6, 1]})')


#: A1 holds T01 (WASP, Turbo Jump) and C11 (Shamir, Hidden Paths): both special moves land on a4, no standard move does.
CONTESTED = ('dw.Game.from_scenario({"battalions": {"A1": {"sector": "c4", "cards": ["T01", "C11"]}, '
             '"B1": {"sector": "g4", "cards": ["C01"]}}})')


def test_a_contested_hex_opens_a_menu_and_game_over_offers_a_rematch(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "two", f"dw.DictatorWidget(game={CONTESTED})")
    expect(w).to_have_attribute("data-current-player", "0")
    w.locator("[data-battalion=A1]").click()
    expect(w).to_have_attribute("data-selected", "A1")
    rev = w.get_attribute("data-rev")
    w.locator("[data-sector=a4]").click()                  # two cards' moves land here: no silent choice
    menu = w.locator("[data-testid=hex-menu]")
    expect(menu).to_be_visible()
    expect(menu).to_have_attribute("data-at", "a4")
    expect(menu.locator("[role=menuitem][data-action]")).to_have_count(2)
    expect(menu.locator("[data-action='A1 T01:turbo-jump a4']")).to_be_focused()  # the keyboard is in the menu
    assert w.get_attribute("data-rev") == rev and nb.python("print(len(two.game.history))") == "0"
    nb.shot("hex-menu", nb.page.locator("[data-testid=dictator-widget]").count() - 1)
    click_and_wait(w, menu.locator("[data-action='A1 C11:hidden-paths a4']"))
    assert nb.python("print(two.game.history[-1])") == "A1 C11:hidden-paths a4"
    expect(menu).to_have_count(0)

    w = add_widget(nb, "last", f"dw.DictatorWidget(game={LAST_STAND})")
    expect(w.locator("[data-testid=game-over]")).to_have_count(0)
    expect(w.locator("[data-control=undo]")).to_have_attribute("title", "Nothing to undo yet.")
    expect(w.locator("[data-control=end-activation]")).to_have_attribute("title", "Select a battalion first.")
    w.locator("[data-battalion=A1]").click()
    click_and_wait(w, w.locator("[data-battalion=B1]"))
    banner = w.locator("[data-testid=game-over]")
    expect(banner).to_be_visible()
    expect(banner.locator("h3")).to_have_text("Game over: Player 1 wins")
    expect(banner).to_contain_text("every enemy battalion destroyed")
    expect(banner.locator("[data-testid=figures]")).to_have_text("Turns: 1 · battles: 1")
    expect(banner.locator("li[data-player='0']")).to_have_text("Player 1: Guilds taken 0 · battalions destroyed 1")
    nb.shot("game-over", nb.page.locator("[data-testid=dictator-widget]").count() - 1)
    w.locator("[data-testid=dump] summary").click()          # the Dump's cards show what they do (item 9)
    expect(w.locator("[data-testid=dump] [data-card=C01] .dw-face-action").first).to_be_visible()
    for _ in range(2):                                       # a redraw (here: the language, and back) keeps it open
        w.locator("[data-testid=lang]").click()
    expect(w).to_have_attribute("data-lang", "en")
    expect(w.locator("[data-testid=dump]")).to_have_attribute("open", "")
    assert serious_axe_violations(nb.page, w) == []
    with nb.page.context.expect_page() as opened:            # Replay: the game again, decision by decision
        banner.locator("[data-testid=replay]").click()
    replay = opened.value
    expect(replay.get_by_test_id("replay-label")).to_contain_text("Decision 1 of 1: A1 attacks B1!")
    replay.get_by_test_id("replayFirst").click()
    expect(replay.get_by_test_id("replay-label")).to_have_text("The start of the game (0 of 1)")
    replay.close()
    click_and_wait(w, banner.locator("[data-testid=rematch]"))
    expect(banner).to_have_count(0)
    assert nb.python("print(last.game.is_over, len(last.game.history))") == "False 0"
