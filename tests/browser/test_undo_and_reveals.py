"""Undo never crosses a reveal (issue 16), by clicks in real JupyterLab.

A die rolled, the Hireling deck drawn from, a drawn Hireling shown to its owner, a face-down card
turned up: after any of these the widget's Undo button is disabled, a click on it does nothing,
and an undo sent anyway (the key ``u``) is refused by the kernel with "cannot undo". Before them,
Undo is enabled and works. The kernel (``game.can_undo``, ``game.reveals``) is checked each time.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .clicks import HIRELING, NOTEBOOK, add_widget, attack_guild, click_and_wait

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-2")]

def _history(nb: Any, name: str) -> str:
    return str(nb.python(f"print([str(a) for a in {name}.game.history])"))


def _undo_enabled(nb: Any, w: Locator, name: str, seat: int = 0) -> None:
    """The Undo button is enabled, and the kernel agrees: the last decision showed nothing."""
    expect(w.locator("[data-testid=undo]")).to_be_enabled()
    assert nb.python(f"g = {name}.game\nprint(g.can_undo({seat}), g.reveals(-1), {name}.view['can_undo'])") == \
        "True False True"


def _undo_refused(nb: Any, w: Locator, name: str, seat: int = 0) -> None:
    """The last decision revealed something: Undo is disabled, a click on it does nothing, and an
    undo sent anyway (the key ``u``) is refused by the kernel with "cannot undo"."""
    undo = w.locator("[data-testid=undo]")
    expect(undo).to_be_disabled()
    assert nb.python(f"g = {name}.game\nprint(g.can_undo({seat}), g.reveals(-1), {name}.view['can_undo'])") == \
        "False True False"
    history = _history(nb, name)

    undo.click(force=True)                         # a person clicking the greyed-out button
    assert nb.python(f"print([str(a) for a in {name}.game.history], repr({name}.error))") == f"{history} ''"
    expect(w.locator("[data-testid=error]")).to_have_count(0)

    w.locator("[data-testid=status]").click()      # the widget takes the keyboard
    w.page.keyboard.press("u")                     # the key sends an undo whatever the button says
    expect(w.locator("[data-testid=error]")).to_contain_text("cannot undo")
    assert nb.python(f"print('cannot undo' in {name}.error)") == "True"
    assert _history(nb, name) == history
    w.locator("[data-testid=error] button").click()   # dismiss
    expect(w.locator("[data-testid=error]")).to_have_count(0)
    expect(undo).to_be_disabled()


def test_undo_is_disabled_after_a_hireling_draw_into_a_full_battalion(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "hire", f"dw.DictatorWidget(game=dw.Game.from_scenario({HIRELING}))")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1
    undo = w.locator("[data-testid=undo]")
    expect(undo).to_be_disabled()                   # nothing to undo yet

    # A1 (Strength 8) attacks the Guild (2); the attacker skips the roll: nothing shown, undo allowed.
    attack_guild(w, "A1", "d3")
    _undo_enabled(nb, w, "hire")
    click_and_wait(w, w.locator("[data-action=skip-roll]"))
    expect(w).to_have_attribute("data-decision", "reward")
    expect(w.locator("[data-testid=die-attacker]")).to_have_text("–")
    _undo_enabled(nb, w, "hire")
    assert _history(nb, "hire") == "['A1 attack guild d3', 'skip-roll']"

    # The Hireling: H02 is drawn and shown to its owner, whose battalion is full: the discard choice.
    click_and_wait(w, w.locator("[data-action=hireling]"))
    expect(w).to_have_attribute("data-decision", "discard")
    discards = w.locator("[data-action^='discard ']")
    expect(discards).to_have_count(4)
    expect(w.locator("[data-action='discard H02']")).to_be_visible()
    assert nb.python("print(hire.game.state.hiring, hire.game.decision)") == "H02 discard"
    nb.shot("drawn", n)
    _undo_refused(nb, w, "hire")
    assert nb.python("print(hire.game.state.hiring, hire.game.decision)") == "H02 discard"

    # The choice still works after the refused undo: H03 goes, H02 stays.
    click_and_wait(w, w.locator("[data-action='discard H03']"))
    assert nb.python("print(hire.game.state.battalions['A1'].cards, hire.game.state.hiring)") == \
        "('H07', 'T12', 'H02') None"
    expect(undo).to_be_disabled()


FOG = ('{"mission": "fog-of-war", "battalions": {"A1": {"sector": "d4", "cards": ["T04", "T01"]}, '
       '"B1": {"sector": "g4", "cards": ["C01"]}}, "guilds": ["d3"]}')


def test_undo_is_disabled_after_a_reveal_in_a_fog_of_war_guild_battle(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "fog0", f"dw.DictatorWidget(game=dw.Game.from_scenario({FOG}), player=0)")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1
    battle = w.locator("[data-testid=battle]")

    def attack() -> None:
        attack_guild(w, "A1", "d3")
        expect(battle).to_have_attribute("data-live", "true")
        expect(battle).to_have_attribute("data-phase", "condition")

    # The attack shows nothing: the seat may take it back, and does.
    attack()
    expect(w.locator("[data-action='reveal T04']")).to_be_visible()
    expect(w.locator("[data-action='reveal T01']")).to_be_visible()
    assert nb.python("print(sorted(str(a) for a in fog0.game.legal_actions()))") == \
        "['pass', 'reveal T01', 'reveal T04']"
    _undo_enabled(nb, w, "fog0")
    click_and_wait(w, w.locator("[data-testid=undo]"))
    expect(w).to_have_attribute("data-decision", "activation")
    assert _history(nb, "fog0") == "[]"

    # Again; then T04 is turned face up: a reveal, which no undo may take back.
    attack()
    _undo_enabled(nb, w, "fog0")
    nb.shot("condition", n)
    click_and_wait(w, w.locator("[data-action='reveal T04']"))
    expect(w.locator("[data-action='reveal T04']")).to_have_count(0)
    expect(w.locator("[data-action='reveal T01']")).to_be_visible()
    assert nb.python("print([str(a) for a in fog0.game.history], sorted(fog0.game.state.revealed))") == \
        "['A1 attack guild d3', 'reveal T04'] ['T04']"
    nb.shot("revealed", n)
    _undo_refused(nb, w, "fog0")
    assert nb.python("print(sorted(fog0.game.state.revealed), fog0.game.decision)") == "['T04'] condition"


DUEL = ('{"battalions": {"A1": {"sector": "d4", "cards": ["T01"]}, '
        '"B1": {"sector": "c5", "cards": ["C01"]}}, "dice": [5, 3]}')     # 1 + 5 against 3 + 3: a draw


def test_undo_is_disabled_after_a_battle_between_battalions(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)
    w = add_widget(nb, "duel", f"dw.DictatorWidget(game=dw.Game.from_scenario({DUEL}))")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1

    # A move shows nothing: Undo is enabled.
    w.locator("[data-battalion=A1]").click()
    expect(w).to_have_attribute("data-selected", "A1")
    click_and_wait(w, w.locator("[data-sector=c4].dw-target-move"))
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", "c4")
    _undo_enabled(nb, w, "duel")

    # A1 attacks B1: no choice for either side, the dice roll at once.
    expect(w.locator("[data-battalion=B1]")).to_have_attribute("data-action", "A1 attack B1")
    click_and_wait(w, w.locator("[data-battalion=B1]"))
    expect(w).to_have_attribute("data-current-player", "1")     # the battle ended A1's activation and the turn
    expect(w.locator("[data-testid=log]")).to_contain_text("Dice: attacker")
    assert nb.python("print([str(a) for a in duel.game.history], [e.kind for e in duel.game.log].count('roll'))") \
        == "['A1 move c4', 'A1 attack B1'] 1"
    nb.shot("rolled", n)
    _undo_refused(nb, w, "duel")


BOT_QUIET = ('{"battalions": {"A1": {"sector": "d4", "cards": ["T01", "T04", "T12"]}, '
             '"B1": {"sector": "g4", "cards": ["C01", "C02", "C03"]}}, "guilds": []}')
BOT_ROLLS = ('{"battalions": {"A1": {"sector": "d4", "cards": ["T01", "T04", "T12"]}, '
             '"B1": {"sector": "d5", "cards": ["C01", "C02", "C03"]}}, "guilds": ["c6"]}')


def test_hot_seat_undo_takes_back_a_bots_reply_unless_it_rolled(open_notebook: Any) -> None:
    nb = open_notebook(NOTEBOOK)

    # The bot only ends its activation: Undo takes back its reply and the human's end of turn.
    quiet = add_widget(nb, "quiet", f"dw.DictatorWidget(game=dw.Game.from_scenario({BOT_QUIET}), "
                                    "bots={1: 'greedy'}, bot_delay=0)")
    click_and_wait(quiet, quiet.locator("[data-action=end-turn]"))
    reply = _history(nb, "quiet")                 # e.g. ['end-turn', 'B1 move f4', 'B1 end']: no die, no draw
    assert reply.startswith("['end-turn', ") and reply.endswith("'B1 end']") and "attack" not in reply
    expect(quiet).to_have_attribute("data-current-player", "0")
    expect(quiet.locator("[data-testid=undo]")).to_be_enabled()
    assert nb.python("print(quiet.view['can_undo'], quiet.game.turn)") == "True 3"
    click_and_wait(quiet, quiet.locator("[data-testid=undo]"))
    assert nb.python("print([str(a) for a in quiet.game.history], quiet.game.turn)") == "[] 1"
    expect(quiet.locator("[data-testid=undo]")).to_be_disabled()

    # The bot attacks a Guild and rolls: the human's end of turn cannot be taken back any more.
    rolls = add_widget(nb, "rolls", f"dw.DictatorWidget(game=dw.Game.from_scenario({BOT_ROLLS}), "
                                    "bots={1: 'greedy'}, bot_delay=0)")
    n = nb.page.locator("[data-testid=dictator-widget]").count() - 1
    click_and_wait(rolls, rolls.locator("[data-action=end-turn]"))
    assert nb.python("g = rolls.game\nprint(str(g.history[1]), g.decider(1), g.reveals(1), g.turn)") == \
        "B1 attack guild c6 1 True 3"
    expect(rolls).to_have_attribute("data-current-player", "0")
    expect(rolls.locator("[data-testid=undo]")).to_be_disabled()
    assert nb.python("print(rolls.view['can_undo'])") == "False"
    nb.shot("bot-rolled", n)
    history = _history(nb, "rolls")
    rolls.locator("[data-testid=undo]").click(force=True)
    rolls.locator("[data-testid=status]").click()
    rolls.page.keyboard.press("u")
    expect(rolls.locator("[data-testid=error]")).to_contain_text("cannot undo")
    assert nb.python("print('cannot undo' in rolls.error)") == "True"
    assert _history(nb, "rolls") == history
