"""Bot levels a class can choose: ``make_agent("easy")``, ``"normal"``, ``"hard"``.

Each level is an agent name with its options; each beats the one below it (``studies/levels.py``,
docs/what-if-lab.md): *easy* is Greedy that draws its action with odds exp(score / 1) and so often
plays a near-best or a poor move; *normal* is Greedy; *hard* is MCTS at 100 iterations a decision,
stronger than Greedy (a searched decision takes 0.2-0.4 s here; most need no search). Their names,
English and Russian, are in ``cards/messages.toml`` (``[level]``).

>>> LEVELS["hard"], level_name("easy", "ru")
('mcts:iterations=100', 'лёгкий')
"""

from __future__ import annotations

from ..engine.rules.log import messages

LEVELS: dict[str, str] = {
    "easy": "greedy:temperature=1",
    "normal": "greedy",
    "hard": "mcts:iterations=100",
}
"""Each level's agent, as :func:`~dictator_widget.agents.make_agent` reads it, easiest first."""


def level_name(level: str, lang: str = "en") -> str:
    """A level's name in ``lang`` ("en" or "ru")."""
    return str(messages()["level"][level][lang])
