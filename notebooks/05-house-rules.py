# %% [markdown]
# # House rules: what does a rule change cost? / Домашние правила: чего стоит изменение правил?
#
# A class picks a rule variant, predicts what it changes, and measures it against the rulebook on the same seeds: what
# it does (win rates, Guild battles), and what it costs (decisions, minutes, words of rules to learn).
#
# *Класс выбирает вариант правил, предсказывает, что он изменит, и измеряет его против правил из книги на тех же
# зёрнах: что он делает (доли побед, бои за Цеха) и чего стоит (решения, минуты, слова правил, которые нужно
# выучить).*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - state a prediction that a table can check
# - compare a variant with the baseline by the interval of the difference
# - count a rule's cost in decisions and minutes, and see why turns can mislead
#
# *После этого урока вы умеете:*
# - *сформулировать прогноз, который можно проверить по таблице*
# - *сравнить вариант с базовыми правилами по интервалу разности*
# - *посчитать цену правила в решениях и минутах и понять, почему ходы могут обмануть*

# %% [markdown]
# *The numbers below come from bots (GreedyAgent, RandomAgent), not from people: they say what the rules allow careful
# or careless players to do, and a class should check them against its own games.* / *Числа ниже получены ботами, а не
# людьми: они показывают, что правила позволяют осторожным или беспечным игрокам, и классу стоит сверить их со своими
# партиями.*

# %% [markdown]
# ## 1. The variants / Варианты

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os

import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.experiments import findings, metrics, plots

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
t = findings.translator(LANG)
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages a finding is printed in

N = 60 if FAST else 1000      # games per rule set: 1,000 Greedy games take about 10 s on two cores
pd.set_option("display.max_colwidth", 100)
pd.DataFrame([{t("variant", "вариант"): v.key, t("from", "откуда"): v.source, t("name", "название"): v.name[LANG],
               t("rule", "правило"): v.text[LANG]} for v in dw.variants().values()]).set_index(t("variant", "вариант"))

# %% [markdown]
# ## 2. Pick one and predict / Выберите и предскажите
#
# Our pick: **siege tokens** (from *Dark Agent*; the rule is printed below). **Predict**, and write down before you
# measure — each as "more", "fewer" or "no change":
# 1. Guild battles per game.
# 2. The Templars' share of decisive games.
# 3. Decisions per game.
#
# *Наш выбор — **жетоны осады** (из «Тёмного агента»; правило напечатано ниже). **Прогноз** — запишите до измерения,
# каждый как «больше», «меньше» или «без изменений»: 1. Боёв за Цеха за партию. 2. Доля Тамплиеров среди решённых
# партий. 3. Решений за партию.*

# %%
VARIANT = {"siege_tokens": True}
for lang in SHOW:
    print(dw.variants()["siege_tokens"].text[lang])

# %% [markdown]
# ## 3. Measure / Измерение
#
# Greedy against Greedy, the same seeds for both rule sets (so the same dice while play does not diverge), seats
# rotating.
#
# *Жадный бот против жадного, одни и те же зёрна для обоих наборов правил (те же кубики, пока игра не разошлась),
# места чередуются.*

# %%
baseline = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False)
variant = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, variants=VARIANT, progress=False)
for df in (baseline, variant):
    df["guild_battles"] = df["record"].str.count("attack guild")
everything = (baseline["guilds_taken"] == 8).mean()
mostly = everything >= 0.9        # then how many Guilds fall can hardly show a rule about Guild assaults
say = {"en": f"All eight Guilds fell in {everything:.0%} of the baseline's games"
             + (": so how many fall can hardly show the rule; count Guild battles instead." if mostly else "."),
       "ru": f"Все восемь Цехов пали в {findings.number(everything, '.0%', 'ru')} партий базовых правил"
             + (": по числу взятых Цехов правило вряд ли видно, считайте бои за Цеха." if mostly else ".")}
for lang in SHOW:
    print(say[lang])

