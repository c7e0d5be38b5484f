"""The game's own random source: seeded, scriptable, cheap to copy and save.

SplitMix64 keeps the whole random state in one integer, so a snapshot for
undo or a save file holds it exactly.

>>> d = Dice(7)
>>> rolls = [d.d6() for _ in range(5)]
>>> all(1 <= x <= 6 for x in rolls)
True
>>> Dice(7, script=[6, 4]).d6(), Dice(7, script=[6, 4]).copy().d6()
(6, 6)
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


class Dice:
    """A d6 and a shuffle. Scripted results (``script``) are used first, in order."""

    __slots__ = ("state", "script", "pos")

    def __init__(self, seed: int, script: list[int] | tuple[int, ...] = (), pos: int = 0) -> None:
        self.state = seed & _MASK
        self.script = tuple(script)
        self.pos = pos

    def _next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (bias below 1e-18)."""
        return self._next() % n

    def d6(self) -> int:
        """Roll one six-sided die."""
        return self.roll(6)

    def roll(self, sides: int) -> int:
        """Roll one die of ``sides`` faces (a scripted result is used as it is)."""
        if self.pos < len(self.script):
            value = self.script[self.pos]
            self.pos += 1
            return value
        return 1 + self._next() % sides

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self._next() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Dice:
        d = type(self).__new__(type(self))
        d.state, d.script, d.pos = self.state, self.script, self.pos
        return d

    def to_json(self) -> list[Any]:
        return [self.state, list(self.script), self.pos]

    @classmethod
    def from_json(cls, data: list[Any]) -> Dice:
        state, script, pos = data
        return cls(int(state), [int(x) for x in script], int(pos))
