"""Exact battle odds: hand-checked cases, refusals, and agreement with 5,000 simulated battles."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import dictator_widget as dw
from dictator_widget.engine.views.odds import simulate_battles


def _battle(a: list[str], b: list[str] | None, energy: tuple[int, int] = (6, 6), mission: str = "standard",
            **kw: Any) -> tuple[dw.Game, str]:
    bats = {"A1": {"sector": "d4", "cards": a}, "B9": {"sector": "g4", "cards": ["C11"]}}
    if b is not None:
        bats["B1"] = {"sector": "e4", "cards": b}
    scenario = {"mission": mission, "battalions": bats, "energy": list(energy),
                "guilds": [] if b is not None else ["e4"], **kw}
    return dw.Game.from_scenario(scenario), "A1 attack B1" if b is not None else "A1 attack guild e4"


def test_odds_of_a_plain_battle_by_hand() -> None:
    game, attack = _battle(["T12", "T06"], ["H07"])                  # 3 against 3, no actions
    odds = dw.battle_odds(game, attack)
    assert odds["win"] == pytest.approx(15 / 36) and odds["draw"] == pytest.approx(6 / 36)
    assert odds["policy"] == "greedy" and odds["energy_spent"] == [0, 0]


def test_odds_against_a_guild_that_cannot_win() -> None:
    game, attack = _battle(["H07", "H01", "H03"], None)             # 10 against 3: the roll is skipped
    assert dw.battle_odds(game, attack)["win"] == 1.0


def test_odds_leave_the_game_untouched_and_refuse_non_attacks() -> None:
    game, attack = _battle(["T04", "T01"], ["C08", "C04"])
    before = game.to_json()
    dw.battle_odds(game, attack, policy="best")
    assert game.to_json() == before
    with pytest.raises(dw.IllegalAction, match="does not start a battle"):
        dw.battle_odds(game, "A1 move c4")
    with pytest.raises(dw.IllegalAction):
        dw.battle_odds(game, "A1 attack B9")
    with pytest.raises(ValueError, match="unknown policy"):
        dw.battle_odds(game, attack, policy="lucky")


def test_best_is_never_worse_for_the_attacker_when_only_the_attacker_chooses() -> None:
    game, attack = _battle(["T04", "T02", "T05"], ["H07"])
    greedy, best = dw.battle_odds(game, attack), dw.battle_odds(game, attack, policy="best")
    assert best["win"] >= greedy["win"] - 1e-12


def _varied(i: int) -> tuple[dw.Game, str]:
    """Battle number i of 20: random armies from the whole set, Energy limits, Guilds, hidden cards."""
    rng = random.Random(1000 + i)
    cards = dw.load_cards()
    pool = [c for c in cards if c not in ("C11",)]
    rng.shuffle(pool)
    a = [pool.pop() for _ in range(rng.randint(1, 3))]
    b = None if i % 4 == 3 else [pool.pop() for _ in range(rng.randint(1, 3))]
    energy = (rng.randint(0, 4), rng.randint(0, 4))
    mission = "fog-of-war" if i % 5 == 4 else "standard"
    return _battle(a, b, energy, mission)


@pytest.mark.parametrize("i", range(20))
def test_exact_odds_agree_with_5000_simulated_battles(i: int) -> None:
    """Within four standard errors of the simulated rate (at most 2.8 pp): a mis-modelled action or
    policy moves the odds by more."""
    game, attack = _varied(i)
    odds = dw.battle_odds(game, attack)
    battles = 5_000
    simulated = simulate_battles(game, attack, battles=battles, seed=i)
    for k in ("win", "draw"):
        p = odds[k]
        within = 4 * math.sqrt(max(0.0, p * (1 - p)) / battles) + 1e-9
        assert abs(p - simulated[k]) <= within, (attack, k, odds, simulated)
