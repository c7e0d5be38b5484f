# %% [markdown]
# # Balance a game / Сбалансируйте игру
#
# A game-design class's workbench: measure how fair the Standard mission is, find the cards that tip it by
# **ablation**, let a **tuner** (Optuna) search the numbers the cards declare tunable, apply its patch and measure
# again. Samples here are small so the notebook runs in seconds; `benchmarks/balance.py` runs the same steps with
# thousands of games (`docs/balance.md`).
#
# *Практикум для курса геймдизайна: измерьте, насколько честна миссия «Стандарт», найдите карты, которые
# перекашивают её, методом **абляции**, дайте **тюнеру** (Optuna) перебрать числа, которые карты объявляют
# настраиваемыми, примените его патч и измерьте снова. Выборки здесь маленькие, чтобы блокнот работал секунды;
# `benchmarks/balance.py` проделывает то же на тысячах партий (`docs/balance.md`).*

# %%
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt

import dictator_widget as dw
from dictator_widget.engine.tuning import write_cards
from dictator_widget.experiments import plots
from dictator_widget.experiments.ablation import ablation_impact
from dictator_widget.experiments.tune import scores

N = 80           # games per measurement: small for a quick run; 4,000 for a study

# %% [markdown]
# ## 1. The numbers a designer may change / Числа, которые можно менять
#
# Each card declares its tunable numbers with a range (`tune`) and the facts the rulebook's walkthrough fixes
# (`fixed`): the WASP's Strength 1 and 3-sector jump, the Knight's Acceleration, Orion's Aimed Shot, and so on.
#
# *Каждая карта объявляет настраиваемые числа с диапазоном (`tune`) и факты, которые закрепляет пример из
# правил (`fixed`): Сила WASP 1 и прыжок на 3 сектора, Форсаж Рыцаря, Прицельный выстрел Ориона и так далее.*

# %%
cards = dw.load_cards()
for cid in ("T01", "T02", "C09"):
    print(cid, cards[cid].name["en"], "/", cards[cid].name["ru"], "| tune:", dict(cards[cid].tunable),
          "| fixed:", sorted(cards[cid].fixed))

# %% [markdown]
# ## 2. The set as it was / Набор, каким он был
#
# Before balancing, the Templars won about two games in three. A **patch** (TOML: a table per card, new values
# for tunable numbers) brings those numbers back; `dw.load_cards(patch=...)` checks it and `write_cards` writes the
# patched set as a card folder that `simulate(..., cards=folder)` plays.
#
# *До балансировки Тамплиеры выигрывали примерно две партии из трёх. **Патч** (TOML: таблица на карту, новые
# значения настраиваемых чисел) возвращает те числа; `dw.load_cards(patch=...)` проверяет его, а `write_cards`
# записывает набор с патчем в папку карт, которую играет `simulate(..., cards=folder)`.*

# %%
BEFORE = """
# The card numbers as they were before balancing (issue 17), laid over the shipped set. Numbers only:
# texts and conditions are not patched (the whole set as it was is the folder docs/balance/before/).

[C01]
strength = 2
digest.cost = 0
digest.amount = 1

[C02]
propaganda.cost = 1
propaganda.amount = -2

[C05]
strength = 1

[C06]
chitin-wall.amount = 1

[C09]
strength = 1
drain.amount = 2

[H05]
black-market.cost = 0
black-market.amount = 2

[H09]
full-throttle.cost = 1

[T02]
strength = 2
barrage.cost = 1
barrage.amount = -1

[T03]
strength = 1
storm.cost = 1
storm.amount = 2

[T05]
blessing.cost = 1

[T06]
sprint.cost = 1
sprint.range = 2

[T07]
strength = 3
reactor.cost = 0
reactor.amount = 1

[T08]
strength = 1
field-repair.cost = 1

[T09]
strength = 2
cluster-shells.cost = 2
"""
before_file = Path(tempfile.mkdtemp()) / "before.toml"
before_file.write_text(BEFORE, encoding="utf-8")
old = str(write_cards(dw.load_cards(patch=before_file).values(), Path(tempfile.mkdtemp()) / "old"))

