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
        raise DictatorError(f"no battalion {label!r} in the scenario")
    spec: dict[str, Any] = s["battalions"][label]
    return spec


def _sector(sectors: set[str], sector: Any) -> str:
    if not isinstance(sector, str) or sector not in sectors:
        raise DictatorError(f"no sector {sector!r} on the board")
    return sector


def _occupied(s: dict[str, Any], sector: str) -> str | None:
    return next((label for label, spec in s["battalions"].items() if spec["sector"] == sector), None)


def apply_edit(scenario: dict[str, Any], edit: Any, *, sectors: set[str] | None = None,
               cards: set[str] | None = None, players: int = 2) -> dict[str, Any]:
    """One edit of the scenario, as a new dict; a bad edit raises :class:`DictatorError`."""
    if not isinstance(edit, dict) or not isinstance(edit.get("op"), str):
        raise DictatorError(f"malformed edit {edit!r}: expected an object with an 'op'")
    s = copy.deepcopy(scenario)
    op = edit["op"]
    sectors = sectors if sectors is not None else _all_sectors()
    if op in ("move", "add-battalion", "guild"):
        sector = _sector(sectors, edit.get("sector"))
        if op != "guild" and _occupied(s, sector):
            raise DictatorError(f"sector {sector} is taken by {_occupied(s, sector)}")
    if op == "move":
        _battalion(s, edit.get("label"))["sector"] = sector
    elif op == "add-battalion":
        owner = edit.get("owner")
        if not isinstance(owner, int) or owner not in range(players):
            raise DictatorError(f"owner must be a player 0..{players - 1}, not {owner!r}")
        n = 1
        while f"{LETTERS[owner]}{n}" in s["battalions"]:
            n += 1
        s["battalions"][f"{LETTERS[owner]}{n}"] = {"sector": sector, "cards": [], "damaged": []}
    elif op == "remove-battalion":
        _battalion(s, edit.get("label"))
        del s["battalions"][edit["label"]]
    elif op in ("add-card", "remove-card", "damage-card"):
        spec = _battalion(s, edit.get("label"))
        card = edit.get("card")
        if not isinstance(card, str) or (cards is not None and card not in cards):
            raise DictatorError(f"no card {card!r} in this card set")
        if op == "add-card":
            holder = next((lb for lb, b in s["battalions"].items() if card in b["cards"]), None)
            if holder:
                raise DictatorError(f"card {card} is already in {holder}")
            spec["cards"].append(card)
        elif card not in spec["cards"]:
            raise DictatorError(f"card {card} is not in {edit['label']}")
        elif op == "remove-card":
            spec["cards"].remove(card)
            spec["damaged"] = [c for c in spec.get("damaged", []) if c != card]
        else:
            damaged = spec.setdefault("damaged", [])
            spec["damaged"] = [c for c in damaged if c != card] if card in damaged else [*damaged, card]
    elif op == "guild":
        guilds = list(s.get("guilds") or [])
        s["guilds"] = [g for g in guilds if g != sector] if sector in guilds else sorted([*guilds, sector])
    elif op == "energy":
        player, value = edit.get("player"), edit.get("value")
        if not isinstance(player, int) or player not in range(players):
            raise DictatorError(f"player must be 0..{players - 1}, not {player!r}")
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
            raise DictatorError(f"Energy must be a whole number 0..99, not {value!r}")
        energy = list(s.get("energy") or [6] * players)
        energy[player] = value
        s["energy"] = energy
    elif op == "player":
        player = edit.get("player")
        if not isinstance(player, int) or player not in range(players):
            raise DictatorError(f"player must be 0..{players - 1}, not {player!r}")
        s["player"] = player
    else:
        raise DictatorError(f"unknown edit {op!r}")
    return s


def _all_sectors() -> set[str]:
    return {sec["id"] for sec in Game.new("standard", seed=0).view(None)["board"]["sectors"]}
