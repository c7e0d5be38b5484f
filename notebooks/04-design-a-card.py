# %% [markdown]
# # Design a card / Придумайте карту
#
# Lesson 03 asks whether the factions are even. How far can one new Synclith card move the balance, and what should it
# cost? We write a card in TOML, put it in the Synclith army, read its odds in one battle, measure what it adds over
# 1,000 games, and draw its **cost curve**: what each extra point of Energy cost takes away from its benefit, as in
# Schreiber and Romero's *Game Balance*.
#
# *Урок 03 спрашивает, равны ли фракции. Насколько одна новая карта Синклита может сдвинуть баланс и сколько она
# должна стоить? Напишем карту в TOML, поставим её в армию Синклита, прочитаем её шансы в одном бою, измерим, что она
# даёт за 1000 партий, и построим её **кривую стоимости**: сколько пользы отнимает каждое очко Энергии в цене, как в
# книге Шрайбера и Ромеро *Game Balance*.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - write a card as data (TOML) and read the error a wrong field gives
# - put a card of your own in play in every game (`cards=` a folder)
# - read a card's effect in one battle from exact odds, and over many games by ablation
# - draw and read a cost curve: Energy cost against the gain in the chance of winning
#
# *После этого урока вы умеете:*
# - *написать карту как данные (TOML) и прочитать ошибку, которую даёт неверное поле*
# - *ввести свою карту в игру в каждой партии (`cards=` папка)*
# - *прочитать действие карты в одном бою по точным шансам и на многих партиях — абляцией*
# - *построить и прочитать кривую стоимости: цена в Энергии против прироста шанса на победу*

# %% [markdown]
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %% [markdown]
# ## 1. Write the card / Напишите карту
#
# A card combines named effects (`docs/rules-engine.md`) with parameters: no Python. Ours: the **Brood Mother**,
# Synclith bio-mech, Strength 1; *Swarm*: spend 1 Energy for +2 Strength in the Strength Phase. Giving her the id
# `C05` puts her in the Synclith army in place of the Genoclone.
#
# *Карта собирается из именованных эффектов (`docs/rules-engine.md`) с параметрами, без Python. Наша карта —
# **Матка**, биомашина Синклита, Сила 1; «Рой»: потратьте 1 Энергию, +2 к Силе в Фазе Силы. Id `C05` ставит её в армию
# Синклита вместо Геноклона.*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import blank_cards, findings, layered, metrics, paired_difference, plots

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
BEFORE = findings.lesson_folder("../docs/balance/before", LANG)   # lesson 03's uneven set
t = findings.translator(LANG)
say = findings.speaker(LANG)             # a finding in both languages ("en") or in Russian only

N = 30 if FAST else 1000      # games per batch: 1,000 Greedy games take about 10 s on two cores

# %% tags=["teacher-card"]
CARD = """
faction = "synclith"

[[card]]
id = "C05"                 # the Genoclone's id: the Brood Mother takes its place in the Synclith army
name = { en = "Brood Mother", ru = "Матка" }
type = "bio-mech"
strength = 1
text = { en = "She calls the swarm to battle.", ru = "Она зовёт рой в бой." }

[[card.action]]
id = "swarm"
name = { en = "Swarm", ru = "Рой" }
phase = "strength"
cost = 1
effect = "strength"
params = { amount = 2, side = "own" }
text = { en = "Spend 1 Energy: +2 to your battalion's Strength.", ru = "Потратьте 1 Энергию: +2 к Силе отряда." }
"""

folder = Path(tempfile.mkdtemp(prefix="my-cards-"))
(folder / "brood-mother.toml").write_text(CARD, encoding="utf-8");

# %%
cards = dw.load_cards(folder)
mother = cards["C05"]
PHASES = {"maneuvers": "Маневров", "condition": "Условий", "strength": "Силы", "collision": "Столкновения",
          "damage": "Ущерба"}
print(mother.name[LANG], t("| Strength", "| Сила"), mother.strength, "|",
      t(mother.type, {"bio-mech": "биомашина"}.get(mother.type, mother.type)))
