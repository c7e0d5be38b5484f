# %% [markdown]
# # Balance a game / Сбалансируйте игру
#
# Lessons 03 and 04 measured the card set as it was before balancing. Here a class balances it the way this project
# balanced its own cards (`docs/balance.md`): find the cards that tip it by **ablation**, let a **tuner** (Optuna)
# search the numbers the cards declare tunable, apply its patch — and then measure the patch again on **fresh
# seeds**, where a tuner's lucky find shows for what it is.
#
# *Уроки 03 и 04 измерили набор карт, каким он был до балансировки. Здесь класс балансирует его так же, как этот проект
# балансировал свои карты (`docs/balance.md`): находит карты, которые перекашивают игру, **абляцией**, даёт **тюнеру**
# (Optuna) перебрать числа, которые карты объявляют настраиваемыми, применяет его патч — и затем измеряет патч снова
# на **новых зёрнах**, где случайная находка тюнера видна такой, какая она есть.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - read which numbers of a card a designer may change, and write a patch that changes them
# - find the cards that tip a game by ablation
# - run a tuner, read its trials and its Pareto front
# - tell a tuner's real find from overfitting, by measuring its patch again on seeds it never saw
#
# *После этого урока вы умеете:*
# - *прочитать, какие числа карты дизайнер может менять, и написать патч, который их меняет*
# - *находить карты, которые перекашивают игру, абляцией*
# - *запускать тюнер, читать его пробы и фронт Парето*
# - *отличать настоящую находку тюнера от переобучения, измерив его патч снова на зёрнах, которых он не видел*

# %% [markdown]
# **How to work / Как работать.** Each step: **Predict** (write it down), **Measure** (run the cells), **Explain**.
# Exercises at the end; answers in `solutions/07-balance-a-game-solutions.ipynb`. Samples are small so that the
# lesson runs in minutes; `benchmarks/balance.py` runs the same steps on thousands of games.
#
# *Каждый шаг: **Прогноз** (запишите), **Измерение** (выполните ячейки), **Объяснение**. Упражнения — в конце, ответы
# — в `solutions/07-balance-a-game-solutions.ipynb`. Выборки маленькие, чтобы урок шёл минуты; `benchmarks/balance.py`
# проделывает то же на тысячах партий.*
#
# *The numbers below come from bots (GreedyAgent), not from people: they say what the rules allow careful players to
# do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не людьми: они
# показывают, что правила позволяют осторожным игрокам, и классу стоит сверить их со своими партиями.*

# %%
LANG = "en"     # "ru": plots, legends and tables in Russian / графики, легенды и таблицы по-русски

import os
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt

import dictator_widget as dw
from dictator_widget.engine.tuning import write_cards
from dictator_widget.experiments import findings, plots
from dictator_widget.experiments.ablation import ablation_impact
from dictator_widget.experiments.metrics import win_rates

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 60 if FAST else 400                  # games per measurement
T, G = (3, 20) if FAST else (8, 40)      # the tuner's trials, and games per trial
BEFORE = "../docs/balance/before"        # the card set as it was before balancing (lessons 03 and 04)
t = findings.translator(LANG)


def templars(df):
    """The Templars' wins and the decisive games."""
    return int(win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


def show(label, df):
    """The Templars' share with its verdict, and the median length in turns, in both languages."""
    findings.say(findings.share(*templars(df), what=label))
    capped = (df["end_reason"] == "turn-cap").mean()
    print(f"  median turns {df['turns'].median():.0f}; at the turn cap {capped:.1%} / медиана числа ходов "
          f"{df['turns'].median():.0f}; у предела ходов {findings.number(capped, '.1%', 'ru')}")


# %% [markdown]
# ## 1. The numbers a designer may change / Числа, которые можно менять
#
# Each card declares its tunable numbers with a range (`tune`) and the facts the rulebook's walkthrough fixes
# (`fixed`): the WASP's Strength 1 and 3-sector jump, the Knight's Acceleration, Orion's Aimed Shot, and so on.
#
# *Каждая карта объявляет настраиваемые числа с диапазоном (`tune`) и факты, которые закрепляет пример из правил
# (`fixed`): Сила WASP 1 и прыжок на 3 сектора, «Форсаж» Рыцаря, «Прицельный выстрел» Ориона и так далее.*

# %%
cards = dw.load_cards(BEFORE)
for cid in ("T01", "T02", "T07", "C09"):
    print(cid, cards[cid].name["en"], "/", cards[cid].name["ru"], "| tune:", dict(cards[cid].tunable),
          "| fixed:", sorted(cards[cid].fixed))

# %% [markdown]
# A **patch** (TOML: a table per card, new values for tunable numbers) changes those numbers;
# `dw.load_cards(..., patch=...)` checks it, and a bad patch is refused with the card and the field:
#
# ***Патч** (TOML: таблица на карту, новые значения настраиваемых чисел) меняет эти числа;
# `dw.load_cards(..., patch=...)` проверяет его, а неверный патч отвергается с указанием карты и поля:*

# %%
for bad in ({"T01": {"strength": 2}}, {"T02": {"strength": 9}}, {"X99": {"strength": 1}}):
    try:
        dw.load_cards(BEFORE, patch=bad)
    except dw.CardDataError as error:
        print("CardDataError:", str(error)[:160])

# %% [markdown]
# ## 2. The set as it was / Набор, каким он был
#
# **Predict:** what did lesson 03 find on this set? On other seeds, and fewer games, will the verdict be the same?
#
# ***Прогноз:** что нашёл урок 03 на этом наборе? На других зёрнах и меньшем числе партий вывод будет тем же?*

# %%
before = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, cards=BEFORE, progress=False)
show({"en": "As it was: the Templars", "ru": "Как было: Тамплиеры"}, before)

