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
# - put a class's own games beside the bots' (`dw.experiments.from_class`)
#
# *После этого урока вы умеете:*
# - *сыграть серию партий и прочитать её таблицу (`dw.simulate`)*
# - *по 95-процентному интервалу сказать, отличается ли доля от честной*
# - *сравнивать два набора правил по интервалу *разности*, а не по перекрытию интервалов*
# - *отличать действие самой карты (абляция) от действия её фракции*
# - *измерять удачу против умения и дугу партии (смены лидера, решённость, драматизм)*
# - *ставить партии своего класса рядом с партиями ботов (`dw.experiments.from_class`)*

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
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os

import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import findings, metrics, plots

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
N = 100 if FAST else 1000      # games per question: 1,000 Greedy games take about 10 s on two cores
BEFORE = findings.lesson_folder("../docs/balance/before", LANG)   # the shipped set, the Phagocyte at Strength 2
t = findings.translator(LANG)
say = findings.speaker(LANG)             # a finding in both languages ("en") or in Russian only

# %% [markdown]
# ## 1. Are the factions even? / Равны ли фракции?
#
# In the Standard mission the Templars always face the Synclith, each with a fixed army. We start from an **uneven
# set**, `docs/balance/before/`: the set we ship with one number changed — the Synclith's Phagocyte at Strength 2, as it
# was before the game was balanced, instead of 3 (`docs/balance/before-patch.toml`). Then we measure the set we ship.
# **Predict:** out of 100 games between two equally careful players that have a winner, how many do the Templars win
# with the weaker Phagocyte? Write a number.
#
# *В миссии «Стандарт» Тамплиеры всегда играют против Синклита, у каждого заданная армия. Начнём с **неровного
# набора** `docs/balance/before/`: это поставляемый набор, в котором изменено одно число — Сила Фагоцита Синклита 2,
# как было до балансировки игры, вместо 3 (`docs/balance/before-patch.toml`). Затем измерим поставляемый набор.
# **Прогноз:** из 100 партий двух одинаково осторожных игроков, где есть победитель, сколько выиграют Тамплиеры при
# слабом Фагоците? Запишите число.*
#
# **Measure.** One row per game; seats rotate, so each bot plays each side equally often. Draws (`mutual`) and games
# stopped by the turn cap are nobody's wins and are counted apart.
#
# *Одна строка на партию; места чередуются, так что каждый бот одинаково часто играет за каждую сторону. Ничьи
# (`mutual`) и партии, остановленные пределом ходов, никому не засчитываются.*

# %%
before = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, progress=False, cards=BEFORE)
findings.labels(metrics.outcomes(before).round(3), LANG)

# %%
def templars(df):
    """The Templars' wins and the decisive games (those with a winner)."""
    return int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


say(findings.share(*templars(before), what={"en": "The Templars' share of decisive games, before",
                                            "ru": "Доля Тамплиеров в решённых партиях, до"}))
ax = plots.win_rates(before, by="faction", decisive=True, lang=LANG)
ax.set_title(t("Before (Phagocyte at Strength 2): share of decisive games won per faction,\nGreedy v Greedy (95% CI)",
               "До (Фагоцит с Силой 2): доля побед в решённых партиях по фракциям,\nжадный против жадного (95% ДИ)"));

# %% [markdown]
# **Explain.** The interval is what the sample can tell: intervals made this way hold the Templars' true rate (for
# these bots) 95 times in 100. If 50% is outside it, the factions are not even — the answer
# to the question; the line above says which it is. Was your prediction inside the interval?
#
# *Интервал — это то, что может сказать выборка: интервалы, построенные так, накрывают истинную долю Тамплиеров (для
# этих ботов) в 95 случаях из 100. Если 50% вне интервала, фракции не равны — это и есть ответ
# на вопрос; строка выше говорит, какой он. Попал ли ваш прогноз в интервал?*
#
# **After.** The set we ship is the result of a balancing study (`docs/balance.md`: ablation, a tuner, then a
# designer's changes, each measured); it has the Phagocyte at Strength 3. The same seeds on the shipped set, and the
# difference with its own interval:
#
# ***После.** Поставляемый набор — итог исследования баланса (`docs/balance.md`: абляция, тюнер, затем правки
# дизайнера, каждая измерена); в нём у Фагоцита Сила 3. Те же зёрна на поставляемом наборе и разность со своим
# интервалом:*