for action in mother.actions:
    print(" -", action.name[LANG] + t(f": {action.phase} phase, cost {action.cost}",
                                      f": фаза {PHASES[action.phase]}, цена {action.cost}"))

# %% [markdown]
# A mistake is reported with the file, the card and the field, and nothing is loaded:
#
# *Ошибка называет файл, карту и поле, и ничего не загружается:*

# %%
broken = Path(tempfile.mkdtemp())
(broken / "oops.toml").write_text(CARD.replace('effect = "strength"', 'effect = "strenght"'), encoding="utf-8")
try:
    dw.load_cards(broken)
except dw.CardDataError as error:
    say({lang: error.text(lang).replace(error.file, Path(error.file).name) for lang in ("en", "ru")})

# %% [markdown]
# ## 2. One battle: exact odds / Один бой: точные шансы
#
# **Predict:** a Synclith battalion with the Brood Mother (and the Snail, the Infiltrator) is attacked by the
# Templars' Knight, WASP and Orion. How much does Swarm raise the defender's chance over the same battalion with a
# blank card in her place?
#
# *Отряд Синклита с Маткой (и Улиткой, и Инфильтратором) атакован Рыцарем, WASP и Орионом Тамплиеров. Насколько «Рой»
# поднимает шансы обороняющегося по сравнению с тем же отрядом, где вместо неё пустая карта?*

# %%
blank = blank_cards(["C05"])          # a folder: C05 as a blank of the same faction, type and Strength
position = {"battalions": {"A1": {"sector": "d4", "cards": ["T04", "T01", "T10"]},
                           "B1": {"sector": "e4", "cards": ["C05", "C04", "C08"]}}, "energy": [6, 6]}
for label, card_set in [({"en": "the Brood Mother", "ru": "С Маткой"}, folder),
                         ({"en": "the blank", "ru": "С пустой картой"}, blank)]:
    odds = dw.battle_odds(dw.Game.from_scenario(position, cards=str(card_set)), "A1 attack B1")
    n = {lang: {k: findings.number(odds[k], ".3f", lang) for k in ("loss", "draw")} for lang in ("en", "ru")}
    spent = {lang: findings.number(odds["energy_spent"][1], ".2f", lang) for lang in ("en", "ru")}
    say({"en": f"With {label['en']}, the Synclith defender wins {n['en']['loss']}, draws {n['en']['draw']}, "
               f"spends {spent['en']} Energy on average.",
         "ru": f"{label['ru']} обороняющийся Синклит побеждает с вероятностью "
               f"{n['ru']['loss']}, ничья {n['ru']['draw']}, в среднем тратит {spent['ru']} Энергии."})

# %% [markdown]
# **Explain.** The two lines are exact (every roll of the dice counted): they say what +2 Strength for 1 Energy buys
# the defender in this one battle. But a game is many battles, and Energy spent here is not spent elsewhere. Does the
# card win games?
#
# *Эти две строки точны (учтён каждый бросок кубиков): они говорят, что +2 к Силе за 1 Энергию дают обороняющемуся в
# этом одном бою. Но партия — это много боёв, и Энергия, потраченная здесь, не будет потрачена в другом месте.
# Выигрывает ли карта партии?*

# %% [markdown]
# ## 3. Over 1,000 games: ablation / 1000 партий: абляция
#
# `dw.simulate(..., cards=folder)` plays every game with your card in the army. Lesson 03 measured an uneven set
# (`BEFORE`: the Phagocyte at Strength 2, the Templars ahead); `layered(BEFORE, folder)` is that set with your card in
# it. **Predict:** by how many points does the Brood Mother raise the Synclith's win rate over a blank there? And
# does she even the factions?
#
# *`dw.simulate(..., cards=folder)` играет каждую партию с вашей картой в армии. Урок 03 измерил неровный набор
# (`BEFORE`: Фагоцит с Силой 2, Тамплиеры впереди); `layered(BEFORE, folder)` — этот набор с вашей картой.
# **Прогноз:** на сколько пунктов Матка поднимает там долю побед Синклита по сравнению с пустой картой? И уравнивает
# ли она фракции?*

