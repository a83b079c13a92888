"""Whether each rack tile a solve must lay has some meld to stand in, by counts (private).

A region of ``top_plays`` demands tiles (:data:`._context.Laid`): every play of it lays them.
A demanded tile stands after the turn in a run of its colour or a group of its number, each of
whose other places holds a tile of the table or of the rack the region lets be laid, or a
joker. A joker there is a rack joker, a table joker kept in a role that place is (the tile a run
joker stands for, any tile of a group joker's number), or a table joker freed, and then the
meld holds at least ``freed_joker_rack_tiles`` rack tiles, its rack jokers among them (rules
section 4.5). A player who has not opened lays new melds of rack tiles only. Where no run or
group around a demanded tile meets that, the region has no play, and no search is needed to
say so: its proof used to take the host search up to the whole default limit (a ``us-1980``
region demanding ``k2``, which only a freed joker could join, in a meld short of rack tiles).

Each count is a necessary condition only (the other demanded tiles and the rest of the table
are not looked at, and a joker counts as freed wherever what takes its place is there to be
laid or moved), so a tile found a place proves nothing.
Coloured jokers, runs that go round, groups with a colour twice and openings over the table are
left to the searches.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import attrs

from rummikub_rules.editions import JokerInInitialMeld, JokerRetrieval, ReplacementFrom
from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._grid import Counts
from rummikub_rules.solver._position import readings
from rummikub_rules.tiles import JOKER

__all__ = ["unplaceable"]


def unplaceable(ctx: Context) -> bool:
    """Whether some tile the solve's bounds demand can stand in no meld (see the module)."""
    demanded = [t for t, (least, _) in ctx.laid.items() if least > 0 and t.number is not None]
    edition = ctx.edition
    if not demanded or not ctx.plain or ctx.colored:
        return False
    if not ctx.opened and edition.opening_may_use_table:
        return False
    grid = ctx.grid
    rack = ctx.rack_most()
    rack_jokers = min(ctx.rack_jokers(), ctx.laid.get(JOKER, (0, 99))[1])
    if ctx.opened:
        table = ctx.counts(ctx.table.tiles)
        assert table is not None  # the solve checked the tiles against the set
        roles = _roles(ctx, rack, table)
        if roles is None:
            return False
        table_jokers = sum(m.jokers for m in ctx.table.melds)
    else:
        table, roles, table_jokers = grid.zeros(), _Roles(frozenset(), frozenset(), 0), 0
        if edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN:
            rack_jokers = 0
    ctx.budget.charge(1)
    stock = _Stock(rack, table, roles, rack_jokers, table_jokers, ctx)
    for tile in demanded:
        cell = grid.cell(tile)
        if cell is not None and not stock.placeable(*cell):
            return True
    return False


@attrs.frozen
class _Roles:
    """The table's jokers (see :func:`_roles`).

    The cells and group columns their roles cover, and how many of them may be freed.
    """

    cells: frozenset[tuple[int, int]]
    columns: frozenset[int]
    freeable: int


def _roles(ctx: Context, rack: Counts, table: Counts) -> _Roles | None:
    """Where the table's jokers may stand if kept, and how many may be freed at all.

    Kept, a joker stands where its role is (:func:`._position.readings`): a run's cell, or any
    cell of a group's number. Under ``replace`` a joker is freed only where what takes its place
    may be laid there (``rack``, the rack tiles the region lets be laid) or, under
    ``rack_or_table``, moved there (``table``): its run's tile, or as many of its group's
    missing colours as free it (:attr:`._position.TableJoker.wanted`; colours differ in a
    group here). Over every reading of the table, the most freed in one. ``None`` if a meld
    holding a joker has no reading (nothing is then proven).
    """
    edition = ctx.edition
    replace = edition.joker_retrieval is JokerRetrieval.REPLACE
    in_place = edition.replacement_from is ReplacementFrom.RACK_OR_TABLE

    def there(column: int, row: int) -> bool:
        return bool(rack[column][row] or (in_place and table[column][row]))

    cells: set[tuple[int, int]] = set()
    columns: set[int] = set()
    freeable = 0
    for roles in readings(ctx.table, ctx.grid, edition):
        if roles.roleless:
            return None
        freed = 0
        for joker in roles.jokers:
            if joker.kind is MeldKind.RUN:
                cells.add((joker.column, joker.row))
                freed += not replace or there(joker.column, joker.row)
            else:
                columns.add(joker.column)
                have = sum(1 for row in joker.missing if there(joker.column, row))
                freed += not replace or have >= joker.wanted
        freeable = max(freeable, freed)
    return _Roles(frozenset(cells), frozenset(columns), freeable)


