"""The OpenSpiel game checked against the engine over many random games (issue 21: 200 per mission).

    python checks/openspiel_random.py [--games 200] [--check-every 200] [missions ...]

Plays ``--games`` uniformly random games of each mission through ``pyspiel``
(``dictator_widget.adapters.simcheck.random_games``: legal ids read back as our legal actions at
every step, chance outcomes as ours; at random points, on average every ``--check-every`` steps, a
clone or a serialised copy checked and played on, and the legal-action mask checked; returns and
length at the end) and prints a line per mission with its counts and time. The test suite runs the
same check on a few games per mission.
"""

from __future__ import annotations

import argparse
import time

from dictator_widget.adapters.simcheck import random_games
from dictator_widget.engine.content.missions import missions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("missions", nargs="*", default=missions())
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--check-every", type=int, default=200)
    args = parser.parse_args()
    for mission in args.missions:
        start = time.perf_counter()
        counts = random_games(mission, args.games, seed=21, check_every=args.check_every)
        seconds = time.perf_counter() - start
        print(f"{mission}: {counts['games']} games, {counts['decisions']} decisions, {counts['chance']} chance "
              f"events, {counts['copies']} clones/serialisations checked, ends "
              f"{ {k[4:]: v for k, v in sorted(counts.items()) if k.startswith('end:')} }, {seconds:.0f} s",
              flush=True)


if __name__ == "__main__":
    main()
