"""The view is JSON; every event reads in English and Russian."""

from __future__ import annotations

import json
import random

import dictator_widget as dw
from dictator_widget.engine.rules.log import messages


def _random_game(seed: int) -> dw.Game:
    game = dw.Game.new(seed=seed, placement="fixed")
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_every_event_kind_has_both_languages() -> None:
    for kind, texts in messages()["event"].items():
        assert texts["en"] and texts["ru"], kind


def test_whole_games_log_in_both_languages() -> None:
    kinds = set()
    for seed in range(12):
        game = _random_game(seed)
        for event in game.log:
            en, ru = event.text("en"), event.text("ru")
            assert en and ru and "{" not in en + ru
            kinds.add(event.kind)
    assert {"move", "attack", "roll", "damage", "turn", "over"} <= kinds


def test_the_view_is_json_and_round_trips() -> None:
    game = dw.Game.new(seed=4, placement="fixed")
    rng = random.Random(4)
    for _ in range(150):
        if game.is_over:
            break
        view = game.view()
        assert json.loads(json.dumps(view)) == view
        assert {a["notation"] for a in view["legal"]} == {str(a) for a in game.legal_actions()}
        other = 1 - (game.current_player or 0)
        assert game.view(other)["legal"] == []              # only the player who owes a decision
        game.apply(rng.choice(game.legal_actions()))


def test_the_view_shows_the_board_and_battalions() -> None:
    view = dw.Game.new(seed=2, placement="fixed").view(0)
    assert len(view["board"]["sectors"]) == 37 and len(view["board"]["guilds"]) == 8
    assert {b["label"] for b in view["battalions"]} == {"A1", "A2", "A3", "B1", "B2", "B3"}
    assert view["cards"]["T01"]["name"] == {"en": "WASP", "ru": "WASP"}
    assert view["players"][0]["energy"] == 6 and view["deck_size"] == 10


def test_missions_lists_the_playable_missions() -> None:
    assert "standard" in dw.missions()


def test_listeners_hear_every_apply_and_undo_but_not_copies() -> None:
    game = dw.Game.new(seed=3, placement="fixed")
    heard: list[int] = []
    game.add_listener(lambda g: heard.append(len(g.history)))
    game.apply(game.legal_actions()[0])
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    game.undo()
    assert heard == [1, 0]
    with __import__("pytest").raises(dw.IllegalAction):
        game.apply("A9 fly z9")
    assert heard == [1, 0]


def test_an_exchange_line_reads_unambiguously_with_a_comma_in_a_name() -> None:
    """Issue 18, item 10: who gives what, sides split by ';' and cards by '+' ("Typhia, the Rider" holds a comma)."""
    game = dw.Game.from_scenario({"battalions": {"B1": {"sector": "d4", "cards": ["C01", "C02"]},
                                                 "B3": {"sector": "d5", "cards": ["C07", "C03"]},
                                                 "A1": {"sector": "g4", "cards": ["T01"]}}, "player": 1})
    game.apply("B1 exchange B3 give C02 take C07")
    line = next(e for e in game.log if e.kind == "exchange")
    assert line.text("en") == "B1 and B3 exchange cards: B1 gives Agitator; B3 gives Typhia, the Rider."
    assert line.text("ru") == "B1 и B3 обмениваются картами: B1 отдаёт: Агитатор; B3 отдаёт: Всадница."
    game.undo()
    game.apply("B1 exchange B3 give C01 take C07,C03")
    line = [e for e in game.log if e.kind == "exchange"][-1]
    assert line.text("en") == "B1 and B3 exchange cards: B1 gives Phagocyte; B3 gives Typhia, the Rider + Genomorph."


def test_a_hirelings_discard_is_logged_once() -> None:
    """Issue 18, item 10: a full battalion's discard is one event (it was "discard" and then "dump")."""
    for discarded, hired in (("H07", True), ("H02", False)):        # a card of the battalion, or the new Hireling
        game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
                                                     "B1": {"sector": "g4", "cards": ["C01"]}},
                                      "guilds": ["d3"], "deck": ["H02", "H05"], "variants": {"guild_strength": 2}})
        for decision in ("A1 attack guild d3", "skip-roll", "hireling"):
            game.apply(decision)
        start = len(game.log)
        game.apply(f"discard {discarded}")
        kinds = [e.kind for e in game.log[start:]]
        assert kinds.count("discard") == 1 and "dump" not in kinds, kinds
        assert ("hireling" in kinds) == hired and discarded in game.state.dump
