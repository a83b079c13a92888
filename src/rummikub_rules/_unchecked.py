"""Building a frozen ``attrs`` value without running its converters, validators or checks.

For values the library derives from values already checked (the next ``GameState`` from
``apply``, a ``PlayerView`` from a state), where checking again would only repeat linear work.
Every field must be given, already in its converted form.
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["unchecked"]

T = TypeVar("T", bound=attrs.AttrsInstance)


def unchecked(cls: type[T], **fields: Any) -> T:
    """An instance of the ``attrs`` class ``cls`` holding ``fields`` as given."""
    value = object.__new__(cls)
    for attribute in attrs.fields(cls):
        object.__setattr__(value, attribute.name, fields[attribute.name])
    return value
