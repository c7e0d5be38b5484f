"""Chance as data: ``Game.new(..., chance="explicit")`` stops at every die and draw (issue 20)."""

from __future__ import annotations

import random

import pytest

import dictator_widget as dw
from dictator_widget.agents import heuristics
from dictator_widget.engine.rules.dice import ROLL, Dice
from dictator_widget.engine.rules.log import ALL
from dictator_widget.engine.views.odds import battle_odds, policy_player


def _settle(game: dw.Game, source: Dice) -> None:
    """Give every pending chance event the outcome the seeded source would have drawn."""
    while game.is_chance:
        outcomes = game.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert len({str(o) for o, _ in outcomes}) == len(outcomes)
        assert game.current_player is None and game.legal_actions() == [] and game.decision == "chance"
        _, kind, n = game.state.awaiting  # type: ignore[misc]
        game.apply(f"chance {source._next() % n + (1 if kind == ROLL else 0)}")


@pytest.mark.parametrize("mission", ["standard", "chaos", "fog-of-war", "triumvirate", "training"])
def test_explicit_chance_given_the_seeds_outcomes_plays_the_sampled_game(mission: str) -> None:
    for seed in range(3):
        variants = {"d10_collision": True} if mission == "standard" and seed == 1 else None
        sampled = dw.Game.new(mission, seed=seed, variants=variants)
        explicit = dw.Game.new(mission, seed=seed, variants=variants, chance="explicit")
        source, rng = Dice(seed), random.Random(seed)
        _settle(explicit, source)
        while not sampled.is_over:
            action = rng.choice(sampled.legal_actions())
            sampled.apply(action)
            explicit.apply(str(action))
            _settle(explicit, source)
        assert explicit.log.texts("en", ALL) == sampled.log.texts("en", ALL)
        assert explicit.is_over and explicit.winner == sampled.winner


def test_a_die_is_a_chance_event_of_the_rules_faces() -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T04"]},
                                                 "B1": {"sector": "e4", "cards": ["C08"]}},
                                  "variants": {"d10_collision": True}}).clone(chance="explicit")
    game.apply("A1 attack B1")
    while not game.is_chance:
        game.apply("pass")
    assert [str(o) for o, _ in game.chance_outcomes()] == [f"chance {v}" for v in range(1, 11)]
    assert game.chance_outcomes()[0][1] == pytest.approx(0.1)


def test_chance_outcomes_undo_save_and_refusals() -> None:
    game = dw.Game.new("standard", seed=5, chance="explicit")
    assert game.is_chance and game.state.awaiting == ("set-up", "draw", 10)
    with pytest.raises(dw.IllegalAction, match="chance event waits"):
        game.apply("zone green")
    with pytest.raises(dw.IllegalAction, match="outcomes 'chance 0' .. 'chance 9'"):
        game.apply("chance 10")
    rng = random.Random(1)
    for _ in range(120):
        if game.is_over:
            break
        options = [o for o, _ in game.chance_outcomes()] or game.legal_actions()
        game.apply(rng.choice(options))
    again = dw.Game.from_json(game.to_json())
    assert again.state.to_json() == game.state.to_json() and again.history == game.history
    while game.history:
        game.undo()
    assert game.state.awaiting == ("set-up", "draw", 10) and game.log == []
    with pytest.raises(dw.IllegalAction, match="no chance event is pending"):
        dw.Game.new(seed=5).apply("chance 1")


@pytest.mark.parametrize("attack", ["A1 attack B1", "A1 attack guild d5"])
def test_odds_enumerated_through_chance_events_equal_battle_odds(attack: str) -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T12", "T06"]},
                                                 "B1": {"sector": "e4", "cards": ["H07", "C08"]}},
                                  "guilds": ["d5"]})
    chooser = policy_player(game, attack)
    explicit = game.clone(history=False, chance="explicit")
    explicit.apply(attack)
    totals = {"win": 0.0, "draw": 0.0, "loss": 0.0}
    frontier = [(1.0, explicit)]
    while frontier:                       # the policy at decisions, every outcome at chance events
        p, g = frontier.pop()
        if g.is_chance:
            for outcome, q in g.chance_outcomes():
                h = g.clone()
                h.apply(outcome)
                frontier.append((p * q, h))
        elif g.state.step == "battle" and not g.is_over:
            g.apply(chooser.choose(g))
            frontier.append((p, g))
        else:
            ends = [e for e in g.log if e.kind in ("winner", "guild_wins", "draw")]
            assert len(ends) == 1
            won = ends[0].kind == "winner" and ends[0].args["battalion"] == "A1"
            totals["win" if won else "draw" if ends[0].kind == "draw" else "loss"] += p
    odds = battle_odds(game, attack)
    assert sum(totals.values()) == pytest.approx(1.0)
    assert totals == pytest.approx({k: odds[k] for k in totals})


def test_the_bots_battle_estimates_use_the_rules_die() -> None:
    assert heuristics.p_win(5) > heuristics.p_win(5, die=10) == pytest.approx(0.85)
    spec = {"battalions": {"A1": {"sector": "d4", "cards": ["T04"]}, "B1": {"sector": "e4", "cards": ["C08"]}}}
    six = dw.Game.from_scenario(spec)
    ten = dw.Game.from_scenario({**spec, "variants": {"d10_collision": True}})
    a1, b1 = (six.state.battalions[x] for x in ("A1", "B1"))
    assert heuristics.attack_value(six, a1, b1) != heuristics.attack_value(ten, a1, b1)
    from dictator_widget.agents import MCTSAgent
    faces = {f for pair in MCTSAgent(seed=0, iterations=100)._stratify(ten) for f in pair}
    assert faces == set(range(1, 11))


def test_a_seat_sees_the_game_before_the_set_up_shuffle_and_never_the_seed() -> None:
    game = dw.Game.new("standard", seed=1, chance="explicit")
    view = game.view(0)                       # the set-up's first shuffle waits for its outcome
    assert view["decision"] == "chance" and view["current_player"] is None
    sampled = dw.Game.new("standard", seed=1)
    assert sampled.view(0)["seed"] is None and sampled.view(1)["seed"] is None   # it would tell the deck's order
    assert sampled.view()["seed"] == 1
