"""What a game shows outside the rules: each seat's view and its shape, hidden information (what a seat
may know, a twin game consistent with it), battle odds, why an action is refused, and save files.
Nothing is imported here; the public names are in :mod:`dictator_widget.engine`.
"""
