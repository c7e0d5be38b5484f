# %% [markdown]
# # Answers to lesson 08 / Ответы к уроку 08

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os
import random

import pyspiel

from dictator_widget.adapters.bots import from_openspiel, openspiel_mcts
from dictator_widget.adapters.openspiel import SHORT_NAME  # importing the adapter registers the game
from dictator_widget.adapters.pettingzoo import env
from dictator_widget.experiments import findings, metrics, simulate

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: a smaller match
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages a finding is printed in


def say(found):
    """Print ``{"en": ..., "ru": ...}`` in the languages of SHOW."""
    for lang in SHOW:
        print(found[lang])


# %% [markdown]
# ## 1. Chance and decisions / Случай и решения

# %%
game = pyspiel.load_game(SHORT_NAME, {"mission": "standard", "turn_cap": 200})
rng = random.Random(1)
state = game.new_initial_state()
chance = decisions = 0
while not state.is_terminal():
    if state.is_chance_node():
        chance += 1
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    else:
        decisions += 1
        state.apply_action(rng.choice(state.legal_actions()))
say({"en": f"chance nodes {chance}, decisions {decisions}: "
           + ("more decisions than chance nodes." if decisions > chance else "no more decisions than chance nodes."),
     "ru": f"узлов случая {chance}, решений {decisions}: "
           + ("решений больше, чем узлов случая." if decisions > chance else "решений не больше, чем узлов случая.")})

# %% [markdown]
# Why decisions outnumber chance nodes (when they do, as the line above says): a battle rolls a few dice, but every
# phase of it asks both players for a decision, and every move, exchange and pass is one.
#
# *Почему решений больше, чем узлов случая (когда их больше, как говорит строка выше): бой бросает несколько кубиков,
# но в каждой его фазе решают оба игрока, и каждое перемещение, обмен и пас — тоже решение.*

# %% [markdown]
# ## 2. A stronger search / Поиск сильнее

# %%
SIMULATIONS = 10 if FAST else 40
theirs = from_openspiel(openspiel_mcts(simulations=SIMULATIONS, evaluator="value"), name="openspiel-mcts")
table = simulate("standard", [theirs, "greedy"], games=2 if FAST else 4, seed=8, progress=False)
mcts = metrics.win_rates(table).loc[0]
found = findings.match(int(mcts["wins"]), int(mcts["games"]),          # below 10 games: "too few to tell"
                       what={"en": f"MCTS-{SIMULATIONS} against Greedy", "ru": f"MCTS-{SIMULATIONS} против жадного"})
say(found)
width = (found["hi"] - found["lo"]) * 100
say({"en": f"The interval is {width:.0f} points wide.",
     "ru": f"Ширина интервала — {findings.number(width, '.0f', 'ru')} пунктов."})

# %% [markdown]
# A few games leave an interval tens of points wide (its width is printed above): whatever they show, they can hardly
# tell a strong bot from an even one. The strength match of `docs/what-if-lab.md` plays until a sequential test
# decides.
#
# *Несколько партий оставляют интервал шириной в десятки пунктов (ширина напечатана выше): что бы они ни показали,
# сильного бота от равного они вряд ли отличат. Матч силы из `docs/what-if-lab.md` играется, пока последовательный
# тест не решит.*

# %% [markdown]
# ## 3. What the mask hides / Что скрывает маска

# %%
e = env(mission="standard")
e.reset(seed=1)
observation, *_ = e.last()
mask = observation["action_mask"]
say({"en": f"{int(mask.sum())} legal of {len(mask)} action ids: the mask hides {1 - mask.mean():.2%} of them.",
     "ru": f"допустимо {int(mask.sum())} из {len(mask)} номеров действий: маска скрывает "
           f"{findings.number(1 - mask.mean(), '.2%', 'ru')} из них."})
