# %% [markdown]
# # The training mission, step by step / Обучающая миссия, шаг за шагом
#
# The rulebook's walkthrough of the training mission (M0), played in the widget. Run the cells one by one
# (**Shift+Enter**): each plays the next step of the walkthrough with `widget.game.apply(...)` and prints what
# happened; the board above follows every step. To keep the board in sight as you go down the notebook, right-click it
# and choose **Create New View for Cell Output**: a second view of the same game opens beside the notebook and follows
# every step too.
#
# *Разбор обучающей миссии (M0) из правил, сыгранный в виджете. Выполняйте ячейки по одной (**Shift+Enter**): каждая
# делает следующий шаг разбора через `widget.game.apply(...)` и печатает, что произошло; поле выше меняется с каждым
# шагом. Чтобы поле оставалось на виду, пока вы идёте по блокноту, щёлкните по нему правой кнопкой и выберите **Create
# New View for Cell Output**: второй вид той же партии откроется рядом с блокнотом и тоже будет следовать за каждым
# шагом.*
#
# Templars (Player 1) start in the Green Zone, Synclith (Player 2) in the Yellow Zone; both have six Energy. /
# *Тамплиеры (Игрок 1) начинают в зелёной зоне старта, Синклит (Игрок 2) — в жёлтой; у обоих по шесть единиц Энергии.*

# %% [markdown]
# ## Goals / Цели
#
# After this lesson you can:
# - follow a battle through its four phases (Condition, Strength, Collision, Damage: R20–R23) and say who decides
#   what in each
# - read a game as a sequence of decisions, each written in the engine's notation
# - check a rulebook's example against the rules as the engine plays them
#
# *После этого урока вы умеете:*
# - *провести бой через четыре фазы (Условий, Силы, Столкновения, Ущерба: R20–R23) и сказать, кто что решает в
#   каждой*
# - *читать партию как последовательность решений, каждое в нотации движка*
# - *сверить пример из правил с правилами, как их играет движок*

# %% tags=["ignore-output"]
LANG = "en"     # "ru": the board and every printed line in Russian / поле и все строки по-русски

import dictator_widget as dw
from dictator_widget.experiments import findings

t = findings.translator(LANG)               # t(en, ru): the words in the lesson's language
DECISION = {"activation": "активация", "condition": "Фаза Условий", "strength": "Фаза Силы",
            "collision": "Фаза Столкновения", "damage": "Фаза Ущерба"}


def decision():
    """The kind of decision owed now, in the lesson's language."""
    return t(game.decision, DECISION.get(game.decision, game.decision))

widget = dw.DictatorWidget(mission="training", seed=0, lang=LANG)
widget

# %%
game = widget.game


def last(kind):
    """The latest log event of a kind (roll, strength, reroll, ...)."""
    return [e for e in game.log if e.kind == kind][-1]


print(t("initiative rolls:", "броски на инициативу:"), [e.args["roll"] for e in game.log if e.kind == "initiative"],
      t("| Player", "| Игрок"), game.current_player + 1, t("to move:", "ходит, решение:"), decision())

# %% [markdown]
# ## 1. Initiative and the first move / Инициатива и первый ход
#
# You roll 6, your opponent rolls 4: the Templars take the initiative and move first. You play your second battalion
# (WASP, Orion, Knight) first, skip the standard maneuvers and use WASP's special action, **Turbo Jump**: the
# battalion flies three sectors and lands next to the third Synclith battalion.
#
# *Вы бросаете кубик — 6, у соперника 4: Тамплиеры захватывают инициативу и ходят первыми. Первым ходит ваш второй
# отряд (WASP, Орион, Рыцарь): вы отказываетесь от стандартных маневров и применяете специальное действие WASP,
# «Турбопрыжок», — отряд перелетает на три сектора и встаёт рядом с третьим отрядом Синклита.*

# %%
game.apply("A2 T01:turbo-jump e4")
a2, b3 = game.state.battalions["A2"].sector, game.state.battalions["B3"].sector
print(t(f"A2 on {a2}, B3 on {b3}: neighbours {game.board.has_edge(a2, b3)}",
        f"A2 на {a2}, B3 на {b3}: соседи — {'да' if game.board.has_edge(a2, b3) else 'нет'}"))

