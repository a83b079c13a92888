"""The melds a freed joker may go into: its *hosts* (private).

Rules section 4.5: a joker freed from the table ends in a meld with at least
``freed_joker_rack_tiles`` tiles laid from the rack (rack jokers count), and, under
``freed_joker_new_meld``, in a *new* meld. Such melds are short in practice, so the plan lists
them (:func:`hosts`): every valid meld holding one or more freed jokers, each of its other
places filled by a table tile, a rack tile, a rack joker, a table joker free to go anywhere or
a table joker kept in its role there. With the host laid, the rest of the position has fewer
freed jokers (often none), and the fast search solves it exactly.

Coloured jokers (a freed one, a rack or loose one, a kept one) fill a host's joker places
where their colour fits: hosts are listed with jokers of any kind (a run only where the plain
jokers and those of its colour are enough for its joker places), then each way to give the
places jokers of the kinds there are is built with the real tiles and judged by the meld rules
(:meth:`~rummikub_rules.melds.Meld.is_valid`); :attr:`Host.tints` says which.

A host is new, in the plan's relaxation of the referee's rule, unless it holds every numbered
tile of a meld of the table before that cannot continue as another meld after: so a host
holding melds before whole is kept if, outside the host, there are copies of all their
numbered tiles, for each of them (one meld after each would hold them); copies outside the
host are the table's (fixed) and those the play lays elsewhere. :class:`Host` carries what it
needs laid for that (``demands``), which the rest of the solve must honour. The referee's rule
is stricter (a meld after is old when every maximum matching of the melds before to the melds
after that hold them uses it: the copies must also stand together), and it judges every play
the plan proposes, so a host the relaxation lets through is never part of an answer unless the
referee accepts it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

import attrs

from rummikub_rules.editions import Edition
from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._budget import HOST_GROUP, HOST_MET, HOST_WINDOW, Budget
from rummikub_rules.solver._grid import FoundMeld, Grid
from rummikub_rules.solver._host_meld import (
    FREED,
    LOOSE,
    NUMBERED,
    PIN,
    RACK,
    RACK_JOKER,
    TABLE,
    Host,
    Shape,
    Stock,
    shape,
    source_column,
)

__all__ = ["Olds", "hosts"]

#: What fills a place from the rack.
_FROM_RACK = (RACK, RACK_JOKER)


@attrs.frozen
class Olds:
    """The melds of the table before, as a host's newness needs them.

    Each one's numbered tiles per (column, row) (the low column for a 1 played high), how many
    copies of each tile the table held, and how many the rack holds.
    """

    melds: tuple[dict[tuple[int, int], int], ...]
    table: dict[tuple[int, int], int]
    rack: dict[tuple[int, int], int]
    #: Per cell, the melds (by index) holding a tile there: a host can hold only those whole.
    by_cell: dict[tuple[int, int], tuple[int, ...]] = attrs.field(
        init=False,
        eq=False,
        default=attrs.Factory(lambda self: _by_cell(self.melds), takes_self=True),
    )
    #: The fewest numbered tiles of a meld before: a host holding fewer holds none whole.
    fewest: int = attrs.field(
        init=False,
        eq=False,
        default=attrs.Factory(
            lambda self: min((sum(m.values()) for m in self.melds), default=0), takes_self=True
        ),
    )


def _by_cell(
    melds: tuple[dict[tuple[int, int], int], ...],
) -> dict[tuple[int, int], tuple[int, ...]]:
    found: dict[tuple[int, int], list[int]] = {}
    for index, meld in enumerate(melds):
        for cell in meld:
            found.setdefault(cell, []).append(index)
    return {cell: tuple(indices) for cell, indices in found.items()}


def hosts(
    grid: Grid,
    stock: Stock,
    *,
    freed: int,
    need: int,
    old: Olds | None,
    distinct: bool,
    cap: int | None = None,
    freed_colored: tuple[int, ...] = (),
    edition: Edition | None = None,
    least: int = 1,
    budget: Budget | None = None,
    shapes: frozenset[Shape] | None = None,
) -> Iterator[Host]:
    """Every host of ``least`` (at least one) to ``freed`` freed jokers, see the module docstring.

    ``old`` describes the melds before for the newness of hosts (``None``: no such rule).
    ``freed_colored`` says how many freed jokers are coloured, per row; where the position
    holds coloured jokers, each host comes with its jokers' kinds, valid under ``edition``.
    ``shapes``: only the hosts of those shapes (:func:`.shape`), the others' places unvisited.
    The listing is charged to ``budget`` by the melds it meets as it goes (a spent budget
    stops it): each window of a run's places, each group's tiles and jokers, each meld met.
    """
    charge = _no_charge if budget is None else budget.charge
    tinted = edition is not None and bool(stock.colored_rack)
    per_row = _run_jokers(stock, freed, freed_colored) if tinted else None
    windows = columns = None
    if shapes is not None:
        windows = {(at, tuple(c for c, _ in cells)) for kind, at, cells in shapes if kind == "run"}
        columns = {at for kind, at, _ in shapes if kind == "group"}
    for host in itertools.chain(
        _runs(grid, stock, (least, freed), need, cap, per_row, charge, windows),
        _groups(grid, stock, (least, freed), need, distinct, cap, charge, columns),
    ):
        if shapes is not None and shape(host.meld) not in shapes:
            continue
        charge(HOST_MET)
        for new in _new(host, grid, old):
            if not tinted:
                yield new
                continue
            assert edition is not None
            yield from _tinted(new, grid, stock, freed, freed_colored, edition)


def _no_charge(states: int) -> None:
    """No budget to charge."""


def _tinted(
    host: Host,
    grid: Grid,
    stock: Stock,
    freed: int,
    freed_colored: tuple[int, ...],
    edition: Edition,
) -> Iterator[Host]:
    """The host with each way to give its joker places jokers of the kinds in stock.

    Places of one kind (freed, rack, loose) are interchangeable: their kinds are given in
    order. A kept joker stays at its own place. Each way is judged with the real tiles.
    """
    meld = host.meld
    run = meld.kind is MeldKind.RUN
    rows = grid.rows
    have: dict[str, list[int]] = {
        FREED: [freed - sum(freed_colored), *freed_colored],
        RACK_JOKER: [stock.rack_jokers, *stock.colored_rack],
        LOOSE: [stock.loose, *stock.colored_loose],
    }
    options: list[list[int]] = []
    for (place, row), what in zip(host._cells(), host.places, strict=True):
        if what in NUMBERED:
            options.append([-1])
            continue
        if what == PIN and run:
            column = source_column(grid, place)
            tinted_here = stock.colored_run_pins[column][row]
            counts = [stock.run_pins[column][row] - tinted_here] + [0] * rows
            counts[1 + row] = tinted_here
        elif what == PIN:
            counts = [stock.group_pins[place], *stock.colored_group_pins[place]]
        else:
            counts = have[what]
        allowed = [t for t in range(-1, rows) if counts[t + 1] and (not run or t in (-1, meld.at))]
        options.append(allowed)
    seen: set[tuple[int, ...]] = set()
    for tints in itertools.product(*options):
        used: dict[tuple[str, int], int] = {}
        for what, tint in zip(host.places, tints, strict=True):
            if what not in NUMBERED and what != PIN:
                used[(what, tint)] = used.get((what, tint), 0) + 1
        if any(n > have[what][tint + 1] for (what, tint), n in used.items()):
            continue
        if any(
            tints[i] > tints[j]
            for i in range(len(tints))
            for j in range(i + 1, len(tints))
            if host.places[i] == host.places[j] and host.places[i] in have
        ):
            continue  # places of one kind take their jokers in order
        if tints in seen:
            continue
        seen.add(tints)
        found = _with_tints(meld, tints)
        if grid.meld(found).is_valid(edition):
            yield attrs.evolve(host, meld=found, tints=tuple(tints))


def _with_tints(meld: FoundMeld, tints: Sequence[int]) -> FoundMeld:
    """The found meld with its coloured jokers marked (in a group, at their colour's row)."""
    colored = tuple(t >= 0 for t in tints)
    if not any(colored):
        return meld
    places = meld.places
    if meld.kind is MeldKind.GROUP:
        places = tuple(t if t >= 0 else p for p, t in zip(meld.places, tints, strict=True))
    return attrs.evolve(meld, places=places, colored=colored)


def _new(host: Host, grid: Grid, old: Olds | None) -> Iterator[Host]:
    """The host as a new meld: as it is, or with the copies it needs laid elsewhere.

    The referee calls a meld after old when every maximum matching of the melds before to the
    melds after holding all their numbered tiles uses it. A meld before that the host holds
    whole can be matched to the host, so the host is new only if every such meld before is
    matched elsewhere, each to a meld after of its own that holds all its numbered tiles: so
    outside the host there are copies of all of them, for each of those melds (the demands).
    Necessary, not sufficient: the referee judges the play. Nothing if it cannot be new.
    """
    if old is None or sum(1 for what in host.places if what in NUMBERED) < old.fewest:
        yield host
        return
    high = grid.columns - 1 if grid.high else -1  # a 1 played high counts as the 1
    here: dict[tuple[int, int], int] = {}
    for cell, what in zip(host._cells(), host.places, strict=True):
        if what in NUMBERED:
            if cell[0] == high:
                cell = (0, cell[1])
            here[cell] = here.get(cell, 0) + 1
    by_cell, melds = old.by_cell, old.melds
    wanted: dict[tuple[int, int], int] = {}
    for index in {index for cell in here for index in by_cell.get(cell, ())}:
        meld = melds[index]
        for cell, count in meld.items():
            if here.get(cell, 0) < count:
                break
        else:  # the host holds the meld before whole
            for cell, count in meld.items():
                wanted[cell] = wanted.get(cell, 0) + count
    demands = []
    for cell, count in sorted(wanted.items()):
        # Copies outside the host: the table's, plus those laid, less those in the host.
        laid = count + here[cell] - old.table.get(cell, 0)
        if laid > old.rack.get(cell, 0):
            return
        if laid > 0:
            demands.append((cell, laid))
    yield attrs.evolve(host, demands=tuple(demands)) if demands else host


def _jokers_ok(picks: Sequence[str], stock: Stock, freed: tuple[int, int], cap: int | None) -> bool:
    jokers = sum(1 for p in picks if p not in NUMBERED)
    return (
        freed[0] <= picks.count(FREED) <= freed[1]
        and picks.count(RACK_JOKER) <= stock.all_rack_jokers
        and picks.count(LOOSE) <= stock.all_loose
        and jokers < len(picks)
        and (cap is None or jokers <= cap)
    )


def _run_jokers(
    stock: Stock, freed: int, freed_colored: tuple[int, ...]
) -> list[tuple[int, int, int]]:
    """Per row, the freed, rack and loose jokers a run there may hold.

    The plain ones and those of the row's colour: a coloured joker stands only in its colour's
    runs, so a run needing more jokers than those would find no kinds for them (:func:`_tinted`).
    """
    plain = freed - sum(freed_colored)
    return [
        (
            plain + (freed_colored[row] if freed_colored else 0),
            stock.rack_jokers + stock.colored_rack[row],
            stock.loose + (stock.colored_loose[row] if stock.colored_loose else 0),
        )
        for row in range(len(stock.colored_rack))
    ]


def _runs(
    grid: Grid,
    stock: Stock,
    freed: tuple[int, int],
    need: int,
    cap: int | None,
    per_row: list[tuple[int, int, int]] | None,
    charge: Callable[[int], None],
    windows: set[tuple[int, tuple[int, ...]]] | None = None,
) -> Iterator[Host]:
    """The runs holding freed jokers; ``per_row``: the jokers a run of each row may hold.

    ``windows``: only those rows' runs on those places (their columns, sorted).
    """
    columns = grid.columns
    for row in range(grid.rows):
        row_freed, rack_jokers, loose = (
            per_row[row] if per_row else (freed[1], stock.all_rack_jokers, stock.all_loose)
        )
        most = min(freed[1], row_freed)
        if most < freed[0]:
            continue
        spare = most + rack_jokers + loose
        jokers = (freed[0], most), (rack_jokers, loose)
        # Without rack jokers, a run's places from the rack are its cells holding rack tiles.
        least_racked = need if not rack_jokers else 0
        for start in range(columns):
            missing = racked = 0
            for length in range(1, grid.span + 1):
                end = start + length - 1
                if end >= columns and not grid.cyclic:
                    break
                column = source_column(grid, end % columns)
                if stock.rack[column][row]:
                    racked += 1
                elif not (stock.table[column][row] or stock.run_pins[column][row]):
                    missing += 1
                if missing > spare:
                    break  # longer runs from here lack more tiles than there are jokers
                if length >= 3 and racked >= least_racked:
                    window = [c % columns for c in range(start, end + 1)]
                    if windows is not None and (row, tuple(sorted(window))) not in windows:
                        continue
                    charge(HOST_WINDOW)
                    yield from _fill_run(grid, stock, jokers, need, row, window, cap)


def _fill_run(
    grid: Grid,
    stock: Stock,
    jokers: tuple[tuple[int, int], tuple[int, int]],
    need: int,
    row: int,
    window: list[int],
    cap: int | None,
) -> Iterator[Host]:
    """The runs of ``window`` in ``row``.

    ``jokers``: how many freed ones it holds (fewest, most), and the rack and loose ones it may.
    """
    rack_jokers, loose = jokers[1]
    options = []
    for place in window:
        column = source_column(grid, place)
        here = [FREED]
        if stock.table[column][row]:
            here.append(TABLE)
        if stock.rack[column][row]:
            here.append(RACK)
        if rack_jokers:
            here.append(RACK_JOKER)
        if loose:
            here.append(LOOSE)
        if stock.run_pins[column][row]:
            here.append(PIN)
        options.append(here)
    for picks in _within(options, jokers, cap, need):
        # ``_within`` kept the jokers within bounds; a run of jokers alone is no meld, and
        # only the 1s played low and high may take one cell's tiles twice.
        if not any(pick in NUMBERED for pick in picks):
            continue
        if grid.high and not _fits(grid, window, picks, stock, row):
            continue
        meld = FoundMeld(MeldKind.RUN, row, tuple(window), tuple(p not in NUMBERED for p in picks))
        yield Host(meld, tuple(picks))


def _within(
    options: list[list[str]],
    jokers: tuple[tuple[int, int], tuple[int, int]],
    cap: int | None,
    need: int,
) -> Iterator[tuple[str, ...]]:
    """The picks of ``itertools.product(*options)`` within the jokers there are, in its order.

    Between ``freed[0]`` and ``freed[1]`` freed jokers (``jokers[0]``), no more rack and loose
    jokers than there are (``jokers[1]``), no more jokers than ``cap``, and at least ``need``
    places from the rack: a prefix that can no longer keep within those limits is dropped whole.
    """
    return _Picks(options, jokers, cap, need).fill(0, 0, 0)


class _Picks:
    """The walk of :func:`_within`: the picks so far and the jokers of each kind they use.

    A class, not a closure calling itself: such a closure is a reference cycle, garbage that
    only the cycle collector frees, one per listing.
    """

    __slots__ = ("cap", "from_rack", "least", "most", "need", "options", "picks", "used")

    def __init__(
        self,
        options: list[list[str]],
        jokers: tuple[tuple[int, int], tuple[int, int]],
        cap: int | None,
        need: int,
    ) -> None:
        freed, (rack_jokers, loose) = jokers
        self.options, self.need, self.least = options, need, freed[0]
        self.most = {FREED: freed[1], RACK_JOKER: rack_jokers, LOOSE: loose, PIN: len(options)}
        self.used = dict.fromkeys(self.most, 0)
        self.cap = len(options) if cap is None else cap
        # Per place, how many places from it on may take a tile or joker from the rack.
        self.from_rack = [0] * (len(options) + 1)
        for at in range(len(options) - 1, -1, -1):
            self.from_rack[at] = self.from_rack[at + 1] + any(p in _FROM_RACK for p in options[at])
        self.picks: list[str] = []

    def fill(self, at: int, jokers: int, racked: int) -> Iterator[tuple[str, ...]]:
        """The picks from place ``at`` on, ``jokers`` placed and ``racked`` from the rack."""
        options, used, picks = self.options, self.used, self.picks
        if racked + self.from_rack[at] < self.need or used[FREED] + len(options) - at < self.least:
            return
        if at == len(options):
            yield tuple(picks)
            return
        for pick in options[at]:
            numbered = pick in NUMBERED
            if not numbered:
                if used[pick] >= self.most[pick] or jokers >= self.cap:
                    continue
                used[pick] += 1
            picks.append(pick)
            yield from self.fill(
                at + 1, jokers + (0 if numbered else 1), racked + (pick in _FROM_RACK)
            )
            picks.pop()
            if not numbered:
                used[pick] -= 1


def _fits(grid: Grid, window: list[int], picks: Sequence[str], stock: Stock, row: int) -> bool:
    """Whether the stock holds what a run takes (the 1s low and high share their counts)."""
    taken: dict[tuple[str, int], int] = {}
    for place, pick in zip(window, picks, strict=True):
        if pick in (TABLE, RACK, PIN):
            key = (pick, source_column(grid, place))
            taken[key] = taken.get(key, 0) + 1
    for (pick, column), count in taken.items():
        have = {TABLE: stock.table, RACK: stock.rack, PIN: stock.run_pins}[pick][column][row]
        if count > have:
            return False
    return True


def _groups(
    grid: Grid,
    stock: Stock,
    freed: tuple[int, int],
    need: int,
    distinct: bool,
    cap: int | None,
    charge: Callable[[int], None],
    only: set[int] | None = None,
) -> Iterator[Host]:
    size = grid.rows
    columns = grid.columns - (1 if grid.high else 0)
    for column in range(columns):
        if only is not None and column not in only:
            continue
        if need and not stock.all_rack_jokers and not any(stock.rack[column]):
            continue  # no place of a group here can take a tile from the rack
        units: list[tuple[int, str]] = []
        for row in range(grid.rows):
            copies = 1 if distinct else size
            units += [(row, TABLE)] * min(copies, stock.table[column][row])
            units += [(row, RACK)] * min(copies, stock.rack[column][row])
        jokers_here = (
            [FREED] * freed[1]
            + [RACK_JOKER] * stock.all_rack_jokers
            + [LOOSE] * stock.all_loose
            + [PIN] * stock.all_group_pins(column)
        )
        seen: set[tuple[object, ...]] = set()
        for count in range(1, size):
            for picked in itertools.combinations(units, count):
                rows = [r for r, _ in picked]
                if distinct and len(set(rows)) != len(rows):
                    continue
                # The jokers' places, at least ``freed[0]`` of them freed jokers', hold the rack
                # jokers.
                racked = sum(1 for _, w in picked if w == RACK)
                if racked + min(size - count - freed[0], stock.all_rack_jokers) < need:
                    continue  # too few places left for the rack tiles a host needs
                for extra in range(max(1, 3 - count), size - count + 1):
                    for jokers in sorted(set(itertools.combinations(jokers_here, extra))):
                        charge(HOST_GROUP)
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
