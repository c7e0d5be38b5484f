"""Before the first turn (R8-R11, M1-M7): zones, drafting, forming and placing battalions.

After the initiative roll the players choose, in turn order: their Starting
Zone (``zone green``; R9, M1: "by chance or agreement", here the die decides who
chooses first), their cards one at a time (``draft T04``, M3), how the cards make
battalions (``form T04 A2``, M2, M3, M5, M6) or, with fixed armies, where each
battalion token stands in their zone (``A1 deploy b4``, R9). These are decisions
like any other. ``Game.new(..., placement="fixed")`` skips the zone and token
choices of fixed armies (each army in its mission zone, in order).

In Fog of War (M4: "form your battalions without showing them to the opponent,
face down") a fixed army is not the Standard set: each player forms its three
battalions of three from its nine cards, face down (``form``), so who holds which
card is a secret; with ``placement="fixed"`` the dice deal each army's cards into
its battalions instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content.missions import Mission
from .actions import Action, make
from .fields import FrozenList
from .state import Battalion
from .vocabulary import SETUP_STEPS, Step
from .vocabulary import label as label_of

if TYPE_CHECKING:
    from .table import Table

SPLITS = ("green-yellow", "blue-red")      # variant roll_off_setup: pairs of opposite zones


def begin(g: Table, m: Mission) -> None:
    """Lay out the mission up to the first decision (R8-R11)."""
    s = g.state
    s.energy = FrozenList([g.rules.starting_energy] * m.players)                     # R10
    in_armies = {c for a in m.armies for bat in a.battalions for c in bat}
    use_hirelings = m.hirelings and g.rules.variants.get("hirelings", True)
    hirelings = [c for c in g.cards if g.cards[c].faction == "hirelings"] if use_hirelings else []
    top = [c for c in m.deck if c in hirelings]
    rest = [c for c in hirelings if c not in top and c not in in_armies]
    g.dice().shuffle(rest)                                                # R8
    s.deck = FrozenList(top + rest)
    s.guilds = frozenset(g.geometry.guild_sites[n - 1] for n in m.guild_sites)  # R9
    s.order = g.initiative(m.players)                                     # R11
    s.seat = 0
    s.hands = FrozenList(FrozenList[str]() for _ in range(m.players))
    chosen = _chosen(g, m)
    s.zones = FrozenList(m.zone_of(p) if not (m.choose_zones or chosen) else "" for p in range(m.players))
    roll_off = bool(g.variant("roll_off_setup"))
    if roll_off:
        s.zones = FrozenList([""] * m.players)
        s.seat = s.order.index(_roll_off(g))
    if m.armies and not (m.regroup or roll_off or chosen):
        _place_armies(g, m)           # Fog of War, placement "fixed": dealt at random
    elif m.armies:                                # cards in hand until battalions are formed or placed
        s.hands = FrozenList(FrozenList(c for bat in army.battalions for c in bat) for army in m.armies)
    pool = [c for c in g.cards if g.cards[c].faction in _factions(m)] if (m.draft or m.deal) else []
    if m.deal:
        g.dice().shuffle(pool)
        for p in s.order:
            s.hands = s.hands.set(p, FrozenList(sorted(pool[: m.deal[1]])))
            del pool[: m.deal[1]]
    taken = {c for hand in s.hands for c in hand} | in_armies | set(s.deck)
    if m.draft:
        s.pool = FrozenList(pool)
        taken |= set(pool)
    unused = [c for c in g.cards if c not in taken]
    if m.unused == "dump":
        s.dump = FrozenList(c for c in unused if g.cards[c].faction != "hirelings")
        s.aside = FrozenList(c for c in unused if g.cards[c].faction == "hirelings")
    else:
        s.aside = FrozenList(unused)
    for p in range(m.players):
        if s.zones[p]:
            g.record("setup", player=p, faction=m.armies[p].faction if m.armies else "mixed", zone=s.zones[p])
    s.step = _next_step(g, m, "")
    if s.step == "activation":
        g.begin_turn()


def _roll_off(g: Table) -> int:
    """Variant roll_off_setup: both roll, ties roll again; the winner splits the City."""
    while True:
        rolls = [g.dice().d6() for _ in range(2)]
        for p, r in enumerate(rolls):
            g.record("roll_off", player=p, roll=r)
        if rolls[0] != rolls[1]:
            return 0 if rolls[0] > rolls[1] else 1


def _chosen(g: Table, m: Mission) -> bool:
    """Are the Starting Zones and the tokens of fixed armies decisions? (Not where the mission places them.)"""
    return g.rules.placement == "chosen" and not any(a.sectors for a in m.armies)


def secret_army(m: Mission) -> bool:
    """Fog of War with a fixed army (M4): who holds which card is formed face down, not the Standard set."""
    return m.hidden and bool(m.armies) and not m.regroup


def _place_armies(g: Table, m: Mission) -> None:
    for p, army in enumerate(m.armies):
        g.state.hands = g.state.hands.set(p, FrozenList())
        places = army.sectors or g.geometry.zones[g.state.zones[p]]
        battalions = army.battalions
        if secret_army(m):                       # the army's cards dealt at random into its battalions
            dealt = [c for bat in army.battalions for c in bat]
            g.dice().shuffle(dealt)
            sizes = [len(bat) for bat in army.battalions]
            battalions = tuple(tuple(dealt[sum(sizes[:i]):sum(sizes[:i + 1])]) for i in range(len(sizes)))
        for i, cards in enumerate(battalions):
            _place(g, p, i, places[i], cards)


def _factions(m: Mission) -> tuple[str, ...]:
    source = m.draft or m.deal
    return source[0] if source else ()


def _next_step(g: Table, m: Mission, done: str) -> Step:
    later = SETUP_STEPS[SETUP_STEPS.index(done) + 1:] if done else SETUP_STEPS
    roll_off = bool(g.variant("roll_off_setup"))
    chosen = _chosen(g, m)
    for step in later:
        if step == "split" and roll_off:
            return step
        if step == "zone" and (m.choose_zones or roll_off or chosen):
            return step
        if step == "draft" and m.draft:
            return step
        if step == "form" and (m.forms or (chosen and secret_army(m))):
            return step
        if step == "deploy" and chosen and m.armies and not m.regroup and not secret_army(m):
            return step
    return Step.ACTIVATION


def _place(g: Table, player: int, index: int, sector: str, cards: tuple[str, ...] | list[str]) -> None:
    s = g.state
    label = label_of(player, index)
    s.battalions = s.battalions.set(label, Battalion(label, player, sector, tuple(cards)))
    s.at = s.at.set(sector, label)


def options(g: Table) -> list[Action]:
    s = g.state
    m = g.mission
    p = s.player
    if s.step == "split":
        return [make("split", target=pair) for pair in SPLITS]
    if s.step == "zone":
        offered = next((z.split("-") for z in s.zones if "-" in z), m.zones or tuple(a.zone for a in m.armies))
        return [make("zone", target=z) for z in offered if z not in s.zones]
    if s.step == "draft":
        return [make("draft", card=c) for c in s.pool]
    if s.step == "form":
        return [make("form", label_of(p, i), c) for c in s.hands[p] for i in _room(g, p)]
    if s.step == "deploy":
        label = _undeployed(g, p)[0]
        return [make("deploy", label, target=sector) for sector in g.geometry.zones[s.zones[p]]
                if sector not in s.at]
    return []


def _undeployed(g: Table, p: int) -> list[str]:
    """Labels of ``p``'s fixed battalions not yet on the map, in order."""
    return [label_of(p, i) for i in range(len(g.mission.armies[p].battalions))
            if label_of(p, i) not in g.state.battalions]


