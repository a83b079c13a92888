"""A host meld and what it takes from a stock (private).

A *host* is a meld holding freed table jokers (rules section 4.5); :mod:`._hosts` lists them.
:class:`Stock` is what a host may take (tiles per cell, jokers of each kind), and
:class:`Host` says what fills each of its places and what it leaves (:meth:`Host.rest`);
:func:`shape` names a meld's places, whatever found it; a :class:`Share` is a group of hosts of
one stock that the host search bounds together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._grid import Counts, FoundMeld, Grid

__all__ = [
    "FREED",
    "LOOSE",
    "NUMBERED",
    "PIN",
    "RACK",
    "RACK_JOKER",
    "TABLE",
    "Host",
    "Shape",
    "Share",
    "Stock",
    "shape",
    "source_column",
]

# What fills a place of a host.
TABLE, RACK, RACK_JOKER, LOOSE, PIN, FREED = "table", "rack", "rack joker", "loose", "pin", "freed"
NUMBERED = (TABLE, RACK)


#: A meld's kind ("run" or "group"), place (a run's row, a group's column) and cells: a run's
#: columns, each a joker or not; a group's rows (-1 for a joker). Sorted: a meld's cells in any
#: order give one shape.
Shape = tuple[str, int, tuple[tuple[int, bool], ...]]


def shape(meld: FoundMeld) -> Shape:
    """The shape of ``meld`` (:data:`Shape`), for matching melds found by different means."""
    if meld.kind is MeldKind.RUN:
        return "run", meld.at, tuple(sorted(zip(meld.places, meld.jokers, strict=True)))
    colored = meld.colored or (False,) * len(meld.places)
    # A coloured joker in a group stands at its colour's row: a joker all the same.
    rows = (-1 if tinted else place for place, tinted in zip(meld.places, colored, strict=True))
    return "group", meld.at, tuple(sorted((row, False) for row in rows))


@attrs.frozen
class Stock:
    """What a host may take: tiles per cell, rack and loose jokers, kept jokers per role.

    ``rack_jokers``, ``loose`` and ``group_pins`` count plain jokers; the coloured ones are
    counted per row of their colour (empty without coloured jokers), and ``colored_run_pins``
    says how many of ``run_pins`` are coloured.
    """

    table: Counts = attrs.field(eq=False)
    rack: Counts = attrs.field(eq=False)
    rack_jokers: int
    loose: int
    run_pins: Counts = attrs.field(eq=False)
    group_pins: list[int] = attrs.field(eq=False)
    colored_rack: tuple[int, ...] = ()
    colored_loose: tuple[int, ...] = ()
    colored_run_pins: tuple[tuple[int, ...], ...] = ()
    colored_group_pins: tuple[tuple[int, ...], ...] = ()
    #: Rack jokers of every kind (counted once: hosts ask at every place).
    all_rack_jokers: int = attrs.field(init=False, eq=False, repr=False)
    #: Loose jokers of every kind.
    all_loose: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "all_rack_jokers", self.rack_jokers + sum(self.colored_rack))
        object.__setattr__(self, "all_loose", self.loose + sum(self.colored_loose))

    def key(self) -> tuple[object, ...]:
        """The stock's contents, hashable: what its hosts and its rest depend on."""
        return (
            tuple(map(tuple, self.table)),
            tuple(map(tuple, self.rack)),
            self.rack_jokers,
            self.loose,
            tuple(map(tuple, self.run_pins)),
            tuple(self.group_pins),
            self.colored_rack,
            self.colored_loose,
            self.colored_run_pins,
            self.colored_group_pins,
        )

    def all_group_pins(self, column: int) -> int:
        """Kept group jokers of every kind at ``column``."""
        return self.group_pins[column] + (
            sum(self.colored_group_pins[column]) if self.colored_group_pins else 0
        )


