"""The facts of one turn, computed once: the first stage of the referee's pipeline.

Tiles are counted as multisets of :attr:`~rummikub_rules.Tile.index` (small integers, fast to
hash): what stood on the table before, what stands after, what the rack holds, and from those what
was removed, added and played (rules sections 4.2-4.3). Every meld's valid readings (rules section
2) are looked up once. Inputs larger than any game can produce are refused here, before any work.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping

from rummikub_rules.editions import Edition
from rummikub_rules.errors import InputTooLargeError, InvalidTypeError, excerpt
from rummikub_rules.melds import Table
from rummikub_rules.tiles import JOKER_INDEX, MAX_JOKERS, Tile, inventory, tile_tuple

__all__ = ["TileCounts", "TurnFacts", "is_joker_index", "tiles_of"]

#: How many of each tile (by :attr:`~rummikub_rules.tiles.Tile.index`) a part of a turn holds.
TileCounts = dict[int, int]


class TurnFacts:
    """Everything about a turn that does not depend on how an ambiguous meld is read."""

    __slots__ = (
        "added",
        "after",
        "after_count",
        "after_readings",
        "before",
        "before_count",
        "before_readings",
        "edition",
        "not_in_rack",
        "opened",
        "played",
        "rack",
        "removed",
        "unknown",
    )

    def __init__(
        self, before: Table, rack: Iterable[Tile], after: Table, opened: bool, edition: Edition
    ) -> None:
        _check_types(before, after, edition)
        size = edition.tile_set.size
        self.rack = _bounded_rack(rack, size)
        self.before, self.after, self.opened, self.edition = before, after, bool(opened), edition
        _refuse_oversize(before, "before", size)
        _refuse_oversize(after, "after", size)
        self.before_count = Counter([t.index for meld in before.melds for t in meld.tiles])
        self.after_count = Counter([t.index for meld in after.melds for t in meld.tiles])
        rack_count = Counter([t.index for t in self.rack])
        for where, jokers in (
            ("rack", sum(1 for t in self.rack if t.number is None)),
            ("table before", sum(meld.jokers for meld in before.melds)),
            ("table after", sum(meld.jokers for meld in after.melds)),
        ):
            if jokers > MAX_JOKERS:
                raise InputTooLargeError(f"jokers on the {where}", size=jokers, limit=MAX_JOKERS)
        #: Tiles present in more copies than the set holds (across table and rack), with the count.
        self.unknown = _beyond_set(self.before_count, rack_count, self.after_count, edition)
        #: Copies that stood on the table before and are missing after (rules section 4.2).
        self.removed = _excess(self.before_count, self.after_count)
        #: Copies standing on the table after that did not stand there before.
        self.added = _excess(self.after_count, self.before_count)
        #: Added copies the rack did not hold (rules section 4.3).
        self.not_in_rack = _excess(self.added, rack_count)
        #: The rack copies the turn lays: added copies, as far as the rack holds them.
        self.played = {i: min(n, rack_count[i]) for i, n in self.added.items() if i in rack_count}
        self.after_readings = tuple(meld.readings(edition) for meld in after.melds)
        self.before_readings = tuple(
            meld.readings(edition) if meld.jokers else () for meld in before.melds
        )

    @property
    def settled(self) -> bool:
        """Whether the turn already breaks rules section 1 or 4.2-4.3 (counts that cannot add up).

        Such a turn is illegal however its melds are read, so the referee does not search for
        the most favourable reading: each meld takes its first reading.
        """
        return bool(self.unknown or self.removed or self.not_in_rack)

    def played_tiles(self) -> tuple[Tile, ...]:
        """The rack tiles the turn lays, in rack order."""
        return tiles_of(self.played)


def is_joker_index(index: int) -> bool:
    """Whether a tile index names a joker, plain or coloured (they follow the numbered tiles)."""
    return index >= JOKER_INDEX


def tiles_of(counts: Mapping[int, int]) -> tuple[Tile, ...]:
    """The tiles of a multiset of tile indices, in rack order."""
    return tuple(
        itertools.chain.from_iterable([Tile.from_index(i)] * n for i, n in sorted(counts.items()))
    )


def _check_types(before: object, after: object, edition: object) -> None:
    for name, value in (("before", before), ("after", after)):
        if not isinstance(value, Table):
            raise InvalidTypeError(
                f"{name} must be a Table (see parse_table), got {excerpt(value)}"
            )
    if not isinstance(edition, Edition):
        raise InvalidTypeError(f"edition must be an Edition, got {excerpt(edition)}")


def _bounded_rack(rack: Iterable[Tile], box: int) -> tuple[Tile, ...]:
    """The rack as a tuple of tiles, refused if it holds more tiles than the set (``box``)."""
    taken = tile_tuple(itertools.islice(rack, box + 1))
    if len(taken) > box:
        size = len(rack) if isinstance(rack, tuple | list) else len(taken)
        raise InputTooLargeError("tiles on the rack", size=size, limit=box)
    return taken


def _refuse_oversize(table: Table, name: str, box: int) -> None:
    """A table holding more tiles, or more melds, than the set has (``box``) is no game's."""
    melds = len(table.melds)
    if melds > box:
        raise InputTooLargeError(f"melds on the table {name}", size=melds, limit=box)
    count = sum(map(len, table.melds))
    if count > box:
        raise InputTooLargeError(f"tiles on the table {name}", size=count, limit=box)


def _excess(counts: Mapping[int, int], minus: Mapping[int, int]) -> dict[int, int]:
    """The multiset difference ``counts - minus`` of tile indices, keeping positive counts."""
    return {i: n - minus.get(i, 0) for i, n in counts.items() if n > minus.get(i, 0)}


def _beyond_set(
    before: Mapping[int, int], rack: Mapping[int, int], after: Mapping[int, int], edition: Edition
) -> dict[int, int]:
    """Tile indices in more copies than the set holds, on table and rack (rules section 1)."""
    box = inventory(edition.tile_set)
    found = {i: n for i, n in after.items() if n > box[i]}
    for i, n in before.items():
        held = n + rack.get(i, 0)
        if held > box[i] and held > found.get(i, 0):
            found[i] = held
    for i, n in rack.items():
        if i not in before and n > box[i] and n > found.get(i, 0):
            found[i] = n
    return found