def _room(g: Table, p: int) -> list[int]:
    """Battalions that may take the next card and still leave room for the rest.

    A fixed formation (M3, M5, M6: so many battalions) fills every battalion with 1..size cards;
    Re-grouping (M2: "each battalion must contain no more than three cards") opens battalions in
    order, up to one per zone sector, each with 1..size cards.
    """
    s = g.state
    count, size = _formation(g)
    sizes = [len(s.battalions[label_of(p, i)].cards) if label_of(p, i) in s.battalions else 0
             for i in range(count)]
    left = len(s.hands[p]) - 1
    flexible = g.mission.regroup
    out = []
    for i in range(count):
        if sizes[i] >= size or (flexible and i > 0 and sizes[i - 1] == 0):
            continue
        after = sizes[:]
        after[i] += 1
        empty = 0 if flexible else after.count(0)
        if empty <= left <= sum(size - x for x in after):
            out.append(i)
    return out


def _formation(g: Table) -> tuple[int, int]:
    """How many battalions a player forms, and their most cards."""
    m = g.mission
    if m.regroup:
        return len(g.geometry.zones[g.state.zones[g.state.player]]), g.rules.battalion_size
    if m.formation:
        return m.formation
    army = m.armies[g.state.player]               # Fog of War: the army's own shape (three of three)
    return len(army.battalions), max(len(bat) for bat in army.battalions)


