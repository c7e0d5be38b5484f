"""Helpers that click like a person: a widget added in a new cell, a click that waits for the
kernel's answer, and the rulebook set-up (R9, M1) played by clicks."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, Literal

from playwright.sync_api import Locator, expect

from .labserver import SCRATCH

BOARD = tomllib.loads((Path(__file__).resolve().parents[2] / "cards" / "board.toml").read_text(encoding="utf-8"))
#: The Starting Zones in the order of cards/board.toml, each with its sectors in placement order
#: (a player's first battalion stands on the first sector): what ``placement="fixed"`` uses.
ZONES: dict[str, list[str]] = {name: list(z["sectors"]) for name, z in BOARD["zones"].items()}
SETUP_DECISIONS = ("zone", "deploy")


def add_widget(nb: Any, name: str, code: str) -> Locator:
    """Shows a new widget ``name`` (made by ``code``) in a new cell; returns its locator."""
    before = nb.page.locator("[data-testid=dictator-widget]").count()
    nb.cell(f"import dictator_widget as dw\n{name} = {code}\ndisplay({name})")
    widgets = nb.page.locator("[data-testid=dictator-widget]")
    expect(widgets).to_have_count(before + 1)
    w: Locator = widgets.nth(before)
    expect(w.locator("[data-testid=board], [data-testid=screen]").first).to_be_visible()
    w.scroll_into_view_if_needed()
    return w


def click_and_wait(w: Locator, target: Locator) -> None:
    """Clicks and waits until the kernel's answer is drawn (the widget's revision changes)."""
    rev = w.get_attribute("data-rev") or ""
    target.click()
    expect(w).not_to_have_attribute("data-rev", rev)


def attack_guild(w: Locator, battalion: str, sector: str) -> None:
    """Selects ``battalion`` and clicks the Guild token at ``sector`` (an attack by clicks)."""
    w.locator(f"[data-battalion={battalion}]").click()
    expect(w).to_have_attribute("data-selected", battalion)
    click_and_wait(w, w.locator(f"[data-guild={sector}]"))


#: The notebook the tests' widgets are added to, and a scenario: A1 (Strength 8) next to a Guild of Strength 2 at
#: d3, its battalion full, the Hireling deck H02 then H05.
NOTEBOOK = SCRATCH
HIRELING = ('{"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]}, '
            '"B1": {"sector": "g4", "cards": ["C01"]}}, "guilds": ["d3"], "deck": ["H02", "H05"], '
            '"variants": {"guild_strength": 2}}')   # A1 is 8 in the balanced set: 8+1 beats 2+6


def lit_sectors(w: Locator) -> set[str]:
    """The sectors of the board lit as targets now."""
    return {s.get_attribute("data-sector") or "" for s in w.locator(".dw-sector.dw-target").all()}


def set_up_by_clicks(w: Locator, by: Literal["board", "button"] = "board") -> list[str]:
    """Plays the rulebook set-up by clicks, to the positions of ``placement="fixed"``.

    The initiative winner takes the zone that the fixed placement gives them (player ``i`` the
    ``i``-th zone of cards/board.toml); each player places their tokens on their zone's sectors in
    the zone's order (the engine places the forced last one). Clicks the lit sector of the board,
    or with ``by="button"`` the set-up panel's button. A bot's decisions are waited for. Returns the
    notations clicked, in order, and leaves the widget at the first activation.
    """
    order = [sector for sectors in ZONES.values() for sector in sectors]
    zones = list(ZONES)
    opening = w.locator("[data-testid=opening]")
    clicked: list[str] = []
    for _ in range(40):
        rev = w.get_attribute("data-rev") or ""
        decision = w.get_attribute("data-decision")
        if decision not in SETUP_DECISIONS:
            break
        if decision == "zone":
            player = int(w.get_attribute("data-current-player") or 0)
            notations = [f"zone {zones[player]}"]
        else:
            lit = w.locator(".dw-sector[data-action*=' deploy ']")
            by_sector = {s.get_attribute("data-sector"): s.get_attribute("data-action") for s in lit.all()}
            notations = [by_sector[s] or "" for s in order if s in by_sector]
        n = notations[0] if notations else ""
        target = (w.locator(f".dw-sector.dw-target[data-action='{n}']") if by == "board"
                  else opening.locator(f"button[data-action='{n}']")).first   # a zone has three sectors
        if not n or target.count() == 0:                # not ours to decide (a bot's): wait for it
            expect(w).not_to_have_attribute("data-rev", rev, timeout=30_000)
            continue
        click_and_wait(w, target)
        clicked.append(n)
    expect(w).to_have_attribute("data-decision", re.compile(r"^(?!zone$|deploy$)"))
    return clicked


def choose_zone_by_clicks(w: Locator) -> str:
    """The game's first decision (R9: the initiative winner's Starting Zone) by a click on the board's
    first lit zone sector; waits for the answer; returns the notation clicked."""
    expect(w).to_have_attribute("data-decision", "zone")
    target = w.locator(".dw-sector.dw-target[data-action^='zone ']").first
    notation = target.get_attribute("data-action") or ""
    click_and_wait(w, target)
    expect(w).not_to_have_attribute("data-decision", "zone")
    return notation


def click_through_a_redraw(w: Locator, target: Locator) -> None:
    """Clicks ``target`` with a redraw of the widget between the button's press and its release (Esc redraws;
    so do the kernel's answer, a page of the log or a step of a battle's playback); waits for the kernel's
    answer. A redraw replaces the buttons: one that came mid-click swallowed the click, until redraws waited
    for the pointer to come up."""
    rev = w.get_attribute("data-rev") or ""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page = w.page
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    page.mouse.up()
    expect(w).not_to_have_attribute("data-rev", rev)
