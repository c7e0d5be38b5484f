"""The what-if lab: batch simulation into DataFrames, design metrics, plots and replays.

``simulate`` plays games (in parallel) into a pandas DataFrame; ``metrics``
measures a table (win rates with Wilson intervals, first-player advantage,
balance, duration, card impact, outliers); ``plots`` draws them; ``findings`` compares two rule sets
and says what an interval supports, in English and Russian; ``replay``
rebuilds any simulated game and ``timeline`` shows it in the widget; ``tournament`` plays a class's
bots or card sets against each other into a league table; ``tune`` searches the card numbers for a fair
game (Optuna) and ``rescore`` scores its patch again on fresh seeds; ``worth`` and ``action_value`` are
counterfactuals on bots' games (what an Energy or a damage is worth, whether a card action's use is a misplay),
run from ``studies/``. pandas
and matplotlib are imported only when used, so ``import dictator_widget``
stays quick.
"""

from __future__ import annotations

import importlib
from typing import Any

from .ablation import blank_cards, layered, paired_difference
from .classroom import from_class
from .simulate import game_seed, replay, simulate
from .timeline import timeline
from .tournament import tournament
from .tune import TuneResult, rescore, tune

__all__ = ["blank_cards", "cli", "findings", "from_class", "game_seed", "layered", "metrics", "paired_difference",
           "plots", "replay", "rescore", "simulate", "timeline", "tournament", "tune", "TuneResult"]


def __getattr__(name: str) -> Any:
    if name in ("metrics", "plots", "cli", "findings"):
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
