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
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each finding in both)

import os

import matplotlib.pyplot as plt
import pandas as pd

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.engine import simulate_battles
from dictator_widget.experiments import findings, intervals, metrics, plots

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same lesson on smaller samples
t = findings.translator(LANG)
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages a finding is printed in


def say(texts):
    """Print ``{"en": ..., "ru": ...}`` in the languages of SHOW."""
    for lang in SHOW:
        print(texts[lang])


def num(x, spec=".3f"):
    """A number in the notebook's language (a decimal comma in Russian)."""
    return findings.number(x, spec, LANG)

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
WORDS = {"win": t("win", "победа"), "draw": t("draw", "ничья"), "loss": t("loss", "поражение")}
POLICIES = {"greedy": t("greedy", "жадная (greedy)"), "best": t("best", "лучшая (best)")}
for policy, o in odds.items():
    print(f"{POLICIES[policy]:16}  " + "  ".join(f"{WORDS[k]} {num(o[k])}" for k in WORDS)
          + f"  {t('Energy spent', 'потрачено Энергии')} {' / '.join(num(e, '.2f') for e in o['energy_spent'])}")
same = all(abs(odds["greedy"][k] - odds["best"][k]) < 1e-9 for k in ("win", "draw", "loss"))
say({"en": "The same odds: at every decision of this battle the best choice now is also the best for the whole "
           "battle, so looking ahead gains nothing." if same else "Looking ahead changes the odds here.",
     "ru": "Шансы те же: в каждом решении этого боя лучший выбор сейчас — лучший и для всего боя, так что взгляд "
           "вперёд ничего не даёт." if same else "Взгляд вперёд здесь меняет шансы."})
guild = dw.battle_odds(game, "A1 attack guild d3")
print(t("against the Guild:", "против Цеха:"), "  ".join(f"{WORDS[k]} {num(guild[k])}" for k in WORDS))

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
BATTLES = 2_000 if FAST else 10_000
simulated = simulate_battles(game, "A1 attack B1", battles=BATTLES, seed=1)
for key in ("win", "draw", "loss"):
    se = (exact[key] * (1 - exact[key]) / BATTLES) ** 0.5
    gap = abs(exact[key] - simulated[key])
    print(f"{WORDS[key]:9} {t('exact', 'точно')} {num(exact[key], '.4f')}  {t('simulated', 'симуляция')} "
          f"{num(simulated[key], '.4f')}  {t('difference', 'разность')} {num(gap, '.4f')} = "
          f"{num(gap / se if se else 0, '.1f')} {t('standard errors', 'стандартной ошибки')}")

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
table = findings.table(unrounded, LANG)
table.index.name = t("attacker Strength", "Сила атакующего")
table.columns.name = t("defender Strength", "Сила обороняющегося")
table

# %%
by_difference = {a - 4: float(unrounded.loc[a, 4]) for a in ATTACKER}    # against a defender of Strength 4
gain = {d: by_difference[d + 1] - by_difference[d] for d in range(-3, 3)}
print(t("attacker's chance by Strength difference:", "шанс атакующего по разности Силы:"),
      ", ".join(f"{d:+d}: {num(p)}" for d, p in by_difference.items()))
print(t("what one more point adds:", "что даёт ещё одно очко:"),
      ", ".join(f"{d:+d} → {d + 1:+d}: {num(g, '+.3f')}" for d, g in gain.items()))

# %%
fig, ax = plt.subplots(figsize=(6, 3.2))
ax.plot(list(by_difference), list(by_difference.values()), "o-")
for d, p in by_difference.items():
    ax.annotate(num(p, ".2f"), (d, p), textcoords="offset points", xytext=(0, 6), ha="center")
ax.set_xlabel(t("attacker's Strength less defender's", "Сила атакующего минус Сила обороняющегося"))
ax.set_ylabel(t("attacker's chance of winning", "шанс атакующего на победу"))
ax.set_ylim(0, 1)
plots.localize(ax, LANG)
ax.set_title(t("Battle odds by Strength difference (two d6, no card actions)",
               "Шансы боя по разности Силы (два d6, без действий карт)"));

# %% [markdown]
# **Explain.** The figures above are exact (every roll of the two dice counted), so the sentences below are read off
# them:
#
# ***Объяснение.** Числа выше точные (перебраны все броски двух кубиков), и фразы ниже прочитаны прямо по ним:*