# %%
mine = str(layered(BEFORE, folder))
with_card = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=mine)
in_army = with_card["p1_army"].str.split().apply(lambda army: "C05" in army).mean()
used = with_card["record"].str.count("C05:swarm")
say({"en": f"The Brood Mother is in the Synclith army in {in_army:.0%} of the games; Swarm is used "
           f"{used.mean():.1f} times a game (median {used.median():.0f}).",
     "ru": f"Матка в армии Синклита в {in_army:.0%} партий; «Рой» применяется "
           f"{findings.number(used.mean(), '.1f', 'ru')} раза за партию (медиана {used.median():.0f})."})
impact = metrics.card_impact(with_card, cards=["C05"], progress=False)
say(findings.impacts(impact, cards=mine)[0])


def templars(df):
    """The Templars' wins and the decisive games (those with a winner)."""
    return int((df["winner"] == 0).sum()), int(df["winner"].notna().sum())    # Player 1: the Templars


say(findings.share(*templars(with_card), what={"en": "The Templars' share with the Brood Mother",
                                               "ru": "Доля Тамплиеров с Маткой"}))
findings.labels(findings.named(impact, LANG, cards=mine)[["name", "games", "with_rate", "blank_rate", "impact", "lo",
                                                          "hi"]].round(3), LANG)

# %% [markdown]
# **Explain.** `impact` is the Synclith's win rate with the card less with the blank, on the same seeds, with a 95%
# bootstrap interval. Was your prediction inside it? The last line reads the question of lesson 03 again, with the
# Brood Mother in the Synclith army: does its interval hold 50% now? If not, exercise 1 is yours.
#
# *`impact` — доля побед Синклита с картой минус доля с пустой картой на тех же зёрнах, с 95-процентным
# бутстреп-интервалом. Попал ли ваш прогноз в него? Последняя строка снова задаёт вопрос урока 03, теперь с Маткой в
# армии Синклита: накрывает ли её интервал 50%? Если нет, упражнение 1 — ваше.*

# %% [markdown]
# ## 4. The cost curve / Кривая стоимости
#
# Schreiber and Romero's cost curve relates what a card costs to what it gives. Here: the same card at an Energy cost
# of 0, 1, 2 and 3, each measured against the same blank on the same seeds. **Predict:** draw the curve before running
# the cell. Where does it cross zero?
#
# *Кривая стоимости Шрайбера и Ромеро связывает то, что карта стоит, с тем, что она даёт. Здесь — та же карта с ценой
# 0, 1, 2 и 3 Энергии, каждая против той же пустой карты на тех же зёрнах. **Прогноз:** нарисуйте кривую до запуска
# ячейки. Где она пересекает ноль?*

# %%
blank_games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, record=False,
                          cards=str(layered(BEFORE, blank)))
def synclith_won(df):
    return (df["winner"] == 1).fillna(False).astype(float).tolist()   # Player 2: the Synclith
curve, played = {}, {}
for cost in [0, 1, 2, 3]:
    if cost == 1:
        games = with_card
    else:
        priced = Path(tempfile.mkdtemp(prefix=f"cost-{cost}-"))
        (priced / "brood-mother.toml").write_text(CARD.replace("cost = 1", f"cost = {cost}"), encoding="utf-8")
        games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False,
                            cards=str(layered(BEFORE, priced)))
    played[cost] = games
    curve[cost] = {**paired_difference(synclith_won(games), synclith_won(blank_games)),
                   "uses": games["record"].str.count("C05:swarm").mean()}      # Swarms a game: the mechanism
curve = pd.DataFrame(curve).T.rename_axis("Energy cost").astype({"games": int})
verdict = {}                                   # each price's verdict ("up", "down", "none"), read again below
for cost, row in curve.iterrows():
    found = findings.change({"difference": row["impact"], "lo": row["lo"], "hi": row["hi"]},
                            what={"en": f"Swarm at cost {cost}", "ru": f"«Рой» за {cost}"})
    verdict[cost] = found["verdict"]
    uses = {lang: findings.number(row["uses"], ".2f", lang) for lang in ("en", "ru")}
    say({"en": f"{found['en']} Used {uses['en']} times a game.",
         "ru": f"{found['ru']} Применяется {uses['ru']} раза за партию."})
