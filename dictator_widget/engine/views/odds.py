"""Exact battle odds: every die enumerated, each side's choices made by a named policy.

>>> from dictator_widget.engine.rules.game import Game
>>> game = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T12", "T06"]},
...                                           "B1": {"sector": "e4", "cards": ["H07"]}}})
>>> odds = battle_odds(game, "A1 attack B1")
>>> round(odds["win"], 4), round(odds["draw"], 4), round(odds["loss"], 4)
(0.4167, 0.1667, 0.4167)

Policies: ``"greedy"`` — each side takes, at each of its decisions, the option
that gives it the best chance of winning if nobody acts again afterwards (ties:
the cheaper option, passing first); ``"best"`` — each side maximises its own
chance of winning over the battle's whole decision tree (expectimax).
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from ..rules.actions import Action
from ..rules.errors import ArgumentError, IllegalAction
from ..rules.state import ATTACKER, DEFENDER, DRAW
from ..rules.vocabulary import EventKind
from .hidden import sample
from .view import visible_cards

if TYPE_CHECKING:
    from ..rules.game import Game

POLICIES = ("greedy", "best")


Outcome = tuple[float, "Game"]


def _branches(g: Game, action: Action) -> list[Outcome]:
    """Apply ``action`` under every chance outcome it may need: [(probability, game after)]."""
    h = g.clone(history=False, chance="explicit")
    h._log.extend(g._log)                           # the battle's events so far: the result is read from them
    h.apply(action)
    out: list[Outcome] = []
    frontier: list[Outcome] = [(1.0, h)]
    while frontier:
        p, h = frontier.pop()
        if not h.is_chance:
            out.append((p, h))
            continue
        for outcome, q in h.chance_outcomes():
            k = h.clone(history=False)
            k._log.extend(h._log)
            k.apply(outcome)
            frontier.append((p * q, k))
    return out


def _in_battle(g: Game) -> bool:
    return g.state.step == "battle" and g.state.battle is not None and not g.is_over


class _Search:
    def __init__(self, game: Game, attack: Action, policy: str) -> None:
        self.policy = policy
        self.attacker = attack.battalion
        self.owner = game.state.battalions[attack.battalion].owner
        self.costs = {(c.id, a.id): a.cost for c in game.cards.values() for a in c.actions}

    def leaf(self, g: Game) -> dict[str, Any]:
        """The result of a finished battle, read from its log (the copy's log starts at the attack)."""
        result: dict[str, Any] = {"win": 0.0, "draw": 0.0, "loss": 0.0, "spent": [0.0, 0.0], "damaged": {}}
        attacker_label = self.attacker
        # the kinds read once: an enum member's lookup costs five string comparisons on Python 3.11
        winner, guild_wins, draw, damage = EventKind.WINNER, EventKind.GUILD_WINS, EventKind.DRAW, EventKind.DAMAGE
        uses = (EventKind.USE, EventKind.USE_TARGET)
        for e in g.log:
            if e.kind == winner:
                result["win" if e.args["battalion"] == attacker_label else "loss"] = 1.0
            elif e.kind == guild_wins:
                result["loss"] = 1.0
            elif e.kind == draw:
                result["draw"] = 1.0
            elif e.kind in uses:
                side = ATTACKER if e.args["battalion"] == attacker_label else DEFENDER
                result["spent"][side] += self.costs[(e.args["card"], e.args["ability"])]
            elif e.kind == damage and not result["damaged"]:
                result["damaged"] = {e.args["card"]: 1.0}
        return result

    def value(self, g: Game) -> dict[str, Any]:
        """Expected result from a position inside the battle."""
        if not _in_battle(g):
            return self.leaf(g)
        options = g.legal_actions()
        if len(options) == 1:
            return self.expect(g, options[0])
        scored = self._scored(g, options)
        best = self._pick(g, scored)
        return best[0] if self.policy == "best" else self.expect(g, best[1])

    def _scored(self, g: Game, options: list[Action]) -> list[tuple[dict[str, Any], Action]]:
        judge = self.expect if self.policy == "best" else self.myopic
        return [(judge(g, a), a) for a in options]

    def _pick(self, g: Game, scored: list[tuple[dict[str, Any], Action]]) -> tuple[dict[str, Any], Action]:
        side = ATTACKER if g.current_player == self.owner else DEFENDER
        mine = "win" if side == ATTACKER else "loss"
        def key(r: tuple[dict[str, Any], Action]) -> tuple[float, float, bool, int]:
            weakest = -g.cards[r[1].card].strength if r[1].kind == "damage" else 0   # keep the strong cards
            passive = r[1].kind in ("pass", "skip-roll")
            return round(r[0][mine], 12), -r[0]["spent"][side], passive, weakest

        return max(scored, key=key)

    def choose(self, g: Game) -> Action:
        """The policy's decision in a battle position (what a simulated battle plays)."""
        options = g.legal_actions()
        if len(options) == 1:
            return options[0]
        return self._pick(g, self._scored(g, options))[1]

    def expect(self, g: Game, action: Action) -> dict[str, Any]:
        total: dict[str, Any] = {"win": 0.0, "draw": 0.0, "loss": 0.0, "spent": [0.0, 0.0],
                                 "damaged": defaultdict(float)}
        for p, h in _branches(g, action):
            r = self.value(h)
            total["win"] += p * r["win"]
            total["draw"] += p * r["draw"]
            total["loss"] += p * r["loss"]
            total["spent"][0] += p * r["spent"][0]
            total["spent"][1] += p * r["spent"][1]
            for card, q in r["damaged"].items():
                total["damaged"][card] += p * q
        return total

    def myopic(self, g: Game, action: Action) -> dict[str, Any]:
        """The result if this action is taken and then every side only passes (or damages its weakest)."""
        total: dict[str, Any] = {"win": 0.0, "draw": 0.0, "loss": 0.0, "spent": [0.0, 0.0],
                                 "damaged": defaultdict(float)}
        for p, h in _branches(g, action):
            while _in_battle(h):
                opts = h.legal_actions()
                quiet = next((a for a in opts if a.kind == "pass"), None)
                if quiet is None:
                    quiet = min(opts, key=lambda a: (h.cards[a.card].strength if a.card else 0, str(a)))
                outcomes = _branches(h, quiet)
                if len(outcomes) > 1:                       # a die: average the rest
                    r = self.myopic(h, quiet)
                    h = None  # type: ignore[assignment]
                    break
                h = outcomes[0][1]
            else:
                r = self.leaf(h)
            total["win"] += p * r["win"]
            total["draw"] += p * r["draw"]
            total["loss"] += p * r["loss"]
            for side in (0, 1):
                total["spent"][side] += p * r["spent"][side]
            for card, q in r["damaged"].items():
                total["damaged"][card] += p * q
        return total


def policy_player(game: Game, attack: Action | str, policy: str = "greedy") -> _Search:
    """The decision-maker ``battle_odds`` assumes, for playing battles out (``.choose(game)``)."""
    act = game.parse_action(attack) if isinstance(attack, str) else attack
    return _Search(game, act, policy)


SEAT_SAMPLES = 16
"""Samples of the unseen cards that a seat's odds average over (Fog of War)."""


def battle_odds(game: Game, attack: Action | str, policy: str = "greedy", *, seat: int | None = None,
                samples: int = SEAT_SAMPLES) -> dict[str, Any]:
    """The attacker's chances in the battle ``attack`` starts, computed exactly.

    ``attack`` is one of ``game.legal_actions()`` that starts a battle (against a
    battalion or a Guild), or its notation. Returns ``win``, ``draw`` and ``loss``
    (summing to 1), ``energy_spent`` ([attacker, defender], expected),
    ``damaged`` (each card's chance of being the one damaged), ``likely_damaged``
    and the ``policy`` used. The game itself is not changed.

    With ``seat``, the odds come from what that seat may know: where cards are face
    down to it (Fog of War), the exact odds are averaged over ``samples`` draws of
    those cards (:func:`~dictator_widget.engine.views.hidden.sample`), never the true ones,
    and only cards the seat may see are named as likely damaged.
    """
    if policy not in POLICIES:
        raise ArgumentError("odds.policy", got=policy, policies=list(POLICIES))
    act = game.parse_action(attack) if isinstance(attack, str) else attack
    if act.kind not in ("attack", "attack-guild"):
        raise IllegalAction("odds.not_attack", action=str(act))
    if act not in game.legal_actions():
        raise IllegalAction("odds.not_legal", action=str(act))
    starts: dict[tuple[tuple[str, ...], ...], list[Game]]
    if seat is None or not game.mission.hidden:
        starts = {(): [game.clone(history=False)]}
    else:
        if not isinstance(samples, int) or samples < 1:
            raise ArgumentError("odds.samples", got=samples)
        starts = {}                       # samples that put the same cards in the battle fight the same battle
        fighting = [label for label in (act.battalion, act.target) if label in game.state.battalions]
        for k in range(samples):
            drawn = sample(game, seat, random.Random(k))
            starts.setdefault(tuple(drawn.state.battalions[label].cards for label in fighting), []).append(drawn)
    total: dict[str, Any] = {"win": 0.0, "draw": 0.0, "loss": 0.0, "spent": [0.0, 0.0],
                             "damaged": defaultdict(float)}
    count = sum(len(same) for same in starts.values())
    for same in starts.values():
        start, weight = same[0], len(same) / count
        result = _Search(start, act, policy).expect(start, act)
        for key in ("win", "draw", "loss"):
            total[key] += result[key] * weight
        for side in (0, 1):
            total["spent"][side] += result["spent"][side] * weight
        for card, q in result["damaged"].items():
            total["damaged"][card] += q * weight
    known = visible_cards(game, seat) if seat is not None else None
    damaged = {c: p for c, p in sorted(total["damaged"].items(), key=lambda kv: -kv[1])
               if p > 0 and (known is None or c in known)}
    return {
        "win": total["win"], "draw": total["draw"], "loss": total["loss"],
        "energy_spent": total["spent"], "damaged": damaged,
        "likely_damaged": next(iter(damaged), None), "policy": policy, "attack": str(act),
    }


def simulate_battles(game: Game, attack: Action | str, battles: int = 10_000, policy: str = "greedy",
                     seed: int = 0) -> dict[str, float]:
    """Fight the battle ``battles`` times with the game's own random source (a new seed each
    time) and the same policy as :func:`battle_odds`: the Monte Carlo estimate to check it by.

    >>> from dictator_widget.engine.rules.game import Game
    >>> game = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["T12", "T06"]},
    ...                                           "B1": {"sector": "e4", "cards": ["H07"]}}})
    >>> sorted(simulate_battles(game, "A1 attack B1", battles=100))
    ['draw', 'loss', 'win']
    """
    chooser = policy_player(game, attack, policy)
    action = game.parse_action(attack) if isinstance(attack, str) else attack
    decisions: dict[str, Action] = {}
    totals = {"win": 0.0, "draw": 0.0, "loss": 0.0}
    for run in range(battles):
        g = game.clone(history=False, seed=seed * 1_000_003 + run)
        g.apply(action)
        while _in_battle(g):
            position = g.state.to_json()
            position.pop("dice")
            key = json.dumps(position, sort_keys=True)
            if key not in decisions:                   # the policy decides once per position
                decisions[key] = chooser.choose(g)
            g.apply(decisions[key])
        result = chooser.leaf(g)
        for k in totals:
            totals[k] += result[k]
    return {k: v / battles for k, v in totals.items()}


__all__ = ["DRAW", "POLICIES", "battle_odds", "simulate_battles"]
