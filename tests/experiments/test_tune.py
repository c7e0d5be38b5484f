"""The tuner: it makes a lopsided toy set fairer in a small budget, and the same seed gives the same trials."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

import dictator_widget as dw
from dictator_widget.engine.content.tuning import write_cards

pytest.importorskip("optuna")

WEAK = ("C01", "C05", "C09")
PARAMS = [f"{c}.strength" for c in WEAK]


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The shipped set with three Synclith cards of Strength 0 (tunable 0..3): the Templars win most games."""
    shipped = dw.load_cards()
    weak = [replace(shipped[c], strength=0, tunable={**shipped[c].tunable, "strength": (0, 3)}) for c in WEAK]
    return str(write_cards(weak, tmp_path_factory.mktemp("toy")))


def _tune(toy: str, seed: int = 5) -> dw.experiments.TuneResult:
    return dw.experiments.tune("standard", ["greedy", "greedy"], trials=6, games=24, seed=seed, params=PARAMS,
                               cards=toy, objectives=["faction"], executor="serial", progress=False)


def test_the_tuner_makes_a_lopsided_toy_set_fairer_and_its_patch_applies(toy: str, tmp_path: Path) -> None:
    result = _tune(toy)
    trials = result.trials
    baseline, best = trials.loc[0], trials[trials["pareto"]].iloc[0]
    assert all(baseline[p] == 0 for p in PARAMS) and baseline["faction_rate"] > 0.6  # lopsided (0.79 on 300 games)
    assert best["score"] < baseline["score"] - 0.1 and best["faction_rate"] < baseline["faction_rate"]
    assert result.changes and all(v > 0 for ch in result.changes.values() for v in ch.values())
    patched = dw.load_cards(toy, patch=result.save_patch(tmp_path / "patch.toml"))
    assert all(patched[c].strength == result.best[f"{c}.strength"] for c in WEAK)
    again = _tune(toy)                                                     # seeded: the same trials again
    pd.testing.assert_frame_equal(trials, again.trials)
    assert again.patch == result.patch
    import matplotlib

    matplotlib.use("Agg")
    from dictator_widget.experiments import plots

    assert len(plots.tuning(trials).lines) >= 2 and plots.pareto(trials).get_xlabel().startswith("the first faction")


def test_tune_refuses_what_it_cannot_tune() -> None:
    with pytest.raises(dw.DictatorError, match="'T01.strength' is not tunable"):
        dw.experiments.tune(params=["T01.strength"], progress=False)
    with pytest.raises(dw.DictatorError, match="objectives are some of"):
        dw.experiments.tune(objectives=["fun"], progress=False)
    with pytest.raises(dw.DictatorError, match="no card 'X9'"):
        dw.experiments.tune(params=["X9.strength"], progress=False)


def test_rescore_gives_the_tuners_own_scores_on_its_seeds_and_a_paired_interval(toy: str, tmp_path: Path) -> None:
    result = _tune(toy)
    assert result.trial == int(result.trials[result.trials["pareto"]].sort_values(["score", "trial"]).iloc[0]["trial"])
    patched = str(write_cards(dw.load_cards(toy, patch=result.changes).values(), tmp_path / "patched"))

    def play(cards: str, seed: int) -> pd.DataFrame:
        return dw.simulate("standard", ["greedy", "greedy"], 24, seed=seed, cards=cards, executor="serial",
                           progress=False, record=False)

    before = play(toy, 5)
    own = dw.experiments.rescore(before, play(patched, 5), objectives=["faction"])
    assert own["baseline"] == pytest.approx(result.trials.loc[0, "score"])
    assert own["variant"] == pytest.approx(result.trials.loc[result.trial, "score"])
    assert own["lo"] <= own["difference"] <= own["hi"] and own["lo"] < own["hi"]
    same = dw.experiments.rescore(before, before)                  # paired: the same games leave no doubt at all
    assert same["difference"] == same["lo"] == same["hi"] == 0.0
    with pytest.raises(dw.DictatorError, match="the same seeds"):
        dw.experiments.rescore(play(toy, 5), play(patched, 6))
