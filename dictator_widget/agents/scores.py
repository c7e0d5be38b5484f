"""Greedy's scores of each kind of decision (:class:`~dictator_widget.agents.greedy.GreedyAgent` picks the
best), and the keys by which a search remembers its answers (:func:`memo_key`, :func:`position_key`).

The scoring lives apart from the agent's class so that ``make compiled`` may compile it (mypyc; a compiled
class cannot be subclassed in Python, and bots subclass ``GreedyAgent``). Scores are material
(``heuristics``): an attack scores its expected swing, a move how much better the new sector is (a good
attack from there, fewer threats, nearer a target), a battle action how much it raises the chance of winning
the battle times what the battle is worth, less the Energy it costs.

>>> from dictator_widget import Game
>>> game = Game.new("standard", seed=1, placement="fixed")
>>> scores = Activation(game).scores(game.legal_actions())
>>> len(scores) == len(game.legal_actions()), max(scores) > 0
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..engine import Action, Game
from ..engine.rules.battle import FLOW, stage, strength, totals
from ..engine.rules.state import ATTACKER, DEFENDER
from . import heuristics as h

if TYPE_CHECKING:
    from ..engine.rules.state import Battalion, Battle, State

STALEMATE = 40
"""After this many turns the bot grows bolder, so games between cautious players still end."""
BOLDNESS = 1.5
"""The most that boldness adds to an attack's score (reached 60 turns after ``STALEMATE``)."""
LEAD_BOLDNESS = 0.5
"""Boldness of the side ahead in material once no Guild is left (``hunt``): it presses on rather than wait
for an equal standoff to end at ``STALEMATE``."""
TIE = 1e-9
NEARER = 0.5
"""Worth of an extra damage that does not annihilate: a damaged card keeps its Strength and actions (R23),
so it only brings the battalion one loss nearer its end."""



def zone_scores(game: Game, legal: list[Action]) -> list[float]:
    """The Starting Zone farthest from the zones already taken (room to gather before the first fight)."""
    geo = game.geometry
    taken = [sector for zone in game.state.zones if zone in geo.zones for sector in geo.zones[zone]]
    if not taken:
        return [0.0] * len(legal)
    return [float(min(geo.distance(a, b) for a in geo.zones[act.target] for b in taken)) for act in legal]


def deploy_scores(game: Game, legal: list[Action]) -> list[float]:
    """The stronger a battalion, the nearer the centre of the City its token starts (the front line)."""
    army = game.mission.armies[game.state.player].battalions
    power = [sum(game.cards[c].strength for c in cards) for cards in army]
    index = int(legal[0].battalion[1:]) - 1
    rank = sorted(range(len(army)), key=lambda i: (-power[i], i)).index(index)
    geo = game.geometry
    middle = next(sector for sector, qr in geo.coords.items() if qr == (0, 0))
    centre = sorted(geo.zones[game.state.zones[game.state.player]],
                    key=lambda sector: (geo.distance(sector, middle), sector))
    return [float(-abs(rank - centre.index(a.target))) for a in legal]


# --- activation: moves, special moves, attacks ---------------------------------------

def position_key(game: Game) -> tuple[Any, ...]:
    """What the legal actions of an activation or a battle decision and their scores depend on, as a hashable
    key: two positions of one game with equal keys get the same best actions, and the same evaluation at an
    activation (the game's rules, cards and map aside; not the luck, nor the order of the Hireling deck).

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1, placement="fixed")
    >>> position_key(game) == position_key(game.clone(seed=2))      # the luck is not in it
    True
    """
    s = game.state
    b = s.battle
    return (s.step, s.player, s.turn, s.active, s.moved, s.done, _set(s.acted), _set(s.used),
            tuple(s.battalions.values()), tuple(s.energy), _set(s.damaged), _set(s.guilds),
            _set(s.exhausted), tuple(s.marks.items()), tuple(s.waits), tuple(s.sieges.items()),
            len(s.deck), None if b is None else
            (b.sides, b.owners, b.guild, b.phase, b.stage, tuple(b.mods), _set(b.cancelled[0]), _set(b.cancelled[1]),
             tuple(b.dice), b.rolled, b.winner, b.damaged, _set(b.used), b.pick, b.passes, _set(s.revealed)))


