"""Writes the lesson notebooks (notebooks/01..06 and notebooks/solutions/), and with --run executes them.

    .venv/bin/python scripts/make_notebooks.py          # write the cells, keeping the outputs of unchanged code
    .venv/bin/python scripts/make_notebooks.py --run    # write, then run each at full size to store outputs

The notebooks are committed with their outputs (so a preview shows the results); `make test` runs them
under nbval with DW_FAST=1 (smaller samples) and --nbval-lax, checking the outputs of the cells marked
``# NBVAL_CHECK_OUTPUT`` (those whose output does not depend on the sample size).
Every lesson: goals, predict -> measure -> explain, exercises (answers in notebooks/solutions/ or in a
collapsed block), "what a designer learns"; English, then Russian in italics (addressing the reader as «вы»).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat as nbf

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
BOTS = ("*The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the "
        "rules allow careful or careless players to do, and a class should check them against its own games.* "
        "/ *Числа ниже получены ботами, а не людьми: они показывают, что правила позволяют осторожным или "
        "беспечным игрокам, и классу стоит сверить их со своими партиями.*")
FAST = '''import os

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples'''


def md(*parts: str) -> nbf.NotebookNode:
    return nbf.v4.new_markdown_cell("\n\n".join(parts))


def code(source: str, *tags: str) -> nbf.NotebookNode:
    cell = nbf.v4.new_code_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def goals(en: list[str], ru: list[str]) -> nbf.NotebookNode:
    return md("## Goals / Цели\n\nAfter this lesson you can:\n" + "\n".join(f"- {g}" for g in en),
              "*После этого урока вы умеете:*\n" + "\n".join(f"- *{g}*" for g in ru))


def learns(en: list[str], ru: list[str]) -> nbf.NotebookNode:
    return md("## What a designer learns from this / Чему это учит дизайнера\n\n" + "\n".join(f"- {g}" for g in en),
              "\n".join(f"- *{g}*" for g in ru))


def notebook(cells: list[nbf.NotebookNode]) -> nbf.NotebookNode:
    nb = nbf.v4.new_notebook()
    nb.cells = cells
    nb.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                   "language_info": {"name": "python"}}
    return nb


# --------------------------------------------------------------------------------------------------
# 03: balance (are the factions even? does moving first matter?), luck against skill, a game's arc
# --------------------------------------------------------------------------------------------------

def nb03() -> nbf.NotebookNode:
    return notebook([
        md("# What-if lab: is the game fair? / Лаборатория «что если»: честна ли игра?",
           "A study in one lesson: play many games between bots, put them in a table, and answer three "
           "questions a designer asks of any two-sided game: **are the sides even, does moving first matter, "
           "and how much do luck and skill decide?** Then read the story of a game: who led, when it was "
           "decided, how often it turned.",
           "*Исследование за один урок: сыграть много партий между ботами, свести их в таблицу и ответить на "
           "три вопроса, которые дизайнер задаёт любой игре двух сторон: **равны ли стороны, важен ли первый "
           "ход, насколько исход решают удача и умение?** Затем прочитать историю партии: кто вёл, когда всё "
           "решилось, сколько раз лидер менялся.*"),
        goals(["run a batch of games and read its table (`dw.simulate`)",
               "say whether a rate differs from a fair share, from its 95% interval",
               "compare two rule sets by the interval of their *difference*, not by overlapping intervals",
               "tell a card's own effect (ablation) from its faction's",
               "measure luck against skill, and a game's arc (lead changes, decisiveness, drama)"],
              ["сыграть серию партий и прочитать её таблицу (`dw.simulate`)",
               "по 95-процентному интервалу сказать, отличается ли доля от честной",
               "сравнивать два набора правил по интервалу *разности*, а не по перекрытию интервалов",
               "отличать действие самой карты (абляция) от действия её фракции",
               "измерять удачу против умения и дугу партии (смены лидера, решённость, драматизм)"]),
        md("**How to work / Как работать.** Each question has three steps: **Predict** (write your guess "
           "down before running anything), **Measure** (run the cells), **Explain** (compare with your guess). "
           "Exercises are at the end; their answers are in `solutions/03-what-if-lab-solutions.ipynb`.",
           "*У каждого вопроса три шага: **Прогноз** (запишите догадку, прежде чем что-то запускать), "
           "**Измерение** (выполните ячейки), **Объяснение** (сравните с прогнозом). Упражнения — в конце, "
           "ответы — в `solutions/03-what-if-lab-solutions.ipynb`.*", BOTS),
        code(FAST + '''
import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics, plots

N = 200 if FAST else 1000      # games per question: 1,000 Greedy games take about 10 s on two cores'''),
        md("## 1. Are the factions even? / Равны ли фракции?",
           "In the Standard mission the Templars always face the Synclith, each with a fixed army. "
           "**Predict:** out of 100 games between two equally careful players that have a winner, how many "
           "do the Templars win? Write a number.",
           "*В миссии «Стандарт» Тамплиеры всегда играют против Синклита, у каждого заданная армия. "
           "**Прогноз:** из 100 партий двух одинаково осторожных игроков, где есть победитель, сколько "
           "выиграют Тамплиеры? Запишите число.*",
           "**Measure.** One row per game; seats rotate, so each bot plays each side equally often. Draws "
           "(`mutual`) and games stopped by the turn cap are nobody's wins and are counted apart.",
           "*Одна строка на партию; места чередуются, так что каждый бот одинаково часто играет за каждую "
           "сторону. Ничьи (`mutual`) и партии, остановленные пределом ходов, никому не засчитываются.*"),
        code('''careful = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, progress=False)
metrics.outcomes(careful).round(3)'''),
        code('''factions = metrics.win_rates(careful, "faction")
t = factions.loc["templars"]
print(f"Templars win {int(t['wins'])} of {int(t['decisive'])} decisive games: {t['decisive_rate']:.0%} "
      f"(95% interval {t['decisive_lo']:.0%} to {t['decisive_hi']:.0%}).")
print("Even: the interval holds 50%." if t["decisive_lo"] <= 0.5 <= t["decisive_hi"]
      else "Not even: the whole interval lies on one side of 50%.")
ax = plots.win_rates(careful, by="faction", decisive=True)
ax.set_title("Win rate per faction, Greedy v Greedy (decisive games, 95% CI)");'''),
        md("**Explain.** The interval is what the sample can tell: with this many games, the Templars' true "
           "rate (for these bots) lies in it 95 times in 100. If 50% is outside it, the factions are not even "
           "— the answer to the question. Was your prediction inside the interval?",
           "*Интервал — это то, что может сказать выборка: при таком числе партий истинная доля Тамплиеров "
           "(для этих ботов) лежит в нём в 95 случаях из 100. Если 50% вне интервала, фракции не равны — это "
           "и есть ответ на вопрос. Попал ли ваш прогноз в интервал?*"),
        md("## 2. Does moving first matter? / Важен ли первый ход?",
           "The initiative roll (R11) decides who moves first. **Predict:** is moving first an advantage, a "
           "handicap, or neither?",
           "*Бросок на инициативу (R11) решает, кто ходит первым. **Прогноз:** первый ход — преимущество, "
           "помеха или ни то ни другое?*"),
        code('''fpa = metrics.first_player_advantage(careful)
print(f"The player who moved first won {fpa['first_wins']} of {fpa['decisive']} decisive games: {fpa['rate']:.0%} "
      f"(95% interval {fpa['lo']:.0%} to {fpa['hi']:.0%}); a fair share is 50%.")
print("No advantage this sample can see: the interval holds 50%." if fpa["lo"] <= 0.5 <= fpa["hi"]
      else "An advantage: the whole interval lies on one side of 50%.")
ax = plots.win_rates(careful, by="first", decisive=True)
ax.set_title("Who moved first, Greedy v Greedy (decisive games, 95% CI)");'''),
        md("**Explain.** Read it as in question 1: an interval wholly above 50% means an advantage; one that "
           "holds 50% means none large enough for this many games to show (not proof of none). A "
           "designer who finds one can compensate (the second player starts with more Energy, say) — and must "
           "then measure again.",
           "*Читайте так же, как в вопросе 1: интервал целиком выше 50% — это преимущество; интервал, "
           "накрывающий 50%, — преимущества, заметного при таком числе партий, нет (но это не доказательство, "
           "что его нет вовсе). Дизайнер, нашедший его, может его уравновесить (например, второй игрок начинает с большей Энергией) — и "
           "должен измерить снова.*"),
        md("## 3. Which cards make the difference? / Какие карты решают?",
           "The win rate of players who *hold* a card mixes the card with its faction: in a set where the "
           "Templars win more, every Templar card looks strong. **Ablation** asks what the card itself does: the same "
           "games (same seeds, same dice) are played again with the card replaced by a blank of the same "
           "faction, type and Strength without actions, and its holder's results are compared game by game. "
           "**Predict:** which of these four adds most — the Knight's Acceleration, Gefestus's Reactor, the "
           "Snail's Corrosion, or the Leech's Drain?",
           "*Доля побед игроков, у которых *есть* карта, смешивает карту с её фракцией: в наборе, где "
           "Тамплиеры чаще побеждают, каждая карта Тамплиеров выглядит сильной. **Абляция** спрашивает, что "
           "делает сама карта: те же партии (те же зёрна, те же кубики) играются снова, а карта заменена "
           "пустой той же фракции, типа и Силы, без действий; результаты её владельца сравниваются партия за "
           "партией. **Прогноз:** какая из четырёх карт даёт больше всего — «Форсаж» Рыцаря, «Реактор» "
           "Гефеста, «Коррозия» Улитки или «Высасывание» Пиявки?*"),
        code('''M = 40 if FAST else 300                   # paired games per card (each card costs one more batch)
impact = metrics.card_impact(careful.head(M), cards=["T04", "T07", "C04", "C09"], progress=False)
impact[["name", "faction", "games", "with_rate", "blank_rate", "impact", "lo", "hi"]].round(3)'''),
        code('''fig, ax = plt.subplots(figsize=(7, 2.8))
y = list(range(len(impact)))
ax.errorbar(impact["impact"], y, xerr=[impact["impact"] - impact["lo"], impact["hi"] - impact["impact"]],
            fmt="o", capsize=4)
ax.axvline(0, color="grey", lw=0.8, ls="--")
ax.set_yticks(y, [f"{n} ({f})" for n, f in zip(impact["name"], impact["faction"])])
ax.invert_yaxis()
ax.set_xlabel("holder's win rate: with the card less with a blank")
ax.set_title(f"What each card itself adds ({M} paired games, 95% bootstrap CI)");'''),
        md("**Explain.** A card whose interval sits on 0 adds nothing you can measure here (a *dead* card, "
           "or one these bots cannot use); one far from 0 carries its faction. Compare with your prediction.",
           "*Карта, чей интервал накрывает 0, не даёт ничего измеримого здесь («мёртвая» карта или та, которой "
           "эти боты не умеют пользоваться); карта далеко от 0 тянет свою фракцию. Сравните с прогнозом.*"),
        md("## 4. How long is a game? / Сколько длится партия?",
           "**Predict:** how many turns does a typical game between careful players last?",
           "*Сколько ходов длится типичная партия осторожных игроков? Запишите прогноз.*"),
        code('''length = metrics.duration(careful)
length[["games", "turns_p50", "turns_mean", "turns_p90", "decisions_p50", "decisions_mean"]].round(1)'''),
        code('''ax = plots.duration(careful, bins=40)
median = careful["turns"].median()
ax.axvline(median, color="black", lw=1, ls="--", label=f"median {median:.0f} turns")
ax.legend(title="end reason")
ax.set_xlabel("turns (one player's turn each)")
ax.set_title("Game length, Greedy v Greedy");'''),
        code('''df = careful                              # the replay lines below refer to this table by that name
odd = metrics.outliers(df, "turns")
print(f"{len(odd)} outliers, by end reason: {odd['end_reason'].value_counts().to_dict()}")
print("\\n".join(odd.sort_values("turns", ascending=False)["replay"].head(3)))'''),
        md("**Explain.** The median is the typical game; the mean is pulled up by a few games that hit the "
           "200-turn cap — two bots circling without attacking. Those are outliers: name them, replay one "
           "(`dw.experiments.timeline(df.loc[...])`), and do not let them speak for the typical game.",
           "*Медиана — типичная партия; среднее тянут вверх несколько партий, упёршихся в предел 200 ходов, — "
           "два бота кружат, не атакуя. Это выбросы: назовите их, пересмотрите одну "
           "(`dw.experiments.timeline(df.loc[...])`) и не позволяйте им говорить за типичную партию.*"),
        md("## 5. Luck against skill / Удача против умения",
           "If skill decides, a careful player beats a careless one almost always; if luck decides, less "
           "often. The rulebook rolls a d6 in the Collision; the `d10_collision` variant rolls a d10 — more "
           "spread in every battle. **Predict:** with the d10, does the careful player win more often, less "
           "often, or as often? And does the Templars' edge between equal players grow or shrink?",
           "*Если решает умение, осторожный игрок почти всегда обыгрывает беспечного; если удача — реже. По "
           "правилам в Столкновении бросают d6; вариант `d10_collision` бросает d10 — больше разброса в каждом "
           "бою. **Прогноз:** с d10 осторожный игрок выигрывает чаще, реже или так же? А перевес Тамплиеров "
           "между равными игроками растёт или падает?*"),
        code('''L = 200 if FAST else 500
d6 = dw.simulate("standard", ["greedy", "random"], L, seed=2, progress=False, record=False)
d10 = dw.simulate("standard", ["greedy", "random"], L, seed=2, progress=False, record=False,
                  variants={"d10_collision": True})
careful_d10 = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, progress=False, record=False,
                          variants={"d10_collision": True})

def share(df, rates_by, row, decisive):
    r = metrics.win_rates(df, rates_by).loc[row]
    return (int(r["wins"]), int(r["decisive"] if decisive else r["games"]))

rows = {}
for question, (by, row, decisive, a, b) in {
        "Greedy beats Random (all games)": ("agent", 0, False, d6, d10),
        "Templars win, Greedy v Greedy (decisive games)": ("faction", "templars", True, careful, careful_d10)}.items():
    k1, n1 = share(a, by, row, decisive)
    k2, n2 = share(b, by, row, decisive)
    d = metrics.difference(k2, n2, k1, n1)
    rows[question] = {"d6": f"{k1}/{n1} = {k1 / n1:.2f}", "d10": f"{k2}/{n2} = {k2 / n2:.2f}",
                      "d10 less d6": round(d["difference"], 3), "95% CI of the difference":
                      f"[{d['lo']:+.3f}, {d['hi']:+.3f}]"}
pd.DataFrame(rows).T'''),
        md("**Explain.** Read the interval of the *difference*: if it excludes 0, the die changed the rate. A "
           "bigger die gives the weaker player more upsets, so the skill gap shrinks. The factions' balance "
           "moves too, but luck can push it either way — it changes which cards and battles matter. Designers "
           "use luck knowingly: more of it makes a game kinder to beginners, and less rewarding to mastery.",
           "*Смотрите на интервал *разности*: если он не накрывает 0, кубик изменил долю. Больший кубик даёт "
           "слабому игроку больше неожиданных побед, поэтому разрыв в умении сужается. Баланс фракций тоже "
           "сдвигается, но удача может толкнуть его в любую сторону — она меняет, какие карты и бои важны. "
           "Дизайнеры пользуются удачей сознательно: чем её больше, тем игра добрее к новичкам и тем меньше "
           "награждает мастерство.*"),
        md("## 6. Reading a game's arc / Дуга партии",
           "Ludii, a general game system, measures a game's story from an evaluation of every position: "
           "**lead changes** (the share of turns at which the leader changes), **decisiveness** (how far into "
           "the game the winner first rose above every value the loser ever reached: near 0, decided at "
           "once; 1, open to the end) and **drama** (how far behind the eventual winner was, on average, "
           "while behind). Here the evaluation is the bots' learned estimate of each player's chance of "
           "winning at the start of every turn. **Predict:** is this a game of comebacks or of early leads?",
           "*Ludii, универсальная система настольных игр, измеряет историю партии по оценке каждой позиции: "
           "**смены лидера** (доля ходов, на которых лидер меняется), **решённость** (в какой момент партии "
           "победитель впервые поднялся выше всего, чего когда-либо достигал проигравший: около 0 — решено "
           "сразу, 1 — открыто до конца) и **драматизм** (насколько в среднем отставал будущий победитель, "
           "пока отставал). Оценка здесь — выученная ботами вероятность победы каждого игрока в начале "
           "каждого хода. **Прогноз:** это игра камбэков или ранних лидеров?*"),
        code('''A = 60 if FAST else 300                    # games replayed (about 25 ms each)
arcs = metrics.arc(careful.head(A))
metrics.arc_summary(arcs).round(3)'''),
        code('''most = arcs["drama"].idxmax()
arc = metrics.evaluations(careful.loc[most])
turns = range(1, len(arc) + 1)
fig, ax = plt.subplots(figsize=(7, 3))
ax.plot(turns, [a[0] for a in arc], label="Templars (Player 1)")
ax.plot(turns, [a[1] for a in arc], label="Synclith (Player 2)")
ax.axhline(0.5, color="grey", lw=0.8, ls="--")
ax.set_ylim(0, 1)
ax.set_xlabel("turn (the last point: the end)")
ax.set_ylabel("estimated chance of winning")
ax.set_title(f"The most dramatic of {A} games (game {most}): drama {arcs.loc[most, 'drama']:.2f}")
ax.legend();'''),
        md("**Explain.** Low lead changes with low decisiveness mean the early leader usually wins and the "
           "rest of the game confirms it; high drama means comebacks happen. Which did you predict? The "
           "evaluation is an estimate that sees every card, so the arc is an onlooker's, not a player's.",
           "*Мало смен лидера и низкая решённость значат, что обычно побеждает тот, кто рано вышел вперёд, а "
           "остаток партии это лишь подтверждает; высокий драматизм — камбэки случаются. Что вы предсказали? "
           "Оценка видит все карты, поэтому дуга — взгляд зрителя, а не игрока.*"),
        md("## Exercises / Упражнения",
           "1. **Careless players.** Does moving first matter between two `RandomAgent`s? Predict, then "
           "measure with 200 games (Random games are long: about 3 s per 100).\n"
           "2. **The Synclith's best card.** Ablate all nine Synclith cards (`C01`…`C09`) on 100 games. Which "
           "would you strengthen to even the factions, and which is dead?\n"
           "3. **Luck and the arc.** Does the d10 make games more dramatic? Compare `arc_summary` with and "
           "without `d10_collision` (the difference of means and your judgement of the intervals).",
           "*1. **Беспечные игроки.** Важен ли первый ход между двумя `RandomAgent`? Сделайте прогноз и "
           "измерьте на 200 партиях. 2. **Лучшая карта Синклита.** Проведите абляцию всех девяти карт "
           "Синклита (`C01`…`C09`) на 100 партиях. Какую вы бы усилили, чтобы уравнять фракции, и какая "
           "мертва? 3. **Удача и дуга.** Делает ли d10 партии драматичнее? Сравните `arc_summary` с "
           "`d10_collision` и без.*",
           "Answers: `solutions/03-what-if-lab-solutions.ipynb`. / *Ответы: "
           "`solutions/03-what-if-lab-solutions.ipynb`.*"),
        learns(["A fair-looking game can hide a lasting edge (a faction, the first move); only a sample large "
                "enough for its interval to exclude the fair share shows it.",
                "Compare rule sets by the interval of the difference, on the same seeds.",
                "A card's worth is what it adds against a blank in the same games, not how often its holders win.",
                "Medians describe the typical game; name the outliers and replay them.",
                "Luck narrows the gap of skill and moves the balance, either way: choose how much of it you want, "
                "and measure what it moves.",
                "Bots are a fast first reader of a rule set; people decide whether it is fun."],
               ["Честная на вид игра может скрывать устойчивый перевес (фракции, первого хода); его видно "
                "только на выборке, где интервал не накрывает честную долю.",
                "Сравнивайте наборы правил по интервалу разности, на одних и тех же зёрнах.",
                "Ценность карты — то, что она даёт против пустой карты в тех же партиях, а не то, как часто "
                "выигрывают её владельцы.",
                "Медиана описывает типичную партию; выбросы назовите и пересмотрите.",
                "Удача сужает разрыв в умении и сдвигает баланс в любую сторону: решите, сколько её вам нужно, и "
                "измерьте, что она сдвигает.",
                "Боты — быстрый первый читатель правил; интересно ли играть, решают люди."]),
    ])


def sol03() -> nbf.NotebookNode:
    return notebook([
        md("# Answers to lesson 03 / Ответы к уроку 03", BOTS),
        code(FAST + '''
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics'''),
        md("## 1. Careless players / Беспечные игроки"),
        code('''careless = dw.simulate("standard", ["random", "random"], 60 if FAST else 200, seed=1, progress=False)
fpa = metrics.first_player_advantage(careless)
print(f"First player: {fpa['first_wins']}/{fpa['decisive']} decisive games = {fpa['rate']:.2f} "
      f"[{fpa['lo']:.2f}, {fpa['hi']:.2f}]; turn-cap games: {(careless['end_reason'] == 'turn-cap').sum()}")'''),
        md("Careless players leave more games to the turn cap, so fewer games are decisive and the interval is "
           "wide: with Random players the first move's edge, if any, is lost in their noise — a rule can "
           "matter for careful players and not for careless ones.",
           "*Беспечные игроки чаще доходят до предела ходов, решённых партий меньше, интервал широк: у "
           "случайных игроков перевес первого хода, если он есть, тонет в их шуме — правило может быть важно "
           "для осторожных игроков и не важно для беспечных.*"),
        md("## 2. The Synclith's best card / Лучшая карта Синклита"),
        code('''careful = dw.simulate("standard", ["greedy", "greedy"], 20 if FAST else 100, seed=1, progress=False)
synclith = [f"C0{i}" for i in range(1, 10)]
metrics.card_impact(careful, cards=synclith, progress=False)[["name", "games", "impact", "lo", "hi"]].round(3)'''),
        md("The card with the largest impact is the one its faction leans on; cards whose interval sits on 0 "
           "are dead for these bots. To move the balance, change a dead card (more Strength, a cheaper action) "
           "rather than the best one — then measure again (lesson 04).",
           "*Карта с наибольшим эффектом — та, на которую опирается фракция; карты, чей интервал накрывает 0, "
           "для этих ботов мертвы. Чтобы сдвинуть баланс, меняйте мёртвую карту (больше Силы, дешевле "
           "действие), а не лучшую, — и измерьте снова (урок 04).*"),
        md("## 3. Luck and the arc / Удача и дуга"),
        code('''A = 40 if FAST else 200
plain = dw.simulate("standard", ["greedy", "greedy"], A, seed=1, progress=False)
d10 = dw.simulate("standard", ["greedy", "greedy"], A, seed=1, progress=False, variants={"d10_collision": True})
pd.concat({"d6": metrics.arc_summary(metrics.arc(plain)), "d10": metrics.arc_summary(metrics.arc(d10))},
          axis=1).round(3)'''),
        md("Compare the d10 columns with the d6 ones: more luck usually means games decided later (higher "
           "decisiveness) and more drama. "
           "If the two intervals of a measure overlap widely, the sample cannot tell the dice apart on it; the "
           "paired way is to compute the measure per game and the interval of the per-game difference "
           "(`metrics.mean_interval(list(a - b))`).",
           "*Сравните столбцы d10 со столбцами d6: больше удачи обычно значит, что партии решаются позже (выше "
           "решённость) и драматичнее. "
           "Если интервалы меры сильно перекрываются, выборка не различает кубики по этой мере; парный способ "
           "— посчитать меру для каждой партии и интервал разности по партиям "
           "(`metrics.mean_interval(list(a - b))`).*"),
    ])


# --------------------------------------------------------------------------------------------------
# 04: design a card, end to end: TOML -> odds in one battle -> ablation over 1,000 games -> cost curve
# --------------------------------------------------------------------------------------------------

CARD = '''CARD = """
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
(folder / "brood-mother.toml").write_text(CARD, encoding="utf-8");'''


def nb04() -> nbf.NotebookNode:
    return notebook([
        md("# Design a card / Придумайте карту",
           "Lesson 03 asks whether the factions are even. How far can one new Synclith card move the balance, "
           "and what should it cost? We write a card in TOML, put it in the Synclith army, read its "
           "odds in one battle, measure what it adds over 1,000 games, and draw its **cost curve**: what each "
           "extra point of Energy cost takes away from its benefit, as in Schreiber and Romero's *Game "
           "Balance*.",
           "*Урок 03 спрашивает, равны ли фракции. Насколько одна новая карта Синклита может сдвинуть баланс "
           "и сколько она должна стоить? Напишем карту в TOML, поставим её в армию "
           "Синклита, прочитаем её шансы в одном бою, измерим, что она даёт за 1000 партий, и построим её "
           "**кривую стоимости**: сколько пользы отнимает каждое очко Энергии в цене, как в книге Шрайбера и "
           "Ромеро *Game Balance*.*"),
        goals(["write a card as data (TOML) and read the error a wrong field gives",
               "put a card of your own in play in every game (`cards=` a folder)",
               "read a card's effect in one battle from exact odds, and over many games by ablation",
               "draw and read a cost curve: Energy cost against the gain in the chance of winning"],
              ["написать карту как данные (TOML) и прочитать ошибку, которую даёт неверное поле",
               "ввести свою карту в игру в каждой партии (`cards=` папка)",
               "прочитать эффект карты в одном бою по точным шансам и на многих партиях — абляцией",
               "построить и прочитать кривую стоимости: цена в Энергии против прироста шанса на победу"]),
        md(BOTS),
        md("## 1. Write the card / Напишите карту",
           "A card combines named effects (`docs/rules-engine.md`) with parameters: no Python. Ours: the "
           "**Brood Mother**, Synclith bio-mech, Strength 1; *Swarm*: spend 1 Energy for +2 Strength in the "
           "Strength Phase. Giving her the id `C05` puts her in the Synclith army in place of the Genoclone.",
           "*Карта собирается из именованных эффектов (`docs/rules-engine.md`) с параметрами, без Python. "
           "Наша карта — **Матка**, биомашина Синклита, Сила 1; «Рой»: потратьте 1 Энергию, +2 к Силе в Фазе "
           "Силы. Id `C05` ставит её в армию Синклита вместо Геноклона.*"),
        code(FAST + '''
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics
from dictator_widget.experiments.ablation import blank_cards, paired_difference