# %% [markdown]
# ## 2. The battle: Condition Phase / Бой: Фаза Условий
#
# A2 attacks B3. You have no card for the Condition Phase; the Synclith leader uses the Snail's **Corrosion** (1
# Energy). Its effect shows in the Strength Phase: your Knight is PAR-Infantry and adds no Strength in this battle — 2
# against 4.
#
# *A2 атакует B3. У вас нет карт для Фазы Условий; лидер Синклита применяет «Коррозию» Улитки (1 Энергия). Последствия
# видны в Фазе Силы: ваш Рыцарь — бронепехота и в этом бою не добавляет Силу отряду — 2 против 4.*

# %%
game.apply("A2 attack B3")
print(t("decision:", "решение:"), decision(), t("| Player", "| Игрок"), game.current_player + 1,
      t("(the defender) acts", "(обороняющийся) действует"))
game.apply("C04:corrosion")
strength = last("strength").args
print(t(f"Strength: attacker {strength['attacker']}, defender {strength['defender']}",
        f"Сила: атакующий {strength['attacker']}, обороняющийся {strength['defender']}"),
      t("| Energy:", "| Энергия:"), game.state.energy)

# %% [markdown]
# ## 3. Strength Phase: Acceleration / Фаза Силы: «Форсаж»
#
# Despite the Corrosion the Knight can still act: **Acceleration** (1 Energy) adds 2 to your Strength. Collision: you
# roll 6, the opponent 4 — 10 against 8. (The rulebook prints 5 and 9 for the Synclith side; with the cards as printed
# their Strength is 4, so 8.)
#
# *Несмотря на «Коррозию», Рыцарь всё ещё может действовать: «Форсаж» (1 Энергия) прибавляет отряду 2 Силы.
# Столкновение: у вас 6, у соперника 4 — 10 против 8. (В правилах у Синклита напечатано 5 и 9; по картам их Сила 4,
# значит 8.)*

# %%
game.apply("T04:acceleration")
roll = last("roll").args
print(t("totals:", "суммы:"), roll["attacker_total"], t("against", "против"), roll["defender_total"],
      t("| decision:", "| решение:"), decision(), t("| Player", "| Игрок"), game.current_player + 1)

# %% [markdown]
# ## 4. Collision Phase: Bio-bugs / Фаза Столкновения: «Биобаги»
#
# The Synclith player activates the Infiltrator's **Bio-bugs** and makes you re-roll: this time a 2, so 6 against 8.
# Synclith wins the battle. Bio-bugs costs no Energy.
#
# *Игрок Синклита активирует «Биобаги» Инфильтратора и заставляет вас перебросить кубик: на этот раз 2, то есть 6
# против 8. Синклит побеждает в бою. «Биобаги» не стоят Энергии.*

# %%
game.apply("C08:bio-bugs")
print(t("re-roll:", "переброс:"), last("reroll").args["roll"], t("| battle won by Player", "| бой выиграл Игрок"),
      game.state.battle.winner + 1, t("| decision:", "| решение:"), decision())

# %% [markdown]
# ## 5. Damage Phase: Aimed Shot, Assimilation / Фаза Ущерба: «Прицельный выстрел», «Ассимиляция»
#
# You must damage one card of the losing battalion: you choose Orion. A damaged card keeps its Strength and actions:
# Orion spends 2 Energy on **Aimed Shot** and sends the Infiltrator to the Dump. Then the Genomorph **assimilates**
# the damaged Orion: Orion joins B3 in the Genomorph's place, and the Genomorph goes to the Dump.
#
# *Вы обязаны повредить одну карту проигравшего отряда и выбираете Ориона. Повреждённая карта сохраняет Силу и
# действия: Орион тратит 2 Энергии на «Прицельный выстрел» и отправляет Инфильтратора в Отбой. Затем Геноморф
# «ассимилирует» повреждённого Ориона: Орион переходит в B3 на место Геноморфа, а Геноморф уходит в Отбой.*

