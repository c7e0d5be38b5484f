"""Batch simulation: the same table whatever the executor; replays; the columns the design names."""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
from dictator_widget.experiments import game_seed, replay
from dictator_widget.experiments.simulate import agent_seed

ARGS = {"mission": "standard", "agents": ["greedy", "random"], "games": 12, "seed": 3, "progress": False}


@pytest.fixture(scope="module")
def serial() -> pd.DataFrame:
    return dw.simulate(**ARGS, executor="serial")


def test_columns_the_design_names(serial: pd.DataFrame) -> None:
    for col in ("seed", "winner", "winner_agent", "end_reason", "turns", "decisions", "mission", "variants",
                "seats", "agents", "first_player", "p0_faction", "p1_faction", "p0_energy", "p0_guilds",
                "p0_hirelings", "p0_lost", "p0_army", "p1_army", "guilds_taken", "hirelings_drawn", "record"):
        assert col in serial.columns, col
    assert list(serial["game"]) == list(range(12))
    assert set(serial["end_reason"]) <= {"annihilation", "mutual", "turn-cap"}
    assert set(serial["p0_faction"]) == {"templars"} and set(serial["p1_faction"]) == {"synclith"}


def test_seats_rotate_and_winner_agent_indexes_agents(serial: pd.DataFrame) -> None:
    assert list(serial["seats"][:4]) == ["0,1", "1,0", "0,1", "1,0"]
    for _, row in serial.iterrows():
        if pd.isna(row["winner"]):
            assert pd.isna(row["winner_agent"])
        else:
            assert row["winner_agent"] == int(row["seats"].split(",")[row["winner"]])
            assert row["winner_name"] == ARGS["agents"][row["winner_agent"]]


def test_game_seeds_come_from_seed_and_index(serial: pd.DataFrame) -> None:
    assert list(serial["seed"]) == [game_seed(3, i) for i in range(12)]
    other = dw.simulate(**{**ARGS, "seed": 4, "games": 2}, executor="serial")
    assert list(other["seed"]) != list(serial["seed"][:2])


def test_process_pool_gives_the_same_table(serial: pd.DataFrame) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = dw.simulate(**ARGS, executor=pool, chunk_size=5)
    pd.testing.assert_frame_equal(serial, pooled)
    default = dw.simulate(**ARGS)                    # a pool over all local cores
    pd.testing.assert_frame_equal(serial, default)


def test_dask_local_cluster_gives_the_same_table(serial: pd.DataFrame) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as client:
        table = dw.simulate(**ARGS, executor=client.get_executor())
    pd.testing.assert_frame_equal(serial, table)


def test_agent_objects_are_copied_and_reseeded_per_game(serial: pd.DataFrame) -> None:
    by_object = dw.simulate(**{**ARGS, "agents": [GreedyAgent(seed=99), "random"]}, executor="serial")
    assert list(by_object["agents"].unique()) == ["GreedyAgent,random"]
    cols = ["winner", "turns", "decisions", "record"]
    pd.testing.assert_frame_equal(serial[cols], by_object[cols])


def test_replay_rebuilds_every_game(serial: pd.DataFrame) -> None:
    for i in (0, 5, 11):
        row = serial.loc[i]
        game = replay(row)
        assert game.is_over and game.winner == (None if pd.isna(row["winner"]) else row["winner"])
        assert len(game.history) == row["decisions"] and game.turn == row["turns"]
        assert len(replay(row, upto=10).history) == 10


def test_replay_without_record_replays_the_agents() -> None:
    table = dw.simulate(**{**ARGS, "games": 2}, executor="serial", record=False)
    assert "record" not in table.columns
    game = replay(table.loc[1])
    assert len(game.history) == table.loc[1, "decisions"]


def test_turn_cap_and_end_reason() -> None:
    table = dw.simulate("standard", ["random", "random"], 3, seed=1, progress=False, turn_cap=4)
    assert set(table["end_reason"]) == {"turn-cap"} and table["winner"].isna().all()
    assert (table["turns"] == 4).all()


def test_other_missions_and_player_counts() -> None:
    table = dw.simulate("triumvirate", ["greedy", "random", "random"], 3, progress=False, turn_cap=30)
    assert list(table["seats"]) == ["0,1,2", "1,2,0", "2,0,1"]
    assert {"p2_agent", "p2_faction", "p2_army"} <= set(table.columns)


