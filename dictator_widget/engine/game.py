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
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import networkx as nx

from . import battle, maneuvers, saves, setup, spoils
from .actions import Action, make
from .board import Board, load_board
from .cards import Ability, CardSet, load_cards
from .dice import ROLL, Dice, NeedChance
from .effects import EFFECTS
from .errors import DictatorError, IllegalAction
from .log import Event, Viewer
from .missions import Mission, combine
from .missions import mission as get_mission
from .scenario import Scenario, ScenarioError
from .scenario import build as build_scenario
from .scenario import check as check_scenario
from .scenario import export as export_scenario
from .state import ATTACKER, DEFENDER, Battle, State
from .variants import check as check_variants

DEFAULT_TURN_CAP = 200
"""Player turns after which a game ends with end reason "turn-cap" (no winner)."""

LABEL_LETTERS = "ABCD"


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


PLACEMENTS = ("chosen", "fixed")
CHANCE_MODES = ("sampled", "explicit")
SET_UP = "set-up"
"""What a chance event during the set-up (a shuffle, the initiative roll) belongs to."""


def _rules(m: Mission, seed: int, dice: tuple[int, ...], turn_cap: int, cards: str | None,
           variants: dict[str, Any] | None, scenario: dict[str, Any] | None = None,
           placement: str = "chosen", chance: str = "sampled") -> Rules:
    """The fixed rules of a game: the mission's, changed by the checked variants."""
    vs = check_variants(variants, m.key)
    size = vs.get("battalion_size", 3)
    biggest = max([len(b) for a in m.armies for b in a.battalions] + [m.formation[1] if m.formation else 0])
    if size < biggest:
        raise DictatorError(f"variant 'battalion_size' {size} is too small: mission {m.key!r} has battalions "
                            f"of {biggest} cards")
    if m.dice and "d10_collision" in vs:
        raise DictatorError(f"variant 'd10_collision' cannot be used in {m.key!r}: its dice are scripted")
    return Rules(m.key, m.players, seed, dice, vs.get("guild_strength", m.guild_strength),
                 starting_energy=vs.get("starting_energy", 6), energy_max=vs.get("energy_max", 12),
                 turn_cap=vs.get("turn_cap", turn_cap), cards=cards, scenario=scenario, battalion_size=size,
                 die=10 if vs.get("d10_collision") else 6, variants=vs, placement=placement,
                 chance=chance)