def templars(df):
    """The Templars' wins and the decisive games."""
    return int(metrics.win_rates(df, "faction").loc["templars", "wins"]), int(df["winner"].notna().sum())


def first(df):
    """The first player's wins and the decisive games."""
    fpa = metrics.first_player_advantage(df)
    return fpa["first_wins"], fpa["decisive"]


names = (t("baseline", "базовые"), t("siege tokens", "жетоны осады"))
rows = [findings.compare({"en": "Guild battles per game", "ru": "Боёв за Цеха за партию"},
                         baseline["guild_battles"], variant["guild_battles"], names, LANG),
        findings.rate({"en": "Templars' share of decisive games", "ru": "Доля Тамплиеров в решённых партиях"},
                      templars, baseline, variant, names, LANG),
        findings.rate({"en": "First player's share of decisive games", "ru": "Доля первого игрока в решённых партиях"},
                      first, baseline, variant, names, LANG),
        findings.compare({"en": "Decisions per game", "ru": "Решений за партию"},
                         baseline["decisions"], variant["decisions"], names, LANG),
        findings.compare({"en": "Turns per game", "ru": "Ходов за партию"}, baseline["turns"], variant["turns"],
                         names, LANG)]
for lang in SHOW:
    for row in rows:
        print(row[lang])
table = pd.DataFrame(rows).set_index("measure")
findings.table(table[[*names, "difference", "lo", "hi"]], LANG)

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 3.2), gridspec_kw={"width_ratios": [1, 1]})
for ax, part, unit in [(axes[0], table.iloc[[1, 2]], t("share of decisive games", "доля решённых партий")),
                       (axes[1], table.iloc[[0, 3, 4]], t("per game", "за партию"))]:
    y = list(range(len(part)))
    ax.errorbar(part["difference"], y, xerr=[part["difference"] - part["lo"], part["hi"] - part["difference"]],
                fmt="o", capsize=4, color="#4a7fb0")
    ax.axvline(0, color="grey", lw=0.8, ls="--")
    ax.set_yticks(y, list(part.index))
    ax.invert_yaxis()
    ax.set_xlabel(t(f"siege tokens less baseline, {unit}", f"жетоны осады минус базовые, {unit}"))
    plots.localize(ax, LANG, "x")
seeds = findings.number(N, ",d", LANG)
fig.suptitle(t(f"What siege tokens change on the same {seeds} seeds (95% CI): shares unpaired (Newcombe), "
               "per-game measures paired",
               f"Что меняют жетоны осады на одних и тех же {seeds} зёрнах (95% ДИ): доли — непарные (Ньюкомб), "
               "меры за партию — парные"))
fig.tight_layout()

# %% [markdown]
# **Explain.** Read the *difference* column and its interval: an interval that excludes 0 is a change the sample can
# see; one that holds 0 is not evidence of no change, only of a change too small for this many games. Two side-by-side
# intervals that overlap can still hide a real difference — that is why the difference gets its own. Which of your
# three predictions held, and how large is the change that held?
#
# *Смотрите на столбец *разности* и его интервал: интервал без 0 — изменение, которое выборка видит; интервал с 0 — не
# доказательство того, что изменений нет, а лишь того, что они слишком малы для такого числа партий. Два
# перекрывающихся интервала рядом могут скрывать настоящую разницу — поэтому у разности свой интервал. Какие из трёх
# прогнозов подтвердились и насколько велико подтвердившееся изменение?*

# %% [markdown]
# ## 4. What a rule costs / Чего стоит правило
#
# Win rates are not the only effect of a rule: a rule also costs time at the table and effort to learn. **Alternating
# activation** makes each player move one battalion at a time: **predict** its effect on the number of turns and on the
# number of decisions — and which of the two tells how long people will play.
#
# *Доли побед — не единственное следствие правила: правило стоит времени за столом и усилий на изучение.
# **Поочерёдная активация** заставляет игроков ходить по одному отряду по очереди: **предскажите**, как она изменит
# число ходов и число решений — и какое из двух говорит, сколько люди будут играть.*

