"""Build the JupyterLite site (``make lite``): the game in a browser tab, with no server and no network.

    python scripts/build_lite.py [--out build/lite] [--force]

What goes in (docs/classroom.md, docs/testing.md):

- Pyodide's core from the npm package ``pyodide`` (``node_modules/pyodide``, pinned in
  package.json to the version the Pyodide kernel expects), under ``static/pyodide/``;
- beside it, the pure-Python wheels that the kernel loads from Pyodide's lock file at start
  (micropip, IPython and what it needs, jedi) and the play dependencies that the lock also
  lists (networkx, traitlets, typing-extensions), fetched from PyPI at build time; each one's
  file name and sha256 written into its entry of ``pyodide-lock.json``;
- in ``pypi/`` (piplite's index, PyPI fallback off): our wheel and the play dependencies that
  the lock lacks (anywidget, ipywidgets, jupyterlab_widgets, comm, psygnal);
- the play notebooks (01, 02), each with a first cell that installs the package (``%pip install`` is
  piplite here). A notebook that imports what the site cannot serve is refused (:func:`lite_ready`): 04 and
  06 need pandas and matplotlib (the lab), which need numpy, and no registry this build reaches has
  Pyodide builds of them for this Pyodide (searched 2026-12-04: npm's ``pyodide`` holds the core only;
  PyPI has ``pyemscripten`` wheels of pandas for cp312/2024_0 and of contourpy, none of numpy or
  matplotlib), so the site holds the notebooks that run with no network.

The site is rebuilt only when an input changed (``.inputs`` in the output holds their hash).
jupyterlite-core and the Pyodide kernel (the ``lite`` extra of pyproject.toml) live in a venv of their
own, ``build/lite-tools``: installed beside JupyterLab, the kernel's extension logs an error in every
JupyterLab page (it needs JupyterLite's services), which would fail the browser tests and puzzle users.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import version as installed
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = ["01-play.ipynb", "02-training-mission.ipynb"]
SERVED = {"dictator_widget", "anywidget", "ipywidgets", "networkx", "traitlets", "IPython", "micropip"}
"""What a notebook on the site may import beyond the standard library: our wheel and what it needs."""
KERNEL_START = ["micropip", "jedi", "ipython"]          # what the Pyodide kernel loads before the first cell
PLAY = ["networkx", "anywidget", "ipywidgets", "traitlets", "comm", "psygnal", "typing-extensions",
        "jupyterlab-widgets"]                           # our wheel's dependencies, all the way down
EXTENSIONS = ["@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget"]
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js",
                "package.json"]
INSTALL_CELL = ("# JupyterLite: install the game from this site (no network needed)\n"
                "%pip install -q dictator_widget")
INPUTS = ["dictator_widget", "cards", "pyproject.toml", "package-lock.json", "scripts/build_lite.py",
          *(f"notebooks/{n}" for n in NOTEBOOKS)]


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def inputs_hash() -> str:
    """A hash of everything the site is built from (the built front end included)."""
    h = hashlib.sha256()
    for item in INPUTS:
        path = REPO / item
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            if "__pycache__" in f.parts:
                continue
            h.update(str(f.relative_to(REPO)).encode())
            h.update(f.read_bytes())
    h.update(sys.version.encode())
    return h.hexdigest()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pip_download(specs: list[str], dest: Path, python: str) -> list[Path]:
    """Pure-Python wheels for Pyodide's Python from PyPI (cached in ``dest``), one for each ``name==version``;
    what is not cached yet comes in one pip run (a run costs about a second of CPU before it downloads)."""
    dest.mkdir(parents=True, exist_ok=True)
    missing = [spec for spec in specs if _cached(spec, dest) is None]
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                        "--python-version", python, "--platform", "any", "--implementation", "py", "--abi", "none",
                        "-d", str(dest), *missing], check=True)
    found = [_cached(spec, dest) for spec in specs]
    if None in found:
        raise SystemExit(f"pip downloaded no wheel for {specs[found.index(None)]} into {dest}")
    return [whl for whl in found if whl is not None]


def _cached(spec: str, dest: Path) -> Path | None:
    name, _, version = spec.partition("==")
    for whl in dest.glob("*.whl"):
        w_name, w_version = whl.name.split("-")[:2]
        if norm(w_name) == norm(name) and (not version or w_version == version):
            return whl
    return None


def requires(wheel: Path) -> set[str]:
    """The names a wheel needs, whatever the platform (no extras)."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        text = z.read(meta).decode()
    out = set()
    for line in text.splitlines():
        if line.startswith("Requires-Dist:") and "extra ==" not in line:
            out.add(norm(re.split(r"[\s;<>=!~\[(]", line.split(":", 1)[1].strip())[0]))
    return out


def lock_wheels(lock: dict[str, Any], pyodide_dir: Path, cache: Path, python: str) -> list[str]:
    """Fetch the lock's wheels that the kernel and the game load; point their entries at them (name, sha256).

    A replaced entry keeps only the dependencies its wheel really needs (Pyodide's networkx entry
    lists numpy and matplotlib, which networkx itself does not require)."""
    packages = lock["packages"]
    by_norm = {norm(k): k for k in packages}
    todo = [by_norm[norm(n)] for n in [*KERNEL_START, *PLAY] if norm(n) in by_norm]
    done: list[str] = []
    while todo:                                     # a level of dependencies at a time, each in one pip run
        level = sorted(set(todo) - set(done))
        wheels = pip_download([f"{packages[k]['name']}=={packages[k]['version']}" for k in level], cache, python)
        todo = []
        for key, wheel in zip(level, wheels, strict=True):
            entry = packages[key]
            shutil.copy2(wheel, pyodide_dir / wheel.name)
            needed = requires(wheel)
            entry["depends"] = [d for d in entry["depends"] if norm(d) in needed]
            entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
            done.append(key)
            todo += [by_norm[norm(d)] for d in entry["depends"]]
    for key in list(packages):                      # what is not served here cannot be loaded: say so plainly
        if key not in done:
            del packages[key]
    return sorted(done)


