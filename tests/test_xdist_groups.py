"""``make test`` shares its workers by ``xdist_group`` (``--dist loadgroup``): the lab's browser tests share
one JupyterLab on one worker. pytest 9.2 silently broke that (pytest-xdist#1386: every worker started its
own JupyterLab and Chromium, and the run took twice as long), hence the pin in pyproject.toml; this test
says when a new pytest or pytest-xdist breaks it again."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

GROUPED = """
import pytest
pytestmark = [pytest.mark.xdist_group("together")]

@pytest.mark.parametrize("i", range(4))
def test_grouped(i):
    pass
"""


def test_an_xdist_group_runs_on_one_worker(tmp_path: Path) -> None:
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / name).write_text(GROUPED)
    (tmp_path / "test_free.py").write_text("import pytest\n\n@pytest.mark.parametrize('i', range(8))\n"
                                           "def test_free(i):\n    pass\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    xdist_group: a worker's group\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
                          "-p", "no:cacheprovider", "-p", "no:nbval", str(tmp_path)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    workers = {m[2]: m[1] for m in re.finditer(r"\[(gw\d+)\].*PASSED (\S+)", run.stdout)}
    grouped = {workers[t] for t in workers if "test_grouped" in t}
    assert len(workers) == 16 and len(grouped) == 1, run.stdout