# %% [markdown]
# ## 3. Which cards tip it? Ablation / Какие карты перекашивают? Абляция
#
# Each card is replaced by a blank (same faction, type and Strength, no actions) and the same games are played again:
# the holder's win rate with the card less with the blank. **Predict:** which of Gefestus (T07), the Agitator (C02)
# and the Leech (C09) matters most?
#
# *Каждая карта заменяется пустой (та же фракция, тип и Сила, без действий), и те же партии играются снова: доля побед
# владельца с картой минус с пустой. **Прогноз:** что важнее всего — Гефест (T07), Агитатор (C02) или Пиявка (C09)?*

# %%
impact = ablation_impact(before.iloc[: N // 2], cards=["T07", "C02", "C09"], progress=False)
for lang in ("en", "ru"):
    for _, row in impact.iterrows():
        print(findings.impact(row, lang))
plots.ablation(impact, lang=LANG);

# %% [markdown]
# **Explain.** Only a card whose interval leaves 0 out is a finding; the others may matter, but not measurably in this
# many games. The balancing study ablated every card on 1,000 games (`docs/balance.md`).
#
# *Находка — только карта, чей интервал не накрывает 0; остальные могут быть важны, но не измеримо на таком числе
# партий. Исследование баланса провело абляцию каждой карты на 1000 партиях (`docs/balance.md`).*

# %% [markdown]
# ## 4. Tune / Настройка
#
# `dw.experiments.tune` plays a batch per trial on the same seeds (common random numbers) and scores faction balance
# and the first player's advantage (0 is perfect); with `pareto=True` it keeps the trials no other beats on both.
# Trial 0 is the set as given. Seeded: the same call gives the same trials. **Predict:** will the best trial be even
# on seeds it has not seen?
#
# *`dw.experiments.tune` играет серию партий на каждую пробу на одних и тех же зёрнах и оценивает баланс фракций и
# преимущество первого игрока (0 — идеально); с `pareto=True` сохраняет пробы, которых никакая другая не превосходит
# по обеим целям. Проба 0 — набор как есть. С зерном: тот же вызов даёт те же пробы. **Прогноз:** будет ли лучшая проба
# ровной на зёрнах, которых она не видела?*

# %%
result = dw.experiments.tune("standard", ["greedy", "greedy"], trials=T, games=G, seed=3, cards=BEFORE,
                             params=["T07.strength", "T02.strength", "C01.strength", "C09.drain.amount"],
                             objectives=["faction", "first_player"], pareto=True, progress=False)
columns = ["trial", "T07.strength", "T02.strength", "C01.strength", "C09.drain.amount", "faction_rate", "first_rate",
           "score", "pareto"]
findings.labels(result.trials[columns].round(3), LANG)

# %%
fig, axes = plt.subplots(1, 2, figsize=(13, 3.8))
plots.tuning(result.trials, ax=axes[0], lang=LANG)
plots.pareto(result.trials, ax=axes[1], lang=LANG)
fig.tight_layout()

# %%
print(result.patch)

# %% [markdown]
# ## 5. Measure the patch again, on fresh seeds / Измерьте патч снова на новых зёрнах
#
# The tuner chose its best trial *on its own few games a trial*: among several trials, one looks even partly by luck.
# Measure the patched set on seeds the tuner never saw, beside the set as it was and the shipped set (tuned on 120
# trials of 400 games, then checked on 4,000 games).
#
# *Тюнер выбрал лучшую пробу *на своих же партиях*: среди нескольких проб одна выглядит ровной отчасти случайно.
# Измерьте набор с патчем на зёрнах, которых тюнер не видел, рядом с набором, каким он был, и поставляемым набором
# (настроен на 120 пробах по 400 партий и проверен на 4000 партиях).*

# %%
patched = str(write_cards(dw.load_cards(BEFORE, patch=result.changes).values(), Path(tempfile.mkdtemp()) / "new"))
best = result.trials.sort_values("score").iloc[0]
print(f"On its own games the best trial (trial {int(best['trial'])}) gave the Templars {best['faction_rate']:.1%}. / "
      f"На своих партиях лучшая проба (проба {int(best['trial'])}) дала Тамплиерам "
      f"{findings.number(best['faction_rate'], '.1%', 'ru')}.")
fresh = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, cards=patched, progress=False)
again = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, cards=BEFORE, progress=False)
shipped = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False)
show({"en": "Fresh seeds, as it was", "ru": "Новые зёрна, как было"}, again)
show({"en": "Fresh seeds, patched", "ru": "Новые зёрна, с патчем"}, fresh)
show({"en": "Fresh seeds, shipped", "ru": "Новые зёрна, поставляемый"}, shipped)
findings.say(findings.rate({"en": "Patched less as it was (Templars' share)", "ru": "С патчем минус как было (доля "
                            "Тамплиеров)"}, templars, again, fresh))

