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
                           the log's tail in ``lang`` (every action)
``lang``                   "en" or "ru"
``error``                  the last refused message, shown in the widget in ``lang``
``battles``                the game's latest finished battles, oldest first
                           (the battle history; changes only when one ends)
``pace``                   seconds per battle step as the front end plays
                           a battle (0: at once)
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

Seats, bots, screens, undo policy and what each seat is sent live in
:class:`~dictator_widget.ui.widget_controller.Controller` (plain Python); this class
keeps the traits and routes the messages.

The front end sends the messages of ``ui/messages.py`` (declared there once, their TypeScript types generated
from them): ``{"type": "act", "notation": "A1 move c4"}`` (also a table action of a human seat on this screen,
``"resign 0"``, ``"offer-draw 0"``, ``"accept-draw 1"``: a bot offered a draw answers at once), ``{"type": "undo"}``,
``{"type": "take-seat"}``, ``{"type": "odds", "battalion": "A1"}``, ``{"type": "log", "from": 0, "to": 40}`` (older
log lines, answered by a message ``{"type": "log", "from": 0, "lines": [...]}``), ``{"type": "rematch"}`` and
``{"type": "new-game"}`` (a game over: the same mission again, same seed or new), ``{"type": "continue"}`` (a bot's
battle waits on its result: the bots play on), ``{"type": "export-html"}`` (answered with the HTML replay,
:meth:`send_replay`) and, in set-up mode, ``{"type": "edit", "edit": {...}}`` (see ``widget_setup``) and
``{"type": "play"}``. :data:`HANDLERS` says what each one does. Anything else, a field that is not as declared, or
an action the game refuses, sets ``error`` and leaves the game as it was.

