# %% [markdown]
# # Dictator-Control: play / Диктатор-Контроль: игра
#
# Run all cells (**Run → Run All Cells**), then play on the board below. Two people share the screen and take turns
# (*hot-seat*), or one plays against a bot; the widget always shows whose decision it is.
#
# *Выполните все ячейки (**Run → Run All Cells**) и играйте на поле ниже. Двое делят экран и ходят по очереди
# (*hot-seat*) или один играет против бота; виджет всегда показывает, чьё сейчас решение.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - play a short first game (the Skirmish), then the Standard mission from the set-up to the end
# - notice which decisions are hard, and time your own decisions (lesson 05 needs the figure)
# - play a seat that does not see everything (Fog of War) and say what you had to guess
#
# *После этого урока вы умеете:*
# - *сыграть короткую первую партию («Стычка»), затем миссию «Стандарт» от расстановки до конца*
# - *заметить, какие решения трудны, и засечь время своих решений (оно понадобится в уроке 05)*
# - *сыграть за место, которое видит не всё (Туман Войны), и сказать, что пришлось угадывать*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os
import statistics
import sys

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.experiments import findings

say = findings.speaker(LANG)             # a finding in both languages ("en") or in Russian only

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
SECONDS_PER_DECISION = findings.SECONDS_PER_DECISION   # the course's one assumption (20 s), until you time yourself

# %% [markdown]
# **Set-up first, as the rulebook does it.** The die decides who chooses: the player who wins the initiative picks a
# Starting Zone (click a lit zone on the board or a button), the other takes the opposite one. Then each player places
# their own battalion tokens on the sectors of their zone, one at a time; the last token goes to the last free sector.
# (`dw.DictatorWidget(placement="fixed")` skips this and starts in the mission's zones.)
#
# **Mouse.** Click one of your battalions to select it: the sectors it can reach light up (solid: a standard move,
# dashed: a card's special move). Click a sector to move there. A card's **Use** button plays that action. Click an
# enemy battalion or a Guild token ringed in red to attack it. In a battle, the panel walks through the Condition,
# Strength, Collision and Damage phases: use your cards' actions or **Pass**; the loser chooses the card to damage.
# **Undo** takes the last decision back.
#
# **Keyboard.** Tab to a battalion, sector or button and press Enter. `1`–`9` select your battalions, `Esc` cancels,
# `p` passes, `n` ends the activation, `t` ends the turn, `u` undoes.
#
# *Сначала расстановка, как в правилах. Кубик решает, кто выбирает: выигравший инициативу выбирает зону старта
# (щёлкните подсвеченную зону на поле или кнопку), другой получает противоположную. Затем каждый ставит свои фишки
# отрядов на секторы своей зоны по одной; последняя фишка встаёт на последний свободный сектор.*
#
# *Мышь: щёлкните свой отряд, чтобы выбрать его, — подсветятся доступные секторы (сплошная линия — стандартное
# перемещение, пунктир — специальное перемещение карты). Щёлкните сектор, чтобы переместиться. Кнопка **Применить** на
# карте применяет её действие. Щёлкните вражеский отряд или фишку Цеха в красном кольце, чтобы атаковать. В бою панель
# проводит через фазы Условий, Силы, Столкновения и Ущерба: применяйте действия карт или **Пас**; проигравший выбирает
# повреждаемую карту. **Отмена** возвращает последнее решение. Клавиатура: Tab и Enter; `1`–`9` выбирают отряды, `Esc`
# — отмена выбора, `p` — пас, `n` — конец активации, `t` — конец хода, `u` — отмена.*
#
# Every option the widget offers comes from the rules engine (`game.legal_actions()`). / *Каждый вариант, который
# предлагает виджет, приходит из движка правил (`game.legal_actions()`).*

