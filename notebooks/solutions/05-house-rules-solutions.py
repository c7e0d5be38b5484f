# %% [markdown]
# # Answers to lesson 05 / Ответы к уроку 05
#
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os

import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import findings, metrics

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 60 if FAST else 400
t = findings.translator(LANG)
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages a finding is printed in

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
def templars(df):
    """The Templars' wins and the decisive games."""
    return int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


for found in (findings.compare({"en": "Exhaustion: decisions per game", "ru": "Истощение: решений за партию"},
                               base["decisions"], tired["decisions"]),
              findings.rate({"en": "Exhaustion: Templars' share of decisive games",
                             "ru": "Истощение: доля Тамплиеров в решённых партиях"}, templars, base, tired)):
    for lang in SHOW:
        print(found[lang])

# %% [markdown]
# Read each line against its prediction: "down" confirms "fewer decisions"; "no change this sample can see" neither
# confirms nor refutes it (the interval says how large a change could still hide); "up" refutes it. A prediction that
# fails is a finding too: then look for the reason (perhaps battles in which cards rest are less decisive, so games
# need more of them) and test that.
#
# *Сравните каждую строку с прогнозом: «меньше» подтверждает «меньше решений»; «изменения, видимого на этой выборке,
# нет» не подтверждает и не опровергает (интервал говорит, какое изменение ещё может прятаться); «больше» опровергает.
# Неподтвердившийся прогноз — тоже результат: тогда ищите причину (возможно, бои, в которых карты отдыхают, реже
# решают дело, и партиям нужно больше боёв) и проверьте её.*

# %% [markdown]
# ## 2. The arc / Дуга

# %%
A = 40 if FAST else 200
plain = dw.simulate("standard", ["greedy", "greedy"], A, seed=11, progress=False)
siege = dw.simulate("standard", ["greedy", "greedy"], A, seed=11, progress=False, variants={"siege_tokens": True})
a, b = metrics.arc(plain), metrics.arc(siege)
MEASURES = {"lead_changes": {"en": "lead changes (share of turns)", "ru": "смены лидера (доля ходов)"},
            "decisiveness": {"en": "decisiveness (share of the game played undecided)",
                             "ru": "решённость (доля партии до того, как она решена)"},
            "drama": {"en": "drama (how far the winner trailed)", "ru": "драматизм (насколько отставал победитель)"}}
names = (t("baseline", "базовые"), t("siege tokens", "жетоны осады"))
rows = []
for measure, label in MEASURES.items():
    d = metrics.mean_interval((b[measure] - a[measure]).dropna().tolist())   # the same seeds: game by game
    found = findings.change(d, what=label, spec="+.3f")
    rows.append({t("measure", "мера"): label[LANG], names[0]: a[measure].mean(), names[1]: b[measure].mean(),
                 "difference": d["mean"], "lo": d["lo"], "hi": d["hi"]})
    for lang in SHOW:
        print(found[lang])
findings.table(pd.DataFrame(rows).set_index(t("measure", "мера")), LANG)

# %% [markdown]
# The lines above say, measure by measure, whether the sample sees the arc move. A rule that touches only Guild
# assaults would be expected to move it little; where an interval leaves 0 out, look for why.
#
# *Строки выше говорят по каждой мере, видит ли выборка сдвиг дуги. Правило, которое касается только штурмов Цехов,
# вряд ли сильно её сдвинет; где интервал не накрывает 0, ищите причину.*

# %% [markdown]
# ## 3. Guild Strength 4 / Сила Цеха 4

# %%
g4 = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                 variants={"guild_strength": 4})
def first(df):
    """The first player's wins and the decisive games."""
    fpa = metrics.first_player_advantage(df)
    return fpa["first_wins"], fpa["decisive"]


found = findings.rate({"en": "Guild Strength 4: first player's share", "ru": "Сила Цеха 4: доля первого игрока"},
                      first, base, g4)
for lang in SHOW:
    print(found[lang])
print(t(f"median turns: {base['turns'].median():.0f} with Guild Strength 3, {g4['turns'].median():.0f} with 4",
        f"медиана ходов: {base['turns'].median():.0f} при Силе Цеха 3, {g4['turns'].median():.0f} при 4"))

# %% [markdown]
# The line says whether this many games see the first player's share change, and how large a change its interval
# still allows.
#
# *Строка говорит, видит ли такое число партий изменение доли первого игрока и какое изменение её интервал ещё
# допускает.*
