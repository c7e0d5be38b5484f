"""The public ``Game`` is the contract (docs/design.md) and what users rely on, nothing that can
break the rules: adding a public name is a decision, recorded here with its reason."""

from __future__ import annotations

import pytest

import dictator_widget as dw

DECIDED = {
    # the contract of docs/design.md
    "new": "build a mission", "num_players": "seats", "current_player": "who owes the decision",
    "legal_actions": "every legal option", "parse_action": "notation to action", "apply": "make a decision",
    "undo": "take one back", "is_over": "end", "winner": "end", "clone": "cheap copy",
    "to_json": "save", "from_json": "load", "view": "what a seat may see", "log": "events (en/ru)",
    "board": "the networkx graph",
    # what users rely on besides
    "end_reason": "how it ended", "turn": "turn number", "decision": "the kind of decision owed",
    "history": "the decisions made", "rules": "the fixed rules (frozen)", "cards": "the card set in play",
    "geometry": "sectors, zones, Guild sites", "mission": "the mission's data", "variant": "a variant's value",
    "state": "the position, to read (bots, views)", "from_scenario": "start from a position",
    "to_scenario": "this position as a scenario", "can_undo": "undo per seat", "reveals": "undo per seat",
    "decider": "who made a decision", "add_listener": "the widget's refresh",
    "remove_listener": "the widget's refresh",
    # chance as data (issue 20)
    "is_chance": "a chance event pending", "chance_outcomes": "its outcomes and probabilities",
    # resign and agreed draw (issue 36): outside legal_actions, so bots and adapters keep their action spaces
    "table_actions": "resign, offer, accept or decline a draw",
}


def test_the_public_names_of_game_are_the_decided_ones() -> None:
    public = {n for n in dir(dw.Game) if not n.startswith("_")}
    assert public - DECIDED.keys() == set(), "a public name was added without a decision: list it in DECIDED"
    assert DECIDED.keys() - public == set(), "a decided name is gone: update DECIDED (and the docs)"


@pytest.mark.parametrize("name", ["place", "damage", "remove_battalion", "record", "gain", "drain", "discard",
                                  "begin_turn", "end_activation", "check_victory", "reveal"])
def test_no_mutator_is_public(name: str) -> None:
    assert not hasattr(dw.Game.new(seed=1), name)


def test_state_and_rules_are_read_only_attributes() -> None:
    game = dw.Game.new(seed=1)
    for name in ("state", "rules", "cards", "geometry", "mission"):
        with pytest.raises(AttributeError):
            setattr(game, name, None)
