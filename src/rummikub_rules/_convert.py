"""Turning a caller's collection into a tuple, or refusing it with a clear ``InvalidTypeError``.

Every field that holds several values (racks, tiles, actions, flags, scores) is converted with
:func:`as_tuple`, so an ``int`` where a list belongs is a ``RummikubError`` naming the field,
never a bare ``TypeError`` from ``tuple()``.
"""

from __future__ import annotations

from typing import Any

from rummikub_rules.errors import InvalidTypeError, excerpt

__all__ = ["as_tuple"]


def as_tuple(value: object, what: str) -> tuple[Any, ...]:
    """``value``'s items as a tuple; ``what`` names them in the error for a non-iterable."""
    try:
        return tuple(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"{what} must be a sequence, got {excerpt(value)}") from None
