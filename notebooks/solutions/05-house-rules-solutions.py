# %% [markdown]
# # Answers to lesson 05 / Ответы к уроку 05
#
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %%
import os

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics

N = 60 if FAST else 400

# %% [markdown]
# ## 1. Your own variant / Свой вариант
#
# For example *exhaustion* (a used card rests until its owner's next turn). Predictions: fewer card actions a battle,
# so fewer decisions; the side whose cards act every battle (Synclith's free Bio-bugs) loses more.
#
# *Например, *истощение* (применённая карта отдыхает до следующего хода владельца). Прогнозы: меньше действий карт в
# бою, значит меньше решений; сторона, чьи карты действуют в каждом бою (бесплатные «Биобаги» Синклита), теряет
# больше.*

# %%
base = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False)
tired = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                    variants={"exhaustion": True})
d = metrics.mean_interval((tired["decisions"] - base["decisions"]).tolist())
print(f"decisions per game: {base['decisions'].mean():.1f} -> {tired['decisions'].mean():.1f}, "
      f"difference {d['mean']:+.1f} [{d['lo']:+.1f}, {d['hi']:+.1f}]")
def k(df):
    return (int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum()))
t = metrics.difference(*k(tired), *k(base))
print(f"Templars' share of decisive games: {t['rate2']:.3f} -> {t['rate1']:.3f}, "
      f"difference {t['difference']:+.3f} [{t['lo']:+.3f}, {t['hi']:+.3f}]")

# %% [markdown]
# Read each interval against its prediction. In the stored run decisions went slightly *up* (an interval above 0), the
# opposite of the prediction, and the Templars' share did not move measurably. Perhaps battles in which cards rest are
# less decisive, so games need more of them. A prediction that fails is a finding too.
#
# *Сравните каждый интервал с прогнозом. В сохранённом прогоне решений стало немного *больше* (интервал выше 0) —
# вопреки прогнозу, а доля Тамплиеров измеримо не сдвинулась. Возможно, бои, в которых карты отдыхают, реже решают
# дело, и партиям нужно больше боёв. Неподтвердившийся прогноз — тоже результат.*

# %% [markdown]
# ## 2. The arc / Дуга

# %%
A = 40 if FAST else 200
plain = dw.simulate("standard", ["greedy", "greedy"], A, seed=11, progress=False)
siege = dw.simulate("standard", ["greedy", "greedy"], A, seed=11, progress=False, variants={"siege_tokens": True})
a, b = metrics.arc(plain), metrics.arc(siege)
rows = {}
for measure in ("lead_changes", "decisiveness", "drama"):
    d = metrics.mean_interval((b[measure] - a[measure]).tolist())
    rows[measure] = {"baseline": a[measure].mean(), "siege tokens": b[measure].mean(), "difference": d["mean"],
                     "lo": d["lo"], "hi": d["hi"], "games": d["n"]}
pd.DataFrame(rows).T.round(3)

# %% [markdown]
# A rule that touches only Guild assaults barely moves the arc: most intervals of the difference hold 0. The story of
# a game is told by the battles between battalions.
#
# *Правило, которое касается только штурмов Цехов, почти не сдвигает дугу: большинство интервалов разности накрывают
# 0. Историю партии рассказывают бои между отрядами.*

# %% [markdown]
# ## 3. Guild Strength 4 / Сила Цеха 4

# %%
g4 = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                 variants={"guild_strength": 4})
def f(df):
    return (metrics.first_player_advantage(df)["first_wins"], metrics.first_player_advantage(df)["decisive"])
d = metrics.difference(*f(g4), *f(base))
print(f"first player's share: {d['rate2']:.3f} -> {d['rate1']:.3f}, difference {d['difference']:+.3f} "
      f"[{d['lo']:+.3f}, {d['hi']:+.3f}]")
print(f"median turns: {base['turns'].median():.0f} -> {g4['turns'].median():.0f}")

# %% [markdown]
# Read the difference's interval: if it holds 0, 400 games see no change in the first player's share.
#
# *Смотрите на интервал разности: если он накрывает 0, 400 партий не видят изменения доли первого игрока.*