# %%
careful = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, progress=False)
say(findings.share(*templars(careful), what={"en": "The Templars' share of decisive games, after",
                                             "ru": "Доля Тамплиеров в решённых партиях, после"}))
say(findings.rate({"en": "After less before", "ru": "После минус до"}, templars, before, careful))

# %% [markdown]
# ## 2. Does moving first matter? / Важен ли первый ход?
#
# The initiative roll (R11) decides who moves first. **Predict:** is moving first an advantage, a handicap, or neither?
#
# *Бросок на инициативу (R11) решает, кто ходит первым. **Прогноз:** первый ход — преимущество, помеха или ни то ни
# другое?*

# %%
fpa = metrics.first_player_advantage(careful)
say(findings.share(fpa["first_wins"], fpa["decisive"],
                   what={"en": "The first player's share of decisive games (shipped set)",
                         "ru": "Доля первого игрока в решённых партиях (поставляемый набор)"}))
ax = plots.win_rates(careful, by="first", decisive=True, lang=LANG)
ax.set_title(t("Who moved first, Greedy v Greedy (decisive games, 95% CI)",
               "Кто ходил первым, жадный против жадного (решённые партии, 95% ДИ)"));

# %% [markdown]
# **Explain.** Read it as in question 1: an interval wholly above 50% means an advantage; one that holds 50% means
# none large enough for this many games to show (not proof of none: the interval's ends say how large an edge could
# still hide in it). A designer who finds one can compensate (the
# second player starts with more Energy, say) — and must then measure again.
#
# *Читайте так же, как в вопросе 1: интервал целиком выше 50% — это преимущество; интервал, накрывающий 50%, —
# преимущества, заметного при таком числе партий, нет (но это не доказательство, что его нет вовсе: концы интервала
# говорят, какой перевес ещё может в нём прятаться). Дизайнер,
# нашедший его, может его уравновесить (например, второй игрок начинает с большей Энергией) — и должен измерить
# снова.*

# %% [markdown]
# ## 3. Which cards make the difference? / Какие карты решают?
#
# Back to the uneven set: which cards carry each side there? The win rate of players who *hold* a card mixes the card
# with its faction: in a set where the Templars win more, every Templar card looks strong. **Ablation** asks what the
# card itself does: the same games (same seeds, same dice) are played again with the card replaced by a blank of the
# same faction, type and Strength without actions, and its holder's results are compared game by game. **Predict:**
# which of these four adds most — the Knight's Acceleration, Gefestus's Reactor, the Snail's Corrosion, or the Leech's
# Drain?
#
# *Вернёмся к неровному набору: какие карты несут там каждую сторону? Доля побед игроков, у которых *есть* карта,
# смешивает карту с её фракцией: в наборе, где Тамплиеры чаще побеждают,
# каждая карта Тамплиеров выглядит сильной. **Абляция** спрашивает, что делает сама карта: те же партии (те же зёрна,
# те же кубики) играются снова, а карта заменена пустой той же фракции, типа и Силы, без действий; результаты её
# владельца сравниваются партия за партией. **Прогноз:** какая из четырёх карт даёт больше всего — «Форсаж» Рыцаря,
# «Реактор» Гефеста, «Коррозия» Улитки или «Высасывание» Пиявки?*

# %%
M = 20 if FAST else 300                   # paired games per card (each card costs one more batch)
impact = metrics.card_impact(before.head(M), cards=["T04", "T07", "C04", "C09"], progress=False)
for verdict in findings.impacts(impact, cards=BEFORE):     # each card's line, its name in each language
    say(verdict)
impact = findings.named(impact, LANG, cards=BEFORE)        # names in the lesson's language, for the table and plot
findings.labels(impact[["name", "faction", "games", "with_rate", "blank_rate", "impact", "lo", "hi"]].round(3), LANG)

