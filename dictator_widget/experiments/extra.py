"""The lab's own dependencies (pandas, matplotlib, tqdm) come with the ``lab`` extra.

Playing (engine, agents, widget, odds) needs only pure-Python packages, so it
installs anywhere, JupyterLite's Pyodide included; the what-if lab imports its
dependencies inside :func:`lab_imports`, which turns a missing one into an
error that says what to install.

>>> import sys
>>> sys.modules["absent_pkg"] = None       # as if it were missing
>>> with lab_imports():
...     import absent_pkg
Traceback (most recent call last):
...
ModuleNotFoundError: the what-if lab needs absent_pkg, which is not installed: pip install "dictator_widget[lab]"
>>> del sys.modules["absent_pkg"]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

LAB_INSTALL = 'pip install "dictator_widget[lab]"'
"""The command that installs the lab's dependencies."""


@contextmanager
def lab_imports() -> Iterator[None]:
    """Imports of the lab's dependencies; a missing one raises ``ModuleNotFoundError`` naming the extra."""
    try:
        yield
    except ModuleNotFoundError as exc:
        name = (exc.name or "a package").split(".")[0]
        raise ModuleNotFoundError(f"the what-if lab needs {name}, which is not installed: {LAB_INSTALL}",
                                  name=exc.name) from exc
