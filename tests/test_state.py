"""The position: each field declared once (slots, copy, JSON, scenario's exact part), frozen once a decision
is carried out, containers included; old saves load and save byte for byte."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import dictator_widget as dw
from dictator_widget.engine.rules import fields, state
from dictator_widget.engine.rules.errors import FrozenError
from dictator_widget.engine.rules.fields import FrozenDict, FrozenList
from dictator_widget.engine.rules.game import edit
from dictator_widget.engine.rules.state import EXACT, Battle, State

SAVES = Path(__file__).parent / "saves"


def frozen_through(s: State) -> bool:
    """Is ``s`` frozen, with its battle and dice, and is every field's container a frozen one?"""
    parts = [s] + ([s.battle] if s.battle is not None else [])
    for r in parts:
        for f in r.FIELDS:
            v = getattr(r, f.name)
            if f.codec.freeze(v) is not v:      # freezing it again would make a new container
                return False
    return s.frozen and (s.battle is None or s.battle.frozen) and type(s.dice).__name__ == "_FrozenDice"


def games() -> list[dw.Game]:
    """Random games through every step: split (roll-off), zone, draft, form, deploy, battles, rewards, the end."""
    out = []
    for mission, kw in [("chaos", {"variants": {"exhaustion": True, "siege_tokens": True}}),
                        ("fog-of-war+regrouping", {"chance": "explicit"}),
                        ("standard", {"variants": {"roll_off_setup": True, "alternating_activation": True,
                                                   "catch_up": True}}),
                        ("standard", {})]:
        game = dw.Game.new(mission, seed=3, turn_cap=30, **kw)
        rng = random.Random(3)
        while not game.is_over:
            game.apply(rng.choice([a for a, _ in game.chance_outcomes()] if game.is_chance else game.legal_actions()))
        out.append(game)
    return out


def test_each_record_holds_the_declarations_its_table_gives() -> None:
    """``scripts/records.py`` writes each record's slots, attributes and copy from its table; state.py holds
    them as written (edit the table, then run the script)."""
    source = Path(fields.__file__).with_name("state.py").read_text()
    for cls, table in [(Battle, "BATTLE"), (State, "STATE")]:
        assert fields.declarations(cls.__name__, table, getattr(state, table)) in source, \
            f"{cls.__name__}: run python scripts/records.py"
        assert cls.FIELDS is getattr(state, table)


def test_a_record_refuses_a_field_it_does_not_declare() -> None:
    s = dw.Game.new("standard", seed=7, placement="fixed").state.copy()
    with pytest.raises(AttributeError):
        s.enegry = [1, 2]                       # type: ignore[attr-defined]


def test_every_position_of_a_game_is_frozen_containers_included() -> None:
    steps = set()
    for game in games():
        snapshots = [*game._history.before, game.state]
        for s in snapshots:
            assert frozen_through(s), s.to_json()
            steps.add(str(s.step))
    assert steps >= {"split", "zone", "draft", "form", "deploy", "activation", "battle", "reward", "over"}


def test_a_position_refuses_every_change_and_stays_as_it_was() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed")
    rng = random.Random(7)
    while game.state.battle is None:
        game.apply(rng.choice(game.legal_actions()))
    s = game.state
    b = s.battle
    before = game.to_json()
    changes = [
        lambda: setattr(s, "turn", 3),
        lambda: setattr(s, "energy", [1, 1]),
        lambda: delattr(s, "deck"),
        lambda: s.zones.__setitem__(0, "red"),
        lambda: s.energy.append(3),
        lambda: s.deck.pop(),
        lambda: s.battalions.__setitem__("A1", s.battalions["A2"]),
        lambda: s.battalions.pop("A1"),
        lambda: s.marks.update({"T01": 0}),
        lambda: s.dice.roll(6),
        lambda: setattr(b, "stage", 2),
        lambda: b.mods.__setitem__(0, 5),
    ]
    for change in changes:
        with pytest.raises(FrozenError):
            change()
    with pytest.raises(AttributeError):
        s.guilds.add("a1")                      # type: ignore[attr-defined]   # a frozenset
    assert game.to_json() == before


def test_a_copy_has_every_field_and_may_change_its_own() -> None:
    game = games()[2]
    for before in game._history.before[::37]:
        copy = before.copy()
        assert not copy.frozen and copy.to_json() == before.to_json()
        assert all(getattr(copy, f.name) is getattr(before, f.name) for f in State.FIELDS
                   if f.codec.copy == "share")                         # shared: frozen, so never changed
        copy.turn += 1                                                 # a copy is the engine's to change
        assert before.turn == copy.turn - 1


def test_the_declarations_give_the_json_the_exact_part_and_the_slots() -> None:
    s = dw.Game.new("standard", seed=7, placement="fixed").state
    saved = [f.name for f in State.FIELDS if f.derived is None and not (f.optional and getattr(s, f.name) is None)]
    assert list(s.to_json()) == saved
    for cls in State, Battle:                   # compiled, a class lists its attributes in __mypyc_attrs__
        declared = getattr(cls, "__mypyc_attrs__", None) or cls.__slots__
        assert [n for n in declared if not n.startswith("__")] == [f.name for f in cls.FIELDS]
    assert EXACT == ("active", "moved", "used", "battle", "step", "pending", "hiring", "dice", "outcome", "hands",
                     "zones", "pool", "revealed", "sieges", "exhausted", "waits", "done", "marks", "awaiting", "offer")
    assert State.from_json(s.to_json()).to_json() == s.to_json()
    assert all(f.doc for f in State.FIELDS + Battle.FIELDS)


@pytest.mark.parametrize("name", sorted(p.stem for p in SAVES.glob("*.json")))
def test_saves_written_before_the_declarations_load_and_save_byte_for_byte(name: str) -> None:
    text = (SAVES / f"{name}.json").read_text(encoding="utf-8")
    game = dw.Game.from_json(text)
    assert game.to_json() == text
    assert frozen_through(game.state)


def test_edit_makes_the_containers_frozen_and_an_error_leaves_the_position() -> None:
    game = dw.Game.new("standard", seed=7, placement="fixed").clone(history=False)
    legal = game.legal_actions()
    with edit(game) as s:
        s.energy = [1, 12]                                             # type: ignore[assignment]
        s.battalions = {**s.battalions}                                # type: ignore[assignment]
    assert type(game.state.energy) is FrozenList and type(game.state.battalions) is FrozenDict
    assert frozen_through(game.state) and game.legal_actions() != [] and game.state.energy == [1, 12]
    before = game.state
    with pytest.raises(KeyError), edit(game) as s:
        s.turn = 99
        raise KeyError("no")
    assert game.state is before and game.state.turn != 99
    assert legal


def test_a_frozen_position_crosses_a_process_pool() -> None:
    """A process pool returns positions by pickle: one reads back equal and frozen, dice and battle included."""
    import pickle

    game = dw.Game.new("fog-of-war", seed=3)
    while game.state.battle is None and not game.is_over:
        game.apply(game.legal_actions()[-1])
    back = pickle.loads(pickle.dumps(game.state))
    assert back.to_json() == game.state.to_json() and back.frozen
    assert pickle.loads(pickle.dumps(game)).legal_actions() == game.legal_actions()
