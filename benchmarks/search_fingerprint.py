"""A fingerprint of MCTS searches and games, to check that a speed change leaves every search the same.

    python benchmarks/search_fingerprint.py          # one hash per mission, then one of all

In each of seven missions and a Standard game with two variants: six searches of 48 iterations (every third
with ``tree=True``) at positions of seeded games that Greedy plays, each reduced to the action, visits, total
value and per-visit values of every node, and the search's choice; then a short game of MCTS against Greedy.
Run it on two trees (``PYTHONPATH=<tree>``, separate processes): the hashes must be equal. Golden records
(tests/golden) hold random and Greedy games; this adds the searches, whose memos and pruning they do not reach.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, MCTSAgent

MODES: list[tuple[str, dict[str, Any] | None]] = [
    ("standard", None), ("regrouping", None), ("chaos", None), ("fog-of-war", None), ("triumvirate", None),
    ("dissension", None), ("double-strike", None), ("standard", {"d10_collision": True, "exhaustion": True})]


def positions(mission: str, variants: dict[str, Any] | None, count: int, seed: int) -> list[dw.Game]:
    """Every seventh decision with a choice (from turn 1 to 13) of seeded games Greedy plays."""
    greedy, out, n = GreedyAgent(seed=0), [], 0
    while len(out) < count:
        game = dw.Game.new(mission, seed=seed, variants=variants)
        while not game.is_over and game.turn < 14 and len(out) < count:
            if game.turn >= 1 and len(game.legal_actions()) > 1:
                n += 1
                if n % 7 == 0:
                    out.append(game.clone(history=False))
            game.apply(greedy.act(game))
        seed += 1
    return out


def _tree(h: Any, node: Any, depth: int = 0) -> None:
    for c in node.children:
        h.update(f"{depth} {c.action} {c.visits} {c.total!r} {c.samples!r}\n".encode())
        _tree(h, c, depth + 1)


def fingerprint(mission: str, variants: dict[str, Any] | None) -> str:
    h = hashlib.sha256()
    for i, game in enumerate(positions(mission, variants, 6, 3)):
        agent = MCTSAgent(seed=i, iterations=48, tree=i % 3 == 2)
        _tree(h, agent.search(game))
        h.update(str(agent.act(game)).encode())
    game = dw.Game.new(mission, seed=11, variants=variants, turn_cap=6)
    agents = [MCTSAgent(seed=5, iterations=24), *(GreedyAgent(seed=p) for p in range(1, game.num_players))]
    while not game.is_over:
        player = game.current_player
        assert player is not None
        action = agents[player].act(game)
        h.update(str(action).encode())
        game.apply(action)
    return h.hexdigest()[:16]


def main() -> None:
    start = time.process_time()
    total = hashlib.sha256()
    for mission, variants in MODES:
        digest = fingerprint(mission, variants)
        total.update(digest.encode())
        print(f"{mission:14s} {'+variants' if variants else '':9s} {digest}", flush=True)
    print(f"all            {'':9s} {total.hexdigest()[:16]}   ({time.process_time() - start:.1f} s CPU)")


if __name__ == "__main__":
    main()
