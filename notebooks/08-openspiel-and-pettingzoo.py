# %% [markdown]
# # OpenSpiel and PettingZoo / OpenSpiel и PettingZoo
#
# The game as an OpenSpiel game (`python_dictator_control`) and a PettingZoo environment, so that their tools (search
# bots, evaluation, reinforcement-learning libraries) work on it. Needs the `rl` extra:
# `pip install 'dictator_widget[rl]'`. For a class that codes: what a game looks like to a learning machine.
#
# *Игра как игра OpenSpiel и как среда PettingZoo, чтобы их инструменты (поисковые боты, оценка, библиотеки обучения с
# подкреплением) работали с ней. Нужно дополнение `rl`: `pip install 'dictator_widget[rl]'`. Для класса, который пишет
# код: как игра выглядит для обучающейся машины.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - load the game in OpenSpiel and read its size: players, action ids, the vectors a learner sees
# - tell chance nodes from decisions, and read a game as OpenSpiel plays it
# - check that what a seat observes depends only on what it may know
# - play OpenSpiel's bots against ours, and run a PettingZoo environment with an action mask
#
# *После этого урока вы умеете:*
# - *загрузить игру в OpenSpiel и прочитать её размеры: игроки, номера действий, векторы, которые видит обучаемый*
# - *отличать узлы случая от решений и читать партию так, как её играет OpenSpiel*
# - *проверять, что наблюдаемое местом игрока зависит только от того, что ему можно знать*
# - *играть ботами OpenSpiel против наших и запускать среду PettingZoo с маской действий*
#
# **How to work / Как работать.** Before each measuring cell, write your **prediction**; after it, **explain** the
# difference. Exercises at the end; answers in `solutions/08-openspiel-and-pettingzoo-solutions.ipynb`.
#
# *Перед каждой ячейкой измерения запишите **прогноз**; после — **объясните** расхождение. Упражнения — в конце,
# ответы — в `solutions/08-openspiel-and-pettingzoo-solutions.ipynb`.*

# %% [markdown]
# ## 1. Load the game in OpenSpiel / Игра в OpenSpiel
#
# Importing `dictator_widget.adapters.openspiel` registers the game. Its parameters: `mission`, `variants` (text,
# `name:value` joined by `;`) and `turn_cap`. Every die and draw is a chance node. **Predict:** how many different
# action ids does a game with a few dozen options a turn need?
#
# *Импорт `dictator_widget.adapters.openspiel` регистрирует игру. Её параметры: `mission`, `variants` (текст,
# `имя:значение` через `;`) и `turn_cap`. Каждый бросок и каждая карта из колоды — узел случая. **Прогноз:** сколько
# разных номеров действий нужно игре, в которой за ход несколько десятков вариантов?*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os
import random

import numpy as np
import pyspiel

from dictator_widget.adapters.openspiel import SHORT_NAME  # importing the adapter registers the game
from dictator_widget.experiments import findings

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: a smaller match
t = findings.translator(LANG)
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages a finding is printed in
yes = {True: t("yes", "да"), False: t("no", "нет")}


def word(key):
    """A table's word (an end reason) in the notebook's language."""
    return findings.COLUMNS.get(key, key) if LANG == "ru" else key


game = pyspiel.load_game(SHORT_NAME, {"mission": "fog-of-war", "turn_cap": 200})
print(game)
print(t("players", "игроков"), game.num_players(), t("| action ids", "| номеров действий"),
      game.num_distinct_actions(), t("| information-state vector", "| вектор информационного состояния"),
      game.information_state_tensor_shape(), t("| observation vector", "| вектор наблюдения"),
      game.observation_tensor_shape())

# %% [markdown]
# ## 2. A random game / Случайная партия
#
# Chance outcomes are drawn with their probabilities, decisions uniformly among the legal ids; `action_to_string`
# gives our notation.
#
# *Исходы случая выбираются с их вероятностями, решения — равновероятно среди допустимых номеров; `action_to_string`
# даёт нашу нотацию.*

# %%
rng = random.Random(8)
state = game.new_initial_state()
shown = []
while not state.is_terminal():
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=False)
        action = rng.choices(outcomes, probabilities)[0]
    else:
        action = rng.choice(state.legal_actions())
        if len(shown) < 8:
            shown.append(state.action_to_string(state.current_player(), action))
    state.apply_action(action)
