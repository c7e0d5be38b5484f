"""Tunable card numbers: what card data declares, and patches laid over the shipped set."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import dictator_widget as dw
from dictator_widget.engine.content.tuning import parameters, patch_toml, write_cards

# docs/rules.md, "What the rulebook's walkthrough fixes about cards": every number it names.
WALKTHROUGH_FACTS = {
    "T01": ["strength", "turbo-jump.range"], "T04": ["strength", "acceleration.cost", "acceleration.amount"],
    "T10": ["strength", "aimed-shot.cost"], "C04": ["strength", "acid-spray.cost", "corrosion.cost"],
    "C08": ["strength", "bio-bugs.cost"], "C03": ["strength"], "C10": ["strength", "big-brother.count"],
    "C07": ["strength"], "C06": ["strength"], "C11": ["strength"], "C12": ["strength", "siphon.amount"],
    "C02": ["strength"],
}


def test_the_walkthroughs_numbers_are_declared_fixed_and_nothing_fixed_is_tunable() -> None:
    cards = dw.load_cards()
    for cid, paths in WALKTHROUGH_FACTS.items():
        assert set(paths) <= cards[cid].fixed, cid
    for c in cards.values():
        assert not c.fixed & set(c.tunable) and set(c.tunable) | c.fixed <= set(parameters(c))
    assert sum(len(c.tunable) for c in cards.values()) >= 60


def test_a_patch_changes_only_what_it_names_from_a_file_or_a_table(tmp_path: Path) -> None:
    table = {"T02": {"strength": 3, "barrage": {"cost": 2}}, "C09": {"drain.amount": 3}}
    file = tmp_path / "patch.toml"
    file.write_text(patch_toml({"T02": {"strength": 3, "barrage.cost": 2}, "C09": {"drain.amount": 3}}), "utf-8")
    shipped = dw.load_cards()
    for patched in (dw.load_cards(patch=table), dw.load_cards(patch=file)):
        assert patched["T02"].strength == 3 and patched["T02"].actions[0].cost == 2
        assert patched["C09"].actions[0].params == {"amount": 3}
        assert patched["T02"].actions[0].params == shipped["T02"].actions[0].params
        assert all(patched[c] == shipped[c] for c in shipped if c not in ("T02", "C09"))
    assert dw.load_cards()["T02"].strength == shipped["T02"].strength      # the shipped set is untouched


@pytest.mark.parametrize(("patch", "message"), [
    ({"X99": {"strength": 1}}, "card X99: expected a card of the set"),
    ({"T01": {"strength": 2}}, "card T01: field 'strength': expected a tunable parameter .strength is fixed"),
    ({"C08": {"bio-bugs.cost": 1}}, "field 'bio-bugs.cost': expected a tunable parameter .bio-bugs.cost is fixed"),
    ({"T02": {"strength": 9}}, r"field 'strength': expected a whole number from 1 to 3 .the card's tune range., got 9"),
    ({"T02": {"strength": "3"}}, "expected a whole number from 1 to 3"),
    ({"T02": {"speed": 1}}, "field 'speed': expected a parameter one of the card's parameters"),
    ({"T12": {"strength": 2, "heavy-armour.types": 1}}, "field 'heavy-armour.types'"),
    ({"T02": 3}, r"card T02: expected a table \[T02\]"),
])
def test_a_bad_patch_says_which_card_and_field(patch: dict[str, object], message: str) -> None:
    with pytest.raises(dw.CardDataError, match=message):
        dw.load_cards(patch=patch)


def test_a_bad_patch_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[T02\nstrength = 3\n", "utf-8")
    with pytest.raises(dw.CardDataError, match="bad.toml: expected valid TOML"):
        dw.load_cards(patch=bad)
    bad.write_text("[T02]\nstrength = 0\n", "utf-8")
    with pytest.raises(dw.CardDataError, match="bad.toml: card T02: field 'strength'"):
        dw.load_cards(patch=bad)


@pytest.mark.parametrize(("declared", "message"), [
    ('tune = { speed = [1, 2] }', "field 'tune.speed': expected one of the card's parameters"),
    ('tune = { strength = [3, 4] }', "field 'tune.strength': expected a range holding the card's value 2"),
    ('tune = { strength = [2, 1] }', r"field 'tune.strength': expected \[lowest, highest\]"),
    ('tune = { strength = [1, 3] }\nfixed = ["strength"]', "field 'fixed': expected parameters not also declared"),
    ('fixed = ["speed"]', "field 'fixed': expected parameters of the card"),
])
def test_bad_declarations_are_reported_with_the_file_card_and_field(tmp_path: Path, declared: str,
                                                                      message: str) -> None:
    (tmp_path / "mine.toml").write_text(
        'faction = "templars"\n[[card]]\nid = "T90"\nname = { en = "X", ru = "Икс" }\ntype = "mech"\n'
        f'strength = 2\ntext = {{ en = "x", ru = "икс" }}\n{declared}\n', "utf-8")
    with pytest.raises(dw.CardDataError, match=f"mine.toml: card T90: {message}"):
        dw.load_cards(tmp_path)


def test_a_patched_set_written_as_a_folder_plays(tmp_path: Path) -> None:
    patched = dw.load_cards(patch={"T07": {"strength": 4}, "C01": {"strength": 3}})
    folder = write_cards(patched.values(), tmp_path / "set")
    again = dw.load_cards(folder)
    assert all(replace(again[c], file="") == replace(patched[c], file="") for c in patched)
    game = dw.Game.new("standard", seed=2, cards=str(folder))
    assert game.cards["T07"].strength == 4 and game.cards["C01"].strength == 3
