"""The exception hierarchy: every error the library raises is a :class:`RummikubError`.

Rule breaches inside a turn are not exceptions; they are data in a ``Verdict``. Exceptions are
for input that cannot be understood (:class:`ParseError`) and for actions refused by a game
(``IllegalMove``, defined beside the game state).
"""

from __future__ import annotations

__all__ = ["FormatError", "ParseError", "RummikubError", "UnknownEditionError"]


class RummikubError(Exception):
    """Base class of every exception raised by rummikub-rules."""


class ParseError(RummikubError, ValueError):
    """Text in tile notation could not be read.

    Carries the offending ``token`` and its 0-based character ``position`` in ``text``.

    >>> from rummikub_rules import parse_tiles
    >>> parse_tiles("r7 x8")
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.ParseError: unknown tile 'x8' at position 3: ...
    """

    def __init__(self, reason: str, *, text: str, token: str, position: int) -> None:
        self.reason = reason
        self.text = text
        self.token = token
        self.position = position
        super().__init__(f"{reason} {token!r} at position {position}: {text!r}")


class UnknownEditionError(RummikubError, KeyError):
    """An edition name that is neither a preset nor an alias."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(name)

    def __str__(self) -> str:
        return f"unknown edition {self.name!r}; known editions: {', '.join(self.known)}"


class FormatError(RummikubError, ValueError):
    """A JSON document that is not a valid rummikub-rules document.

    Carries the ``path`` of the offending field in the document (``data.actions[3].after``; the
    empty string for the document as a whole) and the ``reason`` it was refused.

    >>> from rummikub_rules.serialization import loads
    >>> loads('{"format": "rummikub-rules", "version": 9, "type": "tile", "data": "r7"}')
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.FormatError: version: unsupported version 9; this library reads version 1
    """

    def __init__(self, reason: str, *, path: str = "") -> None:
        self.reason = reason
        self.path = path
        super().__init__(f"{path}: {reason}" if path else reason)
