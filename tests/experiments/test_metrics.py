"""Design metrics against small tables worked out by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from dictator_widget.experiments import metrics


@pytest.fixture
def table() -> pd.DataFrame:
    """Six 2-player games between agent 0 (greedy) and agent 1 (random), seats rotating.

    game  seats  first  winner  end           turns  p0 army    p1 army
    0     0,1    0      0       annihilation  10     T01 T02    C01
    1     1,0    0      1       annihilation  20     T01        C01 H01
    2     0,1    1      0       annihilation  30     T01 H01    C01
    3     1,0    1      -       turn-cap      200    T01        C01
    4     0,1    0      -       mutual        40     T01        C01
    5     1,0    1      0       annihilation  50     T01        C01 H01
    """
    return pd.DataFrame({
        "game": range(6), "seed": [11, 12, 13, 14, 15, 16], "players": 2, "agents": "greedy,random",
        "seats": ["0,1", "1,0"] * 3,
        "p0_agent": [0, 1, 0, 1, 0, 1], "p1_agent": [1, 0, 1, 0, 1, 0],
        "p0_name": ["greedy", "random"] * 3, "p1_name": ["random", "greedy"] * 3,
        "p0_faction": "templars", "p1_faction": "synclith",
        "first_player": [0, 0, 1, 1, 0, 1],
        "winner": pd.array([0, 1, 0, None, None, 0], dtype="Int64"),
        "end_reason": ["annihilation"] * 3 + ["turn-cap", "mutual", "annihilation"],
        "turns": [10, 20, 30, 200, 40, 50], "decisions": [100, 200, 300, 2000, 400, 500],
        "p0_army": ["T01 T02", "T01", "T01 H01", "T01", "T01", "T01"],
        "p1_army": ["C01", "C01 H01", "C01", "C01", "C01", "C01 H01"],
    })


def test_wilson_interval_by_hand() -> None:
    lo, hi = metrics.wilson(8, 10)
    # p = 0.8, z = 1.96: centre (0.8 + 0.19208) / 1.38415 = 0.71678; half 1.96 * sqrt(0.016 + 0.0096) / 1.38415
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert metrics.wilson(5, 10)[0] == pytest.approx(1 - metrics.wilson(5, 10)[1])
    assert metrics.wilson(0, 0) == (0.0, 1.0)


def test_win_rate_per_agent(table: pd.DataFrame) -> None:
    rates = metrics.win_rates(table, "agent")
    # agent 0 wins games 0 (p0), 1 (p1 is agent 0), 2 (p0); game 5 winner p0 = agent 1
    assert rates.loc[0, "name"] == "greedy"
    assert rates.loc[0, ["games", "wins", "draws", "turn_cap", "decisive"]].tolist() == [6, 3, 1, 1, 4]
    assert rates.loc[1, "wins"] == 1
    assert rates.loc[0, "win_rate"] == pytest.approx(0.5)
    assert rates.loc[0, "decisive_rate"] == pytest.approx(0.75)
    assert (rates.loc[0, "lo"], rates.loc[0, "hi"]) == pytest.approx(metrics.wilson(3, 6))


def test_win_rate_per_seat_and_faction(table: pd.DataFrame) -> None:
    seats = metrics.win_rates(table, "seat")
    assert seats["wins"].tolist() == [3, 1]                # player 0 wins games 0, 2, 5
    factions = metrics.win_rates(table, "faction")
    assert factions.loc["templars", "wins"] == 3 and factions.loc["synclith", "wins"] == 1


def test_win_rate_per_agent_and_faction(table: pd.DataFrame) -> None:
    both = metrics.win_rates(table, ["agent", "faction"])
    assert both.index.names == ["agent", "faction"]
    # greedy (agent 0) holds the Templars in games 0, 2, 4 (wins 0, 2) and the Synclith in 1, 3, 5 (wins 1)
    assert both.loc[(0, "templars"), ["games", "wins"]].tolist() == [3, 2]
    assert both.loc[(0, "synclith"), ["games", "wins", "turn_cap"]].tolist() == [3, 1, 1]
    assert both.loc[(1, "templars"), "wins"] == 1 and both.loc[(1, "synclith"), "wins"] == 0
    with pytest.raises(ValueError, match="'colour'"):
        metrics.win_rates(table, ["agent", "colour"])


def test_first_player_advantage(table: pd.DataFrame) -> None:
    fpa = metrics.first_player_advantage(table)
    # decisive games 0, 1, 2, 5: the first player (0, 0, 1, 1) won in game 0 only
    assert (fpa["decisive"], fpa["first_wins"]) == (4, 1)
    assert fpa["rate"] == pytest.approx(0.25) and fpa["advantage"] == pytest.approx(-0.25)
    first = metrics.win_rates(table, "first")
    assert first.loc[True, "wins"] == 1 and first.loc[False, "wins"] == 3


def test_balance_is_one_less_the_spread(table: pd.DataFrame) -> None:
    bal = metrics.balance(table, "faction")
    assert bal["spread"] == pytest.approx(0.75 - 0.25) and bal["balance"] == pytest.approx(0.5)


def test_draws_and_turn_cap_kept_apart(table: pd.DataFrame) -> None:
    out = metrics.outcomes(table)
    assert out["games"].to_dict() == {"annihilation": 4, "mutual": 1, "turn-cap": 1}


def test_duration_by_hand(table: pd.DataFrame) -> None:
    d = metrics.duration(table)
    ann = d.loc["annihilation"]
    assert ann["games"] == 4 and ann["turns_mean"] == pytest.approx(27.5)
    assert ann["turns_sd"] == pytest.approx(math.sqrt((17.5**2 + 7.5**2 + 2.5**2 + 22.5**2) / 3))
    assert ann["turns_p50"] == pytest.approx(25.0) and ann["turns_p90"] == pytest.approx(44.0)
    assert d.loc["all", "games"] == 6 and d.loc["turn-cap", "turns_mean"] == 200
    assert math.isnan(d.loc["mutual", "turns_sd"])


def test_card_impact_by_hand(table: pd.DataFrame) -> None:
    impact = metrics.card_impact(table, method="presence")
    # H01: held by p0 in game 2 (won), by p1 in games 1 (won) and 5 (lost) -> 2 of 3;
    # without it: 9 player-games, 2 wins (game 0 p0, game 5 p0)
    h01 = impact.loc["H01"]
    assert (h01["with_games"], h01["with_wins"], h01["without_games"], h01["without_wins"]) == (3, 2, 9, 2)
    assert h01["impact"] == pytest.approx(2 / 3 - 2 / 9)
    assert (h01["with_lo"], h01["with_hi"]) == pytest.approx(metrics.wilson(2, 3))
    t01 = impact.loc["T01"]
    assert (t01["with_games"], t01["with_wins"]) == (6, 3) and t01["without_wins"] == 1
    assert impact.index[0] == "T02"                        # 1 of 1 with it, 3 of 11 without


def test_outliers_each_with_a_replay_line(table: pd.DataFrame) -> None:
    odd = metrics.outliers(table, "turns")
    assert odd["game"].tolist() == [3]                     # 200 turns: far beyond Q3 + 1.5 IQR
    assert odd.loc[3, "replay"].startswith("dw.experiments.replay(df.loc[3])  # seed 14")


def test_summary_mentions_every_metric(table: pd.DataFrame) -> None:
    text = metrics.summary(table)
    for part in ("Outcomes", "Win rate per agent", "per seat", "per faction", "First-player advantage",
                 "Balance", "Duration", "Outliers", "df.loc[3]"):
        assert part in text
