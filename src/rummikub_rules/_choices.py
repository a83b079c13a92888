"""The base of every enum of rule choices: printed as its value, refusing others with a list."""

from __future__ import annotations

import enum

from rummikub_rules.errors import InvalidValueError, excerpt

__all__ = ["Choice"]


class Choice(str, enum.Enum):
    """A ``str``-valued enum whose lookup by an unknown value names the choices it has."""

    @classmethod
    def _missing_(cls, value: object) -> Choice:
        choices = ", ".join(member.value for member in cls)
        raise InvalidValueError(
            f"expected one of {choices} for {cls.__name__}, got {excerpt(value)}"
        )

    def __str__(self) -> str:
        return str(self.value)
