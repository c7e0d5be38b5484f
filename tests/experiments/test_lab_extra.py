"""Playing needs no lab dependency; the lab names the extra to install when one is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

LAB_PACKAGES = ("pandas", "matplotlib", "tqdm")

PLAY = """
import sys
import dictator_widget as dw
from dictator_widget.agents import GreedyAgent
game = dw.Game.new("standard", seed=3, placement="fixed")
while not game.is_over and len(game.history) < 40:
    game.apply(GreedyAgent(seed=1).act(game))
widget = dw.DictatorWidget(game)
print(",".join(m for m in {packages!r} if m in sys.modules))
"""

MISSING = """
import sys
for name in {packages!r}:
    sys.modules[name] = None          # as in an install without the lab extra
import dictator_widget as dw
try:
    {call}
except ModuleNotFoundError as exc:
    print(exc)
"""


def test_playing_loads_no_lab_package() -> None:
    out = subprocess.run([sys.executable, "-c", PLAY.format(packages=LAB_PACKAGES)],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"playing loaded {out}"


@pytest.mark.parametrize("call", [
    'dw.simulate("standard", ["random", "random"], 2, progress=False)',
    "from dictator_widget.experiments import metrics",
    "dw.experiments.metrics",
])
def test_the_lab_without_its_extra_says_what_to_install(call: str) -> None:
    out = subprocess.run([sys.executable, "-c", MISSING.format(packages=LAB_PACKAGES, call=call)],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == 'the what-if lab needs pandas, which is not installed: pip install "dictator_widget[lab]"'


def test_the_tuner_without_optuna_says_what_to_install() -> None:
    call = 'dw.experiments.tune("standard", ["random", "random"], trials=1, games=2)'
    out = subprocess.run([sys.executable, "-c", MISSING.format(packages=("optuna",), call=call)],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == 'the what-if lab needs optuna, which is not installed: pip install "dictator_widget[lab]"'
