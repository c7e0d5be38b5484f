"""Batch simulation: many games between agents, one row per game, in a pandas DataFrame.

Game ``i`` of a batch has its own seed, :func:`game_seed` ``(seed, i)``, and
its agents are seeded from that; seats rotate (in game ``i`` player ``p`` is
played by ``agents[(p + i) % players]``). So a game's row depends only on the
arguments and its index, and the table is the same whichever executor plays
it, in whatever chunks, on however many processes or machines.

>>> import dictator_widget as dw
>>> df = dw.simulate("standard", ["greedy", "random"], games=4, seed=1, progress=False)
>>> list(df.columns[:8])
['game', 'seed', 'batch_seed', 'mission', 'cards', 'variants', 'players', 'turn_cap']
>>> df["winner_agent"].tolist() == simulate("standard", ["greedy", "random"], 4, seed=1, progress=False,
...                                          executor="serial")["winner_agent"].tolist()
True
>>> game = replay(df.loc[1])
>>> bool(game.winner == df.loc[1, "winner"] and len(game.history) == df.loc[1, "decisions"])
True
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..agents import Agent, make_agent
from ..engine import DEFAULT_TURN_CAP, DictatorError, Game
from ..engine.content.missions import combine
from ..engine.rules.vocabulary import SETUP_STEPS, EventKind, owner
from .extra import lab_imports

if TYPE_CHECKING:
    import pandas as pd

SERIAL_UP_TO = 8
"""Batches of at most this many games run in this process (a pool costs more than it saves)."""
MAX_CHUNK = 25
"""At most this many games per task sent to an executor."""
RECORD_SEP = ";"
"""Separates the actions of a game's ``record`` (each in the engine's notation)."""

AgentSpec = str | Agent


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch seeded ``seed`` (48 bits, stable across Pythons).

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    digest = hashlib.blake2b(f"dictator-sim/{seed}/{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def agent_seed(seed_of_game: int, player: int) -> int:
    """The seed of the agent in seat ``player`` of the game seeded ``seed_of_game``."""
    digest = hashlib.blake2b(f"dictator-agent/{seed_of_game}/{player}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def agent_name(spec: AgentSpec) -> str:
    """How an agent is named in the table: its spec string, its own ``name`` (a string attribute, as
    ``from_openspiel(..., name=...)`` gives), or its class name.

    >>> agent_name("greedy"), agent_name(make_agent("random"))
    ('greedy', 'RandomAgent')
    """
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) and name else type(spec).__name__


def seat_agent(spec: AgentSpec, seed: int) -> Agent:
    """A fresh agent for one seat of one game: by name, or a copy of an object (reseeded if it can be)."""
    if isinstance(spec, str):
        return make_agent(spec, seed=seed)
    agent = copy.deepcopy(spec)
    reseed = getattr(agent, "reseed", None)
    if callable(reseed):
        reseed(seed)
    return agent


@dataclass(frozen=True)
class Batch:
    """Everything a task needs to play games of a batch (picklable)."""

    mission: str
    agents: tuple[AgentSpec, ...]
    seed: int
    variants: Mapping[str, Any] | None
    turn_cap: int
    record: bool
    cards: str | None = None

    def new_game(self, seed: int) -> Game:
        extra: dict[str, Any] = {} if self.variants is None else {"variants": dict(self.variants)}
        return Game.new(self.mission, seed=seed, turn_cap=self.turn_cap, cards=self.cards, **extra)

    def seats(self, index: int, players: int) -> list[int]:
        """Index into ``agents`` of the agent playing each player in game ``index`` (seats rotate)."""
        return [(p + index) % len(self.agents) for p in range(players)]


def play_game(batch: Batch, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``batch``; its row of the table."""
    seed = game_seed(batch.seed, index)
    game = batch.new_game(seed)
    n = game.num_players
    seats = batch.seats(index, n)
    players = [seat_agent(batch.agents[seats[p]], agent_seed(seed, p)) for p in range(n)]
    army: list[set[str]] | None = None
    decisions = 0
    while not game.is_over:
        if army is None and game.state.step not in SETUP_STEPS:      # the armies as set up (zones, forming)
            army = [set() for _ in range(n)]
            for bat in game.state.battalions.values():
                army[bat.owner].update(bat.cards)
        player = game.current_player
        assert player is not None
        game.apply(players[player].act(game))
        decisions += 1
    return _row(batch, index, seed, game, seats, army or [set() for _ in range(n)], decisions)


