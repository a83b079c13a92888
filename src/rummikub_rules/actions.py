"""The actions a player takes on a turn (rules sections 3 and 5).

Actions are frozen records: a game's history is a tuple of them, which makes replay and JSON
trivial. ``GameState.apply`` judges them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from rummikub_rules._convert import as_tuple
from rummikub_rules.errors import InvalidTypeError, excerpt
from rummikub_rules.inputs import TableLike, TilesLike, as_table, as_tiles
from rummikub_rules.melds import Table
from rummikub_rules.tiles import Tile

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Draw",
    "FailedTurn",
    "Pass",
    "Play",
    "Timeout",
    "action_tuple",
]


def _to_table(value: TableLike) -> Table:
    return as_table(value, "Play's after")


def _to_tiles(value: TilesLike) -> tuple[Tile, ...]:
    return as_tiles(value, "FailedTurn's to_pool")


@attrs.frozen
class Play:
    """Lay tiles: ``after`` is the whole table the player leaves (rules section 4).

    ``after`` may be given as notation text: ``Play("r4 r5 r6 | r6 r7 r8")``.
    """

    after: Table = attrs.field(converter=_to_table)


@attrs.frozen
class Draw:
    """Draw one tile from the pool, which ends the turn."""


@attrs.frozen
class Pass:
    """Do nothing; allowed only when the pool is empty."""


@attrs.frozen
class Timeout:
    """Time ran out with the table as it was: the player draws the edition's ``timeout_draw``."""


@attrs.frozen
class FailedTurn:
    """The player could not leave a valid table: the table is restored, minus ``to_pool``.

    ``to_pool`` names table tiles that could not be put back (shuffled into the pool); the player
    draws the edition's ``failed_turn_draw``.
    """

    to_pool: tuple[Tile, ...] = attrs.field(default=(), converter=_to_tiles)


#: Any action a player may take.
Action: TypeAlias = "Play | Draw | Pass | Timeout | FailedTurn"
ACTION_TYPES: Final = (Play, Draw, Pass, Timeout, FailedTurn)


def action_tuple(value: Iterable[Action]) -> tuple[Action, ...]:
    """``value`` as a tuple, refusing anything but actions: the converter of every history."""
    actions = as_tuple(value, "actions")
    for action in actions:
        if not isinstance(action, ACTION_TYPES):
            raise InvalidTypeError(f"expected an action (Play, Draw, ...), got {excerpt(action)}")
    return actions
