"""Intervals of rates in pure Python (no pandas, no numpy): what :mod:`~dictator_widget.experiments.findings` needs
to state a finding, so lesson 01 states its own on the JupyterLite site, which has neither.
``metrics`` gives the same functions beside the table measures.
"""

from __future__ import annotations

import math
from typing import Any

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (95% by default).

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    >>> wilson(0, 24)[0], wilson(24, 24)[1]          # the rate itself, not a rounding error beside it
    (0.0, 1.0)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def difference(k1: int, n1: int, k2: int, n2: int) -> dict[str, float]:
    """The difference of two rates, ``k1/n1 - k2/n2``, with its own 95% interval (Newcombe's, from the two
    Wilson intervals): whether two rule sets or two groups differ, which two overlapping intervals cannot say.

    >>> d = difference(56, 70, 48, 80)                   # Newcombe (1998)'s example: 0.0524 to 0.3339
    >>> round(d["difference"], 4), round(d["lo"], 4), round(d["hi"], 4)
    (0.2, 0.0524, 0.3339)
    """
    p1 = k1 / n1 if n1 else math.nan
    p2 = k2 / n2 if n2 else math.nan
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    return {"rate1": p1, "rate2": p2, "difference": d,
            "lo": d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            "hi": d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)}


def exact(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The exact (Clopper-Pearson) interval of ``k`` successes in ``n`` trials: never narrower than it should be,
    so it is the one to read when ``n`` is a handful of games (a Wilson interval is an approximation there).

    >>> [round(x, 4) for x in exact(2, 4)]
    [0.0676, 0.9324]
    >>> exact(0, 3)[0], round(exact(0, 3)[1], 4)
    (0.0, 0.7076)
    """
    if n <= 0:
        return 0.0, 1.0
    tail = (1 - level) / 2

    def at_most(p: float, m: int = k) -> float:          # P(X <= m) for X ~ Binomial(n, p): falls as p rises
        return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(m + 1))

    def solve(f: Any, target: float) -> float:   # f falls as p rises: the p where f(p) = target, by bisection
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if f(mid) > target else (lo, mid)
        return (lo + hi) / 2

    lower = 0.0 if k == 0 else solve(lambda p: at_most(p, k - 1), 1 - tail)     # P(X >= k) = tail
    upper = 1.0 if k == n else solve(at_most, tail)
    return lower, upper
