"""Reading the fields of a JSON document: each check names the path of what it refuses.

Shared by :mod:`rummikub_rules.serialization` and the reader of version 1 documents. A path is
written the way a reader finds the field: ``data.actions[3].after[0]``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

from rummikub_rules.errors import FormatError, InputTooLargeError
from rummikub_rules.tiles import MAX_COPIES, MAX_JOKERS, NUMBERS, Color

__all__ = [
    "MAX_TILES",
    "at",
    "build",
    "expect_int",
    "expect_list",
    "expect_object",
    "expect_str",
    "int_list",
    "kind",
]

T = TypeVar("T")

#: The most tiles of the largest box a tile set can describe: nothing in a game holds more.
MAX_TILES: Final = len(Color) * NUMBERS * MAX_COPIES + MAX_JOKERS


def at(path: str, key: str | int) -> str:
    """The path of a member: ``actions`` + 3 -> ``actions[3]``; ``data`` + ``after``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def kind(value: object) -> str:
    """A JSON reader's name for the type of ``value``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        text = repr(value)
        return f"the number {text if len(text) <= 40 else text[:36] + '...'}"
    if isinstance(value, str):
        text = repr(value)
        return f"the string {text if len(text) <= 40 else text[:36] + '...' + text[0]}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def build(path: str, factory: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Call a constructor or parser, reporting a value it refuses as a FormatError at ``path``."""
    try:
        return factory(*args, **kwargs)
    except FormatError:
        raise
    except (ValueError, TypeError) as error:
        raise FormatError(str(error), path=path) from None


def expect_str(value: object, path: str, *, longest: int | None = None) -> str:
    """``value`` as a string; with ``longest``, refuse a longer one before reading it."""
    if not isinstance(value, str):
        raise FormatError(f"expected a string, got {kind(value)}", path=path)
    _at_most(longest, len(value), "characters", path)
    return value


def expect_int(value: object, path: str) -> int:
    if type(value) is not int:
        raise FormatError(f"expected an integer, got {kind(value)}", path=path)
    return value


def expect_list(value: object, path: str, *, longest: int | None = None) -> list[Any]:
    """``value`` as a list; with ``longest``, refuse a longer one before reading its items."""
    if not isinstance(value, list):
        raise FormatError(f"expected an array, got {kind(value)}", path=path)
    _at_most(longest, len(value), "items", path)
    return value


def int_list(value: object, path: str, *, longest: int | None = None) -> list[int]:
    items = expect_list(value, path, longest=longest)
    return [expect_int(item, at(path, i)) for i, item in enumerate(items)]


def _at_most(longest: int | None, size: int, unit: str, path: str) -> None:
    """Refuse a value longer than ``longest`` before anything reads it."""
    if longest is not None and size > longest:
        error = InputTooLargeError(f"{path or 'data'} {unit}", size=size, limit=longest)
        raise FormatError(str(error), path=path)


def expect_object(
    value: object,
    path: str,
    *,
    required: Iterable[str] = (),
    optional: Iterable[str] | None = (),
) -> dict[str, Any]:
    """``value`` as a dict with string keys; ``optional=None`` allows any other keys."""
    if not isinstance(value, dict):
        raise FormatError(f"expected an object, got {kind(value)}", path=path)
    for key in value:
        if not isinstance(key, str):
            raise FormatError(f"object keys are strings, got {kind(key)}", path=path)
    needed = tuple(required)
    for key in needed:
        if key not in value:
            raise FormatError("missing field", path=at(path, key))
    if optional is not None:
        allowed = {*needed, *optional}
        for key in value:
            if key not in allowed:
                raise FormatError("unknown field", path=at(path, key))
    return value
