"""Golden game records: the same seed must give the same game, before and after any engine change.

    python -m tests.golden.records --write     # after a deliberate change of behaviour (cards, rules)

Each game is played by seeded random agents and reduced to one hash of what happened: every decision's
notation, every log line as the truth reads it (English and Russian) and the end. A few greedy games per
mission add the battles a random player rarely fights. ``records.json`` keeps the hashes; the test
``tests/test_golden_records.py`` replays every game and compares.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.engine.rules.log import ALL

FILE = Path(__file__).with_name("records.json")
RANDOM_GAMES = 100          # per mission: 100-199 reach no more branches (checks/golden_coverage.py)
GREEDY_GAMES = 10           # per mission
TURN_CAP = 60
MODES = ("standard", "regrouping", "chaos", "fog-of-war", "triumvirate", "dissension", "double-strike",
         "training", "fog-of-war+chaos+regrouping")
VARIANTS = {"d10_collision": True, "exhaustion": True}


def record_hash(game: dw.Game) -> str:
    """One hash of a finished game: its decisions, its whole log (en, ru) and its end."""
    h = hashlib.sha256()
    for a in game.history:
        h.update(str(a).encode() + b"\n")
    for lang in ("en", "ru"):
        for line in game.log.texts(lang, ALL):
            h.update(line.encode() + b"\n")
    h.update(f"{game.end_reason} {game.winner} {game.turn}".encode())
    return h.hexdigest()[:16]


def play(mission: str, seed: int, greedy: bool = False) -> str:
    variants = VARIANTS if mission == "standard" and seed % 2 else None
    game = dw.Game.new(mission, seed=seed, turn_cap=dw.engine.rules.game.DEFAULT_TURN_CAP if greedy else TURN_CAP,
                       variants=variants)
    if greedy:
        agents = [GreedyAgent(seed=seed + p) for p in range(game.num_players)]
        while not game.is_over:
            player = game.current_player
            assert player is not None
            game.apply(agents[player].act(game))
    else:
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
    return record_hash(game)


def games() -> list[tuple[str, int, bool]]:
    """(mission, seed, greedy) of every golden game."""
    out = [(m, s, False) for m in MODES for s in range(RANDOM_GAMES)]
    out += [(m, 1000 + s, True) for m in MODES for s in range(GREEDY_GAMES)]
    return out


def key(mission: str, seed: int, greedy: bool) -> str:
    return f"{mission} {seed} {'greedy' if greedy else 'random'}"


def main() -> None:
    parser = argparse.ArgumentParser(description="write or check the golden game records")
    parser.add_argument("--write", action="store_true", help="write records.json")
    args = parser.parse_args()
    found = {key(*g): play(*g) for g in games()}
    if args.write:
        FILE.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n")
        print(f"wrote {len(found)} records to {FILE}")
        return
    stored = json.loads(FILE.read_text())
    diff = [k for k in found if stored.get(k) != found[k]]
    print(f"{len(found) - len(diff)} of {len(found)} records as stored; differ: {diff[:10]}")


if __name__ == "__main__":
    main()
