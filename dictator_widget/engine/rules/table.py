"""The table the game is played on: the position, the log, and every step of the rules that changes them.

:class:`~dictator_widget.engine.rules.game.Game` is the public face (legal actions, apply, undo, chance,
saves); it hands each decision to :meth:`Table.do` and lets :meth:`Table.advance` resolve what
follows. The rule modules (``battle``, ``effects``, ``spoils``, ``setup``, ``maneuvers``,
``scenario``) receive the table and change the position only through it, so each change is logged
once. Nothing here checks legality: ``Game`` applies only actions it listed as legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..content.board import Board
from ..content.cards import Ability, CardSet
from ..content.missions import Mission
from . import battle, conclude, flow, maneuvers, setup, spoils
from .actions import Action
from .dice import Dice
from .effects import EFFECTS
from .fields import FrozenDict, FrozenList
from .log import EventLog
from .state import ATTACKER, DEFENDER, Battalion, Battle, Outcome, State
from .vocabulary import SETUP_STEPS, EndReason, Kind, Step

if TYPE_CHECKING:
    from .game import Rules

_NONE: frozenset[Any] = frozenset()
_NO_MARKS: FrozenDict[str, int] = FrozenDict()


class Table:
    """The rules in motion: rules, cards, board, mission, the position (``state``) and the log."""

    __slots__ = ("rules", "cards", "geometry", "mission", "state", "log", "legal", "quiet")

    def __init__(self, rules: Rules, cards: CardSet, geometry: Board, mission: Mission, state: State,
                 log: EventLog) -> None:
        self.rules = rules
        self.cards = cards
        self.geometry = geometry
        self.mission = mission
        self.state = state
        self.log = log
        self.legal: list[Action] | None = None  # the position's legal actions once listed (advance() lists a
                                                 # battle's choices when it stops at them); None: not yet
        self.quiet = False                       # logs nothing (a search's copies: Game.clone(log=False))

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled (make compiled), a class with required arguments cannot be unpickled without this
        return (_table, (self.rules, self.cards, self.geometry, self.mission, self.state, self.log, self.legal,
                         self.quiet))

    def dice(self) -> Dice:
        """The position's random source, to draw from: copied at the first draw of a decision (until then
        it is the frozen one the undo snapshot shares: most decisions draw nothing)."""
        d = self.state.dice
        if d.frozen:
            d = self.state.dice = d.copy()
        return d

    def variant(self, name: str) -> Any:
        """The value of a rule variant in this game (False or None when it is off)."""
        return self.rules.variants.get(name, False)

    def initiative(self, players: int) -> tuple[int, ...]:
        """R11: everyone rolls; the highest goes first; ties re-roll; order then fixed."""
        contenders = list(range(players))
        while len(contenders) > 1:
            rolls = {p: self.dice().d6() for p in contenders}
            for p, r in rolls.items():
                self.record("initiative", player=p, roll=r)
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
        first = contenders[0]
        self.record("first", player=first)
        return tuple((first + i) % players for i in range(players))

    # --- decisions ----------------------------------------------------------------------

    def do(self, act: Action) -> None:
        """Carry out a legal decision (its handler in :data:`HANDLERS`); ``advance`` resolves what follows."""
        HANDLERS[act.kind](self, act)  # type: ignore[index]

    def _use(self, act: Action) -> None:
        s = self.state
        ab = self._ability(act.card, act.ability)
        b = s.battle
        if b is None:
            label, side = act.battalion, -1
            s.active = label
            s.used = s.used | {(act.card, act.ability)}
        else:
            label = b.sides[0] if act.card in s.battalions[b.sides[0]].cards else b.sides[1]  # type: ignore[assignment]
            side = ATTACKER if label == b.sides[0] else DEFENDER
            b.used = b.used | {(act.card, act.ability)}
        owner = s.battalions[label].owner
        if s.marks.get(act.card) != owner:
            s.marks = s.marks.set(act.card, owner)
        self.reveal([act.card])                        # M4: a card is revealed when its action is used
        if self.variant("exhaustion"):
            s.exhausted = s.exhausted | {act.card}
        if act.target:
            self.record("use_target", battalion=label, card=act.card, ability=act.ability, target=act.target)
        else:
            self.record("use", battalion=label, card=act.card, ability=act.ability)
        if ab.cost:
            self._set_energy(owner, s.energy[owner] - ab.cost)
        before = (battle.strength(self, b, ATTACKER), battle.strength(self, b, DEFENDER)) if b is not None else None
        EFFECTS[ab.effect].apply(self, ab, label, side, act.target)
        if b is not None and s.battle is b:       # the log says the Strength a card action changed
            after = (battle.strength(self, b, ATTACKER), battle.strength(self, b, DEFENDER))
            if after != before:
                self.record("strength", attacker=after[0], defender=after[1])
        if b is not None and s.step == "battle":
            battle.acted(self, b)

    def _ability(self, card: str, ability: str) -> Ability:
        for ab in self.cards[card].actions:
            if ab.id == ability:
                return ab
        raise KeyError(ability)

    def _exchange(self, act: Action) -> None:
        s = self.state
        a, b = s.battalions[act.battalion], s.battalions[act.target]
        xs = tuple(c for c in a.cards if c not in act.give) + act.take
        ys = tuple(c for c in b.cards if c not in act.take) + act.give
        s.battalions = s.battalions.set(a.label, Battalion(a.label, a.owner, a.sector, xs)).set(
            b.label, Battalion(b.label, b.owner, b.sector, ys))
        self.record("exchange", battalion=a.label, other=b.label, cards=list(act.give), other_cards=list(act.take))
        s.acted = s.acted | {a.label, b.label}   # R17: both count as having acted
        s.active = None
        s.moved = False
        s.done = True

    def _attack(self, act: Action) -> None:
        s = self.state
        attacker = s.battalions[act.battalion]
        s.active = attacker.label
        if act.kind == "attack":
            defender = s.battalions[act.target]
            s.battle = Battle.begin(attacker.label, defender.label, None, (attacker.owner, defender.owner))
            self.record("attack", battalion=attacker.label, target=defender.label)
            self.reveal(attacker.cards + defender.cards)   # M4: both fighting battalions are revealed
        else:
            rolls_for = self._guild_roller(attacker.owner)
            s.battle = Battle.begin(attacker.label, None, act.target, (attacker.owner, rolls_for))
            self.record("attack_guild", battalion=attacker.label, sector=act.target)
        s.step = Step.BATTLE
        self.begin_phase()

    def _guild_roller(self, attacker: int) -> int:
        """R25: an opponent rolls for the Guild: the next player in turn order."""
        order = self.state.order
        return order[(order.index(attacker) + 1) % len(order)]

    def damage_choice(self, card: str) -> None:
        b = self.state.battle
        assert b is not None
        self.damage(card)
        b.damaged = card
        b.stage += 1

    # --- the flow -----------------------------------------------------------------------

    def advance(self) -> None:
        """Resolve every step that holds no choice, until a decision is owed or the game ends (the steps'
        table, :data:`~.flow.STEPS`)."""
        flow.advance(self)

    def unacted(self, player: int) -> bool:
        """Has ``player`` a battalion that has not acted this turn (or round)?"""
        acted = self.state.acted
        for label, b in self.state.battalions.items():   # noqa: SIM110 (a loop: any() over a generator is slower here)
            if b.owner == player and label not in acted:
                return True
        return False

    def hand_over(self) -> None:
        """Variant alternating_activation: the next player with a battalion to activate goes; when no
        one has, a new round begins."""
        s = self.state
        s.done = False
        n = len(s.order)
        for k in range(1, n + 1):
            seat = (s.seat + k) % n
            if self.unacted(s.order[seat]):
                s.seat = seat
                self._refresh(s.player)
                self.record("turn", turn=s.turn, player=s.player)
                return
        s.seat = 0
        if self.variant("trailing_first_player"):
            self._trailing_first({b.owner for b in s.battalions.values()})
        self.begin_turn()

    def begin_phase(self) -> None:
        b = self.state.battle
        assert b is not None
        b.passes = 0
        phase = battle.FLOW[b.phase]
        self.record("phase", phase=phase.name)
        if phase.begin:
            battle.HOOKS[phase.begin](self, b)

    def after_battle(self) -> None:
        s = self.state
        b = s.battle
        assert b is not None
        if s.outcome is not None:
            return
        attacker = b.sides[ATTACKER]
        if b.guild is not None and b.winner != ATTACKER and self.variant("siege_tokens"):
            s.sieges = s.sieges.set(b.guild, s.sieges.get(b.guild, 0) + 1)
            self.record("siege", sector=b.guild, tokens=s.sieges[b.guild])
        if b.guild is not None and b.winner == ATTACKER and attacker in s.battalions:
            s.guilds = s.guilds - {b.guild}                # R26
            if b.guild in s.sieges:
                s.sieges = s.sieges.without(b.guild)
            self.record("guild_taken", sector=b.guild)
            s.step, s.pending = Step.REWARD, attacker
            return
        self.end_activation()

    def end_activation(self) -> None:
        s = self.state
        if s.active is not None and s.active in s.battalions:
            s.acted = s.acted | {s.active}
        s.done = True
        s.active, s.moved, s.battle, s.pending = None, False, None, None
        if s.revealed:                                 # M4: turned face down again
            s.revealed = _NONE
            self.record("conceal")
        if s.outcome is None:
            s.step = Step.ACTIVATION

    def end_turn(self) -> None:
        s = self.state
        alive = {b.owner for b in s.battalions.values()}
        for _ in range(len(s.order)):
            s.seat = (s.seat + 1) % len(s.order)
            if s.player in alive:
                break
        if s.seat == 0 and self.variant("trailing_first_player"):
            self._trailing_first(alive)
        self.begin_turn()

    def _refresh(self, player: int) -> None:
        """Variant exhaustion: a player's cards recover at the start of their turn."""
        s = self.state
        if s.exhausted:
            s.exhausted = frozenset(c for c in s.exhausted if self.holder(c) not in (player, None))

    def _trailing_first(self, alive: set[int]) -> None:
        """Variant trailing_first_player: a new round starts with the player who is behind."""
        s = self.state

        def standing(p: int) -> tuple[int, int, int]:
            mine = [b for b in s.battalions.values() if b.owner == p]
            return len(mine), sum(len(b.cards) for b in mine), s.order.index(p)

        first = min((p for p in s.order if p in alive), key=standing)
        i = s.order.index(first)
        if i:
            s.order = s.order[i:] + s.order[:i]
            self.record("order", player=first)

    def begin_turn(self) -> None:
        """A new turn (with alternating activation: a new round) for the player at the current seat."""
        s = self.state
        s.acted = s.used = _NONE                       # shared empty values: a turn makes no new ones
        s.marks = _NO_MARKS
        if len(s.waits) != self.rules.players or any(s.waits):
            s.waits = FrozenList([0] * self.rules.players)
        s.done = False
        self._refresh(s.player)
        s.active, s.moved = None, False
        if s.turn >= self.rules.turn_cap:
            self.finish(EndReason.TURN_CAP, None)
            return
        s.turn += 1
        self.record("turn", turn=s.turn, player=s.player)

    def check_victory(self) -> None:
        """R27: the last player with battalions wins; none left is a draw."""
        alive = {b.owner for b in self.state.battalions.values()}
        if len(alive) == 1:
            self.finish(EndReason.ANNIHILATION, alive.pop())
        elif not alive:
            self.finish(EndReason.MUTUAL, None)

    def finish(self, reason: EndReason, winner: int | None) -> None:
        s = self.state
        s.outcome = Outcome(reason, winner)
        s.step = Step.OVER
        if winner is None:
            self.record("over_draw", reason=reason)
        else:
            self.record("over", player=winner, reason=reason)

    # --- what effects and battles may do (each one logs) --------------------------------

    def record(self, kind: str, **args: Any) -> None:
        """Log an event (``log.Event``): ``kind`` one of ``vocabulary.EventKind``'s names, ``args`` its fields."""
        if self.quiet:
            return
        self.log.record(kind, args, self._secrets(args) if self.mission.hidden else None)

    def _secrets(self, args: dict[str, Any]) -> dict[str, int] | None:
        """M4: the fields naming a face-down card, each with the one player who may read it."""
        s = self.state
        out: dict[str, int] = {}
        for key in ("card", "target", "cards", "other_cards"):
            value = args.get(key)
            for c in value if isinstance(value, list) else [value]:
                if isinstance(c, str) and c in self.cards and c not in s.revealed:
                    owner = self.holder(c)
                    if owner is not None:
                        out[key] = owner
        return out or None

    def holder(self, card: str) -> int | None:
        """The player holding a card (in a battalion or a hand), or None."""
        s = self.state
        for b in s.battalions.values():
            if card in b.cards:
                return b.owner
        for p, hand in enumerate(s.hands):
            if card in hand:
                return p
        if card == s.hiring and s.pending is not None and s.pending in s.battalions:
            return s.battalions[s.pending].owner
        return None

    def reveal(self, cards: tuple[str, ...] | list[str]) -> None:
        """M4: turn cards face up (until the activation or battle ends)."""
        if not self.mission.hidden:
            return
        new = [c for c in cards if c not in self.state.revealed]
        if new:
            self.state.revealed = self.state.revealed | set(new)
            self.record("reveal", cards=new)

    def face_down(self, card: str) -> bool:
        return self.mission.hidden and card not in self.state.revealed

    def reachable(self, label: str, steps: int) -> list[str]:
        return maneuvers.reachable(self, label, steps)

    def place(self, label: str, sector: str) -> None:
        s = self.state
        bat = s.battalions[label]
        s.at = s.at.moved(bat.sector, sector)
        s.battalions = s.battalions.set(label, Battalion(label, bat.owner, sector, bat.cards))
        self.record("move", battalion=label, sector=sector)

    def _set_energy(self, player: int, value: int) -> None:
        s = self.state
        before = s.energy[player]
        s.energy = s.energy.set(player, max(0, min(self.rules.energy_max, value)))   # R5
        if s.energy[player] != before:
            self.record("energy", player=player, before=before, after=s.energy[player])

    def gain(self, player: int, amount: int) -> None:
        self._set_energy(player, self.state.energy[player] + amount)

    def drain(self, player: int, amount: int) -> None:
        """R5: an opponent's card makes ``player`` spend; below 0 the supply drops to 0."""
        self._set_energy(player, self.state.energy[player] - amount)

    def roll(self, side: int) -> None:
        b = self.state.battle
        assert b is not None
        value = self.dice().roll(self.rules.die)
        b.dice = b.dice.set(side, value)
        self.record("reroll", side="attacker" if side == ATTACKER else "defender", roll=b.dice[side])

    def acted_elsewhere(self, card: str, owner: int) -> bool:
        """Has ``card`` acted this turn for another player than ``owner``? A captured card keeps its
        "already acted this turn" mark (the walkthrough's Orion) and acts no more this turn."""
        marked = self.state.marks.get(card)
        return marked is not None and marked != owner

    def exposed(self, label: str) -> list[str]:
        """Cards of a battalion that enemy actions may choose (not protected by a Guard)."""
        cards = self.state.battalions[label].cards
        guarded: frozenset[str] = frozenset().union(*(self.cards[c].guards for c in cards))
        return [c for c in cards if self.cards[c].type not in guarded]

    def damage(self, card: str) -> None:
        self.state.damaged = self.state.damaged | {card}
        self.record("damage", card=card)

    def repair(self, card: str) -> None:
        self.state.damaged = self.state.damaged - {card}
        self.record("repair", card=card)

    def discard(self, label: str, card: str, logged: bool = True) -> None:
        """Put a card of a battalion into the Dump (``logged``: a "dump" event; False when the caller
        logs the discard its own way)."""
        s = self.state
        bat = s.battalions[label]
        s.battalions = s.battalions.set(label, bat._replace(cards=tuple(c for c in bat.cards if c != card)))
        s.damaged = s.damaged - {card}
        s.dump = s.dump.plus(card)
        if logged:
            self.record("dump", card=card)

    def take_card(self, loser: str, card: str, taker: str, replaced: str) -> None:
        """Genomorph: ``card`` leaves ``loser`` and takes the place of ``replaced`` in ``taker``."""
        s = self.state
        lbat, tbat = s.battalions[loser], s.battalions[taker]
        s.battalions = s.battalions.set(loser, lbat._replace(cards=tuple(c for c in lbat.cards if c != card))).set(
            taker, tbat._replace(cards=tuple(card if c == replaced else c for c in tbat.cards)))
        s.dump = s.dump.plus(replaced)
        s.damaged = s.damaged - {replaced}
        self.record("take", battalion=taker, card=card)
        self.record("dump", card=replaced)

    def remove_battalion(self, label: str) -> None:
        """R24: the token leaves the map and its cards go to the Dump."""
        s = self.state
        bat = s.battalions[label]
        s.battalions = s.battalions.without(label)
        s.at = s.at.without(bat.sector)
        s.damaged = s.damaged - set(bat.cards)
        s.dump = s.dump.plus(*bat.cards)
        s.acted = s.acted - {label}
        self.record("annihilated", battalion=label)


