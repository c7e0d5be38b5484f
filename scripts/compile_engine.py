"""Compile the rules engine with mypyc, in place (``make compiled``), or remove the build (``make pure``).

    python scripts/compile_engine.py [--opt 1] [--jobs 2]      # build: a .so beside each module's .py
    python scripts/compile_engine.py --pure                    # remove every built file

The checkout's editable install then imports the compiled modules (Python prefers an extension module to
the .py beside it). The build writes ``dictator_widget/_native.json``: the compiled modules and a
hash of every source the build read; ``import dictator_widget`` runs pure Python, with a warning naming the
changed file, when a source no longer matches (see ``dictator_widget/_native.py``). The wheel stays pure
(JupyterLite): the built files are git-ignored and excluded from it.

To compile one more module, add it to :data:`MODULES` (it must pass ``mypy --strict``; a class that
subclasses a built-in container stays Python, and ``__class__`` may be set only to a Python subclass of a class
that allows one: see docs/rules-engine.md, "Compiled path"), run ``make compiled`` and the tests
(``tests/test_compiled.py`` and the module's own).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _native() -> ModuleType:
    """``dictator_widget/_native.py`` by itself: importing the package would load the engine being rebuilt."""
    spec = importlib.util.spec_from_file_location("_dw_native", ROOT / "dictator_widget" / "_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = _native()

MODULES = [
    "dictator_widget.engine.rules.state",
    "dictator_widget.engine.rules.hexes",
    "dictator_widget.engine.rules.actions",
    "dictator_widget.engine.rules.maneuvers",
    "dictator_widget.engine.rules.battle",
    "dictator_widget.engine.rules.effects",
    "dictator_widget.engine.rules.flow",
    "dictator_widget.engine.rules.spoils",
    "dictator_widget.engine.rules.conclude",
    "dictator_widget.engine.rules.setup",
    "dictator_widget.engine.rules.log",
    "dictator_widget.engine.rules.table",
    "dictator_widget.engine.rules.game",
    "dictator_widget.agents.heuristics",
    "dictator_widget.agents.scores",
    "dictator_widget.agents.value",
]
"""The modules compiled (mypyc compiles them together: their calls to each other are native). The agents'
scoring is compiled, not their classes (``GreedyAgent``, ``MCTSAgent``): bots subclass them, and a compiled
class cannot be subclassed in Python."""


def remove_build() -> list[Path]:
    """Delete the built extension modules and the manifest; returns what was removed."""
    gone = [*native.built_files(), *([native.MANIFEST] if native.MANIFEST.exists() else [])]
    for path in gone:
        path.unlink()
    return gone


def up_to_date(modules: list[str], opt_level: str) -> bool:
    """Is the build in place made of ``modules`` at ``opt_level`` from today's sources?"""
    if not native.MANIFEST.exists():
        return False
    manifest = json.loads(native.MANIFEST.read_text())
    built = native.built_files()
    return (manifest["modules"], manifest["opt_level"]) == (modules, opt_level) and native.stale(built) is None


def build(modules: list[str], opt_level: str, jobs: int) -> None:
    """Compile ``modules`` in place, check that a fresh interpreter runs them compiled, write the manifest."""
    from mypyc.build import mypycify
    from setuptools import setup

    remove_build()
    os.chdir(ROOT)
    sources = native.source_hashes(modules)          # before the build reads them: an edit meanwhile is stale
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in modules]
    extensions = mypycify(["--config-file", str(mypy_config()), *paths], opt_level=opt_level, multi_file=True,
                          group_name=native.GROUP, target_dir="build/mypyc")
    _compile_in_parallel(jobs)
    setup(name="dictator_widget_native", packages=[], ext_modules=extensions, script_args=[
        "--quiet", "build_ext", "--force", "--inplace", "--build-temp", "build/mypyc/temp", f"--parallel={jobs}"])
    native.MANIFEST.write_text(json.dumps({
        "python": sys.version.split()[0], "opt_level": opt_level, "modules": modules, "sources": sources,
    }, indent=1) + "\n")
    check = "import dictator_widget as dw, sys; sys.exit(list(dw.compiled()) != sys.argv[1:])"
    ran = subprocess.run([sys.executable, "-W", "error", "-c", check, *modules], cwd=ROOT, env=_compiled_env())
    if ran.returncode != 0:
        remove_build()
        sys.exit("the compiled modules did not import as compiled (see above): build removed, pure Python runs")


def mypy_config() -> Path:
    """The type check mypyc runs: pyproject.toml's ``[tool.mypy]``, with imports outside the package skipped.

    mypyc keeps every module's syntax tree with its types (``preserve_asts``), so mypy analyses the body of each
    function of every package the engine's package imports, down to optuna, SQLAlchemy and PIL: 47 s of the
    build's 53 s before the C was written (2026-12-07). The compiled modules use none of their types; skipped,
    they are ``Any`` to mypy, and the C written is the same, byte for byte. Written to ``build/mypyc/mypy.ini``.
    """
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    ini = ["[mypy]", *(f"{k} = {_ini(v)}" for k, v in settings.items() if k not in ("packages", "overrides")),
           "follow_imports = skip", "", "[mypy-dictator_widget.*]", "follow_imports = normal"]
    path = ROOT / "build" / "mypyc" / "mypy.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(ini) + "\n")
    return path


def _ini(value: object) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _compile_in_parallel(jobs: int) -> None:
    """Compile one extension's C files ``jobs`` at a time (setuptools runs them one by one; ``--parallel``
    spreads only whole extensions, and the engine is one: a C file per module, ``multi_file``)."""
    from distutils.ccompiler import CCompiler  # setuptools' copy (it is imported first)

    def compile(self: CCompiler, sources: list[str], output_dir: str | None = None, macros: object = None,
                include_dirs: list[str] | None = None, debug: bool = False, extra_preargs: list[str] | None = None,
                extra_postargs: list[str] | None = None, depends: list[str] | None = None) -> list[str]:
        macros, objects, extra, pp_opts, build = self._setup_compile(  # type: ignore[attr-defined]
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)  # type: ignore[attr-defined]
        with ThreadPoolExecutor(jobs) as pool:         # each compiler is a process: threads wait on them
            list(pool.map(lambda obj: self._compile(obj, *build[obj], cc_args, extra, pp_opts), objects))
        return objects  # type: ignore[no-any-return]

    CCompiler.compile = compile  # type: ignore[method-assign]


def _compiled_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "DW_PURE"}


def main() -> None:
    start = time.perf_counter()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pure", action="store_true", help="remove the compiled files")
    parser.add_argument("--opt", default="1", choices="0123",
                        help="the C compiler's optimization level (1: as fast as 3 and a third less to build)")
    parser.add_argument("--also", nargs="*", default=[], help="more modules to compile (to try one)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="C files compiled at once")
    args = parser.parse_args()
    if args.pure:
        gone = remove_build()
        print(f"removed {len(gone)} built files: pure Python")
    else:
        modules = MODULES + [m for m in args.also if m not in MODULES]
        if up_to_date(modules, args.opt):
            native.MANIFEST.touch()                  # for make: the sources changed in time, not in content
            print(f"the compiled build of {len(modules)} modules is up to date")
            return
        build(modules, args.opt, args.jobs)
        print(f"compiled {len(modules)} modules at -O{args.opt} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
    sys.stdout.flush()
    os._exit(0)        # not sys.exit: tearing down mypy's type-check at exit took 17 s, the build itself 55 s
