"""A caller's plain values checked the same way everywhere, or refused with a clear error.

Every field that holds several values (racks, tiles, actions, flags, scores) is converted with
:func:`as_tuple`, so an ``int`` where a list belongs is a ``RummikubError`` naming the field,
never a bare ``TypeError`` from ``tuple()``. Flags, counts and budgets are checked here too, for
every public function that takes one: a value is never coerced (``opened="no"`` is not
``True``, ``limit=1.5`` is not 1), and a budget that would lift every bound (``seconds=nan``,
``limit=0``) is refused rather than read.
"""

from __future__ import annotations

import math
from typing import Any

from rummikub_rules.errors import InvalidTypeError, InvalidValueError, excerpt

__all__ = ["as_count", "as_flag", "as_limit", "as_optional_flag", "as_seconds", "as_tuple"]


def as_tuple(value: object, what: str) -> tuple[Any, ...]:
    """``value``'s items as a tuple; ``what`` names them in the error for a non-iterable."""
    try:
        return tuple(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidTypeError(f"{what} must be a sequence, got {excerpt(value)}") from None


def as_flag(value: object, name: str) -> bool:
    """``value``, which must be ``True`` or ``False`` (not ``1``, ``"no"`` or ``None``)."""
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{name} must be True or False, got {_given(value)}")
    return value


def as_optional_flag(value: object, name: str) -> bool | None:
    """``value``, which must be ``True``, ``False`` or ``None`` (a default left to the callee)."""
    if value is not None and not isinstance(value, bool):
        raise InvalidTypeError(f"{name} must be True, False or None, got {_given(value)}")
    return value


def as_count(value: object, name: str, least: int = 0) -> int:
    """``value``, which must be an ``int`` (not a ``bool``) of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidTypeError(f"{name} must be a whole number, got {_given(value)}")
    if value < least:
        raise InvalidValueError(f"{name} must be at least {least}, got {value}")
    return int(value)


def as_limit(value: object, name: str = "limit") -> int | None:
    """A bound on work: ``None`` (the default bound) or a positive ``int``."""
    if value is None:
        return None
    return as_count(value, name, 1)


def as_seconds(value: object, name: str = "seconds") -> float | None:
    """A bound on time: ``None`` (no time bound) or a positive, finite number of seconds."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidTypeError(f"{name} must be a number of seconds, got {_given(value)}")
    try:
        seconds = float(value)
    except OverflowError:  # an int past any float
        seconds = math.inf
    if not (math.isfinite(seconds) and seconds > 0):
        raise InvalidValueError(
            f"{name} must be a positive, finite number of seconds, got {excerpt(value)}"
        )
    return seconds


def _given(value: object) -> str:
    """What a caller gave, type first: ``str 'no'``."""
    return f"{type(value).__name__} {excerpt(value)}"
