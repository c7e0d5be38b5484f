# %% [markdown]
# # Odds and hidden information / Шансы и скрытая информация
#
# A position is data; the odds of a battle can be computed exactly; and what a player does *not* know changes both
# their odds and their play. This lesson reads exact odds, asks what one point of Strength is worth, and measures what
# hidden cards (Fog of War) take from a player.
#
# *Позиция — это данные; шансы боя можно вычислить точно; а то, чего игрок *не* знает, меняет и его шансы, и его игру.
# В этом уроке — точные шансы, цена одного очка Силы и то, что закрытые карты (Туман Войны) отнимают у игрока.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - set up a position as data and compute a battle's exact odds
# - check exact odds against simulated battles, with the simulation's own error
# - say what a point of Strength is worth, and why it is worth less far from an even battle
# - tell what a seat knows from what is true, and measure what seeing everything would gain
#
# *После этого урока вы умеете:*
# - *задать позицию как данные и вычислить точные шансы боя*
# - *проверить точные шансы симуляцией с её собственной погрешностью*
# - *сказать, чего стоит очко Силы и почему вдали от равного боя оно стоит меньше*
# - *отличить то, что знает место игрока, от истины и измерить, что дало бы знание всего*

# %% [markdown]
# ## 1. A position / Позиция
#
# A scenario lists the battalions; everything else takes the mission's defaults. Shipped scenarios live in
# `cards/scenarios/`.
#
# *Сценарий перечисляет отряды; остальное берётся из миссии. Готовые сценарии лежат в `cards/scenarios/`.*

# %%
LANG = "en"     # "ru": plots, legends and tables in Russian / графики, легенды и таблицы по-русски

import os

import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.agents.greedy import TIE
from dictator_widget.engine.odds import simulate_battles
from dictator_widget.experiments import findings, metrics

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
t = findings.translator(LANG)

game = dw.Game.from_scenario({
    "battalions": {
        "A1": {"sector": "d4", "cards": ["T04", "T01", "T10"]},     # Knight, WASP, Orion
        "B1": {"sector": "e4", "cards": ["C08", "C04", "C03"]},     # Infiltrator, Snail, Genomorph
    },
    "energy": [6, 6],
    "guilds": ["d3"],
})

# %%
print([str(a) for a in game.legal_actions() if a.kind.startswith("attack")])

# %% [markdown]
# ## 2. Exact odds / Точные шансы
#
# Every die is enumerated, re-rolls included; each side's choices follow a policy: `greedy` (at each decision, the
# choice best right now) or `best` (each side maximises its chance over the whole battle, looking ahead). **Predict:**
# will looking ahead change the odds of this battle?
#
# *Перебираются все кубики, включая переброски; выбор сторон следует политике: `greedy` (в каждом решении — лучший
# выбор сейчас) или `best` (каждая сторона максимизирует шанс на весь бой, глядя вперёд). **Прогноз:** изменит ли
# взгляд вперёд шансы этого боя?*

# %%
odds = {policy: dw.battle_odds(game, "A1 attack B1", policy=policy) for policy in ("greedy", "best")}
for policy, o in odds.items():
    print(f"{policy:6}  win {o['win']:.3f}  draw {o['draw']:.3f}  loss {o['loss']:.3f}  "
          f"Energy spent {[round(e, 2) for e in o['energy_spent']]}")
same = all(abs(odds["greedy"][k] - odds["best"][k]) < 1e-9 for k in ("win", "draw", "loss"))
print("The same odds: at every decision of this battle the best choice now is also the best for the whole "
      "battle, so looking ahead gains nothing." if same else "Looking ahead changes the odds here.")
guild = dw.battle_odds(game, "A1 attack guild d3")
print(f"against the Guild: win {guild['win']:.3f}  draw {guild['draw']:.3f}  loss {guild['loss']:.3f}")

