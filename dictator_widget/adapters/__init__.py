"""The game in the research ecosystem: an OpenSpiel game and a PettingZoo environment.

Needs the ``rl`` extra (``pip install 'dictator_widget[rl]'``: ``open-spiel`` and ``pettingzoo``).

- :mod:`.openspiel`: the OpenSpiel game ``python_dictator_control`` (registered on import);
- :mod:`.pettingzoo`: ``env(mission=..., render_mode=...)``, an AEC environment;
- :mod:`.bots`: our agents as OpenSpiel bots, and OpenSpiel bots as our agents (``from_openspiel``);
- :mod:`.action_space` and :mod:`.observation`: the fixed action ids and the observation vectors
  both use (they need only numpy).
"""

from __future__ import annotations

import importlib
from types import ModuleType

INSTALL_HINT = "pip install 'dictator_widget[rl]'"


def require(module: str, package: str) -> ModuleType:
    """Import ``module`` or say which package is missing and how to install it.

    >>> require("json", "json").__name__
    'json'
    >>> require("no_such_module_here", "no-such-package")
    Traceback (most recent call last):
    ...
    ImportError: dictator_widget.adapters needs the package 'no-such-package' (no module 'no_such_module_here'): \
pip install 'dictator_widget[rl]'
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"dictator_widget.adapters needs the package {package!r} (no module {module!r}): "
                          f"{INSTALL_HINT}") from exc
