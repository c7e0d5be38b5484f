"""The game as a JSON-safe dict for one player (the widget's picture of it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..rules import battle
from ..rules.log import ALL, Event, Viewer, messages
from ..rules.state import ATTACKER, DEFENDER, DRAW, Battle
from ..rules.vocabulary import BATTLE_STARTS, DECIDING, EventKind
from .view_shapes import BattleView, Bilingual, CardView, GameView, LegalAction, Position, SectorView

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ..rules.game import Game

LOG_TAIL = 60
SIDES: dict[int, Literal["attacker", "defender", "draw"]] = {
    ATTACKER: "attacker", DEFENDER: "defender", DRAW: "draw"}


def card_facts(g: Game, cid: str) -> CardView:
    """A card's fixed facts, both languages."""
    c = g.cards[cid]
    return {
        "id": c.id, "faction": c.faction, "type": c.type, "strength": c.strength,
        "name": bilingual(c.name), "text": bilingual(c.text), "phases": list(c.phases),
        "actions": [{"id": a.id, "phase": a.phase, "cost": a.cost, "name": bilingual(a.name),
                     "text": bilingual(a.text)} for a in c.actions],
        "passives": [{"id": p.id, "name": bilingual(p.name), "text": bilingual(p.text)} for p in c.passives],
    }


def bilingual(text: Mapping[str, str]) -> Bilingual:
    """A text's English and Russian, as a view carries them."""
    return {"en": text["en"], "ru": text["ru"]}


def phase_names() -> dict[str, Bilingual]:
    """The battle phases' names."""
    return {k: bilingual(v) for k, v in messages()["phase"].items()}


def view(g: Game, player: int | None = None, tail: int = LOG_TAIL) -> GameView:
    """Everything ``player`` may see (None: everything, as for a referee or hot-seat), with the log's last
    ``tail`` events.

    In Fog of War another player's face-down cards show as ``None`` (their
    damage marks stay visible). A seat never gets the seed: it would tell every
    die and the order of the face-down Hireling deck.

    >>> from dictator_widget.engine.rules.game import Game
    >>> v = Game.new(seed=1, placement="fixed").view()
    >>> sorted(v)[:5]
    ['battalions', 'battle', 'board', 'cards', 'current_player']
    >>> fog = Game.new("fog-of-war", seed=1, placement="fixed").view(0)
    >>> [b["cards"] for b in fog["battalions"] if b["owner"] == 1][0]
    [None, None, None]
    """
    visible = visible_cards(g, player)
    legal: list[LegalAction] = []
    if player is None or player == g.current_player:
        legal = [{"notation": str(a), "kind": a.kind, "battalion": a.battalion, "card": a.card,
                  "ability": a.ability, "target": a.target} for a in g.legal_actions()]
    return {
        **position(g, player, visible),
        "mission": g.rules.mission, "seed": None if player is not None else g.rules.seed, "hidden": g.mission.hidden,
        "turn_cap": g.rules.turn_cap, "viewer": player,
        "board": {
            "sectors": sectors(g), "guilds": sorted(g.state.guilds), "guild_strength": g.rules.guild_strength,
            "levels": {k: bilingual(v) for k, v in g.geometry.level_names.items()},
            "zones": {k: bilingual(v) for k, v in g.geometry.zone_names.items()},
        },
        "cards": {cid: card_facts(g, cid) for cid in sorted(visible)},
        "legal": legal,
        "log": [e.to_json(ALL if player is None else player) for e in g.log[-tail:]] if tail else [],
        "phases": phase_names(),
    }


def sectors(g: Game) -> list[SectorView]:
    """The board's sectors: position, level, zone and Guild site (fixed through a game)."""
    nodes = g.geometry.nodes
    return [{"id": sid, "q": q, "r": r, "level": nodes[sid]["level"], "zone": nodes[sid]["zone"],
             "guild_site": nodes[sid]["guild"]} for sid, (q, r) in g.geometry.coords.items()]


