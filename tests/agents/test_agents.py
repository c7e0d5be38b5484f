"""Agents: one interface, seeded, only legal actions, and the strength each promises."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from helpers import position

import dictator_widget as dw
from dictator_widget.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent, make_agent, value
from dictator_widget.agents.greedy import memo_key, position_key


def play(mission: str, agents: list[Agent], seed: int, turn_cap: int = 40) -> dw.Game:
    """Play a game, checking that every action an agent returns is legal."""
    game = dw.Game.new(mission, seed=seed, turn_cap=turn_cap, placement="fixed")
    while not game.is_over:
        player = game.current_player
        assert player is not None
        action = agents[player % len(agents)].act(game)
        assert action in game.legal_actions(), f"{type(agents[player]).__name__} chose illegal {action}"
        game.apply(action)
    return game


@pytest.mark.parametrize("mission", dw.missions())
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_agents_only_return_legal_actions_in_every_mission(mission: str, name: str) -> None:
    probe = dw.Game.new(mission, seed=0, placement="fixed")
    for seed in range(3):
        agents = [make_agent(name, seed=seed * 10 + p) for p in range(probe.num_players)]
        play(mission, agents, seed)


@pytest.mark.parametrize("mission", ["standard", "chaos", "fog-of-war", "triumvirate", "dissension"])
def test_mcts_only_returns_legal_actions(mission: str) -> None:
    probe = dw.Game.new(mission, seed=0, placement="fixed")
    agents: list[Agent] = [MCTSAgent(seed=1, iterations=4)]
    agents += [GreedyAgent(seed=p) for p in range(1, probe.num_players)]
    play(mission, agents, seed=5, turn_cap=12)


def test_mcts_with_a_tree_below_its_arms_only_returns_legal_actions() -> None:
    agent = MCTSAgent(seed=1, iterations=40, tree=True, margin=0)
    play("standard", [agent, GreedyAgent(seed=2)], seed=6, turn_cap=6)
    root = agent.search(dw.Game.new("standard", seed=6, placement="fixed"))
    assert any(arm.children for arm in root.children)          # the arms grew trees


def test_mcts_plays_every_seat_against_mcts() -> None:
    game = play("standard", [MCTSAgent(seed=1, iterations=3), MCTSAgent(seed=2, iterations=3)], seed=2, turn_cap=8)
    assert game.is_over


@pytest.mark.parametrize("cls", [RandomAgent, GreedyAgent, lambda seed: MCTSAgent(seed=seed, iterations=8)])
def test_agents_are_seeded(cls: type) -> None:
    def record(seed: int) -> list[str]:
        game = play("standard", [cls(seed=seed), cls(seed=seed + 1)], seed=3, turn_cap=6)
        return [str(a) for a in game.history]
    assert record(7) == record(7)


def test_agents_leave_the_game_they_are_shown_untouched() -> None:
    game = dw.Game.new("standard", seed=4, placement="fixed")
    for _ in range(30):
        game.apply(GreedyAgent(seed=0).act(game))
    before = game.to_json()
    MCTSAgent(seed=0, iterations=30).act(game)
    GreedyAgent(seed=0).act(game)
    assert game.to_json() == before


def test_make_agent_by_name_with_options_and_objects() -> None:
    assert isinstance(make_agent("greedy", seed=1), GreedyAgent)
    mcts = make_agent("mcts:iterations=12:time_limit=0.5", seed=1)
    assert isinstance(mcts, MCTSAgent) and mcts.iterations == 12 and mcts.time_limit == 0.5
    agent = RandomAgent(seed=3)
    assert make_agent(agent) is agent
    with pytest.raises(dw.DictatorError, match="unknown agent"):
        make_agent("alphazero")
    with pytest.raises(dw.DictatorError, match="iterationz"):
        make_agent("mcts:iterationz=3")


def test_mcts_signature_and_time_limit() -> None:
    agent = MCTSAgent(seed=0, iterations=1000, time_limit=0.05)
    game = dw.Game.new("standard", seed=1, placement="fixed")
    root = agent.search(game)
    assert 1 <= root.visits < 1000
    assert agent.act(game) in game.legal_actions()


def test_agents_work_as_widget_bots() -> None:
    widget = dw.DictatorWidget(seed=3, bots={0: GreedyAgent(seed=1), 1: "greedy"}, bot_delay=0)
    game = widget.game
    assert game.is_over or game.turn > 1 or game.current_player not in (0, 1)


def test_mcts_sees_every_pair_of_dice_once_in_each_block_of_visits() -> None:
    agent = MCTSAgent(seed=0, iterations=72)
    strata = agent._stratify(dw.Game.new("standard", seed=1, placement="fixed"))
    pairs = sorted((a, d) for a in range(1, 7) for d in range(1, 7))
    assert sorted(strata[:36]) == pairs and sorted(strata[36:72]) == pairs
    assert strata[:36] != strata[36:72]                     # each block in its own order


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def test_mcts_halves_its_arms_keeping_the_better_half_on_the_same_luck() -> None:
    game = dw.Game.new("standard", seed=5, placement="fixed")      # the first turn: dozens of legal actions
    root = MCTSAgent(seed=0, iterations=200).search(game)
    arms = root.children
    assert len(arms) == 6 and root.visits == sum(a.visits for a in arms) == 200
    assert sorted(a.visits for a in arms) == [11, 11, 11, 33, 67, 67]     # 6 arms, then 3, then 2
    for out in arms:
        for kept in arms:
            if kept.visits > out.visits:                       # it outlived `out`: better on the visits they shared
                assert _mean(kept.samples[: out.visits]) >= _mean(out.samples)
    finalists = [a for a in arms if a.visits == 67]
    assert arms[0] in finalists and _mean(arms[0].samples) == max(_mean(a.samples) for a in finalists)


def test_mcts_visits_every_arm_on_the_same_luck() -> None:
    class Recording(MCTSAgent):
        def _determinize(self, game: dw.Game, player: int, luck: tuple[int, tuple[int, int]]) -> dw.Game:
            seen.append(luck)
            return super()._determinize(game, player, luck)

    seen: list[tuple[int, tuple[int, int]]] = []
    root = Recording(seed=0, iterations=36, arms=4).search(dw.Game.new("standard", seed=5, placement="fixed"))
    first_round = seen[: 4 * 4]                                # 4 arms, 4 visits each, in turn
    assert [first_round[k * 4: k * 4 + 4] == [first_round[k * 4]] * 4 for k in range(4)] == [True] * 4
    assert len(set(first_round)) == 4                          # each visit its own luck
    assert root.visits == len(seen) <= 36


def test_mcts_needs_two_arms() -> None:
    with pytest.raises(ValueError, match="arms"):
        MCTSAgent(arms=1)


def test_mcts_keeps_the_heuristics_choice_without_a_significant_gain() -> None:
    game = dw.Game.new("standard", seed=4, placement="fixed")
    stubborn = MCTSAgent(seed=0, iterations=40, margin=0, confidence=1e9)
    greedy = GreedyAgent(seed=0, gather=stubborn.gather)
    searched = 0
    while searched < 12:
        legal = game.legal_actions()
        if len(legal) > 1:
            scores = greedy.scores(game, legal)
            assert scores[legal.index(stubborn.act(game))] == max(scores)
            searched += 1
        game.apply(greedy.act(game))


def test_greedy_gathers_strength_by_exchange_only_when_asked() -> None:
    game = position({"A1": ("b4", ["T07", "T08", "T09"]), "A2": ("a4", ["T04", "T05", "T06"]),
                     "B1": ("g4", ["C01", "C02", "C03"])})
    def strongest() -> int:
        return max(sum(game.cards[c].strength for c in game.state.battalions[b].cards) for b in ("A1", "A2"))

    assert GreedyAgent(seed=0).act(game).kind != "exchange"
    chosen = GreedyAgent(seed=0, gather=1.5).act(game)
    assert chosen.kind == "exchange"
    before = strongest()
    game.apply(chosen)
    assert strongest() > before                             # Strength gathered into one battalion
    assert game.current_player == 1                         # both battalions have acted: the turn is over


def test_greedy_sets_up_sensibly_a_zone_away_from_the_others_its_strongest_battalion_in_front() -> None:
    game = dw.Game.new("triumvirate", seed=3, dice=[2, 6, 4])
    game.apply("zone blue")
    choice = GreedyAgent(seed=0).act(game)
    geo = game.geometry
    def room(zone: str) -> int:
        return min(geo.distance(a, b) for a in geo.zones[zone] for b in geo.zones["blue"])
    assert room(choice.target) == max(room(z) for z in ("green", "yellow", "red"))
    game = dw.Game.new("standard", seed=7)
    game.apply("zone green")
    first = GreedyAgent(seed=0).act(game)                 # A1 (WASP, Perseus, Turcopoles) or a stronger one?
    army = game.mission.armies[0].battalions
    power = [sum(game.cards[c].strength for c in cards) for cards in army]
    centre = min(geo.zones["green"], key=lambda s: geo.distance(s, "d4"))
    if power[0] == max(power):
        assert first.target == centre
    else:
        assert first.target != centre


@pytest.mark.parametrize(("player", "cards", "given_up"), [(1, ["C07", "C08", "C06"], "C08"),
                                                       (0, ["T07", "T08", "T09"], "T09")])
def test_greedy_hiring_into_a_full_battalion_gives_up_the_card_least_worth_keeping(
        player: int, cards: list[str], given_up: str) -> None:
    """Issue 17: every action was worth the same to Greedy, so to make room for a Hireling it gave up the
    Rider (a Bio-Mech's Strength again, free) or the Hoplone (+3 for 1) as often as the Infiltrator (a
    re-roll), and the Med-Tech (a repair for 1) as often as the Hydra (Cluster Shells for 3); the
    Infiltrator and the Hydra measured worse than a blank (which it gave up first)."""
    mine, theirs = ("A1", "B1")[player], ("B1", "A1")[player]
    for seed in range(10):
        game = position({mine: ("d4", cards), theirs: ("g4", ["T01" if player else "C01"])}, guilds=["e4"],
                        deck=["H07", "H01", "H02"], player=player, dice=[6, 1])
        game.apply(f"{mine} attack guild e4")
        greedy = GreedyAgent(seed=seed)
        while game.decision != "reward":
            game.apply(greedy.act(game))
        game.apply("hireling")
        assert game.decision == "discard"
        assert greedy.act(game).card == given_up


@pytest.mark.parametrize(("defenders", "used"), [(["C01", "C02", "C03"], False), (["C01", "C02"], True)])
def test_greedy_spends_dear_extra_damage_only_on_the_kill(defenders: list[str], used: bool) -> None:
    """Issue 17: a damaged card keeps its Strength and actions (R23), so Cluster Shells for 3 Energy that
    do not annihilate only bring a battalion one loss nearer its end; Greedy keeps the Energy then."""
    game = position({"A1": ("d4", ["T09", "T12"]), "B1": ("e4", defenders)}, energy=[6, 0], dice=[6, 1])
    game.apply("A1 attack B1")
    greedy = GreedyAgent(seed=1)
    while game.state.battle is not None and not any(a.ability == "cluster-shells" for a in game.legal_actions()):
        game.apply(greedy.act(game))
    assert game.state.battle is not None, "the Damage Phase never offered Cluster Shells"
    assert (greedy.act(game).ability == "cluster-shells") is used


@pytest.mark.parametrize(("energy", "corrosion"), [(1, False), (2, True)])
def test_greedy_keeps_the_last_energy_for_a_better_deal_later_in_the_battle(energy: int, corrosion: bool) -> None:
    """Issue 17: Corrosion (-2 for the Knight, 1 Energy) in the Condition Phase spent the Energy that the
    Hoplone's Chitin Wall (+3 for 1) wanted in the Strength Phase; with one Energy Greedy now waits. (Energy
    priced flat, ``curve=0``: on the default curve the last Energies are too dear for Corrosion here.)"""
    game = position({"A1": ("d4", ["C04", "C06", "C05"]), "B1": ("e4", ["T04", "T01", "T06"])},
                    energy=[energy, 0], dice=[3, 3])
    game.apply("A1 attack B1")
    assert game.decision == "condition" and "C04:corrosion" in {str(a) for a in game.legal_actions()}
    assert (GreedyAgent(seed=1, curve=0).act(game).ability == "corrosion") is corrosion


def test_greedy_plans_an_attack_without_the_snails_cancels_and_uses_them_in_the_battle() -> None:
    """Issue 17: counting the Snail's cancels (Corrosion: the Knight adds no Strength) when choosing an
    attack sent it into attacks a blank Strength-2 card stayed out of, and the Snail measured worse than a
    blank (ablation -2.2 [-3.9, -0.5]); in the battle Greedy still weighs Corrosion against the Knight."""
    from dictator_widget.agents import heuristics as h

    game = position({"A1": ("d4", ["C04", "C05"]), "B1": ("e4", ["T04", "T01"])}, energy=[6, 0], dice=[3, 3])
    a1, b1 = game.state.battalions["A1"], game.state.battalions["B1"]
    assert h.potential(game, a1.cards, b1.cards, 2, True) == 0
    game.apply("A1 attack B1")
    assert "C04:corrosion" in {str(a) for a in game.legal_actions()}
    assert GreedyAgent(seed=1).act(game).ability == "corrosion"


def test_greedy_weighs_energy_at_its_own_worth() -> None:
    """With ``curve=0``, ``energy`` is what every Energy is worth to Greedy (``greedy:curve=0:energy=...``):
    the Knight's Acceleration (+2 for 1) is worth its Energy in an even battle at the flat 0.2, not at 3."""
    game = position({"A1": ("d4", ["T04", "T01", "T06"]), "B1": ("e4", ["C01", "C05"]), "B2": ("g1", ["C08"])},
                    energy=[2, 0], dice=[3, 3])                       # Strength 4 against 4; B1 is not the last
    game.apply("A1 attack B1")
    while game.decision != "strength":
        game.apply("pass")
    assert "T04:acceleration" in {str(a) for a in game.legal_actions()}
    assert GreedyAgent(seed=1, curve=0).act(game).ability == "acceleration"
    dear = make_agent("greedy:curve=0:energy=3", seed=1)
    assert isinstance(dear, GreedyAgent) and dear.energy == 3.0
    assert dear.act(game).kind == "pass"
    assert MCTSAgent(energy=3, curve=0).policy.energy == 3.0
    with pytest.raises(ValueError, match="give curve=0 with it"):
        make_agent("greedy:energy=3")                # the default curve prices Energy: a flat price alone is refused