Every widget showing a game refreshes whenever that game changes through
``apply`` or ``undo``, whoever calls them: a cell (``widget.game.apply(...)``),
a bot, or another widget on the same game (see docs/widget.md, "Staying in
step").

>>> import dictator_widget as dw
>>> w = dw.DictatorWidget(seed=7, placement="fixed")
>>> w.view["decision"] == "activation", w.view["current_player"]
(True, 0)
>>> _ = w.game.apply("A1 move c4")             # a move made from Python ...
>>> [b["sector"] for b in w.view["battalions"] if b["label"] == "A1"]   # ... is on the board
['c4']
"""

from __future__ import annotations

import copy
import pathlib
from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from ..agents import Agent
from ..engine import Action, DictatorError, Event, Game, IllegalAction, Scenario
from ..engine.views.view import card_facts
from .messages import LogLines, ReplayHtml, parse
from .widget_controller import DEFAULT_BOT_DELAY, LOG_LINES, Controller, check_pace
from .widget_setup import apply_edit, start_scenario

__all__ = ["DEFAULT_BOT_DELAY", "LOG_LINES", "DictatorWidget"]


_STATIC = pathlib.Path(__file__).parent.parent / "static"
_BUNDLE = _STATIC / "widget.js"
_NOT_BUILT = ("the widget's front end is not built (dictator_widget/static/widget.js is missing): run "
              "'npm ci && npm run build' in a source checkout, or install the package with pip, which builds it")


class TableModel(anywidget.AnyWidget):
    """The front end and the traits it draws, shared by the notebook's table (:class:`DictatorWidget`) and a
    class server's seat (``ui.widget_seat.SeatWidget``): one declaration of what the bundle reads."""

    # The bundle's text, not its path: anywidget watches a path with a class-wide signal that keeps
    # every instance alive (a closed widget, its game and its undo snapshots were never freed).
    _esm = (_BUNDLE.read_text(encoding="utf-8") if _BUNDLE.exists()
            else "export default { render({ el }) { el.textContent = 'not built'; } };")

    board = traitlets.Dict().tag(sync=True)
    cards = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Enum(("en", "ru"), default_value="en").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    odds = traitlets.Dict().tag(sync=True)
    pace = traitlets.Float(DEFAULT_BOT_DELAY).tag(sync=True)
    battles: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    setup_mode = traitlets.Bool(False).tag(sync=True)
    setup = traitlets.Dict().tag(sync=True)
    guide = traitlets.Bool(False).tag(sync=True)


class DictatorWidget(TableModel):
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
    pace:
        Seconds per battle step: when one decision runs several phases (a Pass that rolls, decides,
        damages and rewards), the screen plays them one after another at this pace (0: at once;
        None: ``bot_delay``; a browser set to reduced motion plays them at once). A bot's battle
        then waits on its result until a human presses "Continue" (:meth:`resume`).
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
    guide:
        A guided first game: a short coach beside the board says one thing to do at a time (choose a
        zone, select, move, attack, fight, end the turn) and moves on when the game shows it done; made
        for ``mission="training"`` (``widget.guide = False`` hides it).
    """

    def __new__(cls, *args: Any, server: str | None = None, code: str | None = None, **kwargs: Any) -> Any:
        """``DictatorWidget(server=url, code=...)``: a class server's seat instead (``ui.widget_seat``)."""
        if server is not None:
            from .widget_seat import SeatWidget
            return SeatWidget(server, code or "", **kwargs)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, game: Game | None = None, mission: str = "standard", seed: int | None = None,
                 player: int | None = None, lang: str = "en",
                 bots: Mapping[int, str | Agent] | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY, variants: Mapping[str, Any] | None = None,
                 setup: bool = False, placement: str = "chosen", pace: float | None = None,
                 guide: bool = False, **kwargs: Any) -> None:
        if not _BUNDLE.exists():
            raise DictatorError(_NOT_BUILT)
        super().__init__(lang=lang, guide=bool(guide), **kwargs)
        if game is not None and variants:
            raise DictatorError("table.variants_and_game")
        if game is None:
            game = Game.new(mission, seed=seed, variants=dict(variants or {}),
                            placement="fixed" if setup else placement)
        self._error: DictatorError | None = None      # the error shown, to show again if lang changes
        self._table = Controller(game, player=player, bots=bots, bot_delay=bot_delay,
                                 on_change=self.refresh, on_error=self._fail, pace=pace)
        self.pace = self._table.seconds_per_step
        self._shown: tuple[object, ...] | None = None
        self.board = dict(self._table.board())
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))
        self.observe(lambda _change: self.refresh(), names="lang")
        self.observe(lambda _change: self._relang_error(), names="lang")
        self.observe(self._on_setup_mode, names="setup_mode")
        self.refresh()
        self._table.schedule_bots()
        if setup:
            self.setup_mode = True

    @property
    def game(self) -> Game:
        """The game shown. ``widget.game.apply(...)`` in a cell updates the board at once."""
        return self._table.game

    @property
    def table(self) -> Controller:
        """The plain-Python side of this widget: seats, bots, screens, undo policy, what is sent."""
        return self._table

    @property
    def player(self) -> int | None:
        """The seat this widget plays, or None (hot-seat)."""
        return self._table.player

    @property
    def bots(self) -> dict[int, Agent]:
        """The seats played by agents."""
        return self._table.bots

    @property
    def bot_delay(self) -> float:
        """Seconds before each bot decision."""
        return self._table.bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self._table.bot_delay = float(seconds)

    @traitlets.validate("pace")
    def _check_pace(self, proposal: dict[str, Any]) -> float:
        try:
            seconds = check_pace(proposal["value"])
        except DictatorError as exc:
            raise traitlets.TraitError(exc.text(self.lang)) from None
        table = getattr(self, "_table", None)
        if table is not None:
            table.pace = seconds
        return float(seconds or 0.0)

    def resume(self) -> None:
        """"Continue": the result of a bot's battle has been read, the bots play on (see ``pace``)."""
        self._table.resume()

    @property
    def viewer(self) -> int | None:
        """Whose view the widget draws (see :attr:`Controller.viewer`)."""
        return self._table.viewer

    # --- set-up mode ----------------------------------------------------------------------

    @traitlets.validate("setup_mode")
    def _check_setup_mode(self, proposal: dict[str, Any]) -> bool:
        if proposal["value"] and self.player is not None:
            raise traitlets.TraitError(DictatorError("table.setup_hot_seat").text(self.lang))
        return bool(proposal["value"])

    def _on_setup_mode(self, change: dict[str, Any]) -> None:
        if change["new"]:
            game = self.game
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
        return self.game.to_scenario()

    def edit(self, edit: Any) -> None:
        """One set-up edit, as the front end sends it (``{"op": "move", "label": "A1", "sector": "d4"}``)."""
        if not self.setup_mode:
            raise IllegalAction("table.edit_needs_setup")
        g = self.game
        sectors = {sec["id"] for sec in self.board["sectors"]}
        self.setup = apply_edit(self.setup, edit, sectors=sectors, cards=set(g.cards), players=g.num_players)

    def play_from_here(self) -> Game:
        """Build the game of the edited scenario and play it; a bad scenario raises, nothing changes."""
        if not self.setup_mode:
            raise IllegalAction("table.play_needs_setup")
        game = Game.from_scenario(copy.deepcopy(self.setup))
        self._table.replace_game(game)
        self._show_new_game()
        self.setup_mode = False
        self._table.schedule_bots()
        return game

    def rematch(self, same_seed: bool = True) -> Game:
        """Play again: the same mission, variants and seats (``same_seed``: the same deal and dice, the
        "Rematch" button; else a new seed, "New game")."""
        game = self._table.rematch(same_seed)
        self._show_new_game()
        self._table.schedule_bots()
        return game

    def _show_new_game(self) -> None:
        self._shown = None
        with self.hold_sync():
            self.cards = {}
            self.board = dict(self._table.board())
            self.refresh()

    # --- Python -> front end ------------------------------------------------------------

    def compute_odds(self, battalion: str) -> dict[str, dict[str, float]]:
        """Odds (``dw.battle_odds``, greedy) of ``battalion``'s attacks now, into the ``odds`` trait
        (see :meth:`Controller.odds`)."""
        mine = self._table.odds(battalion)
        self.odds = {**self.odds, **mine}
        return mine

    def take_seat(self) -> None:
        """Hot-seat, hidden mission: the player asked for takes the seat; their view shows."""
        self._table.take_seat()
        self._shown = None
        with self.hold_sync():
            self.cards = {}              # only what the new seat may know
            self.board = dict(self._table.board())
            self.refresh()

    def refresh(self) -> None:
        """Bring the traits up to date with the game (cheap when nothing changed)."""
        key = (*self._table.shown, self.lang)
        if self._shown is not None and all(a is b or a == b for a, b in zip(self._shown, key, strict=True)):
            return
        if self.odds:
            self.odds = {}                  # of the last position
        view, new_cards = self._table.sendable(self.lang, self.cards)
        self._shown = (*self._table.shown, self.lang)
        history = [] if view["screen"] is not None else self._table.battle_history()[1]   # a screen shows nothing
        with self.hold_sync():
            if new_cards:
                self.cards = {**self.cards, **new_cards}
            if history != self.battles:          # only when a battle ends (or an undo takes one back)
                self.battles = [dict(b) for b in history]
            self.view = dict(view)

    # --- front end -> Python ------------------------------------------------------------

    def receive(self, content: Any) -> None:
        """Handle one message from the front end (tests call it directly).

        A malformed message or a refused action sets ``error`` and changes nothing.
        """
        self.error = ""
        try:
            self._dispatch(content)
        except DictatorError as exc:
            self._fail(exc)

    def _dispatch(self, content: Any) -> None:
        message = parse(content)
        HANDLERS[message["type"]](self, message)

    def send_log(self, start: int, stop: int) -> None:
        """Lines ``start`` to ``stop`` of the log in the widget's language, sent to the front end."""
        lines: LogLines = {"type": "log", "from": start, "lines": self._table.log_lines(self.lang, start, stop)}
        self.send(lines)

    def _rematch_asked(self, same_seed: bool) -> None:
        if not self.game.is_over:
            raise IllegalAction("table.not_over", what="rematch" if same_seed else "new-game")
        self.rematch(same_seed=same_seed)

    def send_replay(self) -> None:
        """The "Save replay" button: send the front end the game's HTML replay (``dw.replay_html``) to download.

        A replay shows every card, so on a hidden mission it waits for the game's end.
        """
        from .replay_html import replay_html

        game = self.game
        if game.mission.hidden and not game.is_over:
            raise IllegalAction("table.replay_hidden")
        name = f"dictator-{self.board['mission']}-seed{game.rules.seed}-{len(game.history)}.html"
        answer: ReplayHtml = {"type": "replay-html", "html": replay_html(game, lang=self.lang), "filename": name}
        self.send(answer)

    def act(self, notation: str) -> list[Event]:
        """Play one decision as this widget's human player would (checks whose turn it is)."""
        if self.setup_mode:
            raise IllegalAction("table.setup_on", action=notation)
        return self._table.act(notation)

    def undo(self) -> Action:
        """Take back the last decision (see :meth:`Controller.undo`: hot-seat, the last human decision
        and the bots' replies; a seat, its own harmless last decision)."""
        return self._table.undo()

    def _fail(self, error: DictatorError) -> None:
        """Show ``error`` in the widget's language (and again in the other one if ``lang`` changes)."""
        self._error = error
        self.error = ""          # the same message twice must show twice
        self.error = error.text(self.lang)

    def _relang_error(self) -> None:
        if self.error and self._error is not None:
            self.error = self._error.text(self.lang)

    def close(self) -> None:
        """Stop bots and updates, then close the widget."""
        table = getattr(self, "_table", None)
        if table is None:             # refused in __init__ (no front end): nothing to stop
            return
        table.stop()
        super().close()


def _server_only(name: str) -> Callable[[DictatorWidget, Any], object]:
    def refuse(_widget: DictatorWidget, _message: Any) -> None:
        raise IllegalAction("table.server_only", name=name)
    return refuse


HANDLERS: dict[str, Callable[[DictatorWidget, Any], object]] = {
    "act": lambda w, m: w.act(m["notation"]),
    "undo": lambda w, _m: w.undo(),
    "take-seat": lambda w, _m: w.take_seat(),
    "odds": lambda w, m: w.compute_odds(m["battalion"]),
    "log": lambda w, m: w.send_log(m["from"], m["to"]),
    "rematch": lambda w, _m: w._rematch_asked(same_seed=True),
    "new-game": lambda w, _m: w._rematch_asked(same_seed=False),
    "continue": lambda w, _m: w.resume(),
    "export-html": lambda w, _m: w.send_replay(),
    "edit": lambda w, m: w.edit(m["edit"]),
    "play": lambda w, _m: w.play_from_here(),
    "set": _server_only("set"),
    "ping": _server_only("ping"),
}
"""What the widget does with each message of the front end (``ui/messages.py``), once it is well formed."""
