"""The compiled engine (``make compiled``, docs/rules-engine.md "Compiled path") plays the same games as pure
Python, and a stale build never runs.

``make test`` runs the suite on the compiled build; here the golden games that reach every branch
(``tests/golden/pure.json``) and the search fingerprint are replayed under pure Python (``DW_PURE=1``) in a
subprocess. The fallback tests plant builds in a copy of the
package: a build's files beside sources that changed after it must not be imported.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import dictator_widget as dw
from dictator_widget import _native
from tests.golden.records import games, key

PURE = Path(__file__).resolve().parent / "golden" / "pure.json"

REPO = Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
PLANTED = ["dictator_widget.engine.rules.battle", "dictator_widget.engine.rules.maneuvers"]
PLAY = """
import json, sys, dictator_widget as dw
game = dw.Game.new("standard", seed=3)
while not game.is_over:
    game.apply(game.legal_actions()[0])
battle = sys.modules["dictator_widget.engine.rules.battle"]
print(json.dumps({"compiled": dw.compiled(), "battle": battle.__file__, "end": game.end_reason}))
"""


def _copy(tmp_path: Path) -> ModuleType:
    """A copy of the package without any build (the cards beside it); returns the copy's ``_native``."""
    shutil.copytree(REPO / "dictator_widget", tmp_path / "dictator_widget",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "_native.json", "__pycache__", "static"))
    (tmp_path / "cards").symlink_to(REPO / "cards")
    spec = importlib.util.spec_from_file_location("_copied_native", tmp_path / "dictator_widget" / "_native.py")
    assert spec is not None and spec.loader is not None
    native = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(native)
    return native


def _plant(native: ModuleType, manifest: bool = True) -> None:
    """A build's files (empty: importing one fails) for :data:`PLANTED`, and its manifest of today's sources."""
    for name in [*PLANTED, f"{native.GROUP}__mypyc"]:
        native.PACKAGE.parent.joinpath(*name.split(".")).with_suffix(SUFFIX).write_bytes(b"")
    if manifest:
        native.MANIFEST.write_text(json.dumps({"modules": PLANTED, "opt_level": "3",
                                               "sources": native.source_hashes(PLANTED)}))