findings.labels(curve.round(3), LANG, extra={"uses": "число применений за партию"})

# %%
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.errorbar(curve.index, curve["impact"], yerr=[curve["impact"] - curve["lo"], curve["hi"] - curve["impact"]],
            fmt="o-", capsize=4, label=t("Brood Mother (Swarm: +2 Strength)", "Матка («Рой»: +2 к Силе)"))
ax.axhline(0, color="grey", lw=0.8, ls="--", label=t("a blank card", "пустая карта"))
ax.set_xticks(list(curve.index))
ax.set_xlabel(t("Energy cost of Swarm", "цена «Роя» в Энергии"))
ax.set_ylabel(t("Synclith's gain over a blank", "прирост побед Синклита"))
ax.set_title(t(f"Cost curve of the Brood Mother ({findings.count(N, 'paired game', 'en')} a point, 95% CI)",
               f"Кривая стоимости Матки ({findings.count(N, 'paired game', 'ru')} на точку, 95% ДИ)"))
plots.localize(ax, LANG)
ax.legend()
fig.tight_layout()

# %% [markdown]
# **Explain.** Each point is a card a designer could print; the lines above read each one, with how often the bots
# used Swarm at that price. Why the curve has the shape it has, read from those two columns:
#
# ***Объяснение.** Каждая точка — карта, которую дизайнер мог бы напечатать; строки выше читают каждую вместе с тем,
# как часто боты применяли «Рой» при этой цене. Почему у кривой такая форма — по этим двум столбцам:*

# %%
def reading(cost, row, lang):
    """What one point of the curve says, from its verdict above and its uses a game."""
    u = findings.number(row["uses"], ".2f", lang)
    if verdict[cost] == "up":
        return {"en": f"at cost {cost} the card pays for itself (used {u} a game)",
                "ru": f"за {cost} карта окупается ({u} применения за партию)"}[lang]
    if verdict[cost] == "down":
        return {"en": f"at cost {cost} it is a trap: used {u} a game, and its holder does worse than with a blank — "
                      "a likely reason, not measured here: "
                      "the Energy the bots spend on it would serve them better elsewhere",
                "ru": f"за {cost} это ловушка: {u} применения за партию, и владельцу хуже, чем с пустой картой, — "
                      "вероятная причина, здесь не измеренная: "
                      "Энергия, потраченная на неё, принесла бы ботам больше в другом месте"}[lang]
    if row["uses"] < 0.25:
        return {"en": f"at cost {cost} the bots hardly buy it ({u} a game), so it plays as the blank does",
                "ru": f"за {cost} боты её почти не покупают ({u} за партию), и она играет как пустая"}[lang]
    return {"en": f"at cost {cost} it is used {u} a game and adds nothing this sample can measure",
            "ru": f"за {cost} она применяется {u} раза за партию и не даёт ничего измеримого на этой выборке"}[lang]


say({lang: findings.capital("; ".join(reading(c, r, lang) for c, r in curve.iterrows())) + "."
     for lang in ("en", "ru")})
# Does one Energy more leave the holder better off? The price where the card hurts (else the cheapest) against the
# next one, on the same seeds: a difference with its own interval, not two points read side by side.
trap = [c for c in verdict if verdict[c] == "down"]
cheap = min(trap) if trap else min(played)
dear = cheap + 1 if cheap + 1 in played else max(played)
used = {c: {lang: findings.number(curve.loc[c, "uses"], ".2f", lang) for lang in ("en", "ru")} for c in (dear, cheap)}
d = paired_difference(synclith_won(played[dear]), synclith_won(played[cheap]))
priced = findings.change({"difference": d["impact"], "lo": d["lo"], "hi": d["hi"]},
                         what={"en": f"Synclith's win rate, Swarm at {dear} less Swarm at {cheap}",
                               "ru": f"Доля побед Синклита: «Рой» за {dear} минус «Рой» за {cheap}"})