# %%
ax = plots.ablation(impact, lang=LANG)
ax.set_title(t(f"Before (Phagocyte at Strength 2): what each card itself adds "
               f"({findings.count(M, 'paired game', 'en')}, "
               "95% CI)",
               f"До (Фагоцит с Силой 2): что даёт сама карта ({findings.count(M, 'paired game', 'ru')}, 95% ДИ)"));

# %% [markdown]
# **Explain.** A card whose interval sits on 0 adds nothing you can measure here (a *dead* card, or one these bots
# cannot use, or a sample too small: the interval's width says which); one whose interval lies away from 0 carries
# its faction. The red dashes mark ±10 points, the band the balancing study wanted every card inside. Compare with
# your prediction. (A blank keeps its card's Strength: ablation measures what a card's *actions* add, so the
# Phagocyte's missing point of Strength, the one change of this set, is not what it measures.)
# *Карта, чей интервал накрывает 0, не даёт ничего измеримого здесь («мёртвая» карта, карта, которой эти боты не
# умеют пользоваться, или слишком малая выборка — ширина интервала подскажет); карта, чей интервал лежит в стороне от
# 0, тянет свою фракцию. Красные штрихи — ±10 пунктов, полоса, в которой исследование баланса хотело видеть каждую
# карту. Сравните с прогнозом. (Пустая карта сохраняет Силу своей карты: абляция измеряет, что дают *действия*
# карты, так что недостающее очко Силы Фагоцита — единственное изменение этого набора — она не измеряет.)*

# %% [markdown]
# ## 4. How long is a game? / Сколько длится партия?
#
# **Predict:** how many turns does a typical game between careful players last?
#
# *Сколько ходов длится типичная партия осторожных игроков? Запишите прогноз.*

# %%
length = metrics.duration(careful)
findings.labels(length[["games", "turns_p50", "turns_mean", "turns_p90", "decisions_p50", "decisions_mean"]].round(1),
                LANG)

# %%
ax = plots.duration(careful, bins=40, lang=LANG)
median = careful["turns"].median()
ax.axvline(median, color="black", lw=1, ls="--", label=t(f"median {median:.0f} turns", f"медиана {median:.0f} ходов"))
ax.legend(title=t("end reason", "как закончилась"))
ax.set_xlabel(t("turns (one player's turn each)", "ходы (каждый — ход одного игрока)"))
ax.set_title(t("Game length, Greedy v Greedy", "Длина партии, жадный против жадного"));

# %%
df = careful                              # the replay lines below refer to this table by that name
odd = metrics.outliers(df, "turns")
ends = odd["end_reason"].value_counts()
say({lang: {"en": f"Outliers (beyond 1.5 interquartile ranges): {len(odd)}; by end reason: ",
            "ru": f"Выбросов (дальше 1,5 межквартильного размаха): {len(odd)}; по исходу: "}[lang]
     + ", ".join(f"{findings.word(end, lang)} {n}" for end, n in ends.items()) for lang in ("en", "ru")})
for i, row in odd.sort_values("turns", ascending=False).head(3).iterrows():
    print(f"dw.experiments.timeline(df.loc[{i}])  # {findings.word(row['end_reason'], LANG)}, "
          + findings.count(int(row["turns"]), "turn", LANG))
capped = df["end_reason"] == "turn-cap"
every, uncapped = metrics.mean_interval(df["turns"]), metrics.mean_interval(df.loc[~capped, "turns"])
say({lang: {"en": f"Turns a game: median {df['turns'].median():.0f}, mean "
                  f"{findings.interval(every['mean'], every['lo'], every['hi'], '.1f', lang)}; "
                  f"{capped.sum()} of {findings.count(len(df), 'game', 'en')} reached the 200-turn cap, and without "
                  "them the mean is "
                  f"{findings.interval(uncapped['mean'], uncapped['lo'], uncapped['hi'], '.1f', lang)}.",
            "ru": f"Ходов за партию: медиана {df['turns'].median():.0f}, среднее "
                  f"{findings.interval(every['mean'], every['lo'], every['hi'], '.1f', lang)}; "
                  f"{capped.sum()} из {findings.count(len(df), 'game:gen', 'ru')} "
                  f"{findings.plural(int(capped.sum()), ('дошла', 'дошли', 'дошли'))} до предела 200 ходов, без них "
                  "среднее "
                  f"{findings.interval(uncapped['mean'], uncapped['lo'], uncapped['hi'], '.1f', lang)}."}[lang]
     for lang in ("en", "ru")})

