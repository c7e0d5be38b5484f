"""Every error on bad input reads in English and in Russian, with the same facts (the bilingual rule).

* every key of ``cards/messages.toml``'s ``[error]`` table has both templates, with the same fields,
  and formats with them; every key the package raises exists, and every key is raised somewhere;
* errors pickle with both languages (process pools carry them);
* a sample of bad inputs, one family at a time: each error's Russian text has no Latin word but
  ids and notation (quoted, or holding a digit, a dot, a colon ...), and its English text is ``str()``.
"""

from __future__ import annotations

import json
import pickle
import random
import re
import string
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.engine.content.data import content_dir
from dictator_widget.engine.rules.errors import DictatorError, Message, error_table
from dictator_widget.engine.rules.vocabulary import TABLE_KINDS

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "dictator_widget"
CARDS = content_dir() / "cold-summer-2040"


def _keys(table: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, dict[str, str]]]:
    for name, value in table.items():
        if isinstance(value, dict) and "en" in value:
            yield prefix + name, value
        elif isinstance(value, dict):
            yield from _keys(value, prefix + name + ".")


KEYS = dict(_keys(error_table()))
UNTRANSLATED = {"detail"}
"""Fields only the English text prints: another library's English message (tomllib's "Expected ']]' ...")."""


def _fields(template: str) -> set[str]:
    return {name.split("!")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(KEYS))
def test_every_error_key_has_both_languages_with_the_same_fields(key: str) -> None:
    entry = KEYS[key]
    assert set(entry) == {"en", "ru"}, f"[error] {key}: expected en and ru, got {sorted(entry)}"
    assert all(entry[lang].strip() for lang in ("en", "ru")), f"[error] {key}: an empty template"
    en, ru = _fields(entry["en"]), _fields(entry["ru"])
    assert en - UNTRANSLATED == ru - UNTRANSLATED, f"[error] {key}: English {sorted(en)}, Russian {sorted(ru)}"
    message = Message(key, **{f: f"<{f}>" for f in en})
    for lang in ("en", "ru"):
        text = message.text(lang)
        assert all(f"<{f}>" in text for f in (en if lang == "en" else ru)), text


def _raised_keys() -> set[str]:
    sections = "|".join(error_table())
    pattern = re.compile(rf"[\"']((?:{sections})\.[a-z0-9_-]+)[\"']")
    return {m[1] for p in PACKAGE.rglob("*.py") for m in pattern.finditer(p.read_text(encoding="utf-8"))}


def test_every_key_the_package_raises_exists_and_every_key_is_raised() -> None:
    raised = _raised_keys()
    table_kinds = {f"table_kind.{k}" for k in TABLE_KINDS}      # explain.py names them from the action's kind
    assert not raised - set(KEYS), f"keys raised but not in cards/messages.toml [error]: {sorted(raised - set(KEYS))}"
    unused = set(KEYS) - raised - table_kinds
    assert not unused, f"[error] keys nothing raises: {sorted(unused)}"
    assert table_kinds <= set(KEYS)


def test_an_error_is_its_english_text_and_reads_in_russian() -> None:
    err = dw.IllegalAction("action.undo_nothing")
    assert str(err) == err.text("en") == "nothing to undo: no decision has been made yet"
    assert err.text("ru") == "нечего отменять: ещё не принято ни одного решения"
    with pytest.raises(ValueError, match="no language 'de'"):
        err.text("de")


def test_errors_pickle_with_both_languages() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    errors: list[DictatorError] = []
    for bad in (lambda: game.apply("A1 move z9"), lambda: dw.load_cards(CARDS, patch={"T01": {"strength": 2}}),
                lambda: game.undo()):
        with pytest.raises(DictatorError) as info:
            bad()
        errors.append(info.value)
    for err in errors:
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is type(err) and back.message == err.message
        assert (back.text("en"), back.text("ru")) == (err.text("en"), err.text("ru"))
        assert back.text("ru") != back.text("en")
    card = pickle.loads(pickle.dumps(errors[1]))
    assert isinstance(card, dw.CardDataError)
    assert (card.file, card.card, card.field) == ("the patch", "T01", "strength")
    assert card.expected == "a tunable parameter (strength is fixed by the rulebook's walkthrough)"


def test_a_russian_refusal_of_game_apply_says_the_russian_text() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    before = game.to_json()
    with pytest.raises(dw.IllegalAction) as info:
        game.apply("A1 move z9")
    assert info.value.text("ru") == "'A1 move z9': нет сектора z9"
    assert str(info.value) == "'A1 move z9': there is no sector z9"
    assert game.to_json() == before


