"""What the bots know about a position: battle odds, the worth of cards and battalions.

Everything here reads a :class:`~dictator_widget.engine.Game` and changes
nothing. The numbers are "material": a card is worth its Strength (plus a
little for an action), an undamaged card one more (it stands between its
battalion and annihilation, R24), a battalion one more (it acts every turn).

>>> p_win(0), p_win(2), p_win(-6), p_win(6)
(0.4166666666666667, 0.7222222222222222, 0.0, 1.0)
>>> from dictator_widget import Game
>>> game = Game.new("standard", seed=1, placement="fixed")
>>> battalion_worth(game, game.state.battalions["A1"]) > BATTALION
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..engine.rules.battle import FLOW

if TYPE_CHECKING:
    from ..engine import CardSet, Game
    from ..engine.rules.state import Battalion, State

UNDAMAGED = 1.0
"""Worth of a card's being undamaged, over its Strength."""
ACTION = 0.5
"""Worth of a card's having an action."""
BATTALION = 1.0
"""Worth of a battalion token itself."""
ENERGY = 0.2
"""Worth of one Energy at a flat price (GreedyAgent's ``energy``, used with ``curve=0``)."""
GUILD = 2.5
"""Worth of capturing a Guild: a Hireling card (or Energy) and one Guild fewer for the others."""
GUILD_BATTLE = 0.0
"""Worth, to a battle's own card actions, of winning against a Guild over the damage it spares: a Guild
that holds out is still there to be attacked next turn (docs/balance.md, step 11)."""
ENERGY_CURVE = 4.0
"""k in the worth of the last of E Energy, k·(√E − √(E−1)) (docs/balance.md, step 11)."""
LAST_BATTALION = 6.0
"""Extra worth of destroying a player's last battalion (it takes them out of the game)."""


@cache
def _win_table(die: int) -> tuple[float, ...]:
    """P(win) for each Strength lead from -die to +die: one die of ``die`` faces each."""
    return tuple(sum(1 for a in range(1, die + 1) for b in range(1, die + 1) if a + diff > b) / die ** 2
                 for diff in range(-die, die + 1))


def p_win(diff: int, die: int = 6) -> float:
    """Chance that a side ahead by ``diff`` Strength wins the Collision (R22): one die each, of ``die``
    faces (the game's ``rules.die``: 10 under the variant d10_collision).

    >>> p_win(5), p_win(5, die=10)
    (0.9722222222222222, 0.85)
    """
    if diff >= die:
        return 1.0
    if diff <= -die:
        return 0.0
    return _win_table(die)[diff + die]


@dataclass(frozen=True)
class Boost:
    """A card's Strength- or Condition-phase action that can raise its side's advantage."""

    card: str
    cost: int
    amount: int            # a fixed change of the advantage (0 when it depends on the cards)
    effect: str            # "strength", "cancel_type", "add_type_strength"
    kind: str              # the card type for cancel_type/add_type_strength
    when: frozenset[str]
    ability: str           # the action's id
    phase: str             # "condition" or "strength"


@dataclass(frozen=True)
class CardInfo:
    strength: int
    type: str
    worth: float           # Strength plus a little for an action
    boosts: tuple[Boost, ...]


_ODDS_KEPT = 65536
"""At most this many attacks' odds are remembered per card set (then they are forgotten and met afresh)."""


class _Tables:
    """Per card set: the set itself, its card table, and the potentials, Strengths and attack odds of the
    battalions met so far (the bots ask for the same ones over and over)."""

    __slots__ = ("cards", "info", "potentials", "strengths", "odds_of")

    def __init__(self, cards: CardSet, info: dict[str, CardInfo]) -> None:
        self.cards = cards
        self.info = info
        self.potentials: dict[tuple[tuple[str, ...], tuple[str, ...] | None, int, bool], int] = {}
        self.strengths: dict[tuple[str, ...], int] = {}
        self.odds_of: dict[tuple[tuple[str, ...], int, tuple[str, ...] | None, int, int, int],
                           tuple[float, float]] = {}

    def strength(self, cards: tuple[str, ...]) -> int:
        """The Strength printed on ``cards``."""
        total = self.strengths.get(cards)
        if total is None:
            info = self.info
            total = self.strengths[cards] = sum(info[c].strength for c in cards)
        return total

    def potential(self, cards: tuple[str, ...], enemy: tuple[str, ...] | None, energy: int, attacking: bool) -> int:
        """:func:`potential`, remembered."""
        key = (cards, enemy, energy, attacking)
        hit = self.potentials.get(key)
        if hit is None:
            hit = self.potentials[key] = _potential(self.info, cards, enemy, energy, attacking)
        return hit

    def odds(self, cards: tuple[str, ...], energy: int, enemy: tuple[str, ...] | None, enemy_energy: int,
             die: int, guild_strength: int) -> tuple[float, float]:
        """The chances to win and to lose of a battalion of ``cards`` with ``energy`` attacking one of
        ``enemy`` with ``enemy_energy`` (None: a Guild of ``guild_strength``), each side counting the
        Strength its actions could add (:func:`potential`); remembered."""
        key = (cards, energy, enemy, enemy_energy, die, guild_strength)
        hit = self.odds_of.get(key)
        if hit is None:
            mine = self.strength(cards) + self.potential(cards, enemy, energy, True)
            if enemy is None:
                theirs = guild_strength
            else:
                theirs = self.strength(enemy) + self.potential(enemy, cards, enemy_energy, False)
            if len(self.odds_of) >= _ODDS_KEPT:
                self.odds_of.clear()
            hit = self.odds_of[key] = (p_win(mine - theirs, die), p_win(theirs - mine, die))
        return hit