def _set(items: Iterable[Any]) -> tuple[Any, ...]:
    """A set in a memo's key: sorted into a tuple, which the garbage collector stops tracking (a search
    keeps thousands of keys; frozensets in them made its full collections slow)."""
    return tuple(sorted(items)) if items else ()


def memo_key(game: Game) -> tuple[Any, ...] | None:
    """What Greedy's best actions at this decision depend on, as a hashable key (None: a decision it keeps
    no memo of): :func:`position_key` at an activation; in a battle the battle's own facts (``_battle_key``);
    at a Guild's reward the battalion's cards and their damage, its owner's Energy, the Hireling deck's cards
    (and the top ones it may hire from); at a discard the battalion's cards, the new Hireling and their damage.

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1, placement="fixed")
    >>> memo_key(game) == position_key(game)
    True
    """
    s = game.state
    step = s.step
    if step == "activation":
        return position_key(game)
    if step == "battle" and s.battle is not None:
        return _battle_key(s)
    if step == "reward" and s.pending is not None and s.battle is not None:
        bat, pick, deck = s.battalions[s.pending], s.battle.pick, s.deck
        return (step, bat.cards, _set(s.damaged.intersection(bat.cards)), s.energy[bat.owner],
                _set(deck), tuple(deck[:pick]) if pick > 1 else bool(deck))
    if step == "discard" and s.pending is not None and s.hiring is not None:
        cards = s.battalions[s.pending].cards + (s.hiring,)
        return step, cards, _set(s.damaged.intersection(cards))
    return None


def _battle_key(s: State) -> tuple[Any, ...]:
    """What a battle decision's options and Greedy's scores of them depend on: the battle, its two
    battalions, their owners' Energy, which of their cards are damaged, whether each is its owner's last
    battalion, the Guild's siege tokens, the cards that may not act (exhausted, acted for another player),
    the Hireling deck's size; not the rest of the map (a search's battles recur with it changed: four in
    five of them are met again, against one in three by :func:`position_key`)."""
    b = s.battle
    assert b is not None
    bats = s.battalions
    attacker, defender = b.sides
    sides = (bats.get(attacker), None if defender is None else bats.get(defender))
    owners = [bat.owner for bat in bats.values()]
    cards: tuple[str, ...] = ()
    last = []
    for bat in sides:
        if bat is not None:
            cards += bat.cards
            last.append(owners.count(bat.owner) == 1)
    return ("battle", b.sides, b.owners, b.guild, b.phase, b.stage, tuple(b.mods), _set(b.cancelled[0]),
            _set(b.cancelled[1]), tuple(b.dice), b.rolled, b.winner, b.damaged, _set(b.used), b.pick, b.passes,
            sides, s.energy[b.owners[0]], s.energy[b.owners[1]], _set(s.damaged.intersection(cards)), tuple(last),
            s.sieges.get(b.guild, 0) if b.guild is not None else 0, _set(s.exhausted), tuple(s.marks.items()),
            len(s.deck), _set(s.revealed))


def _lead(game: Game, me: int) -> float:
    """The material (:func:`heuristics.battalion_worth`) of player ``me`` less that of the strongest other."""
    worth = [0.0] * game.num_players
    for b in game.state.battalions.values():
        worth[b.owner] += h.battalion_worth(game, b)
    return worth[me] - max(w for p, w in enumerate(worth) if p != me)


