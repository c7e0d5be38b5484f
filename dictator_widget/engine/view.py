"""The game as a JSON-safe dict for one player (the widget's picture of it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import battle
from .log import ALL, messages

if TYPE_CHECKING:
    from .game import Game

LOG_TAIL = 60


def card_facts(g: Game, cid: str) -> dict[str, Any]:
    """A card's fixed facts, both languages."""
    c = g.cards[cid]
    return {
        "id": c.id, "faction": c.faction, "type": c.type, "strength": c.strength,
        "name": dict(c.name), "text": dict(c.text), "phases": list(c.phases),
        "actions": [{"id": a.id, "phase": a.phase, "cost": a.cost, "name": dict(a.name),
                     "text": dict(a.text)} for a in c.actions],
        "passives": [{"id": p.id, "name": dict(p.name), "text": dict(p.text)} for p in c.passives],
    }


def view(g: Game, player: int | None = None) -> dict[str, Any]:
    """Everything ``player`` may see (None: everything, as for a referee or hot-seat).

    In Fog of War another player's face-down cards show as ``None`` (their
    damage marks stay visible), and the seed, which would tell every die and
    draw, is withheld.

    >>> from dictator_widget.engine.game import Game
    >>> v = Game.new(seed=1, placement="fixed").view()
    >>> sorted(v)[:5]
    ['battalions', 'battle', 'board', 'cards', 'current_player']
    >>> fog = Game.new("fog-of-war", seed=1, placement="fixed").view(0)
    >>> [b["cards"] for b in fog["battalions"] if b["owner"] == 1][0]
    [None, None, None]
    """
    s = g.state
    current = g.current_player
    secret = g.mission.hidden and player is not None

    def shown(card: str, owner: int | None) -> bool:
        return not secret or owner == player or card in s.revealed

    visible = set(s.dump) | set(s.pool)
    for bat in s.battalions.values():
        visible.update(c for c in bat.cards if shown(c, bat.owner))
    for p, hand in enumerate(s.hands):
        if player is None or p == player:
            visible.update(hand)
    if player is None or player == current:      # the Hirelings on offer, seen by the chooser
        if s.hiring:
            visible.add(s.hiring)
        if s.step == "reward" and s.battle is not None and s.battle.pick > 1:
            visible.update(s.deck[: s.battle.pick])
    b = s.battle
    battle_view = None
    if b is not None:
        strength = [battle.strength(g, b, 0), battle.strength(g, b, 1)]
        battle_view = {
            "attacker": b.sides[0], "defender": b.sides[1], "guild": b.guild,
            "phase": battle.PHASES[b.phase].name, "stage": battle.stage(b) if s.step == "battle" else None,
            "strength": strength, "dice": b.dice, "rolled": b.rolled,
            "totals": [strength[0] + b.dice[0], strength[1] + b.dice[1]],
            "winner": {0: "attacker", 1: "defender", 2: "draw"}.get(b.winner) if b.winner is not None else None,
            "damaged": b.damaged if b.damaged in visible else None,
            "used": sorted(f"{c}:{a}" for c, a in b.used),
            "cancelled": [sorted(x) for x in b.cancelled], "mods": b.mods,
        }
    legal = []
    if player is None or player == current:
        legal = [{"notation": str(a), "kind": a.kind, "battalion": a.battalion, "card": a.card,
                  "ability": a.ability, "target": a.target} for a in g.legal_actions()]
    m = messages()
    nodes = g.board.nodes
    return {
        "mission": g.rules.mission, "seed": None if secret else g.rules.seed, "hidden": g.mission.hidden,
        "turn": s.turn, "turn_cap": g.rules.turn_cap,
        "viewer": player, "current_player": current, "decision": g.decision,
        "is_over": g.is_over, "winner": g.winner, "end_reason": g.end_reason,
        "order": list(s.order),
        "players": [{"index": p, "energy": s.energy[p], "energy_max": g.rules.energy_max,
                     "battalions": sum(1 for x in s.battalions.values() if x.owner == p),
                     "zone": s.zones[p] if p < len(s.zones) else None,
                     "hand": list(s.hands[p]) if p < len(s.hands) and (player is None or p == player) else None,
                     "hand_size": len(s.hands[p]) if p < len(s.hands) else 0}
                    for p in range(g.num_players)],
        "board": {
            "sectors": [{"id": sid, "q": q, "r": r, "level": nodes[sid]["level"], "zone": nodes[sid]["zone"],
                         "guild_site": nodes[sid]["guild"]} for sid, (q, r) in g.geometry.coords.items()],
            "guilds": sorted(s.guilds), "guild_strength": g.rules.guild_strength,
            "levels": g.geometry.level_names, "zones": g.geometry.zone_names,
        },
        "battalions": [{"label": x.label, "owner": x.owner, "sector": x.sector,
                        "cards": [c if shown(c, x.owner) else None for c in x.cards],
                        "damaged_slots": [c in s.damaged for c in x.cards],
                        "acted": x.label in s.acted, "active": x.label == s.active}
                       for x in s.battalions.values()],
        "damaged": sorted(c for c in s.damaged if c in visible),
        "cards": {cid: card_facts(g, cid) for cid in sorted(visible)},
        "deck_size": len(s.deck), "dump": list(s.dump), "pool": list(s.pool),
        "hiring": s.hiring if s.hiring in visible else None,
        "battle": battle_view,
        "legal": legal,
        "log": [e.to_json(ALL if player is None else player) for e in g.log[-LOG_TAIL:]],
        "phases": {k: dict(v) for k, v in m["phase"].items()},
    }
