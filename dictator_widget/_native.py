"""Which build of the engine runs: the compiled one (``make compiled``, mypyc) or pure Python.

``make compiled`` puts an extension module beside each compiled module's .py, and Python imports it
first. :func:`install` (run by ``import dictator_widget`` before the engine loads) keeps a stale build
from running: when a source has changed since the build (:data:`MANIFEST` holds a hash of each), every
compiled module is loaded from its .py instead (they call each other natively: a mix of old compiled
and new pure modules would be wrong), with one :class:`CompiledBuildWarning` naming the changed files
and the command that rebuilds. ``DW_PURE=1`` in the environment runs pure Python over a fresh build
(the tests replay the golden records that way). A wheel holds no compiled file: it always runs pure.

>>> import dictator_widget as dw
>>> isinstance(dw.compiled(), tuple)       # the modules running compiled: () in pure Python
True
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_native.json"
"""Written by ``scripts/compile_engine.py``: the compiled modules and a hash of each source of their packages."""
GROUP = "dictator_widget_native"
"""mypyc's group: the shared library ``dictator_widget_native__mypyc.*.so`` beside the package (where mypyc
works out its modules' ``__file__`` from) that the modules' extension shims load."""
REBUILD = "`make compiled` (or `make pure` to remove the build)"


class CompiledBuildWarning(RuntimeWarning):
    """The compiled build does not match the sources: pure Python runs instead."""


def built_files() -> list[Path]:
    """The extension modules of a build that this interpreter would import: in the package's tree, and the
    shared library beside it."""
    return sorted({p for suffix in importlib.machinery.EXTENSION_SUFFIXES
                   for p in [*PACKAGE.rglob(f"*{suffix}"), *PACKAGE.parent.glob(f"{GROUP}__mypyc{suffix}")]})


def module_name(path: Path) -> str:
    """``dictator_widget/engine/rules/battle.cpython-311-x86_64-linux-gnu.so`` -> its module's name."""
    parts = path.relative_to(PACKAGE.parent).parts
    return ".".join([*parts[:-1], parts[-1].split(".")[0]])


def source_hashes(modules: Sequence[str]) -> dict[str, str]:
    """A hash of each .py in the subpackages that hold ``modules`` (what their compiled code was built
    from: a compiled module inlines its imports' constants and class layouts)."""
    roots = sorted({PACKAGE.parent.joinpath(*m.split(".")[:2]) for m in modules})
    return {str(p.relative_to(PACKAGE.parent)): hashlib.sha256(p.read_bytes()).hexdigest()[:16]
            for root in roots for p in sorted(root.rglob("*.py"))}


def stale(built: list[Path]) -> str | None:
    """Why the compiled files ``built`` must not run (None: they match their sources)."""
    if not MANIFEST.exists():
        return "compiled files without the build's manifest (an interrupted build?)"
    manifest = json.loads(MANIFEST.read_text())
    modules = manifest["modules"]
    if sorted(module_name(p) for p in built) != sorted([*modules, f"{GROUP}__mypyc"]):
        return "the compiled files are not the ones the build made"
    now, then = source_hashes(modules), manifest["sources"]
    changed = sorted(name for name in now.keys() | then.keys() if now.get(name) != then.get(name))
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"{', '.join(changed[:3])}{more} changed since the build"
    return None


class _PureFinder(importlib.abc.MetaPathFinder):
    """Loads the named modules from their .py files, never from the extension module beside them."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.names or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            file = os.path.join(entry, f"{leaf}.py")
            if os.path.isfile(file):
                return importlib.util.spec_from_file_location(fullname, file)
        return None


def install() -> None:
    """Run pure Python when the compiled build is stale (one warning) or ``DW_PURE`` is set; else nothing."""
    built = built_files() if MANIFEST.exists() or any(PACKAGE.parent.glob(f"{GROUP}__mypyc*")) else []
    if not built:
        return
    reason = stale(built)
    if reason is None and not os.environ.get("DW_PURE"):
        return
    if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder({module_name(p) for p in built}))
    if reason is not None:
        warnings.warn(f"dictator_widget runs pure Python: the compiled engine is stale ({reason}); "
                      f"rebuild it with {REBUILD}", CompiledBuildWarning, stacklevel=3)


def compiled() -> tuple[str, ...]:
    """The modules that run compiled code (mypyc, ``make compiled``); ``()``: the whole package runs pure Python.

    >>> import dictator_widget as dw
    >>> all(name.startswith("dictator_widget.") for name in dw.compiled())
    True
    """
    if not MANIFEST.exists():
        return ()
    names = json.loads(MANIFEST.read_text())["modules"]
    files = [importlib.import_module(name).__file__ or "" for name in names]
    return tuple(n for n, f in zip(names, files, strict=True) if not f.endswith(".py"))