N = 100 if FAST else 1000     # games per batch: 1,000 Greedy games take about 10 s on two cores'''),
        code(CARD, "teacher-card"),
        code('''# NBVAL_CHECK_OUTPUT
cards = dw.load_cards(folder)
mother = cards["C05"]
print(mother.name["en"], "/", mother.name["ru"], "| Strength", mother.strength, "|", mother.type)
for action in mother.actions:
    print(" -", action.name["en"], "/", action.name["ru"], ":", action.phase, "phase, cost", action.cost)'''),
        md("A mistake is reported with the file, the card and the field, and nothing is loaded:",
           "*Ошибка называет файл, карту и поле, и ничего не загружается:*"),
        code('''# NBVAL_CHECK_OUTPUT
broken = Path(tempfile.mkdtemp())
(broken / "oops.toml").write_text(CARD.replace('effect = "strength"', 'effect = "strenght"'), encoding="utf-8")
try:
    dw.load_cards(broken)
except dw.CardDataError as error:
    print("CardDataError:", str(error).split(": ", 1)[1])'''),
        md("## 2. One battle: exact odds / Один бой: точные шансы",
           "**Predict:** a Synclith battalion with the Brood Mother (and the Snail, the Infiltrator) is "
           "attacked by the Templars' Knight, WASP and Orion. How much does Swarm raise the defender's chance "
           "over the same battalion with a blank card in her place?",
           "*Отряд Синклита с Маткой (и Улиткой, и Инфильтратором) атакован Рыцарем, WASP и Орионом "
           "Тамплиеров. Насколько «Рой» поднимает шансы обороняющегося по сравнению с тем же отрядом, где "
           "вместо неё пустая карта?*"),
        code('''# NBVAL_CHECK_OUTPUT
blank = blank_cards(["C05"])          # a folder: C05 as a blank of the same faction, type and Strength
position = {"battalions": {"A1": {"sector": "d4", "cards": ["T04", "T01", "T10"]},
                           "B1": {"sector": "e4", "cards": ["C05", "C04", "C08"]}}, "energy": [6, 6]}
for label, card_set in [("Brood Mother", folder), ("blank", blank)]:
    odds = dw.battle_odds(dw.Game.from_scenario(position, cards=str(card_set)), "A1 attack B1")
    print(f"with the {label:12}  the Synclith defender wins {odds['loss']:.3f}, draws {odds['draw']:.3f}, "
          f"spends {odds['energy_spent'][1]:.2f} Energy on average")'''),
        md("**Explain.** In one battle, +2 Strength for 1 Energy is a large gain — the odds say so exactly. "
           "But a game is many battles, and Energy spent here is not spent elsewhere. Does the card win games?",
           "*В одном бою +2 к Силе за 1 Энергию — большой выигрыш, точные шансы это показывают. Но партия — "
           "это много боёв, и Энергия, потраченная здесь, не будет потрачена в другом месте. Выигрывает ли "
           "карта партии?*"),
        md("## 3. Over 1,000 games: ablation / 1000 партий: абляция",
           "`dw.simulate(..., cards=folder)` plays every game with your card in the army. **Predict:** by how "
           "many points does the Brood Mother raise the Synclith's win rate over a blank?",
           "*`dw.simulate(..., cards=folder)` играет каждую партию с вашей картой в армии. **Прогноз:** на "
           "сколько пунктов Матка поднимает долю побед Синклита по сравнению с пустой картой?*"),
        code('''with_card = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=str(folder))
in_army = with_card["p1_army"].str.split().apply(lambda army: "C05" in army).mean()
used = with_card["record"].str.count("C05:swarm")
print(f"The Brood Mother is in the Synclith army in {in_army:.0%} of the games; Swarm is used "
      f"{used.mean():.1f} times a game (median {used.median():.0f}).")
impact = metrics.card_impact(with_card, cards=["C05"], progress=False)
impact[["name", "games", "with_rate", "blank_rate", "impact", "lo", "hi"]].round(3)'''),
        md("**Explain.** `impact` is the Synclith's win rate with the card less with the blank, on the same "
           "seeds, with a 95% bootstrap interval. Was your prediction inside it?",
           "*`impact` — доля побед Синклита с картой минус доля с пустой картой на тех же зёрнах, с "
           "95-процентным бутстреп-интервалом. Попал ли ваш прогноз в него?*"),
        md("## 4. The cost curve / Кривая стоимости",
           "Schreiber and Romero's cost curve relates what a card costs to what it gives. Here: the same card "
           "at an Energy cost of 0, 1, 2 and 3, each measured against the same blank on the same seeds. "
           "**Predict:** draw the curve before running the cell. Where does it cross zero?",
           "*Кривая стоимости Шрайбера и Ромеро связывает то, что карта стоит, с тем, что она даёт. Здесь — та "
           "же карта с ценой 0, 1, 2 и 3 Энергии, каждая против той же пустой карты на тех же зёрнах. "
           "**Прогноз:** нарисуйте кривую до запуска ячейки. Где она пересекает ноль?*"),
        code('''blank_games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, record=False,
                          cards=str(blank))
synclith_won = lambda df: (df["winner"] == 1).fillna(False).astype(float).tolist()   # Player 2: the Synclith
curve = {}
for cost in [0, 1, 2, 3]:
    if cost == 1:
        games = with_card
    else:
        priced = Path(tempfile.mkdtemp(prefix=f"cost-{cost}-"))
        (priced / "brood-mother.toml").write_text(CARD.replace("cost = 1", f"cost = {cost}"), encoding="utf-8")
        games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=str(priced))
    curve[cost] = paired_difference(synclith_won(games), synclith_won(blank_games))
curve = pd.DataFrame(curve).T.rename_axis("Energy cost").astype({"games": int})
curve.round(3)'''),
        code('''fig, ax = plt.subplots(figsize=(6, 3.5))
ax.errorbar(curve.index, curve["impact"], yerr=[curve["impact"] - curve["lo"], curve["hi"] - curve["impact"]],
            fmt="o-", capsize=4, label="Brood Mother (Swarm: +2 Strength)")
ax.axhline(0, color="grey", lw=0.8, ls="--", label="a blank card")
ax.set_xticks(list(curve.index))
ax.set_xlabel("Energy cost of Swarm")
ax.set_ylabel("Synclith win rate, gain over a blank")
ax.set_title(f"Cost curve of the Brood Mother ({N:,} paired games a point, 95% CI)")
ax.legend();'''),
        md("**Explain.** Each point is a card a designer could print. Where the curve is above zero the card "
           "pays for itself; where its interval straddles zero it adds nothing measurable; below zero the card "
           "is a trap — its holder would do better with a blank, because the bots spend Energy on it that "
           "would have served elsewhere. A strong effect needs a price, but the price is paid in a currency "
           "the rest of the game also uses. (These are Greedy's choices: a person may value Energy better — "
           "or worse.)",
           "*Каждая точка — карта, которую дизайнер мог бы напечатать. Где кривая выше нуля, карта окупается; "
           "где интервал накрывает ноль, она ничего измеримого не даёт; ниже нуля карта — ловушка: её "
           "владельцу лучше бы пустую карту, потому что боты тратят на неё Энергию, нужную в другом месте. "
           "Сильному эффекту нужна цена, но платят её валютой, которой пользуется и вся остальная игра. (Это "
           "выбор жадного бота: человек может ценить Энергию лучше — или хуже.)*"),
        md("## Exercises / Упражнения",
           "1. **Even the factions.** Change the Brood Mother (Strength, cost, amount) until the Templars' "
           "decisive win rate's interval holds 50% (`metrics.win_rates(df, 'faction')`).\n"
           "2. **A dead card.** Design a card whose ablation impact is about 0. What makes it dead: its phase, "
           "its cost, or that the bots never use it?\n"
           "3. **Read the record.** Count how often Swarm is used in games the Synclith won and lost. What "
           "does it tell you?",
           "*1. **Уравняйте фракции.** Меняйте Матку (Силу, цену, прибавку), пока интервал доли побед "
           "Тамплиеров в решённых партиях не накроет 50%. 2. **Мёртвая карта.** Придумайте карту с эффектом "
           "абляции около 0. Что делает её мёртвой: фаза, цена или то, что боты ею не пользуются? "
           "3. **Прочитайте запись.** Посчитайте, как часто «Рой» применяется в партиях, которые Синклит "
           "выиграл и проиграл. О чём это говорит?*",
           "Answers: `solutions/04-design-a-card-solutions.ipynb`. / *Ответы: "
           "`solutions/04-design-a-card-solutions.ipynb`.*"),
        learns(["A card is data: write it, load it, and the engine tells you exactly what is wrong.",
                "Exact odds tell what a card does in one battle; only many games tell what it does to the game.",
                "A cost curve shows where a card pays for itself; a price in a shared currency (Energy) "
                "competes with every other use of it.",
                "Measure a card against a blank on the same seeds: the comparison is fair and the interval narrow."],
               ["Карта — это данные: напишите, загрузите, и движок точно скажет, что не так.",
                "Точные шансы говорят, что карта делает в одном бою; только много партий говорят, что она "
                "делает с игрой.",
                "Кривая стоимости показывает, где карта окупается; цена в общей валюте (Энергии) "
                "соревнуется со всеми другими её тратами.",
                "Сравнивайте карту с пустой на тех же зёрнах: сравнение честное, интервал узкий."]),
    ])