# %%
for notation in ["damage T10", "T10:aimed-shot C08", "C03:assimilation T10"]:
    game.apply(notation)
print("A2:", game.state.battalions["A2"].cards, "| B3:", game.state.battalions["B3"].cards,
      t("| Dump:", "| Отбой:"), game.state.dump, t("| Energy:", "| Энергия:"), game.state.energy)

# %% [markdown]
# ## 6. The exchange, and the end of your turn / Обмен и конец хода
#
# Your first and third battalions make the standard **Exchange**: Toloss and Cyrberus swap places. Both battalions
# have now acted: the turn passes to Synclith.
#
# *Ваши первый и третий отряды совершают стандартный маневр «Обмен»: Толос и Кербер меняются местами. Оба отряда
# походили: ход переходит к Синклиту.*

# %%
game.apply("A1 exchange A3 give T11 take T12")
print("A1:", game.state.battalions["A1"].cards, "| A3:", game.state.battalions["A3"].cards,
      t("| turn", "| ход"), game.turn, t("| Player", "| Игрок"), game.current_player + 1)

# %% [markdown]
# ## 7. Synclith attacks the eighth Guild / Синклит атакует восьмой Цех
#
# The first Synclith battalion (Argus, the Rider, Hoplone) moves one sector and attacks the Guild at e5 (Strength 3).
# Argus uses **Big Brother**; the Rider's **Control** adds the Strength of Argus: 4 + 2 = 6. The dice: 3 for Synclith,
# 4 for the Guild — 9 against 7. The Guild is captured.
#
# *Первый отряд Синклита (Аргус, Всадница, Гоплон) перемещается на один сектор и атакует Цех в e5 (Сила 3). Аргус
# применяет «Большого Брата»; «Управление» Всадницы прибавляет Силу Аргуса: 4 + 2 = 6. Кубики: у Синклита 3, у Цеха 4
# — 9 против 7. Цех захвачен.*

# %%
for notation in ["B1 move f5", "B1 attack guild e5", "C10:big-brother", "C07:control C10", "pass"]:
    game.apply(notation)
roll = last("roll").args
print(t("totals:", "суммы:"), roll["attacker_total"], t("against", "против"), roll["defender_total"],
      t("| Guild at e5 left:", "| Цех на e5 остался:"), t("yes", "да") if "e5" in game.state.guilds else t("no", "нет"),
      t("| options:", "| варианты:"), sorted(str(a) for a in game.legal_actions()))

# %% [markdown]
# ## 8. A Hireling from the top three / Наёмник из трёх верхних
#
# Thanks to Big Brother, the Synclith leader chooses from the top three Hirelings and takes the **Minotaur**. A
# battalion holds at most three cards, so Hoplone goes to the Dump.
#
# *Благодаря «Большому Брату» лидер Синклита выбирает из трёх верхних карт Наёмников и берёт **Минотавра**. В отряде
# не больше трёх карт, поэтому Гоплон уходит в Отбой.*

# %%
game.apply("hire H01")
game.apply("discard C06")
print("B1:", [game.cards[c].name[LANG] for c in game.state.battalions["B1"].cards])

# %% [markdown]
# ## 9. The first Guild, and Manta's Energy / Первый Цех и Энергия Манты
#
# The second battalion uses Shamir's **Hidden Paths** to reach the first Guild and attacks it: 4 + 3 = 7 against 3 + 3
# = 6. Manta's **Siphon** moves the Energy counter one point; Synclith wins again and takes 1 Energy instead of a
# Hireling. Here the training mission ends.
#
# *Второй отряд по «Тайным тропам» Шамира выходит к первому Цеху и атакует его: 4 + 3 = 7 против 3 + 3 = 6. «Сифон»
# Манты сдвигает жетон Энергии на одно деление; Синклит снова побеждает и берёт единицу Энергии вместо Наёмника. На
# этом обучающая миссия завершена.*

# %%
for notation in ["B2 C11:hidden-paths f2", "B2 attack guild e2", "C12:siphon", "energy"]:
    game.apply(notation)
