"""The game's own random source: seeded, scriptable, cheap to copy and save.

SplitMix64 keeps the whole random state in one integer, so a snapshot for
undo or a save file holds it exactly.

With *explicit chance* (``given`` a tuple) nothing is drawn from the seed: each
die and each draw takes the next outcome given by the game's chance events, and
when none is left the engine is stopped by :class:`NeedChance`, naming the event.

>>> d = Dice(7)
>>> rolls = [d.d6() for _ in range(5)]
>>> all(1 <= x <= 6 for x in rolls)
True
>>> Dice(7, script=[6, 4]).d6(), Dice(7, script=[6, 4]).copy().d6()
(6, 6)
"""

from __future__ import annotations

from typing import Any

from .errors import FrozenError

_MASK = (1 << 64) - 1

ROLL, DRAW = "roll", "draw"
"""The two kinds of chance event: a die (outcomes 1..n) and a draw of one of n cards (outcomes 0..n-1)."""


class NeedChance(Exception):  # noqa: N818 - a signal, not an error
    """Explicit chance: the engine needs the outcome of an event that has not been given."""

    def __init__(self, kind: str, n: int) -> None:
        super().__init__(kind, n)
        self.kind, self.n = kind, n


class Dice:
    """A die and a shuffle. Scripted results (``script``) are used first, in order.

    >>> d = Dice(7, given=(4,))
    >>> d.roll(6)
    4
    >>> d.roll(6)
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.dice.NeedChance: ('roll', 6)
    """

    __slots__ = ("state", "script", "pos", "given", "gpos")
    frozen = False

    def __init__(self, seed: int, script: list[int] | tuple[int, ...] = (), pos: int = 0,
                 given: tuple[int, ...] | None = None, gpos: int = 0) -> None:
        self.state = seed & _MASK
        self.script = tuple(script)
        self.pos = pos
        self.given = given
        self.gpos = gpos

    @property
    def explicit(self) -> bool:
        """Are outcomes given by chance events (rather than drawn from the seed)?"""
        return self.given is not None

    def _outcome(self, kind: str, n: int) -> int:
        assert self.given is not None
        if self.gpos < len(self.given):
            value = self.given[self.gpos]
            self.gpos += 1
            return value
        raise NeedChance(kind, n)

    def with_outcome(self, value: int) -> Dice:
        """A copy with one more chance outcome given."""
        d = self.copy()
        d.given = (*(self.given or ()), value)
        return d

    def used(self) -> tuple[int, int, int]:
        """How far the source has gone (two equal readings: nothing was drawn in between)."""
        return self.state, self.pos, self.gpos

    def _next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (bias below 1e-18)."""
        if self.given is not None:
            return self._outcome(DRAW, n)
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
        if self.given is not None:
            return self._outcome(ROLL, sides)
        return 1 + self._next() % sides

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Dice:
        """A copy that rolls on its own (never frozen)."""
        d = Dice.__new__(Dice)
        d.state, d.script, d.pos, d.given, d.gpos = self.state, self.script, self.pos, self.given, self.gpos
        return d

    def for_copy(self) -> Dice:
        """This source as a copy of its position holds it: a frozen one is shared (nothing draws from it
        again: :meth:`Table.dice <.table.Table.dice>` copies it at the first draw), a live one copied."""
        return self.copy()

    def freeze(self) -> None:
        """No roll from this source from now on: it belongs to a position that no longer changes
        (:meth:`copy` it to roll on)."""
        self.__class__ = _FrozenDice

    def to_json(self) -> list[Any]:
        out = [self.state, list(self.script), self.pos]
        return out if self.given is None else [*out, list(self.given), self.gpos]

    @classmethod
    def from_json(cls, data: list[Any]) -> Dice:
        state, script, pos, *chance = data
        given = tuple(int(x) for x in chance[0]) if chance else None
        return cls(int(state), [int(x) for x in script], int(pos), given, int(chance[1]) if chance else 0)


class _FrozenDice(Dice):
    """The random source of a frozen position: reading it is fine, drawing from it raises FrozenError."""

    __slots__ = ()
    frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError("frozen.dice")

    def freeze(self) -> None:
        pass

    def for_copy(self) -> Dice:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _frozen_dice, (self.to_json(),)


def _frozen_dice(data: list[Any]) -> Dice:
    """A frozen random source read back from a pickle (a process pool's result)."""
    d = Dice.from_json(data)
    d.freeze()
    return d