# %% [markdown]
# A bad patch is refused with the file, the card and the field: / *Неверный патч отвергается с указанием
# файла, карты и поля:*

# %%
for bad in ({"T01": {"strength": 2}}, {"T02": {"strength": 9}}, {"X99": {"strength": 1}}):
    try:
        dw.load_cards(patch=bad)
    except dw.CardDataError as error:
        print("CardDataError:", error)


# %%
def show(name, df):
    s = scores(df)
    print(f"{name}: Templars win {s['faction_rate']:.0%} [{s['faction_lo']:.0%}, {s['faction_hi']:.0%}] "
          f"of decisive games; first player {s['first_rate']:.0%}; median {s['median_rounds']:.0f} rounds; "
          f"turn cap {s['turn_cap_share']:.1%}")

before = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, cards=old, progress=False)
show("as it was / как было", before)

# %% [markdown]
# ## 3. Which cards tip it? Ablation / Какие карты перекашивают? Абляция
#
# Each card is replaced by a blank (same faction, type and Strength, no actions) and the same games are played
# again: the holder's win rate with the card less with the blank. A card near 0 does nothing; far from 0, it
# decides games.
#
# *Каждая карта заменяется пустой (та же фракция, тип и Сила, без действий), и те же партии играются снова:
# доля побед владельца с картой минус с пустой. Около 0 — карта ничего не делает; далеко от 0 — решает партии.*

# %%
impact = ablation_impact(before.iloc[:40], cards=["T07", "C02", "C09"], progress=False)
plots.ablation(impact);

# %% [markdown]
# ## 4. Tune / Настройка
#
# `dw.experiments.tune` plays a batch per trial on the same seeds (common random numbers) and scores faction
# balance and first-player advantage; with `pareto=True` it keeps the trials no other beats on both. Trial 0 is
# the set as given. Seeded: the same call gives the same trials.
#
# *`dw.experiments.tune` играет серию партий на каждую пробу на одних и тех же сидах и оценивает баланс фракций
# и преимущество первого игрока; с `pareto=True` сохраняет пробы, которых никакая другая не превосходит по обеим
# целям. Проба 0 — набор как есть. С сидом: тот же вызов даёт те же пробы.*

# %%
result = dw.experiments.tune("standard", ["greedy", "greedy"], trials=5, games=30, seed=3, cards=old,
                             params=["T07.strength", "T02.strength", "C01.strength", "C09.drain.amount"],
                             objectives=["faction", "first_player"], pareto=True, progress=False)
result.trials[["trial", "T07.strength", "T02.strength", "C01.strength", "C09.drain.amount",
               "faction_rate", "first_rate", "score", "pareto"]]

# %%
fig, axes = plt.subplots(1, 2, figsize=(13, 3.8))
plots.tuning(result.trials, ax=axes[0])
plots.pareto(result.trials, ax=axes[1])
fig.tight_layout()

# %% [markdown]
# The patch, as TOML: / *Патч в виде TOML:*

# %%
print(result.patch)

# %% [markdown]
# ## 5. Apply the patch and measure again / Примените патч и измерьте снова
#
# A small tune on 30 games per trial is a hint, not a verdict: measure the patched set on fresh seeds, and
# compare with the balanced set we ship (tuned on 120 trials of 400 games, then checked on 4,000 games).
#
# *Маленькая настройка на 30 партиях за пробу — подсказка, а не приговор: измерьте набор с патчем на новых сидах и
# сравните с поставляемым сбалансированным набором (настроен на 120 пробах по 400 партий и проверен на 4000
# партиях).*

# %%
patched = str(write_cards(dw.load_cards(old, patch=result.changes).values(), Path(tempfile.mkdtemp()) / "new"))
show("as it was / как было", before)
show("patched / с патчем", dw.simulate("standard", ["greedy", "greedy"], N, seed=2, cards=patched, progress=False))
show("shipped / поставляемый", dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False))
