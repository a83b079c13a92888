"""The exception hierarchy: every error the library raises is a :class:`RummikubError`.

Rule breaches inside a turn are not exceptions; they are data in a ``Verdict``. Exceptions are
for input that cannot be understood (:class:`ParseError`), for actions refused by a game
(:class:`IllegalMove`) and for a search past its budget (:class:`SearchLimitExceeded`). Every
public exception class is defined here; the modules that raise them re-export them.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from rummikub_rules.actions import Action
    from rummikub_rules.solver import Solution
    from rummikub_rules.turns import Verdict

__all__ = [
    "BotError",
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
    "UnknownFieldError",
]

#: The most characters of a caller's input that an error message quotes.
EXCERPT_LIMIT = 60


_E = TypeVar("_E", bound="RummikubError")


class RummikubError(Exception):
    """Base class of every exception raised by rummikub-rules.

    Every one pickles to an equal error (same type, message and data): it is rebuilt from the
    arguments it was raised with, so an error raised in a worker process (``simulate(jobs=2)``,
    any executor) reaches the caller whole.
    """

    _arguments: tuple[tuple[Any, ...], dict[str, Any]]

    def __new__(cls: type[_E], *args: Any, **kwargs: Any) -> _E:
        """A new error that keeps the arguments it is built with, to build it again."""
        error = super().__new__(cls, *args)
        error._arguments = (args, kwargs)
        return error

    def __reduce__(self) -> tuple[Any, ...]:
        args, kwargs = self._arguments
        return _rebuilt, (type(self), args, kwargs), self.__dict__


def _rebuilt(cls: type[_E], args: tuple[Any, ...], kwargs: dict[str, Any]) -> _E:
    """An error built again from its arguments (how a pickled error is read)."""
    return cls(*args, **kwargs)


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

    Also a ``ValueError``: the action is a value the game cannot take. Raised by bots' games, it
    names who tried it: ``seat``, and in a simulation ``deal`` and ``edition`` (its name); all
    three are ``None`` when not known.
    """

    def __init__(
        self,
        verdict: Verdict,
        action: Action,
        *,
        seat: int | None = None,
        deal: int | None = None,
        edition: str | None = None,
    ) -> None:
        self.verdict = verdict
        self.action = action
        self.seat = seat
        self.deal = deal
        self.edition = edition
        reasons = " ".join(v.message for v in verdict.violations) or "illegal move"
        place = game_place(seat, deal, edition)
        super().__init__(f"{place}: {reasons}" if place else reasons)


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


class BotError(RummikubError, RuntimeError):
    """A bot that failed on its turn: it raised an exception, or answered with no action.

    A bug in the bot, not a move (an action the rules refuse is an ``IllegalMove``). ``reason``
    says what went wrong (the exception's type and message) and ``seat`` whose bot it was; in a
    simulation ``deal`` and ``edition`` (its name) say which game. Where the bot ran, its own
    exception is the ``__cause__``; across processes the executor's traceback text is.
    """

    def __init__(
        self, reason: str, *, seat: int, deal: int | None = None, edition: str | None = None
    ) -> None:
        self.reason = reason
        self.seat = seat
        self.deal = deal
        self.edition = edition
        super().__init__(f"{game_place(seat, deal, edition)}: the bot failed: {reason}")


def game_place(seat: int | None, deal: int | None = None, edition: str | None = None) -> str:
    """Where in a game (or a simulation) something happened, as error messages name it.

    >>> game_place(1, 3, "classic")
    'deal 3 under classic, seat 1'
    >>> game_place(2)
    'seat 2'
    """
    parts = []
    if deal is not None:
        parts.append(f"deal {deal}" + (f" under {edition}" if edition is not None else ""))
    if seat is not None:
        parts.append(f"seat {seat}")
    return ", ".join(parts)
