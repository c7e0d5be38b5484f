# %% [markdown]
# # Answers to lesson 07 / Ответы к уроку 07
#
# *The numbers below come from bots (GreedyAgent), not from people; every sentence is printed from the numbers it
# rests on.* / *Числа ниже получены ботами, а не людьми; каждая фраза напечатана по числам, на которых основана.*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os
import tempfile
from pathlib import Path

import pandas as pd

import dictator_widget as dw
from dictator_widget.engine import write_cards
from dictator_widget.experiments import findings, metrics

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 60 if FAST else 400
T, G = (3, 20) if FAST else (8, 40)
TUNE_SEED, FRESH_SEED = 3, 2             # as in the lesson: the tuner's seeds, and seeds it never saw
BEFORE = "../../docs/balance/before"
PARAMS = ["C01.strength", "T07.strength", "T02.strength", "C09.drain.amount"]
t = findings.translator(LANG)
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages a finding is printed in


def say(found):
    """Print a finding (``{"en": ..., "ru": ...}``) in the languages of SHOW."""
    for lang in SHOW:
        print(found[lang])


def templars(df):
    """The Templars' wins and the decisive games."""
    return int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


def play(cards, games, seed):
    """Greedy against Greedy on ``cards``, seats rotating."""
    return dw.simulate("standard", ["greedy", "greedy"], games, seed=seed, cards=cards, progress=False, record=False)


def patched(patch):
    """The set as it was with ``patch`` laid over it, as a card folder."""
    return str(write_cards(dw.load_cards(BEFORE, patch=patch).values(), Path(tempfile.mkdtemp()) / "set"))


fresh_before = play(BEFORE, N, FRESH_SEED)

# %% [markdown]
# ## 1. More games a trial / Больше партий на пробу
#
# For each size of trial: the best trial's Templars' share on the tuner's own seeds and on fresh ones, and the same for
# trial 0 (the set as it was: its move is pure noise).
#
# *Для каждого размера пробы: доля Тамплиеров у лучшей пробы на зёрнах тюнера и на новых, и то же для пробы 0 (набор
# как был: её сдвиг — чистый шум).*

# %%
rows = []
for games in (G, 4 * G):
    result = dw.experiments.tune("standard", ["greedy", "greedy"], trials=T, games=games, seed=TUNE_SEED,
                                 cards=BEFORE, params=PARAMS, objectives=["faction", "first_player"], progress=False)
    best = int(result.trials.sort_values("score").iloc[0]["trial"])
    for trial, cards in ((0, BEFORE), (best, patched(result.changes))):
        own, fresh = templars(play(cards, games, TUNE_SEED)), templars(play(cards, N, FRESH_SEED))
        d = metrics.difference(*fresh, *own)
        rows.append({t("games a trial", "партий на пробу"): games, t("trial", "проба"): trial,
                     t("own seeds", "свои зёрна"): own[0] / own[1],
                     t("fresh seeds", "новые зёрна"): fresh[0] / fresh[1],
                     t("move", "сдвиг"): d["difference"], "lo": d["lo"], "hi": d["hi"]})
table = pd.DataFrame(rows).set_index([t("games a trial", "партий на пробу"), t("trial", "проба")])
findings.table(table, LANG)

# %%
for games in (G, 4 * G):
    zero, best = table.loc[games].iloc[0], table.loc[games].iloc[1]
    own, fresh, noise = best.iloc[0], best.iloc[1], abs(zero.iloc[2]) * 100
    gap = abs(own - fresh) * 100
    beyond = not (best["lo"] <= 0 <= best["hi"])
    ru = {k: findings.number(v, f, "ru") for k, v, f in [("own", own, ".1%"), ("fresh", fresh, ".1%"),
                                                         ("gap", gap, ".1f"), ("noise", noise, ".1f")]}
    say({"en": f"{games} games a trial: the best trial said {own:.1%} on its own games and {fresh:.1%} on fresh seeds, "
               f"{gap:.1f} points apart, " + ("beyond noise (the interval of the move leaves 0 out)" if beyond else
                                              "within noise (the interval of the move holds 0)")
               + f"; trial 0, the same set measured twice, moved {noise:.1f} points.",
         "ru": f"{games} партий на пробу: лучшая проба дала {ru['own']} на своих партиях и {ru['fresh']} на новых "
               f"зёрнах, разница {ru['gap']} пункта, " + ("больше шума (интервал сдвига не накрывает 0)" if beyond else
                                                        "в пределах шума (интервал сдвига накрывает 0)")
               + f"; проба 0, тот же набор, измеренный дважды, сдвинулась на {ru['noise']} пункта."})

# %% [markdown]
# More games a trial make each trial's own figure less noisy (trial 0's move shows how noisy), so the best trial is
# less often a lucky one and its own figure should come nearer the fresh one: read whether the lines above show it
# here. A few trials decide little either way; the honest test is always the fresh seeds.
#
# *Больше партий на пробу — меньше шума в собственной цифре каждой пробы (насколько шумна — показывает сдвиг пробы 0),
# лучшая проба реже оказывается удачливой, и её цифра должна быть ближе к новой: прочитайте, видно ли это по строкам
# выше. Несколько проб мало что решают; честная проверка — всегда новые зёрна.*

