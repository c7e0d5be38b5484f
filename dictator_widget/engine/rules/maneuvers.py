"""A battalion's activation (R12-R17): moves, special moves, exchanges and attacks."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from .actions import Action, make
from .effects import EFFECTS

if TYPE_CHECKING:
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
    p = s.player
    for label, bat in s.battalions.items():
        if bat.owner == p and label not in s.acted:
            out += options_of(g, label)
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


def battalion_options(g: Table, label: str, fresh: bool) -> list[Action]:
    """One battalion's options; ``fresh`` when its activation has not begun."""
    s = g.state
    bat = s.battalions[label]
    at, guilds, adjacent = s.at, s.guilds, g.geometry.adjacent[bat.sector]
    out: list[Action] = []
    may_move = fresh or not s.moved                                  # R14: once an activation
    for n in adjacent:
        other = at.get(n)
        if other is None:
            if n in guilds:                                          # R6, R25
                out.append(make("attack-guild", label, "", "", n))
            elif may_move:
                out.append(make("move", label, "", "", n))
            continue
        obat = s.battalions[other]
        if obat.owner != bat.owner:                                  # R13
            out.append(make("attack", label, "", "", other))
        elif fresh and other not in s.acted and label < other:       # R17
            out += exchanges(label, bat.cards, other, obat.cards, g.rules.battalion_size)
    energy = s.energy[bat.owner]
    by_phase = g.cards.by_phase
    marks = s.marks
    for c in bat.cards:                                              # R16
        if c in s.exhausted or (marks and g.acted_elsewhere(c, bat.owner)):   # exhaustion; a captured card
            continue
        for ab in by_phase[c]["maneuvers"]:
            if ab.cost > energy or ab.when or (c, ab.id) in s.used:
                continue
            for t in EFFECTS[ab.effect].targets(g, ab, label, -1):
                out.append(make("use", label, c, ab.id, t))
    return out


def exchanges(a: str, xs: tuple[str, ...], b: str, ys: tuple[str, ...], size: int = 3) -> list[Action]:
    """Every exchange between two battalions that leaves each with 1 to ``size`` cards.

    >>> [str(a) for a in exchanges("A1", ("T01", "T02"), "A2", ("T04",))][:2]
    ['A1 exchange A2 give T01 take -', 'A1 exchange A2 give T01 take T04']
    """
    out = []
    lx, ly = len(xs), len(ys)
    takes = [(take, len(take)) for take in _subsets(ys)]
    for give in _subsets(xs):
        ng = len(give)
        for take, nt in takes:
            if (ng or nt) and 1 <= lx - ng + nt <= size and 1 <= ly - nt + ng <= size:
                out.append(_new(Action, ("exchange", a, "", "", b, give, take)))
    return out


def reachable(g: Table, label: str, steps: int) -> list[str]:
    """R15: free sectors a special move of up to ``steps`` can end on.

    It may pass Guild tokens and the mover's own battalions, never another
    player's battalion, and must end on a free sector.
    """
    s = g.state
    bat = s.battalions[label]
    adjacent = g.geometry.adjacent
    seen = {bat.sector: 0}
    frontier = deque([bat.sector])
    out = []
    while frontier:
        here = frontier.popleft()
        d = seen[here]
        if d == steps:
            continue
        for n in adjacent[here]:
            if n in seen:
                continue
            other = s.at.get(n)
            if other is not None and s.battalions[other].owner != bat.owner:
                continue
            seen[n] = d + 1
            frontier.append(n)
            if other is None and n not in s.guilds:
                out.append(n)
    return sorted(out)
