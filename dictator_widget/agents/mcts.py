"""Monte Carlo search: sequential halving over the best root actions, determinized, with a learned evaluation.

Each iteration copies the game (``clone``) and *determinizes* it: the dice get
a fresh seed from the agent's own source and what the player cannot see (the
Hireling deck; in Fog of War the others' face-down cards) is drawn afresh
(:mod:`~dictator_widget.agents.hidden`), so the search never peeks at the
game's future rolls or hidden cards.

Full random playouts are far too slow in Python (a game is hundreds of
decisions), and their results too noisy to tell close choices apart, so an
iteration is short: the root action, a *rollout* by the greedy policy to the
end of the current turn and of ``rollout_turns`` more turns (1: the
opponents' replies, so a move is judged by the attacks it invites), then every
player's chance of winning by the learned evaluation
(:mod:`~dictator_widget.agents.value`), or the result when the game is over.

A search remembers what its rollouts meet again and again (the visits of an
arm replay the same moves until the dice differ, and half the rollouts end in
a position another one reached): Greedy's best actions at each activation and
battle position (by :func:`~dictator_widget.agents.greedy.memo_key`) and the evaluation where a rollout
ends (by :func:`~dictator_widget.agents.greedy.position_key`), for that search only.
The answers are those of the position itself, so the search is the same,
only faster.

The root is searched by *sequential halving* (Karnin et al. 2013, as in
Gumbel MuZero): the greedy heuristic's ``arms`` best actions share the budget
in rounds, and each round keeps the better half by mean value, until one is
left. Dice dominate the noise, so every arm is visited on the same luck: the
``k``-th visit of every arm has the same seed (common random numbers), and its
first two rolls, usually the Collision's, are *stratified*: each block of die²
visits meets every pair of faces once. Since arms of a round have had the same
visits, their means compare like with like.

With ``tree=True`` each arm grows a UCT tree below it (each player maximising
its own value, progressive widening in the greedy order: ``2 + widening *
sqrt(visits)`` children, plus a fading greedy prior); a tree's exploration of
poor replies biases the arms' means, and the flat search is the stronger
(docs/what-if-lab.md).

A decision whose greedy best beats the runner-up by ``margin`` (material)
or more is played without a search (0 searches every decision with a
choice). The greedy heuristic's own choice is kept unless the winner beat it,
visit by visit, by more than ``confidence`` standard errors (0: no such
check) and by at least ``min_gain`` in winning chance: where the evaluation is
sure of the outcome, the search's gains are slivers of safety (0.2 pp for
waiting rather than closing in), and the heuristic's sense of progress must
decide, or the side that is winning never closes in and the game runs to the
turn cap. With ``time_limit`` the search also stops after that many seconds;
results then depend on the machine's speed, so seeded reproducibility holds
for ``iterations`` only. ``gather``, ``energy``, ``guild``, ``curve`` and ``answer`` are its greedy policy's
(:class:`~dictator_widget.agents.greedy.GreedyAgent`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..engine import Action, Game
from ..engine.rules.game import apply_unchecked
from ..engine.rules.vocabulary import SETUP_STEPS
from ..engine.views.hidden import redraw
from . import hidden, value
from .greedy import GreedyAgent, position_key
from .heuristics import ENERGY_CURVE, GUILD_BATTLE

ROLLOUT_STEPS = 200
"""At most this many decisions in one rollout."""


class _Node:
    __slots__ = ("action", "mover", "prior", "children", "candidates", "next", "visits", "total", "samples")

    def __init__(self, action: Action | None, mover: int | None, prior: float = 0.0) -> None:
        self.action = action
        self.prior = prior                       # greedy score less the best one's (<= 0)
        self.mover = mover                       # the player who chose `action`
        self.children: list[_Node] = []
        self.candidates: list[tuple[Action, float]] | None = None
        self.next = 0
        self.visits = 0
        self.total = 0.0
        self.samples: list[float] = []           # root children: the value of each visit, in order


class MCTSAgent:
    """Monte Carlo search with a budget of ``iterations`` (and optionally ``time_limit`` seconds) per decision.

    >>> from dictator_widget import Game
    >>> game = Game.new("standard", seed=1)
    >>> agent = MCTSAgent(seed=0, iterations=20)
    >>> agent.act(game) in game.legal_actions()
    True
    """

    def __init__(self, seed: int = 0, iterations: int = 1000, time_limit: float | None = None, *,
                 exploration: float = 0.1, widening: float = 0.3, rollout_turns: int = 1,
                 prior_weight: float = 0.1, margin: float = 0.5, confidence: float = 1.0, min_gain: float = 0.01,
                 gather: float = 0.0, energy: float | None = None, guild: float = GUILD_BATTLE,
                 curve: float = ENERGY_CURVE, answer: bool = True, arms: int = 6,
                 tree: bool = False) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if arms < 2:
            raise ValueError(f"arms must be at least 2, not {arms}")
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.widening = widening
        self.rollout_turns = rollout_turns
        self.prior_weight = prior_weight
        self.margin = margin
        self.confidence = confidence
        self.min_gain = min_gain
        self.gather = gather
        self.energy = energy
        self.guild = guild
        self.curve = curve
        self.answer = answer
        self.arms = arms
        self.tree = tree
        self._values: dict[tuple[object, ...], Sequence[float]] | None = None
        self._dealt: dict[tuple[int, tuple[int, int]], Game] = {}      # a search's determinizations, by luck
        self.reseed(seed)

    def reseed(self, seed: int) -> None:
        """Start the search's random source (and its greedy policy's) afresh."""
        self.rng = random.Random(seed)
        self.policy = GreedyAgent(seed=self.rng.getrandbits(32), gather=self.gather, energy=self.energy,
                                  guild=self.guild, curve=self.curve, answer=self.answer)

    def __repr__(self) -> str:
        return (f"MCTSAgent(iterations={self.iterations}, time_limit={self.time_limit}, "
                f"exploration={self.exploration}, widening={self.widening}, rollout_turns={self.rollout_turns}, "
                f"margin={self.margin}, confidence={self.confidence}, min_gain={self.min_gain}, "
                f"gather={self.gather}, energy={self.energy}, "
                f"guild={self.guild}, curve={self.curve}, answer={self.answer}, arms={self.arms}, tree={self.tree})")

    def act(self, game: Game) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if game.state.step in SETUP_STEPS:         # before the first turn: the policy's sense, no search
            return self.policy.act(game)
        game = hidden.as_seen(game, self.rng)      # in Fog of War: a sample of the face-down cards
        scores = self.policy.scores(game, legal)
        ranked = sorted(scores, reverse=True)
        if self.margin > 0 and ranked[0] - ranked[1] >= self.margin:      # a clear choice needs no search
            return legal[scores.index(ranked[0])]
        root = self.search(game, scores)
        best = root.children[0]
        if self.confidence > 0 or self.min_gain > 0:   # leave the heuristic's choice only for a clear gain
            assert root.candidates is not None
            default = next((c for c in root.children if c.action == root.candidates[0][0]), None)
            if default is not None and not self._better(best, default):
                best = default
        assert best.action is not None
        return best.action

    def _better(self, a: _Node, b: _Node) -> bool:
        """Whether ``a`` beat ``b`` by more than ``confidence`` standard errors and ``min_gain``, visit by visit."""
        if a is b:
            return True
        m = min(len(a.samples), len(b.samples))
        if m < 8:
            return False
        diffs = [x - y for x, y in zip(a.samples[:m], b.samples[:m], strict=True)]
        mean = sum(diffs) / m
        var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
        return mean >= self.min_gain and mean > self.confidence * math.sqrt(var / m)

    def search(self, game: Game, scores: list[float] | None = None) -> _Node:
        """Run the search from ``game`` (left untouched) for the player to move; returns the root of the tree,
        its children the arms, the one the search chose first. ``scores``: the greedy heuristic's scores of
        ``game.legal_actions()``, when they are known."""
        player = game.current_player
        assert player is not None
        self.policy.memo, self._values = {}, {}    # the rollouts meet the same positions over and over
        self._dealt = {}
        try:
            return self._search(game, player, scores)
        finally:
            self.policy.memo = self._values = None
            self._dealt = {}

    def _search(self, game: Game, player: int, scores: list[float] | None) -> _Node:
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        seeds = [self.rng.getrandbits(64) for _ in range(self.iterations)]
        luck = list(zip(seeds, self._stratify(game), strict=False))
        root = _Node(None, None)
        root.candidates = self._order(game, game.legal_actions(), scores)
        root.children = [_Node(a, player, prior) for a, prior in root.candidates[: self.arms]]
        alive = list(root.children)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        for r in range(rounds):
            visits = max(1, (self.iterations - spent) // ((rounds - r) * len(alive)))
            late = False
            for _ in range(visits):
                for arm in alive:
                    self._iterate(game, player, root, arm, luck[arm.visits % len(luck)])
                spent += len(alive)
                late = deadline is not None and time.perf_counter() > deadline
                if late:
                    break
            alive.sort(key=lambda c: -c.total / c.visits)
            if late:
                break
            if len(alive) > 2 or r == rounds - 1:      # the last two arms share the last round
                alive = alive[: math.ceil(len(alive) / 2)]
        winner = alive[0]
        root.children.sort(key=lambda c: c is not winner)
        return root

    def _stratify(self, game: Game) -> list[tuple[int, int]]:
        """The first two rolls of each visit: every pair of faces once in each block of visits."""
        sides = game.rules.die
        out: list[tuple[int, int]] = []
        while len(out) < self.iterations:
            block = [(a, d) for a in range(1, sides + 1) for d in range(1, sides + 1)]
            self.rng.shuffle(block)
            out.extend(block)
        return out

    def _determinize(self, game: Game, player: int, luck: tuple[int, tuple[int, int]]) -> Game:
        """A copy of ``game`` with unknown dice (a seed and the first two rolls) and what ``player`` cannot see
        drawn afresh. Every arm meets the same luck, so the draw is made once per luck and copied."""
        dealt = self._dealt.get(luck)
        if dealt is None:
            seed, first_rolls = luck
            rng = random.Random(seed)
            dealt = self._dealt[luck] = game.clone(history=False, seed=rng.getrandbits(64), dice=first_rolls,
                                                   log=False)
            redraw(dealt, player, rng)
        return dealt.clone(history=False, log=False)

    def _iterate(self, game: Game, player: int, root: _Node, first: _Node, luck: tuple[int, tuple[int, int]]) -> None:
        """One visit of the arm ``first``: its action on a determinized copy, the tree below it if any, a
        rollout and the evaluation, backed up per player."""
        assert first.action is not None
        g = self._determinize(game, player, luck)
        g.apply(first.action)
        node = first
        path = [root, first]
        while self.tree and not g.is_over and node.visits > 0:
            legal = g.legal_actions()
            if node.candidates is None:
                node.candidates = self._order(g, legal)
            child = self._expand(g, node, legal) or self._select(node, legal)
            if child is None:                  # nothing tried is legal in this copy: add one
                child = _Node(legal[0], g.current_player)
                node.children.append(child)
            assert child.action is not None
            g.apply(child.action)
            path.append(child)
            node = child
        self._rollout(g)
        values = self._evaluate(g)
        assert first.mover is not None
        first.samples.append(values[first.mover])
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.total += values[n.mover]

    def _evaluate(self, g: Game) -> Sequence[float]:
        """Every player's chance of winning (:func:`value.win_chances`), remembered for the positions at the
        start of a turn where rollouts end (half of a search's rollouts end where another did)."""
        if self._values is None or g.is_over or g.state.step != "activation":
            return value.win_chances(g)
        key = position_key(g)
        hit = self._values.get(key)
        if hit is None:
            hit = self._values[key] = tuple(value.win_chances(g))
        return hit

    def _order(self, g: Game, legal: list[Action], scores: list[float] | None = None) -> list[tuple[Action, float]]:
        """The legal actions, best first by the greedy heuristic (``scores``, if known), with their scores less
        the best."""
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        if scores is None:
            scores = self.policy.scores(g, legal)
        top = max(scores)
        ranked = sorted(range(len(legal)), key=lambda i: (-scores[i], self.rng.random()))
        return [(legal[i], max(-1.0, scores[i] - top)) for i in ranked]

    def _expand(self, g: Game, node: _Node, legal: list[Action]) -> _Node | None:
        assert node.candidates is not None
        room = 2 + self.widening * math.sqrt(node.visits)
        while len(node.children) < room and node.next < len(node.candidates):
            a, prior = node.candidates[node.next]
            node.next += 1
            if a in legal:
                child = _Node(a, g.current_player, prior)
                node.children.append(child)
                return child
        return None

    def _select(self, node: _Node, legal: list[Action]) -> _Node | None:
        best, best_value = None, -math.inf
        log_n = math.log(max(1, node.visits))
        c, w = self.exploration, self.prior_weight
        for child in node.children:
            if child.visits == 0:
                value = math.inf
            else:
                n = child.visits
                value = child.total / n + c * math.sqrt(log_n / n) + w * child.prior / (1 + n)
            if value > best_value and child.action in legal:
                best, best_value = child, value
        return best

    def _rollout(self, g: Game) -> None:
        """Greedy play to the end of the current turn and ``rollout_turns`` more (and any battle)."""
        last = g.turn + self.rollout_turns
        act = self.policy.act
        for _ in range(ROLLOUT_STEPS):
            s = g.state
            if s.outcome is not None or (s.turn > last and s.step == "activation"):
                break
            apply_unchecked(g, act(g))                 # Greedy's answer is one of the legal actions
