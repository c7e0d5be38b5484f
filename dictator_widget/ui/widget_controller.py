"""The table behind a widget, in plain Python: seats, bots, hot-seat screens, undo policy and what is sent.

:class:`Controller` holds no traitlets; :class:`~dictator_widget.ui.widget.DictatorWidget` keeps
the traits and routes the front end's messages here. Tests drive it directly:

>>> import dictator_widget as dw
>>> table = Controller(dw.Game.new("standard", seed=7, placement="fixed"), bots={1: "greedy"})
>>> view, cards = table.sendable("en", known=set())
>>> str(view["decision"]), view["current_player"], view["bot_owes"], len(view["legal"]) > 0
('activation', 0, False, True)
>>> sorted(cards) == sorted(c for b in view["battalions"] for c in b["cards"] if c)
True
>>> _ = table.act("A1 end")
>>> table.can_undo
True

What a seat is sent is built for it (``engine.views.view.position`` and the new cards only), not
cut from the whole ``game.view()``: the card facts go once (the ``cards`` trait grows), the
board once (:meth:`board`), the log as its tail in one language.
"""

from __future__ import annotations

import asyncio
import copy
import weakref
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager

from ..agents import Agent, make_agent
from ..agents.draws import accepts_draw
from ..engine import Action, DictatorError, Game, IllegalAction, battle_odds
from ..engine.content.variants import variants
from ..engine.rules.log import ALL, Event
from ..engine.rules.vocabulary import BATTLE_STARTS, TABLE_KINDS, EventKind
from ..engine.rules.vocabulary import label as label_of
from ..engine.rules.vocabulary import owner as owner_of
from ..engine.views.view import (
    battles,
    bilingual,
    card_facts,
    last_battle,
    phase_names,
    position,
    sectors,
    visible_cards,
)
from ..engine.views.view_shapes import BattleView, CardView
from .view_schema import (
    BotTrail,
    GameSummary,
    LegalRow,
    ScreenView,
    SeatView,
    UndoBlock,
    VariantLabel,
    WidgetBoard,
)
from .widget_battle import battle_steps

LOG_LINES = 16
"""How many of the latest log lines a view carries (the front end asks for the rest)."""

DEFAULT_BOT_DELAY = 0.45
"""Seconds a bot waits before each of its decisions, so people can follow it."""

HISTORY_BATTLES = 20
"""How many of the game's latest finished battles the battle history keeps."""

WIDGET_SAMPLES = 8
"""Samples of the face-down cards behind a seat's odds on a hidden mission (a click's worth of time)."""

Odds = dict[str, float]


# --- staying in step: every controller of a game hears its apply/undo -----------------------

_WATCHERS: weakref.WeakKeyDictionary[Game, weakref.WeakSet[Controller]] = weakref.WeakKeyDictionary()
_QUIET: weakref.WeakKeyDictionary[Game, int] = weakref.WeakKeyDictionary()


def _watch(game: Game, table: Controller) -> None:
    """Register ``table`` to hear every ``apply``/``undo`` of ``game``.

    One engine listener per game (:func:`_notify`, a plain function: the game keeps no
    controller alive) tells every controller of the registry.
    """
    if not isinstance(game, Game):
        raise DictatorError("table.not_game", type=type(game).__name__)
    if game not in _WATCHERS:
        _WATCHERS[game] = weakref.WeakSet()
        game.add_listener(_notify)
    _WATCHERS[game].add(table)


def _unwatch(game: Game, table: Controller) -> None:
    watchers = _WATCHERS.get(game)
    if watchers is None:
        return
    watchers.discard(table)
    if not watchers:
        del _WATCHERS[game]
        game.remove_listener(_notify)


def _notify(game: Game) -> None:
    if _QUIET.get(game, 0):
        return
    for table in list(_WATCHERS.get(game, ())):
        table.changed()


@contextmanager
def _quiet(game: Game) -> Iterator[None]:
    """No refreshes while an agent thinks (it may try moves and take them back)."""
    _QUIET[game] = _QUIET.get(game, 0) + 1
    try:
        yield
    finally:
        _QUIET[game] -= 1


