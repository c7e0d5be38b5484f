"""A table that prints its fractions in the class's language: ``0.540`` in English, ``0,540`` in Russian.

Only the printing changes (``print``, a notebook's display), through :func:`findings.number`, the lessons' one
number formatter; the cells stay numbers, to sort, plot or write to a CSV in full. The league's table is one
(:func:`~dictator_widget.experiments.tournament`).

>>> import pandas as pd
>>> league = shown(pd.DataFrame({"win_rate": [0.54, 0.2152157]}, index=["a", "b"]), "ru")
>>> print(league)
   win_rate
a     0,540
b     0,215
>>> float(league.loc["b", "win_rate"]), type(league.sort_values("win_rate")).__name__
(0.2152157, 'Shown')
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from .findings import number

SPEC = ".3f"
"""How a fraction prints: three places, as the lessons round their tables."""


class Shown(pd.DataFrame):  # type: ignore[misc]     # pandas is untyped here
    """A DataFrame that prints its floats with :data:`SPEC` in its ``lang``; whatever is made from it is one too."""

    _metadata = ["lang"]
    lang = "en"

    @property
    def _constructor(self) -> Any:
        return Shown

    def _number(self, x: float) -> str:
        return number(x, SPEC, self.lang)

    def __repr__(self) -> str:
        with pd.option_context("display.float_format", self._number):
            return str(super().__repr__())

    def _repr_html_(self) -> str | None:
        with pd.option_context("display.float_format", self._number):
            html = super()._repr_html_()
        return None if html is None else str(html)


def shown(table: pd.DataFrame, lang: str) -> Shown:
    """``table`` (its cells, names and ``attrs`` unchanged) printing its floats in ``lang`` ("en" or "ru")."""
    out = Shown(table)
    out.lang = lang
    out.attrs = dict(table.attrs)
    return out