def apply(g: Table, act: Action) -> None:
    s = g.state
    m = g.mission
    p = s.player
    if act.kind == "split":
        s.zones = s.zones.set(p, act.target)       # the pair on offer, until the other player chooses
        g.record("split", player=p, zones=act.target)
        s.seat = s.order.index(1 - p)
        s.step = Step.ZONE
    elif act.kind == "zone":
        pair = next((z for z in s.zones if "-" in z), None)
        s.zones = s.zones.set(p, act.target)
        g.record("zone", player=p, zone=act.target)
        if pair is not None:                       # roll-off: the splitter takes the other zone
            splitter = s.zones.index(pair)
            s.zones = s.zones.set(splitter, next(z for z in pair.split("-") if z != act.target))
            g.record("zone", player=splitter, zone=s.zones[splitter])
            if m.armies and not m.regroup and not _chosen(g, m):
                _place_armies(g, m)
            for q in range(m.players):
                g.record("setup", player=q, faction=m.armies[q].faction if m.armies else "mixed", zone=s.zones[q])
        _advance_seat(g, m, lambda q: not s.zones[q], "zone")
    elif act.kind == "draft":
        s.pool = s.pool.minus(act.card)
        s.hands = s.hands.set(p, s.hands[p].plus(act.card))
        g.record("draft", player=p, card=act.card)
        picks = m.draft[1] if m.draft else 0
        _advance_seat(g, m, lambda q: len(s.hands[q]) < picks and bool(s.pool), "draft", cycle=True)
    elif act.kind == "form":
        s.hands = s.hands.set(p, s.hands[p].minus(act.card))
        label = act.battalion
        if label in s.battalions:
            bat = s.battalions[label]
            s.battalions = s.battalions.set(label, bat._replace(cards=bat.cards + (act.card,)))
        else:
            index = int(label[1:]) - 1
            _place(g, p, index, g.geometry.zones[s.zones[p]][index], [act.card])
        g.record("form", player=p, card=act.card, battalion=label)
        if not s.hands[p]:
            _advance_seat(g, m, lambda q: bool(s.hands[q]), "form")
    elif act.kind == "deploy":
        index = int(act.battalion[1:]) - 1
        cards = m.armies[p].battalions[index]
        s.hands = s.hands.set(p, FrozenList(c for c in s.hands[p] if c not in cards))
        _place(g, p, index, act.target, cards)
        g.record("deploy", player=p, battalion=act.battalion, sector=act.target)
        _advance_seat(g, m, lambda q: bool(_undeployed(g, q)), "deploy")


def _advance_seat(g: Table, m: Mission, owes, step: str, cycle: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Pass the step to the next player in turn order who still owes it, or end the step."""
    s = g.state
    n = len(s.order)
    if not cycle and owes(s.player):
        return
    for k in range(1, n + 1):
        seat = (s.seat + k) % n
        if owes(s.order[seat]):
            s.seat = seat
            return
    s.seat = 0
    s.step = _next_step(g, m, step)
    if s.step == "activation":
        if m.draft and s.pool:                     # undrafted cards are set aside (R8)
            s.aside = s.aside.plus(*s.pool)
            s.pool = FrozenList()
        g.begin_turn()