# %%
even = by_difference[0]
top = max(gain, key=gain.get)
after = [gain[d] for d in range(top + 1, 3)]
steady = all(a > b for a, b in zip([gain[top], *after], after, strict=False))
wins = round(even * 36)                 # of the 36 equally likely throws of two dice
say({"en": f"At equal Strength the attacker wins {findings.count(wins, 'time', 'en')} in 36 ({num(even)}): "
           f"equal totals are not a win for the attacker. The point from {top:+d} to {top + 1:+d} adds the most "
           f"({num(gain[top], '+.3f')})"
           + ("; each further point adds less" if steady else "")
           + ", because the difference of two dice is likeliest near 0: a point matters most in an even battle, "
             "where a designer should price Strength highest.",
     "ru": f"При равной Силе атакующий побеждает в {findings.count(wins, 'case:loc', 'ru')} из 36 "
           f"({findings.number(even, '.3f', 'ru')}): равные суммы атакующему не победа. Больше всего даёт очко "
           f"от {top:+d} к {top + 1:+d} ({findings.number(gain[top], '+.3f', 'ru')})"
           + ("; каждое следующее — меньше" if steady else "")
           + ", потому что разность двух кубиков чаще всего близка к 0: очко важнее всего в равном бою — там дизайнеру "
             "и стоит ценить Силу дороже всего."})

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
print(t(f"Turn {fog.turn}: Player {me + 1} may attack. What this seat sees of each battalion:",
        f"Ход {fog.turn}: Игрок {me + 1} может атаковать. Что это место видит в каждом отряде:"))
for label, cards in seen.items():
    print(f"  {label}: " + ", ".join(findings.card_name(c, LANG) if c else t("face down", "закрыта") for c in cards))
SETTLED = 24 if FAST else 256          # samples for a settled estimate (about 0.1 s a sample here)
for attack in [a for a in fog.legal_actions() if a.kind == "attack"]:
    true = dw.battle_odds(fog, attack)["win"]
    guess = dw.battle_odds(fog, attack, seat=me)["win"]                          # 16 samples, as the bots use
    print(t(f"{attack}: the seat's estimate {num(guess)}, the true odds {num(true)}, the gap {num(abs(guess - true))}",
            f"{attack}: оценка места {num(guess)}, истинные шансы {num(true)}, разрыв {num(abs(guess - true))}"))
    settled = dw.battle_odds(fog, attack, seat=me, samples=SETTLED)["win"]
    gap16, gap = abs(guess - true), abs(settled - true)
    r = {k: findings.number(v, ".3f", "ru") for k, v in dict(settled=settled, gap=gap, gap16=gap16).items()}
    luck = abs(gap16 - gap) > 0.02
    say({"en": f"  Over {SETTLED} samples the seat's estimate settles at {settled:.3f}, {gap:.3f} from the truth: the "
               "gap the hidden cards make in this battle. "
               + (f"The 16 samples' gap ({gap16:.3f}) was sampling luck." if luck else
                  f"The 16 samples' gap ({gap16:.3f}) was already near it."),
         "ru": f"  По {SETTLED} выборкам оценка места устанавливается на {r['settled']}, в {r['gap']} от истины: "
               "такой разрыв дают закрытые карты в этом бою. "
               + (f"Разрыв при 16 выборках ({r['gap16']}) был удачей выборки." if luck else
                  f"Разрыв при 16 выборках ({r['gap16']}) был уже близок к нему.")})


# %% [markdown]
# The seat's estimate averages the exact odds over draws of the cards it cannot see (the same sampling the bots use).
# The gap printed above is one battle's. **Predict** how large it is in other battles, then measure: the first
# attacks of other Fog of War games, the seat's estimate against the true odds.
#
# *Оценка места игрока усредняет точные шансы по вариантам карт, которых оно не видит (так же выбирают и боты).
# Разрыв выше — для одного боя. **Предскажите**, каким он бывает в других боях, и измерьте: первые атаки других партий
# Тумана Войны, оценка места против истинных шансов.*

# %%
gaps = []
for seed in range(1, 3 if FAST else 16):             # about 2 s a game: the seat's odds average 16 draws
    other = dw.Game.new("fog-of-war", seed=seed)
    players = [GreedyAgent(seed), GreedyAgent(seed + 100)]
    while not other.is_over and not any(a.kind == "attack" for a in other.legal_actions()):
        other.apply(players[other.current_player].act(other))
    for attack in [a for a in other.legal_actions() if a.kind == "attack"]:
        gaps.append(dw.battle_odds(other, attack, seat=other.current_player)["win"]
                    - dw.battle_odds(other, attack)["win"])
size = pd.Series(gaps).abs()
far, high, low = int((size > 0.1).sum()), sum(g > 0 for g in gaps), sum(g < 0 for g in gaps)
median, most = (findings.number(x, ".3f", "ru") for x in (size.median(), size.max()))
say({"en": f"{findings.count(len(gaps), 'attack', 'en')}: the seat's estimate was off by {size.median():.3f} at the "
           "median, by more than 0.1 "
           f"in {far} of them, by {size.max():.3f} at most; too high in {high}, too low in {low}.",
     "ru": f"Атак измерено: {len(gaps)}. Оценка места ошибалась на {median} в медиане, больше чем на 0,1 — в {far}, "
           f"самое большее на {most}; завышала в {high}, занижала в {low}."})

# %% [markdown]
# That gap, battle by battle, is what hidden information is; each gap above is one estimate of 16 samples, itself
# noisy, as the first battle's settled estimate showed.
#
# *Этот разрыв от боя к бою и есть скрытая информация; каждый разрыв выше — одна оценка по 16 выборкам, сама по себе
# шумная, как показала установившаяся оценка первого боя.*

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
        top = self.best(game, legal)          # GreedyAgent.act scores a sample of what it may know
        return top[0] if len(top) == 1 else self.rng.choice(top)


