# %% [markdown]
# # Answers to lesson 03 / Ответы к уроку 03
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

say = findings.speaker(LANG)             # a finding in both languages ("en") or in Russian only

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
BEFORE = findings.lesson_folder("../../docs/balance/before", LANG)

# %% [markdown]
# ## 1. Careless players / Беспечные игроки

# %%
careless = dw.simulate("standard", ["random", "random"], 60 if FAST else 200, seed=1, progress=False)
fpa = metrics.first_player_advantage(careless)
capped = int((careless["end_reason"] == "turn-cap").sum())
say(findings.share(fpa["first_wins"], fpa["decisive"],
                   what={"en": "Random v Random, the first player",
                         "ru": "Случайный против случайного, первый игрок"}))
say({"en": f"{capped} of {findings.count(len(careless), 'game', 'en')} reached the 200-turn cap (no winner).",
     "ru": f"{capped} из {findings.count(len(careless), 'game:gen', 'ru')} "
           f"{findings.plural(capped, ('дошла', 'дошли', 'дошли'))} до предела 200 ходов (без победителя)."})

# %% [markdown]
# Games that reach the turn cap are nobody's wins: the more of them (the second line), the fewer decisive games and the
# wider the interval. Whether the first move matters between careless players is what the verdict says — a rule can
# matter for careful players and not for careless ones.
#
# *Партии, дошедшие до предела ходов, никому не засчитываются: чем их больше (вторая строка), тем меньше решённых партий
# и шире интервал. Важен ли первый ход между беспечными игроками — говорит вывод; правило может быть важно для
# осторожных игроков и не важно для беспечных.*

# %% [markdown]
# ## 2. The Synclith's best card / Лучшая карта Синклита

# %%
careful = dw.simulate("standard", ["greedy", "greedy"], 10 if FAST else 100, seed=1, progress=False, cards=BEFORE)
synclith = [f"C0{i}" for i in range(1, 10)]
impact = metrics.card_impact(careful, cards=synclith, progress=False)
for verdict in findings.impacts(impact, cards=BEFORE):
    say(verdict)

# %%
def numbers(card):
    """A card's data without the file it was read from."""
    return {k: v for k, v in vars(card).items() if k != "file"}


before_set, shipped = dw.load_cards(BEFORE), dw.load_cards()
changed = [(c, k) for c in shipped for k, v in numbers(shipped[c]).items() if numbers(before_set[c])[k] != v]
touch = impact["lo"].map(lambda x: findings.rounds_to(x, "+.3f")) | impact["hi"].map(
    lambda x: findings.rounds_to(x, "+.3f"))
hurts, leans = impact[(impact["hi"] < 0) & ~touch], impact[(impact["lo"] > 0) & ~touch]
none = impact[((impact["lo"] <= 0) & (impact["hi"] >= 0)) | touch]        # an end printed as 0 touches 0
tightest = (none["hi"] - none["lo"]).idxmin() if len(none) else None


def names(rows, lang):
    """The cards of ``rows`` by name, in ``lang``."""
    named = findings.named(rows, lang, cards=BEFORE)["name"]
    return "; ".join(named) if len(named) else {"en": "none", "ru": "нет"}[lang]


