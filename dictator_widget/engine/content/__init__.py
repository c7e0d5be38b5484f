"""The game's content, loaded from ``cards/``: the board, the cards, the missions, the rule variants,
scenarios (a position as data), tunable numbers and card patches (``tuning``), and the generated card
reference. Nothing is imported here; the public names are in :mod:`dictator_widget.engine`.
"""
