"""Hidden information holds: nothing a seat observes depends on what it may not know (M4, R26).

The first cases are the two leaks this suite was written against: the flow of a battle
told the other seat whether a face-down card had an action in a phase, and undo after a
Hireling draw let a player look at the top of the deck. Then the swap test
(``tests/swap.py``) over random games of Fog of War, Triumvirate, Dissension and every
mission's Hireling deck.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from helpers import play
from swap import HIDDEN_MISSIONS, swap_check

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent, RandomAgent
from dictator_widget.engine.rules.game import edit
from dictator_widget.engine.views.hidden import observation, sample


def fog(battalions: dict[str, tuple[str, list[str]]], **kw: object) -> dw.Game:
    return dw.Game.from_scenario({"mission": "fog-of-war", "battalions": {
        label: {"sector": sector, "cards": cards} for label, (sector, cards) in battalions.items()}, **kw})


def test_the_flow_of_a_guild_battle_tells_nobody_what_a_face_down_card_can_do() -> None:
    """Manta (a Collision action) or Shamir (none) face down in A1: player 2 must not tell which."""
    a = fog({"A1": ("d4", ["C12", "C02"]), "A2": ("a4", ["C11"]), "B1": ("g4", ["C01"])}, guilds=["d3"],
            dice=[6, 1])
    b = fog({"A1": ("d4", ["C11", "C02"]), "A2": ("a4", ["C12"]), "B1": ("g4", ["C01"])}, guilds=["d3"],
            dice=[6, 1])
    play(a, "A1 attack guild d3")
    play(b, "A1 attack guild d3")
    while a.state.step == "battle":
        assert observation(a, 1) == observation(b, 1)
        assert (a.current_player, a.decision) == (b.current_player, b.decision)
        play(a, "pass")
        play(b, "pass")
    assert observation(a, 1) == observation(b, 1)


def full_by_a_guild() -> dw.Game:
    """A1 (Strength 8, three cards) next to a Guild of Strength 2 at d3; the Hireling deck H02, H05."""
    return dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H07", "T12", "H03"]},
                                                 "B1": {"sector": "g4", "cards": ["C01"]}},
                                  "guilds": ["d3"], "deck": ["H02", "H05"], "variants": {"guild_strength": 2}})


def test_undo_never_crosses_a_hireling_draw_into_a_full_battalion() -> None:
    game = full_by_a_guild()
    play(game, "A1 attack guild d3", "skip-roll")
    assert game.can_undo(0)                             # no die, nothing shown yet
    play(game, "hireling")
    assert game.decision == "discard" and game.state.hiring == "H02"    # shown to its owner
    assert game.reveals() and not game.can_undo(0)
    with pytest.raises(dw.IllegalAction, match="cannot undo"):
        game.undo(0)
    play(game, "discard T12")
    assert not game.can_undo(0) or not game.reveals()


def test_undo_never_crosses_a_card_turned_up_against_a_guild() -> None:
    game = fog({"A1": ("d4", ["T04", "T01"]), "B1": ("g4", ["C01"])}, guilds=["d3"])
    play(game, "A1 attack guild d3")
    play(game, "reveal T04")
    assert game.reveals() and not game.can_undo(0)


def test_undo_never_crosses_the_top_three_shown_by_big_brother() -> None:
    game = dw.Game.from_scenario({"battalions": {"A1": {"sector": "d4", "cards": ["H01", "T12", "C10"]},
                                                 "B1": {"sector": "g4", "cards": ["C01"]}},
                                  "guilds": ["d3"], "deck": ["H02", "H05", "H06", "H04"],
                                  "variants": {"guild_strength": 2}})
    play(game, "A1 attack guild d3", "C10:big-brother", "pass", "skip-roll")   # no die: only the top three
    assert game.decision == "reward" and not game.can_undo(0)


def test_the_hot_seat_widgets_undo_stops_at_a_draw() -> None:
    game = full_by_a_guild()
    w = dw.DictatorWidget(game)
    play(game, "A1 attack guild d3", "skip-roll")
    assert w.view["can_undo"]
    play(game, "hireling")
    assert not w.view["can_undo"]
    w.receive({"type": "undo"})
    assert "cannot undo" in w.error and game.decision == "discard"


def test_the_log_reads_as_the_public_by_default() -> None:
    game = fog({"A1": ("d4", ["T12", "T06"]), "B1": ("g4", ["C01"])}, guilds=["d3"], dice=[1, 6])
    play(game, "A1 attack guild d3")
    while game.decision != "damage":
        play(game, "pass")
    play(game, "damage T06")
    public = " ".join(game.log.texts())
    assert "Runner" not in public and "a face-down card is damaged." in public
    assert "Runner is damaged." in game.log.texts(viewer=0) and "Runner is damaged." in game.log.texts(viewer="all")
    assert game.log[-1].text("en") == game.log[-1].text("en", viewer=1)


def test_a_seats_odds_come_from_what_it_may_know() -> None:
    truth = fog({"A1": ("d4", ["T04", "T13"]), "B1": ("e4", ["C08", "C01"]), "B2": ("g4", ["C04", "C07"])})
    swapped = fog({"A1": ("d4", ["T04", "T13"]), "B1": ("e4", ["C04", "C07"]), "B2": ("g4", ["C08", "C01"])})
    seat = [dw.battle_odds(g, "A1 attack B1", seat=0) for g in (truth, swapped)]
    assert seat[0] == seat[1]                            # the face-down B1 is not read
    assert dw.battle_odds(truth, "A1 attack B1")["win"] != dw.battle_odds(swapped, "A1 attack B1")["win"]
    assert set(seat[0]["damaged"]) <= {"T04", "T13"}     # only cards the seat may see are named


FOG_VARIANTS = [{}, {"reactive_phases": True}, {"alternating_activation": True}, {"siege_tokens": True},
                {"exhaustion": True}, {"hirelings": False}]


def _agents(seed: int, players: int) -> list[RandomAgent | GreedyAgent]:
    return [GreedyAgent(seed + p) if (seed + p) % 3 == 0 else RandomAgent(seed + p) for p in range(players)]


@pytest.mark.parametrize("block", range(2))
def test_swap_fog_of_war_random_games_with_mixed_agents_and_variants(block: int) -> None:
    """A sample for every run; checks/hidden_swap.py checks 1,000 games."""
    counts: Counter[str] = Counter()
    for seed in range(block * 6, block * 6 + 6):
        game = dw.Game.new("fog-of-war", seed=seed, turn_cap=50, variants=FOG_VARIANTS[seed % len(FOG_VARIANTS)])
        swap_check(game, _agents(seed, 2), random.Random(seed), counts)
    assert counts["games"] == 6 and counts["steps"] > counts["decisions"] and counts["undos"] > 100


@pytest.mark.parametrize("mission", ["triumvirate", "dissension", "triumvirate+fog-of-war"])
def test_swap_armies_drawn_at_random(mission: str) -> None:
    counts: Counter[str] = Counter()
    for seed in range(2):
        game = dw.Game.new(mission, seed=seed, turn_cap=30)
        swap_check(game, _agents(seed, game.num_players), random.Random(seed), counts)
    assert counts["games"] == 2


@pytest.mark.parametrize("mission", ["standard", "regrouping", "double-strike", "training", "dissension"])
def test_swap_the_hireling_deck_in_every_mission(mission: str) -> None:
    counts: Counter[str] = Counter()
    game = dw.Game.new(mission, seed=1, turn_cap=30)
    swap_check(game, _agents(2, game.num_players), random.Random(1), counts)
    assert counts["games"] == 1 and counts["decisions"] > 20


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (the regularized gamma series)."""
    a, z = df / 2, x / 2
    if z <= 0:
        return 1.0
    if z > 500:
        return 0.0
    term = total = 1 / a
    n = 0
    while term > total * 1e-15:
        n += 1
        term *= z / (a + n)
        total += term
    return max(0.0, 1 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))


