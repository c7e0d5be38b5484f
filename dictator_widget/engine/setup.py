"""Before the first turn (R8-R11, M2-M7): armies, zones, drafting and forming battalions.

A mission either gives fixed armies, or has the players choose: their Starting
Zone (``zone green``), their cards one at a time (``draft T04``) and how the
cards make battalions (``form T04 A2``). These are decisions like any other,
owed in turn order after the initiative roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, make
from .missions import Mission
from .state import Battalion

if TYPE_CHECKING:
    from .game import Game

LETTERS = "ABCD"
STEPS = ("split", "zone", "draft", "form")
SPLITS = ("green-yellow", "blue-red")      # variant roll_off_setup: pairs of opposite zones


def begin(g: Game, m: Mission) -> None:
    """Lay out the mission up to the first decision (R8-R11)."""
    s = g.state
    s.energy = [g.rules.starting_energy] * m.players                      # R10
    in_armies = {c for a in m.armies for bat in a.battalions for c in bat}
    use_hirelings = m.hirelings and g.rules.variants.get("hirelings", True)
    hirelings = [c for c in g.cards if g.cards[c].faction == "hirelings"] if use_hirelings else []
    top = [c for c in m.deck if c in hirelings]
    rest = [c for c in hirelings if c not in top and c not in in_armies]
    s.dice.shuffle(rest)                                                  # R8
    s.deck = top + rest
    s.guilds = {g.geometry.guild_sites[n - 1] for n in m.guild_sites}     # R9
    s.order = g.initiative(m.players)                                     # R11
    s.seat = 0
    s.hands = [[] for _ in range(m.players)]
    s.zones = [m.zone_of(p) if not m.choose_zones else "" for p in range(m.players)]
    roll_off = bool(g.variant("roll_off_setup"))
    if roll_off:
        s.zones = [""] * m.players
        s.seat = s.order.index(_roll_off(g))
    if m.armies and not m.regroup and not roll_off:
        _place_armies(g, m)
    elif m.regroup or roll_off:                   # cards in hand until battalions are formed or placed
        s.hands = [[c for bat in army.battalions for c in bat] for army in m.armies]
    pool = [c for c in g.cards if g.cards[c].faction in _factions(m)] if (m.draft or m.deal) else []
    if m.deal:
        s.dice.shuffle(pool)
        for p in s.order:
            s.hands[p] = sorted(pool[: m.deal[1]])
            del pool[: m.deal[1]]
    taken = {c for hand in s.hands for c in hand} | in_armies | set(s.deck)
    if m.draft:
        s.pool = pool
        taken |= set(pool)
    unused = [c for c in g.cards if c not in taken]
    if m.unused == "dump":
        s.dump = [c for c in unused if g.cards[c].faction != "hirelings"]
        s.aside = [c for c in unused if g.cards[c].faction == "hirelings"]
    else:
        s.aside = unused
    for p in range(m.players):
        if s.zones[p]:
            g.record("setup", player=p, faction=m.armies[p].faction if m.armies else "mixed", zone=s.zones[p])
    s.step = _next_step(g, m, "")
    if s.step == "activation":
        g.begin_turn()


def _roll_off(g: Game) -> int:
    """Variant roll_off_setup: both roll, ties roll again; the winner splits the City."""
    while True:
        rolls = [g.state.dice.d6() for _ in range(2)]
        for p, r in enumerate(rolls):
            g.record("roll_off", player=p, roll=r)
        if rolls[0] != rolls[1]:
            return 0 if rolls[0] > rolls[1] else 1


def _place_armies(g: Game, m: Mission) -> None:
    for p, army in enumerate(m.armies):
        g.state.hands[p] = []
        places = army.sectors or g.geometry.zones[g.state.zones[p]]
        for i, cards in enumerate(army.battalions):
            _place(g, p, i, places[i], cards)


def _factions(m: Mission) -> tuple[str, ...]:
    source = m.draft or m.deal
    return source[0] if source else ()


def _next_step(g: Game, m: Mission, done: str) -> str:
    later = STEPS[STEPS.index(done) + 1:] if done else STEPS
    roll_off = bool(g.variant("roll_off_setup"))
    for step in later:
        if step == "split" and roll_off:
            return step
        if step == "zone" and (m.choose_zones or roll_off):
            return step
        if step == "draft" and m.draft:
            return step
        if step == "form" and m.forms:
            return step
    return "activation"


def _place(g: Game, player: int, index: int, sector: str, cards: tuple[str, ...] | list[str]) -> None:
    s = g.state
    label = f"{LETTERS[player]}{index + 1}"
    s.battalions[label] = Battalion(label, player, sector, tuple(cards))
    s.at[sector] = label


def options(g: Game) -> list[Action]:
    s = g.state
    m = g.mission
    p = s.player
    if s.step == "split":
        return [make("split", target=pair) for pair in SPLITS]
    if s.step == "zone":
        offered = next((z.split("-") for z in s.zones if "-" in z), m.zones)
        return [make("zone", target=z) for z in offered if z not in s.zones]
    if s.step == "draft":
        return [make("draft", card=c) for c in s.pool]
    if s.step == "form":
        return [make("form", f"{LETTERS[p]}{i + 1}", c) for c in s.hands[p] for i in _room(g, p)]
    return []


def _room(g: Game, p: int) -> list[int]:
    """Battalions that may take the next card and still leave every battalion fillable (1..size)."""
    s = g.state
    count, size = _formation(g)
    sizes = [len(s.battalions[f"{LETTERS[p]}{i + 1}"].cards) if f"{LETTERS[p]}{i + 1}" in s.battalions else 0
             for i in range(count)]
    left = len(s.hands[p]) - 1
    out = []
    for i in range(count):
        if sizes[i] >= size:
            continue
        after = sizes[:]
        after[i] += 1
        empty = after.count(0)
        if empty <= left <= sum(size - x for x in after):
            out.append(i)
    return out


def _formation(g: Game) -> tuple[int, int]:
    m = g.mission
    if m.formation:
        return m.formation
    return len(m.armies[0].battalions), 3


def apply(g: Game, act: Action) -> None:
    s = g.state
    m = g.mission
    p = s.player
    if act.kind == "split":
        s.zones[p] = act.target                    # the pair on offer, until the other player chooses
        g.record("split", player=p, zones=act.target)
        s.seat = s.order.index(1 - p)
        s.step = "zone"
    elif act.kind == "zone":
        pair = next((z for z in s.zones if "-" in z), None)
        s.zones[p] = act.target
        g.record("zone", player=p, zone=act.target)
        if pair is not None:                       # roll-off: the splitter takes the other zone
            splitter = s.zones.index(pair)
            s.zones[splitter] = next(z for z in pair.split("-") if z != act.target)
            g.record("zone", player=splitter, zone=s.zones[splitter])
            if m.armies and not m.regroup:
                _place_armies(g, m)
            for q in range(m.players):
                g.record("setup", player=q, faction=m.armies[q].faction if m.armies else "mixed", zone=s.zones[q])
        _advance_seat(g, m, lambda q: not s.zones[q], "zone")
    elif act.kind == "draft":
        s.pool.remove(act.card)
        s.hands[p].append(act.card)
        g.record("draft", player=p, card=act.card)
        picks = m.draft[1] if m.draft else 0
        _advance_seat(g, m, lambda q: len(s.hands[q]) < picks and bool(s.pool), "draft", cycle=True)
    elif act.kind == "form":
        s.hands[p].remove(act.card)
        label = act.battalion
        if label in s.battalions:
            bat = s.battalions[label]
            s.battalions[label] = bat._replace(cards=bat.cards + (act.card,))
        else:
            index = int(label[1:]) - 1
            _place(g, p, index, g.geometry.zones[s.zones[p]][index], [act.card])
        g.record("form", player=p, card=act.card, battalion=label)
        if not s.hands[p]:
            _advance_seat(g, m, lambda q: bool(s.hands[q]), "form")


def _advance_seat(g: Game, m: Mission, owes, step: str, cycle: bool = False) -> None:  # type: ignore[no-untyped-def]
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
            s.aside += s.pool
            s.pool = []
        g.begin_turn()
