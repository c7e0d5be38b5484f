"""The game: one object that owns the position, lists legal actions and applies them.

>>> game = Game.new("standard", seed=7)
>>> game.num_players, game.current_player in (0, 1)
(2, True)
>>> action = game.legal_actions()[0]
>>> events = game.apply(action)
>>> game.undo() == action
True
>>> game.apply(str(action)) == events
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..content.board import Board, load_board
from ..content.cards import CardSet, load_cards
from ..content.missions import Mission, combine
from ..content.missions import mission as get_mission
from ..content.scenario import Scenario, ScenarioError
from ..content.scenario import build as build_scenario
from ..content.scenario import check as check_scenario
from ..content.scenario import export as export_scenario
from ..content.variants import check as check_variants
from ..views import saves
from ..views.view_shapes import GameView
from . import conclude, maneuvers, setup
from .actions import Action, make
from .dice import ROLL, Dice, NeedChance
from .errors import DictatorError, IllegalAction, Message, reason
from .fields import mypyc_attr
from .flow import STEPS
from .log import EventLog
from .state import Outcome, State
from .table import Table
from .vocabulary import TABLE_KINDS, Decision

if TYPE_CHECKING:
    import networkx as nx

DEFAULT_TURN_CAP = 200
"""Player turns after which a game ends with end reason "turn-cap" (no winner)."""


@dataclass(frozen=True)
class Rules:
    """What stays fixed through a game: mission, seats and the numbers of the rules."""

    mission: str
    players: int
    seed: int
    dice: tuple[int, ...] = ()
    guild_strength: int = 3
    starting_energy: int = 6        # R10
    energy_max: int = 12            # the Energy Scale's top (docs/decisions.md)
    turn_cap: int = DEFAULT_TURN_CAP
    cards: str | None = None        # a folder of one's own cards, or None for the shipped set
    battalion_size: int = 3         # R4
    die: int = 6                    # the Collision die (10 with the d10_collision variant)
    variants: dict[str, Any] = field(default_factory=dict)
    scenario: dict[str, Any] | None = None  # the starting position, when not the mission's own
    placement: str = "chosen"       # "chosen": zones and battalion tokens are decisions (R9, M1); "fixed": by seat
    chance: str = "sampled"         # "sampled": dice and draws from the seed; "explicit": chance events

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled (make compiled), pickle cannot set the fields of a frozen dataclass one by one
        return (Rules, tuple(getattr(self, f.name) for f in fields(self)))


PLACEMENTS = ("chosen", "fixed")
CHANCE_MODES = ("sampled", "explicit")
SET_UP = "set-up"
"""What a chance event during the set-up (a shuffle, the initiative roll) belongs to."""


def _rules(m: Mission, seed: int, dice: tuple[int, ...], turn_cap: int, cards: str | None,
           variants: object, scenario: dict[str, Any] | None = None,
           placement: str = "chosen", chance: str = "sampled") -> Rules:
    """The fixed rules of a game: the mission's, changed by the checked variants."""
    vs = check_variants(variants, m.key)
    size = vs.get("battalion_size", 3)
    biggest = max([len(b) for a in m.armies for b in a.battalions] + [m.formation[1] if m.formation else 0])
    if size < biggest:
        raise DictatorError("game.battalion_size", size=size, mission=m.key, biggest=biggest)
    if m.dice and "d10_collision" in vs:
        raise DictatorError("game.d10_scripted", mission=m.key)
    return Rules(m.key, m.players, seed, dice, vs.get("guild_strength", m.guild_strength),
                 starting_energy=vs.get("starting_energy", 6), energy_max=vs.get("energy_max", 12),
                 turn_cap=vs.get("turn_cap", turn_cap), cards=cards, scenario=scenario, battalion_size=size,
                 die=10 if vs.get("d10_collision") else 6, variants=vs, placement=placement,
                 chance=chance)


