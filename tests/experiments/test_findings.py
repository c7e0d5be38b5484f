"""Findings: the sentence a lesson prints always follows the interval it rests on, in English and Russian;
plots in the lesson's language; the tuner's trials on whole-number ticks; card impact drawn by ablation."""

from __future__ import annotations

import matplotlib
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

import dictator_widget as dw
from dictator_widget.experiments import findings, metrics, plots

matplotlib.use("Agg")


@given(st.integers(0, 400), st.integers(1, 400))
def test_a_share_is_called_even_exactly_when_its_interval_holds_the_fair_share(k: int, n: int) -> None:
    k = min(k, n)
    f = findings.share(k, n)
    lo, hi = metrics.wilson(k, n)
    touches = findings.rounds_to(lo, ".1%", 0.5) or findings.rounds_to(hi, ".1%", 0.5)
    holds = lo <= 0.5 <= hi and not touches
    assert (f["verdict"] == "holds") == (lo <= 0.5 <= hi or touches)
    assert ("holds 50%" in f["en"]) == holds and ("накрывает 50%" in f["ru"]) == holds
    assert ("touches 50%" in f["en"]) == touches and ("касается 50%" in f["ru"]) == touches
    assert ("above 50%" in f["en"]) == (lo > 0.5 and not touches) and ("below 50%" in f["en"]) == (hi < 0.5
                                                                                                   and not touches)


@given(st.floats(-1, 1), st.floats(0, 1), st.floats(0, 1))
def test_a_change_is_claimed_only_when_its_printed_interval_leaves_zero_out(d: float, below: float,
                                                                            above: float) -> None:
    f = findings.change({"difference": d, "lo": d - below, "hi": d + above})
    printed = f["en"].split(": ")[1]                     # "+0.060 [0.000, +0.120]"
    touches = "[0.000," in printed or ", 0.000]" in printed
    assert "+0.000" not in printed and "-0.000" not in printed
    if touches:
        assert f["verdict"] == "none" and "touches 0" in f["en"] and "касается 0" in f["ru"]
        assert "up," not in f["en"] and "down," not in f["en"] and "больше," not in f["ru"] and "меньше," not in f["ru"]
    elif d - below > 0:
        assert f["verdict"] == "up" and "up" in f["en"] and "больше" in f["ru"]
    elif d + above < 0:
        assert f["verdict"] == "down" and "down" in f["en"] and "меньше" in f["ru"]
    else:
        assert f["verdict"] == "none" and "no change this sample can see" in f["en"] and "нет" in f["ru"]


def test_an_end_that_rounds_to_zero_touches_zero_in_both_languages() -> None:
    """Re-review finding 6: the Phagocyte's +0.060 [+0.000, +0.120] read as if it left 0 out."""
    for lo in (0.0, 0.0004, -0.0004):
        row = {"name": "Phagocyte", "impact": 0.06, "lo": lo, "hi": 0.12}
        en, ru = findings.impact(row, "en"), findings.impact(row, "ru")
        assert "[0.000, +0.120]" in en and "[0,000, +0,120]" in ru, (en, ru)
        assert "touches 0: its lower end" in en and "касается 0: его нижний конец" in ru
    up = findings.change({"difference": 0.06, "lo": 0.0004, "hi": 0.12})      # above 0 unrounded, 0.000 printed
    assert up["verdict"] == "none" and "touches 0" in up["en"] and "касается 0" in up["ru"]
    clear = findings.change({"difference": 0.06, "lo": 0.0006, "hi": 0.12})   # 0.001 printed: above 0
    assert clear["verdict"] == "up" and "[+0.001, +0.120]" in clear["en"]
    down = findings.impact({"name": "Knight", "impact": -0.05, "lo": -0.1, "hi": -0.0001}, "en")
    assert "touches 0: its upper end" in down and "hurts" not in down


