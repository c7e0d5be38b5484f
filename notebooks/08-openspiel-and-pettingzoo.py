# %% [markdown]
# # OpenSpiel and PettingZoo / OpenSpiel и PettingZoo
#
# The game as an OpenSpiel game (`python_dictator_control`) and a PettingZoo environment, so that their tools (search
# bots, evaluation, RL libraries) work on it. Needs the `rl` extra: `pip install 'dictator_widget[rl]'`.
#
# *Игра как игра OpenSpiel и как среда PettingZoo: их инструменты работают с ней без нашего API.*

# %% [markdown]
# ## 1. Load the game in OpenSpiel / Игра в OpenSpiel
#
# Importing `dictator_widget.adapters.openspiel` registers the game. Its parameters: `mission`, `variants` (text,
# `name:value` joined by `;`) and `turn_cap`. Every die and draw is a chance node.

# %%
import random

import pyspiel

from dictator_widget.adapters.openspiel import SHORT_NAME  # importing the adapter registers the game

game = pyspiel.load_game(SHORT_NAME, {"mission": "fog-of-war", "turn_cap": 200})
print(game)
print("players", game.num_players(), "| action ids", game.num_distinct_actions(),
      "| information-state vector", game.information_state_tensor_shape(),
      "| observation vector", game.observation_tensor_shape())

# %% [markdown]
# ## 2. A random game / Случайная партия
#
# Chance outcomes are drawn with their probabilities, decisions uniformly among the legal ids; `action_to_string`
# gives our notation.

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
print("length", len(state.history()), "| end", state.game.end_reason, "| returns", state.returns())

# %% [markdown]
# ## 3. What a seat may know / Что знает игрок
#
# In Fog of War another player's face-down cards are hidden. A twin of the game in which they are shuffled among that
# player's slots (with the Hireling deck) gives player 1 the same information-state vector and string: nothing in them
# depends on what the seat cannot see.

# %%
import numpy as np

from dictator_widget.engine.hidden import twin

state = game.new_initial_state()
rng = random.Random(3)
while state.is_chance_node() or state.game.decision != "activation":
    options = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    state.apply_action(rng.choice(options))
other = game.state_of(twin(state.game, 1, rng))
print("player 0's cards moved:", other.game.state.battalions != state.game.state.battalions)
print("player 1 sees the same:", np.array_equal(other.information_state_tensor(1), state.information_state_tensor(1))
      and other.information_state_string(1) == state.information_state_string(1))
print("player 0 sees the difference:",
      not np.array_equal(other.information_state_tensor(0), state.information_state_tensor(0)))

# %% [markdown]
# ## 4. OpenSpiel's MCTS against our Greedy / MCTS OpenSpiel против Greedy
#
# `from_openspiel` makes one of our agents from an OpenSpiel bot (or a maker of bots), so `simulate` can play it. The
# bot searches a copy of the game in which what its seat may not know is drawn afresh. Here OpenSpiel's Python
# `MCTSBot` with 10 simulations a decision, leaves valued by our learned win chances (random rollouts to the end are
# OpenSpiel's default, `evaluator='rollout'`, but cost about a second each). A small match with 95% Wilson intervals;
# a larger one is in `docs/what-if-lab.md`.

# %%
import os

from dictator_widget.adapters.bots import from_openspiel, openspiel_mcts
from dictator_widget.experiments import simulate
from dictator_widget.experiments.metrics import win_rates

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: a smaller match
theirs = from_openspiel(openspiel_mcts(simulations=10, evaluator="value"), name="openspiel-mcts")
table = simulate("standard", [theirs, "greedy"], games=2 if FAST else 4, seed=8, progress=False)
win_rates(table)[["name", "games", "wins", "win_rate", "lo", "hi"]].round(3)

# %% [markdown]
# Our agents play in OpenSpiel too: `AgentBot` wraps Greedy, MCTS or Random as a `pyspiel.Bot`.

# %%
from open_spiel.python.bots.uniform_random import UniformRandomBot

from dictator_widget.adapters.bots import AgentBot
from dictator_widget.agents import GreedyAgent

short = pyspiel.load_game("python_dictator_control", {"mission": "standard", "turn_cap": 30})
bots = [AgentBot(GreedyAgent(seed=1), player=0), UniformRandomBot(1, np.random.RandomState(1))]
rng = random.Random(5)
state = short.new_initial_state()
while not state.is_terminal():
    if state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    else:
        state.apply_action(bots[state.current_player()].step(state))
print("Greedy v random:", state.game.end_reason, "| returns", state.returns())

# %% [markdown]
# ## 5. The PettingZoo environment / Среда PettingZoo
#
# An AEC environment: `Discrete` action ids, each observation a dict with a `Box` vector and an `action_mask`. A
# masked random policy plays a game of Dissension (4 players, turn cap 8); `render_mode='ansi'` draws the board as
# text with only what every seat may see.

# %%
from dictator_widget.adapters.pettingzoo import env

e = env(mission="dissension", turn_cap=8, render_mode="ansi")
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
print(e.unwrapped.game.end_reason, totals)
print(e.render())