def test_greedy_weighs_a_guild_battle_at_its_own_worth() -> None:
    """``guild`` is what winning a battle against a Guild is worth to Greedy's card actions in it (the
    Guild can be attacked again next turn): the Knight's Acceleration (+2 for 1) against a Guild of
    Strength 3, 4 against 3, is not worth its Energy when only the damage it spares counts (the default,
    0), but is when the win counts as a capture (2.5; docs/balance.md, step 11)."""
    game = position({"A1": ("d4", ["T04", "T05", "T06"]), "B1": ("g1", ["C01"])}, guilds=["e4"],
                    energy=[6, 0], dice=[3, 3])
    game.apply("A1 attack guild e4")
    while game.decision != "strength":
        game.apply("pass")
    assert "T04:acceleration" in {str(a) for a in game.legal_actions()}
    assert GreedyAgent(seed=1).act(game).kind == "pass"
    eager = make_agent("greedy:guild=2.5", seed=1)
    assert isinstance(eager, GreedyAgent) and eager.guild == 2.5
    assert eager.act(game).ability == "acceleration"
    assert MCTSAgent(guild=2.5).policy.guild == 2.5


def test_greedy_weighs_a_strength_action_against_the_answer_it_invites() -> None:
    """R19: in each phase the defender acts after the attacker. In an even battle (4 against 4) the
    Knight's +2 would be answered by the Hoplone's +3 (each for 1): the attacker ends behind and an Energy
    poorer, so Greedy passes; weighed alone (``answer=0``, docs/balance.md step 13) it accelerates."""
    game = position({"A1": ("d4", ["T04", "T01", "T06"]), "B1": ("e4", ["C06", "C01"]), "B2": ("g1", ["C09"])},
                    energy=[6, 6], dice=[3, 3])
    game.apply("A1 attack B1")
    while game.decision != "strength":
        game.apply("pass")
    assert GreedyAgent(seed=1).act(game).kind == "pass"
    alone = make_agent("greedy:answer=0", seed=1)
    assert isinstance(alone, GreedyAgent) and not alone.answer
    assert alone.act(game).ability == "acceleration"
    assert not MCTSAgent(answer=False).policy.answer