# %% [markdown]
# **Explain.** The median is the typical game; the mean is pulled above it by the long games — the few stopped by the
# 200-turn cap and the long tail of ordinary ones. The last line gives the mean with and without the capped games:
# the gap between the two is all that the capped games add to the mean (both are means of the same games, so read the
# gap, not whether the two intervals overlap); the rest of the distance from the median is the ordinary long games.
# The outliers are the games to name and replay (`dw.experiments.timeline(df.loc[...])`): do not let them speak for
# the typical game.
#
# *Медиана — типичная партия; среднее тянут вверх длинные партии — немногие, остановленные пределом 200 ходов, и
# длинный хвост обычных. Последняя строка даёт среднее с партиями у предела и без них: разрыв между ними — всё, что
# партии у предела добавляют к среднему (оба — средние одних и тех же партий, поэтому читайте разрыв, а не то,
# пересекаются ли интервалы); остальное расстояние от медианы — обычные длинные партии. Выбросы — партии, которые
# стоит назвать и пересмотреть (`dw.experiments.timeline(df.loc[...])`): не позволяйте им говорить за типичную партию.*

# %% [markdown]
# ## 5. Luck against skill / Удача против умения
#
# If skill decides, a careful player beats a careless one almost always; if luck decides, less often. The rulebook
# rolls a d6 in the Collision; the `d10_collision` variant rolls a d10 — more spread in every battle. **Predict:**
# with the d10, does the careful player win more often, less often, or as often? And does the Templars' share between
# equal players move away from where section 1 found it?
#
# *Если решает умение, осторожный игрок почти всегда обыгрывает беспечного; если удача — реже. По правилам в
# Столкновении бросают d6; вариант `d10_collision` бросает d10 — больше разброса в каждом бою. **Прогноз:** с d10
# осторожный игрок выигрывает чаще, реже или так же? А уходит ли доля Тамплиеров между равными игроками оттуда, где
# её нашёл раздел 1?*

# %%
L = 60 if FAST else 500
d6 = dw.simulate("standard", ["greedy", "random"], L, seed=2, progress=False, record=False)
d10 = dw.simulate("standard", ["greedy", "random"], L, seed=2, progress=False, record=False,
                  variants={"d10_collision": True})
careful_d10 = dw.simulate("standard", ["greedy", "greedy"], N, seed=1, progress=False, record=False,
                          variants={"d10_collision": True})

def greedy_wins(df):
    """Greedy's wins (agent 0) and all games."""
    return int(metrics.win_rates(df, "agent").loc[0, "wins"]), len(df)


rows = [findings.rate({"en": "Greedy beats Random (all games)", "ru": "Жадный побеждает случайного (все партии)"},
                      greedy_wins, d6, d10, names=("d6", "d10"), lang=LANG),
        findings.rate({"en": "Templars' share of decisive games, Greedy v Greedy",
                       "ru": "Доля Тамплиеров в решённых партиях, жадный против жадного"},
                      templars, careful, careful_d10, names=("d6", "d10"), lang=LANG)]
for row in rows:
    say(row)
findings.labels(pd.DataFrame(rows).set_index("measure")[["d6", "d10", "difference", "lo", "hi"]].round(3), LANG)

# %% [markdown]
# **Explain.** Read the interval of the *difference*: if it excludes 0, the die changed the rate (the lines above say
# so, or that this sample sees no change). A bigger die gives the weaker player more chances of an upset, so if luck
# matters, the skill gap shrinks; whether the factions' balance moves is a separate question with its own interval.
# Designers use luck knowingly: more of it makes a game kinder to beginners, and less rewarding to mastery.
#
# *Смотрите на интервал *разности*: если он не накрывает 0, кубик изменил долю (строки выше говорят это или то, что
# на этой выборке изменения не видно). Больший кубик даёт слабому игроку больше шансов на неожиданную победу, так что
# если удача важна, разрыв в умении сужается; сдвигается ли баланс фракций — отдельный вопрос со своим интервалом.
# Дизайнеры пользуются удачей сознательно: чем её больше, тем игра добрее к новичкам и тем меньше награждает
# мастерство.*

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
A = 30 if FAST else 300                    # games replayed (about 25 ms each)
arcs = metrics.arc(careful.head(A))
findings.labels(metrics.arc_summary(arcs).round(3), LANG)

