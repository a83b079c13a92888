"""The table after a failed turn that lost tiles to the pool (RULES.md section 5).

``FailedTurn(to_pool=...)`` names table tiles that could not be put back. Each named tile comes
off one meld: a group keeps its other tiles, a run is cut where the tile stood, and every meld
left must be valid (a meld whose every tile is named is gone). Identical tiles may stand in
several melds, so the question is which copies go. :func:`restored_table` answers it exactly, in
time polynomial in the table for every table a game can hold.

How: a meld's remains are valid exactly when each run piece left has at least three tiles and a
numbered tile, and a group keeps none or at least three tiles with a numbered one (any part of a
valid meld that meets this is valid). So the tiles are visited in number order (a run's tiles
stand for consecutive numbers) and a dynamic programme keeps, for each meld still open, only the
length of its current piece (capped at 3) and whether it has a numbered tile, and for each tile
with a choice left, how many copies must still go. Among the valid ways, the lowest numbers are
decided first and each copy comes off the earliest meld in table order that allows the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummikub_rules.editions import Edition
from rummikub_rules.errors import InputTooLargeError
from rummikub_rules.melds import Meld, MeldKind, Reading, Table
from rummikub_rules.tiles import JOKER_INDEX, Tile

__all__ = ["STATE_LIMIT", "restored_table"]

#: The most partial solutions kept at one step. No table a game can hold comes near it; a table
#: built to defeat the search is refused with :class:`InputTooLargeError` rather than searched.
STATE_LIMIT: Final = 50_000

#: A meld's summary: the current piece's length (0 to 3, where 3 means "3 or more") times two,
#: plus one if it holds a numbered tile.
_FULL: Final = 3
_State = tuple[int, ...]


def restored_table(table: Table, to_pool: Sequence[Tile], edition: Edition) -> Table | None:
    """``table`` (valid under ``edition``) less the tiles in ``to_pool``, or ``None``.

    ``None`` means no choice of copies leaves only valid melds. Every tile of ``to_pool`` must
    be on the table.
    """
    if not to_pool:
        return table
    plan = _Plan(table, to_pool, edition)
    removed = plan.solve()
    if removed is None:
        return None
    melds: list[Meld] = []
    for index, meld in enumerate(table.melds):
        gone = removed[index]
        if not gone:
            melds.append(meld)
            continue
        kept = [tile for offset, tile in enumerate(meld.tiles) if offset not in gone]
        if plan.is_run[index]:
            pieces: list[list[Tile]] = [[]]
            for offset, tile in enumerate(meld.tiles):
                if offset in gone:
                    pieces.append([])
                else:
                    pieces[-1].append(tile)
            melds.extend(Meld(piece, meld.kind) for piece in pieces if piece)
        elif kept:
            melds.append(Meld(kept, meld.kind))
    return Table(melds)


class _Plan:
    """The tiles of a table in visiting order, and the choices the programme makes about them."""

    def __init__(self, table: Table, to_pool: Sequence[Tile], edition: Edition) -> None:
        demand = [0] * (JOKER_INDEX + 1)
        for tile in to_pool:
            demand[tile.index] += 1
        self.is_run: list[bool] = []
        slots: list[tuple[int, int, int, Tile]] = []
        for index, meld in enumerate(table.melds):
            reading = meld.reading(edition)
            self.is_run.append(reading is None or reading.kind is MeldKind.RUN)
            for offset, tile in enumerate(meld.tiles):
                slots.append((_position(reading, offset), index, offset, tile))
        slots.sort(key=lambda slot: slot[:3])
        self.slots = slots
        occurrences = [0] * (JOKER_INDEX + 1)
        for *_, tile in slots:
            occurrences[tile.index] += 1
        # Tiles with a choice: some but not all of their copies go. Each has a place in the state.
        free = [k for k in range(JOKER_INDEX + 1) if 0 < demand[k] < occurrences[k]]
        self.free_place = {k: place for place, k in enumerate(free)}
        self.melds_at = len(free)
        self.start: _State = (*(demand[k] for k in free), *(0 for _ in table.melds))
        self.always_removed = {k for k in range(JOKER_INDEX + 1) if demand[k] == occurrences[k]}
        # For each slot: how many copies of its tile come after it, and whether it ends its meld.
        later = [0] * (JOKER_INDEX + 1)
        self.after: list[int] = [0] * len(slots)
        for i in range(len(slots) - 1, -1, -1):
            k = slots[i][3].index
            self.after[i] = later[k]
            later[k] += 1
        last_offset = {index: len(meld) - 1 for index, meld in enumerate(table.melds)}
        self.closes = [offset == last_offset[index] for _, index, offset, _ in slots]

    def solve(self) -> list[set[int]] | None:
        """The offsets taken off each meld, or ``None`` when no valid choice exists."""
        layers = [{self.start: None}]
        for i in range(len(self.slots)):
            following: dict[_State, None] = {}
            for state in layers[-1]:
                for remove in (True, False):
                    nxt = self._step(state, i, remove)
                    if nxt is not None:
                        following[nxt] = None
            if len(following) > STATE_LIMIT:
                raise InputTooLargeError(
                    "ways to send these tiles to the pool", size=len(following), limit=STATE_LIMIT
                )
            if not following:
                return None
            layers.append(following)
        good: set[_State] = set(layers[-1])
        viable = [good]
        for i in range(len(self.slots) - 1, -1, -1):
            good = {
                state
                for state in layers[i]
                if any(self._step(state, i, remove) in good for remove in (True, False))
            }
            viable.append(good)
        viable.reverse()
        removed: list[set[int]] = [set() for _ in self.is_run]
        state = self.start
        for i, (_, index, offset, _) in enumerate(self.slots):
            taken = self._step(state, i, remove=True)
            if taken is not None and taken in viable[i + 1]:
                removed[index].add(offset)
                state = taken
            else:
                kept = self._step(state, i, remove=False)
                assert kept is not None  # the state is viable, so one of the two steps is
                state = kept
        return removed

    def _step(self, state: _State, i: int, remove: bool) -> _State | None:
        """The state after deciding slot ``i``, or ``None`` if that decision breaks a rule."""
        _, index, _, tile = self.slots[i]
        k = tile.index
        place = self.free_place.get(k)
        values = list(state)
        if place is None:
            if remove != (k in self.always_removed):
                return None
        else:
            left = values[place] - remove
            if not 0 <= left <= self.after[i]:
                return None
            values[place] = left
        at = self.melds_at + index
        summary = values[at]
        if remove:
            if self.is_run[index]:
                if not _complete(summary):
                    return None
                summary = 0
        else:
            numbered = summary % 2 == 1 or tile.number is not None
            summary = min(summary // 2 + 1, _FULL) * 2 + numbered
        if self.closes[i]:
            if not _complete(summary):
                return None
            summary = 0
        values[at] = summary
        return tuple(values)


def _complete(summary: int) -> bool:
    """Whether a piece may end here: empty, or 3 tiles or more with a numbered one."""
    return summary == 0 or summary == _FULL * 2 + 1


def _position(reading: Reading | None, offset: int) -> int:
    """Where a tile stands in number order: a group's number, a run's first number + offset.

    A run that wraps goes on past 13. A meld without a reading (never on a valid table) is cut
    like a run.
    """
    if reading is None:
        return offset
    first = reading.stands_for[0][0].number or 0
    return first if reading.kind is MeldKind.GROUP else first + offset
