"""Card files are checked on load; a malformed one names the file, the card and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

import dictator_widget as dw

GOOD = '''faction = "templars"

[[card]]
id = "X01"
name = { en = "Drill", ru = "Бур" }
type = "mech"
strength = 2
text = { en = "A drilling machine.", ru = "Буровая машина." }
[[card.action]]
id = "bore"
name = { en = "Bore", ru = "Бурение" }
phase = "strength"
cost = 1
effect = "strength"
params = { amount = 2, side = "own" }
text = { en = "+2 Strength.", ru = "+2 к Силе." }
'''


def _write(tmp_path: Path, text: str | bytes, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_a_teachers_card_loads_and_plays(tmp_path: Path) -> None:
    cards = dw.load_cards(_write(tmp_path, GOOD))
    assert cards["X01"].name["ru"] == "Бур" and "T01" in cards
    assert cards["X01"].phases == ("strength",)


def test_a_card_with_a_shipped_id_replaces_it(tmp_path: Path) -> None:
    cards = dw.load_cards(_write(tmp_path, GOOD.replace('"X01"', '"T01"')))
    assert cards["T01"].name["en"] == "Drill"


BAD = [
    # (what is changed, replacement, words the message must contain)
    ('effect = "strength"', 'effect = "teleport"', ["X01", "effect", "teleport"]),
    ("strength = 2\n", "", ["X01", "strength"]),
    ("strength = 2\n", "strength = -1\n", ["X01", "strength", "-1"]),
    ("strength = 2\n", 'strength = "two"\n', ["X01", "strength"]),
    ('phase = "strength"', 'phase = "lunch"', ["X01", "phase", "lunch"]),
    ('phase = "strength"', 'phase = "maneuvers"', ["X01", "phase", "strength"]),
    ('type = "mech"', 'type = "dragon"', ["X01", "type", "dragon"]),
    ("cost = 1", "cost = -2", ["X01", "cost"]),
    ("cost = 1", "cost = 99", ["X01", "cost"]),
    ("cost = 1", 'cost = "one"', ["X01", "cost"]),
    ("cost = 1\n", "", ["X01", "cost"]),
    ('name = { en = "Drill", ru = "Бур" }', 'name = { en = "Drill" }', ["X01", "name"]),
    ('ru = "Буровая машина."', 'ru = ""', ["X01", "text"]),
    ('id = "X01"', 'id = "x"', ["id"]),
    ('faction = "templars"', 'faction = "pirates"', ["faction", "pirates"]),
    ('params = { amount = 2, side = "own" }', 'params = { amount = 2 }', ["X01", "side"]),
    ('params = { amount = 2, side = "own" }', 'params = { amount = 2, side = "theirs" }', ["X01", "side"]),
    ('params = { amount = 2, side = "own" }', 'params = { amount = 99, side = "own" }', ["X01", "amount"]),
    ('params = { amount = 2, side = "own" }', 'params = { amount = 2, side = "own", colour = 1 }',
     ["X01", "colour"]),
    ('id = "bore"', 'id = "Bore Hole"', ["X01", "id"]),
    ("strength = 2\n", "strength = 2\nwings = 2\n", ["X01", "wings"]),
    ('effect = "strength"', 'effect = "strength"\nwhen = ["sometimes"]', ["X01", "when"]),
    ("[[card.action]]", "[[card.action]]\n[[card.action]]", ["X01"]),
    ('faction = "templars"', 'faction = "templars"\ncard = 3', ["card"]),
    ("[[card]]", "[[card]", ["TOML"]),
]


@pytest.mark.parametrize(("old", "new", "words"), BAD, ids=[b[1][:30] for b in BAD])
def test_malformed_cards_raise_card_data_error(tmp_path: Path, old: str, new: str, words: list[str]) -> None:
    assert old in GOOD
    folder = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(dw.CardDataError) as info:
        dw.load_cards(folder)
    message = str(info.value)
    assert "mine.toml" in message
    for word in words:
        assert word in message, (word, message)


def test_duplicate_ids_in_ones_own_cards(tmp_path: Path) -> None:
    _write(tmp_path, GOOD, "a.toml")
    _write(tmp_path, GOOD, "b.toml")
    with pytest.raises(dw.CardDataError, match="X01.*not used before"):
        dw.load_cards(tmp_path)


def test_non_utf8_file(tmp_path: Path) -> None:
    with pytest.raises(dw.CardDataError, match="UTF-8"):
        dw.load_cards(_write(tmp_path, GOOD.encode("cp1251")))


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(dw.CardDataError, match="existing folder"):
        dw.load_cards(tmp_path / "nowhere")


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    folder = _write(tmp_path, GOOD)
    assert dw.load_cards(folder)["X01"].strength == 2
    _write(tmp_path, GOOD.replace("strength = 2", "strength = 5"))
    assert dw.load_cards(folder)["X01"].strength == 5


PASSIVE = '''[[card.passive]]
id = "plating"
name = { en = "Plating", ru = "Обшивка" }
effect = "guard"
params = { types = ["infantry"] }
text = { en = "Guards infantry.", ru = "Прикрывает пехоту." }
'''

MISSPELT = [
    # (what is changed, replacement, the end of the English error, the end of the Russian one)
    ("strength = 2", "strenght = 2",
     "card X01: field 'strenght': expected a known field: did you mean 'strength'? (the field 'strength' is missing)",
     "карта X01: поле «strenght»: ожидалось: известное поле: может быть, «strength»? (поля «strength» нет)"),
    ("cost = 1", "cots = 1",
     "card X01: field 'action bore.cots': expected a known field: did you mean 'cost'? (the field 'cost' is missing)",
     "карта X01: поле «action bore.cots»: ожидалось: известное поле: может быть, «cost»? (поля «cost» нет)"),
    ('faction = "templars"', 'fraction = "templars"',
     "mine.toml: field 'fraction': expected a known field: did you mean 'faction'? (the field 'faction' is missing)",
     "mine.toml: поле «fraction»: ожидалось: известное поле: может быть, «faction»? (поля «faction» нет)"),
    ("strength = 2\n", "strength = 2\nflavour = 1\n",
     "card X01: field 'flavour': expected one of the fields ['id', 'name', 'text', 'type', 'strength', 'action', "
     "'passive', 'faction', 'tune', 'fixed'] (there is no such field)",
     "карта X01: поле «flavour»: ожидалось: одно из полей ['id', 'name', 'text', 'type', 'strength', 'action', "
     "'passive', 'faction', 'tune', 'fixed'] (такого поля нет)"),
    ("[[card.action]]", PASSIVE.replace('effect = "guard"', 'efect = "guard"\neffect = "guard"') + "[[card.action]]",
     "card X01: field 'passive[0].efect': expected one of the fields ['id', 'name', 'text', 'effect', 'params'] "
     "(there is no such field)",
     "карта X01: поле «passive[0].efect»: ожидалось: одно из полей ['id', 'name', 'text', 'effect', 'params'] "
     "(такого поля нет)"),
]


@pytest.mark.parametrize(("old", "new", "en", "ru"), MISSPELT, ids=[m[1][:20] for m in MISSPELT])
def test_a_misspelt_or_unknown_field_is_named_with_the_field_it_misses(tmp_path: Path, old: str, new: str, en: str,
                                                                       ru: str) -> None:
    """``strenght = 3`` said only "field 'strength': expected a whole number": it names the unknown key, and the
    missing field it is near, in both languages; an unknown key with nothing near lists the fields there are."""
    assert old in GOOD
    with pytest.raises(dw.CardDataError) as info:
        dw.load_cards(_write(tmp_path, GOOD.replace(old, new, 1)))
    assert info.value.text("en").endswith(en), info.value.text("en")
    assert info.value.text("ru").endswith(ru), info.value.text("ru")
    assert "mine.toml" in info.value.text("ru")


def test_the_loader_knows_the_fields_of_the_schema_and_every_card_file_here_uses_only_them() -> None:
    import json

    from dictator_widget.engine.content.cards import ACTION_FIELDS, CARD_FIELDS, FILE_FIELDS, PASSIVE_FIELDS

    root = Path(__file__).resolve().parents[1]
    schema = json.loads((root / "dictator_widget" / "card.schema.json").read_text(encoding="utf-8"))
    assert set(FILE_FIELDS) == set(schema["properties"])
    for fields, kind in ((CARD_FIELDS, "card"), (ACTION_FIELDS, "action"), (PASSIVE_FIELDS, "passive")):
        assert set(fields) == set(schema["$defs"][kind]["properties"]), kind
    assert len(dw.load_cards()) == len(dw.load_cards(root / "docs" / "balance" / "original"))
    assert len(dw.load_cards(root / "docs" / "balance" / "before")) == len(dw.load_cards())