# %%
most = arcs["drama"].idxmax()
arc = metrics.evaluations(careful.loc[most])
turns = range(1, len(arc) + 1)
fig, ax = plt.subplots(figsize=(7, 3))
ax.plot(turns, [a[0] for a in arc], label=t("Templars (Player 1)", "Тамплиеры (Игрок 1)"))
ax.plot(turns, [a[1] for a in arc], label=t("Synclith (Player 2)", "Синклит (Игрок 2)"))
ax.axhline(0.5, color="grey", lw=0.8, ls="--")
ax.set_ylim(0, 1)
ax.set_xlabel(t("turn (the last point: the end)", "ход (последняя точка — конец)"))
ax.set_ylabel(t("estimated chance of winning", "оценка шанса на победу"))
drama = findings.number(arcs.loc[most, "drama"], ".2f", LANG)
ax.set_title(t(f"The most dramatic of {A} games (game {most}): drama {drama}",
               f"Самая драматичная из {findings.count(A, 'game:gen', 'ru')} (партия {most}): драматизм {drama}"))
plots.localize(ax, LANG)
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
# ## 7. Your class against the bots / Ваш класс против ботов
#
# Everything above is bots. A class that plays on the class server (`dictator-serve`, `docs/classroom.md`) can put its
# own games beside them: the teacher's dashboard exports them, and `dw.experiments.from_class` reads the export into
# the same table as `dw.simulate`. The sample here (`data/class-sample.jsonl`) was made by a *scripted* class (eight
# "students" with three styles, `scripts/make_class_sample.py`): put your class's export in its place. **Predict:** do
# people leave the Templars' share where the bots do?
#
# *Всё выше — боты. Класс, играющий на сервере класса (`dictator-serve`, `docs/classroom.md`), может поставить рядом
# свои партии: панель преподавателя их выгружает, а `dw.experiments.from_class` читает выгрузку в ту же таблицу, что и
# `dw.simulate`. Образец здесь (`data/class-sample.jsonl`) сделан *сценарным* классом (восемь «студентов» трёх стилей,
# `scripts/make_class_sample.py`): подставьте выгрузку своего класса. **Прогноз:** оставляют ли люди долю Тамплиеров
# там же, где боты?*

# %%
CLASS = "data/class-sample.jsonl"      # your class's export from the teacher's dashboard
people = dw.experiments.from_class(CLASS)
caps = {name: (int(df["turn_cap"].iloc[0]), int((df["end_reason"] == "turn-cap").sum()), len(df))
        for name, df in (("class", people), ("bots", careful))}
(cap, k, n), (bot_cap, bot_k, bot_n) = caps["class"], caps["bots"]
if cap == bot_cap:
    say({"en": f"Like with like: both played to a {cap}-turn cap; {k} of {findings.count(n, 'game', 'en')} of the "
               f"class reached it, {bot_k} of the bots' {findings.count(bot_n, 'game', 'en')}. Only decisive games "
               "count in the shares below.",
         "ru": f"Сравнимо: обе стороны играли до предела {findings.count(cap, 'turn:gen', 'ru')}; у класса до него "
               f"{findings.plural(k, ('дошла', 'дошли', 'дошли'))} {k} из {findings.count(n, 'game:gen', 'ru')}, "
               f"у ботов — {bot_k} из {findings.number(bot_n, ',d', 'ru')}. В доли ниже входят только решённые "
               "партии."})
else:
    say({"en": f"Not like with like: the class played to a {cap}-turn cap, the bots to {bot_cap}; compare only what "
               "the shorter cap allows.",
         "ru": f"Несравнимо: класс играл до предела {findings.count(cap, 'turn:gen', 'ru')}, боты — до {bot_cap}; "
               "сравнивайте только то, что допускает меньший предел."})
