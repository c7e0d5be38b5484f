"""The widget's set-up mode: a scenario edited by clicks, then "Play from here".

The scenario being edited is a plain dict in the shape of :class:`dw.Scenario`
(``battalions``, ``mission``, ``energy``, ``guilds``, ``player``, ``variants``,
...). The front end sends small edits; :func:`apply_edit` returns the edited
copy or raises :class:`DictatorError` with a clear message (the scenario is
left as it was). Whether the whole position is legal is the engine's to say:
``Game.from_scenario`` validates it when the user presses "Play from here".

>>> import dictator_widget as dw
>>> s = start_scenario(dw.Game.new("standard", seed=1, placement="fixed"))
>>> s = apply_edit(s, {"op": "move", "label": "A1", "sector": "d4"})
>>> s["battalions"]["A1"]["sector"]
'd4'
>>> s = apply_edit(s, {"op": "add-battalion", "owner": 1, "sector": "d5"})
>>> sorted(s["battalions"])[-1], s["battalions"]["B4"]["cards"]
('B4', [])
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import DictatorError, Game

LETTERS = "ABCD"
EDIT_KEYS = ("battalions", "mission", "energy", "guilds", "dump", "player", "turn", "variants", "seed")


def start_scenario(game: Game) -> dict[str, Any]:
    """The position of ``game`` as an editable scenario (no exact engine state, no scripted dice)."""
    d = game.to_scenario().to_dict()
    out = {k: d[k] for k in EDIT_KEYS if k in d}
    out["turn"] = max(1, int(out.get("turn", 1)))
    for spec in out["battalions"].values():
        spec.setdefault("damaged", [])
    return out


def _battalion(s: dict[str, Any], label: Any) -> dict[str, Any]:
    if not isinstance(label, str) or label not in s["battalions"]:
        raise DictatorError("setup.no_battalion", battalion=label)
    spec: dict[str, Any] = s["battalions"][label]
    return spec


def _sector(sectors: set[str], sector: Any) -> str:
    if not isinstance(sector, str) or sector not in sectors:
        raise DictatorError("setup.no_sector", sector=sector)
    return sector


def _occupied(s: dict[str, Any], sector: str) -> str | None:
    return next((label for label, spec in s["battalions"].items() if spec["sector"] == sector), None)


@dataclass(frozen=True)
class Board:
    """What an edit is checked against: the board's sectors, the card set, the number of players."""

    sectors: set[str]
    cards: set[str] | None
    players: int


def apply_edit(scenario: dict[str, Any], edit: Any, *, sectors: set[str] | None = None,
               cards: set[str] | None = None, players: int = 2) -> dict[str, Any]:
    """One edit of the scenario (``ui/messages.py``'s ``SetupEdit``), as a new dict, done by its op's entry in
    :data:`EDITS`; a bad edit raises :class:`DictatorError` and the scenario is left as it was."""
    if not isinstance(edit, dict) or not isinstance(edit.get("op"), str):
        raise DictatorError("setup.malformed", edit=edit)
    do = EDITS.get(edit["op"])
    if do is None:
        raise DictatorError("setup.unknown", op=edit["op"][:40])
    s = copy.deepcopy(scenario)
    do(s, edit, Board(sectors if sectors is not None else _all_sectors(), cards, players))
    return s


def _free(s: dict[str, Any], board: Board, value: Any) -> str:
    sector = _sector(board.sectors, value)
    if _occupied(s, sector):
        raise DictatorError("setup.taken", sector=sector, battalion=_occupied(s, sector))
    return sector


def _player(board: Board, player: Any, what: str = "player") -> int:
    if not isinstance(player, int) or player not in range(board.players):
        raise DictatorError("setup.player", field=what, high=board.players - 1, got=player)
    return player


def _move(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    sector = _free(s, board, e.get("sector"))
    _battalion(s, e.get("label"))["sector"] = sector


def _add_battalion(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    sector = _free(s, board, e.get("sector"))
    owner = _player(board, e.get("owner"), "owner")
    n = 1
    while f"{LETTERS[owner]}{n}" in s["battalions"]:
        n += 1
    s["battalions"][f"{LETTERS[owner]}{n}"] = {"sector": sector, "cards": [], "damaged": []}


def _remove_battalion(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    _battalion(s, e.get("label"))
    del s["battalions"][e["label"]]


def _card(s: dict[str, Any], e: dict[str, Any], board: Board) -> tuple[dict[str, Any], str]:
    """The battalion an edit names and the card, which must be of the set."""
    spec = _battalion(s, e.get("label"))
    card = e.get("card")
    if not isinstance(card, str) or (board.cards is not None and card not in board.cards):
        raise DictatorError("setup.no_card", card=card)
    return spec, card


def _its_card(s: dict[str, Any], e: dict[str, Any], board: Board) -> tuple[dict[str, Any], str]:
    spec, card = _card(s, e, board)
    if card not in spec["cards"]:
        raise DictatorError("setup.not_in", card=card, battalion=e["label"])
    return spec, card


def _add_card(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    spec, card = _card(s, e, board)
    holder = next((lb for lb, b in s["battalions"].items() if card in b["cards"]), None)
    if holder:
        raise DictatorError("setup.already_in", card=card, battalion=holder)
    spec["cards"].append(card)


def _remove_card(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    spec, card = _its_card(s, e, board)
    spec["cards"].remove(card)
    spec["damaged"] = [c for c in spec.get("damaged", []) if c != card]


def _damage_card(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    spec, card = _its_card(s, e, board)
    damaged = spec.setdefault("damaged", [])
    spec["damaged"] = [c for c in damaged if c != card] if card in damaged else [*damaged, card]


def _guild(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    sector = _sector(board.sectors, e.get("sector"))
    guilds = list(s.get("guilds") or [])
    s["guilds"] = [g for g in guilds if g != sector] if sector in guilds else sorted([*guilds, sector])


def _energy(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    player, value = _player(board, e.get("player")), e.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
        raise DictatorError("setup.energy", got=value)
    energy = list(s.get("energy") or [6] * board.players)
    energy[player] = value
    s["energy"] = energy


def _whose_turn(s: dict[str, Any], e: dict[str, Any], board: Board) -> None:
    s["player"] = _player(board, e.get("player"))


EDITS: dict[str, Callable[[dict[str, Any], dict[str, Any], Board], None]] = {
    "move": _move, "add-battalion": _add_battalion, "remove-battalion": _remove_battalion, "add-card": _add_card,
    "remove-card": _remove_card, "damage-card": _damage_card, "guild": _guild, "energy": _energy,
    "player": _whose_turn,
}
"""What each edit op does to the scenario (a copy): one entry per ``SetupEdit`` of ``ui/messages.py``."""


def _all_sectors() -> set[str]:
    return {sec["id"] for sec in Game.new("standard", seed=0).view(None)["board"]["sectors"]}