def sol04() -> nbf.NotebookNode:
    return notebook([
        md("# Answers to lesson 04 / Ответы к уроку 04", BOTS),
        code(FAST + '''
import tempfile
from pathlib import Path

import dictator_widget as dw
from dictator_widget.experiments import metrics

N = 60 if FAST else 400'''),
        code(CARD),
        md("## 1. Even the factions / Уравняйте фракции",
           "Try a free Swarm (`cost = 0`), the cheapest point of lesson 04's curve, and a Strength 2 body:",
           "*Попробуйте бесплатный «Рой» (`cost = 0`) — самую дешёвую точку кривой урока 04, — и Силу 2:*"),
        code('''def templars(card_text, seed=2):
    where = Path(tempfile.mkdtemp())
    (where / "card.toml").write_text(card_text, encoding="utf-8")
    df = dw.simulate("standard", ["greedy", "greedy"], N, seed=seed, progress=False, record=False, cards=str(where))
    t = metrics.win_rates(df, "faction").loc["templars"]
    return f"{t['decisive_rate']:.3f} [{t['decisive_lo']:.3f}, {t['decisive_hi']:.3f}]"

shipped = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, record=False)
t = metrics.win_rates(shipped, "faction").loc["templars"]
print(f"shipped cards:               Templars {t['decisive_rate']:.3f} [{t['decisive_lo']:.3f}, {t['decisive_hi']:.3f}]")
print("free Swarm:                 ", "Templars", templars(CARD.replace("cost = 1", "cost = 0")))
print("free Swarm and Strength 2:  ", "Templars",
      templars(CARD.replace("cost = 1", "cost = 0").replace("strength = 1", "strength = 2")))'''),
        md("Read each line against 50%: a change that moves the interval onto 50% evens the factions (for these "
           "bots); one that carries it past 50% overshoots. One point of Strength on one card can move a game "
           "more than a free action: tune in small steps, and measure each.",
           "*Сравнивайте каждую строку с 50%: изменение, после которого интервал накрывает 50%, уравнивает "
           "фракции (для этих ботов); то, что переносит его за 50%, — перебор. Одно очко Силы одной карты может "
           "сдвинуть игру сильнее бесплатного действия: настраивайте малыми шагами и измеряйте каждый.*"),
        md("## 2. A dead card / Мёртвая карта",
           "A Swarm that costs more than the bots will ever pay is never used: its impact is that of a blank.",
           "*«Рой», который дороже, чем боты когда-либо заплатят, не применяется: его эффект — как у пустой "
           "карты.*"),
        code('''where = Path(tempfile.mkdtemp())
(where / "card.toml").write_text(CARD.replace("cost = 1", "cost = 12"), encoding="utf-8")
dead = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=str(where))
print("Swarm used:", int(dead["record"].str.count("C05:swarm").sum()), "times in", len(dead), "games")
metrics.card_impact(dead, cards=["C05"], progress=False)[["name", "impact", "lo", "hi"]].round(3)'''),
        md("## 3. Read the record / Прочитайте запись"),
        code('''folder = Path(tempfile.mkdtemp())
(folder / "card.toml").write_text(CARD, encoding="utf-8")
games = dw.simulate("standard", ["greedy", "greedy"], N, seed=2, progress=False, cards=str(folder))
games["swarms"] = games["record"].str.count("C05:swarm")
games["Synclith"] = games["winner"].map({0: "lost", 1: "won"}).fillna("no winner")
games.groupby("Synclith")["swarms"].agg(["count", "mean", "median"]).round(2)'''),
        md("Compare the means: a card can be used more in won games simply because a winning battalion "
           "survives to use it again. Usage goes with winning without showing what the card causes; only the "
           "comparison with a blank on the same seeds does that.",
           "*Сравните средние: карту могут чаще применять в выигранных партиях просто потому, что "
           "побеждающий отряд выживает и применяет её снова. Частота применения связана с победой, но не "
           "показывает, что карта вызывает; это показывает только сравнение с пустой картой на тех же "
           "зёрнах.*"),
    ])


