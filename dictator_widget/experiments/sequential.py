"""A match that stops as soon as it has shown what it set out to: Wald's sequential probability ratio test.

``sequential_match`` plays the games of a :func:`~dictator_widget.simulate` batch in order (the same seeds,
the same seat rotation) and after each one weighs the evidence that agent 0 wins with probability ``p1``
against ``p0``; it stops when the log-likelihood ratio leaves (log B, log A), Wald's bounds for error rates
``alpha`` and ``beta``, or after ``max_games``. A stronger agent is usually shown in far fewer games than a
fixed-size match needs for the same errors; the decision depends only on the games' results in order, so
it is the same whatever the number of processes.

>>> llr_step(True, 0.5, 0.75) > 0 > llr_step(False, 0.5, 0.75)
True
>>> bounds(0.05, 0.05)
(-2.9444389791664403, 2.9444389791664403)
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..engine import DictatorError
from ..engine.content.missions import combine
from ..engine.rules.game import DEFAULT_TURN_CAP
from .simulate import AgentSpec, Batch, play_game


def llr_step(won: bool, p0: float, p1: float) -> float:
    """The change of the log-likelihood ratio (p1 over p0) from one game, won or not."""
    return math.log(p1 / p0) if won else math.log((1 - p1) / (1 - p0))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's stopping bounds (log B, log A) for error rates ``alpha`` (accepting p1 wrongly) and ``beta``."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass(frozen=True)
class Verdict:
    """What a sequential match showed: ``decision`` is "p1", "p0" or "undecided" (``max_games`` reached)."""

    decision: str
    games: int
    wins: int
    llr: float


def sequential_match(mission: str, agents: Sequence[AgentSpec], *, p0: float = 0.5, p1: float = 0.65,
                     alpha: float = 0.05, beta: float = 0.05, max_games: int = 200, seed: int = 0,
                     workers: int | None = None) -> Verdict:
    """Play ``agents`` (agent 0 is the one judged) until Wald's test decides between win rates p0 and p1.

    Games run ahead on a process pool of ``workers`` (all cores by default); those past the stopping
    point are cancelled or ignored. Draws and turn-cap games count as games agent 0 did not win.
    """
    if not 0 < p0 < p1 < 1:
        raise DictatorError(f"need 0 < p0 < p1 < 1, got p0={p0}, p1={p1}")
    low, high = bounds(alpha, beta)
    batch = Batch(combine(mission), tuple(agents), int(seed), None, DEFAULT_TURN_CAP, False)
    llr, wins = 0.0, 0
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
        futures: list[Future[dict[str, Any]]] = [pool.submit(play_game, batch, i) for i in range(max_games)]
        try:
            for n, future in enumerate(futures, start=1):
                won = future.result()["winner_agent"] == 0
                wins += won
                llr += llr_step(won, p0, p1)
                if llr >= high or llr <= low:
                    return Verdict("p1" if llr >= high else "p0", n, wins, llr)
        finally:
            for f in futures:
                f.cancel()
    return Verdict("undecided", max_games, wins, llr)