def own_wheel(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("dictator_widget-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dest), str(REPO)], check=True)
    (wheel,) = dest.glob("dictator_widget-*.whl")
    return wheel


def imports(notebook: Path) -> set[str]:
    """The top-level modules a notebook's code cells import (``%`` magics and ``!`` lines left out)."""
    import ast

    found: set[str] = set()
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                found |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return found


def lite_ready(notebook: Path) -> list[str]:
    """What a notebook imports that the site cannot serve (empty: it runs there).

    >>> lite_ready(REPO / "notebooks" / "01-play.ipynb")
    []
    >>> lite_ready(REPO / "notebooks" / "04-design-a-card.ipynb")
    ['matplotlib', 'pandas']
    """
    return sorted(m for m in imports(notebook) if m not in SERVED and m not in sys.stdlib_module_names)


def notebook_with_install_cell(src: Path, dest: Path) -> None:
    missing = lite_ready(src)
    if missing:
        raise SystemExit(f"{src.name} cannot run on the site: it imports {', '.join(missing)}, which the site "
                         "cannot serve with no network (no Pyodide build of them in the registries it reaches)")
    nb = json.loads(src.read_text(encoding="utf-8"))
    cell: dict[str, Any] = {"cell_type": "code", "execution_count": None, "id": "lite-install", "metadata": {},
                            "outputs": [], "source": INSTALL_CELL.splitlines(keepends=True)}
    nb["cells"].insert(0, cell)
    dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")


def tools(where: Path) -> Path:
    """The venv with jupyterlite-core, the Pyodide kernel and the widget extensions; returns its bin folder."""
    extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]["lite"]
    specs = [*extra, *(f"{name}=={installed(name)}" for name in ("anywidget", "jupyterlab_widgets", "jupyter_server"))]
    stamp = where / "specs.json"
    if not (stamp.exists() and json.loads(stamp.read_text()) == specs):
        shutil.rmtree(where, ignore_errors=True)
        uv = Path(sys.executable).with_name("uv")          # make's venv has it: 3 CPU-s where pip took 31
        subprocess.run([str(uv), "venv", "-q", "--python", sys.executable, str(where)], check=True)
        subprocess.run([str(uv), "pip", "install", "-q", "--python", str(where / "bin" / "python"), *specs],
                       check=True)
        stamp.write_text(json.dumps(specs))
    return where / "bin"


def build(out: Path, force: bool = False) -> Path:
    digest = inputs_hash()
    stamp = out / ".inputs"
    if not force and stamp.exists() and stamp.read_text() == digest:
        print(f"{out} is up to date")
        return out
    bin_dir = tools(out.parent / f"{out.name}-tools")
    probe = ("import json; from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION as p, "
             "PYODIDE_VERSION as v; print(json.dumps([v, p]))")
    expected, python = json.loads(subprocess.run([str(bin_dir / "python"), "-c", probe], check=True,
                                                 capture_output=True, text=True).stdout)
    npm_pyodide = REPO / "node_modules" / "pyodide"
    if not (npm_pyodide / "package.json").exists():
        raise SystemExit("node_modules/pyodide is missing: run 'npm ci' (package.json pins Pyodide)")
    version = json.loads((npm_pyodide / "package.json").read_text())["version"]
    if version != expected:
        raise SystemExit(f"node_modules/pyodide is {version}; the Pyodide kernel expects {expected}: "
                         "pin that version in package.json and run npm ci")
    src, cache = out.parent / f"{out.name}-src", out.parent / f"{out.name}-cache"
    shutil.rmtree(src, ignore_errors=True)
    pyodide_dir = src / "static" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(npm_pyodide / name, pyodide_dir / name)
    lock = json.loads((npm_pyodide / "pyodide-lock.json").read_text())
    served = lock_wheels(lock, pyodide_dir, cache / "lock", python)
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))

    pypi = src / "pypi"
    pypi.mkdir()
    shutil.copy2(own_wheel(cache / "own"), pypi)
    unserved = [f"{name}=={installed(name)}" for name in PLAY if norm(name) not in {norm(k) for k in served}]
    for wheel in pip_download(unserved, cache / "pypi", python):
        shutil.copy2(wheel, pypi)

    files = src / "files"
    files.mkdir()
    for name in NOTEBOOKS:
        notebook_with_install_cell(REPO / "notebooks" / name, files / name)
    settings = {"disablePyPIFallback": True}
    (src / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings}},
    }, indent=1))
    labext = bin_dir.parent / "share" / "jupyter" / "labextensions"
    (src / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "ignore_sys_prefix": True,                    # only the extensions the game needs, not every one installed
        "federated_extensions": [str(labext / e) for e in EXTENSIONS],
    }}, indent=1))
    shutil.rmtree(out, ignore_errors=True)
    cmd = [str(bin_dir / "jupyter"), "lite", "build", "--lite-dir", str(src),
           "--contents", str(files), "--output-dir", str(out), "--no-sourcemaps"]
    subprocess.run(cmd, check=True, cwd=src)
    stamp.write_text(digest)
    print(f"built {out}: Pyodide {version} and {len(served)} of its packages, "
          f"{len(list(pypi.glob('*.whl')))} wheels for piplite, {len(NOTEBOOKS)} notebooks")
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", type=Path, default=REPO / "build" / "lite")
    p.add_argument("--force", action="store_true", help="rebuild even if no input changed")
    args = p.parse_args()
    build(args.out.resolve(), args.force)


if __name__ == "__main__":
    main()
