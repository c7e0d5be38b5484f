"""The whole card set: schema, reference page, design coverage, and random armies from all cards."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from invariants import check

import dictator_widget as dw
from dictator_widget.engine.content.data import content_dir
from dictator_widget.engine.content.reference import reference
from dictator_widget.engine.rules.effects import EFFECTS

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "dictator_widget" / "card.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def jsonschema() -> Any:
    """jsonschema, imported by the tests that use it, not when the file is collected: its IRI format check builds
    a grammar at import (2.7 CPU-s in every worker that collects this file)."""
    import jsonschema

    return jsonschema


@pytest.mark.parametrize("path", sorted((content_dir() / "cold-summer-2040").glob("*.toml")), ids=lambda p: p.name)
def test_shipped_card_files_match_the_schema(path: Path, jsonschema: Any) -> None:
    jsonschema.validate(tomllib.loads(path.read_text(encoding="utf-8")), SCHEMA)


def test_the_schema_rejects_what_the_loader_rejects(jsonschema: Any) -> None:
    bad = {"faction": "templars", "card": [{"id": "X1", "name": {"en": "A"}, "type": "dragon",
                                            "strength": -1, "text": {"en": "a", "ru": "б"}}]}
    errors = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(bad))
    assert len(errors) >= 3


def test_the_card_reference_page_is_up_to_date() -> None:
    assert (ROOT / "docs" / "card-reference.md").read_text(encoding="utf-8") == reference()


def test_the_set_is_designed_not_filled_in() -> None:
    cards = dw.load_cards()
    for phase in ("maneuvers", "condition", "strength", "collision", "damage"):
        assert sum(phase in c.phases for c in cards.values()) >= 3, phase
    assert {c.type for c in cards.values()} == {"infantry", "par-infantry", "mech", "bio-mech"}
    used = {a.effect for c in cards.values() for a in c.actions}
    assert used == set(EFFECTS), "every effect is used by a shipped card"
    assert len({c.name["en"] for c in cards.values()}) == len(cards)
    assert len({c.name["ru"] for c in cards.values()}) == len(cards)


def _random_armies(seed: int) -> dw.Game:
    """Two armies of three battalions dealt at random from every Templar and Synclith card."""
    cards = dw.load_cards()
    rng = random.Random(seed)
    pool = cards.of("templars") + cards.of("synclith")
    rng.shuffle(pool)
    hirelings = cards.of("hirelings")
    rng.shuffle(hirelings)
    zones = [("b4", "a4", "a5"), ("f4", "g4", "g3")]
    battalions = {}
    for p, letter in enumerate("AB"):
        for i in range(3):
            size = rng.choice([2, 3])
            battalions[f"{letter}{i + 1}"] = {"sector": zones[p][i], "cards": [pool.pop() for _ in range(size)]}
    return dw.Game.from_scenario({"battalions": battalions, "seed": seed, "deck": hirelings,
                                  "player": rng.randrange(2)})


def test_random_armies_from_all_cards_exercise_every_effect() -> None:
    cards = dw.load_cards()
    effects_used: set[str] = set()
    for seed in range(60):
        game = _random_armies(seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            check(game)
        for event in game.log:
            if event.kind in ("use", "use_target"):
                ability = next(a for a in cards[event.args["card"]].actions if a.id == event.args["ability"])
                effects_used.add(ability.effect)
    assert effects_used == set(EFFECTS)
