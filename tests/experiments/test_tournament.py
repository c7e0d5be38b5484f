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
    # the CSV holds the numbers in full (a plain DataFrame: the league only prints its fractions rounded)
    pd.testing.assert_frame_equal(pd.read_csv(csv, index_col="entry"), league, check_dtype=False,
                                  check_frame_type=False)
    with pytest.raises(dw.DictatorError, match="no_such_rule"):                 # variants reach the games
        dw.experiments.tournament(tmp_path, games=1, executor="serial", variants={"no_such_rule": True})


def test_a_balance_league_of_card_sets(tmp_path: Path) -> None:
    blank_cards(["T07"], tmp_path / "no-reactor")
    blank_cards(["C09"], tmp_path / "no-leech")
    league = dw.experiments.tournament(tmp_path, games=6, executor="serial")
    assert set(league.index) == {"shipped", "no-reactor", "no-leech"}
    assert list(league["imbalance"]) == sorted(league["imbalance"])
    assert (league["faction"] == "templars").all() and (league["games"] == 6).all()
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
    assert league["turns_median"].dtype.kind == "i" and ".000" not in repr(league["turns_median"])  # whole turns

    def figures(df: pd.DataFrame) -> tuple[int, int]:        # the median game's turns: a game that was played
        return int(df["winner"].notna().sum()), sorted(df["turns"])[(len(df) - 1) // 2]

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


def test_a_card_set_that_copies_the_base_is_named(tmp_path: Path) -> None:
    """Teacher's re-review: a pair that hands in the base's file unchanged ranked level with the base, unremarked."""
    import shutil

    base = blank_cards(["C09"], tmp_path / "base")
    entries = tmp_path / "handed-in"
    entries.mkdir()
    shutil.copy(next(base.glob("*.toml")), entries / "same.toml")
    blank_cards(["T07"], entries / "no-reactor")
    with pytest.warns(UserWarning) as caught:
        dw.experiments.tournament(entries, games=2, executor="serial", base=base, lang="ru")
    said = [str(w.message) for w in caught]
    assert any("набор карт 'same' играет как база" in s for s in said), said
    assert not any("'no-reactor'" in s for s in said), said


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
    assert {"перекос", "против базы", "в армиях", "фракция", "доля фракции"} <= set(league.columns)
    assert league.index.name == "набор карт" and set(league["фракция"]) <= {"Тамплиеры", "Синклит"}
    with pytest.raises(dw.DictatorError, match="lang must be one of"):
        dw.experiments.tournament(cards, games=1, executor="serial", lang="de")


# Students' bots that break in the ways a class league meets (a teacher's report): each is skipped, named with its
# file and what went wrong, in the league's language, and the league ranks the others.
TYPO = '''from dictator_widget.agents import GreedyAgent


def make_agent(seed):
    return GreedyAgent(seed, gahter=2)
'''
CRASHY = '''from dictator_widget.agents import GreedyAgent

WEIGHTS = {"attack": 2.0, "guild": 1.5}


class Bot(GreedyAgent):
    def act(self, game):
        if game.turn >= 3:
            self.defend = WEIGHTS["defend"]          # a weight never written down: KeyError from the third turn on
        return super().act(game)
'''
CHEAT = '''from dictator_widget.agents import RandomAgent


class Bot(RandomAgent):
    def act(self, game):
        if game.turn >= 3:
            return "A1 move z9"                      # a sector that is not on the board
        return super().act(game)
'''
BROKEN = {
    # file: (its text, what the English reason says, what the Russian one says)
    "typo": (TYPO, "typo.py: make_agent(0) fails: TypeError: GreedyAgent.__init__() got an unexpected keyword "
                   "argument 'gahter'",
             "typo.py: вызов 'make_agent(0)' завершается ошибкой: ошибка Python TypeError: «GreedyAgent.__init__() "
             "got an unexpected keyword argument 'gahter'»"),
    "crashy": (CRASHY, "crashy.py: its agent's act(game) fails on turn 3: KeyError: 'defend' (in a game against "
                       "'careful'); it is out of the league: none of its games count",
               "crashy.py: 'act(game)' его бота завершается ошибкой на ходу 3: ошибка Python KeyError: «'defend'» "
               "(в партии против 'careful'); участник выбывает из лиги: ни одна его партия не засчитана"),
    "cheat": (CHEAT, "cheat.py: its agent's act(game) returned an action that is not legal on turn 3: 'A1 move z9'",
              "cheat.py: 'act(game)' его бота вернул недопустимое действие на ходу 3: 'A1 move z9'"),
}


def _league(folder: Path, lang: str = "en", **kwargs: object) -> pd.DataFrame:
    return dw.experiments.tournament(folder, games=4, house=["random"], lang=lang,
                                     **{"executor": "serial", **kwargs})   # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_bot_that_fails_is_skipped_by_name_and_the_others_are_ranked(tmp_path: Path, broken: str,
                                                                        lang: str) -> None:
    """A bot whose ``make_agent`` raises (TypeError), whose ``act`` raises in the middle of a game, or returns an
    illegal action, stopped the whole league with a raw traceback or an English IllegalAction naming no file."""
    good = tmp_path / "good"
    good.mkdir()
    (good / "careful.py").write_text(CAREFUL)
    (good / "careless.py").write_text(CARELESS)
    without = _league(good, lang)
    text, en, ru = BROKEN[broken]
    (good / f"{broken}.py").write_text(text)
    with pytest.warns(UserWarning) as caught:
        league = _league(good, lang)
    said = [str(w.message) for w in caught]
    why = league.attrs["skipped"][broken]
    assert (en if lang == "en" else ru) in why
    head = "tournament: entry {!r} skipped: " if lang == "en" else "турнир: участник {!r} пропущен: "
    assert [s for s in said if broken in s] == [head.format(broken) + why], said
    if lang == "ru":
        assert not LATIN.search(_russian(why)), why
    # the table ranks the others, on their own games: as if the file had not been handed in
    pd.testing.assert_frame_equal(league, without)
    assert set(league.index) == {"careful", "careless", "random"} and (league.iloc[:, 0] == 8).all()


