"""A game's arc (lead changes, decisiveness, drama) read from simulated games."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import dictator_widget as dw
from dictator_widget.experiments import metrics


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return dw.simulate("standard", ["greedy", "greedy"], 6, seed=4, executor="serial", progress=False)


def test_an_arc_has_a_state_per_turn_and_ends_exactly(table: pd.DataFrame) -> None:
    for _, row in table.iterrows():
        arc = metrics.evaluations(row)
        assert len(arc) == row["turns"] + 1                     # the start of every turn, and the end
        assert all(len(a) == 2 and abs(sum(a) - 1) < 1e-9 for a in arc)
        if pd.notna(row["winner"]):
            assert arc[-1][int(row["winner"])] == 1.0
        assert 0.0 < arc[0][0] < 1.0                             # an estimate before anything happened


def test_arc_measures_per_game_and_their_intervals(table: pd.DataFrame) -> None:
    arcs = metrics.arc(table)
    assert list(arcs.index) == list(table.index)
    assert arcs["lead_changes"].between(0, 1).all()
    decisive = table["winner"].notna()
    assert arcs.loc[decisive, "decisiveness"].between(0, 1).all() and (arcs.loc[decisive, "drama"] >= 0).all()
    assert arcs.loc[~decisive, "decisiveness"].isna().all()
    summary = metrics.arc_summary(arcs)
    for measure, r in summary.iterrows():
        assert r["lo"] <= r["mean"] <= r["hi"], measure
        assert math.isclose(r["mean"], arcs[measure].mean())
    pd.testing.assert_frame_equal(summary, metrics.arc_summary(metrics.arc(table)))    # seeded


def test_an_arc_needs_the_record() -> None:
    table = dw.simulate("standard", ["random", "random"], 1, seed=0, progress=False, record=False)
    with pytest.raises(ValueError, match="record=True"):
        metrics.evaluations(table.iloc[0])


def test_drama_counts_only_states_where_the_winner_trails() -> None:
    comeback = [[0.5, 0.5], [0.2, 0.8], [0.4, 0.6], [0.7, 0.3], [1.0, 0.0]]
    assert metrics.drama(comeback, winner=0) == pytest.approx((0.6 + 0.2) / 2)
    assert metrics.drama(comeback, winner=None) != metrics.drama(comeback, winner=None)      # NaN: no winner
    assert metrics.lead_changes(comeback) == pytest.approx(2 / 4)        # tie, P2, P2, P1, P1: two changes
    assert metrics.decisiveness(comeback, winner=0) == 1.0               # above 0.8 only at the end