_INFO: dict[int, _Tables] = {}


def card_info(cards: CardSet) -> dict[str, CardInfo]:
    """Per card: Strength, type, worth and Strength boosts (cached per card set)."""
    return _tables(cards).info


def _tables(cards: CardSet) -> _Tables:
    hit = _INFO.get(id(cards))
    if hit is not None and hit.cards is cards:
        return hit
    out: dict[str, CardInfo] = {}
    for cid in cards:
        c = cards[cid]
        boosts = []
        for ab in c.actions:
            if ab.effect == "strength" and ab.phase == "strength":
                amount = int(ab.params["amount"])
                gain = amount if ab.params["side"] == "own" else -amount
                if gain > 0:
                    boosts.append(Boost(cid, ab.cost, gain, "strength", "", ab.when, ab.id, ab.phase))
            elif ab.effect in ("cancel_type", "add_type_strength"):
                boosts.append(Boost(cid, ab.cost, 0, ab.effect, str(ab.params["type"]), ab.when, ab.id, ab.phase))
        out[cid] = CardInfo(c.strength, c.type, c.strength + (ACTION if c.actions else 0.0), tuple(boosts))
    hit = _INFO[id(cards)] = _Tables(cards, out)
    return hit


def card_worth(game: Game, card: str) -> float:
    """A card's worth to its battalion, counting whether it is damaged."""
    worth = card_info(game.cards)[card].worth
    return worth if card in game.state.damaged else worth + UNDAMAGED


def keep_worth(game: Game, card: str, battalion: Iterable[str]) -> float:
    """What keeping ``card`` in a battalion of ``battalion``'s cards is worth, for choosing a card to give up.

    Its Strength, UNDAMAGED if it is undamaged, and its best action's worth over 1 + the action's Energy
    cost: a Strength-changing action is worth the Strength it adds (the Rider's Control: the Strength of a
    Bio-Mech of ``battalion`` again, free; the Hoplone's +3 for 1 Energy), any other ACTION (a free repair
    ACTION, Cluster Shells for 3 a quarter of it). :func:`card_worth` values every action at ACTION, so a
    bot that gave up its "weakest" card would give up the Rider or the Hoplone as often as a card with a
    re-roll, and a free repair as often as a dear one.

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1, placement="fixed")
    >>> [keep_worth(game, c, ("C07", "C08", "C06")) for c in ("C07", "C08", "C06")]   # Rider, Infiltrator, Hoplone
    [3.0, 2.5, 3.5]
    """
    info = card_info(game.cards)
    c = info[card]
    action = max((ACTION / (1 + ab.cost) for ab in game.cards[card].actions), default=0.0)
    for bo in c.boosts:
        if bo.effect == "strength":
            gain = bo.amount
        elif bo.effect == "add_type_strength":
            gain = max((info[o].strength for o in battalion if o != card and info[o].type == bo.kind), default=0)
        else:
            continue                                    # a cancel: worth nothing without a known enemy
        action = max(action, gain / (1 + bo.cost))
    return c.strength + action + (0.0 if card in game.state.damaged else UNDAMAGED)


def battalion_worth(game: Game, bat: Battalion) -> float:
    """Material of one battalion: its cards (undamaged ones more) and the token."""
    return _worth(card_info(game.cards), game.state.damaged, bat)


def _worth(info: dict[str, CardInfo], damaged: frozenset[str], bat: Battalion) -> float:
    return BATTALION + sum(info[c].worth + (0.0 if c in damaged else UNDAMAGED) for c in bat.cards)


