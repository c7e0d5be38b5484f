"""Rulebook decisions made by clicks in real JupyterLab (issue 15): the set-up (R9, M1) and the
attacker's choice to skip a Guild roll that cannot matter (R25). The kernel is checked after
each click."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import ZONES, add_widget, click_and_wait, lit_sectors, set_up_by_clicks

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-2")]


def _check_deploy(nb: Any, w: Locator, history: list[str], placing: str, free: list[str]) -> None:
    """The engine holds ``history``; ``placing`` is to be placed; exactly ``free`` is lit, as legal."""
    assert nb.python("print([str(a) for a in widget.game.history])") == str(history)
    expect(w.locator("[data-testid=opening]")).to_have_attribute("data-decision", "deploy")
    expect(w.locator("[data-testid=opening] .dw-hint")).to_contain_text(placing)
    assert lit_sectors(w) == set(free)
    assert nb.python("print(sorted(str(a) for a in widget.game.legal_actions()))") == \
        str(sorted(f"{placing} deploy {s}" for s in free))
    buttons = w.locator("[data-testid=opening] button[data-action]")
    assert sorted(b.get_attribute("data-action") or "" for b in buttons.all()) == \
        sorted(f"{placing} deploy {s}" for s in free)


def test_r9_zones_and_tokens_placed_by_clicks(open_notebook: Any) -> None:
    nb = open_notebook("01-play.ipynb")
    w = nb.widget(1)                                          # after the Skirmish: the Standard game of seed 7
    green, yellow = ZONES["green"], ZONES["yellow"]           # b4 a4 a5, f4 g4 g3

    # The initiative winner chooses a Starting Zone: both zones' sectors are lit, no token stands.
    opening = w.locator("[data-testid=opening]")
    expect(opening).to_have_attribute("data-decision", "zone")
    expect(w).to_have_attribute("data-current-player", "0")
    assert lit_sectors(w) == set(green + yellow)
    expect(w.locator("[data-battalion]")).to_have_count(0)
    assert nb.python("print(widget.game.decision, sorted(str(a) for a in widget.game.legal_actions()))") == \
        "zone ['zone green', 'zone yellow']"
    nb.shot("zone")

    # Any sector of a zone chooses it (here the Green Zone's last); the other zone is forced.
    click_and_wait(w, w.locator(f"[data-sector={green[2]}]"))
    assert nb.python("print([p['zone'] for p in widget.game.view(None)['players']])") == \
        "['green', 'yellow']"
    _check_deploy(nb, w, ["zone green"], "A1", green)
    nb.shot("deploy-A1")

    # A1 by a board click: it stands there, the sector is no longer lit.
    click_and_wait(w, w.locator(f"[data-sector={green[0]}]"))
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", green[0])
    _check_deploy(nb, w, ["zone green", f"A1 deploy {green[0]}"], "A2", green[1:])

    # A2 by the panel's button; the engine places the last token, A3, on the sector left.
    click_and_wait(w, opening.locator(f"button[data-action='A2 deploy {green[1]}']"))
    expect(w.locator("[data-battalion=A3]")).to_have_attribute("data-at", green[2])
    assert nb.python("print(widget.game.state.battalions['A3'].sector)") == green[2]
    expect(w).to_have_attribute("data-current-player", "1")
    history = ["zone green", f"A1 deploy {green[0]}", f"A2 deploy {green[1]}"]
    _check_deploy(nb, w, history, "B1", yellow)

    # Player 2 in the Yellow Zone: B1 by the board, B2 by a button, B3 forced.
    click_and_wait(w, w.locator(f"[data-sector={yellow[0]}]"))
    history.append(f"B1 deploy {yellow[0]}")
    _check_deploy(nb, w, history, "B2", yellow[1:])
    click_and_wait(w, opening.locator(f"button[data-action='B2 deploy {yellow[1]}']"))
    history.append(f"B2 deploy {yellow[1]}")

    # Play begins: no set-up panel, nothing lit, the positions of placement="fixed".
    expect(w).to_have_attribute("data-decision", "activation")
    expect(opening).to_have_count(0)
    assert lit_sectors(w) == set()
    expect(w.locator("[data-battalion=B3]")).to_have_attribute("data-at", yellow[2])
    expect(w.locator("[data-testid=status]")).to_contain_text("Player 1")
    assert nb.python("print([str(a) for a in widget.game.history], widget.game.decision)") == \
        f"{history} activation"
    assert nb.python("fixed = dw.Game.new(mission='standard', seed=7, placement='fixed')\n"
                     "print(widget.game.state.battalions == fixed.state.battalions)") == "True"
    log = nb.python("print('|'.join(e.text('en') for e in widget.game.log))").split("|")
    assert {"Player 2 takes the Yellow Zone.", f"Player 1 places A3 on {green[2]}.",
            f"Player 2 places B3 on {yellow[2]}."} <= set(log)
    expect(w.locator("[data-testid=log] li").last).to_have_text("Turn 1: Player 1.")
    nb.shot("placed")

    # In Russian: the same decisions, in the rulebook's words.
    ru = add_widget(nb, "ru_widget", 'dw.DictatorWidget(mission="standard", seed=7, lang="ru")')
    ru_opening = ru.locator("[data-testid=opening]")
    expect(ru_opening.locator(".dw-hint")).to_contain_text("зону старта")
    click_and_wait(ru, ru.locator(".dw-sector.dw-target[data-action='zone green']").first)
    expect(ru_opening.locator(".dw-hint")).to_contain_text("зоны старта")
    expect(ru_opening.locator(f"button[data-action='A1 deploy {green[0]}']")).to_have_text(f"A1 на {green[0]}")
    nb.shot("ru-deploy", nb.page.locator("[data-testid=dictator-widget]").count() - 1)
    assert set_up_by_clicks(ru) == ["A1 deploy b4", "A2 deploy a4", "B1 deploy f4", "B2 deploy g4"]
    assert nb.python("print(ru_widget.game.state.battalions == fixed.state.battalions)") == "True"
    expect(ru.locator("[data-testid=log] li").last).to_have_text("Ход 1: Игрок 1.")


SURE_WIN = ('{"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]}, '
            '"B1": {"sector": "g4", "cards": ["C01"]}}, "guilds": ["d3"], "deck": ["H02"], '
            '"variants": {"guild_strength": 2}}')      # A1 is 8 in the balanced set: 8+1 beats 2+6


def test_r25_the_attacker_chooses_to_skip_a_roll_that_cannot_matter(open_notebook: Any) -> None:
    nb = open_notebook("02-training-mission.ipynb")
    w = add_widget(nb, "sure", f"dw.DictatorWidget(game=dw.Game.from_scenario({SURE_WIN}))")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1

    # A1 (Strength 8) attacks the Guild (2) by clicks: no roll of two dice can change that.
    w.locator("[data-battalion=A1]").click()
    expect(w).to_have_attribute("data-selected", "A1")
    guild = w.locator("[data-guild=d3]")
    expect(guild).to_have_attribute("data-action", "A1 attack guild d3")
    click_and_wait(w, guild)
    battle = w.locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-live", "true")
    expect(battle).to_have_attribute("data-phase", "collision")
    expect(w.locator("[data-testid=strength-attacker]")).to_have_text("8")
    expect(w.locator("[data-testid=strength-defender]")).to_have_text("2")
    skip, roll = w.locator("[data-action=skip-roll]"), w.locator("[data-action=roll]")
    expect(skip).to_be_visible()
    expect(roll).to_be_visible()
    expect(skip).not_to_have_text("skip-roll")                 # worded for a person, not the notation
    expect(roll).not_to_have_text("roll")
    assert nb.python("print(sure.game.decision, [str(a) for a in sure.game.legal_actions()])") == \
        "collision ['roll', 'skip-roll']"
    nb.shot("choice", n)

    # Skip: the battle is won without dice, the reward is next.
    click_and_wait(w, skip)
    expect(w).to_have_attribute("data-decision", "reward")
    expect(w.locator("[data-action=hireling]")).to_be_visible()
    expect(w.locator("[data-testid=die-attacker]")).to_have_text("–")
    expect(w.locator("[data-testid=die-defender]")).to_have_text("–")
    expect(w.locator("[data-testid=battle-result]")).to_contain_text("A1")
    expect(w.locator("[data-testid=log]")).to_contain_text("The roll cannot change the outcome")
    assert nb.python("b = sure.game.state.battle\n"
                     "print([str(a) for a in sure.game.history], sure.game.decision, b.rolled, b.dice, "
                     "[e.kind for e in sure.game.log].count('roll_skipped'), "
                     "[e.kind for e in sure.game.log].count('roll'))") == \
        "['A1 attack guild d3', 'skip-roll'] reward False [0, 0] 1 0"
    nb.shot("skipped", n)

    # The choice was a choice: undone, the attacker may roll instead, and the dice show.
    click_and_wait(w, w.locator("[data-testid=undo]"))
    expect(skip).to_be_visible()
    click_and_wait(w, roll)
    expect(w).to_have_attribute("data-decision", "reward")
    expect(w.locator("[data-testid=die-attacker]")).not_to_have_text("–")
    assert nb.python("b = sure.game.state.battle\n"
                     "print([str(a) for a in sure.game.history], b.rolled, "
                     "[e.kind for e in sure.game.log].count('roll_skipped'))") == \
        "['A1 attack guild d3', 'roll'] True 0"
