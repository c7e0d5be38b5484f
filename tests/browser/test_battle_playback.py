"""Issue 18, item 5 by clicks in real JupyterLab: a battle one decision runs at once is played step by step at
the widget's pace (phases in order, the dice after the Strength, the outcome last), at pace 0 nothing waits, and
a bot's battle stays on screen until the human presses Continue."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import NOTEBOOK, add_widget, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

#: A1 (Strength 8) attacks B1 next to it: no card action to choose, so one click runs the whole battle.
ONE_CLICK = ('dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T07", "H03"]}, '
             '"B1": {"sector": "c5", "cards": ["C01"]}, "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]})')
#: Player 1 ends the turn; the bot's B1 (Strength 8) attacks A1 and wins; A2 lives on.
BOT_ATTACKS = ('dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["C01"]}, '
               '"A2": {"sector": "a6", "cards": ["C02"]}, "B1": {"sector": "c5", "cards": ["H07", "T07", "H03"]}}, '
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


def recorded(w: Locator) -> list[list[str]]:
    """What the battle panel showed, one row per change: playing, step kind, phase, attacker's die, result."""
    return [json.loads(row) for row in w.evaluate("(root) => root.__seen")]


def test_battles_play_step_by_step_and_a_bots_battle_waits_for_continue(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)

    # pace > 0: the steps of one click come one after another, in the battle's order.
    w = add_widget(nb, "paced", f"dw.DictatorWidget(game={ONE_CLICK}, pace=0.25)")
    w.evaluate(RECORD)
    w.locator("[data-battalion=A1]").click()
    click_and_wait(w, w.locator("[data-battalion=B1]"))
    battle = w.locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-playing", "true")
    expect(battle.locator("[data-testid=battle-step]")).to_be_visible()
    expect(battle).to_have_attribute("data-playing", "false", timeout=15_000)
    expect(battle.locator("[data-testid=battle-result]")).to_contain_text("Winner: A1")
    rows = recorded(w)
    playing = [r for r in rows if r[0] == "true"]
    kinds = list(dict.fromkeys(r[1] for r in playing))
    logged = json.loads(nb.python("import json; print(json.dumps([s['kind'] for s in paced.view['battle_steps']]))"))
    assert kinds == [k for k in dict.fromkeys(logged) if k in kinds] and {"phase", "roll", "winner"} <= set(kinds), (
        kinds, logged)
    phases = list(dict.fromkeys(r[2] for r in playing))
    assert phases == ["condition", "strength", "collision", "damage"], phases
    first_die = next(i for i, r in enumerate(playing) if r[3] != "–")
    assert playing[first_die][1] == "roll" and all(r[2] in ("condition", "strength", "collision")
                                                    for r in playing[:first_die]), playing
    assert not any(r[4] for r in playing[:first_die + 1]), "the outcome showed before the dice"

    # pace 0: nothing waits, the result is there at once.
    w = add_widget(nb, "instant", f"dw.DictatorWidget(game={ONE_CLICK}, pace=0)")
    w.evaluate(RECORD)
    w.locator("[data-battalion=A1]").click()
    click_and_wait(w, w.locator("[data-battalion=B1]"))
    expect(w.locator("[data-testid=battle-result]")).to_contain_text("Winner: A1")
    assert all(r[0] == "false" for r in recorded(w)), recorded(w)

    # A bot's battle: played, then its result stays until Continue (by keyboard).
    w = add_widget(nb, "bot", f"dw.DictatorWidget(game={BOT_ATTACKS}, bots={{1: 'greedy'}}, bot_delay=0.1, pace=0.1)")
    click_and_wait(w, w.locator("[data-control=end-turn]"))
    go_on = w.locator("[data-control=continue]")
    expect(go_on).to_be_visible()
    battle = w.locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-playing", "false", timeout=15_000)
    expect(battle.locator("[data-testid=held]")).to_be_visible()
    expect(battle.locator("[data-testid=battle-result]")).to_contain_text("Winner: B1")
    expect(w.locator("[data-control=end-turn]")).to_have_attribute("title", "Press Continue first: the bot's battle "
                                                                            "result is on screen.")
    held = nb.python("print(bot.table.held, len(bot.game.history))")
    nb.page.wait_for_timeout(1000)                 # ten steps' worth: still waiting
    expect(battle.locator("[data-testid=held]")).to_be_visible()
    assert nb.python("print(bot.table.held, len(bot.game.history))") == held and held.startswith("True")
    go_on.focus()
    rev = w.get_attribute("data-rev") or ""
    nb.page.keyboard.press("Enter")
    expect(w).not_to_have_attribute("data-rev", rev)
    expect(go_on).to_have_count(0)
    assert nb.python("print(bot.table.held)") == "False"
    expect(w.locator("[data-control=end-turn]")).to_have_attribute("data-action", "end-turn")