# %%
SECONDS_PER_DECISION = findings.SECONDS_PER_DECISION   # lesson 01's figure: put your class's median from 01
alternating = dw.simulate("standard", ["greedy", "greedy"], N, seed=11, progress=False, record=False,
                          variants={"alternating_activation": True})
cost = {}
for name, df, rule in [(names[0], baseline, ""), (names[1], variant, "siege_tokens"),
                       (t("alternating activation", "поочерёдная активация"), alternating, "alternating_activation")]:
    cost[name] = {t("turns (median)", "ходы (медиана)"): df["turns"].median(),
                  t("decisions (median)", "решения (медиана)"): df["decisions"].median(),
                  t("minutes (median)", "минуты (медиана)"):
                      round(df["decisions"].median() * SECONDS_PER_DECISION / 60),
                  t("decisions (90th percentile)", "решения (90-й процентиль)"): df["decisions"].quantile(0.9),
                  **{t(f"words of rules added ({text_en} text)", f"слов правил добавляется ({text_ru} текст)"):
                     len(dw.variants()[rule].text[code].split()) if rule else 0
                     for code, text_en, text_ru in (("en", "English", "английский"), ("ru", "Russian", "русский"))}}
decisions = findings.compare({"en": "alternating activation: decisions per game",
                              "ru": "поочерёдная активация: решений за партию"},
                             baseline["decisions"], alternating["decisions"])
turns = findings.compare({"en": "alternating activation: turns per game",
                          "ru": "поочерёдная активация: ходов за партию"}, baseline["turns"], alternating["turns"])
for lang in SHOW:
    print(decisions[lang])
    print(turns[lang])
findings.table(pd.DataFrame.from_dict(cost, orient="index"), LANG, 1)

# %% [markdown]
# **Explain.** With alternating activation one "turn" holds both players' activations, one battalion each in
# alternation, where the rulebook's turn is one player's. What that does to the count of turns and of decisions, from
# the two lines above:
#
# ***Объяснение.** С поочерёдной активацией один «ход» вмещает активации обоих игроков, по одному отряду по очереди, а
# в правилах ход — это ход одного игрока. Что это делает с числом ходов и решений — по двум строкам выше:*

# %%
shrink = turns["difference"] / baseline["turns"].mean()
words = {"en": {"down": f"Turns fall by {-shrink:.0%}: a turn now holds both players' moves, so the count of turns "
                        "is no longer comparable with the rulebook's.",
                "up": "Turns rise, though a turn now holds both players' moves: look at a game to see why.",
                "none": "Turns do not change measurably here."},
         "ru": {"down": f"Ходов меньше на {findings.number(-shrink, '.0%', 'ru')}: ход теперь вмещает ходы обоих "
                        "игроков, и число ходов уже не сравнить с правилами из книги.",
                "up": "Ходов больше, хотя ход теперь вмещает ходы обоих игроков: посмотрите партию, чтобы понять "
                      "почему.",
                "none": "Число ходов здесь заметно не меняется."}}
cut = -decisions["difference"] / baseline["decisions"].mean()
time = {"en": {"down": f"Decisions, the time people spend, fall by {cut:.0%} (their interval is above).",
               "up": "Decisions, the time people spend, rise (their interval is above).",
               "none": "Decisions, the time people spend, show no change this sample can see (their interval is "
                       "above)."},
        "ru": {"down": f"Решений — времени людей — меньше на {findings.number(cut, '.0%', 'ru')} (интервал выше).",
               "up": "Решений — времени людей — больше (интервал выше).",
               "none": "Изменения числа решений — времени людей — на этой выборке не видно (интервал выше)."}}
for lang in SHOW:
    print(words[lang][turns["verdict"]], time[lang][decisions["verdict"]])

