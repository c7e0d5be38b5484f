# %% [markdown]
# # Answers to lesson 06 / Ответы к уроку 06
#
# Every sentence below is printed from the numbers it rests on. / *Каждая фраза ниже напечатана по числам, на которых
# она основана.*

# %%
LANG = "en"     # "ru": every output in Russian / все результаты по-русски ("en" prints each answer in both)

import os

import pandas as pd

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.experiments import findings

FAST = bool(os.environ.get("DW_FAST"))   # `make test` sets DW_FAST=1: the same answers on smaller samples
t = findings.translator(LANG)
SHOW = ("en", "ru") if LANG == "en" else ("ru",)   # the languages an answer is printed in


def say(texts):
    """Print ``{"en": ..., "ru": ...}`` in the languages of SHOW."""
    for lang in SHOW:
        print(texts[lang])


# %% [markdown]
# ## 1. Where is a point worth least? / Где очко стоит меньше всего?
#
# First the lesson's own table (section 4: against a defender of Strength 4, differences −3 to +3): what one more point
# of the attacker's Strength adds, by the difference it starts from.
#
# *Сначала таблица самого урока (раздел 4: против обороняющегося Силы 4, разности от −3 до +3): что даёт ещё одно очко
# Силы атакующего в зависимости от исходной разности.*

# %%
ATTACKER = {1: ["T06"], 2: ["T12"], 3: ["H07"], 4: ["H07", "T06"], 5: ["H07", "T12"], 6: ["H07", "T12", "T06"],
            7: ["H07", "T12", "T03"]}
DEFENDER = {1: ["C11"], 2: ["H04"], 3: ["H03"], 4: ["H03", "C11"], 5: ["H03", "H04"], 6: ["H03", "T11", "C11"],
            7: ["H03", "H04", "T11"]}


def win(a, d):
    position = {"battalions": {"A1": {"sector": "d4", "cards": ATTACKER[a]},
                               "B1": {"sector": "e4", "cards": DEFENDER[d]}}, "guilds": []}
    return dw.battle_odds(dw.Game.from_scenario(position), "A1 attack B1")["win"]


odds = {(a, d): win(a, d) for a in ATTACKER for d in DEFENDER}
lesson = {a - 4: odds[a, 4] for a in ATTACKER}                  # the lesson's table: defender of Strength 4
steps = {d: lesson[d + 1] - lesson[d] for d in range(-3, 3)}
for lang in SHOW:
    print(", ".join(f"{d:+d} → {d + 1:+d}: {findings.number(g, '+.3f', lang)}" for d, g in steps.items()))
low = min(steps, key=steps.get)
edge = low in (min(steps), max(steps))
say({"en": f"In the lesson's table a point adds least from {low:+d} to {low + 1:+d} "
           f"({findings.number(steps[low], '+.3f', 'en')})"
           + (": at the table's edge, the farthest from even it reaches." if edge else "."),
     "ru": f"В таблице урока очко даёт меньше всего от {low:+d} к {low + 1:+d} "
           f"({findings.number(steps[low], '+.3f', 'ru')})"
           + (": на краю таблицы, дальше всего от равенства, куда она доходит." if edge else ".")})

# %% [markdown]
# Beyond the lesson's table: the same against every defender, differences −6 to +5, each step averaged over the
# battles that start from it.
#
# *За пределами таблицы урока: то же против каждого обороняющегося, разности от −6 до +5, каждый шаг усреднён по боям,
# которые с него начинаются.*