class Activation:
    """The scores of one activation decision, with what they share computed once."""

    def __init__(self, game: Game, gather: float = 0.0, energy: float = h.ENERGY, hunt: bool = False,
                 lead: float = LEAD_BOLDNESS) -> None:
        self.game = game
        self.hunt = hunt and not game.state.guilds
        self.gather = gather
        self.energy = energy
        self.s = game.state
        self.me = self.s.player
        self.geo = game.geometry
        self.bold = BOLDNESS * min(1.0, max(0, game.turn - STALEMATE) / 60)
        if self.hunt and lead and _lead(game, self.me) > 0:       # the endgame: the side ahead presses on
            self.bold += lead
        self._reach: dict[str, int] = {}
        self._stakes: dict[str, float] = {}
        self._values: dict[tuple[str, str], float] = {}
        self._fields: dict[str, list[list[Any]]] = {}

    def attack(self, bat: Battalion, target: str) -> float:
        """Expected swing of ``bat`` attacking the battalion labelled ``target`` or the Guild at a sector."""
        key = (bat.label, target)
        v = self._values.get(key)
        if v is None:
            enemy = self.s.battalions.get(target)
            v = self._values[key] = h.attack_value(self.game, bat, enemy, self._stakes) + self.bold
        return v

    def threat(self, enemy: Battalion, bat: Battalion) -> float:
        """Expected gain of ``enemy`` attacking ``bat`` (0 when it would lose by it); :meth:`_field` keeps it."""
        return max(0.0, h.attack_value(self.game, enemy, bat, self._stakes))

    def _field(self, bat: Battalion) -> list[list[Any]]:
        """Each enemy battalion as ``[sector, value of bat attacking it, token, its threat to bat]``, the
        threat filled in when first needed (once per activation)."""
        out = self._fields.get(bat.label)
        if out is None:
            out = self._fields[bat.label] = [[other.sector, self.attack(bat, label), other, None]
                                             for label, other in self.s.battalions.items() if other.owner != self.me]
        return out

    def position(self, bat: Battalion, sector: str, can_attack: bool) -> float:
        """How good ``sector`` is for ``bat``: the best attack from there, threats, the way to targets."""
        s = self.s
        steps = self.geo.steps[sector]
        best = 0.0
        danger = 0.0
        nearest = 99.0
        fallback = 99.0
        hunt = self.hunt
        for enemy in self._field(bat):
            d = steps[enemy[0]]
            value = enemy[1]
            if d == 1 or d == 2:
                threat = enemy[3]
                if threat is None:
                    threat = enemy[3] = self.threat(enemy[2], bat)
                if d == 1:
                    if can_attack and value > best:
                        best = value
                    danger += threat
                else:
                    danger += 0.5 * threat
            way = float(d)
            if value > 0:
                if hunt:
                    way = (d + self._escape(bat, sector, enemy[2])) / 2
                if way < nearest:
                    nearest = way
            if way < fallback:
                fallback = way
        if s.guilds:
            guild_value = self.attack(bat, next(iter(s.guilds)))     # every Guild is worth the same
            for g in s.guilds:
                d = steps[g]
                if d == 1 and can_attack and guild_value > best:
                    best = guild_value
                if guild_value > 0 and d < nearest:
                    nearest = float(d)
        if nearest == 99:
            nearest = fallback if fallback < 99 else 0.0
        danger = max(0.0, danger - self.bold)
        return best - h.DANGER * danger - h.APPROACH * nearest

    def _escape(self, bat: Battalion, sector: str, prey: Battalion) -> int:
        """How far from the hunters ``prey`` can get in its next activation (a step, or its special move's
        range), ``bat`` standing on ``sector`` and the player's other battalions where they are: the
        distance a pursuit must close. A hunter that steps towards where its prey stands chases it round
        the City's rim for ever; one that cuts off its way out corners it."""
        s, steps = self.s, self.geo.steps
        hunters = [steps[sector]] + [steps[b.sector] for b in s.battalions.values()
                                     if b.owner == self.me and b.label != bat.label]
        reach = self._reach.get(prey.label)
        if reach is None:
            reach = self._reach[prey.label] = h.speed(self.game, prey)
        around = steps[prey.sector]
        return max(min(hs[x] for hs in hunters) for x in self.geo.sectors
                   if around[x] <= reach and (x not in s.at or x == bat.sector or x == prey.sector) and x != sector)

    def scores(self, legal: list[Action]) -> list[float]:
        here: dict[str, float] = {}
        out = [self._score(a, here) for a in legal]
        if self.gather > 0:
            self._exchanges(legal, out)
        return out

    def _score(self, a: Action, here: dict[str, float]) -> float:
        k = a.kind
        if k in ("end-turn", "end", "wait"):
            return 0.0
        bat = self.s.battalions[a.battalion]
        if k == "attack" or k == "attack-guild":
            return self.attack(bat, a.target) + 0.01
        if k == "move":
            return self._move(bat, a.target, 0, here)
        if k == "use":
            return self._use(bat, a, here)
        return -1.0                                 # exchanges: not worth the activations, unless gathering

    def best(self, legal: list[Action]) -> list[Action]:
        """The actions of ``legal`` with the best :meth:`scores` (``gather`` 0), ties kept in order, the moves
        scored last and only those that could still be best: a move scores at most the best attack its
        battalion has on the map (``_bound``), and one whose bound falls short of the best so far is left."""
        here: dict[str, float] = {}
        out = [0.0] * len(legal)
        moves: list[tuple[int, Action, int]] = []
        top = -math.inf
        for i, a in enumerate(legal):
            k = a.kind
            if k == "exchange":                      # the most numerous, and never worth it (gather 0)
                v = out[i] = -1.0
            elif k == "move":
                moves.append((i, a, 0))
                continue
            elif k == "use" and (cost := self._special_cost(a)) is not None:
                moves.append((i, a, cost))
                continue
            else:
                v = out[i] = self._score(a, here)
            if v > top:
                top = v
        bats = self.s.battalions
        reach: dict[str, float] = {}
        for i, a, cost in moves:
            bat = bats[a.battalion]
            if self._bound(bat, cost, here, reach) < top - TIE:
                out[i] = -math.inf
                continue
            v = out[i] = self._move(bat, a.target, cost, here)
            if v > top:
                top = v
        return [a for a, v in zip(legal, out, strict=True) if v >= top - TIE]

    def _special_cost(self, a: Action) -> int | None:
        """The Energy that the card action ``a`` costs if it is a special move; None for any other."""
        ab = next(x for x in self.game.cards[a.card].actions if x.id == a.ability)
        return ab.cost if ab.effect == "special_move" else None

    def _bound(self, bat: Battalion, cost: int, here: dict[str, float], reach: dict[str, float]) -> float:
        """No move of ``bat`` costing ``cost`` scores more: :meth:`position` is the best attack from the new
        sector less threats and distance (neither below 0), so at most the best attack ``bat`` has anywhere
        (or 0); the same sum as :meth:`_move`'s with that in place of the new sector's position, so that
        rounding keeps the order."""
        label = bat.label
        if label not in here:
            here[label] = self.position(bat, bat.sector, True)
        best = reach.get(label)
        if best is None:
            best = max([0.0] + [enemy[1] for enemy in self._field(bat)])
            if self.s.guilds:
                best = max(best, self.attack(bat, next(iter(self.s.guilds))))
            reach[label] = best
        return best - here[label] - self.energy * cost - 0.001

    def _exchanges(self, legal: list[Action], out: list[float]) -> None:
        """Score exchanges by the Strength they gather, less the best the two battalions could do instead."""
        s, game = self.s, self.game
        best: dict[str, float] = {}
        for a, v in zip(legal, out, strict=True):
            if a.kind != "exchange" and a.battalion:
                best[a.battalion] = max(best.get(a.battalion, 0.0), v)
        for i, a in enumerate(legal):
            if a.kind != "exchange":
                continue
            mine, other = s.battalions[a.battalion].cards, s.battalions[a.target].cards
            after = (tuple(c for c in mine if c not in a.give) + a.take,
                     tuple(c for c in other if c not in a.take) + a.give)
            gathered, strong = max((h.base_strength(game, cards), cards) for cards in after)
            gathered -= max(h.base_strength(game, mine), h.base_strength(game, other))
            sound = sum(1 for c in strong if c not in s.damaged)      # of equal gathers, the sounder one
            out[i] = (self.gather * gathered + 0.05 * sound
                      - max(best.get(a.battalion, 0.0), best.get(a.target, 0.0)) - 0.01)

    def _move(self, bat: Battalion, sector: str, cost: int, here: dict[str, float]) -> float:
        if bat.label not in here:
            here[bat.label] = self.position(bat, bat.sector, True)
        return self.position(bat, sector, True) - here[bat.label] - self.energy * cost - 0.001

    def _use(self, bat: Battalion, a: Action, here: dict[str, float]) -> float:
        game = self.game
        ab = next(x for x in game.cards[a.card].actions if x.id == a.ability)
        if ab.effect == "special_move":
            return self._move(bat, a.target, ab.cost, here)
        if ab.effect == "gain_energy":
            room = game.rules.energy_max - self.s.energy[bat.owner]
            return self.energy * min(room, int(ab.params["amount"])) - 0.001
        if ab.effect == "repair":
            return h.UNDAMAGED + 0.5 - self.energy * ab.cost
        return -0.01


