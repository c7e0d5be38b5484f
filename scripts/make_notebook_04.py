"""Writes notebooks/04-design-a-card.ipynb (then run it once to store its outputs)."""

import nbformat as nbf

md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
cells = [
    md("# Design a card / Придумайте карту\n\n"
       "A teacher's walkthrough: write a new card in TOML, load it, put it in a battalion, "
       "and play a battle with it.\n\n"
       "*Учебный пример: напишите новую карту в TOML, загрузите её, поставьте в отряд и сыграйте бой.*"),
    md("## 1. Write the card / Напишите карту\n\n"
       "A card combines named effects from the registry (`dictator_widget.engine.effects`) with parameters; "
       "no Python is needed. Our card: **Sister of Mercy**, Templar infantry, Strength 1, who repairs a damaged "
       "card of her battalion in the Damage Phase for 1 Energy, and who adds +1 Strength against Guilds."),
    code('''import tempfile
from pathlib import Path

import dictator_widget as dw

folder = Path(tempfile.mkdtemp())
(folder / "my_cards.toml").write_text(\'\'\'
faction = "templars"

[[card]]
id = "T90"
name = { en = "Sister of Mercy", ru = "Сестра милосердия" }
type = "infantry"
strength = 1
text = { en = "A field nurse of the Order.", ru = "Полевая сестра Ордена." }

[[card.action]]
id = "mercy"
name = { en = "Mercy", ru = "Милосердие" }
phase = "damage"
cost = 1
effect = "repair"
text = { en = "Spend 1 Energy: restore a damaged card of this battalion.", ru = "Потратьте 1 Энергию: восстановите повреждённую карту отряда." }

[[card.action]]
id = "banner"
name = { en = "Banner", ru = "Знамя" }
phase = "strength"
cost = 0
effect = "strength"
params = { amount = 1, side = "own" }
when = ["vs-guild"]
text = { en = "Against a Guild only: +1 Strength.", ru = "Только против Цеха: +1 к Силе." }
\'\'\', encoding="utf-8")'''),
    md("## 2. Load it / Загрузите\n\n`dw.load_cards(folder)` adds your cards to the shipped set and checks them."),
    code('''cards = dw.load_cards(folder)
sister = cards["T90"]
print(sister.name["en"], "/", sister.name["ru"], "| Strength", sister.strength, "| phases", sister.phases)
for action in sister.actions:
    print(" -", action.name["en"], "/", action.name["ru"], ":", action.phase, "cost", action.cost, "->", action.effect)'''),
    md("A mistake is reported with the file, the card and the field:"),
    code('''broken = Path(tempfile.mkdtemp())
(broken / "oops.toml").write_text((folder / "my_cards.toml").read_text(encoding="utf-8").replace('effect = "repair"', 'effect = "heal"'), encoding="utf-8")
try:
    dw.load_cards(broken)
except dw.CardDataError as error:
    print("CardDataError:", str(error).split(": ", 1)[1])'''),
    md("## 3. Put her in a battalion and fight / В отряд и в бой\n\n"
       "A scenario places the battalions: the Sister beside a damaged Knight, facing the Synclith."),
    code('''game = dw.Game.from_scenario({
    "battalions": {
        "A1": {"sector": "d4", "cards": ["T90", "T04", "T02"], "damaged": ["T04"]},
        "B1": {"sector": "e4", "cards": ["C08", "C01"]},
        "B2": {"sector": "g4", "cards": ["C11"]},
    },
    "seed": 1,
    "dice": [2, 5],
}, cards=str(folder))
game.apply("A1 attack B1")
print(game.decision, [str(a) for a in game.legal_actions()])'''),
    md("The Templars lose the roll (Strength 5 + 2 against 3 + 5). They damage the Perseus, and the Sister of "
       "Mercy restores the Knight:"),
    code('''while game.decision != "damage" or "damage T02" not in [str(a) for a in game.legal_actions()]:
    game.apply("pass")
game.apply("damage T02")
print([str(a) for a in game.legal_actions()])
game.apply("T90:mercy T04")
for event in game.log[-6:]:
    print(event.text("en"), "|", event.text("ru"))'''),
    code('''assert "T04" not in game.state.damaged and "T02" in game.state.damaged
print("Battalion A1:", [cards[c].name["en"] for c in game.state.battalions["A1"].cards],
      "damaged:", sorted(game.state.damaged))'''),
    md("## 4. Your turn / Ваша очередь\n\n"
       "Change the numbers (Strength, cost, the effect's parameters), reload and play the battle again. "
       "The effects you can combine are listed in `docs/rules-engine.md`; the schema for editors is "
       "`dictator_widget/card.schema.json`."),
]
nb = nbf.v4.new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                "language": "python"}})
nbf.write(nb, "notebooks/04-design-a-card.ipynb")
