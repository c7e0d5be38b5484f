"""The shape of a game's view, written once: ``game.view(player)`` as TypedDicts.

mypy --strict checks every Python builder of a view against them at each lint (a renamed or missing
field fails there, not in a browser); they cost nothing at run time. The widget's traits build on
them and the front end's types are generated from both (``dictator_widget.ui.view_schema``).

>>> from dictator_widget.engine.rules.game import Game
>>> sorted(Game.new(seed=1).view()) == sorted(GameView.__annotations__)
True
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from ..rules.vocabulary import Decision


class Bilingual(TypedDict):
    en: str
    ru: str


class SectorView(TypedDict):
    id: str
    q: int
    r: int
    level: str
    zone: str | None
    guild_site: int | None


class AbilityView(TypedDict):
    id: str
    phase: str
    cost: int
    name: Bilingual
    text: Bilingual


class PassiveView(TypedDict):
    id: str
    name: Bilingual
    text: Bilingual


class CardView(TypedDict):
    """A card's fixed facts (``view.card_facts``)."""
    id: str
    faction: str
    type: str
    strength: int
    name: Bilingual
    text: Bilingual
    phases: list[str]
    actions: list[AbilityView]
    passives: list[PassiveView]


class BattalionView(TypedDict):
    label: str
    owner: int
    sector: str
    cards: list[str | None]          # None: a card face down to the viewer
    damaged_slots: list[bool]
    acted: bool
    active: bool


class BattleView(TypedDict):
    """A battle on, or the last one as the log tells it (``view.last_battle``). Pairs: attacker first."""
    attacker: str
    defender: str | None
    guild: str | None
    phase: str
    stage: str | None
    strength: list[int]
    dice: list[int]
    rolled: bool
    totals: list[int]
    winner: Literal["attacker", "defender", "draw"] | None
    damaged: str | None
    used: list[str]
    cancelled: NotRequired[list[list[str]]]
    mods: NotRequired[list[int]]


class PlayerView(TypedDict):
    index: int
    energy: int
    energy_max: int
    battalions: int
    zone: str | None
    hand: list[str] | None           # None: another player's hand
    hand_size: int


class LegalAction(TypedDict):
    notation: str
    kind: str
    battalion: str
    card: str
    ability: str
    target: str


class Position(TypedDict):
    """What changes with each decision: the same in the engine's view and the widget's ``view`` trait."""
    turn: int
    current_player: int | None
    decision: Decision
    is_over: bool
    winner: int | None
    end_reason: str | None
    order: list[int]
    players: list[PlayerView]
    battalions: list[BattalionView]
    damaged: list[str]
    deck_size: int
    dump: list[str]
    pool: list[str]
    hiring: str | None
    battle: BattleView | None
    draw_offer: int | None
    table_actions: list[str]


class BoardView(TypedDict):
    sectors: list[SectorView]
    guilds: list[str]
    guild_strength: int
    levels: dict[str, Bilingual]
    zones: dict[str, Bilingual]


class GameView(Position):
    """``game.view(player)``: everything ``player`` may see."""
    mission: str
    seed: int | None
    hidden: bool
    turn_cap: int
    viewer: int | None
    board: BoardView
    cards: dict[str, CardView]
    legal: list[LegalAction]
    log: list[dict[str, Any]]        # ``Event.to_json``: kind, its fields, texts en and ru
    phases: dict[str, Bilingual]