# %%
gains = pd.Series({(a - d): odds[a + 1, d] - odds[a, d] for a, d in odds if a + 1 in ATTACKER}).groupby(level=0).mean()
gains.index.name = t("Strength difference before the point", "разность Силы до очка")
print(findings.table(gains.rename(t("what the point adds", "что даёт очко")).to_frame(), LANG).T.to_string())
reach = gains[gains > 1e-9]                       # where the dice can still turn the battle
least = [d for d in reach.index if reach[d] <= reach.min() + 1e-9]
zero = [d for d in gains.index if d not in reach.index]
at = " / ".join(f"{d:+d}" for d in least)
say({"en": f"A point adds least from {at} ({reach.min():+.3f}): as far from even as the dice still reach, where the "
           "two dice's difference is rarely large enough to matter. "
           + (f"From {', '.join(f'{d:+d}' for d in zero)} it adds nothing: the dice cannot bridge that gap." if zero
              else ""),
     "ru": f"Меньше всего очко даёт от {at} ({findings.number(reach.min(), '+.3f', 'ru')}): так далеко от равенства, "
           "как ещё достают кубики, где разность двух кубиков редко бывает достаточно большой. "
           + (f"От {', '.join(f'{d:+d}' for d in zero)} оно не даёт ничего: кубики не перекрывают такой разрыв."
              if zero else "")})

# %% [markdown]
# ## 2. How many samples? / Сколько выборок?

# %%
fog = dw.Game.new("fog-of-war", seed=3, placement="fixed")
bots = [GreedyAgent(1), GreedyAgent(2)]
while not any(a.kind == "attack" for a in fog.legal_actions()):
    fog.apply(bots[fog.current_player].act(fog))
me = fog.current_player
attack = [a for a in fog.legal_actions() if a.kind == "attack"][0]
true = dw.battle_odds(fog, attack)["win"]
SIZES = (1, 2, 4, 8, 16) if FAST else (1, 2, 4, 8, 16, 64, 256)      # about 0.1 s a sample
estimates = pd.Series({n: dw.battle_odds(fog, attack, seat=me, samples=n)["win"] for n in SIZES})
estimates.index.name = t("samples", "выборки")
print(findings.table(estimates.rename(t("the seat's estimate", "оценка места")).to_frame(), LANG).T.to_string())
most = SIZES[-1]
final = estimates[most]
settled = next(n for n in estimates.index if (estimates[estimates.index >= n] - final).abs().max() <= 0.05)
off16, truth = abs(estimates[16] - final), abs(final - true)
r = {k: findings.number(v, ".3f", "ru") for k, v in dict(final=final, true=true, off16=off16, truth=truth).items()}
say({"en": f"{attack}: from {settled} samples on the estimate stays within 0.05 of its value at {most} ({final:.3f}); "
           f"the default 16 were {off16:.3f} from it. The true odds are {true:.3f}. More samples make the estimate "
           "steadier, not closer to the truth: it settles on the average over what the seat cannot see"
           + (", which here lies near the truth." if truth <= 0.02 else f", {truth:.3f} from the truth here."),
     "ru": f"{attack}: начиная с {settled} выборок оценка держится в пределах 0,05 от своего значения при {most} "
           f"({r['final']}); 16 выборок по умолчанию были от него в {r['off16']}. Истинные шансы {r['true']}. Больше "
           "выборок делают оценку устойчивее, но не ближе к истине: она устанавливается на среднем по тому, чего место "
           "не видит" + (", и здесь оно близко к истине." if truth <= 0.02 else f", здесь в {r['truth']} от истины.")})

# %% [markdown]
# ## 3. What does a seat know? / Что знает место игрока?

# %%
three = dw.Game.new("triumvirate+fog-of-war", seed=1)
for p in three.view(player=0)["players"]:
    hand = "; ".join(findings.card_name(c, LANG) for c in p["hand"]) if p["hand"] else t("hidden", "скрыты")
    print(t(f"Player {p['index'] + 1}: {p['hand_size']} cards in hand: {hand}",
            f"Игрок {p['index'] + 1}: карт в руке {p['hand_size']}: {hand}"))

# %% [markdown]
# At the start each player holds a dealt hand. Player 1 sees its own cards and, of each opponent, only how many cards
# they hold (the lines above). Once the battalions are on the map, the opponents' cards there are face down too, until
# they act.
#
# *В начале у каждого игрока сданная рука. Игрок 1 видит свои карты, а о каждом сопернике — лишь сколько у него карт
# (строки выше). Когда отряды выходят на поле, карты соперников там тоже закрыты, пока не сработают.*
