"""What the referee answers: a :class:`Verdict` listing every :class:`Violation` (rules 4.6, 8).

Also the few wording helpers every rule's message shares, so that all messages name tiles and
melds the same way.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from rummikub_rules.errors import InvalidTypeError, excerpt
from rummikub_rules.melds import Meld, Table, meld_excerpt
from rummikub_rules.notation import format_tiles
from rummikub_rules.tiles import Tile, tile_tuple

__all__ = ["Code", "Verdict", "Violation"]


class Code(str, enum.Enum):
    """Why a turn or an action is illegal (rules section 8). Compares equal to its string."""

    UNKNOWN_TILE = "unknown_tile"
    INVALID_MELD = "invalid_meld"
    TABLE_TILE_REMOVED = "table_tile_removed"
    TILE_NOT_IN_RACK = "tile_not_in_rack"
    NO_TILE_PLAYED = "no_tile_played"
    INITIAL_MELD_USES_TABLE = "initial_meld_uses_table"
    INITIAL_MELD_TOO_LOW = "initial_meld_too_low"
    JOKER_IN_INITIAL_MELD = "joker_in_initial_meld"
    JOKER_RETRIEVAL_FORBIDDEN = "joker_retrieval_forbidden"
    FREED_JOKER_NEEDS_RACK_TILES = "freed_joker_needs_rack_tiles"
    FREED_JOKER_NOT_IN_NEW_MELD = "freed_joker_not_in_new_meld"
    JOKER_MELD_LOCKED = "joker_meld_locked"
    GAME_OVER = "game_over"
    POOL_EMPTY = "pool_empty"
    POOL_NOT_EMPTY = "pool_not_empty"

    def __str__(self) -> str:
        return self.value


def _meld_tuple(value: Iterable[Meld]) -> tuple[Meld, ...]:
    melds = tuple(value)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidTypeError(f"expected Meld objects, got {excerpt(meld)}")
    return melds


def _violation_tuple(value: Iterable[Violation]) -> tuple[Violation, ...]:
    violations = tuple(value)
    for violation in violations:
        if not isinstance(violation, Violation):
            raise InvalidTypeError(f"expected Violation objects, got {excerpt(violation)}")
    return violations


@attrs.frozen
class Violation:
    """One rule broken: its code, a sentence for the player, and the tiles or melds concerned.

    ``tiles`` and ``melds`` are tuples whatever iterable is given, so a violation is hashable.
    """

    code: Code = attrs.field(converter=Code)
    message: str
    tiles: tuple[Tile, ...] = attrs.field(default=(), converter=tile_tuple)
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_meld_tuple)

    def __str__(self) -> str:
        return f"{self.code.value}: {self.message}"


@attrs.frozen
class Verdict:
    """The referee's answer: legal (``ok``, also its truth value) or every rule broken.

    ``played`` is the rack tiles the turn lays, in rack order; ``retrieved_jokers`` how many jokers
    already on the table now stand for something else. ``table`` is the table after the turn with
    the kind of every ambiguous meld (one numbered tile and jokers) declared as the referee read it,
    so that it keeps that reading from then on. A verdict holds only tuples and is hashable.
    """

    violations: tuple[Violation, ...] = attrs.field(default=(), converter=_violation_tuple)
    played: tuple[Tile, ...] = attrs.field(default=(), converter=tile_tuple)
    retrieved_jokers: int = 0
    table: Table = attrs.field(factory=Table)

    @property
    def ok(self) -> bool:
        """Whether the turn is legal."""
        return not self.violations

    @property
    def codes(self) -> tuple[Code, ...]:
        """The codes of the violations, in the order found."""
        return tuple(v.code for v in self.violations)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return f"legal: lays {format_tiles(self.played) or 'nothing'}"
        return "illegal: " + " ".join(v.message for v in self.violations)


def meld_name(meld: Meld) -> str:
    """A meld as a message writes it: in brackets, cut short if it is longer than any meld."""
    return f"[{meld_excerpt(meld)}]"


def meld_list(melds: Sequence[Meld]) -> str:
    """Melds as a message lists them: ``[r1 r2 r3], [k5 b5 o5]``."""
    return ", ".join(meld_name(m) for m in melds)


def plural(count: int, one: str, many: str) -> str:
    """``one`` or ``many`` as ``count`` asks."""
    return one if count == 1 else many