def _run(tmp_path: Path, pure: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DW_PURE", "PYTHONPATH")}
    if pure:
        env["DW_PURE"] = "1"
    return subprocess.run([sys.executable, "-W", "always", "-c", PLAY], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_build_older_than_a_source_is_not_run_and_says_so(tmp_path: Path) -> None:
    native = _copy(tmp_path)
    _plant(native)
    with (native.PACKAGE / "engine" / "rules" / "flow.py").open("a") as f:
        f.write("# edited after the build\n")
    run = _run(tmp_path)
    assert run.returncode == 0, run.stderr
    assert "CompiledBuildWarning" in run.stderr and "dictator_widget/engine/rules/flow.py changed" in run.stderr
    assert "make compiled" in run.stderr and run.stderr.count("CompiledBuildWarning") == 1, run.stderr
    out = json.loads(run.stdout)
    assert out["compiled"] == [] and out["battle"] == str(native.PACKAGE / "engine" / "rules" / "battle.py")


def test_build_files_without_their_manifest_are_not_run(tmp_path: Path) -> None:
    native = _copy(tmp_path)
    _plant(native, manifest=False)
    run = _run(tmp_path)
    assert run.returncode == 0 and "without the build's manifest" in run.stderr, run.stderr
    assert json.loads(run.stdout)["compiled"] == []


def test_dw_pure_runs_a_fresh_build_as_pure_python_silently(tmp_path: Path) -> None:
    native = _copy(tmp_path)
    _plant(native)
    run = _run(tmp_path, pure=True)
    assert run.returncode == 0 and "Warning" not in run.stderr, run.stderr
    assert json.loads(run.stdout)["battle"].endswith("battle.py")


def test_a_fresh_build_is_imported(tmp_path: Path) -> None:
    """The planted files are empty: a fresh build's are imported, so importing fails (nothing falls back)."""
    native = _copy(tmp_path)
    _plant(native)
    assert native.stale(native.built_files()) is None
    run = _run(tmp_path)
    assert run.returncode != 0 and re.search(r"ImportError.*(battle|maneuvers|native__mypyc)", run.stderr), run.stderr


def test_the_checkouts_build_is_fresh_and_runs_compiled() -> None:
    """In a checkout with ``make compiled`` (make test builds it) every listed module runs compiled."""
    if not _native.MANIFEST.exists():
        pytest.skip("no compiled build in this checkout (make compiled)")
    listed = json.loads(_native.MANIFEST.read_text())["modules"]
    assert _native.stale(_native.built_files()) is None, "the build is stale: make compiled"
    assert not os.environ.get("DW_PURE") and list(dw.compiled()) == listed
    assert all(sys.modules[name].__file__.endswith(SUFFIX) for name in listed)  # type: ignore[union-attr]


def _pure_env(pure: bool = True) -> dict[str, str]:
    """This process's environment, pure Python or not; skips where the checkout itself runs pure."""
    if not dw.compiled():
        pytest.skip("this checkout runs pure Python: the suite itself is the pure run")
    env = {k: v for k, v in os.environ.items() if k != "DW_PURE"}
    return {**env, "DW_PURE": "1"} if pure else env


PURE_GAMES = [g for g in games() if key(*g) in json.loads(PURE.read_text())["games"]]


@pytest.mark.slow
def test_pure_python_replays_the_golden_games_that_reach_every_branch() -> None:
    """Golden records replay under pure Python too (the suite replays them all compiled): the games of
    tests/golden/pure.json, which together reach every branch of the engine and the bots that the golden games
    reach (``checks/golden_coverage.py --cover`` chose them), so pure Python and the build are held to the same
    result on every branch."""
    replay = ("import json, sys, dictator_widget as dw\n"
              "from tests.golden.records import FILE, key, play\n"
              "mine = json.loads(sys.argv[1])\n"
              "stored = json.loads(FILE.read_text())\n"
              "differ = [key(*g) for g in mine if play(*g) != stored[key(*g)]]\n"
              "print(json.dumps({'compiled': dw.compiled(), 'games': len(mine), 'differ': differ[:5]}))\n")
    run = subprocess.run([sys.executable, "-c", replay, json.dumps(PURE_GAMES)], cwd=REPO, env=_pure_env(),
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["compiled"] == [] and out["games"] == len(PURE_GAMES) and out["differ"] == [], out


def test_the_pure_replays_games_are_golden_games() -> None:
    chosen = json.loads(PURE.read_text())["games"]
    assert len(PURE_GAMES) == len(chosen) == len(set(chosen)) and 0 < len(chosen) < len(games())
    assert {greedy for _, _, greedy in PURE_GAMES} == {True, False}


def test_the_choice_of_those_games_passes_its_doctests() -> None:
    """checks/ is not collected for doctests; the cover's own examples run here."""
    import doctest

    from checks import golden_coverage

    result = doctest.testmod(golden_coverage)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.slow
def test_the_search_fingerprint_is_the_same_pure_and_compiled() -> None:
    """The visits and values of MCTS searches (benchmarks/search_fingerprint.py) are the same under both builds."""
    hashes = []
    for pure in (True, False):
        run = subprocess.run([sys.executable, "benchmarks/search_fingerprint.py"], cwd=REPO, capture_output=True,
                             text=True, timeout=600, env=_pure_env(pure))
        assert run.returncode == 0, run.stderr
        hashes.append(re.search(r"^all\s+([0-9a-f]{16})", run.stdout, re.M))
    assert hashes[0] and hashes[1] and hashes[0][1] == hashes[1][1], hashes


def test_the_compiled_modules_doctests_pass_in_pure_python() -> None:
    """The suite cannot collect doctests from an extension module (conftest.py): they run here, pure."""
    env = _pure_env()
    files = [str(REPO.joinpath(*name.split(".")).with_suffix(".py")) for name in dw.compiled()]
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-q", "--doctest-modules", *files],
                         cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and " passed" in run.stdout, run.stdout + run.stderr
