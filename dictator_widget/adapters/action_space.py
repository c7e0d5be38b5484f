"""A fixed numbering of every action a mission can produce (OpenSpiel and PettingZoo need one).

The ids are laid out in blocks, in this order, each block the product of its parts in the order given:

=====================  ====================================================================
block                  parts
=====================  ====================================================================
keywords               ``end-turn``, ``pass``, ``roll``, ``skip-roll``, ``hireling``, ``energy``, ``wait``
``zone``               the board's zones, sorted
``split``              the variant roll_off_setup's pairs
``damage`` .. card     kinds ``damage``, ``hire``, ``discard``, ``draft``, ``reveal`` x cards
``form``               cards x labels
``move``, ``deploy``,  labels x sectors (each its own block)
``attack guild``
``attack``             labels x labels
``end``                labels
card action, battle    (card, ability) x targets (``T10:aimed-shot C08``)
card action, maneuver  (card, ability) x targets; the battalion is the card's holder (``A1 T01:turbo-jump d4``)
``exchange``           player x pairs of that player's labels (lower first) x give x take, where give and
                       take are bit masks over the slots of the two battalions' cards as they stand
=====================  ====================================================================

Cards are the mission's card set sorted by id, labels ``A1`` .. ``A9``, ``B1`` .. for the mission's seats,
sectors the board's sorted, targets ``""`` then sectors, cards and labels. Every id but an exchange's means
the same notation in every state; an exchange's names its cards through the slots, so it is read in a state.

>>> from dictator_widget.engine.rules.game import Game
>>> game = Game.new("standard", seed=7, placement="fixed")
>>> space = ActionSpace.of(game)
>>> ids = [space.encode(a, game) for a in game.legal_actions()]
>>> [space.decode(i, game) for i in ids] == [str(a) for a in game.legal_actions()]
True
>>> space.decode(space.encode(game.parse_action("end-turn"), game), game)
'end-turn'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from ..engine.rules.actions import Action
from ..engine.rules.errors import DictatorError
from ..engine.rules.setup import SPLITS
from ..engine.rules.vocabulary import LETTERS

if TYPE_CHECKING:
    from ..engine.rules.game import Game

KEYWORDS = ("end-turn", "pass", "roll", "skip-roll", "hireling", "energy", "wait")
CARD_KINDS = ("damage", "hire", "discard", "draft", "reveal")
PLACE_KINDS = ("move", "deploy", "attack-guild")
MAX_BATTALIONS = 9
"""Labels run A1 .. A9 (the notation's one digit)."""


@dataclass(frozen=True)
class ActionSpace:
    """The numbering for one mission's cards, seats, board and battalion size."""

    players: int
    size: int
    cards: tuple[str, ...]
    abilities: tuple[tuple[str, str], ...]
    sectors: tuple[str, ...]
    zones: tuple[str, ...]

    @staticmethod
    def of(game: Game) -> ActionSpace:
        """The numbering for ``game``'s mission and rules (the same for every game of them)."""
        cards = tuple(sorted(game.cards))
        abilities = tuple((c, ab.id) for c in cards for ab in game.cards[c].actions)
        return _space(game.num_players, game.rules.battalion_size, cards, abilities,
                      tuple(sorted(game.geometry.sectors)), tuple(sorted(game.geometry.zone_names)))

    # --- the parts ------------------------------------------------------------------

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(f"{LETTERS[p]}{i}" for p in range(self.players) for i in range(1, MAX_BATTALIONS + 1))

    @property
    def targets(self) -> tuple[str, ...]:
        return ("", *self.sectors, *self.cards, *self.labels)

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(combinations(range(1, MAX_BATTALIONS + 1), 2))

    def __len__(self) -> int:
        return self.num_actions

    @property
    def num_actions(self) -> int:
        """How many ids there are (``num_distinct_actions``)."""
        return _layout(self)[1]

    # --- ids ------------------------------------------------------------------------

    def encode(self, action: Action, game: Game) -> int:
        """The id of ``action`` (legal in ``game``, which an exchange's slots are read from)."""
        offsets, _ = _layout(self)
        ix = _index(self)
        k = action.kind
        try:
            if k in KEYWORDS:
                return offsets["keyword"] + KEYWORDS.index(k)
            if k == "zone":
                return offsets["zone"] + self.zones.index(action.target)
            if k == "split":
                return offsets["split"] + SPLITS.index(action.target)
            if k in CARD_KINDS:
                return offsets[k] + ix.card[action.card]
            if k == "form":
                return offsets["form"] + ix.card[action.card] * len(ix.label) + ix.label[action.battalion]
            if k in PLACE_KINDS:
                return offsets[k] + ix.label[action.battalion] * len(ix.sector) + ix.sector[action.target]
            if k == "attack":
                return offsets["attack"] + ix.label[action.battalion] * len(ix.label) + ix.label[action.target]
            if k == "end":
                return offsets["end"] + ix.label[action.battalion]
            if k == "use":
                block = "use-maneuver" if action.battalion else "use-battle"
                return offsets[block] + ix.ability[(action.card, action.ability)] * len(ix.target) \
                    + ix.target[action.target]
            if k == "exchange":
                return offsets["exchange"] + self._exchange(action, game)
        except (KeyError, ValueError):
            pass
        raise DictatorError(f"'{action}' has no id in the action space of this mission")

    def _exchange(self, action: Action, game: Game) -> int:
        a, b = game.state.battalions[action.battalion], game.state.battalions[action.target]
        if a.label > b.label:
            raise ValueError(action)
        player = LETTERS.index(a.label[0])
        pair = self.pairs.index((int(a.label[1]), int(b.label[1])))
        give = sum(1 << a.cards.index(c) for c in action.give)
        take = sum(1 << b.cards.index(c) for c in action.take)
        masks = 1 << self.size
        return int(((player * len(self.pairs) + pair) * masks + give) * masks + take)

    def decode(self, id_: int, game: Game) -> str:
        """The notation of id ``id_`` in ``game`` (legal or not); DictatorError if there is no such id."""
        offsets, total = _layout(self)
        if not isinstance(id_, int) or not 0 <= id_ < total:
            raise DictatorError(f"action id {id_!r} is not in 0..{total - 1}")
        block = max((o, name) for name, o in offsets.items() if o <= id_)[1]
        i = id_ - offsets[block]
        labels, sectors, targets = self.labels, self.sectors, self.targets
        if block == "keyword":
            return KEYWORDS[i]
        if block == "zone":
            return f"zone {self.zones[i]}"
        if block == "split":
            return f"split {SPLITS[i]}"
        if block in CARD_KINDS:
            return f"{block} {self.cards[i]}"
        if block == "form":
            return f"form {self.cards[i // len(labels)]} {labels[i % len(labels)]}"
        if block in PLACE_KINDS:
            label, sector = labels[i // len(sectors)], sectors[i % len(sectors)]
            return f"{label} attack guild {sector}" if block == "attack-guild" else f"{label} {block} {sector}"
        if block == "attack":
            return f"{labels[i // len(labels)]} attack {labels[i % len(labels)]}"
        if block == "end":
            return f"{labels[i]} end"
        if block.startswith("use"):
            (card, ability), target = self.abilities[i // len(targets)], targets[i % len(targets)]
            text = f"{card}:{ability}" + (f" {target}" if target else "")
            if block == "use-maneuver":
                text = f"{_label_of(game, card)} {text}"
            return text
        return self._decode_exchange(i, game)

    def _decode_exchange(self, i: int, game: Game) -> str:
        masks = 1 << self.size
        i, take = divmod(i, masks)
        i, give = divmod(i, masks)
        player, pair = divmod(i, len(self.pairs))
        a, b = (f"{LETTERS[player]}{n}" for n in self.pairs[pair])
        bats = game.state.battalions

        def slots(label: str, mask: int) -> str:
            cards = bats[label].cards if label in bats else ()
            chosen = [cards[k] if k < len(cards) else "?" for k in range(self.size) if mask >> k & 1]
            return ",".join(chosen) or "-"

        return f"{a} exchange {b} give {slots(a, give)} take {slots(b, take)}"


def _label_of(game: Game, card: str) -> str:
    """The battalion holding ``card`` ("?" when none does)."""
    return next((label for label, bat in game.state.battalions.items() if card in bat.cards), "?")


@cache
def _space(players: int, size: int, cards: tuple[str, ...], abilities: tuple[tuple[str, str], ...],
           sectors: tuple[str, ...], zones: tuple[str, ...]) -> ActionSpace:
    return ActionSpace(players, size, cards, abilities, sectors, zones)


@dataclass(frozen=True)
class _Index:
    card: dict[str, int]
    label: dict[str, int]
    sector: dict[str, int]
    target: dict[str, int]
    ability: dict[tuple[str, str], int]


@cache
def _index(space: ActionSpace) -> _Index:
    return _Index({c: i for i, c in enumerate(space.cards)}, {x: i for i, x in enumerate(space.labels)},
                  {s: i for i, s in enumerate(space.sectors)}, {t: i for i, t in enumerate(space.targets)},
                  {a: i for i, a in enumerate(space.abilities)})


@cache
def _layout(space: ActionSpace) -> tuple[dict[str, int], int]:
    """Each block's first id, and the number of ids."""
    nl, ns, nc = len(space.labels), len(space.sectors), len(space.cards)
    sizes = [("keyword", len(KEYWORDS)), ("zone", len(space.zones)), ("split", len(SPLITS)),
             *((k, nc) for k in CARD_KINDS), ("form", nc * nl), *((k, nl * ns) for k in PLACE_KINDS),
             ("attack", nl * nl), ("end", nl),
             ("use-battle", len(space.abilities) * len(space.targets)),
             ("use-maneuver", len(space.abilities) * len(space.targets)),
             ("exchange", space.players * len(space.pairs) * (1 << space.size) ** 2)]
    offsets, at = {}, 0
    for name, n in sizes:
        offsets[name] = at
        at += n
    return offsets, at
