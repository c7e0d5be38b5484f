# %% [markdown]
# # What-if lab: is the game fair? / Лаборатория «что если»: честна ли игра?
#
# A study in one lesson: play many games between bots, put them in a table, and answer three questions a designer asks
# of any two-sided game: **are the sides even, does moving first matter, and how much do luck and skill decide?** Then
# read the story of a game: who led, when it was decided, how often it turned.
#
# *Исследование за один урок: сыграть много партий между ботами, свести их в таблицу и ответить на три вопроса,
# которые дизайнер задаёт любой игре двух сторон: **равны ли стороны, важен ли первый ход, насколько исход решают
# удача и умение?** Затем прочитать историю партии: кто вёл, когда всё решилось, сколько раз лидер менялся.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - run a batch of games and read its table (`dw.simulate`)
# - say whether a rate differs from a fair share, from its 95% interval
# - compare two rule sets by the interval of their *difference*, not by overlapping intervals
# - tell a card's own effect (ablation) from its faction's
# - measure luck against skill, and a game's arc (lead changes, decisiveness, drama)
#
# *После этого урока вы умеете:*
# - *сыграть серию партий и прочитать её таблицу (`dw.simulate`)*
# - *по 95-процентному интервалу сказать, отличается ли доля от честной*
# - *сравнивать два набора правил по интервалу *разности*, а не по перекрытию интервалов*
# - *отличать действие самой карты (абляция) от действия её фракции*
# - *измерять удачу против умения и дугу партии (смены лидера, решённость, драматизм)*

# %% [markdown]
# **How to work / Как работать.** Each question has three steps: **Predict** (write your guess down before running
# anything), **Measure** (run the cells), **Explain** (compare with your guess). Exercises are at the end; their
# answers are in `solutions/03-what-if-lab-solutions.ipynb`.
#
# *У каждого вопроса три шага: **Прогноз** (запишите догадку, прежде чем что-то запускать), **Измерение** (выполните
# ячейки), **Объяснение** (сравните с прогнозом). Упражнения — в конце, ответы — в
# `solutions/03-what-if-lab-solutions.ipynb`.*
#
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %%
import os

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import metrics, plots

N = 200 if FAST else 1000      # games per question: 1,000 Greedy games take about 10 s on two cores

# %% [markdown]
# ## 1. Are the factions even? / Равны ли фракции?
#
# In the Standard mission the Templars always face the Synclith, each with a fixed army. **Predict:** out of 100 games
# between two equally careful players that have a winner, how many do the Templars win? Write a number.
#
# *В миссии «Стандарт» Тамплиеры всегда играют против Синклита, у каждого заданная армия. **Прогноз:** из 100 партий
# двух одинаково осторожных игроков, где есть победитель, сколько выиграют Тамплиеры? Запишите число.*
#
# **Measure.** One row per game; seats rotate, so each bot plays each side equally often. Draws (`mutual`) and games
# stopped by the turn cap are nobody's wins and are counted apart.
#
# *Одна строка на партию; места чередуются, так что каждый бот одинаково часто играет за каждую сторону. Ничьи
# (`mutual`) и партии, остановленные пределом ходов, никому не засчитываются.*

# %%
careful = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, progress=False)
metrics.outcomes(careful).round(3)

# %%
factions = metrics.win_rates(careful, "faction")
t = factions.loc["templars"]
print(f"Templars win {int(t['wins'])} of {int(t['decisive'])} decisive games: {t['decisive_rate']:.0%} "
      f"(95% interval {t['decisive_lo']:.0%} to {t['decisive_hi']:.0%}).")
print("Even: the interval holds 50%." if t["decisive_lo"] <= 0.5 <= t["decisive_hi"]
      else "Not even: the whole interval lies on one side of 50%.")
ax = plots.win_rates(careful, by="faction", decisive=True)
ax.set_title("Win rate per faction, Greedy v Greedy (decisive games, 95% CI)");

