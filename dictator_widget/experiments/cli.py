"""``dictator-sim``: headless batches from the command line, and replays of their games.

    dictator-sim --mission standard --agents greedy,random --games 10000 --out results.csv
    dictator-sim --variants guild_strength=4,siege_tokens=true --games 500 --out house.csv
    dictator-sim replay results.csv 17 --html game-17.html

Writes the table (``.csv``, or ``.parquet`` where pyarrow is installed) and
prints the design metrics; the outliers come as ``dictator-sim replay`` commands
for the saved table. Agents take options after a colon:
``--agents mcts:iterations=200,greedy``. ``replay`` rebuilds one row's game and
prints its log, or writes it as an HTML replay (``--html``, see ``dw.export_html``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine import DEFAULT_TURN_CAP, DictatorError
from .extra import lab_imports


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dictator-sim", description="Play batches of Dictator-Control between bots.",
                                epilog="dictator-sim replay TABLE ROW [--html out.html]: one game of a saved table "
                                       "(dictator-sim replay --help)")
    p.add_argument("--mission", default="standard",
                   help="mission name or a combination such as fog-of-war+chaos (default: standard)")
    p.add_argument("--agents", default="greedy,random",
                   help="one agent per seat, comma-separated: random, greedy, mcts[:iterations=N]")
    p.add_argument("--games", type=int, default=100, help="number of games (default: 100)")
    p.add_argument("--seed", type=int, default=0, help="batch seed (default: 0)")
    p.add_argument("--variants", type=variants_arg, default=None, metavar="NAME=VALUE,...",
                   help="rule variants, e.g. guild_strength=4,siege_tokens=true (or a JSON object)")
    p.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP, help=f"turn cap (default: {DEFAULT_TURN_CAP})")
    p.add_argument("--workers", type=int, default=None,
                   help="processes (default: all cores; 1 plays in this process)")
    p.add_argument("--dask", metavar="ADDRESS", default=None,
                   help="a Dask scheduler address (tcp://host:8786) to play on a cluster")
    p.add_argument("--out", type=Path, default=None, help="write the table here: .csv or .parquet")
    p.add_argument("--no-record", action="store_true", help="leave out the record column (the actions)")
    p.add_argument("--quiet", action="store_true", help="no progress bar and no metrics")
    return p


def variants_arg(text: str) -> dict[str, Any]:
    """``--variants``: ``name=value`` pairs joined by commas (numbers and true/false read as such), or JSON.

    >>> variants_arg("guild_strength=4,siege_tokens=true")
    {'guild_strength': 4, 'siege_tokens': True}
    >>> variants_arg('{"guild_strength": 5}')
    {'guild_strength': 5}
    >>> variants_arg("guild_strength")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'guild_strength' is not name=value (e.g. guild_strength=4,siege_tokens=true)
    """
    if text.lstrip().startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise argparse.ArgumentTypeError(f"--variants is not valid JSON: {exc}") from None
        if not isinstance(value, dict):
            raise argparse.ArgumentTypeError("--variants as JSON must be an object")
        return value
    out: dict[str, Any] = {}
    for part in filter(None, (x.strip() for x in text.split(","))):
        name, eq, raw = part.partition("=")
        if not eq or not name.strip():
            raise argparse.ArgumentTypeError(f"{part!r} is not name=value (e.g. guild_strength=4,siege_tokens=true)")
        low = raw.strip().lower()
        out[name.strip()] = (True if low == "true" else False if low == "false"
                             else int(low) if low.lstrip("-").isdigit() else raw.strip())
    return out


def replay_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dictator-sim replay", description="Rebuild one game of a saved table: "
                                "print its log, or write an HTML replay.")
    p.add_argument("table", type=Path, help="a table written by dictator-sim --out (.csv or .parquet)")
    p.add_argument("row", type=int, help="the row (as the outlier lines print it)")
    p.add_argument("--html", type=Path, default=None, help="write a self-contained HTML replay here")
    p.add_argument("--lang", choices=("en", "ru"), default="en", help="language of the log and the replay")
    return p


def replay_main(argv: Sequence[str]) -> int:
    """``dictator-sim replay TABLE ROW [--html out.html] [--lang ru]``."""
    args = replay_parser().parse_args(argv)
    from .simulate import replay

    try:
        df = read_table(args.table)
        if args.row not in df.index:
            raise DictatorError(f"{args.table} has rows 0..{len(df) - 1}, not {args.row}")
        game = replay(df.loc[args.row])
        if args.html is None:
            print("\n".join(game.log.texts(args.lang)))
            return 0
        from ..ui.replay_html import export_html

        path = export_html(game, args.html, lang=args.lang)
    except (DictatorError, OSError) as exc:
        print(f"dictator-sim replay: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {path} ({len(game.history)} decisions): open it in any browser")
    return 0


def read_table(path: Path) -> Any:
    """A table that ``--out`` wrote (a pandas DataFrame)."""
    with lab_imports():
        import pandas as pd
    if not path.exists():
        raise DictatorError(f"no table at {path}")
    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    if path.suffix == ".csv":
        return pd.read_csv(path)
    raise DictatorError(f"a table is a .csv or .parquet file, not {path.name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["replay"]:
        return replay_main(argv[1:])
    args = parser().parse_args(argv)
    from concurrent.futures import Executor, ProcessPoolExecutor

    from . import metrics
    from .simulate import simulate

    agents = [a for a in args.agents.split(",") if a]
    if args.out is not None and args.out.suffix not in (".csv", ".parquet"):
        print(f"dictator-sim: --out must end in .csv or .parquet, not {args.out.name!r}", file=sys.stderr)
        return 2
    try:
        executor: Executor | str | None = None
        client: Any = None
        if args.dask:
            client = importlib.import_module("distributed").Client(args.dask)
            executor = client.get_executor()
        elif args.workers == 1:
            executor = "serial"
        elif args.workers:
            executor = ProcessPoolExecutor(max_workers=args.workers)
        try:
            df = simulate(args.mission, agents, args.games, seed=args.seed, executor=executor,
                          progress=not args.quiet, turn_cap=args.turn_cap, record=not args.no_record,
                          variants=args.variants)
        finally:
            if isinstance(executor, ProcessPoolExecutor):
                executor.shutdown()
            if client is not None:
                client.close()
    except DictatorError as exc:
        print(f"dictator-sim: {exc}", file=sys.stderr)
        return 2
    if args.out is not None:
        if args.out.suffix == ".parquet":
            try:
                df.to_parquet(args.out, index=False)
            except ImportError:
                print("dictator-sim: Parquet needs pyarrow (pip install 'dictator_widget[parquet]')", file=sys.stderr)
                return 2
        else:
            df.to_csv(args.out, index=False)
    if not args.quiet:
        print(metrics.summary(df, table=args.out, shell=True))
        if args.out is not None:
            print(f"\nwrote {len(df)} games to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