# --------------------------------------------------------------------------------------------------
# 05: house rules: a variant against the baseline, with the difference's interval, and its cost
# --------------------------------------------------------------------------------------------------

def nb05() -> nbf.NotebookNode:
    return notebook([
        md("# House rules: what does a rule change cost? / Домашние правила: чего стоит изменение правил?",
           "A class picks a rule variant, predicts what it changes, and measures it against the rulebook on "
           "the same seeds: what it does (win rates, Guild battles), and what it costs (decisions, minutes, "
           "words of rules to learn).",
           "*Класс выбирает вариант правил, предсказывает, что он изменит, и измеряет его против правил из "
           "книги на тех же зёрнах: что он делает (доли побед, бои за Цеха) и чего стоит (решения, минуты, "
           "слова правил, которые нужно выучить).*"),
        goals(["state a prediction that a table can check",
               "compare a variant with the baseline by the interval of the difference",
               "count a rule's cost in decisions and minutes, and see why turns can mislead"],
              ["сформулировать прогноз, который можно проверить по таблице",
               "сравнить вариант с базовыми правилами по интервалу разности",
               "посчитать цену правила в решениях и минутах и понять, почему ходы могут обмануть"]),
        md(BOTS),
        md("## 1. The variants / Варианты"),
        code(FAST + '''
import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics

N = 150 if FAST else 1000     # games per rule set: 1,000 Greedy games take about 10 s on two cores
pd.set_option("display.max_colwidth", 100)
pd.DataFrame([{"variant": v.key, "from": v.source, "en": v.name["en"], "ru": v.name["ru"], "rule": v.text["en"]}
              for v in dw.variants().values()]).set_index("variant")'''),
        md("## 2. Pick one and predict / Выберите и предскажите",
           "Our pick: **siege tokens** (from *Dark Agent*): a failed assault on a Guild leaves a token there, "
           "and each token adds +1 to later assaults on it. Every Guild falls in the end anyway (careful bots "
           "take all eight in every game), so *how many* Guilds fall cannot show the rule. **Predict**, and "
           "write down:\n"
           "1. Guild battles per game: fewer, more, or the same? (A token makes the next assault likelier to "
           "succeed.)\n2. The Templars' share of decisive games: changed?\n3. Decisions per game: changed?",
           "*Наш выбор — **жетоны осады** (из «Тёмного агента»): неудачный штурм Цеха оставляет на нём жетон, "
           "и каждый жетон даёт +1 следующим штурмам. Все Цеха всё равно падают (осторожные боты берут все "
           "восемь в каждой партии), так что по *числу* взятых Цехов правило не увидеть. **Прогноз** — "
           "запишите: 1. Боёв за Цеха за партию меньше, больше или столько же? 2. Доля Тамплиеров среди "
           "решённых партий изменится? 3. Решений за партию станет больше или меньше?*"),
        code('''VARIANT = {"siege_tokens": True}
print(dw.variants()["siege_tokens"].text["en"])
print(dw.variants()["siege_tokens"].text["ru"])'''),
        md("## 3. Measure / Измерение",
           "Greedy against Greedy, the same seeds for both rule sets (so the same dice while play does not "
           "diverge), seats rotating.",
           "*Жадный бот против жадного, одни и те же зёрна для обоих наборов правил (те же кубики, пока игра "
           "не разошлась), места чередуются.*"),
        code('''baseline = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False)
variant = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, variants=VARIANT, progress=False)
for df in (baseline, variant):
    df["guild_battles"] = df["record"].str.count("attack guild")

def compare(label, a, b):
    """Mean per game under each rule set, and the paired difference (same seeds) with its 95% interval."""
    d = metrics.mean_interval((b - a).tolist())
    return {"measure": label, "baseline": round(a.mean(), 2), "siege tokens": round(b.mean(), 2),
            "difference": round(d["mean"], 2), "95% CI": f"[{d['lo']:+.2f}, {d['hi']:+.2f}]"}

def rate(label, k):
    d = metrics.difference(*k(variant), *k(baseline))
    return {"measure": label, "baseline": round(d["rate2"], 3), "siege tokens": round(d["rate1"], 3),
            "difference": round(d["difference"], 3), "95% CI": f"[{d['lo']:+.3f}, {d['hi']:+.3f}]"}

templars = lambda df: (int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum()))
first = lambda df: (metrics.first_player_advantage(df)["first_wins"], metrics.first_player_advantage(df)["decisive"])
pd.DataFrame([compare("Guild battles per game", baseline["guild_battles"], variant["guild_battles"]),
              rate("Templars' share of decisive games", templars),
              rate("first player's share of decisive games", first),
              compare("decisions per game", baseline["decisions"], variant["decisions"]),
              compare("turns per game", baseline["turns"], variant["turns"])]).set_index("measure")'''),
        code('''fig, axes = plt.subplots(1, 2, figsize=(11, 3.5))
for ax, (title, k) in zip(axes, [("Templars' share", templars), ("first player's share", first)]):
    for x, (name, df) in enumerate([("baseline", baseline), ("siege tokens", variant)]):
        wins, n = k(df)
        lo, hi = metrics.wilson(wins, n)
        ax.bar(x, wins / n, yerr=[[wins / n - lo], [hi - wins / n]], capsize=6, color=["#888", "#4a7fb0"][x])
        ax.text(x, wins / n / 2, f"{wins / n:.2f}", ha="center", color="white")
    ax.set_xticks([0, 1], ["baseline", "siege tokens"])
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of decisive games")
    ax.set_title(f"{title}, Greedy v Greedy (95% CI)")
fig.tight_layout()'''),
        md("**Explain.** Read the *difference* column and its interval: an interval that excludes 0 is a "
           "change the sample can see; one that holds 0 is not evidence of no change, only of a change too "
           "small for this many games. Two side-by-side intervals that overlap can still hide a real "
           "difference — that is why the difference gets its own. Which of your three predictions held, and how "
           "large is the change that held?",
           "*Смотрите на столбец *разности* и его интервал: интервал без 0 — изменение, которое выборка видит; "
           "интервал с 0 — не доказательство того, что изменений нет, а лишь того, что они слишком малы для "
           "такого числа партий. Два перекрывающихся интервала рядом могут скрывать настоящую разницу — "
           "поэтому у разности свой интервал. Какие из трёх прогнозов подтвердились и насколько велико "
           "подтвердившееся изменение?*"),
        md("## 4. What a rule costs / Чего стоит правило",
           "Win rates are not the only effect of a rule: a rule also costs time at the table and effort to "
           "learn. Decisions per game measure play time for any rule set; turns do not, because a rule can "
           "change what a turn is. **Alternating activation** makes each player move one battalion at a time: "
           "**predict** its effect on turns and on decisions.",
           "*Доли побед — не единственное следствие правила: правило стоит времени за столом и усилий на "
           "изучение. Решения за партию измеряют время игры для любого набора правил, а ходы — нет, потому что "
           "правило может изменить, что такое ход. **Поочерёдная активация** заставляет игроков ходить по "
           "одному отряду по очереди: **предскажите**, как она изменит число ходов и число решений.*"),
        code('''SECONDS_PER_DECISION = 8      # an assumption: time yourselves in lesson 01 and put your own figure here
alternating = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                          variants={"alternating_activation": True})
cost = {}
for name, df, rule in [("baseline", baseline, ""), ("siege tokens", variant, "siege_tokens"),
                       ("alternating activation", alternating, "alternating_activation")]:
    cost[name] = {"turns (median)": df["turns"].median(), "decisions (median)": df["decisions"].median(),
                  "minutes (median)": round(df["decisions"].median() * SECONDS_PER_DECISION / 60),
                  "decisions (90th percentile)": df["decisions"].quantile(0.9),
                  "words of rules to add": len(dw.variants()[rule].text["en"].split()) if rule else 0}
pd.DataFrame.from_dict(cost, orient="index")'''),
        md("**Explain.** Turns fall sharply with alternating activation because a 'turn' becomes one "
           "battalion's move, while decisions — the time people spend — change little: compare rule sets by "
           "decisions (or minutes), never by turns. The minutes are only as good as the seconds per decision "
           "you assume: measure your own. Weigh each variant's words of rules against what section 3 found it "
           "changes: words that change little are a cost without a benefit.",
           "*С поочерёдной активацией ходов резко меньше, потому что «ход» становится перемещением одного "
           "отряда, а решений — то есть времени людей — почти столько же: сравнивайте правила по решениям "
           "(или минутам), а не по ходам. Минуты точны настолько, насколько верны секунды на решение: "
           "измерьте свои. Сопоставьте слова правил каждого варианта с тем, что он меняет по разделу 3: слова, "
           "которые почти ничего не меняют, — цена без пользы.*"),
        md("## 5. Watch a game / Посмотрите партию",
           "The longest game with the variant, in the widget with a slider over its decisions.",
           "*Самая длинная партия с вариантом, в виджете с ползунком по решениям.*"),
        code('''df = variant                              # the replay line names the table `df`
longest = df["decisions"].idxmax()
print(metrics.replay_line(longest, df.loc[longest]))
game = dw.experiments.replay(df.loc[longest])
print(game.end_reason, "after", len(game.history), "decisions")'''),
        code('''dw.experiments.timeline(df.loc[longest])''', "nbval-ignore-output"),
        md("## Exercises / Упражнения",
           "1. **Your own variant.** Pick another variant, write three predictions that the table can check, "
           "and measure them as above.\n"
           "2. **The arc.** Do siege tokens change the story of a game? Compare `metrics.arc` of the two rule "
           "sets on 200 games, game by game.\n"
           "3. **Guild Strength 4.** Does a stronger Guild (`{\"guild_strength\": 4}`) change the first "
           "player's share? Give the difference and its interval.",
           "*1. **Свой вариант.** Выберите другой вариант, запишите три проверяемых прогноза и измерьте их, "
           "как выше. 2. **Дуга.** Меняют ли жетоны осады историю партии? Сравните `metrics.arc` двух наборов "
           "правил на 200 партиях, партия за партией. 3. **Сила Цеха 4.** Меняет ли более сильный Цех долю "
           "первого игрока? Дайте разность и её интервал.*",
           "Answers: `solutions/05-house-rules-solutions.ipynb`. / *Ответы: "
           "`solutions/05-house-rules-solutions.ipynb`.*"),
        learns(["Predict before you measure, in terms a table can check; a prediction that nothing can refute "
                "teaches nothing.",
                "A change needs the interval of its difference; 'the intervals overlap' is not an answer.",
                "Count what a rule costs — decisions, minutes, words to learn — beside what it does.",
                "Measure time in decisions, not turns: a rule can change what a turn is."],
               ["Предсказывайте до измерения и так, чтобы таблица могла проверить; прогноз, который ничто не "
                "опровергнет, ничему не учит.",
                "Изменению нужен интервал разности; «интервалы перекрываются» — не ответ.",
                "Считайте, чего стоит правило — решения, минуты, слова на изучение, — рядом с тем, что оно делает.",
                "Меряйте время решениями, а не ходами: правило может изменить, что такое ход."]),
    ])


