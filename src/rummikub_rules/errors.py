"""The exception hierarchy: every error the library raises is a :class:`RummikubError`.

Rule breaches inside a turn are not exceptions; they are data in a ``Verdict``. Exceptions are
for input that cannot be understood (:class:`ParseError`), for actions refused by a game
(:class:`IllegalMove`) and for a search past its budget (:class:`SearchLimitExceeded`). Every
public exception class is defined here; the modules that raise them re-export them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummikub_rules.actions import Action
    from rummikub_rules.solver import Solution
    from rummikub_rules.turns import Verdict

__all__ = [
    "FormatError",
    "GameSetupError",
    "IllegalMove",
    "InputTooLargeError",
    "InvalidStateError",
    "InvalidTypeError",
    "InvalidValueError",
    "ParseError",
    "RummikubError",
    "ScoringError",
    "SearchLimitExceeded",
    "UnknownEditionError",
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
        start, end = max(0, position - 25), position + 25
        around = f"{'...' * (start > 0)}{text[start:end]}{'...' * (end < len(text))}"
        super().__init__(f"{reason} {excerpt(token)} at position {position}: {around!r}")


class UnknownEditionError(RummikubError, KeyError):
    """An edition name that is neither a preset nor an alias."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(name)

    def __str__(self) -> str:
        return f"unknown edition {excerpt(self.name)}; known editions: {', '.join(self.known)}"


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


class IllegalMove(RummikubError, ValueError):  # noqa: N818 (the name is part of the public contract)
    """An action the rules refuse; ``verdict`` says why and ``action`` is what was tried.

    Also a ``ValueError``: the action is a value the game cannot take.
    """

    def __init__(self, verdict: Verdict, action: Action) -> None:
        self.verdict = verdict
        self.action = action
        super().__init__(" ".join(v.message for v in verdict.violations) or "illegal move")


class GameSetupError(InvalidStateError):
    """A game that cannot be dealt: a player count or deal the edition does not allow."""


class ScoringError(RummikubError, ValueError):
    """Scoring input that cannot describe the end of a game (a bad seat, a mismatched length)."""


class SearchLimitExceeded(RummikubError, RuntimeError):  # noqa: N818 (the public name is a promise)
    """The search needed more work than the budget it was given.

    ``limit`` is the bound exceeded, in search states expanded (``None`` if it was time);
    ``solution`` holds the best play found before the budget ran out. Also a ``RuntimeError``:
    the input was fine, the work it needed was not available.
    """

    def __init__(self, limit: int | None, solution: Solution | None = None) -> None:
        self.limit = limit
        self.solution = solution
        what = f"more than {limit} states" if limit is not None else "more than its time"
        super().__init__(f"the search needed {what}; raise the limit")