def homogeneity(a: Counter[object], b: Counter[object]) -> tuple[float, int, float]:
    """Pearson's chi-square test that two samples come from one distribution: statistic, df, p-value."""
    keys = sorted(set(a) | set(b), key=repr)
    na, nb = sum(a.values()), sum(b.values())
    stat = 0.0
    for k in keys:
        total = a[k] + b[k]
        for observed, n in ((a[k], na), (b[k], nb)):
            expected = total * n / (na + nb)
            stat += (observed - expected) ** 2 / expected
    df = max(1, len(keys) - 1)
    return stat, df, chi2_sf(stat, df)


def twin_by_hand(mission: str, seed: int) -> tuple[dw.Game, dw.Game, str]:
    """A game of ``mission`` after its set-up and a few random decisions, and a copy in which two face-down
    cards of different factions in two battalions of player 1 change places. Seat 0 cannot tell the two
    apart (asserted); returns the label of the first of the two battalions."""
    game = dw.Game.new(mission, seed=seed)
    rng = random.Random(seed)
    while game.state.step != "activation" or len(game.history) < 30:
        game.apply(rng.choice(game.legal_actions()))
    s = game.state
    faction = {c: game.cards[c].faction for c in game.cards}
    mine = [b for b in s.battalions.values() if b.owner == 1]
    for x in mine:
        for y in mine:
            for i, c in enumerate(x.cards):
                for j, d in enumerate(y.cards):
                    if x.label < y.label and faction[c] != faction[d] and (c in s.damaged) == (d in s.damaged) \
                            and not {c, d} & s.revealed:
                        other = game.clone()
                        with edit(other) as t:
                            t.battalions = {**t.battalions,
                                            x.label: x._replace(cards=x.cards[:i] + (d,) + x.cards[i + 1:]),
                                            y.label: y._replace(cards=y.cards[:j] + (c,) + y.cards[j + 1:])}
                        assert observation(other, 0) == observation(game, 0)
                        return game, other, x.label
    raise AssertionError(f"no pair to swap in {mission} seed {seed}")