def _row(batch: Batch, index: int, seed: int, game: Game, seats: list[int], army: list[set[str]],
         decisions: int) -> dict[str, Any]:
    n = game.num_players
    faction = [a.faction for a in game.mission.armies] or ["mixed"] * n
    guilds = [0] * n
    hirelings = [0] * n
    attacker = ""
    # the kinds read once: an enum member's lookup costs five string comparisons on Python 3.11
    attack_guild, guild_taken, hireling, take = (EventKind.ATTACK_GUILD, EventKind.GUILD_TAKEN, EventKind.HIRELING,
                                                 EventKind.TAKE)
    for e in game.log:
        k = e.kind
        if k == attack_guild:
            attacker = e.args["battalion"]
        elif k == guild_taken:
            guilds[owner(attacker)] += 1
        elif k == hireling:
            p = owner(e.args["battalion"])
            hirelings[p] += 1
            army[p].add(e.args["card"])
        elif k == take:
            army[owner(e.args["battalion"])].add(e.args["card"])
    s = game.state
    held: list[list[str]] = [[] for _ in range(n)]
    battalions = [0] * n
    for bat in s.battalions.values():
        held[bat.owner] += bat.cards
        battalions[bat.owner] += 1
    names = [agent_name(a) for a in batch.agents]
    winner = game.winner
    row: dict[str, Any] = {
        "game": index, "seed": seed, "batch_seed": batch.seed, "mission": batch.mission, "cards": batch.cards or "",
        "variants": json.dumps(dict(batch.variants or {}), sort_keys=True),
        "players": n, "turn_cap": game.rules.turn_cap,
        "agents": ",".join(names), "seats": ",".join(map(str, seats)),
        "first_player": s.order[0],
        "winner": winner,
        "winner_agent": None if winner is None else seats[winner],
        "winner_name": None if winner is None else names[seats[winner]],
        "end_reason": game.end_reason, "turns": game.turn, "decisions": decisions,
        "guilds_taken": sum(guilds), "hirelings_drawn": sum(hirelings),
    }
    for p in range(n):
        row[f"p{p}_agent"] = seats[p]
        row[f"p{p}_name"] = names[seats[p]]
        row[f"p{p}_faction"] = faction[p]
        row[f"p{p}_energy"] = s.energy[p]
        row[f"p{p}_guilds"] = guilds[p]
        row[f"p{p}_hirelings"] = hirelings[p]
        row[f"p{p}_lost"] = len(army[p]) - len(held[p])
        row[f"p{p}_battalions"] = battalions[p]
        row[f"p{p}_strength"] = sum(game.cards[c].strength for c in held[p])
        row[f"p{p}_army"] = " ".join(sorted(army[p]))
    if batch.record:
        row["record"] = RECORD_SEP.join(map(str, game.history))
    return row


def play_chunk(batch: Batch, indices: Sequence[int]) -> list[dict[str, Any]]:
    """Play several games of a batch (one task for an executor)."""
    return [play_game(batch, i) for i in indices]


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def _workers(executor: Executor | None) -> int:
    count = getattr(executor, "_max_workers", None)
    return int(count) if isinstance(count, int) and count > 0 else os.cpu_count() or 1


def simulate(mission: str | list[str], agents: Sequence[AgentSpec], games: int, seed: int = 0,
             variants: Mapping[str, Any] | None = None, executor: Executor | str | None = None,
             progress: bool = True, *, turn_cap: int = DEFAULT_TURN_CAP, record: bool = True,
             chunk_size: int | None = None, cards: str | None = None) -> pd.DataFrame:
    """Play ``games`` games of ``mission`` between ``agents``; a DataFrame with a row per game.

    ``agents``: one per seat, each a name ("random", "greedy", "mcts", with
    options as in ``"mcts:iterations=200"``) or an agent object (copied for
    every game and reseeded through its ``reseed(seed)`` if it has one).
    ``executor``: None plays on a process pool over all local cores (or here,
    for :data:`SERIAL_UP_TO` games or fewer); ``"serial"`` plays here; any
    ``concurrent.futures.Executor`` is used as given, for example a Dask
    cluster's ``Client(...).get_executor()``. ``record=False`` leaves out the
    ``record`` column (the actions, for :func:`replay`). ``cards``: a folder of
    your own card files laid over the shipped set (``dw.load_cards(cards)``); a card
    with a shipped id replaces it in the armies, so the games play with it.

    The columns: ``game`` (index), ``seed``, ``batch_seed`` (the ``seed`` given), ``mission``, ``cards``
    (the folder given, or empty), ``variants`` (JSON),
    ``players``, ``turn_cap``, ``agents`` (names, comma-separated), ``seats``
    (index into ``agents`` per player), ``first_player``, ``winner`` (player or
    missing), ``winner_agent`` (index into ``agents`` or missing),
    ``winner_name``, ``end_reason`` ("annihilation", "mutual" — a draw — or
    "turn-cap"), ``turns``, ``decisions``, ``guilds_taken``,
    ``hirelings_drawn``, then per player ``p0_agent``, ``p0_name``,
    ``p0_faction``, ``p0_energy`` (at the end), ``p0_guilds``,
    ``p0_hirelings``, ``p0_lost`` (cards lost), ``p0_battalions`` and
    ``p0_strength`` (left at the end), ``p0_army`` (every card the player
    held, space-separated), and ``record``.
    """
    if isinstance(agents, str):
        raise DictatorError("simulate.agents")
    if not isinstance(games, int) or games < 0:
        raise DictatorError("simulate.games", got=games)
    batch = Batch(combine(mission), tuple(agents), int(seed), None if variants is None else dict(variants),
                  turn_cap, record, None if cards is None else str(cards))
    probe = batch.new_game(game_seed(batch.seed, 0))       # checks mission, variants and turn cap here
    if len(batch.agents) != probe.num_players:
        raise DictatorError("simulate.seats", mission=mission, seats=probe.num_players, agents=len(batch.agents))
    for spec in batch.agents:                              # an unknown name fails here, not in a worker
        seat_agent(spec, 0)
    with lab_imports():                                    # before any game is played
        import pandas  # noqa: F401
    rows = _run(batch, games, executor, progress, chunk_size)
    return _frame(rows)


