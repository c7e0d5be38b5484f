"""Issue 36, item 9: the Russian log agrees in case and number over whole recorded games, checked against the
catalogue's forms (cards/messages.toml [forms]): no card name in the nominative after a verb that governs the
accusative («отправляет Пиявка»), no plural name with a singular verb («Штурмкнехты применяет») or the reverse."""

from __future__ import annotations

import re

import pytest

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.engine.rules.log import messages

#: Verbs of the log that take a direct object (the accusative) and verbs that agree in number with their subject.
GOVERN_ACCUSATIVE = ("ставит", "забирает", "отправляет")
AGREE = (("применяет", "применяют"), ("уходит", "уходят"), ("присоединяется", "присоединяются"))


def agreement_errors(lines: list[str], game: dw.Game) -> list[str]:
    """Each line with a card name in the wrong case or number, as the catalogue's forms tell them."""
    forms = messages()["forms"]
    found = []
    for cid in game.cards:
        nom = game.cards[cid].name["ru"]
        acc = forms.get(cid, {}).get("ru", {}).get("acc", nom)
        many = bool(forms.get(cid, {}).get("plural", False))
        name = re.escape(nom)
        wrong = [rf"\b{verb} {name}(?=[ .,])" for verb in GOVERN_ACCUSATIVE] if acc != nom else []
        wrong += [rf"(?<![\w-]){name} {sg if many else pl}\b" for sg, pl in AGREE]
        found += [f"{cid}: {line}" for line in lines for pattern in wrong if re.search(pattern, line)]
    return found


def greedy_game(mission: str, seed: int) -> dw.Game:
    game = dw.Game.new(mission, seed=seed, placement="fixed")
    bots = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    while not game.is_over:
        game.apply(bots[game.current_player].act(game))
    return game


@pytest.mark.parametrize(("mission", "seed"), [("standard", 5), ("chaos", 0)])
def test_a_whole_games_russian_log_agrees_with_the_catalogues_forms(mission: str, seed: int) -> None:
    game = greedy_game(mission, seed)
    lines = game.log.texts("ru")
    assert not agreement_errors(lines, game), agreement_errors(lines, game)[:5]
    # The game holds the cases the check is about: it would fail on a catalogue that glued nominatives.
    spoken = "\n".join(lines)
    assert "Штурмкнехты применяют" in spoken
    assert (mission == "standard") == ("отправляет" in spoken)
    english = "\n".join(game.log.texts("en"))
    assert "Assault Turcopoles use " in english and "Assault Turcopoles uses" not in english


def test_forms_cover_every_card_and_the_hidden_card() -> None:
    """Every card with a declinable name has its cases; a face-down card reads «закрытую карту» after a verb."""
    forms = messages()["forms"]
    game = dw.Game.new("standard", seed=1)
    undeclined = {"T01"}                                  # WASP
    for cid in game.cards:
        if cid not in undeclined:
            assert set(forms[cid]["ru"]) == {"gen", "dat", "acc", "ins"}, cid
    event = dw.engine.rules.log.Event("discard", {"battalion": "B1", "card": "C09"},
                                {"C09": {"en": "Leech", "ru": "Пиявка"}}, {"card": 1})
    assert event.text("ru", viewer=1) == "B1 отправляет Пиявку в Отбой."
    assert event.text("ru", viewer=0) == "B1 отправляет закрытую карту в Отбой."
