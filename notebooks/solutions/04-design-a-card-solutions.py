# %% [markdown]
# # Answers to lesson 04 / Ответы к уроку 04
#
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os
import tempfile
from pathlib import Path

import dictator_widget as dw
from dictator_widget.experiments import findings, layered, metrics

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 30 if FAST else 400
BEFORE = findings.lesson_folder("../../docs/balance/before", LANG)
t = findings.translator(LANG)
say = findings.speaker(LANG)             # a finding in both languages ("en") or in Russian only

# %%
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


def over_before(card_text):
    """The uneven set with this card in it: a card folder for ``simulate(..., cards=...)``."""
    where = Path(tempfile.mkdtemp())
    (where / "card.toml").write_text(card_text, encoding="utf-8")
    return str(layered(BEFORE, where))


def templars(df):
    """The Templars' wins and the decisive games (Player 1 is the Templars)."""
    return int((df["winner"] == 0).sum()), int(df["winner"].notna().sum())


# %% [markdown]
# ## 1. Even the factions / Уравняйте фракции
#
# Four tries on the same seeds, each the uneven set with one version of the Brood Mother: none (the Genoclone, as
# lesson 03 played it), the lesson's card (Swarm +2 for 1 Energy), a sturdier body (Strength 3), and a free Swarm (the
# cheapest point of the lesson's cost curve). The last line names the tries whose interval holds 50%.
#
# *Четыре попытки на одних и тех же зёрнах, каждая — неровный набор с одной версией Матки: без неё (Геноклон, как в
# уроке 03), карта урока («Рой» +2 за 1 Энергию), тело покрепче (Сила 3) и бесплатный «Рой» (самая дешёвая точка
# кривой стоимости урока). Последняя строка называет попытки, чей интервал накрывает 50%.*

# %%
tries = {"none": ({"en": "the uneven set (no Brood Mother)", "ru": "неровный набор (без Матки)"}, None),
         "card": ({"en": "the lesson's Brood Mother", "ru": "Матка урока"}, CARD),
         "strong": ({"en": "Brood Mother, Strength 3", "ru": "Матка, Сила 3"},
                    CARD.replace("strength = 1", "strength = 3")),
         "free": ({"en": "Brood Mother, a free Swarm", "ru": "Матка, бесплатный «Рой»"},
                  CARD.replace("cost = 1", "cost = 0"))}
evens = []
for label, text in tries.values():
    df = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, record=False,
                     cards=BEFORE if text is None else over_before(text))
    found = findings.share(*templars(df), what={"en": f"Templars, {label['en']}", "ru": f"Тамплиеры, {label['ru']}"})
    say(found)
    if found["verdict"] == "holds":
        evens.append(label)
say({"en": "Tries whose interval holds 50%: " + ("; ".join(x["en"] for x in evens) or "none"),
     "ru": "Попытки, чей интервал накрывает 50%: " + ("; ".join(x["ru"] for x in evens) or "нет")})

# %% [markdown]
# Read each line against 50%, and the last line: a try whose interval holds 50% evens the factions for these bots at
# this sample size (a larger sample may still find an edge inside it: read its ends); one whose whole interval lies on
# the other side of 50% overshoots. Compare the lesson's card with the uneven set too: a card can leave its side worse
# off than the card it replaced. Tune in small steps and measure each; then hand the card in (the league plays it over
# `BEFORE`).
#
# *Сравнивайте каждую строку с 50% и прочитайте последнюю: попытка, чей интервал накрывает 50%, уравнивает фракции для
# этих ботов на такой выборке (большая выборка ещё может найти перевес внутри интервала: смотрите на его концы);
# попытка, чей интервал целиком по другую сторону 50%, — перебор. Сравните и карту урока с неровным набором: карта
# может оставить свою сторону слабее, чем карта, которую она заменила. Настраивайте малыми шагами и измеряйте каждый;
# затем сдайте карту (лига играет её поверх `BEFORE`).*

# %% [markdown]
# ## 2. A dead card / Мёртвая карта
#
# A Swarm that costs more than the bots will ever pay is never used; its impact should then read as a blank's.
#
# *«Рой», который дороже, чем боты когда-либо заплатят, не применяется; тогда его эффект должен читаться как у пустой
# карты.*

# %%
dear = over_before(CARD.replace("cost = 1", "cost = 12"))
dead = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=dear)
uses = int(dead["record"].str.count("C05:swarm").sum())
say({"en": f"Swarm at 12 Energy used {findings.count(uses, 'time', 'en')} in "
           f"{findings.count(len(dead), 'game', 'en')}.",
     "ru": f"«Рой» за 12 Энергии применён {findings.count(uses, 'time', 'ru')} за "
           f"{findings.count(len(dead), 'game:acc', 'ru')}."})
impact = metrics.card_impact(dead, cards=["C05"], progress=False)
say(findings.impacts(impact, cards=dear)[0])
findings.labels(findings.named(impact, LANG, cards=dear)[["name", "impact", "lo", "hi"]].round(3), LANG)

# %% [markdown]
# ## 3. Read the record / Прочитайте запись

# %%
games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=over_before(CARD))
swarms = games["record"].str.count("C05:swarm")
won, lost = swarms[games["winner"] == 1], swarms[games["winner"] == 0]      # Player 2: the Synclith
say(findings.means({"en": "Swarms a game, Synclith won less lost", "ru": "«Рой» за партию, победы Синклита "
                    "минус поражения"}, lost, won,
                   names=({"en": "lost", "ru": "поражения"}, {"en": "won", "ru": "победы"})))
outcome = games["winner"].map({0: t("lost", "поражение"), 1: t("won", "победа")})
outcome = outcome.fillna(t("no winner", "без победителя"))
table = swarms.groupby(outcome).agg(["count", "mean", "median"]).round(2)
table.index.name = t("Synclith", "Синклит")
findings.labels(table, LANG, extra={"count": "партии", "median": "медиана"})

# %% [markdown]
# The first line compares the mean number of Swarms in games the Synclith won and lost, with the interval of the
# difference. Even where usage goes with winning, it does not show what the card causes: a battalion that wins survives
# to use the card again. Only the comparison with a blank on the same seeds (the lesson's section 3) shows that.
#
# *Первая строка сравнивает среднее число «Роёв» в партиях, которые Синклит выиграл и проиграл, с интервалом разности.
# Даже если применение идёт вместе с победой, это не показывает, что карта вызывает: побеждающий отряд выживает и
# применяет карту снова. Это показывает только сравнение с пустой картой на тех же зёрнах (раздел 3 урока).*