def test_counts_agree_with_their_nouns_in_both_languages() -> None:
    """Re-review finding 11: "1 wins", «1 побед»."""
    assert [findings.count(n, "win", "ru") for n in (1, 2, 5, 11, 14, 21, 22, 100)] == [
        "1 победа", "2 победы", "5 побед", "11 побед", "14 побед", "21 победа", "22 победы", "100 побед"]
    assert [findings.count(n, "win", "en") for n in (0, 1, 2)] == ["0 wins", "1 win", "2 wins"]
    one = findings.match(1, 4, what="MCTS")
    assert "1 win in 4 games" in one["en"] and "1 победа в 4 партиях" in one["ru"], one
    assert "21 партии" in findings.means("x", [1.0] * 21, [2.0] * 5)["ru"]          # из 21 партии, из 5 партий


def test_the_issues_claims_now_read_from_their_intervals() -> None:
    """Issue 35, items 3 and 4: the sentences that stood beside intervals that did not support them."""
    balance = findings.change({"difference": 0.013, "lo": -0.031, "hi": 0.057}, what="Templars' share, d10")
    assert balance["verdict"] == "none"                            # not "the balance moves too"
    peek = findings.share(290, 600)                                # 48.3% [44.4, 52.3]: not "a few points"
    assert peek["verdict"] == "holds" and "no edge this sample can see" in peek["en"]
    decisions = findings.change({"difference": -1.1, "lo": -6.0, "hi": 3.5}, spec="+.1f")
    assert decisions["verdict"] == "none"                          # not "went slightly up"
    guilds = findings.change({"difference": -0.08, "lo": -0.10, "hi": -0.05}, spec="+.2f")
    assert guilds["verdict"] == "down"
    edge = findings.share(532, 1000)                               # 53.2% [50.1, 56.3]: not printed as "50% to 56%"
    assert "[50.1%, 56.3%]" in edge["en"] and edge["verdict"] == "above"


def test_compare_and_rate_pair_the_same_games() -> None:
    base = pd.Series([10, 12, 14, 16])
    row = findings.compare({"en": "decisions", "ru": "решения"}, base, base + 2, lang="ru")
    assert row["measure"] == "решения" and row["difference"] == row["lo"] == row["hi"] == 2.0
    assert row["verdict"] == "up" and row["ru"].startswith("решения: +2,00 [+2,00, +2,00]: больше")
    with pytest.raises(ValueError, match="the same games"):
        findings.compare("decisions", base, base.head(3))
    wins = pd.DataFrame({"winner": [0, 0, 0, 0, 1, 1, 1, 1]})
    more = pd.DataFrame({"winner": [0, 0, 0, 0, 0, 0, 0, 1]})
    row = findings.rate("first", lambda df: (int((df["winner"] == 0).sum()), len(df)), wins, more)
    d = metrics.difference(7, 8, 4, 8)
    assert (row["baseline"], row["variant"], row["lo"], row["hi"]) == (0.5, 0.875, d["lo"], d["hi"])


def test_tables_and_plots_speak_the_lessons_language() -> None:
    table = findings.labels(pd.DataFrame({"games": [1], "impact": [0.1]}, index=pd.Index(["T04"], name="card")), "ru")
    assert list(table.columns) == ["партии", "вклад"] and table.index.name == "карта"
    df = dw.simulate("standard", ["greedy", "random"], 4, seed=1, executor="serial", progress=False)
    ax = plots.win_rates(df, by="first", decisive=True, lang="ru")
    assert ax.get_ylabel() == "доля побед в решённых партиях" and "решённых партиях" in ax.get_title()
    assert [t.get_text() for t in ax.get_xticklabels()] == ["ходил вторым", "ходил первым"]
    assert plots.duration(df, lang="ru").get_legend().get_title().get_text() == "как закончилась"


