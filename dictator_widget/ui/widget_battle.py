"""The steps of a battle as the widget plays them: the log's events of the battle on, or of the last one.

One decision may run several phases at once (a Pass in the Collision Phase rolls, decides, damages and
rewards); the front end shows these steps one after another at the widget's ``pace``.

>>> import dictator_widget as dw
>>> g = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
...     "B1": {"sector": "c5", "cards": ["C01"]}, "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]})
>>> _ = g.apply("A1 attack B1")
>>> [s["kind"] for s in battle_steps(g)]
['attack', 'phase', 'phase', 'strength', 'phase', 'roll', 'winner', 'phase', 'damage', 'annihilated']
>>> battle_steps(g)[5]["args"], battle_steps(g)[6]["args"]     # the fields the screen draws, or none
({'attacker': 6, 'defender': 1, 'attacker_total': 14, 'defender_total': 4}, {})
"""

from __future__ import annotations

from ..engine import Game
from ..engine.rules.log import ALL, Viewer
from ..engine.rules.vocabulary import BATTLE_STARTS, DECIDING, EventKind
from ..engine.views.view import battle_start
from .view_schema import BattleStep

_E = EventKind
OUTCOMES = frozenset({_E.PHASE, _E.DAMAGE, _E.DUMP, _E.ANNIHILATED, _E.GUILD_TAKEN, _E.HIRELING, _E.ENERGY_REWARD,
                      _E.DISCARD, _E.TAKE, _E.ENERGY, _E.SIEGE, _E.REVEAL, _E.CONCEAL})
"""What may follow the decision within the battle (its damage and reward); anything else ends it."""
DRAWN = frozenset({*BATTLE_STARTS, _E.PHASE, _E.STRENGTH, _E.ROLL, _E.REROLL, _E.DAMAGE})
"""The events whose fields the screen draws (the others show as their log line): only these carry them."""


def battle_steps(game: Game, viewer: Viewer = None, turns: int = 2) -> list[BattleStep]:
    """The events of the battle on, or of the last finished one of the last ``turns`` turns (as
    ``engine.views.view.last_battle`` chooses it), as ``viewer`` may read them; [] when there is none."""
    log = game.log
    start = battle_start(log, turns)
    if start is None:
        return []
    reader = ALL if viewer is None else viewer
    steps: list[BattleStep] = []
    decided = False
    for i in range(start, len(log)):
        e = log[i]
        if i > start and (e.kind in BATTLE_STARTS or e.kind == EventKind.TURN or (decided and e.kind not in OUTCOMES)):
            break
        decided = decided or e.kind in DECIDING
        steps.append({"at": i, "kind": e.kind, "args": e.visible_args(reader) if e.kind in DRAWN else {}})
    return steps
