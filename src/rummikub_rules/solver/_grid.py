"""The tile grid every search works on, and the one way back from a found meld to a ``Meld``.

A search sees tiles as counts on a grid: one *column* per number of the edition's tile set
(lowest first) and one *row* per colour, in the set's colour order. Under ``run_wrap =
one_high`` one more column follows the last: the 1s (the set's lowest number) played after the
highest number, so that a run never needs to wrap inside the grid. A :class:`FoundMeld` is a meld
as a search found it, in grid coordinates; :meth:`Grid.meld` turns it into a :class:`Meld`.

Scores are integers: :func:`weights` gives each rack tile and rack joker a score that ranks plays
by the objective first and by the other measure second (tiles then points, or points then tiles).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Final, Literal

import attrs

from rummikub_rules.editions import Edition
from rummikub_rules.errors import InvalidValueError, excerpt
from rummikub_rules.melds import Meld, MeldKind, RunWrap
from rummikub_rules.tiles import JOKER, Color, Tile, TileSet, shared_tile

__all__ = ["NEG", "Counts", "FoundMeld", "Grid", "Objective", "weights"]

#: What a search maximises: rack tiles laid (ties: points) or points (ties: tiles).
Objective = Literal["tiles", "points"]

#: The score of an impossible state (below any sum of real scores).
NEG: Final = -(1 << 62)

#: Tile counts on the grid, indexed ``[column][colour]``.
Counts = list[list[int]]


@attrs.frozen
class FoundMeld:
    """A meld in grid coordinates, as a search found it.

    A run is one colour (``at`` is its row) and lists, in order, the column of each tile;
    a group is one column (``at``) and lists the row of each numbered tile. ``jokers[i]`` says
    whether tile ``i`` is a joker (in a run it stands at that column; in a group its row is -1).
    ``colored[i]`` (empty: none) says whether that joker is a coloured one: of the run's colour,
    or in a group of the colour of its row (which it then gives instead of -1).
    """

    kind: MeldKind
    at: int
    places: tuple[int, ...]
    jokers: tuple[bool, ...]
    colored: tuple[bool, ...] = ()


@attrs.frozen
class Grid:
    """The columns and rows of one edition's tile set, and the rule that links them.

    ``numbers[column]`` is the number a column stands for (the last one under ``one_high`` is the
    set's lowest number again); ``high`` says whether that extra column exists and ``cyclic``
    whether runs go on from the last column to the first (``run_wrap = full``).
    """

    tile_set: TileSet
    wrap: RunWrap
    numbers: tuple[int, ...] = attrs.field(init=False)
    color_row: dict[object, int] = attrs.field(init=False, eq=False, repr=False)
    number_column: dict[int, int] = attrs.field(init=False, eq=False, repr=False)
    #: Whether the grid has the column of 1s played high (``run_wrap = one_high``).
    high: bool = attrs.field(init=False, eq=False, repr=False)
    #: Whether runs may go on from the last column to the first (``run_wrap = full``).
    cyclic: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "high", self.wrap is RunWrap.ONE_HIGH)
        object.__setattr__(self, "cyclic", self.wrap is RunWrap.FULL)
        numbers = tuple(self.tile_set.numbers)
        if self.high:
            numbers = (*numbers, numbers[0])
        object.__setattr__(self, "numbers", numbers)
        object.__setattr__(self, "color_row", {c: i for i, c in enumerate(self.tile_set.colors)})
        object.__setattr__(
            self, "number_column", {n: i for i, n in enumerate(self.tile_set.numbers)}
        )

    @property
    def columns(self) -> int:
        """How many columns the grid has."""
        return len(self.numbers)

    @property
    def rows(self) -> int:
        """How many colours (rows) the grid has."""
        return len(self.tile_set.colors)

    @property
    def span(self) -> int:
        """How many numbers the set has: the longest run."""
        return len(self.tile_set.numbers)

    def cell(self, tile: Tile) -> tuple[int, int] | None:
        """The (low) column and the row of a numbered tile; ``None`` if the set lacks it."""
        row = self.color_row.get(tile.color)
        column = self.number_column.get(tile.number) if tile.number is not None else None
        if row is None or column is None:
            return None
        return column, row

    def tile(self, column: int, row: int) -> Tile:
        """The numbered tile at a cell."""
        return shared_tile(self.tile_set.colors[row], self.numbers[column])

    def counts(self, tiles: Iterable[Tile]) -> Counts | None:
        """Numbered tiles as counts (jokers are skipped); ``None`` if one is not in the set."""
        grid = self.zeros()
        for tile in tiles:
            if tile.number is None:
                continue
            cell = self.cell(tile)
            if cell is None:
                return None
            grid[cell[0]][cell[1]] += 1
        return grid

    def zeros(self) -> Counts:
        """A grid of zero counts."""
        zeros = [0] * self.rows
        return [zeros.copy() for _ in self.numbers]

    def meld(self, found: FoundMeld, *, declare: bool = True) -> Meld:
        """The :class:`Meld` of a found meld, its kind declared where the tiles read both ways."""
        colored = found.colored or (False,) * len(found.places)
        colors = self.tile_set.colors
        if found.kind is MeldKind.RUN:
            color = colors[found.at]
            tiles = [
                _joker(color, tint) if joker else shared_tile(color, self.numbers[column])
                for column, joker, tint in zip(found.places, found.jokers, colored, strict=True)
            ]
        else:
            number = self.numbers[found.at]
            tiles = [
                _joker(colors[row], tint) if joker else shared_tile(colors[row], number)
                for row, joker, tint in zip(found.places, found.jokers, colored, strict=True)
            ]
        meld = Meld(tiles)
        if declare and meld.jokers and len(tiles) - meld.jokers == 1:
            return meld.with_kind(found.kind)
        return meld


@functools.lru_cache(maxsize=32)
def _joker(color: Color, colored: bool) -> Tile:
    """A joker: of ``color`` if ``colored``, else plain."""
    return Tile.joker(color) if colored else JOKER


def grid_of(edition: Edition) -> Grid:
    """The grid of an edition's tile set and run rule (cached: editions are immutable)."""
    return Grid(edition.tile_set, RunWrap(edition.run_wrap))


def weights(
    numbers: Sequence[int], rack: Sequence[Tile], objective: Objective, penalty: int
) -> tuple[list[int], int]:
    """Scores of one rack tile per column and of one rack joker, for ``objective``.

    ``"tiles"``: every tile outweighs all points together, and points break ties; ``"points"``:
    the reverse (a joker is worth the edition's ``joker_penalty``).
    """
    jokers = sum(1 for t in rack if t.number is None)
    if objective == "tiles":
        big = sum(t.value for t in rack) + penalty * jokers + 1
        return [big + n for n in numbers], big + penalty
    if objective == "points":
        big = len(rack) + 1
        return [n * big + 1 for n in numbers], penalty * big + 1
    raise InvalidValueError(f"objective is 'tiles' or 'points', got {excerpt(objective)}")