def sol05() -> nbf.NotebookNode:
    return notebook([
        md("# Answers to lesson 05 / Ответы к уроку 05", BOTS),
        code(FAST + '''
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics

N = 60 if FAST else 400'''),
        md("## 1. Your own variant / Свой вариант",
           "For example *exhaustion* (a used card rests until its owner's next turn). Predictions: fewer card "
           "actions a battle, so fewer decisions; the side whose cards act every battle (Synclith's free "
           "Bio-bugs) loses more.",
           "*Например, *истощение* (применённая карта отдыхает до следующего хода владельца). Прогнозы: "
           "меньше действий карт в бою, значит меньше решений; сторона, чьи карты действуют в каждом бою "
           "(бесплатные «Биобаги» Синклита), теряет больше.*"),
        code('''base = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False)
tired = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                    variants={"exhaustion": True})
d = metrics.mean_interval((tired["decisions"] - base["decisions"]).tolist())
print(f"decisions per game: {base['decisions'].mean():.1f} -> {tired['decisions'].mean():.1f}, "
      f"difference {d['mean']:+.1f} [{d['lo']:+.1f}, {d['hi']:+.1f}]")
k = lambda df: (int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum()))
t = metrics.difference(*k(tired), *k(base))
print(f"Templars' share of decisive games: {t['rate2']:.3f} -> {t['rate1']:.3f}, "
      f"difference {t['difference']:+.3f} [{t['lo']:+.3f}, {t['hi']:+.3f}]")'''),
        md("Read each interval against its prediction. In the stored run decisions went slightly *up* (an "
           "interval above 0), the opposite of the prediction, and the Templars' share did not move measurably. "
           "Perhaps battles in which cards rest are less decisive, so games need more of them. A prediction "
           "that fails is a finding too.",
           "*Сравните каждый интервал с прогнозом. В сохранённом прогоне решений стало немного *больше* "
           "(интервал выше 0) — вопреки прогнозу, а доля Тамплиеров измеримо не сдвинулась. Возможно, бои, в "
           "которых карты отдыхают, реже решают дело, и партиям нужно больше боёв. Неподтвердившийся прогноз — "
           "тоже результат.*"),
        md("## 2. The arc / Дуга"),
        code('''A = 40 if FAST else 200
plain = dw.simulate("standard", ["greedy", "greedy"], A, seed=11, progress=False)
siege = dw.simulate("standard", ["greedy", "greedy"], A, seed=11, progress=False, variants={"siege_tokens": True})
a, b = metrics.arc(plain), metrics.arc(siege)
rows = {}
for measure in ("lead_changes", "decisiveness", "drama"):
    d = metrics.mean_interval((b[measure] - a[measure]).tolist())
    rows[measure] = {"baseline": a[measure].mean(), "siege tokens": b[measure].mean(), "difference": d["mean"],
                     "lo": d["lo"], "hi": d["hi"], "games": d["n"]}
pd.DataFrame(rows).T.round(3)'''),
        md("A rule that touches only Guild assaults barely moves the arc: most intervals of the difference hold "
           "0. The story of a game is told by the battles between battalions.",
           "*Правило, которое касается только штурмов Цехов, почти не сдвигает дугу: большинство интервалов "
           "разности накрывают 0. Историю партии рассказывают бои между отрядами.*"),
        md("## 3. Guild Strength 4 / Сила Цеха 4"),
        code('''g4 = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                 variants={"guild_strength": 4})
f = lambda df: (metrics.first_player_advantage(df)["first_wins"], metrics.first_player_advantage(df)["decisive"])
d = metrics.difference(*f(g4), *f(base))
print(f"first player's share: {d['rate2']:.3f} -> {d['rate1']:.3f}, difference {d['difference']:+.3f} "
      f"[{d['lo']:+.3f}, {d['hi']:+.3f}]")
print(f"median turns: {base['turns'].median():.0f} -> {g4['turns'].median():.0f}")'''),
        md("Read the difference's interval: if it holds 0, 400 games see no change in the first player's share.",
           "*Смотрите на интервал разности: если он накрывает 0, 400 партий не видят изменения доли первого "
           "игрока.*"),
    ])


# --------------------------------------------------------------------------------------------------
# 06: exact odds, what a point of Strength is worth, and hidden information (Fog of War)
# --------------------------------------------------------------------------------------------------

PEEK = '''class PeekingGreedy(GreedyAgent):
    """Greedy that scores its moves on the real game: it sees every face-down card (a cheat, for measuring)."""

    def act(self, game):
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(game, legal)          # GreedyAgent.act scores a sample of what it may know
        best = max(scores)
        top = [a for a, v in zip(legal, scores) if v >= best - TIE]
        return top[0] if len(top) == 1 else self.rng.choice(top)'''