def position(g: Game, player: int | None, visible: set[str]) -> Position:
    """What changes with each decision, as ``player`` sees it (``visible``: :func:`visible_cards`).

    >>> from dictator_widget.engine.rules.game import Game
    >>> g = Game.new(seed=1, placement="fixed")
    >>> p = position(g, None, visible_cards(g))
    >>> p["turn"], str(p["decision"]), len(p["battalions"]), p["battle"]
    (1, 'activation', 6, None)
    """
    s = g.state
    b = s.battle
    battle_view: BattleView | None = None
    if b is not None:
        totals = decided_totals(g, b)
        if totals is None:                 # not decided yet: the Strength as it stands
            strength = [battle.strength(g, b, 0), battle.strength(g, b, 1)]
            totals = [strength[0] + b.dice[0], strength[1] + b.dice[1]]
        else:                              # decided: the figures it was decided with, whatever came after
            strength = [totals[0] - b.dice[0], totals[1] - b.dice[1]]
        battle_view = {
            "attacker": b.sides[0], "defender": b.sides[1], "guild": b.guild,
            "phase": battle.FLOW[b.phase].name, "stage": battle.stage(b) if s.step == "battle" else None,
            "strength": strength, "dice": list(b.dice), "rolled": b.rolled, "totals": totals,
            "winner": SIDES[b.winner] if b.winner is not None else None,
            "damaged": b.damaged if b.damaged in visible else None,
            "used": sorted(f"{c}:{a}" for c, a in b.used),
            "cancelled": [sorted(x) for x in b.cancelled], "mods": list(b.mods),
        }
    return {
        "turn": s.turn, "current_player": g.current_player, "decision": g.decision,
        "is_over": g.is_over, "winner": g.winner, "end_reason": g.end_reason,
        "order": list(s.order),
        "players": [{"index": p, "energy": s.energy[p] if p < len(s.energy) else g.rules.starting_energy,
                     "energy_max": g.rules.energy_max,
                     "battalions": sum(1 for x in s.battalions.values() if x.owner == p),
                     "zone": s.zones[p] if p < len(s.zones) else None,
                     "hand": list(s.hands[p]) if p < len(s.hands) and (player is None or p == player) else None,
                     "hand_size": len(s.hands[p]) if p < len(s.hands) else 0}
                    for p in range(g.num_players)],
        "battalions": [{"label": x.label, "owner": x.owner, "sector": x.sector,
                        "cards": [c if c in visible else None for c in x.cards],
                        "damaged_slots": [c in s.damaged for c in x.cards],
                        "acted": x.label in s.acted, "active": x.label == s.active}
                       for x in s.battalions.values()],
        "damaged": sorted(c for c in s.damaged if c in visible),
        "deck_size": len(s.deck), "dump": list(s.dump), "pool": list(s.pool),
        "hiring": s.hiring if s.hiring in visible else None,
        "battle": battle_view,
        "draw_offer": s.offer[0] if s.offer else None,          # public (conclude.py)
        "table_actions": [str(a) for a in g.table_actions(player)],
    }


def visible_cards(g: Game, player: int | None = None) -> set[str]:
    """The cards ``player`` sees now (None: everyone's): the Dump, the draft pool, the battalions' cards
    not face down to them, their hand, and the Hirelings on offer to the chooser."""
    s = g.state
    secret = g.mission.hidden and player is not None
    out = set(s.dump) | set(s.pool)
    for bat in s.battalions.values():
        out.update(bat.cards if not secret or bat.owner == player else (c for c in bat.cards if c in s.revealed))
    for p, hand in enumerate(s.hands):
        if player is None or p == player:
            out.update(hand)
    if player is None or player == g.current_player:      # the Hirelings on offer, seen by the chooser
        if s.hiring:
            out.add(s.hiring)
        if s.step == "reward" and s.battle is not None and s.battle.pick > 1:
            out.update(s.deck[: s.battle.pick])
    return out


def _totals(e: Event, winner: int) -> list[int]:
    """A deciding event's totals, attacker's first (it names the winner's total first)."""
    high, low = int(e.args["total"]), int(e.args["other_total"])
    return [low, high] if winner == DEFENDER else [high, low]


def decided_totals(g: Game, b: Battle) -> list[int] | None:
    """The totals (attacker, defender) the current battle was decided with, or None before.

    Read from the log's deciding event (R22), so that what happens afterwards (a card damaged or
    put into the Dump, a battalion annihilated) does not change the figures shown: they stay the
    log's. A Strength is then the total less the side's die.
    """
    if b.winner is None:
        return None
    for e in reversed(g.log):
        if e.kind in DECIDING:
            return _totals(e, b.winner)
        if e.kind in BATTLE_STARTS:
            break
    return None