def unseen(game: dw.Game, player: int) -> tuple[object, ...]:
    """What ``player`` cannot see: the other players' battalions, the deck, the hands, the cards set aside."""
    s = game.state
    return (tuple((b.label, b.cards) for b in s.battalions.values() if b.owner != player), tuple(s.deck),
            tuple(tuple(h) for h in s.hands), tuple(sorted(s.aside)), tuple(sorted(s.damaged)))


@pytest.mark.parametrize(("mission", "seed"), [("triumvirate+fog-of-war", 1), ("triumvirate+fog-of-war", 2),
                                               ("chaos+fog-of-war", 3)])
def test_two_games_a_seat_cannot_tell_apart_give_it_the_same_samples(mission: str, seed: int) -> None:
    """Issue 37: the sampler kept each face-down slot's faction, which the seat does not see (card backs are
    alike). Two games equal to seat 0 (player 1's Templar and Synclith cards in two battalions change places)
    must give seat 0 the same distribution of sampled worlds: a chi-square test on how many Templar cards
    the first battalion holds in 300 samples of each, and the very same sample from the same random source."""
    a, b, label = twin_by_hand(mission, seed)
    counts: list[Counter[object]] = []
    for k, game in enumerate((a, b)):
        rng = random.Random(7 + k)                       # independent draws
        drawn: Counter[object] = Counter()
        for _ in range(300):
            world = sample(game, 0, rng)
            drawn[sum(world.cards[c].faction == "templars" for c in world.state.battalions[label].cards)] += 1
        counts.append(drawn)
    stat, df, p = homogeneity(*counts)
    assert p > 1e-3, f"sampled worlds differ: chi-square {stat:.1f} on {df} df, p = {p:.2g}: {counts}"
    for k in range(20):
        assert unseen(sample(a, 0, random.Random(k)), 0) == unseen(sample(b, 0, random.Random(k)), 0)


def test_swap_every_hidden_mission_and_combination() -> None:
    """The benchmark's small version (checks/hidden_swap.py runs thousands): one short game of each of the
    16 combinations with Fog of War and of the two missions dealing armies in secret, with the roll-off set-up
    where the mission allows it, so that the set-up decisions (split, zone, draft, form) are all checked, and
    draw offers (declined, or accepted) and resignations now and then."""
    counts: Counter[str] = Counter()
    for seed, mission in enumerate(HIDDEN_MISSIONS):
        variants = {"roll_off_setup": True} if dw.Game.new(mission, seed=0).num_players == 2 else {}
        game = dw.Game.new(mission, seed=seed, turn_cap=2, variants=variants)
        swap_check(game, _agents(seed, game.num_players), random.Random(seed), counts, table_rate=0.05)
    assert counts["games"] == len(HIDDEN_MISSIONS) == 18
    assert all(counts[f"kind:{k}"] for k in ("split", "zone", "draft", "form", "move", "attack-guild", "pass",
                                                 "offer-draw", "decline-draw"))