def _table(rules: Rules, cards: CardSet, geometry: Board, mission: Mission, state: State, log: EventLog,
           legal: list[Action] | None, quiet: bool) -> Table:
    """A table read back by pickle (a process pool sends games)."""
    table = Table(rules, cards, geometry, mission, state, log)
    table.legal, table.quiet = legal, quiet
    return table


# --- each kind's handler, in one place ---------------------------------------------------

def _move(t: Table, act: Action) -> None:
    t.state.active, t.state.moved = act.battalion, True
    t.place(act.battalion, act.target)


def _end(t: Table, act: Action) -> None:
    t.record("end", battalion=act.battalion)
    t.state.active = act.battalion
    t.end_activation()


def _end_turn(t: Table, act: Action) -> None:
    s = t.state
    t.record("end_turn", player=s.player)
    if t.variant("alternating_activation"):     # the rest of the round, doing nothing
        s.acted = s.acted | {lab for lab, b in s.battalions.items() if b.owner == s.player}
        s.done = True
    else:
        t.end_turn()


def _wait(t: Table, act: Action) -> None:
    s = t.state
    s.waits = FrozenList([w + (p == s.player) for p, w in enumerate(s.waits)])
    s.done = True
    t.record("wait", player=s.player)


def _in_battle(step: Callable[[Table, Battle], None]) -> Callable[[Table, Action], None]:
    def handler(t: Table, act: Action) -> None:
        assert t.state.battle is not None
        step(t, t.state.battle)
    return handler