def last_battle(g: Game, player: Viewer = None, turns: int = 2) -> BattleView | None:
    """The latest finished battle as the log tells it, shaped like ``view()["battle"]``, or None.

    Only a battle of the last ``turns`` turns (2: this turn and the one before, so that a battle
    which ended a turn, a bot's for instance, can still be read), and none while a battle is on.
    ``player`` reads the log as in :func:`view` (None: everything). Its figures are the log's:
    Strength and totals as the battle was decided, the dice as rolled (and re-rolled).

    >>> from dictator_widget.engine.rules.game import Game
    >>> g = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
    ...     "B1": {"sector": "c5", "cards": ["C01"]}, "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]})
    >>> _ = g.apply("A1 attack B1")
    >>> b = last_battle(g)
    >>> b["attacker"], b["defender"], b["strength"], b["dice"], b["totals"], b["winner"], b["damaged"]
    ('A1', 'B1', [8, 3], [6, 1], [14, 4], 'attacker', 'C01')
    """
    if g.state.battle is not None:
        return None
    start = battle_start(g.log, turns)
    return None if start is None else _battle_from(g.log[start:], player)


def battle_start(log: Sequence[Event], turns: int = 2) -> int | None:
    """Where in ``log`` the battle on, or the last one of the last ``turns`` turns, began; None if none did."""
    seen = 0
    for i in range(len(log) - 1, -1, -1):
        kind = log[i].kind
        if kind in BATTLE_STARTS:
            return i
        if kind == EventKind.TURN:
            seen += 1
            if seen >= turns:
                return None
    return None


def battles(g: Game, player: Viewer = None, start: int = 0) -> list[BattleView]:
    """The finished battles whose ``attack`` event is at index ``start`` of the log or later, oldest
    first, each as :func:`last_battle` tells it (a battle on is not finished: not listed).

    >>> from dictator_widget.engine.rules.game import Game
    >>> g = Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
    ...     "B1": {"sector": "c5", "cards": ["C01"]}, "B2": {"sector": "g4", "cards": ["C02"]}}, "dice": [6, 1]})
    >>> _ = g.apply("A1 attack B1")
    >>> [(b["attacker"], b["defender"], b["totals"]) for b in battles(g)]
    [('A1', 'B1', [14, 4])]
    """
    log = g.log
    out = []
    last = len(log)
    if g.state.battle is not None:          # the battle on: from its attack on, nothing is finished
        last = next(i for i in range(len(log) - 1, -1, -1) if log[i].kind in BATTLE_STARTS)
    for i in range(start, last):
        if log[i].kind in BATTLE_STARTS:
            b = _battle_from(log[i:], player)
            if b is not None:
                out.append(b)
    return out


def _battle_from(events: Sequence[Event], player: Viewer) -> BattleView | None:
    """A finished battle from its events, the first one its ``attack`` or ``attack_guild``."""
    if not events:
        return None
    reader = ALL if player is None else player
    first = events[0].visible_args(reader)
    guild = events[0].kind == EventKind.ATTACK_GUILD
    out: BattleView = {
        "attacker": first["battalion"], "defender": None if guild else first["target"],
        "guild": first["sector"] if guild else None, "phase": battle.FLOW[0].name, "stage": None,
        "strength": [0, 0], "dice": [0, 0], "rolled": False, "totals": [0, 0], "winner": None,
        "damaged": None, "used": [],
    }
    decided: Event | None = None
    for e in events[1:]:
        if e.kind in BATTLE_STARTS:
            break
        args = e.visible_args(reader)
        if e.kind == EventKind.PHASE:
            out["phase"] = args["phase"]
        elif e.kind == EventKind.ROLL:
            out["dice"], out["rolled"] = [args["attacker"], args["defender"]], True
        elif e.kind == EventKind.REROLL:
            out["dice"][0 if args["side"] == "attacker" else 1] = args["roll"]
        elif e.kind in DECIDING and decided is None:
            decided = e
            winner = DRAW if e.kind == EventKind.DRAW else DEFENDER if e.kind == EventKind.GUILD_WINS or (
                args["battalion"] != out["attacker"]) else ATTACKER
            out["winner"] = SIDES[winner]
            out["totals"] = _totals(e, winner)
        elif e.kind == EventKind.DAMAGE and decided is not None and out["damaged"] is None:
            out["damaged"] = args["card"]
    if decided is None:
        return None
    out["strength"] = [out["totals"][0] - out["dice"][0], out["totals"][1] - out["dice"][1]]
    return out
