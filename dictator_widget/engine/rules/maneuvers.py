"""A battalion's activation (R12-R17): moves, special moves, exchanges and attacks."""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from .actions import Action, make
from .effects import EFFECTS

if TYPE_CHECKING:
    from ..content.board import Board
    from .table import Table

END_TURN = Action("end-turn")
_new = tuple.__new__              # makes an Action without the keyword handling: exchanges come by the dozen
WAIT = Action("wait")


@lru_cache(maxsize=4096)
def _subsets(cards: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(c for n in range(len(cards) + 1) for c in combinations(cards, n))


def options(g: Table) -> list[Action]:
    """Everything the player whose turn it is may do now, outside a battle."""
    s = g.state
    if s.active is not None:
        return options_of(g, s.active)
    out: list[Action] = []
    p, acted = s.player, s.acted
    for label, bat in s.battalions.items():
        if bat.owner == p and label not in acted:          # options_of, for a battalion that may act
            out += battalion_options(g, label, True)
            out.append(make("end", label))
    if g.variant("catch_up") and s.waits[p] < catch_up_allowance(g, p):
        out.append(WAIT)
    out.append(END_TURN)
    return out


def options_of(g: Table, label: str) -> list[Action]:
    """The actions of :func:`options` that name ``label`` as their battalion (none when it may not act)."""
    fresh = _may_act(g, label)
    if fresh is None:
        return []
    return battalion_options(g, label, fresh) + [make("end", label)]     # R12: doing nothing is allowed


def allows(g: Table, act: Action) -> bool:
    """Is ``act``, an action naming a battalion, one of :func:`options`? All that checking one action of
    a search needs (``Game.apply``), at a fraction of the cost of listing them all."""
    fresh = _may_act(g, act.battalion)
    if fresh is None:
        return False
    return act == make("end", act.battalion) or act in battalion_options(g, act.battalion, fresh)


def _may_act(g: Table, label: str) -> bool | None:
    """Whether the battalion ``label`` may act now: None if not, else whether its activation is fresh."""
    s = g.state
    if s.active is not None:
        return False if label == s.active else None
    bat = s.battalions.get(label)
    if bat is None or bat.owner != s.player or label in s.acted:
        return None
    return True


def catch_up_allowance(g: Table, player: int) -> int:
    """Variant catch_up: activations a player may pass this round (the battalion count gap)."""
    counts: dict[int, int] = {}
    for b in g.state.battalions.values():
        counts[b.owner] = counts.get(b.owner, 0) + 1
    return max(counts.values(), default=0) - counts.get(player, 0)


class _ByTarget(dict[str, Action]):
    """One battalion's actions of one kind (or one card action), by target, each made once and shared."""

    __slots__ = ("kind", "label", "card", "ability")

    def __init__(self, kind: str, label: str, card: str = "", ability: str = "") -> None:
        super().__init__()
        self.kind, self.label, self.card, self.ability = kind, label, card, ability

    def __missing__(self, target: str) -> Action:
        act = self[target] = make(self.kind, self.label, self.card, self.ability, target)
        return act


@cache
def _by_target(kind: str, label: str, card: str = "", ability: str = "") -> _ByTarget:
    return _ByTarget(kind, label, card, ability)


@cache
def _around(geometry: Board, sector: str, label: str) -> tuple[tuple[str, Action, Action], ...]:
    """Each sector next to ``sector`` with ``label``'s move to it and attack on a Guild there."""
    return tuple((n, make("move", label, "", "", n), make("attack-guild", label, "", "", n))
                 for n in geometry.adjacent[sector])


def battalion_options(g: Table, label: str, fresh: bool) -> list[Action]:
    """One battalion's options; ``fresh`` when its activation has not begun."""
    s = g.state
    bat = s.battalions[label]
    at, guilds = s.at, s.guilds
    out: list[Action] = []
    may_move = fresh or not s.moved                                  # R14: once an activation
    for n, move, siege in _around(g.geometry, bat.sector, label):
        other = at.get(n)
        if other is None:
            if n in guilds:                                          # R6, R25
                out.append(siege)
            elif may_move:
                out.append(move)
            continue
        obat = s.battalions[other]
        if obat.owner != bat.owner:                                  # R13
            out.append(_by_target("attack", label)[other])
        elif fresh and other not in s.acted and label < other:       # R17
            out += exchanges(label, bat.cards, other, obat.cards, g.rules.battalion_size)
    abilities = g.cards.actions_in(bat.cards, "maneuvers")                 # R16
    if abilities:
        energy = s.energy[bat.owner]
        marks, used, exhausted = s.marks, s.used, s.exhausted
        for c, ab in abilities:
            if ab.cost > energy or ab.when or (c, ab.id) in used or c in exhausted or (
                    marks and g.acted_elsewhere(c, bat.owner)):        # exhaustion; a captured card
                continue
            uses = _by_target("use", label, c, ab.id)
            out += [uses[t] for t in EFFECTS[ab.effect].targets(g, ab, label, -1)]
    return out


@lru_cache(maxsize=256)
def exchanges(a: str, xs: tuple[str, ...], b: str, ys: tuple[str, ...], size: int = 3) -> tuple[Action, ...]:
    """Every exchange between two battalions that leaves each with 1 to ``size`` cards (listed once for
    each pair of hands met lately: a search meets the same ones over and over; few are kept, as every
    action kept is one more object for the garbage collector to walk).

    >>> [str(a) for a in exchanges("A1", ("T01", "T02"), "A2", ("T04",))][:2]
    ['A1 exchange A2 give T01 take -', 'A1 exchange A2 give T01 take T04']
    """
    gives, takes = _subsets(xs), _subsets(ys)
    return tuple([_new(Action, ("exchange", a, "", "", b, gives[i], takes[j]))
                  for i, j in _exchange_shapes(len(xs), len(ys), size)])


@cache
def _exchange_shapes(lx: int, ly: int, size: int) -> tuple[tuple[int, int], ...]:
    """Which (give, take) pairs of :func:`_subsets` of hands of ``lx`` and ``ly`` cards make an exchange
    (by their places in those lists: the same for any hands of these sizes)."""
    gives = [n for n in range(lx + 1) for _ in combinations(range(lx), n)]     # each subset's size, in order
    takes = [n for n in range(ly + 1) for _ in combinations(range(ly), n)]
    return tuple((i, j) for i, ng in enumerate(gives) for j, nt in enumerate(takes)
                 if (ng or nt) and 1 <= lx - ng + nt <= size and 1 <= ly - nt + ng <= size)


def reachable(g: Table, label: str, steps: int) -> list[str]:
    """R15: free sectors a special move of up to ``steps`` can end on, sorted.

    It may pass Guild tokens and the mover's own battalions, never another
    player's battalion, and must end on a free sector.
    """
    s = g.state
    bat = s.battalions[label]
    geo = g.geometry
    at, guilds = s.at, s.guilds
    hops = geo.hops[bat.sector]
    owner = bat.owner
    for b in s.battalions.values():
        if b.owner != owner and hops.get(b.sector, steps) < steps:
            break                              # an enemy stands in the way of some paths: walk round it
    else:                                      # nothing blocks: every sector in range that is free
        return [n for n in geo.ball(bat.sector, steps) if n not in at and n not in guilds]
    adjacent = geo.adjacent
    seen = {bat.sector: 0}
    frontier = deque([bat.sector])
    out: list[str] = []
    while frontier:
        here = frontier.popleft()
        d = seen[here]
        if d == steps:
            continue
        for n in adjacent[here]:
            if n in seen:
                continue
            other = at.get(n)
            if other is not None and s.battalions[other].owner != owner:
                continue
            seen[n] = d + 1
            frontier.append(n)
            if other is None and n not in guilds:
                out.append(n)
    return sorted(out)
