"""Battle odds speed: median time of an exact odds computation, greedy and best policies.

    python benchmarks/odds.py

Battles: the training mission's first battle, the shipped scenarios' first
attacks, and 20 random battles between armies drawn from the whole card set.
"""

from __future__ import annotations

import random
import statistics
import time

import dictator_widget as dw


def battles() -> list[tuple[dw.Game, str]]:
    out = []
    first = dw.Game.from_scenario("first-battle")
    out.append((first, "A2 attack B3"))
    rng = random.Random(7)
    cards = list(dw.load_cards())
    for _ in range(20):
        rng.shuffle(cards)
        a, b = cards[:3], cards[3:6]
        game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": a},
                                                     "B1": {"sector": "e4", "cards": b}},
                                      "guilds": [], "energy": [rng.randint(1, 6), rng.randint(1, 6)]})
        out.append((game, "A1 attack B1"))
    return out


def main() -> None:
    cases = battles()
    for policy in ("greedy", "best"):
        times = []
        for game, attack in cases:
            start = time.perf_counter()
            dw.battle_odds(game, attack, policy=policy)
            times.append(time.perf_counter() - start)
        print(f"{policy:6}: median {statistics.median(times) * 1000:7.1f} ms, "
              f"max {max(times) * 1000:7.1f} ms over {len(times)} battles")


if __name__ == "__main__":
    main()
