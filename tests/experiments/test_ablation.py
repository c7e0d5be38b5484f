"""Card impact by ablation: the same games again with one card blanked, compared game by game."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

import dictator_widget as dw
from dictator_widget.experiments import metrics
from dictator_widget.experiments.ablation import blank_cards


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return dw.simulate("standard", ["greedy", "greedy"], 10, seed=3, executor="serial", progress=False)


def test_a_blank_keeps_faction_type_and_strength_and_loses_every_action() -> None:
    cards = dw.load_cards(blank_cards(["T04", "C08", "T12"]))
    shipped = dw.load_cards()
    for cid in ("T04", "C08", "T12"):
        assert (cards[cid].faction, cards[cid].type, cards[cid].strength) == \
            (shipped[cid].faction, shipped[cid].type, shipped[cid].strength)
        assert cards[cid].actions == () and not cards[cid].guards
    with pytest.raises(dw.DictatorError, match="no card 'X99'"):
        blank_cards(["X99"])


def test_ablation_pairs_the_same_games_and_gives_an_interval(table: pd.DataFrame) -> None:
    impact = metrics.card_impact(table, cards=["T04", "C08"], executor="serial", progress=False)
    assert list(impact.columns) == ["name", "faction", "games", "with_rate", "blank_rate", "impact", "lo", "hi"]
    assert set(impact.index) == {"T04", "C08"} and (impact["games"] == 10).all()   # held in every game
    for _, r in impact.iterrows():
        assert r["lo"] <= r["impact"] <= r["hi"]
        assert r["impact"] == pytest.approx(r["with_rate"] - r["blank_rate"])
    again = metrics.card_impact(table, cards=["T04", "C08"], executor="serial", progress=False)
    pd.testing.assert_frame_equal(impact, again)                  # seeded: the same table


def test_a_blanked_card_really_plays_blank(table: pd.DataFrame) -> None:
    folder = blank_cards(["T07"])
    blank = dw.simulate("standard", ["greedy", "greedy"], 10, seed=3, executor="serial", progress=False,
                        cards=str(folder))
    assert set(blank["cards"]) == {str(folder)} and (blank["seed"] == table["seed"]).all()
    assert not any("T07:reactor" in r for r in blank["record"])         # Gefestus has no Reactor any more
    assert any("T07:reactor" in r for r in table["record"])
    game = dw.experiments.replay(blank.iloc[0])
    assert game.cards["T07"].actions == () and str(game) is not None


def test_ablation_over_a_teachers_own_card(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    mine = tmp_path / "mine" / "mine.toml"
    mine.write_text('faction = "templars"\n\n[[card]]\nid = "T04"\nname = { en = "Iron Knight", ru = "Железный '
                    'рыцарь" }\ntype = "par-infantry"\nstrength = 4\ntext = { en = "Heavier.", ru = "Тяжелее." }\n',
                    encoding="utf-8")
    assert dw.load_cards(blank_cards(["T04"], tmp_path / "blank", base=str(tmp_path / "mine")))["T04"].strength == 4
    df = dw.simulate("standard", ["greedy", "greedy"], 4, seed=1, executor="serial", progress=False,
                     cards=str(tmp_path / "mine"))
    impact = metrics.card_impact(df, cards=["T04"], executor="serial", progress=False)
    assert impact.loc["T04", "name"] == "Iron Knight" and impact.loc["T04", "games"] == 4


def test_presence_is_kept_and_a_wrong_method_is_refused(table: pd.DataFrame) -> None:
    presence = metrics.card_impact(table, method="presence")
    assert "with_rate" in presence.columns and "without_rate" in presence.columns
    with pytest.raises(ValueError, match="ablation"):
        metrics.card_impact(table, method="guess")
    with pytest.raises(dw.DictatorError, match="a whole simulate"):
        metrics.card_impact(pd.concat([table, table]), cards=["T04"], executor="serial", progress=False)