# %% [markdown]
# ## A first game: the Skirmish / Первая партия: «Стычка»
#
# A whole Standard game takes nearly two hundred decisions between bots (lesson 03 measures it). The **Skirmish** is a
# short first game made for this course (not a mission of the rulebook: `cards/scenarios/skirmish.toml`,
# `docs/decisions.md`): two battalions a side, face to face, a Guild on each flank, 12 turns at most (a game still
# going then has no winner).
# **Before you play**, the cell below lets two Greedy bots play it many times, each side moving first in half the
# games: how many decisions a game takes, what that is in minutes at the course's 20 seconds a decision, how many
# games reach the 12-turn cap, and whether moving first (or either side) wins more often among the bots, with its
# interval.
#
# *Целая партия «Стандарта» между ботами — почти двести решений (урок 03 это измеряет). **«Стычка»** — короткая первая
# партия, придуманная для этого курса (это не миссия из правил: `cards/scenarios/skirmish.toml`, `docs/decisions.md`):
# по два отряда с каждой стороны лицом к лицу, по Цеху на каждом фланге, не больше 12 ходов (партия, не законченная к
# этому времени, остаётся без победителя). **Прежде чем играть**, ячейка ниже даёт двум жадным ботам сыграть её много
# раз, каждой стороне ходить первой в половине партий: сколько решений длится партия, сколько это минут по принятым в
# курсе 20 секундам на решение, сколько партий доходят до предела 12 ходов и выигрывает ли чаще тот, кто ходит первым
# (или какая-то сторона) — с интервалом.*

# %%
# Skirmishes between two Greedy bots: 100 take under a second here (0.2-0.3 s); the browser-only site plays 10
G = 40 if FAST else 10 if sys.platform == "emscripten" else 100
START = dw.Scenario.load("skirmish").to_dict()


def bot_skirmish(seed):
    """One Greedy v Greedy Skirmish on dice ``seed``; Player ``seed % 2`` moves first."""
    game = dw.Game.from_scenario(dict(START, seed=seed, player=seed % 2))
    bots = [GreedyAgent(seed), GreedyAgent(seed + 10_000)]
    while not game.is_over:
        game.apply(bots[game.current_player].act(game))
    return game


games = {seed: bot_skirmish(seed) for seed in range(G)}
decisions = sorted(len(g.history) for g in games.values())
middle = statistics.median(decisions)
capped = sum(g.end_reason == "turn-cap" for g in games.values())
within = sum(d <= 60 for d in decisions)
decisive = {seed: g.winner for seed, g in games.items() if g.winner is not None}
minutes = {"hot": middle * SECONDS_PER_DECISION / 60, "bot": middle / 2 * SECONDS_PER_DECISION / 60}
say({"en": f"{G} {findings.plural(G, ('Skirmish', 'Skirmishes'))}, Greedy v Greedy: a median of {middle:.0f} "
           f"decisions a game, {within} of {G} within 60 "
           f"(the longest {decisions[-1]}); {capped} of {G} reached the 12-turn cap and ended with no winner. At "
           f"{SECONDS_PER_DECISION} s a decision: about {minutes['hot']:.0f} minutes hot-seat, about "
           f"{minutes['bot']:.0f} against the bot (it makes about half the decisions).",
     "ru": f"{G} «{findings.plural(G, ('Стычка', 'Стычки', 'Стычек'))}», жадный против жадного: медиана "
           f"{middle:.0f} решений за партию, {within} из {G} — не "
           f"больше 60 (самая длинная — {decisions[-1]}); {capped} из {G} "
           f"{findings.plural(capped, ('дошла', 'дошли', 'дошли'))} до предела 12 ходов и "
           f"{findings.plural(capped, ('кончилась', 'кончились', 'кончились'))} без победителя. По "
           f"{SECONDS_PER_DECISION} секунд на решение: около {minutes['hot']:.0f} минут вдвоём за одним "
           f"экраном, около {minutes['bot']:.0f} против бота (он принимает около половины решений)."})
say(findings.share(sum(winner == seed % 2 for seed, winner in decisive.items()), len(decisive),
                   what={"en": "The side that moved first, its share of the decisive Skirmishes",
                         "ru": "Сторона, ходившая первой, — её доля в решённых «Стычках»"}))
say(findings.share(sum(winner == 0 for winner in decisive.values()), len(decisive),
                   what={"en": "The Templars' share of the decisive Skirmishes",
                         "ru": "Доля Тамплиеров в решённых «Стычках»"}))