# --- battles -------------------------------------------------------------------------

def _side(game: Game, b: Battle) -> int:
    return ATTACKER if stage(b) == "attacker" else DEFENDER


def _battle_stake(game: Game, b: Battle, side: int, guild: float) -> float:
    """What winning rather than losing this battle is worth to ``side`` (``guild``: winning against a Guild)."""
    s = game.state
    mine, theirs = b.sides[side], b.sides[1 - side]
    win = guild if theirs is None else h.stake(game, s.battalions[theirs]) if theirs in s.battalions else 0.0
    lose = h.stake(game, s.battalions[mine]) if mine is not None and mine in s.battalions else 0.0
    return win + lose


def _answers(game: Game, b: Battle, side: int) -> list[tuple[int, int]]:
    """(cost, gain) of the other side's Strength actions still to come after ``side``'s now (R19: the defender
    acts after the attacker in each phase); none against a Guild."""
    other = 1 - side
    if b.sides[other] is None:
        return []
    if side == ATTACKER:
        return h.boosts_to_come(game, other)
    if FLOW[b.phase].name == "condition":           # the attacker's Strength Phase is still to come
        return h.boosts_to_come(game, other, start="strength")
    return []


def _answer(lead: int, answers: list[tuple[int, int]], energy: int, worth: float, die: int,
            price: Callable[[int], float]) -> int:
    """How much of a lead ``lead`` the other side's ``answers`` would take back, used as this agent would use
    them with ``energy`` for a battle worth ``worth`` to it: the best for its score, one after another, while
    one scores above 0."""
    answers, own = list(answers), -lead
    while True:
        best, i = max((((h.p_win(own + gain, die) - h.p_win(own, die)) * worth - price(energy) * cost, i)
                       for i, (cost, gain) in enumerate(answers) if cost <= energy), default=(0.0, -1))
        if best <= 0:
            return own + lead
        cost, gain = answers.pop(i)
        energy, own = energy - cost, own + gain


