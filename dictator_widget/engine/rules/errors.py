"""The one family of errors the package raises on bad input."""

from __future__ import annotations


class DictatorError(Exception):
    """Base of every error dictator_widget raises on purpose."""


class IllegalAction(DictatorError, ValueError):
    """An action that is not legal now, or text that is not an action.

    >>> raise IllegalAction("A1 move z9: no sector 'z9'")
    Traceback (most recent call last):
    ...
    dictator_widget.engine.rules.errors.IllegalAction: A1 move z9: no sector 'z9'
    """


class CardDataError(DictatorError, ValueError):
    """A card, board or mission file that breaks the data rules.

    The message names the file, the card (or entry) and the field.

    >>> str(CardDataError("templars.toml", "T01", "strength", "a whole number >= 0", -1))
    "templars.toml: card T01: field 'strength': expected a whole number >= 0, got -1"
    """

    def __init__(
        self, file: str, card: str | None, field: str | None, expected: str, got: object = None
    ) -> None:
        self.file, self.card, self.field, self.expected = file, card, field, expected
        where = file
        if card:
            where += f": card {card}"
        if field:
            where += f": field '{field}'"
        message = f"{where}: expected {expected}"
        if got is not None:
            message += f", got {got!r}"
        super().__init__(message)


class SaveFileError(DictatorError, ValueError):
    """A save that cannot be read back: corrupt, truncated or inconsistent."""
