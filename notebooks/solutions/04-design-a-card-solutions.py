# %% [markdown]
# # Answers to lesson 04 / Ответы к уроку 04
#
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %%
import os
import tempfile
from pathlib import Path

import dictator_widget as dw
from dictator_widget.experiments import findings, metrics
from dictator_widget.experiments.ablation import layered

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 60 if FAST else 400
BEFORE = "../../docs/balance/before"     # the card set as it was before balancing (lessons 03 and 04)

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

folder = Path(tempfile.mkdtemp(prefix="my-cards-"))
(folder / "brood-mother.toml").write_text(CARD, encoding="utf-8");


# %% [markdown]
# ## 1. Even the factions / Уравняйте фракции
#
# In the set as it was before balancing, try a free Swarm (`cost = 0`), the cheapest point of lesson 04's curve, and a
# Strength 2 body:
#
# *В наборе до балансировки попробуйте бесплатный «Рой» (`cost = 0`) — самую дешёвую точку кривой урока 04, — и Силу
# 2:*

# %%
def templars(df):
    """The Templars' wins and the decisive games."""
    return int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


def played(card_text=None):
    """Greedy v Greedy on the set as it was, with the card (when given) in it."""
    cards = BEFORE
    if card_text is not None:
        where = Path(tempfile.mkdtemp())
        (where / "card.toml").write_text(card_text, encoding="utf-8")
        cards = str(layered(BEFORE, where))
    return dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, record=False, cards=cards)


as_it_was = played()
for label, text in [({"en": "as it was", "ru": "как было"}, None),
                    ({"en": "free Swarm", "ru": "бесплатный «Рой»"}, CARD.replace("cost = 1", "cost = 0")),
                    ({"en": "free Swarm and Strength 2", "ru": "бесплатный «Рой» и Сила 2"},
                     CARD.replace("cost = 1", "cost = 0").replace("strength = 1", "strength = 2"))]:
    df = as_it_was if text is None else played(text)
    findings.say(findings.share(*templars(df), what={"en": f"Templars, {label['en']}",
                                                     "ru": f"Тамплиеры, {label['ru']}"}))

# %% [markdown]
# Read each line against 50%: a change that moves the interval onto 50% evens the factions (for these bots); one that
# carries it past 50% overshoots. One point of Strength on one card can move a game more than a free action: tune in
# small steps, and measure each.
#
# *Сравнивайте каждую строку с 50%: изменение, после которого интервал накрывает 50%, уравнивает фракции (для этих
# ботов); то, что переносит его за 50%, — перебор. Одно очко Силы одной карты может сдвинуть игру сильнее бесплатного
# действия: настраивайте малыми шагами и измеряйте каждый.*

# %% [markdown]
# ## 2. A dead card / Мёртвая карта
#
# A Swarm that costs more than the bots will ever pay is never used: its impact is that of a blank.
#
# *«Рой», который дороже, чем боты когда-либо заплатят, не применяется: его эффект — как у пустой карты.*

# %%
where = Path(tempfile.mkdtemp())
(where / "card.toml").write_text(CARD.replace("cost = 1", "cost = 12"), encoding="utf-8")
dead = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=str(where))
print("Swarm used:", int(dead["record"].str.count("C05:swarm").sum()), "times in", len(dead), "games")
metrics.card_impact(dead, cards=["C05"], progress=False)[["name", "impact", "lo", "hi"]].round(3)

# %% [markdown]
# ## 3. Read the record / Прочитайте запись

# %%
folder = Path(tempfile.mkdtemp())
(folder / "card.toml").write_text(CARD, encoding="utf-8")
games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=str(folder))
games["swarms"] = games["record"].str.count("C05:swarm")
games["Synclith"] = games["winner"].map({0: "lost", 1: "won"}).fillna("no winner")
games.groupby("Synclith")["swarms"].agg(["count", "mean", "median"]).round(2)

# %% [markdown]
# Compare the means: a card can be used more in won games simply because a winning battalion survives to use it again.
# Usage goes with winning without showing what the card causes; only the comparison with a blank on the same seeds
# does that.
#
# *Сравните средние: карту могут чаще применять в выигранных партиях просто потому, что побеждающий отряд выживает и
# применяет её снова. Частота применения связана с победой, но не показывает, что карта вызывает; это показывает
# только сравнение с пустой картой на тех же зёрнах.*