# %% [markdown]
# **Explain.** The interval is what the sample can tell: with this many games, the Templars' true rate (for these
# bots) lies in it 95 times in 100. If 50% is outside it, the factions are not even — the answer to the question. Was
# your prediction inside the interval?
#
# *Интервал — это то, что может сказать выборка: при таком числе партий истинная доля Тамплиеров (для этих ботов)
# лежит в нём в 95 случаях из 100. Если 50% вне интервала, фракции не равны — это и есть ответ на вопрос. Попал ли ваш
# прогноз в интервал?*

# %% [markdown]
# ## 2. Does moving first matter? / Важен ли первый ход?
#
# The initiative roll (R11) decides who moves first. **Predict:** is moving first an advantage, a handicap, or neither?
#
# *Бросок на инициативу (R11) решает, кто ходит первым. **Прогноз:** первый ход — преимущество, помеха или ни то ни
# другое?*

# %%
fpa = metrics.first_player_advantage(careful)
print(f"The player who moved first won {fpa['first_wins']} of {fpa['decisive']} decisive games: {fpa['rate']:.0%} "
      f"(95% interval {fpa['lo']:.0%} to {fpa['hi']:.0%}); a fair share is 50%.")
print("No advantage this sample can see: the interval holds 50%." if fpa["lo"] <= 0.5 <= fpa["hi"]
      else "An advantage: the whole interval lies on one side of 50%.")
ax = plots.win_rates(careful, by="first", decisive=True)
ax.set_title("Who moved first, Greedy v Greedy (decisive games, 95% CI)");

# %% [markdown]
# **Explain.** Read it as in question 1: an interval wholly above 50% means an advantage; one that holds 50% means
# none large enough for this many games to show (not proof of none). A designer who finds one can compensate (the
# second player starts with more Energy, say) — and must then measure again.
#
# *Читайте так же, как в вопросе 1: интервал целиком выше 50% — это преимущество; интервал, накрывающий 50%, —
# преимущества, заметного при таком числе партий, нет (но это не доказательство, что его нет вовсе). Дизайнер,
# нашедший его, может его уравновесить (например, второй игрок начинает с большей Энергией) — и должен измерить
# снова.*

# %% [markdown]
# ## 3. Which cards make the difference? / Какие карты решают?
#
# The win rate of players who *hold* a card mixes the card with its faction: in a set where the Templars win more,
# every Templar card looks strong. **Ablation** asks what the card itself does: the same games (same seeds, same dice)
# are played again with the card replaced by a blank of the same faction, type and Strength without actions, and its
# holder's results are compared game by game. **Predict:** which of these four adds most — the Knight's Acceleration,
# Gefestus's Reactor, the Snail's Corrosion, or the Leech's Drain?
#
# *Доля побед игроков, у которых *есть* карта, смешивает карту с её фракцией: в наборе, где Тамплиеры чаще побеждают,
# каждая карта Тамплиеров выглядит сильной. **Абляция** спрашивает, что делает сама карта: те же партии (те же зёрна,
# те же кубики) играются снова, а карта заменена пустой той же фракции, типа и Силы, без действий; результаты её
# владельца сравниваются партия за партией. **Прогноз:** какая из четырёх карт даёт больше всего — «Форсаж» Рыцаря,
# «Реактор» Гефеста, «Коррозия» Улитки или «Высасывание» Пиявки?*

# %%
M = 40 if FAST else 300                   # paired games per card (each card costs one more batch)
impact = metrics.card_impact(careful.head(M), cards=["T04", "T07", "C04", "C09"], progress=False)
impact[["name", "faction", "games", "with_rate", "blank_rate", "impact", "lo", "hi"]].round(3)

# %%
fig, ax = plt.subplots(figsize=(7, 2.8))
y = list(range(len(impact)))
ax.errorbar(impact["impact"], y, xerr=[impact["impact"] - impact["lo"], impact["hi"] - impact["impact"]],
            fmt="o", capsize=4)
ax.axvline(0, color="grey", lw=0.8, ls="--")
ax.set_yticks(y, [f"{n} ({f})" for n, f in zip(impact["name"], impact["faction"], strict=False)])
ax.invert_yaxis()
ax.set_xlabel("holder's win rate: with the card less with a blank")
ax.set_title(f"What each card itself adds ({M} paired games, 95% bootstrap CI)");

