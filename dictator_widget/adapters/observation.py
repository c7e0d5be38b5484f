"""A seat's observation as a fixed-length vector, built only from what the seat may see.

Every figure comes from ``game.view(player)`` (which hides another player's face-down cards in
Fog of War and the Hireling deck), and for the information state also from the log as the player
reads it (``Event.visible_args(player)``): nothing here reads the engine's hidden state.

The vector, in order (all in 0..1):

- whose decision (one-hot over the seats, then chance, then over), the viewer (one-hot), the
  decision (one-hot over :data:`DECISIONS`), turn / turn cap;
- per seat: Energy / Energy maximum, battalions / 9, hand size / cards, Starting Zone (one-hot);
- per label (``A1`` .. ``A9``, ``B1`` ..): on the board, its sector (one-hot), cards / size,
  unknown cards / size, damaged cards / size, acted, active;
- per card (the mission's, sorted): where the seat sees it (one-hot over the labels, then the
  Dump, the draft pool, the seat's hand, the Hireling on offer), damaged;
- Guild tokens (one per sector), Hireling deck size / cards;
- the battle: attacker and defender (one-hot over labels), the Guild's sector (one-hot), phase
  (one-hot), the two Strengths / 30, dice / die, rolled, the winner (attacker, defender, draw),
  the damaged card (one-hot over cards);
- the game's end: winner (one-hot over seats), over.

The information-state vector adds, per card, whether the seat has ever seen it (now, or in the log).
It is not a perfect-recall record of the game (a fixed-length vector cannot hold a history of
thousands of decisions), so the OpenSpiel game does not claim an information-state tensor
(``provides_information_state_tensor`` false): the information-state *string* is perfect recall
(the seat's whole log as it reads it), and the vector stays on offer as a summary.

:func:`public_view` is what a spectator without a seat sees (no hand, no face-down card, the log's
public reading): the public observation (``public_info`` only) is written from it.

>>> from dictator_widget.engine.rules.game import Game
>>> game = Game.new("fog-of-war", seed=1, placement="fixed")
>>> encoder = Encoder.of(game)
>>> vector = encoder.observation(game, 0)
>>> vector.shape == (encoder.observation_size,), float(vector.min()) >= 0.0, float(vector.max()) <= 1.0
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..engine.rules import battle
from ..engine.rules.vocabulary import SETUP_STEPS as STEPS
from ..engine.views.view import LOG_TAIL, position, visible_cards
from .action_space import ActionSpace

if TYPE_CHECKING:
    from ..engine.rules.game import Game

DECISIONS = ("chance", "activation", *(p.name for p in battle.FLOW), "reward", "discard", *STEPS, "over")
PLACES = ("dump", "pool", "hand", "hiring")
STRENGTH_SCALE = 30.0

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Encoder:
    """The vectors' layout for one mission (its seats, cards, board and battalion size)."""

    space: ActionSpace
    die: int

    @staticmethod
    def of(game: Game) -> Encoder:
        return _encoder(ActionSpace.of(game), game.rules.die)

    @property
    def observation_size(self) -> int:
        return _sizes(self)[0]

    @property
    def information_state_size(self) -> int:
        return self.observation_size + len(self.space.cards)

    def observation(self, game: Game, player: int) -> Vector:
        """What ``player`` sees now, as a vector."""
        out = np.zeros(self.observation_size, np.float32)
        if not laid_out(game):
            self._write_blank(player, out)
            return out
        self._write(game.view(player), player, out)
        return out

    def information_state(self, game: Game, player: int) -> Vector:
        """The observation, then per card: has ``player`` ever seen it."""
        out = np.zeros(self.information_state_size, np.float32)
        if not laid_out(game):
            self._write_blank(player, out)
            return out
        view = game.view(player)
        self._write(view, player, out)
        index = _card_index(self.space)
        memory = out[self.observation_size:]
        for card in _seen(view, game, player):
            if card in index:
                memory[index[card]] = 1.0
        return out

    def public_observation(self, game: Game) -> Vector:
        """What everyone sees now (:func:`public_view`), as a vector: the same layout, no viewer."""
        out = np.zeros(self.observation_size, np.float32)
        if not laid_out(game):
            self._write_blank(None, out)
            return out
        self._write(public_view(game), None, out)
        return out

    def public_information_state(self, game: Game) -> Vector:
        """The public observation, then per card: has it ever been shown to everyone."""
        out = np.zeros(self.information_state_size, np.float32)
        if not laid_out(game):
            self._write_blank(None, out)
            return out
        view = public_view(game)
        self._write(view, None, out)
        index = _card_index(self.space)
        memory = out[self.observation_size:]
        for card in _seen(view, game, None):
            if card in index:
                memory[index[card]] = 1.0
        return out

    def private(self, game: Game, player: int) -> Vector:
        """Per card: does ``player`` alone see it now (in its hand, face down in its battalions, on offer)."""
        out = np.zeros(len(self.space.cards), np.float32)
        index = _card_index(self.space)
        for card in private_cards(game, player):
            if card in index:
                out[index[card]] = 1.0
        return out

    def _write_blank(self, player: int | None, out: Vector) -> None:
        """Before the set-up's first chance events are settled: only who decides (chance) and the viewer."""
        n = self.space.players
        w = _Writer(out)
        w.one_hot(n + 2, n)
        w.one_hot(n, player)
        w.one_hot(len(DECISIONS), DECISIONS.index("chance"))

    def _write(self, v: Mapping[str, Any], player: int | None, out: Vector) -> None:
        sp = self.space
        n, labels, sectors, cards = sp.players, sp.labels, sp.sectors, sp.cards
        li, si, ci = _label_index(sp), _sector_index(sp), _card_index(sp)
        w = _Writer(out)
        current = v["current_player"]
        w.one_hot(n + 2, current if current is not None else (n + 1 if v["is_over"] else n))
        w.one_hot(n, player)
        w.one_hot(len(DECISIONS), DECISIONS.index(v["decision"]))
        w.put(v["turn"] / v["turn_cap"])
        for p in v["players"]:
            w.put(p["energy"] / max(p["energy_max"], 1), p["battalions"] / 9, p["hand_size"] / len(cards))
            w.one_hot(len(sp.zones), sp.zones.index(p["zone"]) if p["zone"] in sp.zones else None)
        bats = {b["label"]: b for b in v["battalions"]}
        per_label = 1 + len(sectors) + 5
        for label in labels:
            b = bats.get(label)
            if b is None:
                w.skip(per_label)
                continue
            w.put(1.0)
            w.one_hot(len(sectors), si[b["sector"]])
            size = sp.size
            w.put(len(b["cards"]) / size, sum(c is None for c in b["cards"]) / size,
                  sum(b["damaged_slots"]) / size, float(b["acted"]), float(b["active"]))
        where: dict[str, int] = {}
        for b in v["battalions"]:
            for c in b["cards"]:
                if c is not None:
                    where[c] = li[b["label"]]
        hand = (v["players"][player]["hand"] or []) if player is not None else []
        for i, held in enumerate((v["dump"], v["pool"], hand, [v["hiring"]] if v["hiring"] else [])):
            for c in held:
                where[c] = len(labels) + i
        damaged = set(v["damaged"])
        for c in cards:
            w.one_hot(len(labels) + len(PLACES), where.get(c))
            w.put(float(c in damaged))
        guilds = np.zeros(len(sectors), np.float32)
        for g in v["board"]["guilds"]:
            guilds[si[g]] = 1.0
        w.put(*guilds)
        w.put(v["deck_size"] / len(cards))
        b = v["battle"]
        if b is None:
            w.skip(2 * len(labels) + len(sectors) + len(battle.FLOW) + 5 + 3 + len(cards))
        else:
            w.one_hot(len(labels), li[b["attacker"]])
            w.one_hot(len(labels), li.get(b["defender"]) if b["defender"] else None)
            w.one_hot(len(sectors), si.get(b["guild"]) if b["guild"] else None)
            w.one_hot(len(battle.FLOW), [p.name for p in battle.FLOW].index(b["phase"]))
            w.put(*(min(max(s, 0) / STRENGTH_SCALE, 1.0) for s in b["strength"]),
                  *(d / self.die for d in b["dice"]), float(b["rolled"]))
            w.one_hot(3, ("attacker", "defender", "draw").index(b["winner"]) if b["winner"] else None)
            w.one_hot(len(cards), ci.get(b["damaged"]) if b["damaged"] else None)
        w.one_hot(n, v["winner"])
        w.put(float(v["is_over"]))
        assert w.at == self.observation_size, (w.at, self.observation_size)


