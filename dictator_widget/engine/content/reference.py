"""The card reference page, generated from the card data (both languages).

    python -m dictator_widget.engine.content.reference > docs/card-reference.md

A test checks that the committed page matches the data.
"""

from __future__ import annotations

from ..rules.log import messages
from .cards import CardSet, load_cards


def reference(cards: CardSet | None = None) -> str:
    """The whole page as Markdown.

    >>> "| T01 | WASP / WASP |" in reference()
    True
    """
    cards = cards or load_cards()
    phases = messages()["phase"]
    factions = messages()["faction"]
    types = messages()["type"]
    lines = ["# Card reference — «Cold Summer of 2040» / «Холодное лето 2040»", "",
             "Generated from `cards/` by `python -m dictator_widget.engine.content.reference`; do not edit by hand.",
             ""]
    for faction in ("templars", "synclith", "hirelings"):
        lines += [f"## {factions[faction]['en']} / {factions[faction]['ru']}", "",
                  "| № | Name / Имя | Type / Тип | Str. | Phases / Фазы | Text / Текст |",
                  "| --- | --- | --- | --- | --- | --- |"]
        for cid in cards.of(faction):
            c = cards[cid]
            kind = types[c.type]
            ph = ", ".join(f"{phases[p]['en']} / {phases[p]['ru']}" for p in c.phases) or "—"
            lines.append(f"| {c.id} | {c.name['en']} / {c.name['ru']} | {kind['en']} / {kind['ru']} | "
                         f"{c.strength} | {ph} | {c.text['en']} / {c.text['ru']} |")
        lines.append("")
        for cid in cards.of(faction):
            c = cards[cid]
            if not c.actions and not c.passives:
                continue
            lines.append(f"**{c.id} {c.name['en']} / {c.name['ru']}**")
            lines.append("")
            for a in c.actions:
                cost = f"{a.cost} Energy / Энергия" if a.cost else "free / бесплатно"
                lines.append(f"- *{a.name['en']} / {a.name['ru']}* — {phases[a.phase]['en']} / "
                             f"{phases[a.phase]['ru']}, {cost}, effect `{a.effect}`: {a.text['en']} / {a.text['ru']}")
            for p in c.passives:
                lines.append(f"- *{p.name['en']} / {p.name['ru']}* — always / всегда, effect `{p.effect}`: "
                             f"{p.text['en']} / {p.text['ru']}")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(reference(), end="")