say({lang: (f"{priced[lang]} "
            + ({"en": f"A Swarm at {dear} leaves its holder better off than one at {cheap}; it is used "
                      f"{used[dear][lang]} times a game against {used[cheap][lang]}. Why is not measured here: buying "
                      "it less is one candidate, but a dearer card also changes which cards the army keeps and "
                      "discards.",
                "ru": f"«Рой» за {dear} оставляет владельцу больше, чем за {cheap}; его применяют {used[dear][lang]} "
                      f"раза за партию против {used[cheap][lang]}. Почему — здесь не измерено: реже покупать — одна из "
                      "возможных причин, но более дорогая карта меняет и то, какие карты армия оставляет и отправляет "
                      "в Отбой."}[lang]
               if priced["verdict"] == "up" else
               {"en": f"A Swarm at {dear} is not measurably better for its holder than one at {cheap}: whatever the "
                      "points above suggest, this sample cannot rank the two prices.",
                "ru": f"«Рой» за {dear} не измеримо лучше для владельца, чем за {cheap}: что бы ни подсказывали "
                      "точки выше, эта выборка не может упорядочить эти две цены."}[lang]
               if priced["verdict"] == "none" else
               {"en": f"A Swarm at {dear} leaves its holder worse off than one at {cheap}.",
                "ru": f"«Рой» за {dear} оставляет владельцу меньше, чем за {cheap}."}[lang])
            + {"en": " (These are Greedy's choices: a person may value Energy better — or worse.)",
               "ru": " (Это выбор жадного бота: человек может ценить Энергию лучше — или хуже.)"}[lang])
     for lang in ("en", "ru")})

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Even the factions.** In the uneven set (`layered(BEFORE, folder)`), change the Brood Mother (Strength, cost,
#    amount) until the interval of the Templars' share of decisive games holds 50% (`templars(df)` above, then
#    `findings.share`). Hand your card in: the class league plays every card over `BEFORE`
#    (`dw.experiments.tournament("handed-in/", games=1000, base=BEFORE, lang=LANG)`: its table, warnings and
#    skipped files in the lesson's language).
# 2. **A dead card.** Design a card whose ablation impact is about 0. What makes it dead: its phase, its cost, or that
#    the bots never use it?
# 3. **Read the record.** Count how often Swarm is used in games the Synclith won and lost. What does it tell you?
#
# *1. **Уравняйте фракции.** В неровном наборе (`layered(BEFORE, folder)`) меняйте Матку (Силу, цену, прибавку),
# пока интервал доли Тамплиеров в решённых партиях не накроет 50% (`templars(df)` выше, затем `findings.share`). Сдайте
# карту: лига класса играет каждую карту поверх `BEFORE`
# (`dw.experiments.tournament("handed-in/", games=1000, base=BEFORE, lang=LANG)`: таблица, предупреждения и
# пропущенные файлы — на языке урока).
# 2. **Мёртвая карта.** Придумайте карту с вкладом по абляции около 0. Что делает её мёртвой:
# фаза, цена или то, что боты ею не пользуются? 3. **Прочитайте запись.** Посчитайте, как часто «Рой» применяется в
# партиях, которые Синклит выиграл и проиграл. О чём это говорит?*
#
# Answers: `solutions/04-design-a-card-solutions.ipynb`. / *Ответы: `solutions/04-design-a-card-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - A card is data: write it, load it, and the engine tells you exactly what is wrong.
# - Exact odds tell what a card does in one battle; only many games tell what it does to the game.
# - A cost curve shows where a card pays for itself; a price in a shared currency (Energy) competes with every other
#   use of it.
# - Measure a card against a blank on the same seeds: the comparison is fair and the interval narrow.
#
# - *Карта — это данные: напишите, загрузите, и движок точно скажет, что не так.*
# - *Точные шансы говорят, что карта делает в одном бою; только много партий говорят, что она делает с игрой.*
# - *Кривая стоимости показывает, где карта окупается; цена в общей валюте (Энергии) соревнуется со всеми другими её
#   тратами.*
# - *Сравнивайте карту с пустой на тех же зёрнах: сравнение честное, интервал узкий.*