APPROACH = 0.08
"""Worth of one step nearer a target (a Guild or an enemy it expects to beat; else any enemy)."""


DANGER = 0.6
"""Share of an enemy's expected attack counted against a battalion within its reach."""


def threats(game: Game) -> list[float]:
    """Per player, the expected loss to the attacks open to the player whose turn it is.

    An enemy battalion of that player next to one of yours counts fully (it can
    attack at once), one at distance 2 by half (it must move first); only
    attacks it expects to gain from count.
    """
    s = game.state
    out = [0.0] * game.num_players
    if s.step == "over":
        return out
    mover = s.player
    geo = game.geometry
    stakes: dict[str, float] = {}
    for e in s.battalions.values():
        if e.owner != mover or e.label in s.acted:
            continue
        for b in s.battalions.values():
            if b.owner == mover:
                continue
            d = geo.distance(e.sector, b.sector)
            if d <= 2:
                v = attack_value(game, e, b, stakes)
                if v > 0:
                    out[b.owner] += DANGER * v * (1.0 if d == 1 else 0.5)
    return out


def undamaged(game: Game, bat: Battalion) -> int:
    return _sound(game.state.damaged, bat.cards)


def _sound(damaged: frozenset[str], cards: tuple[str, ...]) -> int:
    return len(cards) - len(damaged.intersection(cards))


def base_strength(game: Game, cards: Iterable[str]) -> int:
    return _tables(game.cards).strength(tuple(cards))


def potential(game: Game, cards: tuple[str, ...], enemy: tuple[str, ...] | None, energy: int,
              attacking: bool) -> int:
    """Strength its actions could add to a side in a battle, spending at most ``energy``: what a bot plans
    an attack on, before the battle.

    ``enemy`` is the other battalion's cards, or None for a Guild. Remembered per card set. A cancel (the
    Snail's Acid Spray and Corrosion) is left out: counted here, it sent the Snail into attacks a blank of
    its Strength stayed out of, and the Snail measured worse than a blank (docs/balance.md, step 9). In
    the battle itself it is weighed as any other action (:func:`still_to_come`).

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1, placement="fixed")
    >>> potential(game, ("C04", "C06"), ("T04", "T01"), 2, True)   # the Hoplone's +3; not the Knight cancelled
    3
    """
    return _tables(game.cards).potential(cards, enemy, energy, attacking)


def _potential(info: dict[str, CardInfo], cards: tuple[str, ...], enemy: tuple[str, ...] | None, energy: int,
               attacking: bool) -> int:
    boosts = [bo for c in cards for bo in info[c].boosts if bo.effect != "cancel_type"]
    return _spend(_gains(info, boosts, cards, enemy, attacking), energy)


def still_to_come(game: Game, side: int, energy: int, leave_out: tuple[str, str]) -> int:
    """Strength that ``side``'s actions not yet used in this battle (but ``leave_out``, a card and action)
    could still add in this or a later phase, spending at most ``energy``: what a dear action now may
    leave unpaid (the Snail's Corrosion for the last Energy, before the Hoplone's +3 for the same).

    >>> from dictator_widget import Game
    >>> game = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["C04", "C06", "C05"]},
    ...                                           "B1": {"sector": "e4", "cards": ["T04", "T01", "T06"]}}})
    >>> _ = game.apply("A1 attack B1")              # the Condition Phase: the Snail may cancel the Knight
    >>> still_to_come(game, 0, 1, ("C04", "corrosion")), still_to_come(game, 0, 0, ("C04", "corrosion"))
    (3, 0)
    """
    return _spend(boosts_to_come(game, side, leave_out), energy)


_PHASES: tuple[str, ...] = tuple(str(phase.name) for phase in FLOW)


def boosts_to_come(game: Game, side: int, leave_out: tuple[str, str] | None = None,
                   start: str | None = None) -> list[tuple[int, int]]:
    """(Energy cost, Strength gain) of each action of ``side`` not yet used in this battle that could still
    add Strength in the phase ``start`` (default: this one) or a later one up to the Strength Phase, but
    ``leave_out`` (a card and action).

    >>> from dictator_widget import Game
    >>> game = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T04", "T01", "T06"]},
    ...                                           "B1": {"sector": "e4", "cards": ["C04", "C06", "C05"]}}})
    >>> _ = game.apply("A1 attack B1")              # the Condition Phase: the Snail may cancel the Knight
    >>> boosts_to_come(game, 1)                     # Corrosion: the Knight's 2; the Hoplone's +3
    [(1, 2), (1, 3)]
    """
    s = game.state
    b = s.battle
    assert b is not None
    info = card_info(game.cards)
    cards, enemy = s.side_cards(side), s.side_cards(1 - side)
    start = start or str(FLOW[b.phase].name)
    phases = {start} | {p for p in ("condition", "strength") if _PHASES.index(p) >= _PHASES.index(start)}
    boosts = [bo for c in cards for bo in info[c].boosts
              if (bo.card, bo.ability) != leave_out and (bo.card, bo.ability) not in b.used and bo.phase in phases]
    return _gains(info, boosts, cards, enemy if b.guild is None else None, side == 0)