# %% [markdown]
# ## 2. Your own patch / Свой патч
#
# Two tries by hand, each measured on the fresh seeds against the set as it was, and its share against 50%: first
# Gefestus one point weaker and the Leech's Drain one point stronger; then only the Phagocyte, the Synclith's card in
# every game, one point of Strength stronger (Strength 3).
#
# *Две попытки вручную, каждая измерена на новых зёрнах против набора, каким он был, и её доля — против 50%: сначала
# Гефест на очко слабее и «Высасывание» Пиявки на очко сильнее; затем только Фагоцит — карта Синклита, которая есть в
# каждой партии, — на очко Силы сильнее (Сила 3).*

# %%
TRIES = [({"en": "Gefestus -1, Leech's Drain +1", "ru": "Гефест −1, Высасывание Пиявки +1"},
          {"T07": {"strength": 2}, "C09": {"drain": {"amount": 3}}}),
         ({"en": "Phagocyte +1", "ru": "Фагоцит +1"}, {"C01": {"strength": 3}})]
start = findings.share(*templars(fresh_before), what={"en": "As it was", "ru": "Как было"})
say(start)
for label, patch in TRIES:
    fresh = play(patched(patch), N, FRESH_SEED)
    say(findings.rate({"en": f"{label['en']}: less as it was", "ru": f"{label['ru']}: минус как было"},
                      templars, fresh_before, fresh))
    now = findings.share(*templars(fresh), what=label)
    say(now)
    was, now_ = start["verdict"], now["verdict"]
    if was != "holds" and now_ not in ("holds", was):
        key = "overshoots"
    elif was != "holds" and now_ == was:
        key = "short"
    elif now_ == "holds":
        key = "even"
    else:
        key = "tips"
    say({"en": {"overshoots": "  It overshoots: the Templars crossed 50% to the other side, beyond noise. Take back a "
                              "part of the change.",
                "short": f"  Not enough: the Templars still {'lead' if was == 'above' else 'trail'}, beyond noise.",
                "even": "  Even, as far as these games can see (its interval holds 50%).",
                "tips": "  It tips a set that measured even to one side, beyond noise."}[key],
         "ru": {"overshoots": "  Перелёт: Тамплиеры перешли через 50% на другую сторону, дальше шума. Верните часть "
                              "правки.",
                "short": "  Мало: Тамплиеры всё ещё " + ("впереди" if was == "above" else "позади") + ", дальше шума.",
                "even": "  Ровно, насколько видят эти партии (интервал накрывает 50%).",
                "tips": "  Набор, который мерился ровным, кренится на одну сторону дальше шума."}[key]})

# %% [markdown]
# Read each try against its lines: a patch can change the game measurably and still be wrong — past 50% to the other
# side is as uneven as before. `docs/balance.md` shows the same with the tuner's own patch (it overshot, and the
# designers took part of it back).
#
# *Сравните каждую попытку с её строками: патч может заметно менять игру и всё же быть неверным — за 50% на другую
# сторону так же неровно, как было. `docs/balance.md` показывает то же на патче самого тюнера (он проскочил равенство,
# и дизайнеры вернули его часть).*

# %% [markdown]
# ## 3. Which objective? / Какая цель?

# %%
only = dw.experiments.tune("standard", ["greedy", "greedy"], trials=T, games=G, seed=TUNE_SEED, cards=BEFORE,
                           params=PARAMS, objectives=["faction"], progress=False)
columns = {"faction_rate": t("Templars' share", "доля Тамплиеров"),
           "first_rate": t("first player's share", "доля первого игрока"), "score": t("score (0: even)", "оценка")}
findings.table(only.trials.set_index("trial")[list(columns)].rename(columns=columns), LANG)

# %%
chosen = only.trials.sort_values("score").iloc[0]
first0, first1 = only.trials.loc[0, "first_rate"], chosen["first_rate"]
r0, r1 = (findings.number(x, ".1%", "ru") for x in (first0, first1))
if int(chosen["trial"]) == 0:
    say({"en": f"No trial beat the set as it was on the faction alone; the first player's share stays {first0:.1%}.",
         "ru": f"Ни одна проба не обошла набор как был по одним фракциям; доля первого игрока остаётся {r0}."})
else:
    nearer = abs(first1 - 0.5) < abs(first0 - 0.5)
    say({"en": f"The tuner chose trial {int(chosen['trial'])} by the faction alone; the first player's share went from "
               f"{first0:.1%} (trial 0) to {first1:.1%}, " + ("nearer 50%" if nearer else "no nearer 50%")
               + ": by chance, since the tuner never looked at it.",
         "ru": f"Тюнер выбрал пробу {int(chosen['trial'])} только по фракциям; доля первого игрока сменилась с {r0} "
               f"(проба 0) на {r1}, " + ("ближе к 50%" if nearer else "не ближе к 50%")
               + ": случайно, ведь тюнер на неё не смотрел."})

# %% [markdown]
# A tuner optimises only what it is told. Name every objective you care about (a Pareto front shows what one costs in
# another).
#
# *Тюнер оптимизирует только то, что ему велено. Назовите все цели, которые вам важны (фронт Парето показывает, чего
# одна стоит другой).*