@attrs.frozen
class Host:
    """A meld holding freed jokers, and what it takes from the stock.

    ``places`` says what fills each place of ``meld`` (``TABLE``, ``RACK``, ``RACK_JOKER``,
    ``LOOSE``, ``PIN`` or ``FREED``).
    """

    meld: FoundMeld
    places: tuple[str, ...]
    #: Copies of tiles the whole play must lay, per (column, row), for the host to be new.
    demands: tuple[tuple[tuple[int, int], int], ...] = ()
    #: Per place, the row of the colour of the coloured joker there (-1: none; empty: none).
    tints: tuple[int, ...] = ()

    @property
    def key(self) -> tuple[object, ...]:
        """Orders hosts, so that a set of hosts is listed once."""
        meld = self.meld
        return (
            meld.kind.value, meld.at, meld.places, meld.jokers, self.places, self.demands,
            self.tints,
        )  # fmt: skip

    @property
    def freed(self) -> int:
        """How many freed jokers it holds."""
        return self.places.count(FREED)

    @property
    def taken_from_table(self) -> int:
        """How many table tiles it takes."""
        return self.places.count(TABLE)

    def tinted(self, what: str, rows: int) -> tuple[int, ...]:
        """How many coloured jokers fill places of ``what``, per row of their colour."""
        counts = [0] * rows
        for place, tint in zip(self.places, self.tints, strict=False):
            if place == what and tint >= 0:
                counts[tint] += 1
        return tuple(counts)

    def score(self, weights: Sequence[int], joker_weight: int) -> int:
        """What the host's rack tiles score."""
        total = 0
        for place, what in zip(self._cells(), self.places, strict=True):
            if what == RACK:
                total += weights[place[0]]
            elif what == RACK_JOKER:
                total += joker_weight
        return total

    def jokers_taken(self, grid: Grid) -> tuple[object, ...]:
        """The jokers it takes: kept ones by where they stand, loose and freed ones by tint.

        Two hosts taking the same jokers from one stock leave it the same jokers (their rests
        differ in tiles only), which :meth:`rest` would tell for far more work.
        """
        tints = self.tints or (-1,) * len(self.places)
        run = self.meld.kind is MeldKind.RUN
        taken = []
        for (place, row), what, tint in zip(self._cells(), self.places, tints, strict=True):
            if what == PIN and run:
                taken.append((what, source_column(grid, place), row, tint))
            elif what == PIN:
                taken.append((what, place, -1, tint))
            elif what in (LOOSE, FREED):
                taken.append((what, -1, -1, tint))
        return tuple(sorted(taken))

    def table_taken(self, grid: Grid) -> Counter[tuple[int, int]]:
        """The table tiles it takes, per (column, row): what :meth:`rest` takes off the table."""
        run = self.meld.kind is MeldKind.RUN
        return Counter(
            (source_column(grid, place) if run else place, row)
            for (place, row), what in zip(self._cells(), self.places, strict=True)
            if what == TABLE
        )

    def rest(self, stock: Stock, grid: Grid) -> Stock:
        """The stock without what the host takes.

        Only the columns it takes from are copied: the others are the stock's own lists,
        which no one changes.
        """
        table, rack, run_pins = list(stock.table), list(stock.rack), list(stock.run_pins)
        group_pins = list(stock.group_pins)
        tinted_run = [list(row) for row in stock.colored_run_pins]
        tinted_group = [list(row) for row in stock.colored_group_pins]
        tints = self.tints or (-1,) * len(self.places)
        run = self.meld.kind is MeldKind.RUN
        for (place, row), what, tint in zip(self._cells(), self.places, tints, strict=True):
            column = source_column(grid, place) if run else place
            if what == TABLE:
                _take(table, column, row)
            elif what == RACK:
                _take(rack, column, row)
            elif what == PIN and run:
                _take(run_pins, column, row)
                if tint >= 0:
                    tinted_run[column][row] -= 1
            elif what == PIN and tint >= 0:
                tinted_group[column][tint] -= 1
            elif what == PIN:
                group_pins[column] -= 1
        rows = len(stock.colored_rack)
        plain = [w for w, t in zip(self.places, tints, strict=True) if t < 0]
        return Stock(
            table,
            rack,
            stock.rack_jokers - plain.count(RACK_JOKER),
            stock.loose - plain.count(LOOSE),
            run_pins,
            group_pins,
            _minus(stock.colored_rack, self.tinted(RACK_JOKER, rows)),
            _minus(stock.colored_loose, self.tinted(LOOSE, rows)),
            tuple(map(tuple, tinted_run)),
            tuple(map(tuple, tinted_group)),
        )

    def fits(self, stock: Stock, grid: Grid, freed: int, freed_colored: tuple[int, ...]) -> bool:
        """Whether the stock and the freed jokers to place hold all that the host takes.

        ``freed_colored`` counts the coloured ones among the ``freed``, per row. So the hosts
        of a smaller stock are those of a larger one that fit it (:func:`hosts` lists a host
        wherever its places can be filled).
        """
        if self.freed > freed:
            return False
        tints = self.tints or (-1,) * len(self.places)
        run = self.meld.kind is MeldKind.RUN
        # What the host takes, per kind: numbered tiles and kept jokers by place, others by tint.
        taken = Counter(
            (what, source_column(grid, place) if run else place, row, tint)
            if what in (TABLE, RACK, PIN)
            else (what, -1, -1, tint)
            for (place, row), what, tint in zip(self._cells(), self.places, tints, strict=True)
        )
        for (what, column, row, tint), count in taken.items():
            if what == TABLE:
                have = stock.table[column][row]
            elif what == RACK:
                have = stock.rack[column][row]
            elif what == PIN and run:  # kept run jokers at the cell, of its colour or plain
                tinted = stock.colored_run_pins[column][row] if stock.colored_run_pins else 0
                have = tinted if tint >= 0 else stock.run_pins[column][row] - tinted
            elif what == PIN:  # kept group jokers of the column, of the colour ``tint`` or plain
                have = (
                    stock.colored_group_pins[column][tint]
                    if tint >= 0
                    else stock.group_pins[column]
                )
            elif what == FREED:
                have = freed - sum(freed_colored) if tint < 0 else freed_colored[tint]
            elif what == RACK_JOKER:
                have = stock.rack_jokers if tint < 0 else stock.colored_rack[tint]
            else:
                have = stock.loose if tint < 0 else stock.colored_loose[tint]
            if count > have:
                return False
        return True

    def _cells(self) -> list[tuple[int, int]]:
        meld = self.meld
        if meld.kind is MeldKind.RUN:
            return [(column, meld.at) for column in meld.places]
        return [(meld.at, row) for row in meld.places]


