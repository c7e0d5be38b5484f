"""Save files: the rules, every decision and the position reached, as JSON.

Loading replays the decisions from the start, so undo and the log come back
too, and then checks the position against the one saved: a save that was
truncated, edited or corrupted raises :class:`SaveFileError` saying what is
wrong. A player's record (``game.to_json(player=p)``) is what that player saw,
safe to hand over, and cannot be resumed.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING

from ..rules.errors import DictatorError, IllegalAction, SaveFileError, reason

if TYPE_CHECKING:
    from ..rules.game import Game

SAVE_FORMAT = "dictator-control-save"
PLAYER_RECORD = "dictator-control-player-record"
SAVE_VERSION = 1


def dump(game: Game, player: int | None = None) -> str:
    if player is not None:
        record = game.view(player)
        record["log"] = [e.to_json(player) for e in game.log]
        return json.dumps({"format": PLAYER_RECORD, "version": SAVE_VERSION, "player": player,
                           "view": record}, ensure_ascii=False, separators=(",", ":"))
    return json.dumps({
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "rules": {**asdict(game.rules), "dice": list(game.rules.dice)},
        "actions": [str(a) for a in game.history],
        "state": game.state.to_json(),
    }, ensure_ascii=False, separators=(",", ":"))


def load(cls: type[Game], text: str | bytes) -> Game:
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise SaveFileError("save.json", error=reason(exc)) from None
    if isinstance(data, dict) and data.get("format") == PLAYER_RECORD:
        raise SaveFileError("save.player_record")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError("save.format", format=SAVE_FORMAT)
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError("save.version", got=data.get("version"), version=SAVE_VERSION)
    rules, actions = data.get("rules"), data.get("actions")
    if not isinstance(rules, dict) or not isinstance(actions, list) or "state" not in data:
        raise SaveFileError("save.lacks")
    try:
        if rules.get("scenario"):
            game = cls.from_scenario(rules["scenario"], cards=rules["cards"])
        else:
            game = cls.new(rules["mission"], rules["seed"], players=rules["players"],
                           dice=list(rules["dice"]), turn_cap=rules["turn_cap"], cards=rules["cards"],
                           variants=rules.get("variants") or None, placement=rules.get("placement", "fixed"),
                           chance=rules.get("chance", "sampled"))
    except (KeyError, TypeError, ValueError, DictatorError) as exc:
        raise SaveFileError("save.rules", error=reason(exc)) from None
    for i, act in enumerate(actions):
        try:
            game.apply(act)
        except (IllegalAction, TypeError) as exc:
            raise SaveFileError("save.action", n=i + 1, action=act, error=reason(exc)) from None
    if game.state.to_json() != data["state"]:
        raise SaveFileError("save.inconsistent")
    return game
