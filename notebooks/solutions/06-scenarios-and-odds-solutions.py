# %% [markdown]
# # Answers to lesson 06 / Ответы к уроку 06

# %%
import dictator_widget as dw
from dictator_widget.agents import GreedyAgent

# %% [markdown]
# ## 2. How many samples? / Сколько выборок?

# %%
fog = dw.Game.new("fog-of-war", seed=3, placement="fixed")
bots = [GreedyAgent(1), GreedyAgent(2)]
while not any(a.kind == "attack" for a in fog.legal_actions()):
    fog.apply(bots[fog.current_player].act(fog))
me = fog.current_player
for attack in [a for a in fog.legal_actions() if a.kind == "attack"]:
    estimates = {n: round(dw.battle_odds(fog, attack, seat=me, samples=n)["win"], 3) for n in (1, 4, 16)}
    print(attack, estimates, "| true", round(dw.battle_odds(fog, attack)["win"], 3))

# %% [markdown]
# One sample is one guess at the hidden cards, so it swings; compare 4 with 16 samples to see how far the estimate
# still moves: the default 16 trades some steadiness for speed. More samples make the *estimate* steadier, never
# closer to the truth: the truth is what the seat cannot know.
#
# *Одна выборка — одна догадка о закрытых картах, поэтому она скачет; сравните 4 и 16 выборок, чтобы увидеть,
# насколько оценка ещё сдвигается: 16 по умолчанию — компромисс между устойчивостью и скоростью. Больше выборок делают
# *оценку* устойчивее, но не ближе к истине: истину место игрока знать не может.*

# %% [markdown]
# ## 3. What does a seat know? / Что знает место игрока?

# %%
three = dw.Game.new("triumvirate+fog-of-war", seed=1)
for p in three.view(player=0)["players"]:
    print(f"Player {p['index'] + 1}: hand {p['hand']}, {p['hand_size']} cards")

# %% [markdown]
# At the start each player holds a dealt hand. Player 1 sees its own six cards and, of each opponent, only how many
# cards they hold (`None`: hidden). Once the battalions are on the map, the opponents' cards there are face down too,
# until they act.
#
# *В начале у каждого игрока сданная рука. Игрок 1 видит свои шесть карт, а о каждом сопернике — лишь сколько у него
# карт (`None`: скрыто). Когда отряды выходят на поле, карты соперников там тоже закрыты, пока не сработают.*
