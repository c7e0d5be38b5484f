"""DictatorWidget: play Dictator-Control in JupyterLab (an anywidget).

The widget shows one :class:`~dictator_widget.Game`. Python owns the game; the
front end (``js/``, built into ``static/widget.js``) only draws what the traits
say and sends intentions back:

=========================  ==================================================
trait (synced)             what it holds
=========================  ==================================================
``board``                  what never changes in a game: sectors, level and
                           zone names, phase names, mission, seats (sent once)
``cards``                  the facts of every card seen so far (grows rarely)
``view``                   the position: battalions, Energy, battle (or the
                           last one, as the log tells it), legal options,
                           the log tail in ``lang`` (every action)
``lang``                   "en" or "ru"
``error``                  the last refused message, shown in the widget
``odds``                   battle odds of the selected battalion's attacks,
                           ``{notation: {win, draw, loss}}`` (asked for)
``setup_mode``             the set-up mode is on (an editor replaces play)
``setup``                  the scenario being edited there (a dict)
=========================  ==================================================

Hidden information (Fog of War): a seat widget (``player=p``) draws
``game.view(p)`` only. A hot-seat widget (``player=None``) on a hidden mission
draws the view of the human who owes the decision, and between two humans it
shows a "pass the screen" card (``view["screen"]``, nothing else) until the
next player takes the seat (``{"type": "take-seat"}`` or :meth:`take_seat`).

The front end sends ``{"type": "act", "notation": "A1 move c4"}``,
``{"type": "undo"}``, ``{"type": "take-seat"}``, ``{"type": "odds", "battalion": "A1"}``,
``{"type": "export-html"}`` (answered with the HTML replay, :meth:`send_replay`) and,
in set-up mode, ``{"type": "edit", "edit": {...}}`` (see ``widget_setup``) and
``{"type": "play"}``. Anything else, or an action the game refuses, sets
``error`` and leaves the game as it was.

Every widget showing a game refreshes whenever that game changes through
``apply`` or ``undo``, whoever calls them: a cell (``widget.game.apply(...)``),
a bot, or another widget on the same game (see docs/widget.md, "Staying in
step").

>>> import dictator_widget as dw
>>> w = dw.DictatorWidget(seed=7, placement="fixed")
>>> w.view["decision"], w.view["current_player"]
('activation', 0)
>>> _ = w.game.apply("A1 move c4")             # a move made from Python ...
>>> [b["sector"] for b in w.view["battalions"] if b["label"] == "A1"]   # ... is on the board
['c4']
"""

from __future__ import annotations

import asyncio
import copy
import pathlib
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import anywidget
import traitlets

from .agents import Agent, make_agent
from .engine import Action, DictatorError, Event, Game, IllegalAction, Scenario, battle_odds
from .engine.variants import variants
from .engine.view import card_facts, last_battle
from .widget_setup import apply_edit, start_scenario

LOG_LINES = 40
"""How many of the latest log lines the ``view`` trait carries."""

MAX_NOTATION = 200
"""Longest notation accepted from the front end (longer is malformed)."""

DEFAULT_BOT_DELAY = 0.45
"""Seconds a bot waits before each of its decisions, so people can follow it."""

WIDGET_SAMPLES = 8
"""Samples of the face-down cards behind a seat's odds on a hidden mission (a click's worth of time)."""

_STATIC = pathlib.Path(__file__).parent / "static"
_BUNDLE = _STATIC / "widget.js"
_NOT_BUILT = ("the widget's front end is not built (dictator_widget/static/widget.js is missing): run "
              "'npm ci && npm run build' in a source checkout, or install the package with pip, which builds it")


# --- staying in step: every widget of a game refreshes after apply/undo ----------------

_WATCHERS: weakref.WeakKeyDictionary[Game, weakref.WeakSet[DictatorWidget]] = (
    weakref.WeakKeyDictionary()
)
_QUIET: weakref.WeakKeyDictionary[Game, int] = weakref.WeakKeyDictionary()