P = 60 if FAST else 600        # Fog of War games are slower: about 4 s per 100 on two cores
peek = dw.simulate("fog-of-war", [PeekingGreedy(), "greedy"], P, seed=3, progress=False, record=False)
r = metrics.win_rates(peek, "agent").loc[0]
edge = findings.share(int(r["wins"]), int(r["decisive"]), what={"en": "The peeking bot's share of decisive games",
                                                                 "ru": "Доля подглядывающего бота в решённых партиях"})
say(edge)

# %% [markdown]
# **Explain.** Put the two measurements side by side:

# %%
big = (size > 0.1).mean()
lo, hi = intervals.wilson(far, len(gaps))
whole = {"holds": ("over whole games this many games see no edge for the peeking bot; the interval above says how "
                   "large an edge (or a handicap) could still hide in it.",
                   "за целые партии такое число партий не видит перевеса подглядывающего бота; интервал выше говорит, "
                   "какой перевес (или отставание) ещё может в нём прятаться."),
         "above": ("over whole games the peeking bot does win more (its interval is above).",
                   "за целые партии подглядывающий бот и правда выигрывает чаще (интервал выше)."),
         "below": ("yet over whole games the peeking bot wins less: knowing more did not make this bot play better.",
                   "но за целые партии подглядывающий бот выигрывает реже: знание большего не улучшило его игру.")}
say({"en": f"The seat's estimate was off by more than 0.1 in {far} of {findings.count(len(gaps), 'battle:gen', 'en')}"
           f" measured, {findings.interval(big, lo, hi, '.0%', 'en')} (95% Wilson interval: so few battles say "
           "little more); and part of each gap is the noise of the 16-sample estimate itself, not the hidden cards "
           "alone (the first battle's settled estimate showed how much). "
           + findings.capital(whole[edge["verdict"]][0]),
     "ru": f"Оценка места ошибалась больше чем на 0,1 в {far} из {findings.count(len(gaps), 'battle:gen', 'ru')}, "
           f"{findings.interval(big, lo, hi, '.0%', 'ru')} (95-процентный интервал Уилсона: так мало боёв говорит "
           "немногое); и часть каждого разрыва — шум самой оценки по 16 выборкам, а не одни закрытые карты "
           "(установившаяся оценка первого боя показала, какой). " + findings.capital(whole[edge["verdict"]][1])})

# %% [markdown]
# Reasons a bot may gain less than the odds' gaps suggest: Greedy decides mostly on what it does see (Strength on the
# map, sizes, damage), cards turn face up as they act, and a one-step bot does not always turn better knowledge into
# better play. Hidden information matters as much as players can exploit it — a person who remembers and bluffs may
# gain more than this bot.
#
# *Почему бот может выиграть меньше, чем обещают разрывы в шансах: жадный бот решает в основном по тому, что видит
# (Сила на поле, размеры, повреждения), карты открываются, когда действуют, а бот на один ход вперёд не всегда
# превращает лучшее знание в лучшую игру. Скрытая информация значит столько, сколько игроки умеют ею пользоваться:
# человек, который запоминает и блефует, может выиграть больше этого бота.*

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
setup_widget = dw.DictatorWidget(game=dw.Game.from_scenario("sniper-duel"), setup=True, lang=LANG)
setup_widget

# %%
# The same edits as clicks would send, then "Play from here" / Те же правки, что и щелчки
setup_widget.edit({"op": "energy", "player": 0, "value": 8})
setup_widget.play_from_here()
print(t("Energy:", "Энергия:"), setup_widget.game.state.energy, t("| set-up mode:", "| режим расстановки:"),
      t("on", "вкл.") if setup_widget.setup_mode else t("off", "выкл."), t("| decision:", "| решение:"),
      {"activation": t("activation", "активация")}.get(setup_widget.game.decision, setup_widget.game.decision))

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. **Where is a point worth least?** From the table of section 4, at which Strength difference does one more point
#    add least, and why?
# 2. **How many samples?** A seat's odds average over `samples` draws (16 by default). Compute the seat's estimate of
#    section 5 with 1, 2, 4, 8, 16, 64 and 256 samples: when does it settle? (One size alone can land near the
#    truth by luck: look at the whole row.)
# 3. **What does a seat know?** In `"triumvirate+fog-of-war"`, what does Player 1 see of each opponent at the start
#    (`game.view(player=0)`)?
#
# *1. **Где очко стоит меньше всего?** По таблице раздела 4: при какой разности Силы лишнее очко даёт меньше всего и
# почему? 2. **Сколько выборок?** Шансы места игрока усредняются по `samples` вариантам (16 по умолчанию). Посчитайте
# оценку раздела 5 с 1, 2, 4, 8, 16, 64 и 256 вариантами: когда она устаканивается? (Один размер может случайно
# попасть близко к истине: смотрите на весь ряд.) 3. **Что знает место игрока?** Что видит Игрок 1
# о каждом сопернике в начале `"triumvirate+fog-of-war"` (`game.view(player=0)`)?*
#
# Answers: `solutions/06-scenarios-and-odds-solutions.ipynb`. / *Ответы:
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
