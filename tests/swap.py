"""The swap test: nothing a seat observes may depend on what it may not know.

After every decision of a game, for every seat, a twin of the game permutes what
that seat may not know (``engine.views.hidden.twin``: face-down cards, the Hireling deck,
hands dealt in secret). The seat's observation (``engine.views.hidden.observation``: its
view, who owes which decision, its options, the log as it reads it, refusals) must
be the same in both (its log and refusals in English and Russian); and after the same
next decision, unless that decision showed the seat a card it had not seen, it must
still be the same, and so must whether the seat may take that decision back and what
it sees when it does. ``counts`` tallies the decisions by kind (``kind:damage``), the
comparisons made after each kind (``after:damage``) and the undos compared (``undos``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import dictator_widget as dw
from dictator_widget.agents import Agent
from dictator_widget.engine.content.missions import mission
from dictator_widget.engine.views.hidden import observation, twin
from dictator_widget.engine.views.view import visible_cards

HIDDEN_MISSIONS = [m for m in dw.missions(combined=True) if mission(m).hidden] + ["triumvirate", "dissension"]
"""The 16 combinations with Fog of War and the two missions that deal armies in secret."""


def seen(game: dw.Game, seat: int, since: int) -> set[str]:
    """The cards ``seat`` sees now, and those the log from event ``since`` shows it (a card revealed
    in a battle and turned face down again by its end)."""
    cards = visible_cards(game, seat)
    for event in game.log[since:]:
        for key, value in event.visible_args(seat).items():
            if key in ("card", "target", "cards", "other_cards"):
                cards.update(c for c in (value if isinstance(value, list) else [value]) if c in game.cards)
    return cards


def swap_check(game: dw.Game, agents: Sequence[Agent], rng: random.Random, counts: Counter[str],
               table_rate: float = 0.0) -> dw.Game:
    """Play ``game`` to its end with ``agents`` (one per seat), checking every seat after every decision.

    With ``table_rate`` the player to move now and then offers a draw (declined, or now and then accepted,
    by the next seat asked) or, more rarely, resigns: the table actions are checked like any decision."""
    seats = range(game.num_players)
    while not game.is_over:
        player = game.current_player
        assert player is not None
        action = table_action(game, rng, table_rate) or agents[player].act(game)
        mark = len(game.log)
        twins = {}
        for seat in seats:
            other = twin(game, seat, rng)
            assert observation(other, seat, mark) == observation(game, seat, mark), \
                f"seat {seat} tells the twin apart before {action} (decision {len(game.history) + 1})"
            twins[seat] = other
            counts["seat-views"] += 1
        before = {seat: seen(game, seat, mark) for seat in seats}
        named = {action.card, action.target, *action.give, *action.take} & set(game.cards)
        game.apply(action)
        counts["decisions"] += 1
        counts[f"kind:{action.kind}"] += 1
        for seat, other in twins.items():
            if named - before[seat] or before[seat] != seen(game, seat, mark) \
                    or str(action) not in {str(a) for a in other.legal_actions() + other.table_actions()}:
                continue      # not the same choice in the twin, or it showed the seat a card: they may differ
            other.apply(str(action))
            assert observation(other, seat, mark) == observation(game, seat, mark), \
                f"seat {seat} tells the twin apart after {action} (decision {len(game.history)})"
            counts["steps"] += 1
            counts[f"after:{action.kind}"] += 1
            undo_check(game, other, seat, mark, action, counts)
    counts["games"] += 1
    return game


def undo_check(game: dw.Game, other: dw.Game, seat: int, mark: int, action: dw.Action,
               counts: Counter[str]) -> None:
    """Undo is observed too: whether ``seat`` may take the last decision back, and what it sees if it does,
    must be the same in the game and in its twin (made before that decision, so the twin's undo returns to
    the twin's own position). Undone on copies: the game plays on."""
    may = game.can_undo(seat)
    assert other.can_undo(seat) == may, f"seat {seat} tells the twin apart by undo after {action}"
    if may:
        back, twin_back = game.clone(), other.clone()
        assert back.undo(seat) == twin_back.undo(seat) == action
        assert observation(twin_back, seat, mark) == observation(back, seat, mark), \
            f"seat {seat} tells the twin apart after undoing {action}"
        counts["undos"] += 1


def table_action(game: dw.Game, rng: random.Random, rate: float) -> dw.Action | None:
    """An answer to a pending draw offer, or (at ``rate``) an offer or a resignation; None: play on."""
    if not rate:
        return None
    offers = game.table_actions()
    answers = [a for a in offers if a.kind in ("accept-draw", "decline-draw")]
    if answers:
        accept = rng.random() < 0.1
        return next(a for a in answers if a.kind == ("accept-draw" if accept else "decline-draw"))
    if rng.random() >= rate:
        return None
    own = [a for a in offers if a.kind in ("offer-draw", "resign") and int(a.target) == game.current_player]
    kinds = {a.kind: a for a in own}
    if "resign" in kinds and rng.random() < 0.1:
        return kinds["resign"]
    return kinds.get("offer-draw")
