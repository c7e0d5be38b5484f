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


def test_a_league_left_with_one_entry_names_what_it_skipped_in_both_languages(tmp_path: Path) -> None:
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "broken.py").write_text("x = 1\n")
    with pytest.warns(UserWarning, match="участник 'broken' пропущен"), \
            pytest.raises(dw.DictatorError, match="at least two entries") as caught:
        dw.experiments.tournament(tmp_path, games=1, executor="serial", lang="ru")
    assert "skipped " in str(caught.value) and "broken.py: defines neither make_agent" in str(caught.value)
    russian = caught.value.text("ru")
    assert russian.startswith("для круговой лиги нужны хотя бы два участника")
    assert "пропущены: «" in russian and "broken.py: в файле нет ни 'make_agent(seed)'" in russian


NEW_CARD = '''faction = "synclith"

[[card]]
id = "C42"
name = { en = "Newcomer", ru = "Новичок" }
type = "infantry"
strength = 3
text = { en = "A new card.", ru = "Новая карта." }
'''


def test_a_card_set_that_changes_no_army_is_flagged_and_measured_against_the_shipped_set(tmp_path: Path) -> None:
    """Issue 35: a card with a new id (C42) loads, never enters an army, and used to tie for first unremarked."""
    (tmp_path / "newcomer.toml").write_text(NEW_CARD, encoding="utf-8")
    blank_cards(["T07"], tmp_path / "no-reactor")
    with pytest.warns(UserWarning, match="'newcomer' changes no army: none of its cards \\(C42\\)"):
        league = dw.experiments.tournament(tmp_path, games=6, executor="serial")
    assert league.loc["newcomer", "in_armies"] == 0 and league.loc["no-reactor", "in_armies"] == 1
    # the paired difference from the shipped set, game by game: none for the set that changes nothing
    assert league.loc["newcomer", ["vs_base", "vs_lo", "vs_hi"]].tolist() == [0.0, 0.0, 0.0]
    assert league.loc["shipped", "vs_base"] == 0.0
    row = league.loc["no-reactor"]
    assert row["vs_lo"] <= row["vs_base"] <= row["vs_hi"]


def test_a_card_league_lays_the_sets_over_the_base_they_were_tuned_on(tmp_path: Path) -> None:
    """Issue 35 re-review, item 3: students tune on lesson 04's "before" set, but the league laid their cards over
    the shipped set. With ``base=``, each set is played over the base and measured against the base itself."""
    from dictator_widget.experiments.ablation import layered

    base = blank_cards(["C09"], tmp_path / "base")             # the set the class starts from: no Leech
    entries = tmp_path / "handed-in"
    blank_cards(["T07"], entries / "no-reactor")
    league = dw.experiments.tournament(entries, games=6, executor="serial", base=base)
    assert set(league.index) == {"base", "no-reactor"} and league.loc["base", "vs_base"] == 0.0

    def figures(df: pd.DataFrame) -> tuple[int, float]:
        return int(df["winner"].notna().sum()), float(df["turns"].median())

    def played(cards: Path) -> pd.DataFrame:
        return dw.simulate("standard", ["greedy", "greedy"], 6, seed=0, executor="serial", progress=False,
                           cards=str(cards))

    assert tuple(league.loc["base", ["decisive", "turns_median"]]) == figures(played(base))
    over_base = played(layered(base, entries / "no-reactor"))
    assert tuple(league.loc["no-reactor", ["decisive", "turns_median"]]) == figures(over_base)
    over_shipped = played(entries / "no-reactor")                # what the league played before base=
    assert list(over_base["turns"]) != list(over_shipped["turns"])
    with pytest.raises(dw.DictatorError, match="no such card folder"):
        dw.experiments.tournament(entries, games=1, executor="serial", base=tmp_path / "nowhere")
    (entries / "base.toml").write_text(NEW_CARD, encoding="utf-8")
    with pytest.raises(dw.DictatorError, match="an entry is named 'base'"):
        dw.experiments.tournament(entries, games=1, executor="serial", base=base)


def test_card_impact_warns_of_a_card_in_no_game(tmp_path: Path) -> None:
    (tmp_path / "newcomer.toml").write_text(NEW_CARD, encoding="utf-8")
    df = dw.simulate("standard", ["greedy", "greedy"], 3, seed=1, executor="serial", progress=False,
                     cards=str(tmp_path))
    with pytest.warns(UserWarning, match="C42 entered no army in these 3 games"):
        impact = dw.experiments.metrics.card_impact(df, cards=["C42"], executor="serial", progress=False)
    assert impact.empty


