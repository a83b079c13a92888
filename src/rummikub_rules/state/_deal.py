"""How a game is dealt: the racks, the pool in draw order and the first seat (rules section 3).

A ``GameState`` holds the :class:`Deal` it started from, so its record can replay the game.
"""

from __future__ import annotations

import attrs

from rummikub_rules.editions import Edition
from rummikub_rules.errors import InvalidValueError, excerpt
from rummikub_rules.tiles import Tile, inventory, rack_tuples, tile_counts, tile_tuple

__all__ = ["Deal", "deal_problem"]


@attrs.frozen
class Deal:
    """An explicit deal: each seat's rack, the pool in draw order, and the seat that moves first.

    Together the racks and the pool hold exactly the edition's tile set (checked by
    ``GameRecord`` and ``GameState``).
    """

    racks: tuple[tuple[Tile, ...], ...] = attrs.field(converter=rack_tuples)
    pool: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    first: int = attrs.field(default=0)

    @first.validator
    def _check_first(self, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not 0 <= value < len(self.racks):
            raise InvalidValueError(
                f"first must be a seat from 0 to {len(self.racks) - 1}, got {excerpt(value)}"
            )


def deal_problem(deal: Deal, players: int, edition: Edition) -> str | None:
    """Why ``deal`` cannot start a game of ``players`` under ``edition``, or ``None`` if it can."""
    if len(deal.racks) != players:
        return f"the deal has {len(deal.racks)} racks for {players} players"
    dealt = tile_counts((*deal.pool, *(tile for rack in deal.racks for tile in rack)))
    if tuple(dealt) != inventory(edition.tile_set):
        return "the racks and the pool of a deal must hold exactly the edition's full set"
    return None