def battle_scores(game: Game, legal: list[Action], worth_of_energy: float, guild: float,
                   price: Callable[[int], float] | None = None) -> list[float]:
    s = game.state
    b = s.battle
    assert b is not None
    side = _side(game, b)
    diff = strength(game, b, side) - strength(game, b, 1 - side)
    worth = _battle_stake(game, b, side, guild)
    die = game.rules.die
    energy = s.energy[b.owners[side]]
    answers = _answers(game, b, side) if price is not None else []
    if answers:                                        # the other side's Energy and stake, for its answers
        their_energy, their_worth = s.energy[b.owners[1 - side]], _battle_stake(game, b, 1 - side, guild)
    out = []
    for a in legal:
        if a.kind == "roll":                           # R25: worth it only for an action after the roll
            out.append(_after_roll_gain(game, b, side, worth_of_energy))
            continue
        if a.kind != "use":
            out.append(0.0)
            continue
        ab = next(x for x in game.cards[a.card].actions if x.id == a.ability)
        cost = worth_of_energy * ab.cost
        e = ab.effect
        if e in ("strength", "cancel_type", "add_type_strength"):
            if e == "strength":
                amount = int(ab.params["amount"])
                gain = amount if ab.params["side"] == "own" else -amount
            elif e == "cancel_type":
                kind = ab.params["type"]
                gain = sum(game.cards[c].strength for c in s.side_cards(1 - side) if game.cards[c].type == kind)
            else:
                gain = game.cards[a.target].strength
            # Against not using it: what the side's other actions still to come add with the Energy left.
            later = h.still_to_come(game, side, energy, (a.card, a.ability)) if ab.cost else 0
            after = h.still_to_come(game, side, energy - ab.cost, (a.card, a.ability)) if ab.cost else 0
            used, unused = diff + gain + after, diff + later
            if answers and price is not None:          # what the other side would answer to each
                used -= _answer(used, answers, their_energy, their_worth, die, price)
                unused -= _answer(unused, answers, their_energy, their_worth, die, price)
            out.append((h.p_win(used, die) - h.p_win(unused, die)) * worth - cost)
        elif e == "reroll":
            out.append(_reroll_gain(game, b, side, ab.params["side"] == "own") * worth / 2 - cost)
        elif e == "drain_energy":
            out.append(worth_of_energy * min(int(ab.params["amount"]), s.energy[b.owners[1 - side]]) - cost)
        elif e == "gain_energy":
            room = game.rules.energy_max - s.energy[b.owners[side]]
            out.append(worth_of_energy * min(room, int(ab.params["amount"])) - cost - 0.001)
        elif e == "hireling_pick":
            out.append(0.3 - cost)
        else:
            out.append(-cost - 0.01)
    return out