# %% [markdown]
# **Explain.** A card whose interval sits on 0 adds nothing you can measure here (a *dead* card, or one these bots
# cannot use); one far from 0 carries its faction. Compare with your prediction.
#
# *Карта, чей интервал накрывает 0, не даёт ничего измеримого здесь («мёртвая» карта или та, которой эти боты не умеют
# пользоваться); карта далеко от 0 тянет свою фракцию. Сравните с прогнозом.*

# %% [markdown]
# ## 4. How long is a game? / Сколько длится партия?
#
# **Predict:** how many turns does a typical game between careful players last?
#
# *Сколько ходов длится типичная партия осторожных игроков? Запишите прогноз.*

# %%
length = metrics.duration(careful)
length[["games", "turns_p50", "turns_mean", "turns_p90", "decisions_p50", "decisions_mean"]].round(1)

# %%
ax = plots.duration(careful, bins=40)
median = careful["turns"].median()
ax.axvline(median, color="black", lw=1, ls="--", label=f"median {median:.0f} turns")
ax.legend(title="end reason")
ax.set_xlabel("turns (one player's turn each)")
ax.set_title("Game length, Greedy v Greedy");

# %%
df = careful                              # the replay lines below refer to this table by that name
odd = metrics.outliers(df, "turns")
print(f"{len(odd)} outliers, by end reason: {odd['end_reason'].value_counts().to_dict()}")
print("\n".join(odd.sort_values("turns", ascending=False)["replay"].head(3)))

# %% [markdown]
# **Explain.** The median is the typical game; the mean is pulled up by a few games that hit the 200-turn cap — two
# bots circling without attacking. Those are outliers: name them, replay one (`dw.experiments.timeline(df.loc[...])`),
# and do not let them speak for the typical game.
#
# *Медиана — типичная партия; среднее тянут вверх несколько партий, упёршихся в предел 200 ходов, — два бота кружат,
# не атакуя. Это выбросы: назовите их, пересмотрите одну (`dw.experiments.timeline(df.loc[...])`) и не позволяйте им
# говорить за типичную партию.*

# %% [markdown]
# ## 5. Luck against skill / Удача против умения
#
# If skill decides, a careful player beats a careless one almost always; if luck decides, less often. The rulebook
# rolls a d6 in the Collision; the `d10_collision` variant rolls a d10 — more spread in every battle. **Predict:**
# with the d10, does the careful player win more often, less often, or as often? And does the Templars' edge between
# equal players grow or shrink?
#
# *Если решает умение, осторожный игрок почти всегда обыгрывает беспечного; если удача — реже. По правилам в
# Столкновении бросают d6; вариант `d10_collision` бросает d10 — больше разброса в каждом бою. **Прогноз:** с d10
# осторожный игрок выигрывает чаще, реже или так же? А перевес Тамплиеров между равными игроками растёт или падает?*

# %%
L = 200 if FAST else 500
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
pd.DataFrame(rows).T

# %% [markdown]
# **Explain.** Read the interval of the *difference*: if it excludes 0, the die changed the rate. A bigger die gives
# the weaker player more upsets, so the skill gap shrinks. The factions' balance moves too, but luck can push it
# either way — it changes which cards and battles matter. Designers use luck knowingly: more of it makes a game kinder
# to beginners, and less rewarding to mastery.
#
# *Смотрите на интервал *разности*: если он не накрывает 0, кубик изменил долю. Больший кубик даёт слабому игроку
# больше неожиданных побед, поэтому разрыв в умении сужается. Баланс фракций тоже сдвигается, но удача может толкнуть
# его в любую сторону — она меняет, какие карты и бои важны. Дизайнеры пользуются удачей сознательно: чем её больше,
# тем игра добрее к новичкам и тем меньше награждает мастерство.*