def _take(counts: Counts, column: int, row: int) -> None:
    """One tile less at (``column``, ``row``), the column copied first (it may be shared)."""
    here = list(counts[column])
    here[row] -= 1
    counts[column] = here


def source_column(grid: Grid, column: int) -> int:
    """The column whose counts a place takes its tile from (a 1 played high: the first)."""
    return 0 if grid.high and column == grid.columns - 1 else column


def _minus(have: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    """Per-row counts less those used (empty stays empty)."""
    return tuple(a - b for a, b in zip(have, used, strict=True)) if have else ()


@attrs.define
class Share:
    """A group of hosts of one stock, and once searched their bound.

    Its hosts and the best score of any. What the hosts leave is worked out only where the
    group is bounded (few are): the rest of its first host, the table each host leaves.
    """

    stock: Stock
    members: list[Host]
    best: int
    bound: int | None = None

    @property
    def hosts(self) -> int:
        """How many hosts the group holds."""
        return len(self.members)

    def add(self, host: Host, score: int) -> None:
        """Count one more host in the group."""
        self.members.append(host)
        self.best = max(self.best, score)

    def rest(self, grid: Grid) -> Stock:
        """The rest of the group's first host: every host of the group leaves its jokers."""
        return self.members[0].rest(self.stock, grid)

    def left(self, grid: Grid) -> Counts:
        """The fewest tiles of each cell that any host of the group leaves on the table."""
        most: Counter[tuple[int, int]] = Counter()
        for host in self.members:
            most |= host.table_taken(grid)  # the most any host takes, per cell
        table = [list(column) for column in self.stock.table]
        for (column, row), count in most.items():
            table[column][row] -= count
        return table
