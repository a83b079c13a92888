"""Building a frozen ``attrs`` value without running its converters, validators or checks.

For values the library derives from values already checked (the next ``GameState`` from
``apply``, a ``PlayerView`` from a state), where checking again would only repeat linear work.
Every field must be given, already in its converted form.
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar

import attrs

__all__ = ["unchecked"]

T = TypeVar("T", bound=attrs.AttrsInstance)


def unchecked(cls: type[T], **fields: Any) -> T:
    """An instance of the ``attrs`` class ``cls`` holding ``fields`` as given."""
    value = object.__new__(cls)
    setter = object.__setattr__
    for name in _names(cls):
        setter(value, name, fields[name])
    return value


@functools.cache
def _names(cls: type[attrs.AttrsInstance]) -> tuple[str, ...]:
    return tuple(attribute.name for attribute in attrs.fields(cls))
