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
from typing import Any, Literal, TypedDict

from ..engine.rules.vocabulary import BATTLE_STARTS, DECIDING, Decision, EventKind, Kind
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
from .typescript import constant, enum_type, header, interface, ts

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
    kind: EventKind
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
    decision: Decision
    is_over: Literal[False]
    viewer: None
    legal: list[LegalRow]
    can_undo: Literal[False]


EXPORTED: tuple[type, ...] = (
    Bilingual, SectorView, AbilityView, PassiveView, CardView, BattalionView, BattleView, PlayerView,
    LegalAction, Position, BoardView, GameView, VariantLabel, WidgetBoard, GameSummary, BattleStep, BotTrail, SeatView,
    ScreenView,
)
ALIASES = {"LegalRow": LegalRow, "UndoBlock": UndoBlock}
EXTENDS: dict[type, list[type]] = {GameView: [Position], SeatView: [Position]}
"""The TypedDicts above that subclass another (Python 3.11 keeps no record of a TypedDict's bases)."""


# --- TypeScript -------------------------------------------------------------------------------

def typescript() -> str:
    """``js/view_types.ts``: the aliases, the game's words (event and action kinds, decisions), an interface per
    TypedDict above, its fields in order (a subclass extends)."""
    names = {list[LegalRow]: "LegalRow[]", UndoBlock | None: "UndoBlock | null"}
    out = header("dictator_widget/ui/view_schema.py")
    out += [f"export type {name} = {ts(alias)};" for name, alias in ALIASES.items()]
    out.append("/** The widget's ``view`` trait. */")
    out.append("export type View = SeatView | ScreenView;")
    out += ["", *enum_type(EventKind)]
    out += ["", *enum_type(Kind, "ActionKind")]
    out += ["", *enum_type(Decision)]
    out += ["", *constant("BATTLE_STARTS", EventKind, BATTLE_STARTS, "The events that begin a battle.")]
    out += constant("DECIDING", EventKind, DECIDING, "The events that decide a battle (they carry its totals).")
    for td in EXPORTED:
        out += ["", *interface(td, names, EXTENDS.get(td, []))]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(typescript())