for lang in ("en", "ru") if LANG == "en" else ("ru",):
    n = findings.named(impact, lang, cards=BEFORE)["name"]
    lines = {"en": [f"Hurts its holder (the whole interval below 0), the first to mend: {names(hurts, 'en')}.",
                    f"Carries the Synclith (the whole interval above 0): {names(leans, 'en')}.",
                    f"Nothing measurable on {findings.count(len(careful), 'game', 'en')} (the interval holds or "
                    f"touches 0): {names(none, 'en')}. None "
                    "of them is shown dead: an interval that holds 0 allows an effect either way, up to its ends"],
             "ru": [f"Вредит владельцу (весь интервал ниже 0), исправлять первой: {names(hurts, 'ru')}.",
                    f"Тянет Синклит (весь интервал выше 0): {names(leans, 'ru')}.",
                    f"Ничего измеримого на {findings.count(len(careful), 'game:loc', 'ru')} (интервал накрывает 0 "
                    f"или касается его): {names(none, 'ru')}. "
                    "Мёртвой ни одна не показана: интервал, накрывающий 0, допускает вклад в любую сторону, до "
                    "его концов"]
             }[lang]
    if tightest is not None:
        ends = findings.interval(impact.loc[tightest, "impact"], impact.loc[tightest, "lo"],
                                 impact.loc[tightest, "hi"], "+.3f", lang)
        lines[2] += {"en": f" (the narrowest: {n[tightest]}, {ends}).",
                     "ru": f" (самый узкий: {n[tightest]}, {ends})."}[lang]
    else:
        lines[2] += "."
    if len(changed) == 1:
        cid, field = changed[0]
        card = findings.named(pd.DataFrame({"name": [cid]}, index=[cid]), lang, cards=BEFORE).loc[cid, "name"]
        was, now = numbers(before_set[cid])[field], numbers(shipped[cid])[field]
        what = {"strength": {"en": "Strength", "ru": "Сила"}}.get(field, {"en": field, "ru": field})[lang]
        lines.append({"en": f"And the one number this set differs by from the shipped one, {card}'s {what} ({was} "
                            f"here, {now} shipped), is what an ablation cannot see: a blank keeps its card's "
                            "Strength. The balancing study's fix was that number.",
                      "ru": f"А единственное число, которым этот набор отличается от поставляемого, — {what} карты "
                            f"«{card}» ({was} здесь, {now} в поставке) — абляция увидеть не может: пустая карта "
                            "сохраняет Силу своей карты. Исследование баланса исправило именно это число."}[lang])
    print("\n".join(lines))

# %% [markdown]
# A card whose whole interval lies above 0 is one its faction leans on; a card whose interval holds 0 adds nothing this
# sample can measure (dead for these bots, or too few games: read the interval's width); a card whose whole interval
# lies below 0 hurts its holder (these bots spend on it what would serve better elsewhere). To move the balance, mend
# a card that hurts or adds nothing measurable (more Strength, a cheaper action) rather than strengthen the best one —
# then measure again (lesson 04).
#
# *Карта, чей интервал целиком выше 0, — та, на которую опирается фракция; карта, чей интервал накрывает 0, не даёт
# ничего измеримого на этой выборке (мертва для этих ботов или партий мало: смотрите на ширину интервала); карта, чей
# интервал целиком ниже 0, вредит владельцу (эти боты тратят на неё то, что лучше послужило бы в другом месте). Чтобы
# сдвинуть баланс, исправьте карту, которая вредит или не даёт измеримого вклада (больше Силы, дешевле действие), а не
# усиливайте лучшую, — и измерьте снова (урок 04).*

# %% [markdown]
# ## 3. Luck and the arc / Удача и дуга

# %%
A = 40 if FAST else 200
plain = dw.simulate("standard", ["greedy", "greedy"], A, seed=1, progress=False)
d10 = dw.simulate("standard", ["greedy", "greedy"], A, seed=1, progress=False, variants={"d10_collision": True})
a, b = metrics.arc(plain), metrics.arc(d10)
for measure in ("lead_changes", "decisiveness", "drama"):
    label = {"en": measure.replace("_", " "), "ru": findings.word(measure, "ru")}
    say(findings.compare(label, a[measure], b[measure], names=("d6", "d10"), spec="+.3f"))
findings.labels(pd.concat({"d6": metrics.arc_summary(a), "d10": metrics.arc_summary(b)}, axis=1).round(3), LANG)

# %% [markdown]
# The lines compare each measure game by game on the same seeds (d10 less d6), the paired way: more luck might decide
# games later (higher decisiveness) and give more drama, and the verdicts say whether this sample sees it. Side by
# side intervals that overlap widely cannot answer; the interval of the per-game difference can.
#
# *Строки сравнивают каждую меру партия за партией на тех же зёрнах (d10 минус d6) — парным способом: больше удачи
# могло бы решать партии позже (выше решённость) и давать больше драматизма, а выводы говорят, видит ли это выборка.
# Сильно перекрывающиеся интервалы рядом ответить не могут; интервал разности по партиям — может.*