@pytest.mark.parametrize(("energy", "used"), [(1, False), (6, True)])
def test_greedy_on_a_curve_prices_the_last_energy_dear(energy: int, used: bool) -> None:
    """``curve``: Energy is worth what it is to a player who has that much (docs/balance.md, step 11): the
    Knight's Acceleration (+2 for 1) in an even battle is not worth the last Energy on the default curve
    k = 4, but is one of six (0.85 a unit), and any Energy at a flat 0.2 (``curve=0``)."""
    game = position({"A1": ("d4", ["T04", "T01", "T06"]), "B1": ("e4", ["C01", "C05"]), "B2": ("g1", ["C08"])},
                    energy=[energy, 0], dice=[3, 3])
    game.apply("A1 attack B1")
    while game.decision != "strength":
        game.apply("pass")
    assert GreedyAgent(seed=1).curve == 4.0
    assert (GreedyAgent(seed=1).act(game).ability == "acceleration") is used
    flat = make_agent("greedy:curve=0", seed=1)
    assert isinstance(flat, GreedyAgent) and flat.curve == 0.0
    assert flat.act(game).ability == "acceleration"
    assert MCTSAgent(curve=0).policy.curve == 0.0


@pytest.mark.parametrize(("mission", "variants"), [
    ("standard", {}), ("fog-of-war", {}), ("dissension", {}),
    ("standard", {"alternating_activation": True, "catch_up": True, "siege_tokens": True, "exhaustion": True}),
])
def test_search_memos_give_the_positions_own_answers(mission: str, variants: dict[str, object],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A search remembers, by ``memo_key``, Greedy's best actions at each activation, battle, reward and
    discard position of its rollouts and, by ``position_key``, the win chances where they end: every answer it
    takes from memory must be what the position itself gives afresh."""
    remembered, evaluate = GreedyAgent.act, MCTSAgent._evaluate
    hits = {"activation": 0, "battle": 0, "reward": 0, "discard": 0, "value": 0}

    def checked_act(self: GreedyAgent, game: dw.Game) -> dw.Action:
        key = memo_key(game) if self.memo is not None else None
        known = key is not None and key in self.memo     # type: ignore[operator]
        act = remembered(self, game)
        if known:
            hits[game.state.step] += 1
            assert list(self.memo[key]) == self.best(game, game.legal_actions()), (  # type: ignore[index]
                f"{mission} {variants}: turn {game.turn}")
        return act

    def checked_evaluate(self: MCTSAgent, game: dw.Game) -> Sequence[float]:
        known = self._values is not None and not game.is_over and position_key(game) in self._values
        values = evaluate(self, game)
        if known:
            hits["value"] += 1
            assert list(values) == value.win_chances(game), f"{mission} {variants}: turn {game.turn}"
        return values

    monkeypatch.setattr(GreedyAgent, "act", checked_act)
    monkeypatch.setattr(MCTSAgent, "_evaluate", checked_evaluate)
    agent, greedy = MCTSAgent(seed=1, iterations=24), GreedyAgent(seed=2)
    game = dw.Game.new(mission, seed=4, variants=variants, placement="fixed")
    while not game.is_over and game.turn < 6:
        legal = game.legal_actions()
        if len(legal) > 1 and game.state.step == "activation":
            agent.search(game)
        game.apply(remembered(greedy, game))
    assert hits["value"] > 10 or game.mission.hidden, hits
    # Fog of War: each look samples the face-down cards afresh, so Greedy keeps no memo there
    assert min(hits["activation"], hits["battle"]) > 50 or game.mission.hidden, hits
    assert min(hits["reward"], hits["discard"]) > 5 or game.mission.hidden, hits


def test_a_battles_memo_key_tells_a_players_last_battalion_apart() -> None:
    """A battle's memo key leaves the rest of the map out, but not whether a side is its owner's last battalion:
    a fragile last battalion is worth its whole self and more (``heuristics.LAST_BATTALION``), and Greedy spends
    its last Energy on the Hoplone's wall against it and not against one with a comrade elsewhere."""
    found = []
    for comrade in (False, True):
        battalions = {"A1": {"sector": "d4", "cards": ["C04", "C06", "C05"]},
                      "B1": {"sector": "e4", "cards": ["T04", "T01", "T06"], "damaged": ["T01", "T06"]}}
        if comrade:
            battalions["B2"] = {"sector": "b3", "cards": ["T02"]}
        game = dw.Game.from_scenario({"battalions": battalions, "energy": [1, 3]})
        game.apply("A1 attack B1")
        while game.decision != "strength":
            game.apply("pass")
        found.append((memo_key(game), [str(a) for a in GreedyAgent().best(game, game.legal_actions())]))
    (last_key, last_best), (key, best) = found
    assert (last_best, best) == (["C06:chitin-wall"], ["pass"])
    assert last_key != key


def test_mcts_closes_in_when_the_search_gains_only_a_sliver_by_waiting() -> None:
    """A won position (Strength 9 against 5): waiting rates a fraction of a point safer than closing in, and
    an MCTS that took such slivers never closes in (18% of its games against itself reached the turn cap)."""
    game = position({"A2": ("a6", ["T04", "T06", "H04"]), "B1": ("c3", ["C01", "C02", "H01"])},
                    energy=[0, 2], player=1)
    closing_in = {"B1 move c4", "B1 move b4"}
    assert all(str(MCTSAgent(seed=s, iterations=60).act(game)) in closing_in for s in range(4))
    assert not any(str(MCTSAgent(seed=s, iterations=60, min_gain=0).act(game)) in closing_in for s in range(4))


def _turns_to_first_attack(game: dw.Game, agents: list[GreedyAgent], limit: int) -> int | None:
    start = game.turn
    while not game.is_over and game.turn - start < limit:
        action = agents[game.current_player].act(game)
        if action.kind == "attack":
            return game.turn - start
        game.apply(action)
    return None


def test_greedy_closes_in_once_no_guild_is_left() -> None:
    """No Guild left, two Templar battalions against the Synclith's one, which runs (issue 36, item 6): the
    old Greedy stepped towards where its prey stood and chased it round the rim (one game went 22 turns
    without a battle); Greedy now cuts off its way out (``hunt``) and fights within three turns."""
    chase = {"A1": ("b4", ["T02", "T03", "H01"]), "A3": ("c4", ["T07", "H03", "H06"]),
             "B2": ("a7", ["C04", "C06", "H07"])}
    found = [_turns_to_first_attack(position(chase, energy=[5, 2], player=1),
                                    [GreedyAgent(seed=seed), GreedyAgent(seed=seed + 1)], limit=8) for seed in range(5)]
    assert all(n is not None and n <= 3 for n in found), found
    old = [_turns_to_first_attack(position(chase, energy=[5, 2], player=1),
                                  [GreedyAgent(seed=seed, hunt=False), GreedyAgent(seed=seed + 1, hunt=False)], limit=8)
           for seed in range(5)]
    assert any(n is None or n > 3 for n in old), old             # the chase the old Greedy ran
