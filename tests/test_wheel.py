"""The wheel built by ``python -m build`` installs in a fresh virtual environment with no Node on
``PATH`` and no lab extra, carries the front-end bundle and the card data (docs/design.md, "Packaging"), and plays."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]

CHECK = """
import importlib.util, json, pathlib
import dictator_widget as dw
game = dw.Game.new()
cards = dw.load_cards()
widget = dw.DictatorWidget(game)
package = pathlib.Path(dw.__file__).parent
bots = [dw.agents.GreedyAgent(seed=0), dw.agents.RandomAgent(seed=1)]
played = dw.Game.new("standard", seed=5)
while not played.is_over:
    played.apply(bots[played.current_player].act(played))
try:
    dw.simulate("standard", ["random", "random"], 1, progress=False)
    lab = "ran"
except ModuleNotFoundError as exc:
    lab = str(exc)
replay = dw.export_html(played, "replay.html")
print(json.dumps({
    "replay": replay.stat().st_size, "over": played.is_over, "decisions": len(played.history),
    "lab": lab, "pandas": importlib.util.find_spec("pandas") is not None,
    "legal": len(game.legal_actions()),
    "cards": len(cards),
    "bundle": (package / "static" / "widget.js").stat().st_size,
    "esm_is_bundle": widget._esm == (package / "static" / "widget.js").read_text(),
    "package": str(package),
}))
"""


def test_wheel_carries_bundle_and_cards_and_installs_fresh(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)],
                   check=True, capture_output=True, text=True)
    (wheel,) = dist.glob("dictator_widget-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "dictator_widget/static/widget.js" in names and "dictator_widget/static/replay.js" in names
    assert "dictator_widget/cards/board.toml" in names and "dictator_widget/ui/app.ipynb" in names
    assert any(n.startswith("dictator_widget/cards/cold-summer-2040/") for n in names)
    assert not any(n.startswith(("js/", "node_modules/", "tests/")) for n in names)
    assert not any(n.endswith((".so", ".pyd", ".c", "_native.json")) for n in names), "make compiled's files"

    # A fresh venv with the wheel and its dependencies, by uv (the project's installer: 3 s where venv and pip took
    # 15); the package is imported with no Node on PATH.
    env = tmp_path / "venv"
    uv = Path(sys.executable).parent / "uv"
    subprocess.run([str(uv), "venv", "-q", "--python", sys.executable, str(env)], check=True, capture_output=True)
    python = env / "bin" / "python"
    subprocess.run([str(uv), "pip", "install", "-q", "--python", str(python), str(wheel)],
                   check=True, capture_output=True, text=True)
    no_node = {**os.environ, "PATH": str(env / "bin")}
    assert shutil.which("node", path=no_node["PATH"]) is None and shutil.which("npm", path=no_node["PATH"]) is None
    out = subprocess.run([str(python), "-c", CHECK], check=True, capture_output=True, text=True,
                         cwd=tmp_path, env=no_node)          # not the repository: the installed copy
    facts = json.loads(out.stdout.strip().splitlines()[-1])
    assert facts["package"].startswith(str(env)), facts
    assert facts["bundle"] > 10_000 and facts["esm_is_bundle"]
    assert facts["legal"] > 0 and facts["cards"] >= 30
    assert facts["over"] and facts["decisions"] > 10 and facts["replay"] > 50_000
    assert not facts["pandas"], "pandas came with the plain install: it belongs to the lab extra"
    assert facts["lab"] == 'the what-if lab needs pandas, which is not installed: pip install "dictator_widget[lab]"'
