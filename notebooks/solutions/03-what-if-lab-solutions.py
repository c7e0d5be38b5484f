# %% [markdown]
# # Answers to lesson 03 / Ответы к уроку 03
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

# %% [markdown]
# ## 1. Careless players / Беспечные игроки

# %%
careless = dw.simulate("standard", ["random", "random"], 60 if FAST else 200, seed=1, progress=False)
fpa = metrics.first_player_advantage(careless)
print(f"First player: {fpa['first_wins']}/{fpa['decisive']} decisive games = {fpa['rate']:.2f} "
      f"[{fpa['lo']:.2f}, {fpa['hi']:.2f}]; turn-cap games: {(careless['end_reason'] == 'turn-cap').sum()}")

# %% [markdown]
# Careless players leave more games to the turn cap, so fewer games are decisive and the interval is wide: with Random
# players the first move's edge, if any, is lost in their noise — a rule can matter for careful players and not for
# careless ones.
#
# *Беспечные игроки чаще доходят до предела ходов, решённых партий меньше, интервал широк: у случайных игроков перевес
# первого хода, если он есть, тонет в их шуме — правило может быть важно для осторожных игроков и не важно для
# беспечных.*

# %% [markdown]
# ## 2. The Synclith's best card / Лучшая карта Синклита

# %%
careful = dw.simulate("standard", ["greedy", "greedy"], 20 if FAST else 100, seed=1, progress=False)
synclith = [f"C0{i}" for i in range(1, 10)]
metrics.card_impact(careful, cards=synclith, progress=False)[["name", "games", "impact", "lo", "hi"]].round(3)

# %% [markdown]
# The card with the largest impact is the one its faction leans on; cards whose interval sits on 0 are dead for these
# bots. To move the balance, change a dead card (more Strength, a cheaper action) rather than the best one — then
# measure again (lesson 04).
#
# *Карта с наибольшим эффектом — та, на которую опирается фракция; карты, чей интервал накрывает 0, для этих ботов
# мертвы. Чтобы сдвинуть баланс, меняйте мёртвую карту (больше Силы, дешевле действие), а не лучшую, — и измерьте
# снова (урок 04).*

# %% [markdown]
# ## 3. Luck and the arc / Удача и дуга

# %%
A = 40 if FAST else 200
plain = dw.simulate("standard", ["greedy", "greedy"], A, seed=1, progress=False)
d10 = dw.simulate("standard", ["greedy", "greedy"], A, seed=1, progress=False, variants={"d10_collision": True})
pd.concat({"d6": metrics.arc_summary(metrics.arc(plain)), "d10": metrics.arc_summary(metrics.arc(d10))},
          axis=1).round(3)

# %% [markdown]
# Compare the d10 columns with the d6 ones: more luck usually means games decided later (higher decisiveness) and more
# drama. If the two intervals of a measure overlap widely, the sample cannot tell the dice apart on it; the paired way
# is to compute the measure per game and the interval of the per-game difference (`metrics.mean_interval(list(a -
# b))`).
#
# *Сравните столбцы d10 со столбцами d6: больше удачи обычно значит, что партии решаются позже (выше решённость) и
# драматичнее. Если интервалы меры сильно перекрываются, выборка не различает кубики по этой мере; парный способ —
# посчитать меру для каждой партии и интервал разности по партиям (`metrics.mean_interval(list(a - b))`).*