def _watch(game: Game, widget: DictatorWidget) -> None:
    """Register ``widget`` to refresh after every ``apply``/``undo`` of ``game``.

    One engine listener per game (:func:`_notify`, a plain function: the game
    keeps no widget alive) refreshes every widget of the registry.
    """
    if not isinstance(game, Game):
        raise DictatorError(f"DictatorWidget shows a dw.Game, not a {type(game).__name__}")
    if game not in _WATCHERS:
        _WATCHERS[game] = weakref.WeakSet()
        game.add_listener(_notify)
    _WATCHERS[game].add(widget)


def _unwatch(game: Game, widget: DictatorWidget) -> None:
    watchers = _WATCHERS.get(game)
    if watchers is None:
        return
    watchers.discard(widget)
    if not watchers:
        del _WATCHERS[game]
        game.remove_listener(_notify)


def _notify(game: Game) -> None:
    if _QUIET.get(game, 0):
        return
    for widget in list(_WATCHERS.get(game, ())):
        widget.refresh()


@contextmanager
def _quiet(game: Game) -> Iterator[None]:
    """No refreshes while an agent thinks (it may try moves and take them back)."""
    _QUIET[game] = _QUIET.get(game, 0) + 1
    try:
        yield
    finally:
        _QUIET[game] -= 1


# --- the widget ---------------------------------------------------------------------------