class Controller:
    """One game at one table: who sits where, who is a bot, what each seat may see and undo.

    ``on_change()`` is called after every change of the game (whoever made it), ``on_error(error)``
    (a DictatorError: ``error.text(lang)``) when a bot fails; the widget passes its refresh and its error setter.
    """

    def __init__(self, game: Game, player: int | None = None, bots: Mapping[int, str | Agent] | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY, on_change: Callable[[], None] | None = None,
                 on_error: Callable[[DictatorError], None] | None = None, pace: float | None = None) -> None:
        if not isinstance(game, Game):
            raise DictatorError("table.not_game", type=type(game).__name__)
        n = game.num_players
        if player is not None and player not in range(n):
            raise DictatorError("table.player", high=n - 1, got=player)
        self.player = player
        self.bots: dict[int, Agent] = {}
        for seat, spec in (bots or {}).items():
            if seat not in range(n) or seat == player:
                raise DictatorError("table.bot_seat", seat=seat, high=n - 1)
            self.bots[seat] = make_agent(spec, seed=seat)
        self.bot_delay = float(bot_delay)
        self.pace = check_pace(pace)
        self._held: object | None = None       # the state a bot's finished battle waits on
        self._trail: tuple[int, int, dict[str, str]] | None = None   # the bots' streak: its log span, sectors then
        self._human_since = True               # a human decided since the bots' last streak
        self._sent_log = 0                     # the log's length at the last view sent
        self.on_change = on_change
        self.on_error = on_error
        self._bot_timer: asyncio.TimerHandle | None = None
        self._bots_playing = False
        self._odds: dict[int, tuple[object, dict[tuple[int | None, str], Odds]]] = {}
        self._attacks: list[int] = []           # log indices of the battles' attack events, scanned so far
        self._scanned = 0
        self._history: tuple[tuple[object, ...], list[BattleView]] = ((), [])
        self.game = game
        self._seat_players()
        _watch(game, self)

    def _seat_players(self) -> None:
        game = self.game
        self.hidden = self.player is None and game.mission.hidden
        humans = [p for p in range(game.num_players) if p not in self.bots]
        self._seated: int | None = self._owner_to_show(humans[0] if humans else None) if self.hidden else None
        self._screen: int | None = None          # hot-seat, hidden mission: who must take the seat next
        self._follow()

    def rematch(self, same_seed: bool = True) -> Game:
        """A new game of the same mission, variants and placement (``same_seed``: the same deal and dice;
        else a new seed); a game set up from a scenario starts from that scenario again."""
        rules = self.game.rules
        if rules.scenario is not None:
            game = Game.from_scenario(copy.deepcopy(rules.scenario), cards=rules.cards)
        else:
            game = Game.new(rules.mission, seed=rules.seed if same_seed else None, turn_cap=rules.turn_cap,
                            cards=rules.cards, variants=dict(rules.variants), placement=rules.placement,
                            dice=list(rules.dice) if same_seed else None)
        self.replace_game(game)
        return game

    def replace_game(self, game: Game) -> None:
        """Show another game (set-up mode's "Play from here"), the seats and bots kept."""
        self.stop()
        self.game = game
        self._odds = {}
        self._attacks, self._scanned, self._history = [], 0, ((), [])
        self._held, self._sent_log = None, 0
        self._trail, self._human_since = None, True
        self._seat_players()
        _watch(game, self)

    def stop(self) -> None:
        """No more bot moves or updates (the widget is closed, or shows another game)."""
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None
        _unwatch(self.game, self)

    # --- who sees what ------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose view is drawn: the seat, the seated hot-seat player (hidden missions), or None
        (everything: an open mission's hot-seat, or a game over)."""
        if self.player is not None:
            return self.player
        if self.hidden and not self.game.is_over:
            return self._seated
        return None

    @property
    def seat(self) -> int | None:
        """Whose seat this table acts for (undo, odds): the seat, or a hot-seat's seated player on a hidden
        mission; None: anyone."""
        return self.player if self.player is not None else (self._seated if self.hidden else None)

    @property
    def screen(self) -> int | None:
        """Hot-seat, hidden mission: the player asked to take the seat before anything shows, or None."""
        return self._screen

    @property
    def shown(self) -> tuple[object, ...]:
        """What the view sent depends on (the state's identity: apply and undo replace it; a failed bot
        leaves the seat to a human)."""
        return (self.game.state, self._seated, self._screen, len(self.bots), self.held)

    def _owner_to_show(self, fallback: int | None) -> int | None:
        """Hot-seat, hidden mission: the human owing the decision (a bot's seat is never shown)."""
        owner = self.game.current_player
        if owner is not None and owner not in self.bots:
            return owner
        return fallback

    def _follow(self) -> None:
        """Hot-seat on a hidden mission: when another human owes the decision, they must take the seat."""
        if self.hidden and not self.game.is_over:
            wanted = self._owner_to_show(self._seated)
            self._screen = wanted if wanted != self._seated else None

    def take_seat(self) -> None:
        """Hot-seat, hidden mission: the player asked for takes the seat; their view shows."""
        if self._screen is None:
            raise IllegalAction("table.no_seat_asked")
        self._seated, self._screen = self._screen, None

    # --- what is sent -------------------------------------------------------------------------

    def board(self) -> WidgetBoard:
        """What never changes during a game (sent once; again when a hot-seat player takes the seat)."""
        g = self.game
        return {
            "mission": g.rules.mission, "mission_name": bilingual(g.mission.name),
            "mission_text": bilingual(g.mission.text),
            "seed": None if self.viewer is not None else g.rules.seed,      # a seat: it would tell the deck
            "turn_cap": g.rules.turn_cap, "num_players": g.num_players, "viewer": self.viewer,
            "hidden": g.mission.hidden, "bots": sorted(self.bots), "sectors": sectors(g),
            "levels": {k: bilingual(v) for k, v in g.geometry.level_names.items()},
            "zones": {k: bilingual(v) for k, v in g.geometry.zone_names.items()},
            "guild_strength": g.rules.guild_strength, "phases": phase_names(), "variants": variant_labels(g),
        }

    def sendable(self, lang: str, known: Collection[str]) -> tuple[SeatView | ScreenView, dict[str, CardView]]:
        """The ``view`` to send in ``lang``, and the facts of the cards it shows that are not ``known``."""
        self._follow()
        g = self.game
        if self._screen is not None:
            screen: ScreenView = {"screen": self._screen, "turn": g.turn, "current_player": g.current_player,
                                  "decision": g.decision, "is_over": False, "viewer": None, "legal": [],
                                  "can_undo": False}
            return screen, {}
        viewer = self.viewer
        visible = visible_cards(g, viewer)
        current = g.current_player
        bot_owes = current in self.bots
        legal: list[LegalRow] = []
        if not bot_owes and not self.held and (viewer is None or viewer == current):
            legal = [[str(a), a.kind, a.battalion, a.card, a.ability, a.target] for a in g.legal_actions()]
        log = g.log
        start = max(0, len(log) - LOG_LINES)
        reader = ALL if viewer is None else viewer
        pos = position(g, viewer, visible)
        steps = battle_steps(g, viewer)
        if 0 < self._sent_log <= len(log):     # only the steps new since the last view (the front end keeps the
            steps = [s for s in steps if s["at"] >= self._sent_log]      # rest); all of them after an undo
        self._sent_log = len(log)
        view: SeatView = {
            **pos, "guilds": sorted(g.state.guilds), "legal": legal, "bot_owes": bot_owes,
            "can_undo": self.can_undo, "undo_block": self.undo_block,
            "log": [log[i].text(lang, reader) for i in range(start, len(log))],
            "log_from": start, "viewer": viewer, "screen": None,
            "last_battle": None if pos["battle"] is not None else last_battle(g, viewer),
            "battle_steps": steps, "held": self.held, "deploying": deploying(g, viewer),
            "bot_trail": self.bot_trail(),
            "summary": summary(g) if g.is_over else None,
        }
        return view, {cid: card_facts(g, cid) for cid in sorted(visible) if cid not in known}

    def battle_history(self) -> tuple[tuple[object, ...], list[BattleView]]:
        """The latest finished battles (at most :data:`HISTORY_BATTLES`, oldest first) as the viewer may read
        them, and a key that changes only when they do (sent only then: bytes per action stay the same)."""
        log = self.game.log
        if len(log) < self._scanned:                # an undo: scan again
            self._attacks, self._scanned = [], 0
        self._attacks += [i for i in range(self._scanned, len(log)) if log[i].kind in BATTLE_STARTS]
        self._scanned = len(log)
        key = (self.game.state, self.viewer)
        if not all(a is b for a, b in zip(key, self._history[0], strict=False)) or not self._history[0]:
            start = self._attacks[-HISTORY_BATTLES - 1] if len(self._attacks) > HISTORY_BATTLES else 0
            self._history = (key, battles(self.game, self.viewer, start)[-HISTORY_BATTLES:])
        return self._history

    def bot_trail(self) -> BotTrail | None:
        """The bots' last streak of decisions as the board shows it: each battalion's path (moves, special moves)
        and the battles begun, until the bots play again (None: no streak, or an undo went behind it)."""
        if self._trail is None:
            return None
        start, end, sectors = self._trail
        log = self.game.log
        if len(log) < end:
            self._trail = None
            return None
        moves: dict[str, list[str]] = {}
        battles: list[list[str]] = []
        where = dict(sectors)
        for i in range(start, end):
            e = log[i]
            label = str(e.args.get("battalion", ""))
            if e.kind == EventKind.MOVE and label:
                moves.setdefault(label, [where.get(label, "")]).append(str(e.args["sector"]))
                where[label] = str(e.args["sector"])
            elif e.kind == EventKind.ATTACK:
                target = str(e.args["target"])
                battles.append([label, target, where.get(label, ""), where.get(target, "")])
            elif e.kind == EventKind.ATTACK_GUILD:
                battles.append([label, str(e.args["sector"]), where.get(label, ""), str(e.args["sector"])])
        moves = {k: [x for x in path if x] for k, path in moves.items()}
        return {"moves": moves, "battles": battles} if moves or battles else None

    def log_lines(self, lang: str, start: int, stop: int) -> list[str]:
        """Lines ``start`` to ``stop`` of the log in ``lang``, as the viewer may read them."""
        log = self.game.log
        reader = ALL if self.viewer is None else self.viewer
        return [log[i].text(lang, reader) for i in range(max(0, start), min(stop, len(log)))]

    # --- decisions ------------------------------------------------------------------------------

    def act(self, notation: str) -> list[Event]:
        """Play one decision as this table's human player would (checks whose turn it is); a table action
        (resign, a draw offered or answered) goes to :meth:`table_act`."""
        if notation.split(" ", 1)[0].strip() in TABLE_KINDS:
            return self.table_act(Action.parse(notation))
        owner = self.game.current_player
        if owner in self.bots:
            raise IllegalAction("table.bot_owes", action=notation, player=owner + 1)
        if self.player is not None and owner != self.player:
            raise IllegalAction("table.not_theirs", action=notation, player=self.player + 1)
        if self.held:
            raise IllegalAction("table.held", action=notation)
        self._follow()
        if self._screen is not None:
            raise IllegalAction("table.take_seat_first", action=notation, player=self._screen + 1)
        events = list(self.game.apply(notation))
        self._human_since = True
        return events

    def table_act(self, act: Action) -> list[Event]:
        """A table action of a human seat this table may act for; a bot offered a draw answers it at once
        (:func:`~dictator_widget.agents.draws.accepts_draw`)."""
        seat = int(act.target)
        if seat in self.bots:
            raise IllegalAction("table.seat_is_bot", action=str(act), player=seat + 1)
        if self.viewer is not None and seat != self.viewer or self._screen is not None:
            raise IllegalAction("table.not_this_screen", action=str(act), player=seat + 1)
        events = list(self.game.apply(act))
        for bot, agent in self.bots.items():
            answers = [a for a in self.game.table_actions(bot) if a.kind in ("accept-draw", "decline-draw")]
            if answers:
                events += self.game.apply(answers[0 if accepts_draw(agent, self.game, bot) else 1])
        return events

    @property
    def can_undo(self) -> bool:
        """The Undo button's state: a seat undoes its own harmless decision, hot-seat a chain of them."""
        if self.seat is not None:
            return self.game.can_undo(self.seat)
        return self._undo_chain() > 0

    @property
    def undo_block(self) -> UndoBlock | None:
        """Why Undo is off now, or None when it is on (the button says why)."""
        if self.can_undo:
            return None
        game = self.game
        if self._screen is not None:
            return "screen"
        if not game.history:
            return "nothing"
        if self.seat is not None and game.decider() != self.seat:
            return "not-yours"
        return "revealed"

    def _undo_chain(self) -> int:
        """Hot-seat: how many decisions an undo takes back (the last human one and the bots' replies
        after it), or 0 when one of them showed something new (a die, a draw, a reveal)."""
        game = self.game
        for k in range(1, len(game.history) + 1):
            if game.reveals(-k):
                return 0
            if game.decider(-k) not in self.bots:
                return k
        return 0

    def undo(self) -> Action:
        """Take back the last decision.

        Hot-seat: the last human decision, and the bots' replies after it. A seat: only that
        player's own last decision, when the engine allows it (``game.can_undo(player)``:
        nothing rolled, drawn or revealed).
        """
        game = self.game
        with _quiet(game):                 # no bot may answer half-way through
            if self.seat is not None:
                self._follow()
                if self._screen is not None:
                    raise IllegalAction("table.seat_first", player=self._screen + 1)
                act = game.undo(self.seat)
            else:
                chain = self._undo_chain()
                if not game.history:
                    game.undo()                    # raises: nothing to undo
                if not chain:
                    raise IllegalAction("table.undo_shown")
                for _ in range(chain):
                    act = game.undo()
        _notify(game)
        return act

    # --- battle odds ----------------------------------------------------------------------------

    def odds(self, battalion: str) -> dict[str, Odds]:
        """Odds (``dw.battle_odds``, greedy) of ``battalion``'s attacks now, by notation.

        Cached per position. On a hidden mission they are the odds as the seat may know them
        (``battle_odds(..., seat=...)``: face-down cards sampled, never read), and none while no
        one holds the seat.
        """
        game = self.game
        seat = self.seat if game.mission.hidden else None
        if game.mission.hidden and seat is None:
            return {}
        state = game.state
        cached = self._odds.get(id(state))
        if cached is None or cached[0] is not state:
            if len(self._odds) > 32:
                self._odds.clear()
            cached = (state, {})
            self._odds[id(state)] = cached
        table = cached[1]
        with _quiet(game):
            for act in game.legal_actions():
                if act.battalion != battalion or act.kind not in ("attack", "attack-guild"):
                    continue
                key = (seat, str(act))
                if key not in table:
                    r = battle_odds(game, act, policy="greedy", seat=seat, samples=WIDGET_SAMPLES)
                    table[key] = {k: round(float(r[k]), 4) for k in ("win", "draw", "loss")}
        return {notation: v for (who, notation), v in table.items()
                if who == seat and notation.split(" ", 1)[0] == battalion}

    # --- bots -----------------------------------------------------------------------------------

    @property
    def seconds_per_step(self) -> float:
        """The pace the front end plays a battle's steps at: ``pace``, or ``bot_delay`` when it is None."""
        return self.bot_delay if self.pace is None else self.pace

    @property
    def held(self) -> bool:
        """A bot's battle is over and the bots wait on its result until a human continues (:meth:`resume`)."""
        return self._held is not None and self._held is self.game.state

    def resume(self) -> None:
        """The human has read the result of a bot's battle ("Continue"): the bots play on."""
        if not self.held:
            raise IllegalAction("table.nothing_held")
        self._held = None
        self.changed()

    def _hold_after(self, fought: bool) -> None:
        """After a bot's decision: wait on the result if it finished a battle (``fought``: one was on, or
        began), a human sits at this table to read it, and battles are played at a pace."""
        g = self.game
        humans = any(p not in self.bots for p in range(g.num_players))
        if fought and g.state.battle is None and humans and not g.is_over and self.seconds_per_step > 0:
            self._held = g.state

    def changed(self) -> None:
        """The game changed: tell the widget, then let a bot answer if one owes the decision."""
        self._follow()
        if self.on_change is not None:
            self.on_change()
        self.schedule_bots()

    def schedule_bots(self) -> None:
        """If a bot owes the decision, play it: after ``bot_delay`` in a running event loop (a kernel),
        else at once, and so on until a human owes one."""
        if self.game.current_player not in self.bots or self._bot_timer or self._bots_playing or self.held:
            return
        loop = _running_loop()
        if self.bot_delay <= 0 or loop is None:
            self._bots_playing = True        # a loop, not a recursion through changed()
            try:
                while self.game.current_player in self.bots and not self.held:
                    if not self._play_one_bot():
                        break
            finally:
                self._bots_playing = False
            return
        self._bot_timer = loop.call_later(self.bot_delay, self._bot_step, self.game.state)

    def _bot_step(self, expected: object) -> None:
        self._bot_timer = None
        if self.game.state is expected:     # nothing happened meanwhile (no undo, no human move)
            self._play_one_bot()
        self.schedule_bots()

    def _play_one_bot(self) -> bool:
        """One bot decision; False when the bot failed (it is dropped: a human plays that seat)."""
        seat = self.game.current_player
        if seat is None or seat not in self.bots:
            return False
        with _quiet(self.game):
            action = self.bots[seat].act(self.game)
        if self._human_since or self._trail is None:       # a new streak: the board shows it from here
            n = len(self.game.log)
            self._trail = (n, n, {b.label: b.sector for b in self.game.state.battalions.values()})
            self._human_since = False
        fought = self.game.state.battle is not None or action.kind in ("attack", "attack-guild")
        try:
            with _quiet(self.game):
                self.game.apply(action)
        except DictatorError as exc:      # a broken agent must not wedge the widget
            self.bots.pop(seat)
            if self.on_error is not None:
                self.on_error(DictatorError("table.bot_failed", player=seat + 1, action=str(action),
                                            error=exc.message))
            if self.on_change is not None:
                self.on_change()
            return False
        if self._trail is not None:
            self._trail = (self._trail[0], len(self.game.log), self._trail[2])
        self._hold_after(fought)
        _notify(self.game)
        return True




def summary(game: Game) -> GameSummary:
    """A game's key figures from its log: turns, battles, Guilds captured and battalions destroyed by player.

    >>> import dictator_widget as dw
    >>> g = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
    ...     "B1": {"sector": "c5", "cards": ["C01"]}}, "dice": [6, 1]})
    >>> _ = g.apply("A1 attack B1")
    >>> summary(g)
    {'turns': 1, 'battles': 1, 'guilds': [0, 0], 'destroyed': [1, 0]}
    """
    n = game.num_players
    out: GameSummary = {"turns": game.turn, "battles": 0, "guilds": [0] * n, "destroyed": [0] * n}
    sides: tuple[str, str] = ("", "")          # the battle's battalions (a Guild's side: "")
    for e in game.log:
        if e.kind in BATTLE_STARTS:
            out["battles"] += 1
            sides = (str(e.args["battalion"]), str(e.args["target"]) if e.kind == EventKind.ATTACK else "")
        elif e.kind == EventKind.GUILD_TAKEN and sides[0]:
            out["guilds"][owner_of(sides[0])] += 1
        elif e.kind == EventKind.ANNIHILATED and str(e.args["battalion"]) in sides:
            other = sides[1] if e.args["battalion"] == sides[0] else sides[0]
            if other:
                out["destroyed"][owner_of(other)] += 1
    return out


def deploying(game: Game, viewer: int | None) -> dict[str, list[str]]:
    """Placing the tokens (R9): the cards each token the current player has still to place holds, so no token is
    placed blind; {} at any other decision, or when ``viewer`` may not see them (another player's, hidden mission).

    >>> import dictator_widget as dw
    >>> g = dw.Game.new("standard", seed=7)
    >>> _ = g.apply("zone green")
    >>> deploying(g, None)
    {'A1': ['T01', 'T02', 'T03'], 'A2': ['T04', 'T05', 'T06'], 'A3': ['T07', 'T08', 'T09']}
    """
    p = game.current_player
    if game.decision != "deploy" or p is None or (game.mission.hidden and viewer != p):
        return {}
    armies = game.mission.armies
    if p >= len(armies):
        return {}
    placed = game.state.battalions
    return {label_of(p, i): list(cards) for i, cards in enumerate(armies[p].battalions)
            if label_of(p, i) not in placed}


def check_pace(pace: float | None) -> float | None:
    """A pace in seconds per battle step (0: at once), or None (the bot delay's); anything else is refused.

    >>> check_pace(0.5), check_pace(None)
    (0.5, None)
    >>> check_pace(-1)
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.DictatorError: pace must be seconds per battle step (0 or more) or None, not -1
    """
    if pace is None:
        return None
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not pace >= 0 or pace > 60:
        raise DictatorError("table.pace", got=pace)
    return float(pace)


def variant_labels(game: Game) -> list[VariantLabel]:
    """The game's active variants, for the header: name, value, label and rules text (en/ru)."""
    known = variants()
    out: list[VariantLabel] = []
    for key, value in sorted(game.rules.variants.items()):
        v = known.get(key)
        out.append({"key": key, "value": value,
                    "name": bilingual(v.name) if v else {"en": key, "ru": key},
                    "text": bilingual(v.text) if v else {"en": "", "ru": ""}})
    return out


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop (cells and comm messages run inside it), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