# %% [markdown]
# **Play.** You are the Templars (Player 1) and move first, against the Greedy bot. Play it twice if there is time,
# the second time as the Synclith (`bots={0: "greedy"}`): does the side feel as the lines above read?
#
# ***Играйте.** Вы — Тамплиеры (Игрок 1) и ходите первыми, против жадного бота. Если будет время, сыграйте дважды,
# второй раз за Синклит (`bots={0: "greedy"}`): ощущается ли сторона так, как читаются строки выше?*

# %% tags=["ignore-output"]
skirmish = dw.DictatorWidget(game=dw.Game.from_scenario("skirmish"), bots={1: "greedy"}, lang=LANG)
skirmish

# %% [markdown]
# ## The Standard mission, two players / Миссия «Стандарт», два игрока
#
# The whole game, hot-seat: two people share the screen.
#
# *Целая партия, hot-seat: двое делят экран.*

# %% tags=["ignore-output"]
widget = dw.DictatorWidget(mission="standard", seed=7, lang=LANG)
widget

# %% [markdown]
# ## Against a bot / Против бота
#
# Player 2 is played by the Greedy bot (it takes the decision that looks best right now): it answers each of your
# decisions after a short, visible delay, plays its battles step by step, and waits on each battle's result until you
# press **Continue**. `bots` takes any object with an `act(game)` method too. **Before you play, predict:** will you
# beat it? Write it down.
#
# *За Игрока 2 играет жадный бот Greedy (он выбирает решение, которое выглядит лучшим прямо сейчас): он отвечает на
# каждое ваше решение после короткой видимой паузы, показывает свои бои шаг за шагом и ждёт на результате каждого боя,
# пока вы не нажмёте **«Продолжить»**. `bots` принимает и любой объект с методом `act(game)`. **Прежде чем играть,
# предскажите:** обыграете ли вы его? Запишите.*

# %% tags=["ignore-output"]
bot_widget = dw.DictatorWidget(mission="standard", seed=7, bots={1: "greedy"}, lang=LANG)
bot_widget

# %% [markdown]
# ## From Python / Из Python
#
# The widget shows `widget.game`, an ordinary `dw.Game`. A move made in a cell appears on the board at once, and the
# board's moves are visible here; for example `widget.game.apply("A1 move c4")`, then `widget.game.undo()`. Switch the
# language with the widget's button or `widget.lang = "ru"`.
#
# *Виджет показывает `widget.game`, обычный `dw.Game`. Ход, сделанный в ячейке, сразу виден на поле, а ходы на поле
# видны здесь; например `widget.game.apply("A1 move c4")`, затем `widget.game.undo()`. Язык переключается кнопкой
# виджета или `widget.lang = "ru"`.*

# %% tags=["ignore-output"]
print(widget.game)
options = len(widget.game.legal_actions())
print({"en": f"legal now: {options} options", "ru": f"вариантов сейчас: {options}"}[LANG])
print(widget.game.log[-1].text(LANG))

# %% [markdown]
# ## Time yourself / Засеките время
#
# After your Skirmish, put the minutes it took here and run the cell: it counts the decisions people made (each move,
# card action, pass and choice: yours against the bot, both players' hot-seat) and gives the seconds per decision.
# Lesson 05 turns decisions into minutes with that figure; the course assumes 20 s until a class has timed itself.
#
# *После «Стычки» впишите, сколько минут она заняла, и выполните ячейку: она посчитает решения, принятые людьми
# (каждое перемещение, действие карты, пас и выбор: ваши против бота, обоих игроков за одним экраном), и даст секунды
# на решение. Урок 05 переводит решения в минуты этим числом; курс принимает 20 с, пока класс не засёк своё.*

# %% tags=["ignore-output"]
MINUTES_PLAYED = 15                      # how long your Skirmish took, by the clock
replayed = dw.Game.from_scenario("skirmish")   # the same game again, to see who owed each decision
mine = 0                                 # decisions of the seats people played (both, hot-seat; one, with a bot)
for action in skirmish.game.history:
    mine += replayed.current_player not in skirmish.bots
    replayed.apply(action)
if mine:
    each = round(MINUTES_PLAYED * 60 / mine)
    say({"en": f"{findings.count(mine, 'decision', 'en')} by people: {each} "
               f"{findings.plural(each, ('second', 'seconds'))}"
               " each",
         "ru": f"решений людей: {mine}, по {each} {findings.plural(each, ('секунде', 'секунды', 'секунд'))}"})