class _Writer:
    """Fills a vector from its start, piece by piece."""

    def __init__(self, out: Vector) -> None:
        self.out, self.at = out, 0

    def put(self, *values: float) -> None:
        self.out[self.at:self.at + len(values)] = values
        self.at += len(values)

    def one_hot(self, n: int, index: int | None) -> None:
        if index is not None:
            self.out[self.at + index] = 1.0
        self.at += n

    def skip(self, n: int) -> None:
        self.at += n


def laid_out(game: Game) -> bool:
    """Has the set-up laid out the mission (Energy, armies)? Not while its first shuffle waits for chance."""
    return len(game.state.energy) == game.num_players


def public_cards(game: Game) -> set[str]:
    """The cards everyone sees now: the Dump, the draft pool, battalions' cards not face down."""
    s = game.state
    out = set(s.dump) | set(s.pool)
    for bat in s.battalions.values():
        out.update(c for c in bat.cards if not game.mission.hidden or c in s.revealed)
    return out


def private_cards(game: Game, player: int) -> set[str]:
    """The cards ``player`` sees now and not everyone: its hand, its face-down cards, a Hireling shown to it."""
    return visible_cards(game, player) - public_cards(game)


def public_view(game: Game) -> dict[str, Any]:
    """The game as a spectator without a seat sees it, shaped like ``game.view(p)`` for the parts the
    vectors read: nobody's hand, no face-down card, no options, the log as the public reads it.

    >>> from dictator_widget.engine.rules.game import Game
    >>> game = Game.new("fog-of-war", seed=1, placement="fixed")
    >>> [b["cards"] for b in public_view(game)["battalions"]][:2]
    [[None, None, None], [None, None, None]]
    """
    return {**position(game, -1, public_cards(game)), "turn_cap": game.rules.turn_cap,
            "board": {"guilds": sorted(game.state.guilds)}, "viewer": None,
            "log": [e.to_json(None) for e in game.log[-LOG_TAIL:]]}


