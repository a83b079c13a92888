"""The melds a freed joker may go into: its *hosts* (private).

RULES.md 4.5: a joker freed from the table ends in a meld with at least
``freed_joker_rack_tiles`` tiles laid from the rack (rack jokers count), and, under
``freed_joker_new_meld``, in a *new* meld: one that holds no meld of the table before whole.
Such melds are short in practice, so the plan lists them (:func:`hosts`): every valid meld
holding one or more freed jokers, each of its other places filled by a table tile, a rack
tile, a rack joker, a table joker free to go anywhere or a table joker kept in its role
there. With the host laid, the rest of the position has fewer freed jokers (often none), and
the fast search solves it exactly.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import attrs

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._grid import Counts, FoundMeld, Grid
from rummikub_rules.solver._position import Containers

__all__ = ["Host", "Stock", "hosts"]

# What fills a place of a host.
TABLE, RACK, RACK_JOKER, LOOSE, PIN, FREED = "table", "rack", "rack joker", "loose", "pin", "freed"
_NUMBERED = (TABLE, RACK)
_FROM_RACK = (RACK, RACK_JOKER)


@attrs.frozen
class Stock:
    """What a host may take: tiles per cell, rack and loose jokers, kept jokers per role."""

    table: Counts = attrs.field(eq=False)
    rack: Counts = attrs.field(eq=False)
    rack_jokers: int
    loose: int
    run_pins: Counts = attrs.field(eq=False)
    group_pins: list[int] = attrs.field(eq=False)


@attrs.frozen
class Host:
    """A meld holding freed jokers, and what it takes from the stock.

    ``places`` says what fills each place of ``meld`` (``TABLE``, ``RACK``, ``RACK_JOKER``,
    ``LOOSE``, ``PIN`` or ``FREED``).
    """

    meld: FoundMeld
    places: tuple[str, ...]

    @property
    def freed(self) -> int:
        """How many freed jokers it holds."""
        return self.places.count(FREED)

    def score(self, weights: Sequence[int], joker_weight: int) -> int:
        """What the host's rack tiles score."""
        total = 0
        for place, what in zip(self._cells(), self.places, strict=True):
            if what == RACK:
                total += weights[place[0]]
            elif what == RACK_JOKER:
                total += joker_weight
        return total

    def rest(self, stock: Stock) -> Stock:
        """The stock without what the host takes."""
        table = [list(row) for row in stock.table]
        rack = [list(row) for row in stock.rack]
        run_pins = [list(row) for row in stock.run_pins]
        group_pins = list(stock.group_pins)
        for (column, row), what in zip(self._cells(), self.places, strict=True):
            if what == TABLE:
                table[column][row] -= 1
            elif what == RACK:
                rack[column][row] -= 1
            elif what == PIN and self.meld.kind is MeldKind.RUN:
                run_pins[column][row] -= 1
            elif what == PIN:
                group_pins[column] -= 1
        return Stock(
            table,
            rack,
            stock.rack_jokers - self.places.count(RACK_JOKER),
            stock.loose - self.places.count(LOOSE),
            run_pins,
            group_pins,
        )

    def _cells(self) -> list[tuple[int, int]]:
        meld = self.meld
        if meld.kind is MeldKind.RUN:
            return [(column, meld.at) for column in meld.places]
        return [(meld.at, row) for row in meld.places]


def hosts(
    grid: Grid,
    stock: Stock,
    *,
    freed: int,
    need: int,
    old: Containers | None,
    distinct: bool,
    cap: int | None = None,
) -> Iterator[Host]:
    """Every host of up to ``freed`` freed jokers (at least one), see the module docstring.

    ``old`` lists the melds before a host may not hold whole (``None``: no such rule).
    """
    yield from _runs(grid, stock, freed, need, old, cap)
    yield from _groups(grid, stock, freed, need, old, distinct, cap)


def _jokers_ok(picks: Sequence[str], stock: Stock, freed: int, cap: int | None) -> bool:
    jokers = sum(1 for p in picks if p not in _NUMBERED)
    return (
        1 <= picks.count(FREED) <= freed
        and picks.count(RACK_JOKER) <= stock.rack_jokers
        and picks.count(LOOSE) <= stock.loose
        and jokers < len(picks)
        and (cap is None or jokers <= cap)
    )