# %% [markdown]
# **Explain.** Compare the trial's own figure with the fresh measurement, and read the last line: if the patch's
# difference from the set as it was holds 0, the tuner's find did not survive fresh seeds — it fitted the noise of
# its few games (**overfitting**). A tuner on small samples gives a hint, not a verdict: every patch is measured again,
# on more games and other seeds, before it ships. That is what `docs/balance.md` did: 120 trials of 400 games, then
# 4,000 games on fresh seeds, then designers' changes, each measured.
#
# *Сравните собственную цифру пробы с измерением на новых зёрнах и прочитайте последнюю строку: если разность патча с
# набором, каким он был, накрывает 0, находка тюнера не пережила новых зёрен — она подогнана под шум его немногих
# партий (**переобучение**). Тюнер на малых выборках даёт подсказку, а не приговор: каждый патч измеряют снова, на
# большем числе партий и других зёрнах, прежде чем поставлять. Так и сделано в `docs/balance.md`: 120 проб по 400
# партий, затем 4000 партий на новых зёрнах, затем правки дизайнеров, каждая измерена.*

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **More games a trial.** Run the tuner again with twice the games a trial (`games=2 * G`) and measure its patch on
#    the fresh seeds. Does the find survive better?
# 2. **Your own patch.** Write a patch by hand (one or two numbers, from the ablation) and measure it on the fresh
#    seeds against the set as it was. Give the difference and its interval.
# 3. **Which objective?** Tune with `objectives=["faction"]` only. What happens to the first player's share?
#
# *1. **Больше партий на пробу.** Запустите тюнер снова с вдвое большим числом партий на пробу (`games=2 * G`) и
# измерьте его патч на новых зёрнах. Лучше ли переживает находка? 2. **Свой патч.** Напишите патч вручную (одно-два
# числа, по абляции) и измерьте его на новых зёрнах против набора, каким он был. Дайте разность и её интервал.
# 3. **Какая цель?** Настройте только с `objectives=["faction"]`. Что происходит с долей первого игрока?*
#
# Answers: `solutions/07-balance-a-game-solutions.ipynb`. / *Ответы: `solutions/07-balance-a-game-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - A card's numbers are data a designer may change within ranges; a patch changes them and is checked.
# - Ablation points at the cards worth changing; a tuner searches their numbers faster than by hand.
# - The best of many small trials is partly luck: measure every patch again on fresh seeds, with the interval of its
#   difference, before you believe it.
#
# - *Числа карты — данные, которые дизайнер может менять в пределах диапазонов; патч их меняет и проверяется.*
# - *Абляция указывает карты, которые стоит менять; тюнер перебирает их числа быстрее, чем вручную.*
# - *Лучшая из многих маленьких проб — отчасти удача: измеряйте каждый патч снова на новых зёрнах, с интервалом его
#   разности, прежде чем ему верить.*