# %% [markdown]
# So compare rule sets by decisions (or minutes), never by turns: a rule can change what a turn is. The minutes are
# only as good as the seconds per decision: the course's figure from lesson 01 (`findings.SECONDS_PER_DECISION`);
# put your class's own median from lesson 01.
# Weigh each variant's words of rules against what section 3 found it changes: words that change little are a cost
# without a benefit.
#
# *Поэтому сравнивайте правила по решениям (или минутам), а не по ходам: правило может изменить, что такое ход.
# Минуты точны настолько, насколько верны секунды на решение: цифра курса из урока 01
# (`findings.SECONDS_PER_DECISION`); поставьте медиану своего класса из урока 01. Сопоставьте слова правил каждого
# варианта с тем, что он меняет по разделу 3: слова, которые почти ничего не меняют, — цена без пользы.*

# %% [markdown]
# ## 5. Watch a game / Посмотрите партию
#
# The shortest game with the variant that was played to its end (one side annihilated), in the widget with a slider
# over its decisions. A Guild assault that fails leaves a siege token there: look for one in the log.
#
# *Самая короткая партия с вариантом, сыгранная до конца (одна сторона уничтожена), в виджете с ползунком по
# решениям. Неудачный штурм Цеха оставляет на нём жетон осады: поищите такой в журнале.*

# %%
df = variant                              # the replay line names the table `df`
finished = df[df["end_reason"] == "annihilation"]
shortest = finished["decisions"].idxmin()
code, note = metrics.replay_line(shortest, df.loc[shortest]).split("  # ")
print(f"{code}  # {note if LANG == 'en' else 'зерно ' + str(df.loc[shortest, 'seed'])}")
game = dw.experiments.replay(df.loc[shortest])
for lang in SHOW:
    print({"en": f"{game.end_reason} after {findings.count(len(game.history), 'decision', 'en')} "
                 f"({findings.count(game.turn, 'turn', 'en')})",
           "ru": f"{findings.COLUMNS.get(game.end_reason, game.end_reason)} после "
                 f"{findings.count(len(game.history), 'decision:gen', 'ru')} "
                 f"({findings.count(game.turn, 'turn', 'ru')})"
           }[lang])

# %% tags=["ignore-output"]
dw.experiments.timeline(df.loc[shortest], lang=LANG)

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Your own variant.** Pick another variant, write three predictions that the table can check, and measure them as
#    above.
# 2. **The arc.** Do siege tokens change the story of a game? Compare `metrics.arc` of the two rule sets on 200 games,
#    game by game.
# 3. **Guild Strength 4.** Does a stronger Guild (`{"guild_strength": 4}`) change the first player's share? Give the
#    difference and its interval.
#
# *1. **Свой вариант.** Выберите другой вариант, запишите три проверяемых прогноза и измерьте их, как выше. 2.
# **Дуга.** Меняют ли жетоны осады историю партии? Сравните `metrics.arc` двух наборов правил на 200 партиях, партия
# за партией. 3. **Сила Цеха 4.** Меняет ли более сильный Цех долю первого игрока? Дайте разность и её интервал.*
#
# Answers: `solutions/05-house-rules-solutions.ipynb`. / *Ответы: `solutions/05-house-rules-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - Predict before you measure, in terms a table can check; a prediction that nothing can refute teaches nothing.
# - A change needs the interval of its difference; 'the intervals overlap' is not an answer.
# - Count what a rule costs — decisions, minutes, words to learn — beside what it does.
# - Measure time in decisions, not turns: a rule can change what a turn is.
#
# - *Предсказывайте до измерения и так, чтобы таблица могла проверить; прогноз, который ничто не опровергнет, ничему
#   не учит.*
# - *Изменению нужен интервал разности; «интервалы перекрываются» — не ответ.*
# - *Считайте, чего стоит правило — решения, минуты, слова на изучение, — рядом с тем, что оно делает.*
# - *Меряйте время решениями, а не ходами: правило может изменить, что такое ход.*