def test_the_tuners_trials_are_whole_numbers_and_card_impact_is_drawn_by_ablation() -> None:
    trials = pd.DataFrame({"trial": [0, 1, 2], "faction_rate": [0.6, 0.5, 0.4], "faction_lo": [0.5, 0.4, 0.3],
                           "faction_hi": [0.7, 0.6, 0.5], "pareto": [False, True, True], "score": [0.3, 0.2, 0.1]})
    ax = plots.tuning(trials, lang="ru")
    ax.figure.canvas.draw()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert sorted(legend) == ["лучшая: проба 2", "на фронте", "проба"], legend      # the tuner's pick singled out
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert ticks and all(float(t).is_integer() for t in ticks), ticks
    df = dw.simulate("standard", ["greedy", "greedy"], 4, seed=2, executor="serial", progress=False)
    ax = plots.card_impact(df, cards=["T04"])
    assert ax.get_xlabel() == "impact: the holder's win rate, card less blank" and "ablation" in ax.get_title()


def test_no_change_names_both_ends_of_a_lopsided_interval() -> None:
    """Issue 35 re-review, item 4: "up to 0.057 either way" claimed a fall of 0.057 that [-0.031, +0.057] does not
    allow; the sentence names the largest fall and the largest rise, each from its own end."""
    f = findings.change({"difference": 0.013, "lo": -0.031, "hi": 0.057}, what="Templars' share")
    assert "a fall of up to 0.031 or a rise of up to 0.057" in f["en"] and "either way" not in f["en"]
    assert "снижение до 0,031 или рост до 0,057" in f["ru"] and "в любую сторону" not in f["ru"]
    row = findings.compare("decisions", pd.Series([100.0, 100, 100, 100]), pd.Series([98.0, 101, 104, 104]))
    assert row["lo"] < 0 < row["hi"]
    assert f"a fall of up to {abs(row['lo']):.2f} or a rise of up to {row['hi']:.2f}" in row["en"]
    one_sided = findings.change({"difference": 0.8, "lo": 0.0, "hi": 1.6}, spec="+.2f")
    assert "it allows a rise of up to 1.60)" in one_sided["en"] and "a fall" not in one_sided["en"]
    unpaired = findings.means("swarms", [1, 0, 2, 1, 1], [2, 1, 2, 3, 1], names=("lost", "won"))
    assert unpaired["en"].startswith("Lost: 1.00 (of 5 games), won: 1.80 (of 5 games). swarms: +0.80 [")
    assert unpaired["ru"].startswith("Lost: 1,00 (из 5 партий), won: 1,80 (из 5 партий). swarms: +0,80 [")


def test_a_share_and_a_change_are_stated_without_pandas_or_numpy() -> None:
    """Lesson 01 states its Skirmish findings on the JupyterLite site, which has neither pandas nor numpy."""
    import subprocess
    import sys

    code = ("import sys\nfor m in ('pandas', 'numpy', 'matplotlib'):\n    sys.modules[m] = None\n"
            "from dictator_widget.experiments import findings\n"
            "print(findings.share(50, 81)['ru'])\n"
            "print(findings.change({'difference': 0.01, 'lo': -0.02, 'hi': 0.05})['en'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "61,7% [50,8%, 71,6%] из 81" in out and "a fall of up to 0.020 or a rise of up to 0.050" in out


def test_a_faction_plot_names_its_factions_and_its_measure_as_the_lessons_do() -> None:
    """Issue 35 re-review: the lessons say "the Templars' share of decisive games"; the plot said "win rate" and
    "templars" in lower case."""
    df = dw.simulate("standard", ["greedy", "greedy"], 4, seed=2, executor="serial", progress=False, record=False)
    ax = plots.win_rates(df, by="faction", decisive=True)
    assert {t.get_text() for t in ax.get_xticklabels()} <= {"Templars", "Synclith"}
    assert ax.get_ylabel() == "share of decisive games won" and "decisive games won" in ax.get_title()
    ax = plots.win_rates(df, by="faction", decisive=True, lang="ru")
    assert {t.get_text() for t in ax.get_xticklabels()} <= {"Тамплиеры", "Синклит"}
    assert ax.get_ylabel() == "доля побед в решённых партиях"
    assert plots.win_rates(df, by="faction").get_ylabel() == "win rate"