class DictatorWidget(anywidget.AnyWidget):
    """A game of Dictator-Control to play in a notebook, by mouse or keyboard.

    Parameters
    ----------
    game:
        The game to show; a new one (``mission``, ``seed``) when None.
    player:
        The seat this widget plays (it then sees what that player may see and
        acts only for them), or None for hot-seat: everyone plays here in turn.
    lang:
        "en" or "ru": every label and log line.
    bots:
        Seats played by agents, e.g. ``{1: "random"}`` or ``{1: my_agent}``
        (anything with ``act(game)``).
    bot_delay:
        Seconds before each bot decision (0: at once).
    variants:
        Rule variants for a new game (``Game.new(..., variants=...)``), e.g.
        ``{"guild_strength": 5}``; the header lists the active ones.
    setup:
        Open in set-up mode: edit the position, then "Play from here"
        (``widget.setup_mode = True`` later does the same; ``widget.scenario``
        reads the edited scenario).
    placement:
        "chosen" (the rulebook's way: the players choose their Starting Zones and place their
        battalion tokens by clicks) or "fixed" (each army in its mission zone, play at once).
    """

    _esm = _BUNDLE if _BUNDLE.exists() else "export default { render({ el }) { el.textContent = 'not built'; } };"

    board = traitlets.Dict().tag(sync=True)
    cards = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Enum(("en", "ru"), default_value="en").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    odds = traitlets.Dict().tag(sync=True)
    setup_mode = traitlets.Bool(False).tag(sync=True)
    setup = traitlets.Dict().tag(sync=True)

    def __init__(self, game: Game | None = None, mission: str = "standard", seed: int | None = None,
                 player: int | None = None, lang: str = "en",
                 bots: Mapping[int, str | Agent] | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY, variants: Mapping[str, Any] | None = None,
                 setup: bool = False, placement: str = "chosen", **kwargs: Any) -> None:
        if not _BUNDLE.exists():
            raise DictatorError(_NOT_BUILT)
        super().__init__(lang=lang, **kwargs)
        if game is not None and variants:
            raise DictatorError("variants are for a new game: give either game or variants, not both")
        self._game = game if game is not None else Game.new(mission, seed=seed, variants=dict(variants or {}),
                                                            placement="fixed" if setup else placement)
        n = self._game.num_players
        if player is not None and player not in range(n):
            raise DictatorError(f"player must be None (hot-seat) or a seat 0..{n - 1}, "
                                f"not {player!r}")
        self.player = player
        self.bots: dict[int, Agent] = {}
        for seat, spec in (bots or {}).items():
            if seat not in range(n) or seat == player:
                raise DictatorError(f"bot seat {seat!r} must be a seat 0..{n - 1} "
                                    "other than player")
            self.bots[seat] = make_agent(spec, seed=seat)
        self.bot_delay = float(bot_delay)
        self._shown: tuple[object, ...] | None = None
        self._bot_timer: asyncio.TimerHandle | None = None
        self._bots_playing = False
        self._hidden = player is None and bool(self._game.view(0)["hidden"])
        humans = [p for p in range(n) if p not in self.bots]
        self._seated: int | None = None      # hot-seat on a hidden mission: whose view is shown
        self._screen: int | None = None      # ... and who is asked to take the seat next
        if self._hidden:
            self._seated = self._owner_to_show(humans[0] if humans else None)
        self.board = self._board()
        _watch(self._game, self)
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))
        self.observe(lambda _change: self.refresh(), names="lang")
        self._odds_cache: dict[int, tuple[object, dict[tuple[int | None, str], dict[str, float]]]] = {}
        self.observe(self._on_setup_mode, names="setup_mode")
        self.refresh()
        if setup:
            self.setup_mode = True

    @property
    def game(self) -> Game:
        """The game shown. ``widget.game.apply(...)`` in a cell updates the board at once."""
        return self._game

    # --- Python -> front end ------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        """Whose view the widget draws: the seat, the seated hot-seat player (hidden
        missions), or None (everything: an open mission's hot-seat, or a game over)."""
        if self.player is not None:
            return self.player
        if self._hidden and not self._game.is_over:
            return self._seated
        return None

    # --- set-up mode ----------------------------------------------------------------------

    @traitlets.validate("setup_mode")
    def _check_setup_mode(self, proposal: dict[str, Any]) -> bool:
        if proposal["value"] and self.player is not None:
            raise traitlets.TraitError("set-up mode shows every card: only a hot-seat widget (player=None) has it")
        return bool(proposal["value"])

    def _on_setup_mode(self, change: dict[str, Any]) -> None:
        if change["new"]:
            game = self._game
            with self.hold_sync():
                self.setup = start_scenario(game)
                self.cards = {**self.cards, **{cid: card_facts(game, cid) for cid in sorted(game.cards)
                                               if cid not in self.cards}}
        else:
            self.setup = {}

    @property
    def scenario(self) -> Scenario:
        """The scenario edited in set-up mode (else the current position's)."""
        if self.setup_mode:
            return Scenario.from_dict(copy.deepcopy(self.setup))
        return self._game.to_scenario()

    def edit(self, edit: Any) -> None:
        """One set-up edit, as the front end sends it (``{"op": "move", "label": "A1", "sector": "d4"}``)."""
        if not self.setup_mode:
            raise IllegalAction("edits need set-up mode (widget.setup_mode = True)")
        g = self._game
        sectors = {sec["id"] for sec in self.board["sectors"]}
        self.setup = apply_edit(self.setup, edit, sectors=sectors, cards=set(g.cards), players=g.num_players)

    def play_from_here(self) -> Game:
        """Build the game of the edited scenario and play it; a bad scenario raises, nothing changes."""
        if not self.setup_mode:
            raise IllegalAction("'Play from here' needs set-up mode")
        game = Game.from_scenario(copy.deepcopy(self.setup))
        self._replace_game(game)
        self.setup_mode = False
        return game

    def _replace_game(self, game: Game) -> None:
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None
        _unwatch(self._game, self)
        self._game = game
        self._hidden = self.player is None and bool(game.view(0)["hidden"])
        humans = [p for p in range(game.num_players) if p not in self.bots]
        self._seated = self._owner_to_show(humans[0] if humans else None) if self._hidden else None
        self._screen = None
        self._shown = None
        self._odds_cache = {}
        _watch(game, self)
        with self.hold_sync():
            self.cards = {}
            self.board = self._board()
            self.refresh()

    # --- battle odds ----------------------------------------------------------------------

    def compute_odds(self, battalion: str) -> dict[str, dict[str, float]]:
        """Odds (``dw.battle_odds``, greedy) of ``battalion``'s attacks now, into the ``odds`` trait.

        Only for attack options, cached per position. On a hidden mission they are the
        odds as the seat may know them (``battle_odds(..., seat=...)``: face-down cards
        sampled, never read), and none while no one holds the seat.
        """
        game = self._game
        seat = self._seat if game.mission.hidden else None
        if game.mission.hidden and seat is None:
            return {}
        state = game.state
        cached = self._odds_cache.get(id(state))
        if cached is None or cached[0] is not state:
            if len(self._odds_cache) > 32:
                self._odds_cache.clear()
            cached = (state, {})
            self._odds_cache[id(state)] = cached
        table = cached[1]
        with _quiet(game):
            for act in game.legal_actions():
                if act.battalion != battalion or act.kind not in ("attack", "attack-guild"):
                    continue
                key = (seat, str(act))
                if key not in table:
                    r = battle_odds(game, act, policy="greedy", seat=seat, samples=WIDGET_SAMPLES)
                    table[key] = {k: round(float(r[k]), 4) for k in ("win", "draw", "loss")}
        mine = {notation: v for (who, notation), v in table.items()
                if who == seat and notation.split(" ", 1)[0] == battalion}
        self.odds = {**self.odds, **mine}
        return mine

    def _owner_to_show(self, fallback: int | None) -> int | None:
        """Hot-seat, hidden mission: the human owing the decision (a bot's seat is never shown)."""
        owner = self._game.current_player
        if owner is not None and owner not in self.bots:
            return owner
        return fallback

    def take_seat(self) -> None:
        """Hot-seat, hidden mission: the player asked for takes the seat; their view shows."""
        if self._screen is None:
            raise IllegalAction("nobody is asked to take the seat now")
        self._seated, self._screen = self._screen, None
        self._shown = None
        with self.hold_sync():
            self.cards = {}              # only what the new seat may know
            self.board = self._board()
            self.refresh()

    def refresh(self) -> None:
        """Bring the traits up to date with the game (cheap when nothing changed)."""
        state = self._game.state        # apply and undo replace it: identity tells a change
        if self._hidden and not self._game.is_over:
            wanted = self._owner_to_show(self._seated)
            self._screen = wanted if wanted != self._seated else None
        key = (state, self.lang, self._seated, self._screen)
        if self._shown is not None and all(a is b or a == b for a, b in zip(self._shown, key, strict=True)):
            return
        self._shown = key
        if self.odds:
            self.odds = {}                  # of the last position
        if self._screen is not None:
            self.view = self._screen_view(self._screen)
            self._schedule_bot()
            return
        full = self._game.view(self.viewer)
        new_cards = {cid: facts for cid, facts in full["cards"].items() if cid not in self.cards}
        with self.hold_sync():
            if new_cards:
                self.cards = {**self.cards, **new_cards}
            self.view = self._slim(full)
        self._schedule_bot()

    def _screen_view(self, seat: int) -> dict[str, Any]:
        """What a hot-seat widget shows between two players: whose turn, nothing hidden."""
        g = self._game
        return {"screen": seat, "turn": g.turn, "current_player": g.current_player, "decision": g.decision,
                "is_over": False, "viewer": None, "legal": [], "can_undo": False}

    def _board(self) -> dict[str, Any]:
        """The part of the view that never changes during a game (sent once; again when a
        hot-seat player takes the seat of a hidden mission)."""
        v = self._game.view(self.viewer)
        board = v["board"]
        return {
            "mission": v["mission"], "seed": v["seed"], "turn_cap": v["turn_cap"],
            "num_players": self._game.num_players, "viewer": self.viewer, "hidden": bool(v["hidden"]),
            "bots": sorted(self.bots), "sectors": board["sectors"], "levels": board["levels"],
            "zones": board["zones"], "guild_strength": board["guild_strength"],
            "phases": v["phases"], "variants": _variant_labels(self._game),
        }

    def _slim(self, v: dict[str, Any]) -> dict[str, Any]:
        """The changing part of the engine's view, compact: legal options as rows
        ``[notation, kind, battalion, card, ability, target]``, the log as
        ``[index, text]`` in the widget's language."""
        current = v["current_player"]
        bot_owes = current in self.bots
        legal = [] if bot_owes else [
            [a["notation"], a["kind"], a["battalion"], a["card"], a["ability"], a["target"]]
            for a in v["legal"]
        ]
        size = len(self._game.log)
        tail = v["log"][-LOG_LINES:]               # as this seat may read them (Fog of War)
        log = [[size - len(tail) + i, e[self.lang]] for i, e in enumerate(tail)]
        return {
            "turn": v["turn"], "current_player": current, "decision": v["decision"],
            "is_over": v["is_over"], "winner": v["winner"], "end_reason": v["end_reason"],
            "order": v["order"], "players": v["players"], "guilds": v["board"]["guilds"],
            "battalions": v["battalions"], "damaged": v["damaged"], "deck_size": v["deck_size"],
            "dump": v["dump"], "battle": v["battle"], "legal": legal, "bot_owes": bot_owes,
            "can_undo": self._can_undo(), "log": log,
            "pool": v.get("pool", []), "hiring": v.get("hiring"), "viewer": self.viewer, "screen": None,
            "last_battle": None if v["battle"] is not None else last_battle(self._game, self.viewer),
        }

    def _can_undo(self) -> bool:
        """The Undo button's state: a seat undoes its own harmless decision, hot-seat a chain of them."""
        if self._seat is not None:
            return self._game.can_undo(self._seat)
        return self._undo_chain() > 0

    def _undo_chain(self) -> int:
        """Hot-seat: how many decisions an undo takes back (the last human one and the bots' replies
        after it), or 0 when one of them showed something new (a die, a draw, a reveal)."""
        game = self._game
        history = game.history
        for k in range(1, len(history) + 1):
            if game.reveals(-k):
                return 0
            if game.decider(-k) not in self.bots:
                return k
        return 0

    @property
    def _seat(self) -> int | None:
        """Whose seat this widget acts for (undo, odds): the seat, or a hot-seat's seated player in a hidden
        mission; None: anyone."""
        return self.player if self.player is not None else (self._seated if self._hidden else None)

    # --- front end -> Python ------------------------------------------------------------

    def receive(self, content: Any) -> None:
        """Handle one message from the front end (tests call it directly).

        A malformed message or a refused action sets ``error`` and changes nothing.
        """
        self.error = ""
        try:
            self._dispatch(content)
        except DictatorError as exc:
            self._fail(str(exc))

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise IllegalAction(f"malformed message {_short(content)}: "
                                "expected an object with a 'type'")
        kind = content["type"]
        if kind == "act":
            notation = content.get("notation")
            if not isinstance(notation, str) or not notation.strip() or len(notation) > MAX_NOTATION:
                raise IllegalAction(f"malformed message {_short(content)}: "
                                    "'notation' must be a short string")
            self.act(notation)
        elif kind == "undo":
            self.undo()
        elif kind == "take-seat":
            self.take_seat()
        elif kind == "odds":
            label = content.get("battalion")
            if not isinstance(label, str) or len(label) > 8:
                raise IllegalAction(f"malformed message {_short(content)}: 'battalion' must be a label")
            self.compute_odds(label)
        elif kind == "edit":
            self.edit(content.get("edit"))
        elif kind == "play":
            self.play_from_here()
        elif kind == "export-html":
            self.send_replay()
        else:
            raise IllegalAction(f"malformed message {_short(content)}: unknown type {kind!r}")

    def send_replay(self) -> None:
        """The "Save replay" button: send the front end the game's HTML replay (``dw.replay_html``) to download.

        A replay shows every card, so on a hidden mission it waits for the game's end.
        """
        from .replay_html import replay_html

        if self._game.mission.hidden and not self._game.is_over:
            raise IllegalAction("a replay shows every card: on a hidden mission it can be saved once the game is over")
        name = f"dictator-{self.board['mission']}-seed{self.board['seed']}-{len(self._game.history)}.html"
        self.send({"type": "replay-html", "html": replay_html(self._game, lang=self.lang), "filename": name})

    def act(self, notation: str) -> list[Event]:
        """Play one decision as this widget's human player would (checks whose turn it is)."""
        if self.setup_mode:
            raise IllegalAction(f"'{notation}': set-up mode is on; press 'Play from here' first")
        owner = self._game.current_player
        if owner in self.bots:
            raise IllegalAction(f"'{notation}': the bot of Player {owner + 1} owes this decision")
        if self.player is not None and owner != self.player:
            raise IllegalAction(f"'{notation}': this widget plays Player {self.player + 1}, "
                                "and the decision is not theirs")
        if self._screen is not None:
            raise IllegalAction(f"'{notation}': Player {self._screen + 1} must take the seat first")
        return self._game.apply(notation)

    def undo(self) -> Action:
        """Take back the last decision.

        Hot-seat: the last human decision, and the bots' replies after it. A
        seat widget: only that player's own last decision, when the engine
        allows it (``game.can_undo(player)``: nothing rolled, drawn or revealed).
        """
        game = self._game
        with _quiet(game):                 # no bot may answer half-way through
            if self._seat is not None:
                if self._screen is not None:
                    raise IllegalAction(f"Player {self._screen + 1} must take the seat first")
                act = game.undo(self._seat)
            else:
                chain = self._undo_chain()
                if not game.history:
                    game.undo()                    # raises: nothing to undo
                if not chain:
                    raise IllegalAction("cannot undo: the last decision showed a die, a drawn card or a card "
                                        "turned face up")
                for _ in range(chain):
                    act = game.undo()
        _notify(game)
        return act

    def _fail(self, message: str) -> None:
        self.error = ""          # the same message twice must show twice
        self.error = message

    # --- bots ---------------------------------------------------------------------------

    def _schedule_bot(self) -> None:
        """If a bot of this widget owes the decision, play it (after ``bot_delay``)."""
        if self._game.current_player not in self.bots or self._bot_timer or self._bots_playing:
            return
        loop = _running_loop()
        if self.bot_delay <= 0 or loop is None:
            self._bots_playing = True        # a loop, not a recursion through refresh()
            try:
                while self._game.current_player in self.bots:
                    self._play_one_bot()
            finally:
                self._bots_playing = False
            return
        self._bot_timer = loop.call_later(self.bot_delay, self._bot_step, self._game.state)

    def _bot_step(self, expected: object) -> None:
        self._bot_timer = None
        if self._game.state is expected:     # nothing happened meanwhile (no undo, no human move)
            self._play_one_bot()
        self._schedule_bot()

    def _play_one_bot(self) -> None:
        seat = self._game.current_player
        if seat not in self.bots:
            return
        with _quiet(self._game):
            action = self.bots[seat].act(self._game)
        try:
            self._game.apply(action)
        except DictatorError as exc:      # a broken agent must not wedge the widget
            self.bots.pop(seat)
            self._fail(f"the bot of Player {seat + 1} chose {action}: {exc}; "
                       "you play that seat now")
            self._shown = None
            self.refresh()

    def close(self) -> None:
        """Stop bots and updates, then close the widget."""
        if getattr(self, "_game", None) is None:      # refused in __init__ (no front end): nothing to stop
            return
        if self._bot_timer is not None:
            self._bot_timer.cancel()
            self._bot_timer = None
        _unwatch(self._game, self)
        super().close()


def _variant_labels(game: Game) -> list[dict[str, Any]]:
    """The game's active variants, for the header: name, value, label and rules text (en/ru)."""
    known = variants()
    out = []
    for key, value in sorted(game.rules.variants.items()):
        v = known.get(key)
        out.append({"key": key, "value": value, "name": dict(v.name) if v else {"en": key, "ru": key},
                    "text": dict(v.text) if v else {"en": "", "ru": ""}})
    return out


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop (cells and comm messages run inside it), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _short(content: Any) -> str:
    text = repr(content)
    return text if len(text) <= 80 else text[:77] + "..."