def _seen(view: Mapping[str, Any], game: Game, player: int | None) -> Iterable[str]:
    """The cards ``player`` (None: everyone) sees now or was shown in the log."""
    yield from view["cards"] if "cards" in view else public_cards(game)
    for event in game.log:
        for key, value in event.visible_args(player).items():
            if key in ("card", "target", "cards", "other_cards", "hiring"):
                yield from (c for c in (value if isinstance(value, list) else [value]) if isinstance(c, str))


@cache
def _encoder(space: ActionSpace, die: int) -> Encoder:
    return Encoder(space, die)


@cache
def _sizes(e: Encoder) -> tuple[int]:
    sp = e.space
    n, nl, ns, nc = sp.players, len(sp.labels), len(sp.sectors), len(sp.cards)
    size = (n + 2) + n + len(DECISIONS) + 1 + n * (3 + len(sp.zones)) + nl * (1 + ns + 5) \
        + nc * (nl + len(PLACES) + 1) + ns + 1 \
        + 2 * nl + ns + len(battle.FLOW) + 5 + 3 + nc + n + 1
    return (size,)


@cache
def _label_index(sp: ActionSpace) -> dict[str, int]:
    return {x: i for i, x in enumerate(sp.labels)}


@cache
def _sector_index(sp: ActionSpace) -> dict[str, int]:
    return {x: i for i, x in enumerate(sp.sectors)}


@cache
def _card_index(sp: ActionSpace) -> dict[str, int]:
    return {x: i for i, x in enumerate(sp.cards)}
