# %% [markdown]
# # Answers to lesson 07 / Ответы к уроку 07
#
# *The numbers below come from bots (GreedyAgent), not from people.* / *Числа ниже получены ботами, а не людьми.*

# %%
import os
import tempfile
from pathlib import Path

import dictator_widget as dw
from dictator_widget.engine.tuning import write_cards
from dictator_widget.experiments import findings
from dictator_widget.experiments.metrics import win_rates

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 60 if FAST else 400
T, G = (3, 20) if FAST else (8, 40)
BEFORE = "../../docs/balance/before"
PARAMS = ["T07.strength", "T02.strength", "C01.strength", "C09.drain.amount"]


def templars(df):
    """The Templars' wins and the decisive games."""
    return int(win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


def on_fresh_seeds(patch):
    """The set as it was with ``patch`` laid over it, played on seeds no tuner saw."""
    folder = write_cards(dw.load_cards(BEFORE, patch=patch).values(), Path(tempfile.mkdtemp()) / "set")
    return dw.simulate("standard", ["greedy", "greedy"], N, seed=2, cards=str(folder), progress=False)


again = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, cards=BEFORE, progress=False)

# %% [markdown]
# ## 1. More games a trial / Больше партий на пробу

# %%
for games in (G, 2 * G):
    result = dw.experiments.tune("standard", ["greedy", "greedy"], trials=T, games=games, seed=3, cards=BEFORE,
                                 params=PARAMS, objectives=["faction", "first_player"], progress=False)
    print(f"{games} games a trial, patch {result.changes} / {games} партий на пробу, патч {result.changes}")
    findings.say(findings.rate({"en": "  patched less as it was", "ru": "  с патчем минус как было"}, templars,
                               again, on_fresh_seeds(result.changes)))

# %% [markdown]
# More games a trial make each trial's score less noisy, so the best trial is less often a lucky one; read whether the
# lines above show it here (a few trials decide little either way: the honest test is always the fresh seeds).
#
# *Больше партий на пробу — меньше шума в оценке каждой пробы, и лучшая проба реже оказывается случайной; прочитайте,
# видно ли это по строкам выше (несколько проб мало что решают: честная проверка — всегда новые зёрна).*

# %% [markdown]
# ## 2. Your own patch / Свой патч
#
# For example Gefestus one point weaker and the Leech's Drain one point stronger:
#
# *Например, Гефест на очко слабее, а «Высасывание» Пиявки на очко сильнее:*

# %%
mine = {"T07": {"strength": 2}, "C09": {"drain": {"amount": 3}}}
findings.say(findings.rate({"en": "My patch less as it was", "ru": "Мой патч минус как было"}, templars, again,
                           on_fresh_seeds(mine)))

# %% [markdown]
# ## 3. Which objective? / Какая цель?

# %%
only = dw.experiments.tune("standard", ["greedy", "greedy"], trials=T, games=G, seed=3, cards=BEFORE, params=PARAMS,
                           objectives=["faction"], progress=False)
print(only.trials[["trial", "faction_rate", "first_rate", "score"]].round(3))

# %% [markdown]
# A tuner optimises only what it is told: with the faction alone, the first player's share is left to chance. Name
# every objective you care about (a Pareto front shows what one costs in another).
#
# *Тюнер оптимизирует только то, что ему велено: с одной лишь фракцией доля первого игрока предоставлена случаю.
# Назовите все цели, которые вам важны (фронт Парето показывает, чего одна стоит другой).*