def test_combined_missions_simulate_replay_and_give_odds() -> None:
    df = dw.simulate("fog-of-war+chaos", ["greedy", "random"], 4, seed=2, progress=False, record=True)
    assert set(df["mission"]) == {"chaos+fog-of-war"} and df["end_reason"].notna().all()   # the canonical name
    game = replay(df.iloc[1])
    assert game.rules.mission == "chaos+fog-of-war" and game.is_over
    position = dw.Game.from_scenario({"mission": "triumvirate+fog-of-war", "battalions": {
        "A1": {"sector": "d4", "cards": ["T04", "T01"]}, "B1": {"sector": "e4", "cards": ["C08"]},
        "C1": {"sector": "g1", "cards": ["C12"]}}})
    odds = dw.battle_odds(position, "A1 attack B1")
    assert abs(odds["win"] + odds["draw"] + odds["loss"] - 1) < 1e-9


def test_armies_are_the_battalions_as_set_up_plus_what_joined() -> None:
    for mission in ("standard", "chaos"):
        df = dw.simulate(mission, ["greedy", "random"], 2, seed=1, progress=False, executor="serial")
        for p in (0, 1):
            for army in df[f"p{p}_army"]:                 # nine cards each, set up by the players (and takes)
                assert len([c for c in army.split() if not c.startswith("H")]) >= 9, (mission, p)
        standard = dw.Game.new("standard", seed=1).mission.armies[0].battalions
        if mission == "standard":
            assert all({c for bat in standard for c in bat} <= set(army.split()) for army in df["p0_army"])
        assert (df["p0_lost"] >= 0).all() and (df["p1_lost"] >= 0).all()


def test_bad_arguments_fail_early() -> None:
    with pytest.raises(dw.DictatorError, match="seats"):
        dw.simulate("standard", ["greedy"], 2, progress=False)
    with pytest.raises(dw.DictatorError, match="unknown agent"):
        dw.simulate("standard", ["greedy", "nobody"], 2, progress=False)
    with pytest.raises(dw.DictatorError):
        dw.simulate("nowhere", ["greedy", "random"], 2, progress=False)
    with pytest.raises(dw.DictatorError):
        dw.simulate("standard", ["greedy", "random"], 2, progress=False, variants={"no_such_rule": 1})
    assert len(dw.simulate("standard", ["greedy", "random"], 0, progress=False)) == 0


def test_variants_pass_through_to_the_games_and_replays() -> None:
    table = dw.simulate("standard", ["greedy", "random"], 1, progress=False, variants={})
    assert table.loc[0, "variants"] == "{}"
    try:
        dw.Game.new("standard", seed=1, variants={"guild_strength": 4})
    except dw.DictatorError:
        pytest.skip("the engine has no guild_strength variant yet")
    table = dw.simulate("standard", ["greedy", "random"], 2, progress=False, variants={"guild_strength": 4})
    assert table.loc[0, "variants"] == '{"guild_strength": 4}'
    game = replay(table.loc[1])
    assert game.rules.guild_strength == 4 and len(game.history) == table.loc[1, "decisions"]


def test_timeline_slider_moves_through_the_game(serial: pd.DataFrame) -> None:
    pytest.importorskip("dictator_widget.ui.widget")
    from dictator_widget.experiments import timeline

    box = timeline(serial.loc[0])
    assert box.slider.max == serial.loc[0, "decisions"]
    box.slider.value = 7
    assert len(box.board.game.history) == 7
    box.slider.value = 3
    assert [str(a) for a in box.board.game.history] == serial.loc[0, "record"].split(";")[:3]
    box.slider.value = box.slider.max
    assert box.board.game.is_over
    assert box.slider.description == "decision"
    assert timeline(serial.loc[0], lang="ru").slider.description == "решение"


class FailsEverywhere:
    """Raises in every game, naming the game by its seed; in game 0 only after a pause: the last to fail."""

    def __init__(self) -> None:
        self.seed = 0

    def reseed(self, seed: int) -> None:
        self.seed = seed

    def act(self, game: dw.Game) -> dw.Action:
        if self.seed == agent_seed(game_seed(3, 0), 0):
            time.sleep(1.0)
        raise RuntimeError(f"agent seeded {self.seed}")


def test_a_batch_that_fails_says_the_error_of_its_first_failing_game_on_any_executor() -> None:
    """On a pool the error was the first to arrive (any game's); it is the first game's, as a serial run says, so a
    league that names the failing entry from it names the same one on one process or many."""
    args = {**ARGS, "agents": [FailsEverywhere(), "random"], "games": 6}
    with pytest.raises(RuntimeError) as serial:
        dw.simulate(**args, executor="serial")
    with ProcessPoolExecutor(max_workers=2) as pool, pytest.raises(RuntimeError) as pooled:
        dw.simulate(**args, executor=pool, chunk_size=1)
    assert str(serial.value) == str(pooled.value) == f"agent seeded {agent_seed(game_seed(3, 0), 0)}"
