"""Playing in real JupyterLab by clicking alone, checking the kernel after each step."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .clicks import click_and_wait, set_up_by_clicks

# 01-play.ipynb shows the Skirmish first (widget 0), then the Standard game of seed 7 these tests play (widget 1),
# the game with a bot (widget 2).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("lab-1")]


def test_a_full_activation_by_clicks(open_notebook: Any) -> None:
    nb = open_notebook("01-play.ipynb")
    w = nb.widget(1)
    clicked = set_up_by_clicks(w)                    # the rulebook set-up (R9, M1), as placement="fixed"
    n = len(clicked)
    assert nb.python("print([str(a) for a in widget.game.history])") == str(clicked)
    assert nb.python("fixed = dw.Game.new(mission='standard', seed=7, placement='fixed').state.battalions\n"
                     "print(widget.game.state.battalions == fixed)") == "True"
    nb.shot("start")
    expect(w.locator("[data-testid=status]")).to_contain_text("Player 1")

    # Select A1: its legal destinations light up.
    w.locator("[data-battalion=A1]").click()
    expect(w.locator("[data-sector=c4].dw-target-move")).to_be_visible()
    w.locator("[data-ability='T01:turbo-jump']").click()              # arm WASP's special move
    expect(w.locator("[data-sector=e4].dw-target-special")).to_be_visible()
    nb.shot("armed")
    w.locator("[data-sector=e4]").click()
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", "e4")
    assert nb.python(f"print([str(a) for a in widget.game.history[{n}:]])") == "['A1 T01:turbo-jump e4']"

    # Attack the adjacent enemy battalion B1.
    w.locator("[data-battalion=B1]").click()
    battle = w.locator("[data-testid=battle]")
    expect(battle).to_have_attribute("data-live", "true")
    assert nb.python("print(widget.game.decision, widget.game.state.battle is not None)") \
        .endswith("True")
    nb.shot("battle")

    # Step through every battle phase: pass, or choose the card to damage.
    seen: set[str] = set()
    for _ in range(12):
        if w.get_attribute("data-decision") == "activation":
            break
        expect(battle).to_have_attribute("data-playing", "false")      # the steps of the last click are all shown
        seen.add(battle.get_attribute("data-phase") or "")
        expect(w.locator("[data-action=skip-roll]")).to_have_count(0)    # the dice can matter: they just roll
        damage = w.locator("[data-action^='damage ']")
        if damage.count():
            nb.shot("damage")
            choice = damage.first.get_attribute("data-action")
            rev = w.get_attribute("data-rev")
            damage.first.click()
            expect(w).not_to_have_attribute("data-rev", rev or "")
            damaged = nb.python("print(sorted(widget.game.state.damaged))")
            assert (choice or "").split()[1] in damaged
        else:
            rev = w.get_attribute("data-rev")
            w.locator("[data-action=pass]").click()
            expect(w).not_to_have_attribute("data-rev", rev or "")
    expect(w).to_have_attribute("data-decision", "activation")
    assert {"strength", "damage"} <= seen
    expect(battle).to_have_attribute("data-live", "false")             # the last battle stays readable
    expect(battle.locator("[data-testid=total-attacker]")).not_to_have_text("–")
    kinds = nb.python(f"print(' '.join(a.kind for a in widget.game.history[{n}:]))")
    assert kinds.startswith("use attack")
    log = nb.python("print(widget.game.log[-1].text('en'))")
    expect(w.locator("[data-testid=log] li").last).to_have_text(log)

    # A1's activation ended with its battle; A2 moves and ends its activation by hand.
    expect(w.locator("[data-battalion=A1]")).to_have_class(re.compile("dw-acted"))
    w.locator("[data-battalion=A2]").click()
    w.locator("[data-sector=b3]").click()
    w.locator("[data-action='A2 end']").click()
    expect(w.locator("[data-battalion=A2]")).to_have_class(re.compile("dw-acted"))
    assert nb.python("print(str(widget.game.history[-1]))") == "A2 end"
    w.locator("[data-testid=undo]").click()                            # undo brings it back
    expect(w.locator("[data-action='A2 end']")).to_be_visible()
    assert nb.python("print(str(widget.game.history[-1]))") == "A2 move b3"
    nb.shot("done")


def test_python_moves_show_and_bad_messages_are_visible(open_notebook: Any) -> None:
    nb = open_notebook("01-play.ipynb")
    w = nb.widget(1)
    n = len(set_up_by_clicks(w, by="button"))
    nb.python("widget.game.apply('A1 move c4')")
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", "c4")
    nb.python("widget.game.undo()")
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", "b4")
    nb.python("widget.receive({'type': 'act', 'notation': 'A1 fly z9'})")   # as a bad front end would
    expect(w.locator("[data-testid=error]")).to_contain_text("A1 fly z9")
    assert nb.python("print(len(widget.game.history))") == str(n)
    with pytest.raises(AssertionError, match=r"IllegalAction: .*A1 fly z9"):      # from Python: the kernel's error
        nb.python("widget.game.apply('A1 fly z9')")
    assert nb.python("print(len(widget.game.history))") == str(n)
    nb.shot("error")


def test_keyboard_play(open_notebook: Any) -> None:
    nb = open_notebook("01-play.ipynb")
    w = nb.widget(1)
    n = len(set_up_by_clicks(w))
    markdown = nb.page.locator(".jp-Notebook .jp-MarkdownCell").count()
    w.locator("[data-testid=status]").click()        # the widget takes the keyboard
    nb.page.keyboard.press("1")                      # select the first battalion, A1
    expect(w).to_have_attribute("data-selected", "A1")
    w.locator("[data-sector=c4]").focus()            # a lit destination is a tab stop
    nb.page.keyboard.press("Enter")
    expect(w.locator("[data-battalion=A1]")).to_have_attribute("data-at", "c4")
    nb.page.keyboard.press("n")                      # end the activation
    expect(w.locator("[data-battalion=A1]")).to_have_class(re.compile("dw-acted"))
    assert nb.python(f"print([str(a) for a in widget.game.history[{n}:]])") == "['A1 move c4', 'A1 end']"
    w.locator("[data-testid=status]").click()
    nb.page.keyboard.press("u")
    expect(w.locator("[data-action='A1 end']")).to_be_visible()
    # JupyterLab did not take the keys: the notebook's cells are unchanged (no heading cell)
    assert nb.page.locator(".jp-Notebook .jp-MarkdownCell").count() == markdown
    assert nb.python("print(len(widget.game.history))") == str(n + 1)


def test_russian_and_the_dark_theme(open_notebook: Any) -> None:
    nb = open_notebook("01-play.ipynb")
    w = nb.widget(1)
    set_up_by_clicks(w)
    # A redraw changes the elements in place (js/dom.ts, morph): the board, a sector and the language button drawn
    # before are the ones in the page after, now in Russian.
    kept = [w.locator(f"[data-testid={k}]").element_handle() for k in ("board", "lang")]
    kept.append(w.locator("[data-sector=c4]").element_handle())
    w.locator("[data-testid=lang]").click()
    expect(w).to_have_attribute("data-lang", "ru")
    expect(w.locator("[data-testid=status]")).to_contain_text("Игрок 1 решает")
    assert [e.evaluate("e => e.isConnected") for e in kept] == [True, True, True]
    assert (kept[0].get_attribute("aria-label"), kept[1].text_content()) == ("Диктатор-Контроль", "English")
    expect(w.locator("[data-testid=log] li").last).to_have_text("Ход 1: Игрок 1.")
    assert nb.python("print(widget.lang)") == "ru"
    w.locator("[data-battalion=A1]").click()
    expect(w.locator("[data-testid=selected]")).to_contain_text("Персей")
    w.locator("[data-sector=c4]").click()
    expect(w.locator("[data-testid=log] li").last).to_have_text("A1 перемещается в c4.")
    nb.shot("ru")

    # JupyterLab's dark theme: the widget follows it.
    light = _background(w)
    page = nb.page
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).click()
    page.locator(".lm-Menu-itemLabel").get_by_text("JupyterLab Dark", exact=True).click()
    expect(page.locator("body[data-jp-theme-light=false]")).to_have_count(1)
    for _ in range(50):
        if _background(w) != light:
            break
        page.wait_for_timeout(100)
    assert sum(light) > 600 and sum(_background(w)) < 200, (light, _background(w))
    nb.shot("ru-dark")
    # The theme is a setting of the session's JupyterLab: back to light for the tests after this one.
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).click()
    page.locator(".lm-Menu-itemLabel").get_by_text("JupyterLab Light", exact=True).click()
    expect(page.locator("body[data-jp-theme-light=true]")).to_have_count(1)


def _background(w: Any) -> tuple[int, ...]:
    css = w.evaluate("el => getComputedStyle(el).backgroundColor")
    return tuple(int(x) for x in re.findall(r"\d+", css)[:3])


def test_against_a_bot(open_notebook: Any) -> None:
    nb = open_notebook("01-play.ipynb")
    w = nb.widget(2)
    expect(w.locator("[data-testid=board]")).to_be_visible()
    w.scroll_into_view_if_needed()
    set_up_by_clicks(w)                              # the bot places its own tokens
    w.locator("[data-battalion=A1]").click()
    w.locator("[data-sector=c4]").click()
    w.locator("[data-action='A1 end']").click()
    w.locator("[data-action=end-turn]").click()
    expect(w.locator("[data-testid=status]")).to_contain_text("bot")           # it thinks visibly
    go_on = w.locator("[data-control=continue]")
    settled = 0
    for _ in range(300):                        # ... then hands back; each battle of its waits for Continue
        if go_on.count():
            click_and_wait(w, go_on)            # the kernel's answer drawn: a Continue seen now is the next one
            settled = 0
        elif w.get_attribute("data-current-player") == "0":
            settled += 1                        # the turn may come back before the last battle's Continue shows
            if settled == 5:
                break
        nb.page.wait_for_timeout(100)
    expect(w).to_have_attribute("data-current-player", "0")
    expect(go_on).to_have_count(0)
    moved = nb.python("h = [str(a) for a in bot_widget.game.history]\n"         # after the set-up
                      "print(sum(1 for a in bot_widget.game.history[h.index('A1 move c4'):] "
                      "if a.battalion.startswith('B') or a.kind == 'end-turn'))")
    assert int(moved) >= 2
    assert nb.python("print(type(bot_widget.bots[1]).__name__)") == "GreedyAgent"   # issue 18: a real opponent
    nb.shot("bot", 2)