HANDLERS: dict[Kind, Callable[[Table, Action], None]] = {
    Kind.MOVE: _move,
    Kind.USE: Table._use,
    Kind.EXCHANGE: Table._exchange,
    Kind.ATTACK: Table._attack,
    Kind.ATTACK_GUILD: Table._attack,
    Kind.END: _end,
    Kind.END_TURN: _end_turn,
    Kind.WAIT: _wait,
    Kind.PASS: _in_battle(battle.passed),
    Kind.ROLL: _in_battle(battle.roll),
    Kind.SKIP_ROLL: _in_battle(battle.skip_roll),
    Kind.DAMAGE: lambda t, act: t.damage_choice(act.card),
    Kind.HIRELING: spoils.reward,
    Kind.HIRE: spoils.reward,
    Kind.ENERGY: spoils.reward,
    Kind.DISCARD: lambda t, act: spoils.discard(t, act.card),
    Kind.REVEAL: lambda t, act: t.reveal([act.card]),
    Kind.RESIGN: conclude.resign,
    Kind.OFFER_DRAW: conclude.offer,
    Kind.ACCEPT_DRAW: conclude.accept,
    Kind.DECLINE_DRAW: conclude.decline,
    **{Kind(step): setup.apply for step in SETUP_STEPS},
}
"""What each kind of decision does (chance outcomes are the game's: ``Game.apply``)."""
