"""Writes notebooks/05-house-rules.ipynb (then run it once to store its outputs)."""

import nbformat as nbf

md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
cells = [
    md("# House rules / Домашние правила\n\n"
       "A lesson plan for a class: pick a rule variant, predict what it changes, simulate the baseline and the "
       "variant, read the metrics with their intervals, and watch a game.\n\n"
       "*План урока: выберите вариант правил, сделайте прогноз, сыграйте базовые правила и вариант, прочитайте "
       "метрики с доверительными интервалами и посмотрите партию.*"),
    md("## 1. The variants / Варианты"),
    code('''import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics

pd.set_option("display.max_colwidth", 90)
pd.DataFrame([{"variant": v.key, "source": v.source, "en": v.name["en"], "ru": v.name["ru"], "rule": v.text["en"]}
              for v in dw.variants().values()])'''),
    md("## 2. Pick one and predict / Выберите и предскажите\n\n"
       "Our pick: **siege tokens** (from Dark Agent): a failed assault on a Guild leaves a token, and each token "
       "adds +1 to later assaults there. *Prediction:* Guilds fall more often, so games get a little shorter and "
       "the side that assaults Guilds more gains.\n\n"
       "*Наш выбор: **жетоны осады** (из «Тёмного агента»). Прогноз: Цеха падают чаще, партии немного короче.*"),
    code('''VARIANT = {"siege_tokens": True}
print(dw.variants()["siege_tokens"].text["ru"])'''),
    md("## 3. Simulate / Симуляция\n\nGreedy against greedy, the same seeds for both rule sets, seats rotating. "
       "A class would run thousands (`dictator-sim` on the command line); here 120 games each keep the notebook "
       "quick."),
    code('''GAMES = 120
baseline = dw.simulate("standard", ["greedy", "greedy"], GAMES, seed=11, progress=False, record=True)
variant = dw.simulate("standard", ["greedy", "greedy"], GAMES, seed=11, variants=VARIANT, progress=False,
                      record=True)
print(len(baseline), len(variant), variant["variants"].iloc[0])'''),
    md("## 4. Read the metrics / Метрики\n\nRates among decisive games with 95% Wilson intervals: when the "
       "intervals overlap widely, the sample cannot tell the rules apart."),
    code('''def line(name, df):
    fpa = metrics.first_player_advantage(df)
    templars = metrics.win_rates(df, by="faction").loc["templars"]
    out = metrics.outcomes(df)["games"].to_dict()
    return {"rules": name, "first player wins": f"{fpa['rate']:.3f} [{fpa['lo']:.3f}, {fpa['hi']:.3f}]",
            "Templars win": f"{templars['decisive_rate']:.3f} [{templars['decisive_lo']:.3f}, {templars['decisive_hi']:.3f}]",
            "Guilds taken": round(df["guilds_taken"].mean(), 2), "turns": round(df["turns"].mean(), 1),
            "turn-cap games": out.get("turn-cap", 0)}

pd.DataFrame([line("baseline", baseline), line("siege tokens", variant)]).set_index("rules")'''),
    md("Was the prediction right? Compare the Guilds taken and the turns; then look at the intervals before "
       "drawing a conclusion about the first player or the factions.\n\n*Подтвердился ли прогноз? Сравните число "
       "захваченных Цехов и длину партий, затем посмотрите на интервалы.*"),
    code('''# NBVAL_IGNORE_OUTPUT
from dictator_widget.experiments import plots

ax = plots.win_rates(variant, by="faction")
ax.set_title("Siege tokens: win rate by faction / по фракциям")'''),
    md("## 5. Watch a game / Посмотрите партию\n\nThe longest game with the variant, in the widget with a "
       "timeline slider."),
    code('''longest = variant.sort_values("turns").iloc[-1]
print(metrics.replay_line(longest.name, longest))
game = dw.experiments.replay(longest)
print(game.end_reason, game.winner, len(game.history))'''),
    code('''# NBVAL_IGNORE_OUTPUT
dw.experiments.timeline(longest)'''),
]
nb = nbf.v4.new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                "language": "python"}})
nbf.write(nb, "notebooks/05-house-rules.ipynb")