def _run(batch: Batch, games: int, executor: Executor | str | None, progress: bool,
         chunk_size: int | None) -> list[dict[str, Any]]:
    with lab_imports():
        from tqdm.auto import tqdm

    bar = tqdm(total=games, disable=not progress, unit="game",
               desc=f"{batch.mission}: {' v '.join(agent_name(a) for a in batch.agents)}")
    try:
        if executor == "serial" or (executor is None and (games <= SERIAL_UP_TO or (os.cpu_count() or 1) < 2)):
            rows = []
            for i in range(games):
                rows.append(play_game(batch, i))
                bar.update(1)
            return rows
        if isinstance(executor, str):
            raise DictatorError("simulate.executor", got=executor)
        if executor is None:
            with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
                return _submit(pool, batch, games, chunk_size, bar)
        return _submit(executor, batch, games, chunk_size, bar)
    finally:
        bar.close()


def _submit(executor: Executor, batch: Batch, games: int, chunk_size: int | None,
            bar: Any) -> list[dict[str, Any]]:
    """The rows of every game, played in chunks on ``executor``. A game that raises stops the batch with the error
    of the first game that fails, in game order, as a serial run would: the chunks before it are awaited, those
    after it cancelled (or their errors ignored), so the error is the same on any executor."""
    size = chunk_size or max(1, min(MAX_CHUNK, -(-games // (4 * _workers(executor)))))
    futures: dict[Future[list[dict[str, Any]]], int] = {
        executor.submit(play_chunk, batch, chunk): chunk.start for chunk in _chunks(games, size)}
    rows: list[dict[str, Any]] = []
    failed: tuple[int, Exception] | None = None
    try:
        for done in as_completed(futures):
            start = futures[done]
            if failed is not None and start > failed[0]:
                continue
            try:
                part = done.result()
            except Exception as exc:
                failed = (start, exc)
                for later, at in futures.items():
                    if at > start:
                        later.cancel()
                continue
            rows += part
            bar.update(len(part))
    except BaseException:
        for f in futures:
            f.cancel()
        raise
    if failed is not None:
        raise failed[1]
    return rows


def _frame(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    with lab_imports():
        import pandas as pd

    df = pd.DataFrame.from_records(sorted(rows, key=lambda r: int(r["game"])))
    if df.empty:
        return df
    for col in ("winner", "winner_agent"):
        df[col] = df[col].astype("Int64")
    df.index = pd.RangeIndex(len(df))
    return df


def replay(row: Mapping[str, Any] | Any, upto: int | None = None) -> Game:
    """Rebuild a simulated game from its row (its ``record``, else by replaying its named agents).

    ``upto`` stops after that many decisions. The game comes back with its
    history and log, so ``undo`` and the widget's timeline work on it.
    """
    extra: dict[str, Any] = {}
    variants = json.loads(str(row["variants"])) if "variants" in row else {}
    if variants:
        extra["variants"] = variants
    if "cards" in row and isinstance(row["cards"], str) and row["cards"]:
        extra["cards"] = row["cards"]
    game = Game.new(str(row["mission"]), seed=int(row["seed"]), turn_cap=int(row["turn_cap"]), **extra)
    record = row.get("record", None)
    if isinstance(record, str):
        actions = [a for a in record.split(RECORD_SEP) if a]
        for text in actions[:upto]:
            game.apply(text)
        return game
    names = str(row["agents"]).split(",")
    seats = [int(x) for x in str(row["seats"]).split(",")]
    players = [make_agent(names[seats[p]], seed=agent_seed(int(row["seed"]), p)) for p in range(game.num_players)]
    while not game.is_over and (upto is None or len(game.history) < upto):
        player = game.current_player
        assert player is not None
        game.apply(players[player].act(game))
    return game