def nb06() -> nbf.NotebookNode:
    return notebook([
        md("# Odds and hidden information / Шансы и скрытая информация",
           "A position is data; the odds of a battle can be computed exactly; and what a player does *not* "
           "know changes both their odds and their play. This lesson reads exact odds, asks what one point of "
           "Strength is worth, and measures what hidden cards (Fog of War) take from a player.",
           "*Позиция — это данные; шансы боя можно вычислить точно; а то, чего игрок *не* знает, меняет и его "
           "шансы, и его игру. В этом уроке — точные шансы, цена одного очка Силы и то, что закрытые карты "
           "(Туман Войны) отнимают у игрока.*"),
        goals(["set up a position as data and compute a battle's exact odds",
               "check exact odds against simulated battles, with the simulation's own error",
               "say what a point of Strength is worth, and why it is worth less far from an even battle",
               "tell what a seat knows from what is true, and measure what seeing everything would gain"],
              ["задать позицию как данные и вычислить точные шансы боя",
               "проверить точные шансы симуляцией с её собственной погрешностью",
               "сказать, чего стоит очко Силы и почему вдали от равного боя оно стоит меньше",
               "отличить то, что знает место игрока, от истины и измерить, что дало бы знание всего"]),
        md("## 1. A position / Позиция",
           "A scenario lists the battalions; everything else takes the mission's defaults. Shipped scenarios "
           "live in `cards/scenarios/`.",
           "*Сценарий перечисляет отряды; остальное берётся из миссии. Готовые сценарии лежат в "
           "`cards/scenarios/`.*"),
        code(FAST + '''
import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.agents.greedy import TIE
from dictator_widget.engine.odds import simulate_battles
from dictator_widget.experiments import metrics

game = dw.Game.from_scenario({
    "battalions": {
        "A1": {"sector": "d4", "cards": ["T04", "T01", "T10"]},     # Knight, WASP, Orion
        "B1": {"sector": "e4", "cards": ["C08", "C04", "C03"]},     # Infiltrator, Snail, Genomorph
    },
    "energy": [6, 6],
    "guilds": ["d3"],
})'''),
        code('''# NBVAL_CHECK_OUTPUT
print([str(a) for a in game.legal_actions() if a.kind.startswith("attack")])'''),
        md("## 2. Exact odds / Точные шансы",
           "Every die is enumerated, re-rolls included; each side's choices follow a policy: `greedy` (at each "
           "decision, the choice best right now) or `best` (each side maximises its chance over the whole "
           "battle, looking ahead). **Predict:** will looking ahead change the odds of this battle?",
           "*Перебираются все кубики, включая переброски; выбор сторон следует политике: `greedy` (в каждом "
           "решении — лучший выбор сейчас) или `best` (каждая сторона максимизирует шанс на весь бой, глядя "
           "вперёд). **Прогноз:** изменит ли взгляд вперёд шансы этого боя?*"),
        code('''# NBVAL_CHECK_OUTPUT
odds = {policy: dw.battle_odds(game, "A1 attack B1", policy=policy) for policy in ("greedy", "best")}
for policy, o in odds.items():
    print(f"{policy:6}  win {o['win']:.3f}  draw {o['draw']:.3f}  loss {o['loss']:.3f}  "
          f"Energy spent {[round(e, 2) for e in o['energy_spent']]}")
same = all(abs(odds["greedy"][k] - odds["best"][k]) < 1e-9 for k in ("win", "draw", "loss"))
print("The same odds: at every decision of this battle the best choice now is also the best for the whole "
      "battle, so looking ahead gains nothing." if same else "Looking ahead changes the odds here.")
guild = dw.battle_odds(game, "A1 attack guild d3")
print(f"against the Guild: win {guild['win']:.3f}  draw {guild['draw']:.3f}  loss {guild['loss']:.3f}")'''),
        md("## 3. Check against simulated battles / Проверка симуляцией",
           "10,000 battles fought with the game's own dice and the same policy. A simulated rate has its own "
           "error: its standard error is about √(p(1−p)/n), so exact and simulated should differ by less than "
           "three of those.",
           "*10 000 боёв с кубиками самой игры и той же политикой. У симулированной доли своя погрешность: "
           "стандартная ошибка около √(p(1−p)/n), и точное и симулированное значения должны расходиться "
           "меньше чем на три таких ошибки.*"),
        code('''# NBVAL_CHECK_OUTPUT
exact = odds["greedy"]
simulated = simulate_battles(game, "A1 attack B1", battles=10_000, seed=1)
for key in ("win", "draw", "loss"):
    se = (exact[key] * (1 - exact[key]) / 10_000) ** 0.5
    gap = abs(exact[key] - simulated[key])
    print(f"{key:5} exact {exact[key]:.4f}  simulated {simulated[key]:.4f}  difference {gap:.4f} "
          f"= {gap / se if se else 0:.1f} standard errors")'''),
        md("## 4. What is a point of Strength worth? / Чего стоит очко Силы?",
           "Plain cards without battle actions make battalions of a given Strength. **Predict:** is every point "
           "of Strength worth the same change in the chance of winning?",
           "*Простые карты без боевых действий дают отряды заданной Силы. **Прогноз:** каждое ли очко Силы "
           "меняет шанс на победу одинаково?*"),
        code('''# NBVAL_CHECK_OUTPUT
# cards whose actions cannot change who wins a battle against a battalion
ATTACKER = {1: ["T06"], 2: ["T12"], 3: ["H07"], 4: ["H07", "T06"], 5: ["H07", "T12"], 6: ["H07", "T12", "T06"],
            7: ["H07", "T12", "T03"]}
DEFENDER = {1: ["C11"], 2: ["H04"], 3: ["H03"], 4: ["H03", "C11"], 5: ["H03", "H04"], 6: ["H03", "T11", "C11"],
            7: ["H03", "H04", "T11"]}

def win(a, d):
    position = {"battalions": {"A1": {"sector": "d4", "cards": ATTACKER[a]}, "B1": {"sector": "e4", "cards": DEFENDER[d]}},
                "guilds": []}
    return dw.battle_odds(dw.Game.from_scenario(position), "A1 attack B1")["win"]

unrounded = pd.DataFrame({d: {a: win(a, d) for a in ATTACKER} for d in DEFENDER})
table = unrounded.round(3)
table.index.name, table.columns.name = "attacker Strength", "defender Strength"
table'''),
        code('''# NBVAL_CHECK_OUTPUT
by_difference = {a - 4: float(unrounded.loc[a, 4]) for a in ATTACKER}    # against a defender of Strength 4
gain = {f"{d:+d} -> {d + 1:+d}": round(by_difference[d + 1] - by_difference[d], 3) for d in range(-3, 3)}
print("attacker's chance by Strength difference:", {f"{d:+d}": round(p, 3) for d, p in by_difference.items()})
print("what one more point adds:", gain)'''),
        code('''fig, ax = plt.subplots(figsize=(6, 3.2))
ax.plot(list(by_difference), list(by_difference.values()), "o-")
for d, p in by_difference.items():
    ax.annotate(f"{p:.2f}", (d, p), textcoords="offset points", xytext=(0, 6), ha="center")
ax.set_xlabel("attacker's Strength less defender's")
ax.set_ylabel("attacker's chance of winning")
ax.set_ylim(0, 1)
ax.set_title("Battle odds by Strength difference (two d6, no card actions)");'''),
        md("**Explain.** At equal Strength the attacker wins 15 times in 36 (0.417): equal totals, 6 rolls in 36, "
           "are not a win for the attacker. The first point over even adds the most (+0.167); each further point adds less "
           "(+0.139, then +0.111), because the two dice's sum is likeliest near its middle. A point matters "
           "most in an even battle — where designers should price Strength highest.",
           "*При равной Силе атакующий побеждает в 15 случаях из 36 (0,417): равные суммы, 6 бросков из 36, "
           "атакующему не победа. Первое очко сверх равенства даёт больше всего (+0,167), каждое следующее — меньше "
           "(+0,139, затем +0,111), потому что разность двух кубиков чаще всего близка к середине. Очко важнее "
           "всего в равном бою — там дизайнеру и стоит ценить Силу дороже всего.*"),
        md("## 5. Hidden information: Fog of War / Скрытая информация: Туман Войны",
           "In Fog of War each side's cards are face down to the other until they act. **Predict:** in one "
           "battle, how far can a player's estimate of the odds be from the truth? And over a whole game, how "
           "much more often would a player win who could see every card?",
           "*В Тумане Войны карты каждой стороны закрыты для другой, пока не сработают. **Прогноз:** насколько "
           "в одном бою оценка шансов игрока может отличаться от истины? И насколько чаще за всю партию "
           "выигрывал бы игрок, видящий все карты?*"),
        code('''# NBVAL_CHECK_OUTPUT
fog = dw.Game.new("fog-of-war", seed=3, placement="fixed")
bots = [GreedyAgent(1), GreedyAgent(2)]
while not any(a.kind == "attack" for a in fog.legal_actions()):          # play on to the first attack
    fog.apply(bots[fog.current_player].act(fog))
me = fog.current_player
seen = {b["label"]: b["cards"] for b in fog.view(player=me)["battalions"]}
print(f"Turn {fog.turn}: Player {me + 1} may attack. What this seat sees of each battalion (None: face down):")
for label, cards in seen.items():
    print(f"  {label}: {cards}")
for attack in [a for a in fog.legal_actions() if a.kind == "attack"]:
    true = dw.battle_odds(fog, attack)["win"]
    guess = dw.battle_odds(fog, attack, seat=me)["win"]
    print(f"{attack}: the seat's estimate {guess:.3f}, the true odds {true:.3f}")'''),
        md("The seat's estimate averages the exact odds over draws of the cards it cannot see (the same "
           "sampling the bots use). It can be far from the truth in either direction: that gap is what hidden "
           "information is.",
           "*Оценка места игрока усредняет точные шансы по вариантам карт, которых оно не видит (так же "
           "выбирают и боты). Она может сильно отличаться от истины в обе стороны: этот разрыв и есть скрытая "
           "информация.*"),
        md("**What would seeing everything gain?** A bot that peeks — Greedy scoring its moves on the real "
           "game instead of a sample — against the ordinary Greedy, seats rotating:",
           "***Что дало бы знание всего?** Бот, который подглядывает (жадный бот, оценивающий ходы по настоящей "
           "игре, а не по выборке), против обычного жадного, места чередуются:*"),
        code(PEEK + '''


P = 60 if FAST else 600        # Fog of War games are slower: about 4 s per 100 on two cores
peek = dw.simulate("fog-of-war", [PeekingGreedy(), "greedy"], P, seed=3, progress=False, record=False)
r = metrics.win_rates(peek, "agent").loc[0]
print(f"The peeking bot won {r['wins']} of {r['decisive']} decisive games: {r['decisive_rate']:.1%} "
      f"(95% interval {r['decisive_lo']:.1%} to {r['decisive_hi']:.1%}); without an edge it would be 50%.")'''),
        md("**Explain.** One battle's odds can be far off, yet over a game the peeking bot's edge is what the "
           "interval shows — a few points either way, with this card set none to measure: Greedy "
           "decides mostly on what it does see (Strength on the map, sizes, damage), cards turn face up as they "
           "act, and a one-step bot does not always turn better knowledge into better play. Hidden information "
           "matters as much as players can exploit it — a person who remembers and bluffs may gain more than "
           "this bot.",
           "*Шансы одного боя могут сильно ошибаться, но за партию перевес подглядывающего бота — несколько "
           "пунктов в ту или другую сторону, а с этим набором карт — неизмеримо мало: жадный бот "
           "решает в основном по тому, что видит (Сила на поле, размеры, повреждения), карты открываются, когда "
           "действуют, а бот на один ход вперёд не всегда превращает лучшее знание в лучшую игру. "
           "Скрытая информация значит столько, "
           "сколько игроки умеют ею пользоваться: человек, который запоминает и блефует, может выиграть "
           "больше этого бота.*"),
        md("## 6. Set up a position in the widget / Расстановка в виджете",
           "`dw.DictatorWidget(setup=True)` opens in set-up mode: move battalions, add or remove cards, toggle "
           "Guild tokens, set Energy and whose turn it is; **Play from here** builds the game. In play, a "
           "selected battalion shows the odds next to each attack target.",
           "*`dw.DictatorWidget(setup=True)` открывается в режиме расстановки: перемещайте отряды, добавляйте "
           "и убирайте карты, ставьте фишки Цехов, задайте Энергию и чей ход; **Играть отсюда** строит партию. "
           "В игре рядом с каждой целью атаки выбранного отряда видны шансы.*"),
        code('''setup_widget = dw.DictatorWidget(game=dw.Game.from_scenario("sniper-duel"), setup=True)
setup_widget''', "nbval-ignore-output"),
        code('''# NBVAL_CHECK_OUTPUT
# The same edits as clicks would send, then "Play from here" / Те же правки, что и щелчки
setup_widget.edit({"op": "energy", "player": 0, "value": 8})
setup_widget.play_from_here()
print("Energy:", setup_widget.game.state.energy, "| set-up mode:", setup_widget.setup_mode,
      "| decision:", setup_widget.game.decision)'''),
        md("## Exercises / Упражнения",
           "1. **Where is a point worth least?** From the table of section 4, at which Strength difference "
           "does one more point add least, and why?\n"
           "2. **How many samples?** A seat's odds average over `samples` draws (16 by default). Compute the "
           "seat's estimate of section 5 with 1, 4 and 16 samples: when does it settle?\n"
           "3. **What does a seat know?** In `\"triumvirate+fog-of-war\"`, what does Player 1 see of each "
           "opponent at the start (`game.view(player=0)`)?",
           "*1. **Где очко стоит меньше всего?** По таблице раздела 4: при какой разности Силы лишнее очко даёт "
           "меньше всего и почему? 2. **Сколько выборок?** Шансы места игрока усредняются по `samples` "
           "вариантам (16 по умолчанию). Посчитайте оценку раздела 5 с 1, 4 и 16 вариантами: когда она "
           "устаканивается? 3. **Что знает место игрока?** Что видит Игрок 1 о каждом сопернике в начале "
           "`\"triumvirate+fog-of-war\"` (`game.view(player=0)`)?*",
           "<details><summary>Answer 1 / Ответ 1</summary>\n\nFar from even: from +2 to +3 a point adds 0.111, "
           "and beyond the dice's reach (a difference of 6 or more either way) nothing, since the dice cannot "
           "bridge the gap. / *Вдали от равенства: от +2 к +3 очко даёт 0,111, а за пределом кубиков (разность "
           "6 и больше в любую сторону) — ничего: кубики уже не перекрывают разрыв.*\n\n</details>",
           "Answers 2 and 3: `solutions/06-scenarios-and-odds-solutions.ipynb`. / *Ответы 2 и 3: "
           "`solutions/06-scenarios-and-odds-solutions.ipynb`.*"),
        learns(["Exact odds are cheap: compute them instead of guessing, and check a simulation against them "
                "within its own error.",
                "Strength is worth most in an even battle; price it there.",
                "Hidden information opens a gap between what a player estimates and what is true; whether "
                "it changes who wins depends on how well players can exploit it."],
               ["Точные шансы дёшевы: вычисляйте их, а не угадывайте, и проверяйте симуляцию в пределах её "
                "погрешности.",
                "Сила дороже всего в равном бою; там её и оценивайте.",
                "Скрытая информация открывает разрыв между оценкой игрока и истиной; меняет ли это, кто "
                "побеждает, зависит от того, насколько игроки умеют ею пользоваться."]),
    ])


def sol06() -> nbf.NotebookNode:
    return notebook([
        md("# Answers to lesson 06 / Ответы к уроку 06"),
        code('''import dictator_widget as dw
from dictator_widget.agents import GreedyAgent'''),
        md("## 2. How many samples? / Сколько выборок?"),
        code('''# NBVAL_CHECK_OUTPUT
fog = dw.Game.new("fog-of-war", seed=3, placement="fixed")
bots = [GreedyAgent(1), GreedyAgent(2)]
while not any(a.kind == "attack" for a in fog.legal_actions()):
    fog.apply(bots[fog.current_player].act(fog))
me = fog.current_player
for attack in [a for a in fog.legal_actions() if a.kind == "attack"]:
    estimates = {n: round(dw.battle_odds(fog, attack, seat=me, samples=n)["win"], 3) for n in (1, 4, 16)}
    print(attack, estimates, "| true", round(dw.battle_odds(fog, attack)["win"], 3))'''),
        md("One sample is one guess at the hidden cards, so it swings; compare 4 with 16 samples to see how far "
           "the estimate still moves: the default 16 trades some steadiness for speed. More "
           "samples make the *estimate* steadier, never closer to the truth: the truth is what the seat cannot "
           "know.",
           "*Одна выборка — одна догадка о закрытых картах, поэтому она скачет; сравните 4 и 16 выборок, чтобы "
           "увидеть, насколько оценка ещё сдвигается: 16 по умолчанию — компромисс между "
           "устойчивостью и скоростью. Больше выборок делают *оценку* устойчивее, но не ближе к истине: истину "
           "место игрока знать не может.*"),
        md("## 3. What does a seat know? / Что знает место игрока?"),
        code('''# NBVAL_CHECK_OUTPUT
three = dw.Game.new("triumvirate+fog-of-war", seed=1)
for p in three.view(player=0)["players"]:
    print(f"Player {p['index'] + 1}: hand {p['hand']}, {p['hand_size']} cards")'''),
        md("At the start each player holds a dealt hand. Player 1 sees its own six cards and, of each opponent, "
           "only how many cards they hold (`None`: hidden). Once the battalions are on the map, the opponents' "
           "cards there are face down too, until they act.",
           "*В начале у каждого игрока сданная рука. Игрок 1 видит свои шесть карт, а о каждом сопернике — "
           "лишь сколько у него карт (`None`: скрыто). Когда отряды выходят на поле, карты соперников там тоже "
           "закрыты, пока не сработают.*"),
    ])


# --------------------------------------------------------------------------------------------------
# 01: play, and watch yourself play
# --------------------------------------------------------------------------------------------------