def test_a_league_with_failing_bots_is_the_same_on_a_process_pool(tmp_path: Path) -> None:
    """The failures travel back from the worker processes, still naming their entries, and the table is the one
    a serial run gives."""
    from concurrent.futures import ProcessPoolExecutor

    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "careless.py").write_text(CARELESS)
    for name, (text, _, _) in BROKEN.items():
        (tmp_path / f"{name}.py").write_text(text)
    with pytest.warns(UserWarning):
        serial = _league(tmp_path)
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.warns(UserWarning):
        pooled = _league(tmp_path, executor=pool)
    pd.testing.assert_frame_equal(serial, pooled)
    assert serial.attrs["skipped"] == pooled.attrs["skipped"] and set(pooled.attrs["skipped"]) == set(BROKEN)
    assert all(BROKEN[name][1] in why for name, why in pooled.attrs["skipped"].items())


def test_a_league_left_with_one_bot_by_failures_mid_league_says_so(tmp_path: Path) -> None:
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "crashy.py").write_text(CRASHY)
    with pytest.raises(dw.DictatorError, match="at least two entries") as caught:
        dw.experiments.tournament(tmp_path, games=2, executor="serial")
    assert "crashy.py: its agent's act(game) fails on turn 3" in str(caught.value)
    assert "crashy.py: 'act(game)' его бота завершается ошибкой" in caught.value.text("ru")


def test_a_bot_that_cannot_be_copied_or_sent_to_a_worker_is_skipped(tmp_path: Path) -> None:
    """A bot that holds a lambda plays here but cannot go to a worker process: skipped on any executor, so the
    table does not depend on the executor; one whose ``reseed`` raises cannot start a game."""
    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "lambda.py").write_text("from dictator_widget.agents import GreedyAgent\n\n\nclass Bot(GreedyAgent):\n"
                                        "    def __init__(self, seed):\n"
                                        "        super().__init__(seed)\n        self.bonus = lambda game: 1\n")
    (tmp_path / "reseed.py").write_text("from dictator_widget.agents import RandomAgent\n\n\nclass Bot(RandomAgent):\n"
                                        "    def reseed(self, seed):\n        raise RuntimeError('no seeds here')\n")
    with pytest.warns(UserWarning) as caught:
        league = _league(tmp_path, lang="ru")
    assert set(league.index) == {"careful", "random"}
    skipped = league.attrs["skipped"]
    assert "lambda.py: его бота нельзя передать процессам, которые играют партии" in skipped["lambda"]
    assert "reseed.py: его бота не удаётся подготовить к партии" in skipped["reseed"]
    assert "no seeds here" in skipped["reseed"] and len(caught) == 2


def test_a_league_prints_its_fractions_in_the_class_language(tmp_path: Path) -> None:
    """The Russian league printed unrounded floats with a decimal point (0.215216); it prints them as the English
    table does, at three places, with the Russian decimal comma (0,215), and its numbers stay numbers."""
    import re

    (tmp_path / "careful.py").write_text(CAREFUL)
    (tmp_path / "careless.py").write_text(CARELESS)
    en, ru = _league(tmp_path), _league(tmp_path, "ru")
    assert ru.to_numpy().tolist() == en.to_numpy().tolist() and ru["доля побед"].dtype == float
    lo = en["lo"].iloc[-1]
    assert f"{lo:.3f}" in repr(en) and f"{lo:.3f}".replace(".", ",") in repr(ru)
    for shown in (repr(ru), ru._repr_html_() or "", repr(ru.attrs["head_to_head"])):
        assert not re.search(r"\d\.\d", shown), shown
    assert re.findall(r"\d,\d+", repr(ru)) and all(len(n.split(",")[1]) == 3 for n in re.findall(r"\d,\d+", repr(ru)))
    cards = tmp_path / "cards"
    blank_cards(["T07"], cards / "no-reactor")
    table = repr(dw.experiments.tournament(cards, games=2, executor="serial", lang="ru"))
    assert not re.search(r"\d\.\d", table), table


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "field 'strenght': expected a known field: did you mean 'strength'? (the field 'strength' is missing)"),
    ("ru", "поле «strenght»: ожидалось: известное поле: может быть, «strength»? (поля «strength» нет)")])
def test_a_card_set_with_a_misspelt_key_is_skipped_naming_it(tmp_path: Path, lang: str, said: str) -> None:
    typo = NEW_CARD.replace('id = "C42"', 'id = "C05"').replace("strength", "strenght")
    (tmp_path / "typo.toml").write_text(typo, encoding="utf-8")
    blank_cards(["T07"], tmp_path / "no-reactor")
    with pytest.warns(UserWarning):
        league = dw.experiments.tournament(tmp_path, games=2, executor="serial", lang=lang)
    assert said in league.attrs["skipped"]["typo"] and "typo.toml" in league.attrs["skipped"]["typo"]
    assert len(league) == 2