class Game:
    """A game of Dictator-Control. Build one with :meth:`new` or :meth:`from_json`."""

    def __init__(self, rules: Rules, cards: CardSet, geometry: Board, state: State,
                 log: list[Event], history: list[tuple[State, int, Action, int | None]],
                 names: dict[str, dict[str, str]]) -> None:
        self.rules = rules
        self.cards = cards
        self.geometry = geometry
        self.state = state
        self._log = log if isinstance(log, _Log) else _Log(log)
        self._history = history
        self._names = names
        self._legal: list[Action] | None = None
        self._by_text: dict[str, Action] | None = None
        self._ids: set[int] | None = None
        self.mission: Mission = get_mission(rules.mission)
        self._listeners: list[Callable[[Game], None]] = []

    # --- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, mission: str | list[str] = "standard", seed: int | None = None, *, players: int | None = None,
            dice: list[int] | None = None, turn_cap: int = DEFAULT_TURN_CAP,
            cards: str | None = None, variants: dict[str, Any] | None = None,
            placement: str = "chosen", chance: str = "sampled") -> Game:
        """Set up a mission (R8-R11): cards, Guilds, Energy, initiative, then the set-up decisions.

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
        if placement not in PLACEMENTS:
            raise DictatorError(f"placement is one of {list(PLACEMENTS)}, not {placement!r}")
        if chance not in CHANCE_MODES:
            raise DictatorError(f"chance is one of {list(CHANCE_MODES)}, not {chance!r}")
        m = get_mission(combine(mission))
        if players is not None and players != m.players:
            raise DictatorError(f"mission {mission!r} is for {m.players} players, not {players}")
        if not isinstance(turn_cap, int) or turn_cap < 1:
            raise DictatorError(f"turn_cap must be a whole number >= 1, not {turn_cap!r}")
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise DictatorError(f"seed must be a whole number, not {seed!r}")
        if dice is not None and not all(isinstance(x, int) and not isinstance(x, bool) for x in dice):
            raise DictatorError(f"dice must be whole-number die results, got {dice!r}")
        rules = _rules(m, int(seed), tuple(dice if dice is not None else m.dice), turn_cap, cards, variants,
                       placement=placement, chance=chance)
        if not all(1 <= x <= rules.die for x in rules.dice):
            raise DictatorError(f"dice must be results 1..{rules.die}, got {list(rules.dice)!r}")
        game = cls._blank(rules)
        m.check(game.cards, game.geometry)
        game._set_up(m)
        return game

    @classmethod
    def _blank(cls, rules: Rules) -> Game:
        card_set = load_cards(rules.cards).with_copies(get_mission(rules.mission).copies)
        geometry = load_board()
        names: dict[str, dict[str, str]] = {cid: dict(c.name) for cid, c in card_set.items()}
        for c in card_set.values():
            for ab in c.actions:
                names[f"{c.id}:{ab.id}"] = dict(ab.name)
        for z, zname in geometry.zone_names.items():
            names[f"zone:{z}"] = zname
        return cls(rules, card_set, geometry, State(), [], [], names)

    @classmethod
    def from_scenario(cls, scenario: Scenario | dict[str, Any] | str | Path, *, cards: str | None = None) -> Game:
        """A game that starts from a given position (see :class:`Scenario`).

        ``scenario`` is a Scenario, a dict, a TOML file, or the name of a shipped
        scenario. A position that cannot be raises ScenarioError; nothing is built.

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
            raise ScenarioError(f"a scenario is a Scenario, a dict or a file, not {type(scenario).__name__}")
        m = get_mission(s.mission)
        if not isinstance(s.seed, int) or isinstance(s.seed, bool):
            raise ScenarioError(f"'seed' must be a whole number, got {s.seed!r}")
        turn_cap = s.turn_cap if s.turn_cap is not None else DEFAULT_TURN_CAP
        if not isinstance(turn_cap, int) or turn_cap < s.turn:
            raise ScenarioError(f"'turn_cap' must be a whole number >= the turn, got {turn_cap!r}")
        rules = _rules(m, s.seed, tuple(s.dice), turn_cap, cards, s.variants, scenario=s.to_dict())
        game = cls._blank(rules)
        check_scenario(s, game)
        try:
            build_scenario(game, s, m)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ScenarioError(f"the scenario's exact state is unusable: {exc}") from None
        return game

    def to_scenario(self) -> Scenario:
        """This position as a scenario; ``Game.from_scenario`` continues it identically."""
        return export_scenario(self)

    def _set_up(self, m: Mission) -> None:
        explicit = self.rules.chance == "explicit"
        self.state.dice = Dice(self.rules.seed, self.rules.dice, given=() if explicit else None)
        blank = self.state.copy()
        try:
            setup.begin(self, m)
        except NeedChance as need:
            self._stop_at_chance(blank, SET_UP, need, 0)

    def initiative(self, players: int) -> tuple[int, ...]:
        """R11: everyone rolls; the highest goes first; ties re-roll; order then fixed."""
        contenders = list(range(players))
        while len(contenders) > 1:
            rolls = {p: self.state.dice.d6() for p in contenders}
            for p, r in rolls.items():
                self.record("initiative", player=p, roll=r)
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
        first = contenders[0]
        self.record("first", player=first)
        return tuple((first + i) % players for i in range(players))

    # --- the public contract ------------------------------------------------------------

    def variant(self, name: str) -> Any:
        """The value of a rule variant in this game (False or None when it is off)."""
        return self.rules.variants.get(name, False)

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def board(self) -> nx.Graph:
        """The City as a ``networkx.Graph`` of sectors (static attributes only)."""
        return self.geometry.graph

    @property
    def log(self) -> _Log:
        """Every event so far; ``game.log[-1].text("ru")`` reads one in Russian."""
        return self._log

    @property
    def is_over(self) -> bool:
        return self.state.outcome is not None

    @property
    def winner(self) -> int | None:
        """The winning player, or None (game not over, a draw, or the turn cap)."""
        return self.state.outcome[1] if self.state.outcome else None

    @property
    def end_reason(self) -> str | None:
        """ "annihilation", "mutual" (a draw), "turn-cap", or None while the game goes on."""
        return self.state.outcome[0] if self.state.outcome else None

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def decision(self) -> str:
        """What is owed: "activation", a battle phase name, "damage", "reward", "discard", "over"."""
        s = self.state
        if s.awaiting is not None:
            return "chance"
        if s.step == "battle" and s.battle is not None:
            name = battle.stage(s.battle)
            return "damage" if name == "loser" else battle.PHASES[s.battle.phase].name
        return s.step

    @property
    def current_player(self) -> int | None:
        """The player who owes the next decision, or None when the game is over (or at a chance event)."""
        if self.state.awaiting is not None:
            return None
        return self._owner()

    def _owner(self) -> int | None:
        s = self.state
        if s.step == "over":
            return None
        if s.step == "battle":
            assert s.battle is not None
            return battle.stage_owner(self, s.battle)
        if s.step in ("reward", "discard"):
            assert s.pending is not None
            return s.battalions[s.pending].owner
        return s.player

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (empty when the game is over)."""
        if self._legal is None:
            self._legal = self._options()
        return list(self._legal)

    def _options(self) -> list[Action]:
        s = self.state
        if s.awaiting is not None:
            return []
        if s.step == "activation":
            return maneuvers.options(self)
        if s.step == "battle":
            assert s.battle is not None
            return battle.options(self, s.battle)
        if s.step in setup.STEPS:
            return setup.options(self)
        if s.step == "reward":
            return spoils.options(self)
        if s.step == "discard":
            return spoils.discard_options(self)
        return []

    def parse_action(self, text: str) -> Action:
        """The legal action that ``text`` names; IllegalAction says why if there is none."""
        act = Action.parse(text)
        found = self._lookup(act)
        if found is None:
            raise IllegalAction(f"'{act}': {self._why_illegal(act)}")
        return found

    def _lookup(self, act: Action) -> Action | None:
        if self.state.awaiting is not None:
            return act if act.kind == "chance" and act in [o for o, _ in self.chance_outcomes()] else None
        if self._legal is None:
            self._legal = self._options()
        if self._ids is None:
            self._ids = set(map(id, self._legal))
        if id(act) in self._ids:                # one of our own legal actions
            return act
        legal = self._legal
        if self._by_text is None:
            self._by_text = {str(a): a for a in legal}
        found = self._by_text.get(str(act))
        if found is None and act.kind == "exchange":     # the same exchange, named from the other side
            swapped = Action("exchange", battalion=act.target, target=act.battalion,
                             give=act.take, take=act.give)
            found = self._by_text.get(str(swapped))
        return found

    def apply(self, action: Action | str) -> list[Event]:
        """Make one decision; returns the events it caused.

        Raises IllegalAction, naming the problem, for anything not legal now;
        the game is then exactly as it was.
        """
        if isinstance(action, str):
            act = self.parse_action(action)
        elif isinstance(action, Action):
            found = self._lookup(action)
            if found is None:
                raise IllegalAction(f"'{action}': {self._why_illegal(action)}")
            act = found
        else:
            raise IllegalAction(f"an action is an Action or its notation, not {type(action).__name__}")
        if act.kind == "chance":
            return self._apply_chance(act)
        before, mark, owner = self.state, len(self._log), self._owner()
        self.state = before.copy()
        self._legal = self._by_text = self._ids = None
        try:
            self._do(act)
            self._advance()
        except NeedChance as need:
            self._stop_at_chance(before, str(act), need, mark)
        except Exception:
            self.state = before
            del self._log[mark:]
            raise
        self._history.append((before, mark, act, owner))
        self._notify()
        return self._log[mark:]

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
        self.state = before.copy()
        self.state.awaiting = (decision, need.kind, need.n)
        del self._log[mark:]

    def _apply_chance(self, act: Action) -> list[Event]:
        """Give the pending chance event its outcome and carry the decision on from the start
        (every outcome given so far is replayed; the engine is deterministic in them)."""
        before, mark = self.state, len(self._log)
        assert before.awaiting is not None
        decision = before.awaiting[0]
        retry = before.copy()
        retry.awaiting = None
        retry.dice = before.dice.with_outcome(int(act.target))
        self._legal = self._by_text = self._ids = None
        self.state = retry.copy()
        try:
            if decision == SET_UP:
                setup.begin(self, self.mission)
            else:
                self._do(Action.parse(decision))
                self._advance()
        except NeedChance as need:
            self._stop_at_chance(retry, decision, need, mark)
        except Exception:
            self.state = before
            del self._log[mark:]
            raise
        self._history.append((before, mark, act, None))
        self._notify()
        return self._log[mark:]

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
        card drawn or looked at, or a card turned face up.
        """
        if not self._history:
            return False
        if player is None:
            return True
        return self._history[-1][3] == player and not self.reveals()

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
        n = len(self._history)
        i = index % n
        before = self._history[i][0]
        after = self._history[i + 1][0] if i + 1 < n else self.state
        if before.dice.used() != after.dice.used() or before.deck != after.deck or after.awaiting:
            return True
        if after.hiring is not None and after.hiring != before.hiring:
            return True
        shown = after.step == "reward" and after.battle is not None and after.battle.pick > 1
        return (shown and before.step != "reward") or not after.revealed <= before.revealed

    def decider(self, index: int = -1) -> int | None:
        """The player who made decision ``index`` of the history (the last one by default)."""
        return self._history[index][3]

    def undo(self, player: int | None = None) -> Action:
        """Take back the last decision (and everything the engine resolved after it).

        With ``player`` (a seat), refused unless :meth:`can_undo` allows it.
        """
        if not self._history:
            raise IllegalAction("nothing to undo: no decision has been made yet")
        if not self.can_undo(player):
            raise IllegalAction(f"player {player + 1 if player is not None else '-'} cannot undo the last "
                                "decision: it was not theirs, or it showed a die, a drawn card or a card "
                                "turned face up")
        before, mark, act, _ = self._history.pop()
        self.state = before
        del self._log[mark:]
        self._legal = self._by_text = self._ids = None
        self._notify()
        return act

    @property
    def history(self) -> list[Action]:
        """The decisions made so far, in order."""
        return [a for _, _, a, _ in self._history]

    def clone(self, history: bool = True, *, chance: str | None = None, seed: int | None = None,
              dice: tuple[int, ...] = ()) -> Game:
        """An independent copy. Undo snapshots are shared (they never change);
        ``history=False`` starts the copy with no undo and an empty log (cheapest, for search).

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
                raise DictatorError(f"chance is one of {list(CHANCE_MODES)}, not {chance!r}")
            rules = replace(rules, chance=chance)
            if chance == "explicit" and not state.dice.explicit:
                state.dice = Dice(state.dice.state, state.dice.script, state.dice.pos, given=())
            elif chance == "sampled" and state.dice.explicit:
                if state.awaiting is not None:
                    raise DictatorError("cannot leave explicit chance while a chance event waits for its outcome")
                state.dice = Dice(state.dice.state, state.dice.script, state.dice.pos)
        if seed is not None:
            given = () if state.dice.explicit else None
            state.dice = Dice(seed, dice, given=given)
        if not history:
            return Game(rules, self.cards, self.geometry, state, [], [], self._names)
        return Game(rules, self.cards, self.geometry, state, _Log(self._log), self._history[:], self._names)

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

    # --- decisions ----------------------------------------------------------------------

    def _do(self, act: Action) -> None:
        s = self.state
        k = act.kind
        if k == "move":
            s.active, s.moved = act.battalion, True
            self.place(act.battalion, act.target)
        elif k == "use":
            self._use(act)
        elif k == "exchange":
            self._exchange(act)
        elif k in ("attack", "attack-guild"):
            self._attack(act)
        elif k == "end":
            self.record("end", battalion=act.battalion)
            s.active = act.battalion
            self.end_activation()
        elif k == "end-turn":
            self.record("end_turn", player=s.player)
            if self.variant("alternating_activation"):     # the rest of the round, doing nothing
                s.acted.update(lab for lab, b in s.battalions.items() if b.owner == s.player)
                s.done = True
            else:
                self._end_turn()
        elif k == "wait":
            s.waits = [w + (p == s.player) for p, w in enumerate(s.waits)]
            s.done = True
            self.record("wait", player=s.player)
        elif k == "pass":
            assert s.battle is not None
            battle.passed(self, s.battle)
        elif k == "roll":
            assert s.battle is not None
            battle.roll(self, s.battle)
        elif k == "skip-roll":
            assert s.battle is not None
            battle.skip_roll(self, s.battle)
        elif k == "damage":
            self._damage_choice(act.card)
        elif k in ("hireling", "hire", "energy"):
            spoils.reward(self, act)
        elif k == "discard":
            spoils.discard(self, act.card)
        elif k == "reveal":
            self.reveal([act.card])
        elif k in setup.STEPS:
            setup.apply(self, act)

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
            s.marks = {**s.marks, act.card: owner}
        self.reveal([act.card])                        # M4: a card is revealed when its action is used
        if self.variant("exhaustion"):
            s.exhausted = s.exhausted | {act.card}
        if act.target:
            self.record("use_target", battalion=label, card=act.card, ability=act.ability, target=act.target)
        else:
            self.record("use", battalion=label, card=act.card, ability=act.ability)
        if ab.cost:
            self._set_energy(owner, s.energy[owner] - ab.cost)
        EFFECTS[ab.effect].apply(self, ab, label, side, act.target)
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
        s.battalions[a.label] = a._replace(cards=xs)
        s.battalions[b.label] = b._replace(cards=ys)
        self.record("exchange", battalion=a.label, other=b.label, cards=list(xs), other_cards=list(ys))
        s.acted.update((a.label, b.label))       # R17: both count as having acted
        s.active = None
        s.moved = False
        s.done = True

    def _attack(self, act: Action) -> None:
        s = self.state
        attacker = s.battalions[act.battalion]
        s.active = attacker.label
        if act.kind == "attack":
            defender = s.battalions[act.target]
            s.battle = Battle(attacker.label, defender.label, None, (attacker.owner, defender.owner))
            self.record("attack", battalion=attacker.label, target=defender.label)
            self.reveal(attacker.cards + defender.cards)   # M4: both fighting battalions are revealed
        else:
            rolls_for = self._guild_roller(attacker.owner)
            s.battle = Battle(attacker.label, None, act.target, (attacker.owner, rolls_for))
            self.record("attack_guild", battalion=attacker.label, sector=act.target)
        s.step = "battle"
        self._begin_phase()

    def _guild_roller(self, attacker: int) -> int:
        """R25: an opponent rolls for the Guild: the next player in turn order."""
        order = self.state.order
        return order[(order.index(attacker) + 1) % len(order)]

    def _damage_choice(self, card: str) -> None:
        b = self.state.battle
        assert b is not None
        self.damage(card)
        b.damaged = card
        b.stage += 1

    # --- the flow -----------------------------------------------------------------------

    def _advance(self) -> None:
        """Resolve every step that holds no choice, until a decision is owed or the game ends."""
        s = self.state
        while s.step == "battle" and s.outcome is None:
            b = s.battle
            assert b is not None
            phase = battle.PHASES[b.phase]
            if b.stage < len(phase.stages):
                opts = battle.options(self, b)
                if len(opts) == 1 and opts[0].kind == "damage":   # a forced choice
                    self._damage_choice(opts[0].card)
                    continue
                if opts:
                    return
                battle.resolve(self, b)
                continue
            if phase.end:
                battle.HOOKS[phase.end](self, b)
            if b.phase + 1 < len(battle.PHASES):
                b.phase += 1
                b.stage = 0
                self._begin_phase()
            else:
                self._after_battle()
        if s.step == "reward" and len(spoils.options(self)) == 1:  # deck empty: Energy is forced
            spoils.reward(self, Action("energy"))
        while s.step in ("zone", "deploy"):                       # the last zone, the last token: forced
            forced = setup.options(self)
            if len(forced) != 1:
                break
            setup.apply(self, forced[0])
        if s.step == "activation" and s.outcome is None and s.active is None:
            if self.variant("alternating_activation"):
                if s.done or not self.unacted(s.player):
                    self._hand_over()
            elif not self.unacted(s.player):
                self._end_turn()

    def unacted(self, player: int) -> bool:
        """Has ``player`` a battalion that has not acted this turn (or round)?"""
        acted = self.state.acted
        return any(b.owner == player and lab not in acted for lab, b in self.state.battalions.items())

    def _hand_over(self) -> None:
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

    def _begin_phase(self) -> None:
        b = self.state.battle
        assert b is not None
        b.passes = 0
        phase = battle.PHASES[b.phase]
        self.record("phase", phase=phase.name)
        if phase.begin:
            battle.HOOKS[phase.begin](self, b)

    def _after_battle(self) -> None:
        s = self.state
        b = s.battle
        assert b is not None
        if s.outcome is not None:
            return
        attacker = b.sides[ATTACKER]
        if b.guild is not None and b.winner != ATTACKER and self.variant("siege_tokens"):
            s.sieges = {**s.sieges, b.guild: s.sieges.get(b.guild, 0) + 1}
            self.record("siege", sector=b.guild, tokens=s.sieges[b.guild])
        if b.guild is not None and b.winner == ATTACKER and attacker in s.battalions:
            s.guilds = s.guilds - {b.guild}                # R26
            if b.guild in s.sieges:
                s.sieges = {k: n for k, n in s.sieges.items() if k != b.guild}
            self.record("guild_taken", sector=b.guild)
            s.step, s.pending = "reward", attacker
            return
        self.end_activation()

    def end_activation(self) -> None:
        s = self.state
        if s.active is not None and s.active in s.battalions:
            s.acted.add(s.active)
        s.done = True
        s.active, s.moved, s.battle, s.pending = None, False, None, None
        if s.revealed:                                 # M4: turned face down again
            s.revealed = set()
            self.record("conceal")
        if s.outcome is None:
            s.step = "activation"

    def _end_turn(self) -> None:
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
            s.exhausted = {c for c in s.exhausted if self.holder(c) not in (player, None)}

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
        s.acted.clear()
        s.used = set()
        s.marks = {}
        s.waits = [0] * self.num_players
        s.done = False
        self._refresh(s.player)
        s.active, s.moved = None, False
        if s.turn >= self.rules.turn_cap:
            self._finish("turn-cap", None)
            return
        s.turn += 1
        self.record("turn", turn=s.turn, player=s.player)

    def check_victory(self) -> None:
        """R27: the last player with battalions wins; none left is a draw."""
        alive = {b.owner for b in self.state.battalions.values()}
        if len(alive) == 1:
            self._finish("annihilation", alive.pop())
        elif not alive:
            self._finish("mutual", None)

    def _finish(self, reason: str, winner: int | None) -> None:
        s = self.state
        s.outcome = (reason, winner)
        s.step = "over"
        if winner is None:
            self.record("over_draw", reason=reason)
        else:
            self.record("over", player=winner, reason=reason)

    # --- what effects and battles may do (each one logs) --------------------------------

    def record(self, kind: str, **args: Any) -> None:
        secret = self._secrets(args) if self.mission.hidden else None
        self._log.append(Event(kind, args, self._names, secret))

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
        if card == s.hiring and s.pending in s.battalions:
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
        del s.at[bat.sector]
        s.at[sector] = label
        s.battalions[label] = bat._replace(sector=sector)
        self.record("move", battalion=label, sector=sector)

    def _set_energy(self, player: int, value: int) -> None:
        s = self.state
        before = s.energy[player]
        s.energy[player] = max(0, min(self.rules.energy_max, value))   # R5
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
        b.dice[side] = self.state.dice.roll(self.rules.die)
        self.record("reroll", side="attacker" if side == ATTACKER else "defender", roll=b.dice[side])

    def side_cards(self, side: int) -> tuple[str, ...]:
        b = self.state.battle
        assert b is not None
        label = b.sides[side]
        if label is None or label not in self.state.battalions:
            return ()
        return self.state.battalions[label].cards

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
        self.state.damaged.add(card)
        self.record("damage", card=card)

    def repair(self, card: str) -> None:
        self.state.damaged.discard(card)
        self.record("repair", card=card)

    def discard(self, label: str, card: str) -> None:
        """Put a card of a battalion into the Dump."""
        s = self.state
        bat = s.battalions[label]
        s.battalions[label] = bat._replace(cards=tuple(c for c in bat.cards if c != card))
        s.damaged.discard(card)
        s.dump.append(card)
        self.record("dump", card=card)

    def take_card(self, loser: str, card: str, taker: str, replaced: str) -> None:
        """Genomorph: ``card`` leaves ``loser`` and takes the place of ``replaced`` in ``taker``."""
        s = self.state
        lbat = s.battalions[loser]
        s.battalions[loser] = lbat._replace(cards=tuple(c for c in lbat.cards if c != card))
        tbat = s.battalions[taker]
        s.battalions[taker] = tbat._replace(cards=tuple(card if c == replaced else c for c in tbat.cards))
        s.dump.append(replaced)
        s.damaged.discard(replaced)
        self.record("take", battalion=taker, card=card)
        self.record("dump", card=replaced)

    def remove_battalion(self, label: str) -> None:
        """R24: the token leaves the map and its cards go to the Dump."""
        s = self.state
        bat = s.battalions.pop(label)
        del s.at[bat.sector]
        for c in bat.cards:
            s.damaged.discard(c)
            s.dump.append(c)
        s.acted.discard(label)
        self.record("annihilated", battalion=label)

    # --- explaining a refusal -------------------------------------------------------------

    def _why_illegal(self, act: Action) -> str:
        from .explain import why_illegal
        return why_illegal(self, act)

    def view(self, player: int | None = None) -> dict[str, Any]:
        """A JSON-safe picture of the game as ``player`` may see it (None: everything)."""
        from .view import view
        return view(self, player)

    def __repr__(self) -> str:
        who = "over" if self.is_over else "a chance event" if self.is_chance else \
            f"player {self.current_player} owes {self.decision}"
        return f"<Game {self.rules.mission} seed={self.rules.seed} turn={self.turn}: {who}>"


class _Log(list[Event]):
    """The event list, read-only by convention; ``texts(lang)`` gives every line."""

    def texts(self, lang: str = "en", viewer: Viewer = None) -> list[str]:
        """Every line as ``viewer`` reads it: a player, None (the public reading) or ``ALL`` (the truth)."""
        return [e.text(lang, viewer) for e in self]
