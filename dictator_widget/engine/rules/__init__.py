"""The rules: a game's state and every step that changes it (``game``, ``table``, ``state``, ``battle``,
``maneuvers``, ``effects``, ``spoils``, ``setup``, ``conclude``, ``dice``, ``actions``, ``log``,
``vocabulary``, ``errors``, ``hexes``). Nothing is imported here; the public names are in
:mod:`dictator_widget.engine`.
"""
