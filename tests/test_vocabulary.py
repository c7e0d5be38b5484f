"""One vocabulary (issue 20): every kind of decision has its notation and its handler in one place,
and the words are string-valued enums, so JSON and notation are unchanged."""

from __future__ import annotations

import json
import random

import pytest

import dictator_widget as dw
from dictator_widget.engine.rules.table import HANDLERS
from dictator_widget.engine.rules.vocabulary import KINDS, Decision, EndReason, Kind, Step


def test_every_kind_has_a_notation_and_a_handler() -> None:
    assert set(KINDS) == set(Kind)
    assert set(HANDLERS) == set(Kind) - {Kind.CHANCE}      # chance outcomes are the game's own


def test_every_action_met_in_play_reads_back_from_its_notation_and_is_a_kind() -> None:
    seen: set[str] = set()
    for mission in ("standard", "chaos", "triumvirate", "regrouping"):
        for seed in (0, 3):
            variants = {"catch_up": True, "alternating_activation": True} if seed == 3 else None
            game = dw.Game.new(mission, seed=seed, variants=variants)
            rng = random.Random(seed)
            while not game.is_over:
                assert game.decision in set(Decision)
                legal = game.legal_actions()
                for a in legal:
                    assert dw.Action.parse(str(a)) == a
                    seen.add(a.kind)
                game.apply(rng.choice(legal))
            assert game.end_reason in set(EndReason)
    assert seen <= set(Kind) and len(seen) >= 15


def test_the_words_stay_strings_in_json() -> None:
    assert json.dumps([Kind.ATTACK_GUILD, Step.ACTIVATION, EndReason.TURN_CAP]) == \
        '["attack-guild", "activation", "turn-cap"]'
    game = dw.Game.new(seed=2, turn_cap=1, placement="fixed")
    game.apply("end-turn")
    assert game.end_reason == "turn-cap" and json.loads(game.to_json())["state"]["outcome"][0] == "turn-cap"


def test_every_event_kind_has_its_texts_and_every_text_a_kind() -> None:
    """One vocabulary of events (issue 38): ``EventKind`` is ``cards/messages.toml``'s [event] table, and
    every event the engine logs is one of its members (a misspelt kind fails where it is logged)."""
    from dictator_widget.engine.rules.log import Event, messages
    from dictator_widget.engine.rules.vocabulary import EventKind

    table = messages()["event"]
    assert set(table) == {k.value for k in EventKind}
    assert all(set(table[k]) == {"en", "ru"} for k in table)
    game = dw.Game.new("standard", seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert all(type(e.kind) is EventKind for e in game.log) and len({e.kind for e in game.log}) >= 15
    with pytest.raises(ValueError, match="no event kind 'atack'"):
        Event("atack", {"battalion": "A1", "target": "B1"})