# %% [markdown]
# ## 3. Check against simulated battles / Проверка симуляцией
#
# 10,000 battles fought with the game's own dice and the same policy. A simulated rate has its own error: its standard
# error is about √(p(1−p)/n), so exact and simulated should differ by less than three of those.
#
# *10 000 боёв с кубиками самой игры и той же политикой. У симулированной доли своя погрешность: стандартная ошибка
# около √(p(1−p)/n), и точное и симулированное значения должны расходиться меньше чем на три таких ошибки.*

# %%
exact = odds["greedy"]
simulated = simulate_battles(game, "A1 attack B1", battles=10_000, seed=1)
for key in ("win", "draw", "loss"):
    se = (exact[key] * (1 - exact[key]) / 10_000) ** 0.5
    gap = abs(exact[key] - simulated[key])
    print(f"{key:5} exact {exact[key]:.4f}  simulated {simulated[key]:.4f}  difference {gap:.4f} "
          f"= {gap / se if se else 0:.1f} standard errors")

# %% [markdown]
# ## 4. What is a point of Strength worth? / Чего стоит очко Силы?
#
# Plain cards without battle actions make battalions of a given Strength. **Predict:** is every point of Strength
# worth the same change in the chance of winning?
#
# *Простые карты без боевых действий дают отряды заданной Силы. **Прогноз:** каждое ли очко Силы меняет шанс на победу
# одинаково?*

# %%
# cards whose actions cannot change who wins a battle against a battalion
ATTACKER = {1: ["T06"], 2: ["T12"], 3: ["H07"], 4: ["H07", "T06"], 5: ["H07", "T12"], 6: ["H07", "T12", "T06"],
            7: ["H07", "T12", "T03"]}
DEFENDER = {1: ["C11"], 2: ["H04"], 3: ["H03"], 4: ["H03", "C11"], 5: ["H03", "H04"], 6: ["H03", "T11", "C11"],
            7: ["H03", "H04", "T11"]}

def win(a, d):
    position = {"battalions": {"A1": {"sector": "d4", "cards": ATTACKER[a]},
                               "B1": {"sector": "e4", "cards": DEFENDER[d]}}, "guilds": []}
    return dw.battle_odds(dw.Game.from_scenario(position), "A1 attack B1")["win"]

unrounded = pd.DataFrame({d: {a: win(a, d) for a in ATTACKER} for d in DEFENDER})
table = unrounded.round(3)
table.index.name = t("attacker Strength", "Сила атакующего")
table.columns.name = t("defender Strength", "Сила обороняющегося")
table

# %%
by_difference = {a - 4: float(unrounded.loc[a, 4]) for a in ATTACKER}    # against a defender of Strength 4
gain = {f"{d:+d} -> {d + 1:+d}": round(by_difference[d + 1] - by_difference[d], 3) for d in range(-3, 3)}
print("attacker's chance by Strength difference:", {f"{d:+d}": round(p, 3) for d, p in by_difference.items()})
print("what one more point adds:", gain)

# %%
fig, ax = plt.subplots(figsize=(6, 3.2))
ax.plot(list(by_difference), list(by_difference.values()), "o-")
for d, p in by_difference.items():
    ax.annotate(f"{p:.2f}", (d, p), textcoords="offset points", xytext=(0, 6), ha="center")
ax.set_xlabel(t("attacker's Strength less defender's", "Сила атакующего минус Сила обороняющегося"))
ax.set_ylabel(t("attacker's chance of winning", "шанс атакующего на победу"))
ax.set_ylim(0, 1)
ax.set_title(t("Battle odds by Strength difference (two d6, no card actions)",
               "Шансы боя по разности Силы (два d6, без действий карт)"));