def _runs(
    grid: Grid, stock: Stock, freed: int, need: int, old: Containers | None, cap: int | None
) -> Iterator[Host]:
    columns = grid.columns - (1 if grid.high else 0)
    spare = freed + stock.rack_jokers + stock.loose
    for row in range(grid.rows):
        containers = old.runs[row] if old is not None else ()
        for start in range(columns):
            missing = 0
            for end in range(start, min(columns, start + grid.span)):
                if not (stock.table[end][row] or stock.rack[end][row] or stock.run_pins[end][row]):
                    missing += 1
                if missing > spare:
                    break  # longer runs from here lack more tiles than there are jokers
                if end - start >= 2:
                    yield from _fill_run(grid, stock, freed, need, containers, row, start, end, cap)


def _fill_run(
    grid: Grid,
    stock: Stock,
    freed: int,
    need: int,
    containers: tuple[int, ...],
    row: int,
    start: int,
    end: int,
    cap: int | None,
) -> Iterator[Host]:
    window = list(range(start, end + 1))
    options = []
    for column in window:
        here = [FREED]
        if stock.table[column][row]:
            here.append(TABLE)
        if stock.rack[column][row]:
            here.append(RACK)
        if stock.rack_jokers:
            here.append(RACK_JOKER)
        if stock.loose:
            here.append(LOOSE)
        if stock.run_pins[column][row]:
            here.append(PIN)
        options.append(here)
    for picks in itertools.product(*options):
        if not _jokers_ok(picks, stock, freed, cap):
            continue
        if sum(1 for p in picks if p in _FROM_RACK) < need:
            continue
        mask = 0
        for column, pick in zip(window, picks, strict=True):
            if pick in _NUMBERED:
                mask |= 1 << grid.numbers[column]
        if any(m & mask == m for m in containers):
            continue  # it holds a meld of the table before whole: an old meld
        meld = FoundMeld(
            MeldKind.RUN, row, tuple(window), tuple(p not in _NUMBERED for p in picks)
        )
        yield Host(meld, tuple(picks))


def _groups(
    grid: Grid,
    stock: Stock,
    freed: int,
    need: int,
    old: Containers | None,
    distinct: bool,
    cap: int | None,
) -> Iterator[Host]:
    size = grid.rows
    columns = grid.columns - (1 if grid.high else 0)
    for column in range(columns):
        containers = old.groups[column] if old is not None else ()
        units: list[tuple[int, str]] = []
        for row in range(grid.rows):
            copies = 1 if distinct else size
            units += [(row, TABLE)] * min(copies, stock.table[column][row])
            units += [(row, RACK)] * min(copies, stock.rack[column][row])
        jokers_here = (
            [FREED] * freed
            + [RACK_JOKER] * stock.rack_jokers
            + [LOOSE] * stock.loose
            + [PIN] * stock.group_pins[column]
        )
        seen: set[tuple[object, ...]] = set()
        for count in range(1, size):
            for picked in itertools.combinations(units, count):
                rows = [r for r, _ in picked]
                if distinct and len(set(rows)) != len(rows):
                    continue
                have = [rows.count(r) for r in range(grid.rows)]
                if any(all(h >= w for h, w in zip(have, c, strict=True)) for c in containers):
                    continue  # it holds a meld of the table before whole: an old meld
                for extra in range(max(1, 3 - count), size - count + 1):
                    for jokers in set(itertools.combinations(jokers_here, extra)):
                        picks = [w for _, w in picked] + list(jokers)
                        key = (picked, tuple(sorted(jokers)))
                        if key in seen or not _jokers_ok(picks, stock, freed, cap):
                            continue
                        seen.add(key)
                        if sum(1 for p in picks if p in _FROM_RACK) < need:
                            continue
                        meld = FoundMeld(
                            MeldKind.GROUP,
                            column,
                            (*rows, *([-1] * extra)),
                            (*([False] * count), *([True] * extra)),
                        )
                        yield Host(meld, tuple(picks))
