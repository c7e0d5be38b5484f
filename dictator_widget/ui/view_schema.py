"""The shape of the widget's traits, written once, and the front end's types generated from them.

TypedDicts rather than a JSON Schema: mypy --strict checks every Python builder of a view
against them at each lint (a renamed or missing field fails there, not in a browser), they cost
nothing at run time, and the front end's types (``js/view_types.ts``) are generated from them
(:func:`typescript`; ``tests/widget/test_view_schema.py`` fails when the file differs):

    make types      # writes js/view_types.ts

>>> print(typescript().split("export interface SectorView")[1].split("}")[0].strip())
{
  id: string;
  q: number;
  r: number;
  level: string;
  zone: string | null;
  guild_site: number | null;
"""

from __future__ import annotations

import sys
import types
import typing
from typing import Any, Literal, NotRequired, TypedDict, Union

from ..engine.views.view_shapes import (
    AbilityView,
    BattalionView,
    BattleView,
    Bilingual,
    BoardView,
    CardView,
    GameView,
    LegalAction,
    PassiveView,
    PlayerView,
    Position,
    SectorView,
)

# --- the widget's traits ----------------------------------------------------------------------

class VariantLabel(TypedDict):
    key: str
    value: int | float | bool
    name: Bilingual
    text: Bilingual


class WidgetBoard(TypedDict):
    """The widget's ``board`` trait: what never changes in a game (sent once)."""
    mission: str
    mission_name: Bilingual
    mission_text: Bilingual
    seed: int | None
    turn_cap: int
    num_players: int
    viewer: int | None
    hidden: bool
    bots: list[int]
    sectors: list[SectorView]
    levels: dict[str, Bilingual]
    zones: dict[str, Bilingual]
    guild_strength: int
    phases: dict[str, Bilingual]
    variants: list[VariantLabel]


class GameSummary(TypedDict):
    """A finished game's key figures, for the game-over banner (from the log)."""
    turns: int
    battles: int
    guilds: list[int]                # Guilds captured, per player
    destroyed: list[int]             # enemy battalions annihilated, per player


UndoBlock = Literal["nothing", "revealed", "not-yours", "screen"]
"""Why Undo is off: nothing to undo, the last decision showed something new, it is another's, a seat to take."""

LegalRow = list[str]
"""A legal option as the widget sends it: ``[notation, kind, battalion, card, ability, target]``."""


class BattleStep(TypedDict):
    """One event of the battle on (or of the last one) as the log tells it: the widget plays them in order."""
    at: int                          # its index in game.log
    kind: str
    args: dict[str, Any]             # the event's fields as the viewer may read them


class BotTrail(TypedDict):
    """The bots' latest decisions since a human's: each battalion's path and the battles they began."""
    moves: dict[str, list[str]]      # battalion -> the sectors it stood on, first to last
    battles: list[list[str]]         # [attacker, the battalion or Guild sector attacked, their sectors then]


class SeatView(Position):
    """The widget's ``view`` trait while a seat is shown."""
    guilds: list[str]
    legal: list[LegalRow]
    bot_owes: bool
    can_undo: bool
    undo_block: UndoBlock | None     # why Undo is off (None: it is on)
    log: list[str]                   # the log's tail in the widget's language ...
    log_from: int                    # ... from this index of game.log (the lines before are asked for)
    viewer: int | None
    screen: None
    last_battle: BattleView | None
    battle_steps: list[BattleStep]   # the events of ``battle`` or ``last_battle`` new since the last view, oldest first
    held: bool                       # a bot's battle is over and waits on its result until a human continues
    deploying: dict[str, list[str]]  # placing tokens: the cards of each token still to place (the viewer's own)
    bot_trail: BotTrail | None       # the bots' last moves and battles, shown on the board until the next ones
    summary: GameSummary | None      # when the game is over


class ScreenView(TypedDict):
    """The widget's ``view`` trait between two hot-seat players of a hidden mission: nothing hidden."""
    screen: int
    turn: int
    current_player: int | None
    decision: str
    is_over: Literal[False]
    viewer: None
    legal: list[LegalRow]
    can_undo: Literal[False]


EXPORTED: tuple[type, ...] = (
    Bilingual, SectorView, AbilityView, PassiveView, CardView, BattalionView, BattleView, PlayerView,
    LegalAction, Position, BoardView, GameView, VariantLabel, WidgetBoard, GameSummary, BattleStep, BotTrail, SeatView,
    ScreenView,
)
ALIASES = {"LegalRow": "string[]", "UndoBlock": '"nothing" | "revealed" | "not-yours" | "screen"'}
EXTENDS: dict[type, list[type]] = {GameView: [Position], SeatView: [Position]}
"""The TypedDicts above that subclass another (Python 3.11 keeps no record of a TypedDict's bases)."""


# --- TypeScript -------------------------------------------------------------------------------

def _ts(hint: Any) -> str:
    """One Python annotation as TypeScript."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None) or hint is None:
        return "null"
    if hint in (int, float):
        return "number"
    if hint is str:
        return "string"
    if hint is bool:
        return "boolean"
    if hint is Any:
        return "unknown"
    if isinstance(hint, type) and typing.is_typeddict(hint):
        return hint.__name__
    if origin is NotRequired:
        return _ts(args[0])
    if origin in (Union, types.UnionType):
        names = list(dict.fromkeys(_ts(a) for a in args))
        return " | ".join(names)
    if origin is Literal:
        return " | ".join(f'"{a}"' if isinstance(a, str) else str(a).lower() for a in args)
    if origin is list:
        inner = _ts(args[0])
        return f"({inner})[]" if "|" in inner else f"{inner}[]"
    if origin is tuple:
        return "[" + ", ".join(_ts(a) for a in args) + "]"
    if origin is dict:
        return f"Record<{_ts(args[0])}, {_ts(args[1])}>"
    raise TypeError(f"view_schema: no TypeScript for {hint!r}")


def _alias(hint: Any) -> str:
    """``_ts``, naming the row of a legal option (``list[LegalRow]``: ``LegalRow[]``)."""
    if typing.get_origin(hint) is list and typing.get_args(hint)[0] == LegalRow:
        return "LegalRow[]"
    if hint == UndoBlock | None:
        return "UndoBlock | null"
    return _ts(hint)


def typescript() -> str:
    """``js/view_types.ts``: an interface per TypedDict above, its fields in order (a subclass extends)."""
    out = ["// Generated from dictator_widget/ui/view_schema.py: do not edit; regenerate with:",
           "//   make types", ""]
    out += [f"export type {name} = {ts};" for name, ts in ALIASES.items()]
    out.append("/** The widget's ``view`` trait. */")
    out.append("export type View = SeatView | ScreenView;")
    for td in EXPORTED:
        hints = typing.get_type_hints(td, include_extras=True)
        doc = (td.__doc__ or "").strip().splitlines()
        out.append("")
        if doc and doc[0] and not doc[0].startswith(f"{td.__name__}("):
            out.append(f"/** {doc[0]} */")
        bases = EXTENDS.get(td, [])
        inherited = {k for b in bases for k in typing.get_type_hints(b)}
        extends = f" extends {', '.join(b.__name__ for b in bases)}" if bases else ""
        out.append(f"export interface {td.__name__}{extends} {{")
        for key, hint in hints.items():
            if key in inherited:
                continue
            optional = typing.get_origin(hint) is NotRequired
            out.append(f"  {key}{'?' if optional else ''}: {_alias(hint)};")
        out.append("}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(typescript())
