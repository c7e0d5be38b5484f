"""The class tournament: a folder of bots or card sets, a round-robin or a balance league, a CSV."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import dictator_widget as dw
from dictator_widget.experiments.ablation import blank_cards

CAREFUL = "from dictator_widget.agents import GreedyAgent\n\nclass Bot(GreedyAgent):\n    pass\n"
CARELESS = "from dictator_widget.agents import RandomAgent\n\ndef make_agent(seed):\n    return RandomAgent(seed)\n"


def test_a_round_robin_of_handed_in_bots(tmp_path: Path) -> None:
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "careless.py").write_text(CARELESS)
    csv = tmp_path / "league.csv"
    league = dw.experiments.tournament(tmp_path, games=4, house=["random"], executor="serial", csv=csv)
    assert set(league.index) == {"careful", "careless", "random"}
    assert (league["games"] == 8).all()                               # 4 games against each of two others
    assert (league[["wins", "losses", "draws", "turn_cap"]].sum(axis=1) == league["games"]).all()
    assert league["wins"].sum() == league["losses"].sum()            # every game won by one is lost by another
    assert league.index[0] == "careful" and league.loc["careful", "wins"] >= 4     # the rest: turn caps, no loss
    # (a Greedy behind on the map runs from a random chaser to the turn cap: 2 of these 4 seeds since it hunts)
    assert league.loc["careful", "losses"] == 0
    assert (league["lo"] <= league["win_rate"]).all() and (league["win_rate"] <= league["hi"]).all()
    pd.testing.assert_frame_equal(pd.read_csv(csv, index_col="entry"), league, check_dtype=False)
    with pytest.raises(dw.DictatorError, match="no_such_rule"):                 # variants reach the games
        dw.experiments.tournament(tmp_path, games=1, executor="serial", variants={"no_such_rule": True})


def test_a_balance_league_of_card_sets(tmp_path: Path) -> None:
    blank_cards(["T07"], tmp_path / "no-reactor")
    blank_cards(["C09"], tmp_path / "no-leech")
    league = dw.experiments.tournament(tmp_path, games=6, executor="serial")
    assert set(league.index) == {"shipped", "no-reactor", "no-leech"}
    assert list(league["imbalance"]) == sorted(league["imbalance"])
    assert (league["first_faction"] == "templars").all() and (league["games"] == 6).all()
    shipped = dw.simulate("standard", ["greedy", "greedy"], 6, seed=0, executor="serial", progress=False)
    assert league.loc["shipped", "decisive"] == shipped["winner"].notna().sum()


@pytest.mark.parametrize(("files", "message"), [
    ({}, "no bots"),
    ({"a.py": CAREFUL, "b.toml": 'faction = "templars"\n'}, "both bots"),
    ({"a.py": "x = 1\n"}, "a.py: defines neither make_agent"),
    ({"a.py": "import nothing_of_the_kind\n"}, "a.py: the file fails to load"),
    ({"a.py": CAREFUL}, "at least two entries"),
])
def test_a_bad_folder_says_what_is_wrong(tmp_path: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(dw.DictatorError, match=message):
        dw.experiments.tournament(tmp_path, games=1, executor="serial")