# --- a sample of bad inputs: the Russian text has no Latin words but ids and notation -----------------

_QUOTED = re.compile(r"'[^']*'|«[^»]*»|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}")
_LATIN = re.compile(r"(?<![\w./-])[A-Za-z][\w./:#+=-]*")
NOTATION = {"TOML", "UTF-8", "JSON", "Python", "True", "False", "id", "tune", "dice", "seed", "chance", "placement",
            "turn_cap", "toml", "dict", "str", "int", "list", "Scenario", "Action", "variants"}
"""Words that are notation in a Russian text too: Python's names, argument names, file formats."""


def latin_words(text: str) -> list[str]:
    """The Latin words of ``text`` that are not ids or notation (quoted, or holding a digit, '.', ':' ...).

    >>> latin_words("'A1 move z9': нет сектора z9 (R14); move it")
    ['move', 'it']
    """
    words = _LATIN.findall(_QUOTED.sub(" ", text))
    return [w for w in words if not re.search(r"[\d._:/#+=-]", w) and w not in NOTATION]


def _apply_garbage(seed: int) -> Iterator[DictatorError]:
    rng = random.Random(seed)
    words = ["A1", "A2", "B1", "B2", "move", "attack", "guild", "exchange", "give", "take", "end", "end-turn",
             "pass", "damage", "hire", "T01", "T04", "C08", "H01", "T01:turbo-jump", "T04:acceleration",
             "C08:bio-bugs", "d4", "c4", "z9", "d3", "-", "T01,T02", "resign", "offer-draw", "accept-draw",
             "chance", "form", "1", "0", "5", "roll"]
    game = dw.Game.new(seed=seed, placement="fixed")
    for step in range(400):
        if game.is_over:
            break
        for _ in range(4):
            text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 4)))
            try:
                game.apply(text)
            except dw.IllegalAction as err:
                yield err
            else:
                game.undo()
        if step % 3 == 0 and not game.can_undo(1 - (game.current_player or 0)):
            yield from _expect(lambda: game.undo(1 - (game.current_player or 0)), dw.IllegalAction)
        game.apply(rng.choice(game.legal_actions()))
    yield from _expect(lambda: game.apply("A1 end"), dw.IllegalAction)
    yield from _expect(lambda: dw.Game.new(seed=seed).undo(), dw.IllegalAction)
    yield from _expect(lambda: setattr(game.state, "turn", 3), dw.FrozenError)
    yield from _expect(lambda: game.state.energy.append(1), dw.FrozenError)   # type: ignore[attr-defined]


def _expect(bad: Callable[[], object], kind: type[DictatorError]) -> Iterator[DictatorError]:
    with pytest.raises(kind) as info:
        bad()
    yield info.value