def nb01() -> nbf.NotebookNode:
    return notebook([
        md("# Dictator-Control: play / Диктатор-Контроль: игра",
           "Run all cells (**Run → Run All Cells**), then play on the board below. Two people share the "
           "screen and take turns (*hot-seat*), or one plays against a bot; the widget always shows whose "
           "decision it is.",
           "*Выполните все ячейки (**Run → Run All Cells**) и играйте на поле ниже. Двое делят экран и ходят "
           "по очереди (*hot-seat*) или один играет против бота; виджет всегда показывает, чьё сейчас "
           "решение.*"),
        goals(["play a game of the Standard mission from the set-up to the end",
               "notice which decisions are hard, and time your own decisions (lesson 05 needs the figure)",
               "play a seat that does not see everything (Fog of War) and say what you had to guess"],
              ["сыграть партию миссии «Стандарт» от расстановки до конца",
               "заметить, какие решения трудны, и засечь время своих решений (оно понадобится в уроке 05)",
               "сыграть за место, которое видит не всё (Туман Войны), и сказать, что пришлось угадывать"]),
        md("**Set-up first, as the rulebook does it.** The die decides who chooses: the player who wins the "
           "initiative picks a Starting Zone (click a lit zone on the board or a button), the other takes the "
           "opposite one. Then each player places their own battalion tokens on the sectors of their zone, one "
           "at a time; the last token goes to the last free sector. (`dw.DictatorWidget(placement=\"fixed\")` "
           "skips this and starts in the mission's zones.)",
           "**Mouse.** Click one of your battalions to select it: the sectors it can reach light up (solid: a "
           "standard move, dashed: a card's special move). Click a sector to move there. A card's **Use** "
           "button plays that action. Click an enemy battalion or a Guild token ringed in red to attack it. "
           "In a battle, the panel walks through the Condition, Strength, Collision and Damage phases: use "
           "your cards' actions or **Pass**; the loser chooses the card to damage. **Undo** takes the last "
           "decision back.",
           "**Keyboard.** Tab to a battalion, sector or button and press Enter. `1`–`9` select your "
           "battalions, `Esc` cancels, `p` passes, `n` ends the activation, `t` ends the turn, `u` undoes.",
           "*Сначала расстановка, как в правилах. Кубик решает, кто выбирает: выигравший инициативу выбирает "
           "зону старта (щёлкните подсвеченную зону на поле или кнопку), другой получает противоположную. "
           "Затем каждый ставит свои фишки отрядов на секторы своей зоны по одной; последняя фишка встаёт на "
           "последний свободный сектор.*",
           "*Мышь: щёлкните свой отряд, чтобы выбрать его, — подсветятся доступные секторы (сплошная линия — "
           "стандартное перемещение, пунктир — специальное перемещение карты). Щёлкните сектор, чтобы "
           "переместиться. Кнопка **Применить** на карте применяет её действие. Щёлкните вражеский отряд или "
           "фишку Цеха в красном кольце, чтобы атаковать. В бою панель проводит через фазы Условий, Силы, "
           "Столкновения и Ущерба: применяйте действия карт или **Пас**; проигравший выбирает повреждаемую "
           "карту. **Отмена** возвращает последнее решение. Клавиатура: Tab и Enter; `1`–`9` выбирают отряды, "
           "`Esc` — отмена выбора, `p` — пас, `n` — конец активации, `t` — конец хода, `u` — отмена.*",
           "Every option the widget offers comes from the rules engine (`game.legal_actions()`). / *Каждый "
           "вариант, который предлагает виджет, приходит из движка правил (`game.legal_actions()`).*"),
        code('''import dictator_widget as dw

widget = dw.DictatorWidget(mission="standard", seed=7, lang="en")
widget''', "nbval-ignore-output"),
        md("## Against a bot / Против бота",
           "Player 2 is played by the Greedy bot (it takes the decision that looks best right now): it answers "
           "each of your decisions after a short, visible delay, plays its battles step by step, and waits on "
           "each battle's result until you press **Continue**. `bots` takes any object with an `act(game)` "
           "method too. **Before you play, predict:** will you beat it? Write it down.",
           "*За Игрока 2 играет жадный бот Greedy (он выбирает решение, которое выглядит лучшим прямо сейчас): "
           "он отвечает на каждое ваше решение после короткой видимой паузы, показывает свои бои шаг за шагом "
           "и ждёт на результате каждого боя, пока вы не нажмёте **«Продолжить»**. `bots` принимает и любой "
           "объект с методом `act(game)`. **Прежде чем играть, предскажите:** обыграете ли вы его? Запишите.*"),
        code('''bot_widget = dw.DictatorWidget(mission="standard", seed=7, bots={1: "greedy"}, lang="en")
bot_widget''', "nbval-ignore-output"),
        md("## From Python / Из Python",
           "The widget shows `widget.game`, an ordinary `dw.Game`. A move made in a cell appears on the board at "
           "once, and the board's moves are visible here; for example `widget.game.apply(\"A1 move c4\")`, then "
           "`widget.game.undo()`. Switch the language with the widget's button or `widget.lang = \"ru\"`.",
           "*Виджет показывает `widget.game`, обычный `dw.Game`. Ход, сделанный в ячейке, сразу виден на "
           "поле, а ходы на поле видны здесь; например `widget.game.apply(\"A1 move c4\")`, затем "
           "`widget.game.undo()`. Язык переключается кнопкой виджета или `widget.lang = \"ru\"`.*"),
        code('''print(widget.game)
print("legal now:", len(widget.game.legal_actions()), "options")
print(widget.game.log[-1].text(widget.lang))''', "nbval-ignore-output"),
        md("## Time yourself / Засеките время",
           "After your game against the bot, put the minutes it took here and run the cell: it counts your "
           "decisions (each move, card action, pass and choice) and gives your seconds per decision. Lesson 05 "
           "turns decisions into minutes with that figure.",
           "*После партии с ботом впишите, сколько минут она заняла, и выполните ячейку: она посчитает ваши "
           "решения (каждое перемещение, действие карты, пас и выбор) и даст секунды на решение. Урок 05 "
           "переводит решения в минуты этим числом.*"),
        code('''MINUTES_PLAYED = 20                      # how long your game took, by the clock
replayed = dw.Game.new("standard", seed=7)   # the same game again, to see who owed each decision
mine = 0
for action in bot_widget.game.history:
    mine += replayed.current_player == 0
    replayed.apply(action)
if mine:
    print(f"{mine} decisions of yours: {MINUTES_PLAYED * 60 / mine:.0f} seconds each")
else:
    print("Play the game above first: no decisions of yours yet.")''', "nbval-ignore-output"),
        md("## What a seat knows: Fog of War / Что знает место игрока: Туман Войны",
           "In Fog of War every card lies face down to the other side until it acts. This widget shows Player "
           "1's seat only (`player=0`) against a careful bot. While you play, note one thing you had to guess "
           "about a face-down battalion, and whether the guess was right when its cards turned up.",
           "*В Тумане Войны каждая карта закрыта для другой стороны, пока не сработает. Этот виджет показывает "
           "только место Игрока 1 (`player=0`) против осторожного бота. Во время игры запишите одну догадку о "
           "закрытом отряде и то, оказалась ли она верной, когда карты открылись.*"),
        code('''fog_widget = dw.DictatorWidget(mission="fog-of-war", player=0, bots={1: "greedy"}, lang="en")
fog_widget''', "nbval-ignore-output"),
        md("## Other missions, and modes in combination / Другие миссии и сочетания режимов",
           "Every mission of the rulebook plays here: `dw.DictatorWidget(mission=\"fog-of-war\")`. The "
           "rulebook's additional modes \"can be used as is or in a combination\": join them with `+`, for "
           "example `\"triumvirate+fog-of-war\"` (three players, cards face down) or `\"regrouping+chaos\"`. A "
           "combination that cannot work is refused with the reason.",
           "*Все миссии правил играются здесь. Дополнительные режимы «можно использовать по порядку или "
           "комбинировать друг с другом»: соедините их знаком `+`, например `\"triumvirate+fog-of-war\"`. "
           "Сочетание, которое не может работать, отвергается с объяснением.*"),
        code('''# NBVAL_CHECK_OUTPUT
print("missions:", ", ".join(dw.missions()))
combined = [m for m in dw.missions(combined=True) if "+" in m]
print(len(combined), "combinations, e.g.", ", ".join(combined[:4]))'''),
        md("## Exercises / Упражнения",
           "1. Play a whole game against the bot. Which decision was hardest, and why: too many options, too "
           "little information, or too much at stake?\n"
           "2. Did your prediction (beat the bot or not) hold? What would you need to play to be sure — one "
           "game, ten, a hundred?\n"
           "3. In Fog of War, what did you guess, and how did you decide when you could not see?",
           "*1. Сыграйте партию с ботом до конца. Какое решение было труднее всего и почему: слишком много "
           "вариантов, слишком мало информации или слишком много на кону? 2. Подтвердился ли ваш прогноз? "
           "Сколько партий нужно, чтобы быть уверенным, — одна, десять, сто? 3. Что вы угадывали в Тумане "
           "Войны и как решали, не видя карт?*",
           "<details><summary>What to look for / На что обратить внимание</summary>\n\n"
           "1. Hard decisions are where a game's depth is — or its confusion. Count the options "
           "(`len(widget.game.legal_actions())`) at the hard moment. 2. One game tells little: lesson 03 shows "
           "that even 100 games leave an interval of about ±10 points. 3. In Fog of War players reason from "
           "sizes, damage marks and the cards already seen; lesson 06 measures what seeing everything would "
           "gain a bot.\n\n*1. Трудные решения — там, где глубина игры (или её путаница). Посчитайте варианты "
           "(`len(widget.game.legal_actions())`) в трудный момент. 2. Одна партия говорит мало: урок 03 "
           "показывает, что даже 100 партий оставляют интервал около ±10 пунктов. 3. В Тумане Войны игроки "
           "рассуждают по размерам отрядов, повреждениям и уже увиденным картам; урок 06 измеряет, что дало "
           "бы боту знание всех карт.*\n\n</details>"),
        learns(["Playing first is the fastest way to learn the rules and to find the decisions worth studying.",
                "Time is a cost: a game's length in decisions and your seconds per decision give its minutes.",
                "What a seat may see shapes how people decide; write down what you guessed."],
               ["Сыграть самому — быстрейший способ выучить правила и найти решения, которые стоит изучать.",
                "Время — это цена: длина партии в решениях и ваши секунды на решение дают её минуты.",
                "То, что видит место игрока, определяет, как люди решают; записывайте свои догадки."]),
    ])


# --------------------------------------------------------------------------------------------------
# 02: the rulebook's walkthrough, step by step
# --------------------------------------------------------------------------------------------------

def step(title: str, en: str, ru: str, source: str) -> list[nbf.NotebookNode]:
    return [md(f"## {title}", en, f"*{ru}*"), code("# NBVAL_CHECK_OUTPUT\n" + source)]