say(findings.share(*templars(people), what={"en": "The class: the Templars' share of decisive games",
                                            "ru": "Класс: доля Тамплиеров в решённых партиях"}))
say(findings.rate({"en": "The class less the bots (Templars' share)",
                   "ru": "Класс минус боты (доля Тамплиеров)"}, templars, careful, people))
say(findings.means({"en": "Decisions a game, the class less the bots", "ru": "Решений за партию, класс минус "
                    "боты"}, careful["decisions"], people["decisions"],
                   names=({"en": "the bots' decisions a game", "ru": "решений за партию у ботов"},
                          {"en": "the class's", "ru": "у класса"}), spec="+.0f"))

# %% [markdown]
# **Explain.** A class's few dozen games leave a wide interval: read whether it can tell the class from the bots at
# all. Where it can, the difference is the finding the bots could not give — how people play this game.
#
# *Несколько десятков партий класса оставляют широкий интервал: прочитайте, может ли он вообще отличить класс от
# ботов. Где может, разность — это находка, которую боты дать не могли: как в эту игру играют люди.*

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Careless players.** Does moving first matter between two `RandomAgent`s? Predict, then measure with 200 games
#    (Random games are long: about 3 s per 100).
# 2. **The Synclith's best card.** On the uneven set (`BEFORE`), ablate all nine Synclith cards (`C01`…`C09`) on
#    100 games. Which would you strengthen to even the factions, and which is dead?
# 3. **Luck and the arc.** Does the d10 make games more dramatic? Play the same seeds with and without
#    `d10_collision` and compare each measure of `arc_summary` by its paired difference, game by game
#    (`findings.compare`), with its interval.
#
# *1. **Беспечные игроки.** Важен ли первый ход между двумя `RandomAgent`? Сделайте прогноз и измерьте на 200 партиях.
# 2. **Лучшая карта Синклита.** На неровном наборе (`BEFORE`) проведите абляцию всех девяти карт Синклита
# (`C01`…`C09`) на 100 партиях. Какую вы бы
# усилили, чтобы уравнять фракции, и какая мертва? 3. **Удача и дуга.** Делает ли d10 партии драматичнее? Сыграйте
# одни и те же зёрна с `d10_collision` и без и сравните каждую меру `arc_summary` по парной разности, партия к партии
# (`findings.compare`), с её интервалом.*
#
# Answers: `solutions/03-what-if-lab-solutions.ipynb`. / *Ответы: `solutions/03-what-if-lab-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - One number can tip a game: the two sets of question 1 differ by one point of Strength on one card. Only a sample
#   whose interval leaves the fair share out shows an edge; one whose interval holds it shows none *this sample can
#   see*, and its ends say how large an edge could still hide.
# - Compare rule sets by the interval of the difference, on the same seeds.
# - A card's worth is what it adds against a blank in the same games, not how often its holders win.
# - Medians describe the typical game; name the outliers and replay them.
# - Luck may narrow the gap of skill, move the balance, or do neither: choose how much of it you want, and measure
#   what it moves, each with its own interval.
# - Bots are a fast first reader of a rule set; people decide whether it is fun.
#
# - *Одно число может перекосить игру: два набора вопроса 1 различаются одним очком Силы одной карты. Перевес видно
#   только на выборке, где интервал не накрывает честную долю; если накрывает — перевеса, *видимого на этой выборке*,
#   нет, а концы интервала говорят, какой перевес ещё может в нём прятаться.*
# - *Сравнивайте наборы правил по интервалу разности, на одних и тех же зёрнах.*
# - *Ценность карты — то, что она даёт против пустой карты в тех же партиях, а не то, как часто выигрывают её
#   владельцы.*
# - *Медиана описывает типичную партию; выбросы назовите и пересмотрите.*
# - *Удача может сужать разрыв в умении, сдвигать баланс или ни то ни другое: решите, сколько её вам нужно, и
#   измерьте, что она сдвигает, — каждое со своим интервалом.*
# - *Боты — быстрый первый читатель правил; интересно ли играть, решают люди.*