def _broken_card(tmp: Path, old: str, new: str) -> Callable[[], object]:
    text = (CARDS / "templars.toml").read_text(encoding="utf-8")
    assert old in text, old
    (tmp / "templars.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return lambda: dw.load_cards(tmp)


def _data_errors(tmp: Path) -> Iterator[DictatorError]:
    cards = {
        "strength": ('strength = ', 'strength = -'),
        "effect": ('effect = "', 'effect = "x'),
        "field": ('[[card]]\n', '[[card]]\nflavour = 1\n'),
        "toml": ('[[card]]', '[[card]'),
        "faction": ('faction = "templars"', 'faction = "knights"'),
    }
    for name, (old, new) in cards.items():
        folder = tmp / name
        folder.mkdir()
        yield from _expect(_broken_card(folder, old, new), dw.CardDataError)
    for patch in ({"T01": {"strength": 2}}, {"T02": {"strength": 9}}, {"X99": {"strength": 1}},
                  {"T02": {"flavour": 1}}, {"T02": 3}):
        yield from _expect(lambda patch=patch: dw.load_cards(CARDS, patch=patch), dw.CardDataError)   # type: ignore[misc]
    yield from _expect(lambda: dw.load_cards(tmp / "nowhere"), dw.CardDataError)


def _game_new_errors() -> Iterator[DictatorError]:
    from dictator_widget.agents import make_agent

    for spec in ("eassy", "mcts:iterations", "greedy:speed=3", 3):
        yield from _expect(lambda spec=spec: make_agent(spec), DictatorError)   # type: ignore[misc]
    for kwargs in ({"mission": "nowhere"}, {"mission": "training+chaos"}, {"placement": "random"},
                   {"turn_cap": 0}, {"seed": "x"}, {"dice": [7]}, {"players": 3}, {"chance": "x"}):
        yield from _expect(lambda kwargs=kwargs: dw.Game.new(**kwargs), DictatorError)   # type: ignore[misc]


def _scenario_errors(tmp: Path) -> Iterator[DictatorError]:
    good = {"battalions": {"A1": {"sector": "c4", "cards": ["T01"]}, "B1": {"sector": "e4", "cards": ["C01"]}}}
    bad: list[Any] = [
        [], {"battalions": {}, "weather": 1}, {}, {"battalions": 3}, {"battalions": {"A1": 5}},
        {"battalions": {"A1": {"sector": "c4", "cards": ["X1"]}}},
        {"battalions": {"A1": {"sector": "c4", "cards": ["T01"]}, "A2": {"sector": "c5", "cards": ["T01"]}}},
        {**good, "guilds": "c4"}, {**good, "guilds": ["z9"]},
        {"battalions": {"Q1": {"sector": "c4", "cards": ["T01"]}}},
        {"battalions": {"C1": {"sector": "c4", "cards": ["T01"]}}},
        {"battalions": {"A1": {"sector": "z9", "cards": ["T01"]}}},
        {"battalions": {"A1": {"sector": "c4", "cards": ["T01"]}, "A2": {"sector": "c4", "cards": ["T02"]}}},
        {"battalions": {"A1": {"sector": "c4", "cards": ["T01", "T02", "T03", "T04"]}}},
        {"battalions": {"A1": {"sector": "c4", "cards": ["T01"], "damaged": ["T02"]}}},
        {"battalions": {"A1": {"sector": "c4", "cards": ["T01"], "damaged": ["T01"]}}},
        {**good, "energy": [1]}, {**good, "order": [0, 0]}, {**good, "player": 5}, {**good, "acted": ["B1"]},
        {**good, "turn": 0}, {**good, "dice": [9]}, {**good, "seed": "x"}, {**good, "deck": ["T01"]},
    ]
    for scenario in bad:
        yield from _expect(lambda scenario=scenario: dw.Game.from_scenario(scenario), dw.ScenarioError)  # type: ignore[misc]
    (tmp / "bad.toml").write_text("battalions = 3\n", encoding="utf-8")
    yield from _expect(lambda: dw.Scenario.load(tmp / "bad.toml"), dw.ScenarioError)
    yield from _expect(lambda: dw.Scenario.load(tmp / "none.toml"), dw.ScenarioError)
    yield from _expect(lambda: dw.Game.from_scenario(3), dw.ScenarioError)  # type: ignore[arg-type]


def _save_errors() -> Iterator[DictatorError]:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    game.apply(game.legal_actions()[0])
    save = json.loads(game.to_json())
    for text in ("{", json.dumps({"format": "x"}), json.dumps({**save, "version": -1}),
                 json.dumps({**save, "rules": 3}), json.dumps({**save, "rules": {**save["rules"], "mission": "x"}}),
                 json.dumps({**save, "actions": ["A1 move z9"]}), json.dumps({**save, "actions": []}),
                 game.to_json(player=0)):
        yield from _expect(lambda text=text: dw.Game.from_json(text), dw.SaveFileError)   # type: ignore[misc]


def _variant_and_odds_errors() -> Iterator[DictatorError]:
    for variants in ({"zz": 1}, {"hirelings": 1}, {"guild_strength": 99}, {"catch_up": True},
                     {"energy_max": 2}, [1]):
        yield from _expect(lambda v=variants: dw.Game.new(variants=v), DictatorError)  # type: ignore[misc]
    game = dw.Game.new("standard", seed=7, placement="fixed")
    move = next(a for a in game.legal_actions() if a.kind == "move")
    yield from _expect(lambda: dw.battle_odds(game, move), dw.IllegalAction)
    game = dw.Game.from_scenario({"mission": "fog-of-war", "battalions": {"A1": {"sector": "c4", "cards": ["T01"]},
                                                                        "B1": {"sector": "c5", "cards": ["C01"]}}})
    attack = next(a for a in game.legal_actions() if a.kind == "attack")
    yield from _expect(lambda: dw.battle_odds(game, attack, policy="luck"), DictatorError)
    yield from _expect(lambda: dw.battle_odds(game, attack, seat=0, samples=0), DictatorError)


def _front_end_errors() -> Iterator[DictatorError]:
    from dictator_widget.serve.rooms import parse_message
    from dictator_widget.ui.messages import parse
    from dictator_widget.ui.widget_setup import apply_edit

    for content in (None, 42, {"type": 3}, {"type": "fly"}, {"type": "act"}, {"type": "act", "notation": 7},
                    {"type": "act", "notation": "  "}, {"type": "act", "notation": "A1", "twice": True},
                    {"type": "log", "from": 5, "to": 1}, {"type": "log", "from": True, "to": 3},
                    {"type": "set", "traits": {"view": {}}}, {"type": "undo", "twice": True}):
        yield from _expect(lambda content=content: parse(content), dw.IllegalAction)   # type: ignore[misc]
        yield from _expect(lambda content=content: parse(content, echo=False), dw.IllegalAction)  # type: ignore[misc]
    for text in ("{oops", "[1]", "", "x" * 20_000, b"\xff\xfe"):
        yield from _expect(lambda text=text: parse_message(text), DictatorError)   # type: ignore[misc]
    scenario = {"battalions": {"A1": {"sector": "c4", "cards": ["T01"], "damaged": []},
                               "B1": {"sector": "e4", "cards": ["C01"], "damaged": []}}}
    for edit in (3, {"op": "fly"}, {"op": "move", "label": "A9", "sector": "c5"},
                 {"op": "move", "label": "A1", "sector": "z9"}, {"op": "move", "label": "A1", "sector": "e4"},
                 {"op": "add-battalion", "sector": "c5", "owner": 7}, {"op": "add-card", "label": "A1", "card": "X9"},
                 {"op": "remove-card", "label": "A1", "card": "T02"}, {"op": "add-card", "label": "A1", "card": "C01"},
                 {"op": "energy", "player": 0, "value": -1}):
        yield from _expect(lambda edit=edit: apply_edit(scenario, edit, cards={"T01", "T02", "C01"}), DictatorError)  # type: ignore[misc]


def _experiment_errors(tmp: Path) -> Iterator[DictatorError]:
    from dictator_widget.experiments.ablation import blank_cards
    from dictator_widget.experiments.classroom import read_export
    from dictator_widget.experiments.tournament import tournament
    from dictator_widget.experiments.tune import tune

    for args in ((["greedy"], 1), ("greedy", 1), (["greedy", "greedy"], -1)):
        yield from _expect(lambda args=args: dw.simulate("standard", *args), DictatorError)   # type: ignore[misc]
    (tmp / "bots").mkdir()
    (tmp / "bots" / "a.py").write_text("x = 1\n", encoding="utf-8")
    for folder in (tmp / "nowhere", tmp, tmp / "bots"):
        yield from _expect(lambda folder=folder: tournament(folder), DictatorError)   # type: ignore[misc]
    for kwargs in ({"objectives": ["luck"]}, {"trials": 0}, {"params": ["X9.strength"]}):
        yield from _expect(lambda kwargs=kwargs: tune(**kwargs), DictatorError)   # type: ignore[misc]
    (tmp / "export.json").write_text("{oops", encoding="utf-8")
    for source in (tmp / "none.json", tmp / "export.json"):
        yield from _expect(lambda source=source: read_export(source), DictatorError)   # type: ignore[misc]
    yield from _expect(lambda: blank_cards(["X9"], tmp / "blank"), DictatorError)


SAMPLES: dict[str, Callable[[Path], Iterator[DictatorError]]] = {
    "simulate, tournament, tune, class exports": _experiment_errors,
    "front-end messages and set-up edits": lambda tmp: _front_end_errors(),
    "scenarios": _scenario_errors,
    "saves": lambda tmp: _save_errors(),
    "variants and odds": lambda tmp: _variant_and_odds_errors(),
    "Game.apply and Game.undo on garbage": lambda tmp: (e for seed in (1, 2, 3) for e in _apply_garbage(seed)),
    "card files and patches": _data_errors,
    "Game.new arguments and bots": lambda tmp: _game_new_errors(),
}


@pytest.mark.parametrize("family", sorted(SAMPLES))
def test_sampled_errors_read_in_russian_without_english_words(family: str, tmp_path: Path) -> None:
    keys: set[str] = set()
    for err in SAMPLES[family](tmp_path):
        assert str(err) == err.text("en")
        assert err.message.key, f"{type(err).__name__} raised with plain English text: {err}"
        ru = err.text("ru")
        assert not latin_words(ru), f"{type(err).__name__} {err.message.key}: English words {latin_words(ru)} in «{ru}»"
        keys.add(err.message.key)
    assert keys, family


def test_the_sample_finds_an_english_word(tmp_path: Path) -> None:
    """The Latin check is not blind: a Russian template left in English is caught."""
    table = tomllib.loads((content_dir() / "messages.toml").read_text(encoding="utf-8"))["error"]
    assert latin_words(table["why"]["no_sector"]["en"].format(sector="z9")) == ["there", "is", "no", "sector"]