def _after_roll_gain(game: Game, b: Battle, side: int, worth_of_energy: float) -> float:
    """Energy that the side's cards gain "after the dice are rolled" (Manta), less a hair for the time."""
    energy = game.state.energy[b.owners[side]]
    gain = sum(int(ab.params.get("amount", 0)) for c in game.state.side_cards(side) for ab in game.cards[c].actions
               if "rolled" in ab.when and ab.effect == "gain_energy" and ab.cost <= energy)
    room = game.rules.energy_max - energy
    return worth_of_energy * min(room, gain) - 0.001


def _reroll_gain(game: Game, b: Battle, side: int, own: bool) -> float:
    """Expected change of (win - loss) for ``side`` if one die is rolled again."""
    ta, td = totals(game, b)
    mine, theirs = (ta, td) if side == ATTACKER else (td, ta)
    now = (mine > theirs) - (mine < theirs)
    faces = range(1, game.rules.die + 1)
    if own:
        base = strength(game, b, side)
        after = sum((base + d > theirs) - (base + d < theirs) for d in faces) / len(faces)
    else:
        base = strength(game, b, 1 - side)
        after = sum((mine > base + d) - (mine < base + d) for d in faces) / len(faces)
    return after - now


def damage_scores(game: Game, legal: list[Action], worth_of_energy: float) -> list[float]:
    """The loser damages its least valuable card; the Damage Phase's card actions by their worth."""
    s = game.state
    b = s.battle
    out = []
    for a in legal:
        if a.kind == "damage":
            out.append(-h.card_info(game.cards)[a.card].worth)
        elif a.kind == "use" and b is not None:
            out.append(_damage_action(game, b, a, worth_of_energy))
        else:
            out.append(0.0)
    return out


def _damage_action(game: Game, b: Battle, a: Action, worth_of_energy: float) -> float:
    ab = next(x for x in game.cards[a.card].actions if x.id == a.ability)
    cost = worth_of_energy * ab.cost
    info = h.card_info(game.cards)
    e = ab.effect
    if e == "extra_damage":
        label = b.sides[1 - b.winner] if b.winner is not None else None   # offered only when there is a loser
        assert label is not None
        loser = game.state.battalions[label]
        return h.stake(game, loser) - cost if h.annihilates(game, loser) else NEARER - cost
    if e == "repair":
        return h.UNDAMAGED + 0.5 + 0.01 * info[a.target].worth - cost
    if e == "dump_card":
        return h.card_worth(game, a.target) - cost
    if e == "take_damaged":
        return 2 * info[a.target].worth - h.card_worth(game, a.card)
    if e == "gain_energy":
        room = game.rules.energy_max - game.state.energy[b.owners[_side(game, b)]]
        return worth_of_energy * min(room, int(ab.params["amount"])) - cost - 0.001
    return -cost - 0.01


# --- the reward for a Guild ----------------------------------------------------------

def reward_scores(game: Game, legal: list[Action], worth_of_energy: float) -> list[float]:
    s = game.state
    assert s.pending is not None
    bat = s.battalions[s.pending]
    info = h.card_info(game.cards)
    full = len(bat.cards) >= game.rules.battalion_size
    weakest = min(h.keep_worth(game, c, bat.cards) for c in bat.cards) if full else 0.0
    deck = s.deck
    mean = sum(info[c].worth for c in deck) / len(deck) + h.UNDAMAGED if deck else 0.0
    room = game.rules.energy_max - s.energy[bat.owner]
    out = []
    for a in legal:
        if a.kind == "energy":
            out.append(worth_of_energy * min(1, room))
        elif a.kind == "hire":
            out.append(info[a.card].worth + h.UNDAMAGED - weakest)
        else:
            out.append(mean - weakest)
    return out


def discard_scores(game: Game, legal: list[Action]) -> list[float]:
    """Give up the card least worth keeping in the battalion (:func:`heuristics.keep_worth`)."""
    s = game.state
    bat = s.battalions.get(s.pending) if s.pending is not None else None
    cards = bat.cards if bat is not None else ()
    return [-h.keep_worth(game, a.card, cards) for a in legal]