print(shown)
print(t("length", "длина"), len(state.history()), t("| end", "| конец"), word(state.game.end_reason),
      t("| returns", "| выигрыши"), state.returns())

# %% [markdown]
# ## 3. What a seat may know / Что знает игрок
#
# In Fog of War another player's face-down cards are hidden. A twin of the game in which player 0's face-down cards
# are shuffled among its slots (with the Hireling deck) gives player 1 the same information-state vector and string:
# nothing in them depends on what the seat cannot see. (OpenSpiel counts players from 0: its player 1 is our
# Player 2.)
#
# *В Тумане Войны закрытые карты другого игрока скрыты. Двойник партии, в котором закрытые карты игрока 0 перетасованы
# по его местам (вместе с колодой Наёмников), даёт игроку 1 тот же вектор и ту же строку информационного состояния:
# ничто в них не зависит от того, чего место игрока не видит. (OpenSpiel считает игроков с 0: его игрок 1 — наш
# Игрок 2.)*

# %%
from dictator_widget.engine import twin

state = game.new_initial_state()
rng = random.Random(3)
while state.is_chance_node() or state.game.decision != "activation":
    options = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    state.apply_action(rng.choice(options))
other = game.state_of(twin(state.game, 1, rng))
print(t("player 0's cards moved:", "карты игрока 0 переставлены:"),
      yes[other.game.state.battalions != state.game.state.battalions])
print(t("player 1 sees the same:", "игрок 1 видит то же:"),
      yes[np.array_equal(other.information_state_tensor(1), state.information_state_tensor(1))
          and other.information_state_string(1) == state.information_state_string(1)])
print(t("player 0 sees the difference:", "игрок 0 видит разницу:"),
      yes[not np.array_equal(other.information_state_tensor(0), state.information_state_tensor(0))])

# %% [markdown]
# ## 4. OpenSpiel's MCTS against our Greedy / MCTS OpenSpiel против Greedy
#
# `from_openspiel` makes one of our agents from an OpenSpiel bot (or a maker of bots), so `simulate` can play it. The
# bot searches a copy of the game in which what its seat may not know is drawn afresh. Here OpenSpiel's Python
# `MCTSBot` with 10 simulations a decision, leaves valued by our learned win chances (random rollouts to the end are
# OpenSpiel's default, `evaluator='rollout'`, but cost about a second each). **Predict:** does a search of 10
# simulations beat Greedy? A small match (a larger one is in `docs/what-if-lab.md`): below 10 games the verdict line
# says "too few games to tell" and gives the exact interval: read how little a few games can say.
#
# *`from_openspiel` делает из бота OpenSpiel (или фабрики ботов) нашего агента, так что `simulate` может им играть.
# Бот ищет по копии партии, в которой то, чего его место не может знать, разыграно заново. Здесь питоновский `MCTSBot`
# OpenSpiel с 10 симуляциями на решение, листья оцениваются нашими выученными шансами на победу. **Прогноз:** обыграет
# ли поиск в 10 симуляций жадного бота? Маленький матч (большой — в `docs/what-if-lab.md`): меньше чем при 10
# партиях строка вывода говорит «слишком мало партий» и даёт точный интервал: прочитайте, как мало могут сказать
# несколько партий.*

# %%
from dictator_widget.adapters.bots import from_openspiel, openspiel_mcts
from dictator_widget.experiments import metrics, simulate

theirs = from_openspiel(openspiel_mcts(simulations=10, evaluator="value"), name="openspiel-mcts")
table = simulate("standard", [theirs, "greedy"], games=2 if FAST else 4, seed=8, progress=False)
mcts = metrics.win_rates(table).loc[0]
found = findings.match(int(mcts["wins"]), int(mcts["games"]),           # below 10 games: "too few to tell"
                       what={"en": "OpenSpiel's MCTS against Greedy", "ru": "MCTS OpenSpiel против жадного"})
for lang in SHOW:
    print(found[lang])
findings.table(metrics.win_rates(table)[["name", "games", "wins", "win_rate"]], LANG)   # the interval: the line above