@mypyc_attr(native_class=False)
class Game:
    """A game of Dictator-Control. Build one with :meth:`new` or :meth:`from_json`.

    Compiled (``make compiled``), ``Game`` stays an ordinary Python class around compiled methods, so that its
    users may hold weak references to it (the widget does); :class:`Table` underneath is native. A subclass of
    it is refused there (``TypeError``: compiled code checks for ``Game`` itself); nothing subclasses it."""

    def __init__(self, rules: Rules, cards: CardSet, geometry: Board, state: State,
                 log: EventLog, history: _History) -> None:
        state.freeze()
        self._table = Table(rules, cards, geometry, get_mission(rules.mission), state, log)
        self._history = history
        self._listeners: list[Callable[[Game], None]] = []

    @property
    def rules(self) -> Rules:
        """What stays fixed through the game: mission, seats, seed, the numbers of the rules."""
        return self._table.rules

    @property
    def cards(self) -> CardSet:
        """The card set in play (read-only)."""
        return self._table.cards

    @property
    def geometry(self) -> Board:
        """The City's sectors, zones and Guild sites (read-only; :attr:`board` is its graph)."""
        return self._table.geometry

    @property
    def mission(self) -> Mission:
        return self._table.mission

    @property
    def state(self) -> State:
        """The position, frozen: it changes only through :meth:`apply` and :meth:`undo` (each gives a new one)."""
        return self._table.state

    @property
    def _log(self) -> EventLog:
        return self._table.log

    # --- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, mission: str | list[str] = "standard", seed: object = None, *, players: object = None,
            dice: object = None, turn_cap: object = DEFAULT_TURN_CAP, cards: str | None = None,
            variants: object = None, placement: object = "chosen", chance: object = "sampled") -> Game:
        """Set up a mission (R8-R11): cards, Guilds, Energy, initiative, then the set-up decisions.

        ``seed``, ``players`` and ``turn_cap`` are whole numbers (``seed`` None: a random one), ``dice`` a list
        of them, ``variants`` a dict, ``placement`` and ``chance`` words: anything else is refused with a
        DictatorError that says why (typed ``object``: compiled, a narrower type would refuse it with a bare
        TypeError first).

        ``mission`` is a mission's name or a combination of modes (``"fog-of-war+chaos"`` or a list).
        With ``placement="chosen"`` (the rulebook's way) the initiative winner chooses a Starting Zone
        first and every player places their own battalion tokens; ``"fixed"`` puts each army in its
        mission zone in order (quick starts, studies). ``dice`` scripts the first d6 results
        (initiative rolls first); after them the seeded source takes over. With ``chance="explicit"``
        the game stops at every die and draw (:attr:`is_chance`) until its outcome is applied.

        >>> game = Game.new("standard", seed=7)
        >>> game.decision, [str(a) for a in game.legal_actions()]
        ('zone', ['zone green', 'zone yellow'])
        >>> Game.new("standard", seed=7, placement="fixed").decision
        'activation'
        """
        if not isinstance(placement, str) or placement not in PLACEMENTS:
            raise DictatorError("game.placement", options=list(PLACEMENTS), got=placement)
        if not isinstance(chance, str) or chance not in CHANCE_MODES:
            raise DictatorError("game.chance", options=list(CHANCE_MODES), got=chance)
        m = get_mission(combine(mission))
        if players is not None and players != m.players:
            raise DictatorError("game.players", mission=mission, players=m.players, got=players)
        if not isinstance(turn_cap, int) or turn_cap < 1:
            raise DictatorError("game.turn_cap", got=turn_cap)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DictatorError("game.seed", got=seed)
        script = tuple(m.dice) if dice is None else tuple(dice) if isinstance(dice, Iterable) else None
        if script is None or not all(isinstance(x, int) and not isinstance(x, bool) for x in script):
            raise DictatorError("game.dice_whole", got=dice)
        rules = _rules(m, int(seed), script, turn_cap, cards, variants, placement=placement, chance=chance)
        if not all(1 <= x <= rules.die for x in rules.dice):
            raise DictatorError("game.dice_range", die=rules.die, got=list(rules.dice))
        game = cls._blank(rules)
        m.check(game.cards, game.geometry)
        game._set_up(m)
        return game

    @classmethod
    def _blank(cls, rules: Rules) -> Game:
        card_set = load_cards(rules.cards).with_copies(get_mission(rules.mission).copies)
        geometry = load_board()
        names = {**card_set.log_names, **{f"zone:{z}": zname for z, zname in geometry.zone_names.items()}}
        return cls(rules, card_set, geometry, State.new(), EventLog(names), _History())

    @classmethod
    def from_scenario(cls, scenario: object, *, cards: str | None = None) -> Game:
        """A game that starts from a given position (see :class:`Scenario`).

        ``scenario`` is a Scenario, a dict, a TOML file, or the name of a shipped
        scenario; anything else, or a position that cannot be, raises ScenarioError; nothing is built.

        >>> game = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T04"]},
        ...                                           "B1": {"sector": "e4", "cards": ["C08"]}}})
        >>> "A1 attack B1" in [str(a) for a in game.legal_actions()]
        True
        """
        if isinstance(scenario, Scenario):
            s = scenario
        elif isinstance(scenario, dict):
            s = Scenario.from_dict(scenario)
        elif isinstance(scenario, (str, Path)):
            s = Scenario.load(scenario)
        else:
            raise ScenarioError("scenario.not_scenario", type=type(scenario).__name__)
        m = get_mission(s.mission)
        seed, turn_cap = s.seed_and_turn_cap(DEFAULT_TURN_CAP)
        rules = _rules(m, seed, tuple(s.dice), turn_cap, cards, s.variants, scenario=s.to_dict())
        game = cls._blank(rules)
        check_scenario(s, game._table)
        try:
            with edit(game):
                build_scenario(game._table, s, m)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ScenarioError("scenario.exact", error=reason(exc)) from None
        return game

    def to_scenario(self) -> Scenario:
        """This position as a scenario; ``Game.from_scenario`` continues it identically."""
        return export_scenario(self)

    def _set_up(self, m: Mission) -> None:
        explicit = self.rules.chance == "explicit"
        with edit(self) as s:
            s.dice = Dice(self.rules.seed, self.rules.dice, given=() if explicit else None)
            blank = s.copy()
            try:
                setup.begin(self._table, m)
            except NeedChance as need:
                self._stop_at_chance(blank, SET_UP, need, 0)

    # --- the public contract ------------------------------------------------------------

    def variant(self, name: str) -> Any:
        """The value of a rule variant in this game (False or None when it is off)."""
        return self._table.variant(name)

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def board(self) -> nx.Graph:
        """The City as a ``networkx.Graph`` of sectors (static attributes only)."""
        return self.geometry.graph

    @property
    def log(self) -> EventLog:
        """Every event so far, a read-only sequence; ``game.log[-1].text("ru")`` reads one in Russian."""
        return self._log

    @property
    def is_over(self) -> bool:
        return self._table.state.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (an :class:`Outcome`: end reason and winner), or None while it goes on."""
        return self.state.outcome

    @property
    def winner(self) -> int | None:
        """The winning player, or None (game not over, a draw, an agreed draw, or the turn cap)."""
        return self.state.outcome[1] if self.state.outcome else None

    @property
    def end_reason(self) -> str | None:
        """ "annihilation", "mutual" (a draw), "turn-cap", "resigned", "agreed-draw", or None while the game
        goes on."""
        return self.state.outcome[0] if self.state.outcome else None

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def decision(self) -> Decision:
        """What is owed: a set-up step, "activation", a battle phase ("damage" includes the loser's
        choice), "reward", "discard", "chance" (explicit chance) or "over" (a :class:`Decision`)."""
        s = self.state
        if s.awaiting is not None:
            return Decision.CHANCE
        return STEPS[s.step].owed(s)

    @property
    def current_player(self) -> int | None:
        """The player who owes the next decision, or None when the game is over (or at a chance event)."""
        if self.state.awaiting is not None:
            return None
        return _owner(self._table)

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        return list(_legal(self._table))

    def table_actions(self, player: int | None = None) -> list[Action]:
        """The table actions ``player`` (None: every seat) may take now: resign and offer a draw at its own
        decisions, accept or decline another's offer (:mod:`~dictator_widget.engine.rules.conclude`). Never part
        of :meth:`legal_actions`; :meth:`apply` takes them and the history keeps them.

        >>> game = Game.new("standard", seed=7, placement="fixed")
        >>> [str(a) for a in game.table_actions(0)], game.table_actions(1)
        (['resign 0', 'offer-draw 0'], [])
        """
        return conclude.options(self._table, player, self.current_player)

    def parse_action(self, text: str) -> Action:
        """The legal action that ``text`` names; IllegalAction says why if there is none."""
        act = Action.parse(text)
        found = _lookup(self, act)
        if found is None:
            raise IllegalAction("action.refused", action=str(act), why=self._why_illegal(act))
        return found

    def apply(self, action: object) -> EventLog:
        """Make one decision, an :class:`Action` or its notation (``"A1 move c4"``); returns the events it
        caused (a read-only sequence, like :attr:`log`).

        Raises IllegalAction, naming the problem, for anything not legal now;
        the game is then exactly as it was.
        """
        if isinstance(action, str):
            act = self.parse_action(action)
        elif isinstance(action, Action):
            found = _lookup(self, action)
            if found is None:
                raise IllegalAction("action.refused", action=str(action), why=self._why_illegal(action))
            act = found
        else:
            raise IllegalAction("action.not_action", type=type(action).__name__)
        if act.kind == "chance":
            return self._apply_chance(act)
        table = self._table
        before = table.state
        return self._carry(before, before, act, None, int(act.target) if act.kind in TABLE_KINDS else _owner(table))

    def _carry(self, before: State, start: State, act: Action, decision: str | None,
               owner: int | None) -> EventLog:
        """Carry ``act`` out from ``start`` as one transaction: on an error the game is ``before``
        again; at a chance event without its outcome it waits at ``start`` (explicit chance).
        ``decision``: the notation of the decision that a chance outcome ``act`` lets go on."""
        table = self._table
        mark = len(table.log)
        table.state, table.legal = start.copy(), None
        try:
            if decision == SET_UP:
                setup.begin(table, table.mission)
            else:
                todo = act if decision is None else Action.parse(decision)
                if table.state.offer is not None and todo.kind not in TABLE_KINDS:
                    conclude.lapse(table, _owner(table))
                table.do(todo)
                table.advance()
            table.state.freeze()
        except NeedChance as need:
            self._stop_at_chance(start, decision or str(act), need, mark)
        except Exception:
            table.state, table.legal = before, None
            table.log.truncate(mark)
            raise
        self._history.add(before, mark, act, owner)
        if self._listeners:
            self._notify()
        return table.log if table.quiet else table.log.since(mark)     # a quiet log stays empty

    # --- chance events (``chance="explicit"``) ------------------------------------------

    @property
    def is_chance(self) -> bool:
        """Does the game wait for the outcome of a chance event (a die, a draw)? Only with explicit chance.

        >>> game = Game.new("standard", seed=7, chance="explicit")
        >>> game.is_chance, game.current_player, game.decision     # the set-up shuffles the Hireling deck
        (True, None, 'chance')
        >>> [(str(outcome), p) for outcome, p in game.chance_outcomes()][:2]
        [('chance 0', 0.1), ('chance 1', 0.1)]
        """
        return self.state.awaiting is not None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of the pending chance event with their probabilities (empty: none pending).

        A die of n faces gives ``chance 1`` .. ``chance n``; a draw of one of n cards ``chance 0`` ..
        ``chance n-1``, each 1/n: the n-th draw of a shuffle (Fisher-Yates) picks which card lands next.
        """
        if self.state.awaiting is None:
            return []
        _, kind, n = self.state.awaiting
        first = 1 if kind == ROLL else 0
        return [(make("chance", target=str(v)), 1 / n) for v in range(first, first + n)]

    def _stop_at_chance(self, before: State, decision: str, need: NeedChance, mark: int) -> None:
        """Explicit chance: leave the game as it was before ``decision``, waiting for an outcome."""
        table = self._table
        waiting = before.copy()
        table.state, table.legal = waiting, None
        waiting.awaiting = (decision, need.kind, need.n)
        waiting.freeze()
        table.log.truncate(mark)

    def _apply_chance(self, act: Action) -> EventLog:
        """Give the pending chance event its outcome and carry the decision on from the start
        (every outcome given so far is replayed; the engine is deterministic in them)."""
        before = self.state
        assert before.awaiting is not None
        retry = before.copy()
        retry.awaiting = None
        retry.dice = before.dice.with_outcome(int(act.target))
        return self._carry(before, retry, act, before.awaiting[0], None)

    def add_listener(self, callback: Callable[[Game], None]) -> None:
        """Call ``callback(game)`` after every decision applied or undone (a widget's refresh).

        Copies (``clone``, ``from_json``) start without listeners.
        """
        self._listeners.append(callback)

    def remove_listener(self, callback: Callable[[Game], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _notify(self) -> None:
        if self._listeners:
            for callback in list(self._listeners):
                callback(self)

    def can_undo(self, player: int | None = None) -> bool:
        """May ``player`` take back the last decision? (None: anyone, e.g. a referee.)

        A seated player may undo only their own last decision, and only when it
        showed nobody anything new (:meth:`reveals`): undo never crosses a die, a
        card drawn or looked at, or a card turned face up; nor the end of the game
        (a resignation is final for the seat that resigned).
        """
        if not self._history:
            return False
        if player is None:
            return True
        return self._history.owners[-1] == player and not self.is_over and not self.reveals()

    def reveals(self, index: int = -1) -> bool:
        """Did decision ``index`` of the history show anyone something they did not know?

        A die rolled (its outcome, and the random source's next ones), the Hireling
        deck drawn from, a drawn Hireling shown to its owner, the top cards shown to
        the chooser (Big Brother), a face-down card turned up (M4).

        >>> game = Game.new("standard", seed=7, placement="fixed")
        >>> _ = game.apply("A1 move c4")
        >>> game.reveals()
        False
        """
        positions = self._history.before
        n = len(positions)
        i = index % n
        before = positions[i]
        after = positions[i + 1] if i + 1 < n else self.state
        if before.dice.used() != after.dice.used() or before.deck != after.deck or after.awaiting:
            return True
        if after.hiring is not None and after.hiring != before.hiring:
            return True
        shown = after.step == "reward" and after.battle is not None and after.battle.pick > 1
        return (shown and before.step != "reward") or not after.revealed <= before.revealed

    def decider(self, index: int = -1) -> int | None:
        """The player who made decision ``index`` of the history (the last one by default)."""
        return self._history.owners[index]

    def undo(self, player: int | None = None) -> Action:
        """Take back the last decision (and everything the engine resolved after it).

        With ``player`` (a seat), refused unless :meth:`can_undo` allows it.
        """
        if not self._history:
            raise IllegalAction("action.undo_nothing")
        if not self.can_undo(player):
            raise IllegalAction("action.undo_refused", player=player + 1 if player is not None else "-")
        before, mark, act = self._history.pop()
        self._table.state, self._table.legal = before, None
        self._log.truncate(mark)
        self._notify()
        return act

    @property
    def history(self) -> list[Action]:
        """The decisions made so far, in order."""
        return list(self._history.actions)

    def clone(self, history: bool = True, *, chance: str | None = None, seed: int | None = None,
              dice: tuple[int, ...] = (), log: bool = True) -> Game:
        """An independent copy. Undo snapshots are shared (they never change);
        ``history=False`` starts the copy with no undo and an empty log (cheapest, for search);
        ``log=False`` keeps neither undo nor log as it goes: ``apply`` returns no events (a search's
        copies, with less to make and to collect).

        ``chance="explicit"`` makes the copy stop at its dice and draws (exact odds, OpenSpiel);
        ``seed`` gives the copy its own luck from here on, ``dice`` its next die results first
        (a determinization, for search).

        >>> game = Game.new("standard", seed=7, placement="fixed")
        >>> game.clone(chance="explicit").rules.chance, game.clone(seed=1).rules.seed
        ('explicit', 7)
        """
        rules, state = self.rules, self.state.copy()
        if chance is not None:
            if chance not in CHANCE_MODES:
                raise DictatorError("game.chance", options=list(CHANCE_MODES), got=chance)
            rules = replace(rules, chance=chance)
            if chance == "explicit" and not state.dice.explicit:
                state.dice = Dice(state.dice.state, state.dice.script, state.dice.pos, given=())
            elif chance == "sampled" and state.dice.explicit:
                if state.awaiting is not None:
                    raise DictatorError("game.chance_waits")
                state.dice = Dice(state.dice.state, state.dice.script, state.dice.pos)
        if seed is not None:
            given = () if state.dice.explicit else None
            state.dice = Dice(seed, dice, given=given)
        if not log:
            copy = Game(rules, self.cards, self.geometry, state, EventLog(self._log.names), _Forgotten())
            copy._table.quiet = True
            return copy
        if not history:
            return Game(rules, self.cards, self.geometry, state, EventLog(self._log.names), _History())
        return Game(rules, self.cards, self.geometry, state, self._log.copy(), self._history.copy())

    # --- saving -------------------------------------------------------------------------

    def to_json(self, player: int | None = None) -> str:
        """The whole game as JSON: the rules, every decision and the position reached.

        With ``player``, a record of what that player saw (their view and their
        log), safe to hand to them: it holds no hidden card, seed or deck order,
        and cannot be resumed.
        """
        return saves.dump(self, player)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Read a save back exactly (undo and log included). Bad saves raise SaveFileError."""
        return saves.load(cls, text)

    # --- explaining a refusal -------------------------------------------------------------

    def _why_illegal(self, act: Action) -> Message:
        from ..views.explain import why_illegal
        return why_illegal(self, act)

    def view(self, player: int | None = None) -> GameView:
        """A JSON-safe picture of the game as ``player`` may see it (None: everything)."""
        from ..views.view import view
        return view(self, player)

    def __repr__(self) -> str:
        who = "over" if self.is_over else "a chance event" if self.is_chance else \
            f"player {self.current_player} owes {self.decision}"
        return f"<Game {self.rules.mission} seed={self.rules.seed} turn={self.turn}: {who}>"


@contextmanager
def edit(game: Game) -> Iterator[State]:
    """Change a game's position outside a decision: the set-up, a scenario, a sample of what a seat cannot
    see (``hidden.redraw``), a what-if study on a clone. The position is replaced by a copy that may be
    changed; on leaving, the copy is frozen (a list or dict given to a field becomes a frozen one; a set field
    takes a ``frozenset`` and a tuple field a ``tuple``, which the compiled engine checks) and the legal actions
    are worked out afresh. The undo history is untouched: edit a clone (``history=False``),
    not a game you will undo. On an error the game keeps the position it had.

    >>> game = Game.new("standard", seed=7, placement="fixed").clone(history=False)
    >>> with edit(game) as s:
    ...     s.energy = [1, 12]
    >>> game.state.energy, game.state.frozen
    ([1, 12], True)
    """
    table = game._table
    before = table.state
    table.state = s = before.copy()
    try:
        yield s
    except BaseException:
        table.state = before
        raise
    table.state.settle()
    table.legal = None


def _owner(table: Table) -> int | None:
    """The player who owes the table's next decision (None: nobody, the game is over)."""
    return STEPS[table.state.step].owner(table)


def _legal(table: Table) -> list[Action]:
    """The legal actions of the table's position, listed once (``Table.legal``; none at a chance event)."""
    legal = table.legal
    if legal is None:
        s = table.state
        legal = table.legal = [] if s.awaiting is not None else STEPS[s.step].options(table)
    return legal


def _lookup(game: Game, act: Action) -> Action | None:
    """The legal action that ``act`` is (itself, or the same exchange named from the other side), or None."""
    table = game._table
    if act.kind in TABLE_KINDS:
        return act if act in game.table_actions() else None
    s = table.state
    if s.awaiting is not None:
        return act if act.kind == "chance" and act in [o for o, _ in game.chance_outcomes()] else None
    if table.legal is None and act.battalion and s.step == "activation" and maneuvers.allows(table, act):
        return act                              # checked without listing every option (search)
    legal = _legal(table)
    if act in legal:                            # actions are values: equal is legal
        return act
    if act.kind == "exchange":                  # the same exchange, named from the other side
        swapped = Action("exchange", battalion=act.target, target=act.battalion, give=act.take, take=act.give)
        if swapped in legal:
            return swapped
    return None


def apply_unchecked(game: Game, action: Action) -> None:
    """Make the decision ``action`` in a search's copy of a game, without looking it up again: the caller took
    it from this position's ``legal_actions()`` (or from its answer for an equal position, ``greedy.memo_key``).
    A copy that keeps no log (``Game.clone(log=False)``) also skips the undo history and the listeners; any
    other game is handed to ``Game.apply``, checks and all. An action that is not legal in the copy is the
    caller's bug: it may change the copy in ways the rules do not allow (``Game.apply`` says why it refuses).

    >>> game = Game.new("standard", seed=7, placement="fixed").clone(log=False)
    >>> apply_unchecked(game, Action.parse("A1 move c4"))
    >>> game.history, game.log, game.state.battalions["A1"].sector
    ([], [], 'c4')
    """
    table = game._table
    if not table.quiet or table.rules.chance != "sampled":
        game.apply(action)
        return
    before = table.state
    s = before.copy()
    table.state, table.legal = s, None
    try:
        if s.offer is not None and action.kind not in TABLE_KINDS:
            conclude.lapse(table, _owner(table))
        table.do(action)
        table.advance()
        table.state.freeze()
    except Exception:
        table.state, table.legal = before, None
        raise


class _History:
    """The undo history: for each decision, the position before it, where its events begin in the log,
    the action and who made it (None: a chance outcome), in four lists side by side (no tuple per
    decision: each would be one more object for the garbage collector to walk until the game ends)."""

    __slots__ = ("before", "marks", "actions", "owners")

    def __init__(self) -> None:
        self.before: list[State] = []
        self.marks: list[int] = []
        self.actions: list[Action] = []
        self.owners: list[int | None] = []

    def add(self, before: State, mark: int, act: Action, owner: int | None) -> None:
        self.before.append(before)
        self.marks.append(mark)
        self.actions.append(act)
        self.owners.append(owner)

    def pop(self) -> tuple[State, int, Action]:
        """Forget the last decision: (the position before it, where its events begin, the action)."""
        self.owners.pop()
        return self.before.pop(), self.marks.pop(), self.actions.pop()

    def copy(self) -> _History:
        out = _History()
        out.before, out.marks, out.actions, out.owners = self.before[:], self.marks[:], self.actions[:], self.owners[:]
        return out

    def __len__(self) -> int:
        return len(self.actions)


class _Forgotten(_History):
    """The undo history of a copy that keeps none (``clone(log=False)``)."""

    def add(self, before: State, mark: int, act: Action, owner: int | None) -> None:
        pass