# %% [markdown]
# ## 6. Reading a game's arc / Дуга партии
#
# Ludii, a general game system, measures a game's story from an evaluation of every position: **lead changes** (the
# share of turns at which the leader changes), **decisiveness** (how far into the game the winner first rose above
# every value the loser ever reached: near 0, decided at once; 1, open to the end) and **drama** (how far behind the
# eventual winner was, on average, while behind). Here the evaluation is the bots' learned estimate of each player's
# chance of winning at the start of every turn. **Predict:** is this a game of comebacks or of early leads?
#
# *Ludii, универсальная система настольных игр, измеряет историю партии по оценке каждой позиции: **смены лидера**
# (доля ходов, на которых лидер меняется), **решённость** (в какой момент партии победитель впервые поднялся выше
# всего, чего когда-либо достигал проигравший: около 0 — решено сразу, 1 — открыто до конца) и **драматизм**
# (насколько в среднем отставал будущий победитель, пока отставал). Оценка здесь — выученная ботами вероятность победы
# каждого игрока в начале каждого хода. **Прогноз:** это игра камбэков или ранних лидеров?*

# %%
A = 60 if FAST else 300                    # games replayed (about 25 ms each)
arcs = metrics.arc(careful.head(A))
metrics.arc_summary(arcs).round(3)

# %%
most = arcs["drama"].idxmax()
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
ax.legend();

# %% [markdown]
# **Explain.** Low lead changes with low decisiveness mean the early leader usually wins and the rest of the game
# confirms it; high drama means comebacks happen. Which did you predict? The evaluation is an estimate that sees every
# card, so the arc is an onlooker's, not a player's.
#
# *Мало смен лидера и низкая решённость значат, что обычно побеждает тот, кто рано вышел вперёд, а остаток партии это
# лишь подтверждает; высокий драматизм — камбэки случаются. Что вы предсказали? Оценка видит все карты, поэтому дуга —
# взгляд зрителя, а не игрока.*

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Careless players.** Does moving first matter between two `RandomAgent`s? Predict, then measure with 200 games
#    (Random games are long: about 3 s per 100).
# 2. **The Synclith's best card.** Ablate all nine Synclith cards (`C01`…`C09`) on 100 games. Which would you
#    strengthen to even the factions, and which is dead?
# 3. **Luck and the arc.** Does the d10 make games more dramatic? Compare `arc_summary` with and without
#    `d10_collision` (the difference of means and your judgement of the intervals).
#
# *1. **Беспечные игроки.** Важен ли первый ход между двумя `RandomAgent`? Сделайте прогноз и измерьте на 200 партиях.
# 2. **Лучшая карта Синклита.** Проведите абляцию всех девяти карт Синклита (`C01`…`C09`) на 100 партиях. Какую вы бы
# усилили, чтобы уравнять фракции, и какая мертва? 3. **Удача и дуга.** Делает ли d10 партии драматичнее? Сравните
# `arc_summary` с `d10_collision` и без.*
#
# Answers: `solutions/03-what-if-lab-solutions.ipynb`. / *Ответы: `solutions/03-what-if-lab-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - A fair-looking game can hide a lasting edge (a faction, the first move); only a sample large enough for its
#   interval to exclude the fair share shows it.
# - Compare rule sets by the interval of the difference, on the same seeds.
# - A card's worth is what it adds against a blank in the same games, not how often its holders win.
# - Medians describe the typical game; name the outliers and replay them.
# - Luck narrows the gap of skill and moves the balance, either way: choose how much of it you want, and measure what
#   it moves.
# - Bots are a fast first reader of a rule set; people decide whether it is fun.
#
# - *Честная на вид игра может скрывать устойчивый перевес (фракции, первого хода); его видно только на выборке, где
#   интервал не накрывает честную долю.*
# - *Сравнивайте наборы правил по интервалу разности, на одних и тех же зёрнах.*
# - *Ценность карты — то, что она даёт против пустой карты в тех же партиях, а не то, как часто выигрывают её
#   владельцы.*
# - *Медиана описывает типичную партию; выбросы назовите и пересмотрите.*
# - *Удача сужает разрыв в умении и сдвигает баланс в любую сторону: решите, сколько её вам нужно, и измерьте, что она
#   сдвигает.*
# - *Боты — быстрый первый читатель правил; интересно ли играть, решают люди.*