else:
    say({"en": "Play the Skirmish above first: no decisions by people yet.",
         "ru": "Сначала сыграйте «Стычку»: решений людей ещё нет."})

# %% [markdown]
# ## What a seat knows: Fog of War / Что знает место игрока: Туман Войны
#
# In Fog of War every card lies face down to the other side until it acts. This widget shows Player 1's seat only
# (`player=0`) against the Greedy bot. While you play, note one thing you had to guess about a face-down battalion, and
# whether the guess was right when its cards turned up.
#
# *В Тумане Войны каждая карта закрыта для другой стороны, пока не сработает. Этот виджет показывает только место
# Игрока 1 (`player=0`) против жадного бота. Во время игры запишите одну догадку о закрытом отряде и то, оказалась
# ли она верной, когда карты открылись.*

# %% tags=["ignore-output"]
fog_widget = dw.DictatorWidget(mission="fog-of-war", player=0, bots={1: "greedy"}, lang=LANG)
fog_widget

# %% [markdown]
# ## Other missions, and modes in combination / Другие миссии и сочетания режимов
#
# Every mission of the rulebook plays here: `dw.DictatorWidget(mission="fog-of-war")`. The rulebook's additional modes
# "can be used as is or in a combination": join them with `+`, for example `"triumvirate+fog-of-war"` (three players,
# cards face down) or `"regrouping+chaos"`. A combination that cannot work is refused with the reason.
#
# *Все миссии правил играются здесь. Дополнительные режимы «можно использовать по порядку или комбинировать друг с
# другом»: соедините их знаком `+`, например `"triumvirate+fog-of-war"`. Сочетание, которое не может работать,
# отвергается с объяснением.*

# %%
combined = [m for m in dw.missions(combined=True) if "+" in m]
say({"en": f"missions: {', '.join(dw.missions())}; {len(combined)} combinations, e.g. "
           f"{', '.join(combined[:4])}",
     "ru": f"миссии: {', '.join(dw.missions())}; сочетаний — {len(combined)}, например "
           f"{', '.join(combined[:4])}"})

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. Play a whole game against the bot. Which decision was hardest, and why: too many options, too little information,
#    or too much at stake?
# 2. Did your prediction (beat the bot or not) hold? What would you need to play to be sure — one game, ten, a hundred?
# 3. In Fog of War, what did you guess, and how did you decide when you could not see?
#
# *1. Сыграйте партию с ботом до конца. Какое решение было труднее всего и почему: слишком много вариантов, слишком
# мало информации или слишком много на кону? 2. Подтвердился ли ваш прогноз? Сколько партий нужно, чтобы быть
# уверенным, — одна, десять, сто? 3. Что вы угадывали в Тумане Войны и как решали, не видя карт?*
#
# <details><summary>What to look for / На что обратить внимание</summary>
#
# 1. Hard decisions are where a game's depth is — or its confusion. Count the options
#    (`len(widget.game.legal_actions())`) at the hard moment. 2. One game tells little: read the interval the Skirmish
#    cell printed — the width that even 100 bot games leave. 3. In Fog of War players reason from sizes, damage marks
#    and the cards already seen; lesson 06 measures what seeing everything would gain a bot.
#
# *1. Трудные решения — там, где глубина игры (или её путаница). Посчитайте варианты
# (`len(widget.game.legal_actions())`) в трудный момент. 2. Одна партия говорит мало: прочитайте интервал, который
# напечатала ячейка «Стычки», — такую ширину оставляют даже 100 партий ботов. 3. В Тумане Войны игроки рассуждают
# по размерам отрядов, повреждениям и уже увиденным картам; урок 06 измеряет, что дало бы боту знание всех карт.*
#
# </details>

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - Playing first is the fastest way to learn the rules and to find the decisions worth studying.
# - Time is a cost: a game's length in decisions and your seconds per decision give its minutes.
# - What a seat may see shapes how people decide; write down what you guessed.
#
# - *Сыграть самому — быстрейший способ выучить правила и найти решения, которые стоит изучать.*
# - *Время — это цена: длина партии в решениях и ваши секунды на решение дают её минуты.*
# - *То, что видит место игрока, определяет, как люди решают; записывайте свои догадки.*
