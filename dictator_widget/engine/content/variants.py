"""Rule variants: named, typed, validated switches (``cards/variants.toml``).

>>> sorted(variants())[:3]
['alternating_activation', 'battalion_size', 'catch_up']
>>> check({"guild_strength": 4}, "standard")
{'guild_strength': 4}
>>> check({"catch_up": True}, "standard")
Traceback (most recent call last):
...
dictator_widget.engine.rules.errors.DictatorError: variant 'catch_up' needs 'alternating_activation' on as well
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rules.errors import LANGS, DictatorError, Message
from .data import bilingual, content_dir, read_toml


@dataclass(frozen=True)
class Variant:
    key: str
    kind: str                      # "int" or "bool"
    name: dict[str, str]
    text: dict[str, str]
    source: str
    minimum: int = 0
    maximum: int = 0
    requires: tuple[str, ...] = ()
    missions: tuple[str, ...] = ()

    def describe(self, lang: str = "en") -> str:
        """One line: the name to give, its values and what it does, in ``lang``.

        >>> variants()["guild_strength"].describe("ru")
        "'guild_strength' (целое число от 0 до 12): Каждый Цех имеет эту Силу вместо заданной миссией."
        """
        kind = (Message("expected.whole_range", low=self.minimum, high=self.maximum) if self.kind == "int"
                else Message("variant.bool"))
        return Message("variant.describe", key=self.key, kind=kind, text=self.text).text(lang)


@cache
def _all() -> dict[str, Variant]:
    file = content_dir() / "variants.toml"
    out = {}
    for key, d in read_toml(file).items():
        out[key] = Variant(key, d["kind"], bilingual(d["name"], str(file), key, "name"),
                           bilingual(d["text"], str(file), key, "text"), d.get("source", ""),
                           int(d.get("min", 0)), int(d.get("max", 0)), tuple(d.get("requires", ())),
                           tuple(d.get("missions", ())))
    return out


def variants() -> dict[str, Variant]:
    """Every variant by name, with its kind, range and rules text in English and Russian."""
    return dict(_all())


def check(given: object, mission: str) -> dict[str, Any]:
    """The variants as given, checked; an unknown name, a bad value or an impossible mix raises."""
    if not given:
        return {}
    if not isinstance(given, dict):
        raise DictatorError("variant.not_dict", type=type(given).__name__)
    known = _all()
    out: dict[str, Any] = {}
    for key, value in given.items():
        if key not in known:
            listing = {lang: "\n  ".join(v.describe(lang) for v in known.values()) for lang in LANGS}
            raise DictatorError("variant.unknown", variant=key, listing=listing)
        v = known[key]
        if v.kind == "bool":
            if not isinstance(value, bool):
                raise DictatorError("variant.not_bool", variant=key, got=value)
        elif isinstance(value, bool) or not isinstance(value, int) or not v.minimum <= value <= v.maximum:
            raise DictatorError("variant.not_int", variant=key, low=v.minimum, high=v.maximum, got=value)
        out[key] = value
    for key, value in out.items():
        v = known[key]
        if value is not False:
            for need in v.requires:
                if not out.get(need):
                    raise DictatorError("variant.needs", variant=key, need=need)
            if v.missions and not set(mission.split("+")) <= set(v.missions):
                raise DictatorError("variant.missions", variant=key, missions=list(v.missions), mission=mission)
    if "energy_max" in out and out["energy_max"] < out.get("starting_energy", 6):
        raise DictatorError("variant.energy_max")
    return out


def reference() -> str:
    """The variants page (``docs/variants.md``), generated from ``cards/variants.toml``.

    >>> "| siege_tokens |" in reference()
    True
    """
    lines = ["# Rule variants / Варианты правил", "",
             "Generated from `cards/variants.toml` by `python -m dictator_widget.engine.content.variants`; "
             "each one's effect, measured on the engine of 2026-12-01 (historical), is in "
             "[variants-study.md](variants-study.md); lesson 05 (`notebooks/05-house-rules.ipynb`) measures a "
             "variant on today's.", "",
             "Switch them on with `dw.Game.new(..., variants={...})`, `dw.DictatorWidget(variants={...})` or "
             "`dw.simulate(..., variants={...})`; they are kept in save files and simulation rows.", "",
             "| name | values | source | rule | правило |", "| --- | --- | --- | --- | --- |"]
    for v in _all().values():
        values = f"{v.minimum}–{v.maximum}" if v.kind == "int" else "True / False"
        if v.requires:
            values += f"; needs {', '.join(v.requires)}"
        if v.missions:
            values += f"; missions {', '.join(v.missions)}"
        lines.append(f"| {v.key} | {values} | {v.source} | **{v.name['en']}.** {v.text['en']} | "
                     f"**{v.name['ru']}.** {v.text['ru']} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(reference(), end="")