# %% [markdown]
# **Explain.** At equal Strength the attacker wins 15 times in 36 (0.417): equal totals, 6 rolls in 36, are not a win
# for the attacker. The first point over even adds the most (+0.167); each further point adds less (+0.139, then
# +0.111), because the two dice's sum is likeliest near its middle. A point matters most in an even battle — where
# designers should price Strength highest.
#
# *При равной Силе атакующий побеждает в 15 случаях из 36 (0,417): равные суммы, 6 бросков из 36, атакующему не
# победа. Первое очко сверх равенства даёт больше всего (+0,167), каждое следующее — меньше (+0,139, затем +0,111),
# потому что разность двух кубиков чаще всего близка к середине. Очко важнее всего в равном бою — там дизайнеру и
# стоит ценить Силу дороже всего.*

# %% [markdown]
# ## 5. Hidden information: Fog of War / Скрытая информация: Туман Войны
#
# In Fog of War each side's cards are face down to the other until they act. **Predict:** in one battle, how far can a
# player's estimate of the odds be from the truth? And over a whole game, how much more often would a player win who
# could see every card?
#
# *В Тумане Войны карты каждой стороны закрыты для другой, пока не сработают. **Прогноз:** насколько в одном бою
# оценка шансов игрока может отличаться от истины? И насколько чаще за всю партию выигрывал бы игрок, видящий все
# карты?*

# %%
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
    print(f"{attack}: the seat's estimate {guess:.3f}, the true odds {true:.3f}, the gap {abs(guess - true):.3f} / "
          f"оценка места {findings.number(guess, '.3f', 'ru')}, истина {findings.number(true, '.3f', 'ru')}")


# %% [markdown]
# The seat's estimate averages the exact odds over draws of the cards it cannot see (the same sampling the bots use).
# The gap printed above is this battle's; in another it can be large, in either direction: that gap is what hidden
# information is.
#
# *Оценка места игрока усредняет точные шансы по вариантам карт, которых оно не видит (так же выбирают и боты).
# Разрыв выше — для этого боя; в другом он может быть большим, в любую сторону: этот разрыв и есть скрытая
# информация.*

# %% [markdown]
# **What would seeing everything gain?** A bot that peeks — Greedy scoring its moves on the real game instead of a
# sample — against the ordinary Greedy, seats rotating:
#
# ***Что дало бы знание всего?** Бот, который подглядывает (жадный бот, оценивающий ходы по настоящей игре, а не по
# выборке), против обычного жадного, места чередуются:*

# %%
class PeekingGreedy(GreedyAgent):
    """Greedy that scores its moves on the real game: it sees every face-down card (a cheat, for measuring)."""

    def act(self, game):
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(game, legal)          # GreedyAgent.act scores a sample of what it may know
        best = max(scores)
        top = [a for a, v in zip(legal, scores, strict=False) if v >= best - TIE]
        return top[0] if len(top) == 1 else self.rng.choice(top)


P = 60 if FAST else 600        # Fog of War games are slower: about 4 s per 100 on two cores
peek = dw.simulate("fog-of-war", [PeekingGreedy(), "greedy"], P, seed=3, progress=False, record=False)
r = metrics.win_rates(peek, "agent").loc[0]
findings.say(findings.share(int(r["wins"]), int(r["decisive"]),
                            what={"en": "The peeking bot's share of decisive games",
                                  "ru": "Доля подглядывающего бота в решённых партиях"}))

# %% [markdown]
# **Explain.** One battle's odds can be far off, yet over a game the peeking bot's edge is only what the line above
# says: when its interval holds 50%, this many games see no edge, and its ends say how large an edge (or a handicap)
# could still hide in it. Reasons a bot may gain little: Greedy decides mostly on what it does see (Strength on the
# map, sizes, damage), cards turn face up as they act, and a one-step bot does not always turn better knowledge into
# better play. Hidden information matters as much as players can exploit it — a person who remembers and bluffs may
# gain more than this bot.
#
# *Шансы одного боя могут сильно ошибаться, но за партию перевес подглядывающего бота — только то, что говорит строка
# выше: если её интервал накрывает 50%, на таком числе партий перевеса не видно, а концы интервала говорят, какой
# перевес (или отставание) ещё может в нём прятаться. Почему бот может выиграть мало: жадный бот решает в основном по
# тому, что видит (Сила на поле, размеры, повреждения), карты открываются, когда действуют, а бот на один ход вперёд
# не всегда превращает лучшее знание в лучшую игру. Скрытая информация значит столько, сколько игроки умеют ею
# пользоваться: человек, который запоминает и блефует, может выиграть больше этого бота.*