def test_broken_entries_are_skipped_and_reported(tmp_path: Path) -> None:
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "broken.py").write_text("import nothing_of_the_kind\n")
    with pytest.warns(UserWarning, match="entry 'broken' skipped: .*broken.py: the file fails to load"):
        league = dw.experiments.tournament(tmp_path, games=2, house=["random"], executor="serial")
    assert set(league.index) == {"careful", "random"} and "broken" in league.attrs["skipped"]
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "bad.toml").write_text('faction = "synclith"\n[[card]]\nid = "C05"\nstrength = "lots"\n')
    blank_cards(["T07"], cards / "no-reactor")
    with pytest.warns(UserWarning, match="entry 'bad' skipped") as caught:
        league = dw.experiments.tournament(cards, games=2, executor="serial")
    said = next(str(w.message) for w in caught if "'bad' skipped" in str(w.message))
    assert said.count("bad.toml") == 1, said                                 # its file named once, not twice
    assert set(league.index) == {"shipped", "no-reactor"} and "bad" in league.attrs["skipped"]


def test_a_bot_league_has_a_head_to_head_table(tmp_path: Path) -> None:
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "careless.py").write_text(CARELESS)
    league = dw.experiments.tournament(tmp_path, games=4, house=["random"], executor="serial")
    h2h = league.attrs["head_to_head"]
    assert list(h2h.index) == list(league.index) == list(h2h.columns)
    for name in league.index:
        assert pd.isna(h2h.loc[name, name])
        assert h2h.loc[name].sum() == league.loc[name, "wins"]          # a row's wins add up to the league's
    assert h2h.loc["careful", "careless"] + h2h.loc["careless", "careful"] <= 4


LATIN = __import__("re").compile(r"\b(?!id\b)[A-Za-z]{3,}\b")


def _russian(text: str) -> str:
    """``text`` less its quoted names, paths, ids and Python's own words: what must read in Russian."""
    import re

    return re.sub(r"'[^']*'|«[^»]*»|Python \w+|\([A-Z]\d+(, [A-Z]\d+)*\)|\S*/\S*|\S+\.(py|toml)", "", text)


def test_a_league_speaks_the_class_language(tmp_path: Path) -> None:
    """Re-review finding 8: the Russian plans run the league in class; its columns, warnings and skipped reasons
    were English. With ``lang="ru"`` they are Russian, and the numbers are those of the English table."""
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "broken.py").write_text("import nothing_of_the_kind\n")
    with pytest.warns(UserWarning) as caught:
        ru = dw.experiments.tournament(tmp_path, games=2, house=["random"], executor="serial", lang="ru")
    with pytest.warns(UserWarning, match="entry 'broken' skipped"):
        en = dw.experiments.tournament(tmp_path, games=2, house=["random"], executor="serial")
    assert list(ru.columns) == ["партии", "победы", "поражения", "ничьи", "предел ходов", "доля побед", "от", "до"]
    assert ru.index.name == "участник" and ru.to_numpy().tolist() == en.to_numpy().tolist()
    h2h = ru.attrs["head_to_head"]
    assert (h2h.index.name, h2h.columns.name) == ("победы", "против")
    said = [str(w.message) for w in caught]
    assert any("турнир: участник 'broken' пропущен" in s and "файл не загружается" in s for s in said), said
    assert "файл не загружается" in ru.attrs["skipped"]["broken"] and "fails to load" in en.attrs["skipped"]["broken"]
    for text in said + list(ru.attrs["skipped"].values()):
        assert not LATIN.search(_russian(text)), text

    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "newcomer.toml").write_text(NEW_CARD, encoding="utf-8")
    (cards / "bad.toml").write_text('faction = "synclith"\n[[card]]\nid = "C05"\nstrength = "lots"\n')
    with pytest.warns(UserWarning) as caught:
        league = dw.experiments.tournament(cards, games=2, executor="serial", lang="ru")
    said = [str(w.message) for w in caught]
    assert any("набор карт 'newcomer' не меняет ни одной армии" in s for s in said), said
    assert any("'bad' пропущен" in s for s in said), said
    assert {"перекос", "против базы", "в армиях", "фракция первого"} <= set(league.columns)
    assert league.index.name == "набор карт" and set(league["фракция первого"]) <= {"Тамплиеры", "Синклит"}
    with pytest.raises(dw.DictatorError, match="lang must be one of"):
        dw.experiments.tournament(cards, games=1, executor="serial", lang="de")
