"""The table after a failed turn that lost tiles to the pool (rules section 5).

``FailedTurn(to_pool=...)`` names table tiles that could not be put back. Each named tile comes
off one meld: a group keeps its other tiles, a run is cut where the tile stood, and every meld
left must be valid (a meld whose every tile is named is gone). Identical tiles may stand in
several melds, so the question is which copies go. :func:`restored_table` answers it exactly.

How: a meld's remains are valid exactly when each run piece left has at least three tiles and a
numbered tile, and a group keeps none or at least three tiles with a numbered one (any part of a
valid meld that meets this is valid). Melds that share no tile with a choice are independent, so
each group of melds linked by such tiles is solved on its own. Within one, the tiles are visited
in number order (a run's tiles stand for consecutive numbers) and a dynamic programme keeps, for
each meld, the length of its current piece (capped at 3) and whether it has a numbered tile, and
for each tile with a choice, how many copies must still go; identical melds are interchangeable,
so their summaries are kept sorted. Among the valid ways, the lowest numbers are decided first and
each copy comes off the earliest meld in table order that allows the rest.

The work is bounded: a table built to defeat the search (only custom boxes with four copies of
every tile come near) is refused with :class:`~rummikub_rules.errors.InputTooLargeError` after
:data:`WORK_LIMIT` partial solutions, in well under a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from rummikub_rules.editions import Edition
from rummikub_rules.errors import InputTooLargeError
from rummikub_rules.melds import Meld, MeldKind, Reading, Table
from rummikub_rules.tiles import TILE_KINDS, Tile, tile_counts

__all__ = ["WORK_LIMIT", "restored_table"]

#: The most partial solutions examined for one failed turn.
WORK_LIMIT: Final = 300_000

#: A piece's summary: its length (0 to 3, where 3 means "3 or more") times two, plus one if it
#: holds a numbered tile. A piece may end when it is empty or complete.
_FULL: Final = 3
_COMPLETE: Final = _FULL * 2 + 1
#: The two decisions about a slot, taking the tile off first.
_BOTH: Final = (True, False)
#: One tile of the table: where it stands in number order, its meld, its offset, the tile.
_Slot = tuple[int, int, int, Tile]


def restored_table(table: Table, to_pool: Sequence[Tile], edition: Edition) -> Table | None:
    """``table`` (valid under ``edition``) less the tiles in ``to_pool``, or ``None``.

    ``None`` means no choice of copies leaves only valid melds. Every tile of ``to_pool`` must
    be on the table.
    """
    if not to_pool:
        return table
    melds = table.melds
    demand = tile_counts(to_pool)
    occurrences = tile_counts(table.tiles)
    free = {k for k in range(TILE_KINDS) if 0 < demand[k] < occurrences[k]}
    readings = [meld.reading(edition) for meld in melds]
    is_run = [reading is None or reading.kind is MeldKind.RUN for reading in readings]
    # Melds linked by a tile with a choice are decided together; the others are forced.
    linked = _Links(len(melds))
    holder: dict[int, int] = {}
    for index, meld in enumerate(melds):
        for tile in meld.tiles:
            if tile.index in free:
                linked.join(index, holder.setdefault(tile.index, index))
    removed: list[set[int]] = [set() for _ in melds]
    budget = [WORK_LIMIT]
    for members in linked.groups():
        if any(tile.index in free for index in members for tile in melds[index].tiles):
            plan = _Programme(members, melds, readings, is_run, demand, free)
            chosen = plan.solve(budget)
            if chosen is None:
                return None
            for index, offsets in chosen.items():
                removed[index] = offsets
            continue
        for index in members:  # every copy of each named tile goes: nothing to choose
            gone = {o for o, tile in enumerate(melds[index].tiles) if demand[tile.index]}
            if not _cut_is_valid(melds[index], gone, is_run[index]):
                return None
            removed[index] = gone
    return Table(_remains(melds, removed, is_run))


class _Programme:
    """One group of linked melds: their tiles in visiting order and the programme over them.

    A state is one integer: four bits per tile with a choice (copies still to go) and three per
    meld (its current piece's summary), so states are cheap to copy, compare and hash.
    """

    def __init__(
        self,
        members: list[int],
        melds: Sequence[Meld],
        readings: Sequence[Reading | None],
        is_run: Sequence[bool],
        demand: Sequence[int],
        free: set[int],
    ) -> None:
        self.members = members
        runs = [is_run[index] for index in members]
        slots: list[_Slot] = []
        for local, index in enumerate(members):
            for offset, tile in enumerate(melds[index].tiles):
                slots.append((_position(readings[index], offset), local, offset, tile))
        slots.sort(key=lambda slot: slot[:3])
        self.slots = slots
        kinds = sorted({tile.index for *_, tile in slots if tile.index in free})
        type_shift = {k: 4 * place for place, k in enumerate(kinds)}
        base = 4 * len(kinds)
        self.meld_shift = [base + 3 * local for local in range(len(members))]
        self.start = sum(demand[k] << shift for k, shift in type_shift.items())
        forced = {tile.index for *_, tile in slots if demand[tile.index]} - free
        later = [0] * TILE_KINDS
        after = [0] * len(slots)
        for i in range(len(slots) - 1, -1, -1):
            k = slots[i][3].index
            after[i] = later[k]
            later[k] += 1
        last = {local: len(melds[index]) - 1 for local, index in enumerate(members)}
        self.steps = [
            _SlotDecision(
                type_shift=type_shift.get(tile.index, -1),
                forced=tile.index in forced,
                after=after[i],
                meld_shift=self.meld_shift[local],
                run=runs[local],
                closes=offset == last[local],
                numbered=tile.number is not None,
                boundary=i + 1 == len(slots) or slots[i + 1][0] != position,
            )
            for i, (position, local, offset, tile) in enumerate(slots)
        ]
        # Identical melds stand for the same numbers: from one number to the next they are
        # interchangeable, so their summaries are kept in order.
        alike: dict[object, list[int]] = {}
        for local, index in enumerate(members):
            alike.setdefault((melds[index].tiles, melds[index].kind, runs[local]), []).append(local)
        self.classes = [locals_ for locals_ in alike.values() if len(locals_) > 1]

    def solve(self, budget: list[int]) -> dict[int, set[int]] | None:
        """The offsets taken off each meld (by table index), or ``None`` if there is no way."""
        layers = [{self.start}]
        for step in self.steps:
            following: set[int] = set()
            settle = step.boundary and bool(self.classes)
            for state in layers[-1]:
                for remove in _BOTH:
                    nxt = _advanced(state, step, remove)
                    if nxt is not None:
                        following.add(self._sorted(nxt, [])[0] if settle else nxt)
            budget[0] -= len(following)
            if budget[0] < 0:
                raise InputTooLargeError(
                    "ways to send these tiles to the pool (partial solutions)",
                    size=WORK_LIMIT - budget[0],
                    limit=WORK_LIMIT,
                )
            if not following:
                return None
            layers.append(following)
        viable = [layers[-1]]
        for i in range(len(self.steps) - 1, -1, -1):
            ahead, step = viable[-1], self.steps[i]
            viable.append(
                {s for s in layers[i] if any(self._next(s, step, r) in ahead for r in _BOTH)}
            )
        viable.reverse()
        return self._choose(viable)

    def _choose(self, viable: list[set[int]]) -> dict[int, set[int]]:
        """Walk the viable states, taking each tile off when that still leads to a solution."""
        removed: dict[int, set[int]] = {index: set() for index in self.members}
        state, who = self.start, list(range(len(self.members)))
        for i, (_, local, offset, _) in enumerate(self.slots):
            step = self.steps[i]
            taken = _advanced(state, step, remove=True)
            if taken is not None and self._settled(taken, step) in viable[i + 1]:
                removed[self.members[who[local]]].add(offset)
                state = taken
            else:
                kept = _advanced(state, step, remove=False)
                assert kept is not None  # the state is viable, so one of the two steps is
                state = kept
            if step.boundary:
                state, who = self._sorted(state, who)
        return removed

    def _next(self, state: int, step: _SlotDecision, remove: bool) -> int | None:
        """The state after deciding a slot, as the programme keeps it."""
        nxt = _advanced(state, step, remove)
        return None if nxt is None else self._settled(nxt, step)

    def _settled(self, state: int, step: _SlotDecision) -> int:
        return self._sorted(state, [])[0] if step.boundary and self.classes else state

    def _sorted(self, state: int, who: list[int]) -> tuple[int, list[int]]:
        """``state`` with identical melds' summaries in order, and which meld now has which."""
        moved = list(who)
        for alike in self.classes:
            shifts = [self.meld_shift[local] for local in alike]
            summaries = [(state >> shift) & 7 for shift in shifts]
            order = sorted(range(len(alike)), key=summaries.__getitem__)
            for place, source in enumerate(order):
                state += (summaries[source] - summaries[place]) << shifts[place]
                if who:
                    moved[alike[place]] = who[alike[source]]
        return state, moved


@attrs.frozen
class _SlotDecision:
    """What deciding one slot needs to know (``type_shift`` is -1 for a tile without choice)."""

    type_shift: int
    forced: bool
    after: int
    meld_shift: int
    run: bool
    closes: bool
    numbered: bool
    boundary: bool


def _advanced(state: int, step: _SlotDecision, remove: bool) -> int | None:
    """The state after keeping or taking off one slot's tile, or ``None`` if that breaks a rule."""
    if step.type_shift < 0:
        if remove != step.forced:
            return None
    elif remove:
        if not (state >> step.type_shift) & 15:
            return None
        state -= 1 << step.type_shift
    elif (state >> step.type_shift) & 15 > step.after:
        return None
    summary = (state >> step.meld_shift) & 7
    new = _advance(summary, step.numbered, remove, step.run)
    if new is None or (step.closes and new not in (0, _COMPLETE)):
        return None
    return state + (((0 if step.closes else new) - summary) << step.meld_shift)


def _advance(summary: int, numbered: bool, remove: bool, run: bool) -> int | None:
    """A meld's summary after its next tile (``numbered`` or a joker) is kept or taken off.

    ``None`` means a run piece ended too short or without a numbered tile.
    """
    if not remove:
        return min(summary // 2 + 1, _FULL) * 2 + (summary % 2 == 1 or numbered)
    if not run:
        return summary
    return 0 if summary in (0, _COMPLETE) else None


def _cut_is_valid(meld: Meld, gone: set[int], run: bool) -> bool:
    summary = 0
    for offset, tile in enumerate(meld.tiles):
        nxt = _advance(summary, tile.number is not None, offset in gone, run)
        if nxt is None:
            return False
        summary = nxt
    return summary in (0, _COMPLETE)


def _remains(melds: Sequence[Meld], removed: list[set[int]], is_run: list[bool]) -> list[Meld]:
    """Each meld without its removed tiles: a run cut where they stood, a group kept together."""
    left: list[Meld] = []
    for index, meld in enumerate(melds):
        gone = removed[index]
        if not gone:
            left.append(meld)
            continue
        pieces: list[list[Tile]] = [[]]
        for offset, tile in enumerate(meld.tiles):
            if offset not in gone:
                pieces[-1].append(tile)
            elif is_run[index]:
                pieces.append([])
        left.extend(Meld(piece, meld.kind) for piece in pieces if piece)
    return left


def _position(reading: Reading | None, offset: int) -> int:
    """Where a tile stands in number order: a group's number, a run's first number + offset.

    A run that wraps goes on past 13. A meld without a reading (never on a valid table) is cut
    like a run.
    """
    if reading is None:
        return offset
    first = reading.stands_for[0][0].number or 0
    return first if reading.kind is MeldKind.GROUP else first + offset


class _Links:
    """Union-find over meld indices."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))

    def find(self, index: int) -> int:
        while self.parent[index] != index:
            self.parent[index] = self.parent[self.parent[index]]
            index = self.parent[index]
        return index

    def join(self, one: int, other: int) -> None:
        self.parent[self.find(one)] = self.find(other)

    def groups(self) -> list[list[int]]:
        found: dict[int, list[int]] = {}
        for index in range(len(self.parent)):
            found.setdefault(self.find(index), []).append(index)
        return list(found.values())
