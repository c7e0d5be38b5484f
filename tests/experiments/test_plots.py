"""Plots and tables of lessons 05-08 in the notebook's language: objectives in words, card names and decimal
commas in Russian."""

from __future__ import annotations

import matplotlib
import pandas as pd

from dictator_widget.experiments import findings, plots

matplotlib.use("Agg")
TRIALS = pd.DataFrame({"trial": [0, 1], "faction": [0.1, 0.02], "first_player": [0.05, 0.08]})
IMPACT = pd.DataFrame({"name": ["Gefestus"], "impact": [0.145], "lo": [0.08], "hi": [0.21]}, index=["T07"])


def test_the_pareto_plot_names_its_objectives_in_words() -> None:
    en, ru = plots.pareto(TRIALS), plots.pareto(TRIALS, lang="ru")
    assert en.get_xlabel() == "the first faction's distance from 50% (0: even)"
    assert en.get_ylabel() == "the first player's distance from 50% (0: even)"
    assert ru.get_ylabel() == "отступ доли первого игрока от 50% (0: ровно)"
    assert "_" not in en.get_ylabel() + ru.get_xlabel()


def test_russian_plots_and_tables_name_cards_in_russian_with_decimal_commas() -> None:
    ax = plots.ablation(IMPACT, lang="ru")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["T07 Гефест"]
    assert ax.xaxis.get_major_formatter()(0.05, 0) == "0,05"              # decimal commas on the numbers' axis
    assert findings.card_name("T07", "ru") == "Гефест" and findings.card_name("X99", "ru") == "X99"
    shown = findings.table(IMPACT[["impact", "lo"]], "ru")
    assert list(shown.columns) == ["вклад", "от"] and shown.iloc[0].tolist() == ["0,145", "0,080"]
    assert findings.table(IMPACT[["impact"]], "en").iloc[0, 0] == 0.145
