"""Writes notebooks/06-scenarios-and-odds.ipynb (then run it once to store its outputs)."""

import nbformat as nbf

md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
cells = [
    md("# Scenarios and battle odds / Сценарии и шансы в бою\n\n"
       "Set up a position in a few lines, read the exact odds of an attack, check them against simulated "
       "battles, and tabulate the odds by Strength.\n\n"
       "*Позиция в несколько строк, точные шансы атаки, проверка симуляцией и таблица шансов по Силе.*"),
    md("## 1. A position / Позиция\n\nA scenario lists the battalions; everything else takes the mission's "
       "defaults. Shipped scenarios live in `cards/scenarios/` (`first-battle`, `guild-rush`, `sniper-duel`)."),
    code('''import dictator_widget as dw
from dictator_widget.engine.odds import simulate_battles

game = dw.Game.from_scenario({
    "battalions": {
        "A1": {"sector": "d4", "cards": ["T04", "T01", "T10"]},     # Knight, WASP, Orion
        "B1": {"sector": "e4", "cards": ["C08", "C04", "C03"]},     # Infiltrator, Snail, Genomorph
    },
    "energy": [6, 6],
    "guilds": ["d3"],
})
print([str(a) for a in game.legal_actions() if a.kind.startswith("attack")])'''),
    md("## 2. Exact odds / Точные шансы\n\nEvery die is enumerated, re-rolls included; each side's choices "
       "follow a policy: `greedy` (the best immediate choice) or `best` (each side maximises its own chance "
       "of winning over the whole battle)."),
    code('''for policy in ("greedy", "best"):
    odds = dw.battle_odds(game, "A1 attack B1", policy=policy)
    print(f"{policy:6}  win {odds['win']:.3f}  draw {odds['draw']:.3f}  loss {odds['loss']:.3f}  "
          f"Energy spent {[round(e, 2) for e in odds['energy_spent']]}  likely damaged {odds['likely_damaged']}")

guild = dw.battle_odds(game, "A1 attack guild d3")
print(f"Guild   win {guild['win']:.3f}  draw {guild['draw']:.3f}  loss {guild['loss']:.3f}")'''),
    md("## 3. Check against simulated battles / Проверка симуляцией\n\n10,000 battles fought with the "
       "game's own dice and the same policy."),
    code('''exact = dw.battle_odds(game, "A1 attack B1")
simulated = simulate_battles(game, "A1 attack B1", battles=10_000, seed=1)
for key in ("win", "draw", "loss"):
    print(f"{key:5} exact {exact[key]:.4f}   simulated {simulated[key]:.4f}   difference {abs(exact[key] - simulated[key]):.4f}")
assert all(abs(exact[k] - simulated[k]) < 0.02 for k in ("win", "draw", "loss"))'''),
    md("## 4. Odds by Strength / Шансы по Силе\n\nPlain cards without actions make battalions of a given "
       "Strength: the attacker's chance of winning, by attacker (rows) and defender (columns) Strength."),
    code('''import pandas as pd

# cards whose actions cannot change who wins a battle against a battalion
ATTACKER = {1: ["T06"], 2: ["T12"], 3: ["T07"], 4: ["T07", "T06"], 5: ["T07", "T12"], 6: ["T07", "H07"],
            7: ["T07", "H07", "T06"]}
DEFENDER = {1: ["C11"], 2: ["H04"], 3: ["H03"], 4: ["H03", "C11"], 5: ["H03", "H04"], 6: ["H03", "T11", "C11"],
            7: ["H03", "H04", "T11"]}
table = pd.DataFrame(
    {d: {a: dw.battle_odds(dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ca},
                                                                  "B1": {"sector": "e4", "cards": cd}},
                                                   "guilds": []}), "A1 attack B1")["win"]
         for a, ca in ATTACKER.items()}
     for d, cd in DEFENDER.items()}).round(3)
table.index.name, table.columns.name = "attacker Strength", "defender Strength"
table'''),
    md("Equal Strength wins 15 times in 36 (0.417); each point of Strength is worth about 0.14 around the "
       "middle. / При равной Силе атакующий побеждает в 15 случаях из 36; каждое очко Силы даёт около 0,14."),
]
nb = nbf.v4.new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                "language": "python"}})
nbf.write(nb, "notebooks/06-scenarios-and-odds.ipynb")
