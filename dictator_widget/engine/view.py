"""The game as a JSON-safe dict for one player (the widget's picture of it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import battle
from .log import messages

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
    """Everything ``player`` may see (all cards are open in the Standard mission).

    >>> from dictator_widget.engine.game import Game
    >>> v = Game.new(seed=1).view()
    >>> sorted(v)[:5]
    ['battalions', 'battle', 'board', 'cards', 'current_player']
    """
    s = g.state
    current = g.current_player
    seen_cards = {c for b in s.battalions.values() for c in b.cards} | set(s.dump)
    if player is None or player == current:      # the Hirelings on offer, seen by the chooser
        if s.hiring:
            seen_cards.add(s.hiring)
        if s.step == "reward" and s.battle is not None and s.battle.pick > 1:
            seen_cards.update(s.deck[: s.battle.pick])
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
            "damaged": b.damaged, "used": sorted(f"{c}:{a}" for c, a in b.used),
            "cancelled": [sorted(x) for x in b.cancelled], "mods": b.mods,
        }
    legal = []
    if player is None or player == current:
        legal = [{"notation": str(a), "kind": a.kind, "battalion": a.battalion, "card": a.card,
                  "ability": a.ability, "target": a.target} for a in g.legal_actions()]
    m = messages()
    return {
        "mission": g.rules.mission, "seed": g.rules.seed, "turn": s.turn, "turn_cap": g.rules.turn_cap,
        "viewer": player, "current_player": current, "decision": g.decision,
        "is_over": g.is_over, "winner": g.winner, "end_reason": g.end_reason,
        "order": list(s.order),
        "players": [{"index": p, "energy": s.energy[p], "energy_max": g.rules.energy_max,
                     "battalions": sum(1 for x in s.battalions.values() if x.owner == p)}
                    for p in range(g.num_players)],
        "board": {
            "sectors": [{"id": sid, "q": q, "r": r, "level": g.board.nodes[sid]["level"],
                         "zone": g.board.nodes[sid]["zone"], "guild_site": g.board.nodes[sid]["guild"]}
                        for sid, (q, r) in g.geometry.coords.items()],
            "guilds": sorted(s.guilds), "guild_strength": g.rules.guild_strength,
            "levels": g.geometry.level_names, "zones": g.geometry.zone_names,
        },
        "battalions": [{"label": x.label, "owner": x.owner, "sector": x.sector, "cards": list(x.cards),
                        "acted": x.label in s.acted, "active": x.label == s.active}
                       for x in s.battalions.values()],
        "damaged": sorted(s.damaged),
        "cards": {cid: card_facts(g, cid) for cid in sorted(seen_cards)},
        "deck_size": len(s.deck), "dump": list(s.dump), "hiring": s.hiring,
        "battle": battle_view,
        "legal": legal,
        "log": [e.to_json() for e in g.log[-LOG_TAIL:]],
        "phases": {k: dict(v) for k, v in m["phase"].items()},
    }