# %% [markdown]
# ## 6. Set up a position in the widget / Расстановка в виджете
#
# `dw.DictatorWidget(setup=True)` opens in set-up mode: move battalions, add or remove cards, toggle Guild tokens, set
# Energy and whose turn it is; **Play from here** builds the game. In play, a selected battalion shows the odds next
# to each attack target.
#
# *`dw.DictatorWidget(setup=True)` открывается в режиме расстановки: перемещайте отряды, добавляйте и убирайте карты,
# ставьте фишки Цехов, задайте Энергию и чей ход; **Играть отсюда** строит партию. В игре рядом с каждой целью атаки
# выбранного отряда видны шансы.*

# %% tags=["ignore-output"]
setup_widget = dw.DictatorWidget(game=dw.Game.from_scenario("sniper-duel"), setup=True)
setup_widget

# %%
# The same edits as clicks would send, then "Play from here" / Те же правки, что и щелчки
setup_widget.edit({"op": "energy", "player": 0, "value": 8})
setup_widget.play_from_here()
print("Energy:", setup_widget.game.state.energy, "| set-up mode:", setup_widget.setup_mode,
      "| decision:", setup_widget.game.decision)

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Where is a point worth least?** From the table of section 4, at which Strength difference does one more point
#    add least, and why?
# 2. **How many samples?** A seat's odds average over `samples` draws (16 by default). Compute the seat's estimate of
#    section 5 with 1, 4 and 16 samples: when does it settle?
# 3. **What does a seat know?** In `"triumvirate+fog-of-war"`, what does Player 1 see of each opponent at the start
#    (`game.view(player=0)`)?
#
# *1. **Где очко стоит меньше всего?** По таблице раздела 4: при какой разности Силы лишнее очко даёт меньше всего и
# почему? 2. **Сколько выборок?** Шансы места игрока усредняются по `samples` вариантам (16 по умолчанию). Посчитайте
# оценку раздела 5 с 1, 4 и 16 вариантами: когда она устаканивается? 3. **Что знает место игрока?** Что видит Игрок 1
# о каждом сопернике в начале `"triumvirate+fog-of-war"` (`game.view(player=0)`)?*
#
# <details><summary>Answer 1 / Ответ 1</summary>
#
# Far from even: from +2 to +3 a point adds 0.111, and beyond the dice's reach (a difference of 6 or more either way)
# nothing, since the dice cannot bridge the gap. / *Вдали от равенства: от +2 к +3 очко даёт 0,111, а за пределом
# кубиков (разность 6 и больше в любую сторону) — ничего: кубики уже не перекрывают разрыв.*
#
# </details>
#
# Answers 2 and 3: `solutions/06-scenarios-and-odds-solutions.ipynb`. / *Ответы 2 и 3:
# `solutions/06-scenarios-and-odds-solutions.ipynb`.*

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - Exact odds are cheap: compute them instead of guessing, and check a simulation against them within its own error.
# - Strength is worth most in an even battle; price it there.
# - Hidden information opens a gap between what a player estimates and what is true; whether it changes who wins
#   depends on how well players can exploit it.
#
# - *Точные шансы дёшевы: вычисляйте их, а не угадывайте, и проверяйте симуляцию в пределах её погрешности.*
# - *Сила дороже всего в равном бою; там её и оценивайте.*
# - *Скрытая информация открывает разрыв между оценкой игрока и истиной; меняет ли это, кто побеждает, зависит от
#   того, насколько игроки умеют ею пользоваться.*