def nb02() -> nbf.NotebookNode:
    return notebook([
        md("# The training mission, step by step / Обучающая миссия, шаг за шагом",
           "The rulebook's walkthrough of the training mission (M0), played in the widget. Run the cells one "
           "by one (**Shift+Enter**): each plays the next step of the walkthrough with `widget.game.apply(...)` "
           "and prints what happened; the board above follows every step. To keep the board in sight as you go "
           "down the notebook, right-click it and choose **Create New View for Cell Output**: a second view of "
           "the same game opens beside the notebook and follows every step too.",
           "*Разбор обучающей миссии (M0) из правил, сыгранный в виджете. Выполняйте ячейки по одной "
           "(**Shift+Enter**): каждая делает следующий шаг разбора через `widget.game.apply(...)` и печатает, "
           "что произошло; поле выше меняется с каждым шагом. Чтобы поле оставалось на виду, пока вы идёте "
           "по блокноту, щёлкните по нему правой кнопкой и выберите **Create New View for Cell Output**: "
           "второй вид той же партии откроется рядом с блокнотом и тоже будет следовать за каждым шагом.*",
           "Templars (Player 1) start in the Green Zone, Synclith (Player 2) in the Yellow Zone; both have six "
           "Energy. / *Тамплиеры (Игрок 1) начинают в зелёной зоне старта, Синклит (Игрок 2) — в жёлтой; у "
           "обоих по шесть единиц Энергии.*"),
        goals(["follow a battle through its five phases and say who decides what in each",
               "read a game as a sequence of decisions, each written in the engine's notation",
               "check a rulebook's example against the rules as the engine plays them"],
              ["провести бой через пять фаз и сказать, кто что решает в каждой",
               "читать партию как последовательность решений, каждое в нотации движка",
               "сверить пример из правил с правилами, как их играет движок"]),
        code('''import dictator_widget as dw

widget = dw.DictatorWidget(mission="training", seed=0, lang="en")
widget''', "nbval-ignore-output"),
        code('''# NBVAL_CHECK_OUTPUT
game = widget.game


def last(kind):
    """The latest log event of a kind (roll, strength, reroll, ...)."""
    return [e for e in game.log if e.kind == kind][-1]


print("initiative rolls:", [e.args["roll"] for e in game.log if e.kind == "initiative"],
      "| Player", game.current_player + 1, "to move:", game.decision)'''),
        *step("1. Initiative and the first move / Инициатива и первый ход",
              "You roll 6, your opponent rolls 4: the Templars take the initiative and move first. You play your "
              "second battalion (WASP, Orion, Knight) first, skip the standard maneuvers and use WASP's special "
              "action, **Turbo Jump**: the battalion flies three sectors and lands next to the third Synclith "
              "battalion.",
              "Вы бросаете кубик — 6, у соперника 4: Тамплиеры захватывают инициативу и ходят первыми. Первым "
              "ходит ваш второй отряд (WASP, Орион, Рыцарь): вы отказываетесь от стандартных маневров и "
              "применяете специальное действие WASP, «Турбопрыжок», — отряд перелетает на три сектора и встаёт "
              "рядом с третьим отрядом Синклита.",
              '''game.apply("A2 T01:turbo-jump e4")
a2, b3 = game.state.battalions["A2"].sector, game.state.battalions["B3"].sector
print(f"A2 on {a2}, B3 on {b3}: neighbours {game.board.has_edge(a2, b3)}")'''),
        *step("2. The battle: Condition Phase / Бой: Фаза Условий",
              "A2 attacks B3. You have no card for the Condition Phase; the Synclith leader uses the Snail's "
              "**Corrosion** (1 Energy). Its effect shows in the Strength Phase: your Knight is PAR-Infantry "
              "and adds no Strength in this battle — 2 against 4.",
              "A2 атакует B3. У вас нет карт для Фазы Условий; лидер Синклита применяет «Коррозию» Улитки "
              "(1 Энергия). Последствия видны в Фазе Силы: ваш Рыцарь — бронепехота и в этом бою не добавляет "
              "Силу отряду — 2 против 4.",
              '''game.apply("A2 attack B3")
print("decision:", game.decision, "| Player", game.current_player + 1, "(the defender) acts")
game.apply("C04:corrosion")
print("Strength:", last("strength").args, "| Energy:", game.state.energy)'''),
        *step("3. Strength Phase: Acceleration / Фаза Силы: «Форсаж»",
              "Despite the Corrosion the Knight can still act: **Acceleration** (1 Energy) adds 2 to your "
              "Strength. Collision: you roll 6, the opponent 4 — 10 against 8. (The rulebook prints 5 and 9 for "
              "the Synclith side; with the cards as printed their Strength is 4, so 8.)",
              "Несмотря на «Коррозию», Рыцарь всё ещё может действовать: «Форсаж» (1 Энергия) прибавляет "
              "отряду 2 Силы. Столкновение: у вас 6, у соперника 4 — 10 против 8. (В правилах у Синклита "
              "напечатано 5 и 9; по картам их Сила 4, значит 8.)",
              '''game.apply("T04:acceleration")
roll = last("roll").args
print("totals:", roll["attacker_total"], "against", roll["defender_total"], "| decision:", game.decision,
      "| Player", game.current_player + 1)'''),
        *step("4. Collision Phase: Bio-bugs / Фаза Столкновения: «Биобаги»",
              "The Synclith player activates the Infiltrator's **Bio-bugs** and makes you re-roll: this time a "
              "2, so 6 against 8. Synclith wins the battle. Bio-bugs costs no Energy.",
              "Игрок Синклита активирует «Биобаги» Инфильтратора и заставляет вас перебросить кубик: на этот "
              "раз 2, то есть 6 против 8. Синклит побеждает в бою. «Биобаги» не стоят Энергии.",
              '''game.apply("C08:bio-bugs")
print("re-roll:", last("reroll").args["roll"], "| battle won by Player", game.state.battle.winner + 1,
      "| decision:", game.decision)'''),
        *step("5. Damage Phase: Aimed Shot, Assimilation / Фаза Ущерба: «Прицельный выстрел», «Ассимиляция»",
              "You must damage one card of the losing battalion: you choose Orion. A damaged card keeps its "
              "Strength and actions: Orion spends 2 Energy on **Aimed Shot** and sends the Infiltrator to the "
              "Dump. Then the Genomorph **assimilates** the damaged Orion: Orion joins B3 in the Genomorph's "
              "place, and the Genomorph goes to the Dump.",
              "Вы обязаны повредить одну карту проигравшего отряда и выбираете Ориона. Повреждённая карта "
              "сохраняет Силу и действия: Орион тратит 2 Энергии на «Прицельный выстрел» и отправляет "
              "Инфильтратора в Отбой. Затем Геноморф «ассимилирует» повреждённого Ориона: Орион переходит в B3 "
              "на место Геноморфа, а Геноморф уходит в Отбой.",
              '''for notation in ["damage T10", "T10:aimed-shot C08", "C03:assimilation T10"]:
    game.apply(notation)
print("A2:", game.state.battalions["A2"].cards, "| B3:", game.state.battalions["B3"].cards,
      "| Dump:", game.state.dump, "| Energy:", game.state.energy)'''),
        *step("6. The exchange, and the end of your turn / Обмен и конец хода",
              "Your first and third battalions make the standard **Exchange**: Toloss and Cyrberus swap places. "
              "Both battalions have now acted: the turn passes to Synclith.",
              "Ваши первый и третий отряды совершают стандартный маневр «Обмен»: Толос и Кербер меняются "
              "местами. Оба отряда походили: ход переходит к Синклиту.",
              '''game.apply("A1 exchange A3 give T11 take T12")
print("A1:", game.state.battalions["A1"].cards, "| A3:", game.state.battalions["A3"].cards,
      "| turn", game.turn, "| Player", game.current_player + 1)'''),
        *step("7. Synclith attacks the eighth Guild / Синклит атакует восьмой Цех",
              "The first Synclith battalion (Argus, the Rider, Hoplone) moves one sector and attacks the Guild "
              "at e5 (Strength 3). Argus uses **Big Brother**; the Rider's **Control** adds the Strength of Argus: "
              "4 + 2 = 6. The dice: 3 for Synclith, 4 for the Guild — 9 against 7. The Guild is captured.",
              "Первый отряд Синклита (Аргус, Всадница, Гоплон) перемещается на один сектор и атакует Цех в e5 "
              "(Сила 3). Аргус применяет «Большого Брата»; «Управление» Всадницы прибавляет Силу Аргуса: "
              "4 + 2 = 6. Кубики: у Синклита 3, у Цеха 4 — 9 против 7. Цех захвачен.",
              '''for notation in ["B1 move f5", "B1 attack guild e5", "C10:big-brother", "C07:control C10", "pass"]:
    game.apply(notation)
roll = last("roll").args
print("totals:", roll["attacker_total"], "against", roll["defender_total"], "| Guild at e5 left:",
      "e5" in game.state.guilds, "| options:", sorted(str(a) for a in game.legal_actions()))'''),
        *step("8. A Hireling from the top three / Наёмник из трёх верхних",
              "Thanks to Big Brother, the Synclith leader chooses from the top three Hirelings and takes the "
              "**Minotaur**. A battalion holds at most three cards, so Hoplone goes to the Dump.",
              "Благодаря «Большому Брату» лидер Синклита выбирает из трёх верхних карт Наёмников и берёт "
              "**Минотавра**. В отряде не больше трёх карт, поэтому Гоплон уходит в Отбой.",
              '''game.apply("hire H01")
game.apply("discard C06")
print("B1:", [game.cards[c].name["en"] for c in game.state.battalions["B1"].cards])'''),
        *step("9. The first Guild, and Manta's Energy / Первый Цех и Энергия Манты",
              "The second battalion uses Shamir's **Hidden Paths** to reach the first Guild and attacks it: 4 + 3 "
              "= 7 against 3 + 3 = 6. Manta's **Siphon** moves the Energy counter one point; Synclith wins again "
              "and takes 1 Energy instead of a Hireling. Here the training mission ends.",
              "Второй отряд по «Тайным тропам» Шамира выходит к первому Цеху и атакует его: 4 + 3 = 7 против "
              "3 + 3 = 6. «Сифон» Манты сдвигает жетон Энергии на одно деление; Синклит снова побеждает и берёт "
              "единицу Энергии вместо Наёмника. На этом обучающая миссия завершена.",
              '''for notation in ["B2 C11:hidden-paths f2", "B2 attack guild e2", "C12:siphon", "energy"]:
    game.apply(notation)
print("Energy:", game.state.energy, "| Dump:", [game.cards[c].name["en"] for c in game.state.dump],
      "| decisions so far:", len(game.history))'''),
        md("## Where the rulebook leaves you / Где оставляют правила",
           "The game stands exactly as the rulebook tells it: the Templars have **3 Energy** (6, less 1 for "
           "Acceleration and 2 for the Aimed Shot), the Synclith **7** (6, less 1 for Corrosion, plus 1 from "
           "Manta's Siphon and 1 from the Guild), and the Dump holds the **Infiltrator, the Genomorph and "
           "Hoplone**. Play on in the widget above if you like. (`tests/test_missions.py` checks every step "
           "of this walkthrough.)",
           "*Игра стоит ровно так, как рассказывают правила: у Тамплиеров **3 Энергии** (6, минус 1 за "
           "«Форсаж» и 2 за «Прицельный выстрел»), у Синклита **7** (6, минус 1 за «Коррозию», плюс 1 от "
           "«Сифона» Манты и 1 за Цех), а в Отбое лежат **Инфильтратор, Геноморф и Гоплон**. Можно доиграть в "
           "виджете выше.*"),
        md("## Exercises / Упражнения",
           "1. Undo the Bio-bugs (`game.undo()` as many times as needed) and pass instead: who wins the battle "
           "now, and why?\n"
           "2. In each phase of the battle, who decided, and how many options did they have "
           "(`len(game.legal_actions())`)?\n"
           "3. Find the rule behind step 5's Assimilation in `docs/rulebook.md`.",
           "*1. Отмените «Биобаги» (`game.undo()` столько раз, сколько нужно) и спасуйте: кто теперь "
           "побеждает в бою и почему? 2. Кто решал в каждой фазе боя и сколько у него было вариантов? "
           "3. Найдите в `docs/rulebook.md` правило, по которому работает «Ассимиляция» шага 5.*",
           "<details><summary>Answers / Ответы</summary>\n\n1. The Templars: 10 against 8 stands, so the "
           "Synclith battalion loses and the Templars choose nothing — the loser damages a card. / *Тамплиеры: "
           "10 против 8 остаётся, отряд Синклита проигрывает.* 2. The attacker and the defender in turn in each "
           "Action Phase; the loser in the Damage Phase. / *В каждой Фазе Действия по очереди атакующий и "
           "обороняющийся; в Фазе Ущерба — проигравший.* 3. Search the page for «Ассимиляция». / *Ищите на "
           "странице «Ассимиляция».*\n\n</details>"),
        learns(["A battle is a chain of small decisions by both players: each is a place where a card can act, "
                "and where a rule must say who decides.",
                "Writing a game as decisions (notation) lets you replay, test and measure it.",
                "A rulebook's own example is a test: here one printed figure (5 and 9) disagrees with the cards."],
               ["Бой — это цепочка маленьких решений обоих игроков: в каждом может сработать карта, и в каждом "
                "правило должно сказать, кто решает.",
                "Запись игры как решений (нотация) позволяет её повторять, проверять и измерять.",
                "Пример из правил — это тест: здесь одно напечатанное число (5 и 9) расходится с картами."]),
    ])


# --------------------------------------------------------------------------------------------------

BUILD = {
    "01-play.ipynb": nb01, "02-training-mission.ipynb": nb02, "03-what-if-lab.ipynb": nb03,
    "04-design-a-card.ipynb": nb04, "05-house-rules.ipynb": nb05, "06-scenarios-and-odds.ipynb": nb06,
    "solutions/03-what-if-lab-solutions.ipynb": sol03, "solutions/04-design-a-card-solutions.ipynb": sol04,
    "solutions/05-house-rules-solutions.ipynb": sol05, "solutions/06-scenarios-and-odds-solutions.ipynb": sol06,
}


def run(path: Path) -> None:
    """Execute a notebook in its folder and store its outputs (no widget state: it would embed the bundle)."""
    from nbclient import NotebookClient

    nb = nbf.read(path, as_version=4)
    NotebookClient(nb, timeout=1200, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False).execute()
    nbf.write(nb, path)


def keep_outputs(nb: nbf.NotebookNode, path: Path) -> None:
    """Carry the stored outputs over to the code cells whose source is unchanged (a prose edit needs no run)."""
    if not path.exists():
        return
    stored = {c.source: c for c in nbf.read(path, as_version=4).cells if c.cell_type == "code"}
    for cell in nb.cells:
        old = stored.get(cell.source) if cell.cell_type == "code" else None
        if old is not None:
            cell.outputs, cell.execution_count = old.outputs, old.execution_count


def main(argv: list[str]) -> None:
    names = [a for a in argv if not a.startswith("--")] or list(BUILD)
    for name in names:
        path = NOTEBOOKS / name
        path.parent.mkdir(parents=True, exist_ok=True)
        nb = BUILD[name]()
        if "--run" not in argv:
            keep_outputs(nb, path)
        nbf.write(nb, path)
        if "--run" in argv:
            run(path)
        print("wrote", path.relative_to(ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