print(t("Energy:", "Энергия:"), game.state.energy, t("| Dump:", "| Отбой:"),
      [game.cards[c].name[LANG] for c in game.state.dump], t("| decisions so far:", "| решений:"), len(game.history))

# %% [markdown]
# ## Where the rulebook leaves you / Где оставляют правила
#
# The game stands exactly as the rulebook tells it: the Templars have **3 Energy** (6, less 1 for Acceleration and 2
# for the Aimed Shot), the Synclith **7** (6, less 1 for Corrosion, plus 1 from Manta's Siphon and 1 from the Guild),
# and the Dump holds the **Infiltrator, the Genomorph and Hoplone**. Play on in the widget above if you like.
# (`tests/test_missions.py` checks every step of this walkthrough.)
#
# *Игра стоит ровно так, как рассказывают правила: у Тамплиеров **3 Энергии** (6, минус 1 за «Форсаж» и 2 за
# «Прицельный выстрел»), у Синклита **7** (6, минус 1 за «Коррозию», плюс 1 от «Сифона» Манты и 1 за Цех), а в Отбое
# лежат **Инфильтратор, Геноморф и Гоплон**. Можно доиграть в виджете выше.*

# %% [markdown]
# ## Exercises / Упражнения
#
# 1. Undo the Bio-bugs (`game.undo()` as many times as needed) and pass instead: who wins the battle now, and why?
# 2. In each phase of the battle, who decided, and how many options did they have (`len(game.legal_actions())`)?
# 3. Find the rule behind step 5's Assimilation in `docs/rulebook.md`.
#
# *1. Отмените «Биобаги» (`game.undo()` столько раз, сколько нужно) и спасуйте: кто теперь побеждает в бою и почему?
# 2. Кто решал в каждой фазе боя и сколько у него было вариантов? 3. Найдите в `docs/rulebook.md` правило, по которому
# работает «Ассимиляция» шага 5.*
#
# <details><summary>Answers / Ответы</summary>
#
# 1. The Templars: 10 against 8 stands, so the Synclith battalion loses and the Templars choose nothing — the loser
#    damages a card. / *Тамплиеры: 10 против 8 остаётся, отряд Синклита проигрывает.* 2. The attacker and the defender
#    in turn in each Action Phase; the loser in the Damage Phase. / *В каждой Фазе Действия по очереди атакующий и
#    обороняющийся; в Фазе Ущерба — проигравший.* 3. Search the page for «Ассимиляция». / *Ищите на странице
#    «Ассимиляция».*
#
# </details>

# %% [markdown]
# Answer 2 with its counts, from a replay of the battle (the same mission and seed): each decision, who took it, and
# how many options they had. / *Ответ 2 с числами — по повтору боя (та же миссия, то же зерно): каждое решение, кто его
# принял и сколько было вариантов.*

# %%
battle = dw.Game.new("training", seed=0)
battle.apply("A2 T01:turbo-jump e4")
for notation in ["A2 attack B3", "C04:corrosion", "T04:acceleration", "C08:bio-bugs", "damage T10",
                 "T10:aimed-shot C08", "C03:assimilation T10"]:
    options = len(battle.legal_actions())
    word = t(findings.plural(options, ("option", "options")), findings.plural(options, ("вариант", "варианта",
                                                                                            "вариантов")))
    print(f"{t(battle.decision, DECISION.get(battle.decision, battle.decision))}: {t('Player', 'Игрок')} "
          f"{battle.current_player + 1}, {options} {word} → {notation}")
    battle.apply(notation)

# %% [markdown]
# ## What a designer learns from this / Чему это учит дизайнера
#
# - A battle is a chain of small decisions by both players: each is a place where a card can act, and where a rule
#   must say who decides.
# - Writing a game as decisions (notation) lets you replay, test and measure it.
# - A rulebook's own example is a test: here one printed figure (5 and 9) disagrees with the cards.
#
# - *Бой — это цепочка маленьких решений обоих игроков: в каждом может сработать карта, и в каждом правило должно
#   сказать, кто решает.*
# - *Запись игры как решений (нотация) позволяет её повторять, проверять и измерять.*
# - *Пример из правил — это тест: здесь одно напечатанное число (5 и 9) расходится с картами.*
