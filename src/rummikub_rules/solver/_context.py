"""The problem one solve answers, fixed for the whole solve (private).

A :class:`Context` holds the position (table, rack, whether the player has opened), the edition
and its grid, the score of each rack tile, the bounds on what may be laid, the budget, and
whether any legal play will do. Every stage of the plan (:mod:`._plan`) reads it; none changes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import attrs

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, MeldKind, RunWrap, Table
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._grid import Counts, Grid, Objective, grid_of, weights
from rummikub_rules.solver._position import TableJoker
from rummikub_rules.solver._problem import Opening
from rummikub_rules.tiles import JOKER, Tile

__all__ = ["Context", "Laid", "context", "freeze", "plus"]

#: Bounds on how many copies of each rack tile (the joker included) a play lays.
Laid = Mapping[Tile, tuple[int, int]]


@attrs.frozen(eq=False)
class Context:
    """One position to solve, its edition, scores and bounds (see the module docstring).

    ``plain``: the engine may use the fast search and the edition's runs do not wrap and its
    groups' colours differ; ``weight_of``: a rack tile's score by number. A context is one
    solve's: equal only to itself.
    """

    table: Table
    rack: tuple[Tile, ...]
    opened: bool
    edition: Edition
    budget: Budget
    first: bool
    grid: Grid
    plain: bool
    weights: list[int]
    joker_weight: int
    weight_of: dict[int, int]
    laid: Laid
    #: Whether the position holds coloured jokers (the general search counts them by kind).
    colored: bool = False

    def counts(self, tiles: Sequence[Tile] | Iterator[Tile]) -> Counts | None:
        """The grid counts of ``tiles`` (``None`` if a tile has no cell)."""
        return self.grid.counts(tiles)

    def rack_jokers(self) -> int:
        """How many plain jokers the rack holds (coloured ones: :meth:`rack_colored`)."""
        return sum(1 for t in self.rack if t == JOKER)

    def rack_colored(self) -> list[int]:
        """How many coloured jokers of each row's colour the rack holds."""
        row = self.grid.color_row
        counts = [0] * self.grid.rows
        for tile in self.rack:
            if tile.is_colored_joker:
                counts[row[tile.color]] += 1
        return counts

    def rack_counts(self) -> Counts:
        """The rack's numbered tiles per cell."""
        rack = self.counts(self.rack)
        assert rack is not None
        return rack

    def rack_most(self) -> Counts:
        """The rack's numbered tiles per cell that a play may lay: at most the solve's bounds.

        In a region of ``top_plays`` a tile bounded to fewer copies than the rack holds is
        laid in no more (none, where it is left out): it frees no joker and fills no run.
        """
        rack = self.rack_counts()
        grid = self.grid
        for tile, (_, most) in self.laid.items():
            cell = grid.cell(tile) if tile.number is not None else None
            if cell is not None:
                rack[cell[0]][cell[1]] = min(rack[cell[0]][cell[1]], most)
        return rack

    def inventory_ok(self) -> bool:
        """Whether table and rack hold only tiles the set has, in copies it has.

        Else the referee refuses every turn: ``unknown_tile``.
        """
        return self.inventory_ok_for((*self.table.tiles, *self.rack))

    def inventory_ok_for(self, tiles: Sequence[Tile]) -> bool:
        """Whether ``tiles`` are tiles the set has, in copies it has."""
        tile_set = self.edition.tile_set
        return all(n <= tile_set.count(t) for t, n in Counter(tiles).items())

    @property
    def hosts_rule(self) -> bool:
        """Whether a freed joker must go into a host meld (rack tiles, or a new meld)."""
        return self.edition.freed_joker_rack_tiles > 0 or self.edition.freed_joker_new_meld

    def fast_applies(self, jokers: int) -> bool:
        """Whether the fast search covers the meld rules, with this many jokers in play.

        Its runs count a joker as one more tile of its cell, so with three jokers or more it
        may lay a run of jokers alone (no meld): such an answer goes to the general search
        (see :func:`._engines.fast_solve`).
        """
        return self.fast_rules(jokers) and not self.colored

    def fast_rules(self, jokers: int) -> bool:
        """Whether the fast search covers the meld rules with plain jokers (coloured read so)."""
        cap = self.edition.max_jokers_per_meld
        return self.plain and (cap is None or cap >= jokers)

    def pins(self, jokers: Sequence[TableJoker]) -> tuple[Counts, list[int]]:
        """Table jokers kept in their roles: per cell in runs, per column in groups.

        Coloured ones count among the run pins; in groups, they are :meth:`colored_pins`.

        Under ``one_high`` a joker standing for the 1 played high is counted with the 1s (the
        search shares the 1s out between the two places).
        """
        run_pins = self.grid.zeros()
        group_pins = [0] * self.grid.columns
        for joker in jokers:
            if joker.kind is MeldKind.RUN:
                column = joker.column
                if self.grid.high and column == self.grid.columns - 1:
                    column = 0
                run_pins[column][joker.row] += 1
            elif joker.color < 0:
                group_pins[joker.column] += 1
        return run_pins, group_pins

    def colored_pins(
        self, jokers: Sequence[TableJoker]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """Coloured table jokers kept in their roles, in runs and in groups.

        Per cell in runs (how many of the run pins there are coloured), per column and row of
        their colour in groups.
        """
        run_pins = self.grid.zeros()
        group_pins = self.grid.zeros()
        for joker in jokers:
            if joker.color < 0:
                continue
            if joker.kind is MeldKind.RUN:
                column = joker.column
                if self.grid.high and column == self.grid.columns - 1:
                    column = 0
                run_pins[column][joker.row] += 1
            else:
                group_pins[joker.column][joker.color] += 1
        return freeze(run_pins), freeze(group_pins)

    def rack_bounds(
        self, demanded: Counts | None = None, laid: Counts | None = None
    ) -> tuple[Counts, Counts]:
        """Per cell, the fewest and most rack tiles a play may still lay.

        From ``laid`` bounds of the solve, at least the tiles ``demanded`` (they count among
        the tiles laid), less what ``laid`` says is laid already (by hosts).
        """
        grid = self.grid
        low = grid.zeros()
        high = [[99] * grid.rows for _ in grid.numbers]
        for tile, (least, most) in self.laid.items():
            cell = grid.cell(tile) if tile.number is not None else None
            if cell is not None:
                low[cell[0]][cell[1]] = least
                high[cell[0]][cell[1]] = most
        if demanded is not None:
            low = [_at_least(x, y) for x, y in zip(low, demanded, strict=True)]
        if laid is not None:
            low = [
                [max(0, a - b) for a, b in zip(x, y, strict=True)]
                for x, y in zip(low, laid, strict=True)
            ]
            high = [
                [a - b for a, b in zip(x, y, strict=True)] for x, y in zip(high, laid, strict=True)
            ]
        return low, high

    def opening_value(self, melds: Sequence[Meld], opening: Opening) -> int:
        """What ``melds`` count towards the opening's threshold."""
        if opening.jokers_count:
            return sum(m.value(self.edition) or 0 for m in melds)
        return sum(t.value for m in melds for t in m.tiles)


def context(
    table: Table,
    rack: tuple[Tile, ...],
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: Budget,
    fast: bool,
    first: bool,
    laid: Laid | None,
) -> Context:
    """The context of one solve; ``fast``: the engine may use the fast search."""
    grid = grid_of(edition)
    plain = fast and RunWrap(edition.run_wrap) is RunWrap.NONE and edition.group_colors_distinct
    tile_weights, joker_weight = weights(grid.numbers, rack, objective, edition.joker_penalty)
    return Context(
        table=table,
        rack=rack,
        opened=opened,
        edition=edition,
        budget=budget,
        first=first,
        grid=grid,
        plain=plain,
        weights=tile_weights,
        joker_weight=joker_weight,
        weight_of=dict(zip(grid.numbers, tile_weights, strict=True)),
        laid=laid or {},
        colored=any(t.is_colored_joker for t in (*rack, *table.tiles)),
    )


def _at_least(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The fewest copies laid per cell when both bounds hold (demanded tiles count as laid)."""
    return [max(x, y) for x, y in zip(a, b, strict=True)]


def plus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Two rows of counts added cell by cell."""
    return [x + y for x, y in zip(a, b, strict=True)]


def freeze(grid: Counts) -> tuple[tuple[int, ...], ...]:
    """Counts made hashable."""
    return tuple(tuple(row) for row in grid)
