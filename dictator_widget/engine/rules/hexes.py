"""Axial hex geometry (pointy-top): the standard axial/cube formulas.

A sector is at axial ``(q, r)``; its cube coordinates are ``(q, r, -q - r)``.

>>> distance((0, 0), (2, -1))
2
>>> sorted(neighbours((0, 0)))[:2]
[(-1, 0), (-1, 1)]
"""

from __future__ import annotations

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes that share an edge with ``h`` (some may be off the map)."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an empty, unbounded grid.

    >>> distance((-2, 0), (2, 0))
    4
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def sector_name(h: Hex, radius: int) -> str:
    """The board's name for a hex: column letter from q, row number from r.

    >>> sector_name((0, 0), 3)
    'd4'
    """
    q, r = h
    return f"{chr(ord('a') + q + radius)}{r + radius + 1}"