class _Stock:
    """What the places of a meld around a demanded tile may hold (see :func:`unplaceable`)."""

    def __init__(
        self,
        rack: Counts,
        table: Counts,
        roles: _Roles,
        rack_jokers: int,
        table_jokers: int,
        ctx: Context,
    ) -> None:
        self.rack, self.table = rack, table
        self.cells, self.columns, self.freeable = roles.cells, roles.columns, roles.freeable
        self.rack_jokers, self.table_jokers = rack_jokers, table_jokers
        self.need = ctx.edition.freed_joker_rack_tiles
        self.cap = ctx.edition.max_jokers_per_meld
        self.grid = ctx.grid
        #: Jokers that may fill a place at most: the rack's and the table's.
        self.jokers = rack_jokers + table_jokers

    def placeable(self, column: int, row: int) -> bool:
        """Whether the tile at ``(column, row)`` has a run or a group it may stand in.

        Groups first, then runs from the shortest start on: most tiles have a place near them.
        A run grown at either end only needs more jokers, so its windows stop growing once
        they need more than there are.
        """
        others = [r for r in range(self.grid.rows) if r != row]
        for size in range(2, len(others) + 1):
            for chosen in itertools.combinations(others, size):
                if self.fits(self.count((column, r) for r in chosen)):
                    return True
        columns = self.grid.columns  # runs do not go round here: any window is a run's
        for start in range(column, -1, -1):
            left = self.count((c, row) for c in range(start, column))
            if left[1] + left[2] > self.jokers:
                return False  # starting further left needs more still
            counts = left
            for end in range(column, columns):
                if end > column:
                    counts = _plus(counts, self.count([(end, row)]))
                    if counts[1] + counts[2] > self.jokers:
                        break
                if end - start >= 2 and self.fits(counts):
                    return True
        return False

    def count(self, places: Iterable[tuple[int, int]]) -> tuple[int, int, int]:
        """How many of ``places`` a rack tile may fill, a kept joker must, a free joker must.

        A place the table's tiles fill counts in none.
        """
        rack_tiles, kept, free = 0, 0, 0
        for column, row in places:
            if self.rack[column][row]:
                rack_tiles += 1
            elif self.table[column][row]:
                continue
            elif (column, row) in self.cells or column in self.columns:
                kept += 1
            else:
                free += 1
        return rack_tiles, kept, free

    def fits(self, counts: tuple[int, int, int]) -> bool:
        """Whether jokers fill the places ``counts`` leave beside the demanded tile (a rack one).

        The places no kept joker fills take the rack's jokers first, then freed ones; a rack
        joker laid there counts among the meld's rack tiles, as the demanded tile does.
        """
        rack_tiles, kept, free = counts
        if self.cap is not None and kept + free > self.cap:
            return False
        for keep in range(kept + 1):
            loose = kept - keep + free
            from_rack = min(loose, self.rack_jokers)
            freed = loose - from_rack
            if freed > self.freeable or keep + freed > self.table_jokers:
                continue
            if freed and rack_tiles + from_rack + 1 < self.need:
                continue
            return True
        return False


def _plus(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]
