"""The view's schema, written once (ui/view_schema.py): what is sent has that shape, and the
front end's types are generated from it."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Union

import pytest

import dictator_widget as dw
from dictator_widget.agents import make_agent
from dictator_widget.engine.views.view_shapes import CardView, GameView
from dictator_widget.ui import view_schema
from dictator_widget.ui.view_schema import ScreenView, SeatView, WidgetBoard
from dictator_widget.ui.widget import DictatorWidget


def conforms(value: Any, hint: Any, where: str = "view") -> list[str]:
    """Where ``value`` departs from the annotation ``hint`` (TypedDicts: exactly their keys)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return []
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is NotRequired:
        return conforms(value, args[0], where)
    if origin in (Union, types.UnionType):
        options = [conforms(value, a, where) for a in args]
        return [] if any(not o for o in options) else min(options, key=len)
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} not in {args}"]
    if isinstance(hint, type) and typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: not an object"]
        hints = typing.get_type_hints(hint, include_extras=True)
        required = {k for k, h in hints.items() if typing.get_origin(h) is not NotRequired}
        errors = [f"{where}: missing {k!r}" for k in sorted(required - set(value))]
        errors += [f"{where}: unknown {k!r}" for k in sorted(set(value) - set(hints))]
        for k in set(value) & set(hints):
            errors += conforms(value[k], hints[k], f"{where}.{k}")
        return errors
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [e for i, v in enumerate(value) for e in conforms(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not an object"]
        return [e for k, v in value.items() for e in conforms(v, args[1], f"{where}[{k!r}]")]
    if hint is float:
        return [] if isinstance(value, int | float) and not isinstance(value, bool) else [f"{where}: {value!r}"]
    if hint is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r} not int"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]


def test_the_generator_writes_each_shape() -> None:
    ts = view_schema.typescript()
    assert "export interface SeatView extends Position {\n  guilds: string[];" in ts
    assert "  winner: \"attacker\" | \"defender\" | \"draw\" | null;" in ts
    assert "  cards: (string | null)[];" in ts
    assert "  cancelled?: string[][];" in ts
    assert "  legal: LegalRow[];" in ts and "export type View = SeatView | ScreenView;" in ts


def test_the_checker_finds_a_departure() -> None:
    """The shape check of the tests below can fail."""
    w = DictatorWidget(seed=1, placement="fixed")
    good = dict(w.view)
    assert conforms(good, SeatView) == []
    bad = {**good, "turn": "1", "extra": 0}
    del bad["guilds"]
    assert conforms(bad, SeatView) == ["view: missing 'guilds'", "view: unknown 'extra'", "view.turn: '1' not int"]


@pytest.mark.parametrize("mission", ["standard", "fog-of-war", "triumvirate"])
def test_what_is_sent_has_the_schemas_shape(mission: str) -> None:
    """Over random games: every view, board and card sent, and the engine's view, have their schema's shape."""
    game = dw.Game.new(mission, seed=4)
    w = DictatorWidget(game, lang="ru")
    agent = make_agent("random", seed=2)
    kinds = set()
    for step in range(160):
        if game.is_over:
            break
        view = w.view
        if view.get("screen") is not None:
            assert conforms(view, ScreenView) == []
            kinds.add("screen")
            w.receive({"type": "take-seat"})
            continue
        assert conforms(view, SeatView) == []
        kinds.add("battle" if view["battle"] else "last_battle" if view["last_battle"] else "plain")
        if step % 40 == 0:
            assert conforms(w.board, WidgetBoard) == []
            assert conforms(game.view(game.current_player), GameView, "game.view") == []
            assert conforms(game.view(), GameView, "game.view") == []
        w.receive({"type": "act", "notation": str(agent.act(game))})
        assert w.error == ""
    for cid, facts in w.cards.items():
        assert conforms(facts, CardView, f"cards[{cid}]") == []
    assert {"plain", "battle", "last_battle"} <= kinds
    assert ("screen" in kinds) == (mission == "fog-of-war")