def _gains(info: dict[str, CardInfo], boosts: list[Boost], cards: tuple[str, ...], enemy: tuple[str, ...] | None,
           attacking: bool) -> list[tuple[int, int]]:
    gains: list[tuple[int, int]] = []
    for bo in boosts:
        if bo.when and not _when(bo.when, enemy is None, attacking):
            continue
        if bo.effect == "strength":
            gain = bo.amount
        elif bo.effect == "cancel_type":
            gain = sum(info[e].strength for e in enemy or () if info[e].type == bo.kind)
        else:
            gain = max((info[o].strength for o in cards if info[o].type == bo.kind), default=0)
        if gain > 0:
            gains.append((bo.cost, gain))
    return gains


def _spend(gains: list[tuple[int, int]], energy: int) -> int:
    total = 0
    for cost, gain in sorted(gains, key=lambda cg: (cg[0] / cg[1], -cg[1])):
        if cost <= energy:
            energy -= cost
            total += gain
    return total


def _when(when: frozenset[str], vs_guild: bool, attacking: bool) -> bool:
    if "vs-guild" in when and not vs_guild:
        return False
    if "vs-battalion" in when and vs_guild:
        return False
    if "attacking" in when and not attacking:
        return False
    return not ("defending" in when and attacking)


def stake(game: Game, bat: Battalion) -> float:
    """What a battalion loses with a lost battle: one card's soundness, or itself if that was its last."""
    return _stake(game.state, card_info(game.cards), bat)


def _stake(s: State, info: dict[str, CardInfo], bat: Battalion) -> float:
    if _sound(s.damaged, bat.cards) > 1:
        return UNDAMAGED + 0.5
    worth = _worth(info, s.damaged, bat)
    for b in s.battalions.values():
        if b.owner == bat.owner and b.label != bat.label:
            return worth
    return worth + LAST_BATTALION


def speed(game: Game, bat: Battalion) -> int:
    """How many steps ``bat`` can go in one activation: 1, or its farthest special move (R15) its owner's
    Energy pays for.

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1, placement="fixed")
    >>> [speed(game, b) for b in game.state.battalions.values()]
    [3, 2, 1, 1, 1, 1]
    """
    energy = game.state.energy[bat.owner]
    return max([1] + [int(ab.params["range"]) for c in bat.cards for ab in game.cards[c].actions
                      if ab.effect == "special_move" and ab.cost <= energy])


def annihilates(game: Game, bat: Battalion) -> bool:
    """Whether one more damage would annihilate ``bat`` (R24): one undamaged card left."""
    return _sound(game.state.damaged, bat.cards) == 1


def attack_value(game: Game, bat: Battalion, target: Battalion | None,
                 stakes: dict[str, float] | None = None) -> float:
    """Expected material swing of ``bat`` attacking ``target`` (None: a Guild), for the attacker.
    ``stakes``: a dict in which to keep each battalion's :func:`stake` in this position, for the next call.

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1, placement="fixed")
    >>> a1 = game.state.battalions["A1"]
    >>> attack_value(game, a1, None) > 0          # a full battalion against a Guild of Strength 3
    True
    """
    s = game.state
    t = _tables(game.cards)
    rules = game.rules
    energy = s.energy
    if target is None:
        win, lose = t.odds(bat.cards, energy[bat.owner], None, 0, rules.die, rules.guild_strength)
        gain = GUILD
    else:
        win, lose = t.odds(bat.cards, energy[bat.owner], target.cards, energy[target.owner], rules.die, 0)
        gain = _kept_stake(s, t.info, target, stakes)
    return win * gain - lose * _kept_stake(s, t.info, bat, stakes)


def _kept_stake(s: State, info: dict[str, CardInfo], bat: Battalion, stakes: dict[str, float] | None) -> float:
    if stakes is None:
        return _stake(s, info, bat)
    hit = stakes.get(bat.label)
    if hit is None:
        hit = stakes[bat.label] = _stake(s, info, bat)
    return hit