# %% [markdown]
# Our agents play in OpenSpiel too: `AgentBot` wraps Greedy, MCTS or Random as a `pyspiel.Bot`.
#
# *Наши агенты играют и в OpenSpiel: `AgentBot` оборачивает Greedy, MCTS или Random в `pyspiel.Bot`.*

# %%
from open_spiel.python.bots.uniform_random import UniformRandomBot

from dictator_widget.adapters.bots import AgentBot
from dictator_widget.agents import GreedyAgent

short = pyspiel.load_game(SHORT_NAME, {"mission": "standard", "turn_cap": 30})
bots = [AgentBot(GreedyAgent(seed=1), player=0), UniformRandomBot(1, np.random.RandomState(1))]
rng = random.Random(5)
state = short.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    else:
        state.apply_action(bots[state.current_player()].step(state))
print(t("Greedy v random:", "жадный против случайного:"), word(state.game.end_reason),
      t("| returns", "| выигрыши"), state.returns())

# %% [markdown]
# ## 5. The PettingZoo environment / Среда PettingZoo
#
# An AEC environment: `Discrete` action ids, each observation a dict with a `Box` vector and an `action_mask`. A
# masked random policy plays a game of Dissension (4 players, turn cap 8); `render_mode='ansi'` draws the board as
# text with only what every seat may see.
#
# *Среда AEC: номера действий `Discrete`, каждое наблюдение — словарь с вектором `Box` и маской `action_mask`.
# Случайная политика с маской играет партию «Раскола» (4 игрока, предел 8 ходов); `render_mode='ansi'` рисует поле
# текстом, показывая только то, что может видеть каждое место.*

# %%
from dictator_widget.adapters.pettingzoo import env

e = env(mission="dissension", turn_cap=8, render_mode="ansi", lang=LANG)
e.reset(seed=2)
rng = np.random.default_rng(2)
totals = dict.fromkeys(e.possible_agents, 0.0)
for agent in e.agent_iter():
    observation, reward, terminated, truncated, info = e.last()
    totals[agent] += reward
    if terminated or truncated:
        e.step(None)
        continue
    e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
print(word(e.unwrapped.game.end_reason), totals)
print(e.render())

# %% [markdown]
# **Explain.** A learner sees a vector and a mask, never the rules: everything it may do is in the mask, everything it
# may know is in the vector. That is why the swap test of section 3 matters — a vector that leaked a hidden card
# would teach a learner to cheat.
#
# *Обучаемый видит вектор и маску, а не правила: всё, что он может сделать, — в маске, всё, что он может знать, — в
# векторе. Поэтому и важна проверка двойником из раздела 3: вектор, через который утекла бы закрытая карта, научил бы
# обучаемого жульничать.*

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Chance and decisions.** In one random game of the Standard mission, count chance nodes and decisions. Which
#    are more, and why?
# 2. **A stronger search.** Play OpenSpiel's MCTS with 40 simulations against Greedy on 4 games. What can 4 games
#    say? (Read the interval.)
# 3. **What the mask hides.** At the start of a PettingZoo game, how many action ids are legal for the first agent,
#    out of how many?
#
# *1. **Случай и решения.** В одной случайной партии «Стандарта» посчитайте узлы случая и решения. Чего больше и
# почему? 2. **Поиск сильнее.** Сыграйте MCTS OpenSpiel с 40 симуляциями против жадного бота в 4 партиях. Что могут
# сказать 4 партии? (Прочитайте интервал.) 3. **Что скрывает маска.** Сколько номеров действий допустимо первому агенту
# в начале партии PettingZoo — из скольких?*
#
# Answers: `solutions/08-openspiel-and-pettingzoo-solutions.ipynb`. / *Ответы:
# `solutions/08-openspiel-and-pettingzoo-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - A game written as decisions and chance is a game any general tool can play, search and learn.
# - What a seat may know must be testable: the same view whatever is hidden.
# - A few games of a match say little; the interval says how little.
#
# - *Игра, записанная как решения и случай, — игра, которую любой общий инструмент может играть, искать и учить.*
# - *То, что может знать место игрока, должно проверяться: тот же вид, что бы ни было скрыто.*
# - *Несколько партий матча говорят мало; интервал говорит, насколько мало.*
