"""The exception hierarchy: every error the library raises is a :class:`RummikubError`.

Rule breaches inside a turn are not exceptions; they are data in a ``Verdict``. Exceptions are
for input that cannot be understood (:class:`ParseError`) and for actions refused by a game
(``IllegalMove``, defined beside the game state).
"""

from __future__ import annotations

import difflib
import functools
from typing import Any

__all__ = [
    "FormatError",
    "InputTooLargeError",
    "InvalidStateError",
    "InvalidTypeError",
    "InvalidValueError",
    "ParseError",
    "RummikubError",
    "UnknownEditionError",
    "UnknownFieldError",
]

#: The most characters of a caller's input that an error message quotes.
EXCERPT_LIMIT = 60


class RummikubError(Exception):
    """Base class of every exception raised by rummikub-rules."""


class InvalidTypeError(RummikubError, TypeError):
    """A value of the wrong type for a field or parameter (a list where a ``Tile`` belongs)."""


class InvalidValueError(RummikubError, ValueError):
    """A value of the right type that the rules cannot take (a tile numbered 14, 0 copies)."""


class InvalidStateError(InvalidValueError):
    """A game state the rules cannot reach.

    Tiles not conserved, an invalid meld on the table, a seat or counter out of range, a result
    that does not fit the racks: every way of building a ``GameState`` (directly,
    ``attrs.evolve``, a deal, JSON) refuses such a state with it.
    """


class InputTooLargeError(InvalidValueError):
    """Input larger than any real game can produce, refused before any work is done.

    ``size`` is what was given and ``limit`` the most the library accepts, in the unit the
    message names (tiles, melds, actions, copies).
    """

    def __init__(self, what: str, *, size: int, limit: int) -> None:
        self.size = size
        self.limit = limit
        super().__init__(f"{what}: {size} is more than the {limit} that any real game reaches")


def excerpt(value: object, limit: int = EXCERPT_LIMIT) -> str:
    """``repr(value)``, cut to ``limit`` characters: how error messages quote a caller's input.

    >>> excerpt("r1 " * 1000)
    "'r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1 r1... (3002 characters)"
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 3]}... ({len(text)} characters)"


class ParseError(RummikubError, ValueError):
    """Text in tile notation could not be read.

    Carries the offending ``token`` and its 0-based character ``position`` in ``text``, and the
    ``argument`` whose text it was (``"before"``, ``"rack"``, ``"after"``) when a function that
    takes several tables or racks as text raised it; ``None`` from the ``parse_*`` functions.

    >>> from rummikub_rules import check_turn, parse_tiles
    >>> parse_tiles("r7 x8")
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.ParseError: unknown tile 'x8' at position 3: ...
    >>> check_turn("r7 r8 r9", "r10 x8", "r7 r8 r9 r10", opened=True)
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.ParseError: rack: unknown tile 'x8' at position 4: ...
    """

    def __init__(
        self, reason: str, *, text: str, token: str, position: int, argument: str | None = None
    ) -> None:
        self.reason = reason
        self.text = text
        self.token = token
        self.position = position
        self.argument = argument
        start, end = max(0, position - 25), position + 25
        around = f"{'...' * (start > 0)}{text[start:end]}{'...' * (end < len(text))}"
        where = f"{argument}: " if argument is not None else ""
        super().__init__(f"{where}{reason} {excerpt(token)} at position {position}: {around!r}")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle with the error's fields (a plain exception pickles only its message)."""
        rebuild = functools.partial(
            ParseError, text=self.text, token=self.token, position=self.position,
            argument=self.argument,
        )  # fmt: skip
        return rebuild, (self.reason,)

    def in_argument(self, argument: str) -> ParseError:
        """The same error, naming the ``argument`` whose text it was."""
        return ParseError(
            self.reason, text=self.text, token=self.token, position=self.position,
            argument=argument,
        )  # fmt: skip


class UnknownEditionError(RummikubError, KeyError):
    """An edition name that is neither a preset nor an alias."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(name)

    def __str__(self) -> str:
        return f"unknown edition {excerpt(self.name)}; known editions: {', '.join(self.known)}"


class UnknownFieldError(InvalidValueError, TypeError):
    """A field name that the value's type does not have (``CLASSIC.evolve(initial_meld=40)``).

    Carries the unknown ``field``, the ``known`` field names and the ``nearest`` of them (``None``
    when none is close). It is also a ``TypeError``, which a misspelt keyword raised before.
    """

    def __init__(self, field: str, known: tuple[str, ...], *, owner: str) -> None:
        self.field = field
        self.known = known
        self.owner = owner
        close = difflib.get_close_matches(field, known, n=1)
        self.nearest = close[0] if close else None
        hint = f"; did you mean {self.nearest!r}?" if self.nearest else ""
        super().__init__(f"{owner} has no field {excerpt(field)}{hint}")

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[str, ...]]]:
        """Pickle with the error's fields (a plain exception pickles only its message)."""
        return functools.partial(UnknownFieldError, owner=self.owner), (self.field, self.known)


class FormatError(RummikubError, ValueError):
    """A JSON document that is not a valid rummikub-rules document.

    Carries the ``path`` of the offending field in the document (``data.actions[3].after``; the
    empty string for the document as a whole) and the ``reason`` it was refused.

    >>> from rummikub_rules.serialization import loads
    >>> loads('{"format": "rummikub-rules", "version": 9, "type": "tile", "data": "r7"}')
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.FormatError: version: unsupported version 9; this library reads ...
    """

    def __init__(self, reason: str, *, path: str = "") -> None:
        self.reason = reason
        self.path = path
        super().__init__(f"{path}: {reason}" if path else reason)
