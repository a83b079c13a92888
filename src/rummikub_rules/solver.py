"""Exact search for plays: the best play, whether any play exists, arranging tiles into melds.

:func:`best_play` finds the legal play (RULES.md section 4) that lays the most rack tiles (or the
most points), :func:`can_play` whether any exists, :func:`arrange` splits tiles into valid melds
using every one, and :func:`initial_meld` finds the best opening from the rack alone. Each takes
an edition and follows its meld rules (tile set, ``run_wrap``, ``group_colors_distinct``,
``max_jokers_per_meld``) and joker rules.

How it works: a dynamic programme over the numbers 1..13 (van Rijn, Takes & Vis), one colour at a
time inside a number, with the open runs of each colour as the state, searched depth first with
memoisation and branch and bound. Two searches share the work:

- the fast search (``_solver_plain``) for runs that do not wrap, groups of distinct colours and
  at most two jokers, each free to go anywhere: rack jokers, and table jokers in ``rearrange``
  editions. Its bound solves each colour alone with groups relaxed (``_solver_relax``), which
  settles most tables in a few dozen states; it walks the numbers downwards and upwards in
  turns, and the first direction to finish answers. Where a freed joker needs rack tiles in its
  meld (``freed_joker_rack_tiles``), the search ignores that need, which can only raise the
  optimum: its answer stands when the referee accepts it, and the general search decides the
  rare turns it does not;
- the general search (``_solver_engine``) for everything else: wrapping runs, repeated colours,
  joker caps, more jokers, table jokers under ``replace``, with per-run facts where the rules
  need them. Rack tiles that cannot belong to any meld are set aside first.

Exactness. For ``rearrange`` editions the answer is optimal: each joker on the table is either
kept in its role (the tile it stands for in a run, or a place in a group of its number) or freed,
and a freed joker must end in a meld with ``freed_joker_rack_tiles`` rack tiles, as the referee
demands. Where the answer may miss a better play (it is always legal):

- ``replace`` editions: table jokers always keep their roles, so plays that free a joker by
  replacing it are not considered;
- ``joker_melds_extend_only``: melds holding a joker stay as they are;
- an ambiguous table meld (``r5 j j`` with no declared kind) keeps the roles of its first reading;
- ``opening_may_use_table``: the opening lays new melds only, without touching the table;
- with ``run_wrap`` = ``full``, where the search tracks facts per run (a table joker that needs
  rack tiles once freed, a cap on jokers per meld, three or more jokers), the part of a run
  that wraps round from the highest number holds no such fact: no joker, and no rack tile when
  freed jokers need them;
- a table joker in a meld with no valid reading counts as a joker to free.

The ``limit`` argument bounds the work: the number of search states each search may expand (a
state costs a few microseconds; a 14-tile rack on a table of 40 tiles typically needs a few
hundred, on an empty or full table about 50). Past it, :class:`SearchLimitExceeded` is raised.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from rummikub_rules._solver_engine import (
    NAT_R,
    NAT_T,
    BudgetError,
    FoundMeld,
    Problem,
    Search,
    Solution,
)
from rummikub_rules._solver_plain import PlainMeld, solve_plain
from rummikub_rules.actions import Play
from rummikub_rules.editions import CLASSIC, Edition, JokerInInitialMeld, JokerRetrieval
from rummikub_rules.errors import InvalidValueError, RummikubError, excerpt
from rummikub_rules.melds import Meld, MeldKind, RunWrap, Table
from rummikub_rules.tiles import JOKER, Tile, TileSet
from rummikub_rules.turns import check_turn

__all__ = ["Objective", "SearchLimitExceeded", "arrange", "best_play", "can_play", "initial_meld"]

#: What :func:`best_play` maximises: rack tiles laid (ties: points) or points (ties: tiles).
Objective = Literal["tiles", "points"]


class SearchLimitExceeded(RummikubError):  # noqa: N818 (the public name is a promise)
    """The search needed more work than the ``limit`` it was given.

    ``limit`` is the bound that was exceeded, in search states expanded.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"the search expanded more than {limit} states; raise the limit")


def arrange(
    tiles: Iterable[Tile], *, edition: Edition = CLASSIC, limit: int | None = None
) -> Table | None:
    """Split ``tiles`` into valid melds using every tile, or ``None`` if that is impossible.

    >>> from rummikub_rules import parse_tiles
    >>> str(arrange(parse_tiles("r5 b5 k5 o5 r6 r7 r8")))
    'k5 r5 b5 o5 | r6 r7 r8'
    >>> arrange(parse_tiles("r5 b5 k5 r6 r7")) is None
    True
    """
    pool = Counter(tiles)
    if _fast(edition, pool[JOKER]):
        fast = _solve_plain(edition, pool.elements(), (), None, floor=-1, limit=limit)
        return None if fast is None else Table(fast[1])
    grid = _Grid(edition)
    if not grid.fill(Counter({t: n for t, n in pool.items() if t != JOKER}), table=True):
        return None
    problem = grid.problem(
        table_jokers=pool[JOKER], rack_jokers=0, may_free=True, need=0, opening=0
    )
    found = _run(problem, limit, -1)
    return None if found is None else Table(grid.melds(found, edition))


def best_play(
    table: Table,
    rack: Iterable[Tile],
    *,
    opened: bool,
    edition: Edition = CLASSIC,
    objective: Objective = "tiles",
    limit: int | None = None,
) -> Play | None:
    """The best legal play, or ``None`` when no legal play exists.

    ``objective="tiles"`` lays the most rack tiles, ties broken by the most points;
    ``"points"`` lays the most points (a joker at the edition's ``joker_penalty``), ties broken
    by the most tiles. A player who has not opened gets the best initial meld. The answer always
    passes :func:`~rummikub_rules.check_turn`.

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> play = best_play(parse_table("r4 r5 r6 r7 r8"), parse_tiles("r6 k2"), opened=True)
    >>> sorted(str(m) for m in play.after)
    ['r4 r5 r6', 'r6 r7 r8']
    """
    rack = tuple(rack)
    if not opened:
        opening = initial_meld(rack, edition=edition, objective=objective, limit=limit)
        return None if opening is None else Play(Table((*table.melds, *opening.melds)))
    fixed, loose = _split_locked(table, edition)
    floor, fallback = 0, None
    if _fast(edition, sum(m.jokers for m in loose) + _jokers(rack)):
        found = _best_fast(fixed, loose, rack, edition, objective, limit)
        if not isinstance(found, tuple):
            return found
        floor, fallback = found
    grid = _Grid(edition)
    if not grid.fill(Counter(t for m in loose for t in m.tiles if t != JOKER), table=True):
        return None
    grid.fill(Counter(t for t in rack if t != JOKER), table=False)
    jokers = grid.pin_jokers(loose)
    grid.set_weights(rack, objective)
    problem = grid.problem(
        table_jokers=jokers,
        rack_jokers=rack.count(JOKER),
        may_free=edition.joker_retrieval is JokerRetrieval.REARRANGE,
        need=edition.freed_joker_rack_tiles,
        opening=0,
    )
    solution = _run(problem, limit, floor)
    if solution is None:
        return fallback
    return Play(Table((*fixed, *grid.melds(solution, edition))))


def can_play(
    table: Table,
    rack: Iterable[Tile],
    *,
    opened: bool,
    edition: Edition = CLASSIC,
    limit: int | None = None,
) -> bool:
    """Whether any legal play exists (see :func:`best_play`).

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> can_play(parse_table("k12 r12 o12"), parse_tiles("b12"), opened=False)
    False
    """
    return best_play(table, rack, opened=opened, edition=edition, limit=limit) is not None


def initial_meld(
    rack: Iterable[Tile],
    *,
    edition: Edition = CLASSIC,
    objective: Objective = "tiles",
    limit: int | None = None,
) -> Table | None:
    """The best opening: new melds from the rack alone worth ``initial_meld_points``, or ``None``.

    Jokers count as the tiles they stand for, where ``joker_in_initial_meld`` allows them.

    >>> from rummikub_rules import parse_tiles
    >>> initial_meld(parse_tiles("k9 r9 b9")) is None
    True
    >>> str(initial_meld(parse_tiles("k9 r9 b9 b1 b2 b3")))
    'b1 b2 b3 | k9 r9 b9'
    """
    rack = tuple(rack)
    threshold = max(1, edition.initial_meld_points)
    jokers = _jokers(rack) if edition.joker_in_initial_meld is JokerInInitialMeld.COUNTS else 0
    if _fast(edition, jokers):
        # The best melds regardless of the threshold are the answer if they reach it; without
        # jokers, if the most points do not, nothing does (else the general search decides).
        fast = _solve_plain(
            edition, (), rack, objective, floor=0, limit=limit, rack_jokers=bool(jokers)
        )
        if fast is None:
            return None
        if sum(m.value(edition) or 0 for m in fast[1]) >= threshold:
            return Table(fast[1])
        if not jokers:
            if objective != "points":
                fast = _solve_plain(
                    edition, (), rack, "points", floor=0, limit=limit, rack_jokers=False
                )
            if fast is None or sum(m.value(edition) or 0 for m in fast[1]) < threshold:
                return None
    grid = _Grid(edition)
    grid.fill(Counter(t for t in rack if t != JOKER), table=False)
    grid.set_weights(rack, objective)
    problem = grid.problem(
        table_jokers=0,
        rack_jokers=jokers,
        may_free=False,
        need=0,
        opening=threshold,
    )
    found = _run(problem, limit, 0)
    if found is None:
        return None
    return Table(grid.melds(found, edition))


def _best_fast(
    fixed: Sequence[Meld],
    loose: Sequence[Meld],
    rack: Sequence[Tile],
    edition: Edition,
    objective: Objective,
    limit: int | None,
) -> Play | tuple[int, Play | None] | None:
    """:func:`best_play` by the fast search, or a score for the general search to beat.

    The score comes with a legal play scoring it (``None`` for 0). Under ``rearrange``, table
    jokers first go anywhere, as if a freed joker needed no rack tile in its meld; that optimum
    is the answer when no table joker needs one, or when the referee accepts it. Otherwise
    table jokers keep their roles (what the general search does under ``replace``), which is
    always legal: under ``rearrange`` that is the answer if it scores as high, else the score
    to beat.
    """
    tiles = [t for m in loose for t in m.tiles if t.number is not None]
    table_jokers = sum(m.jokers for m in loose)
    rearrange = edition.joker_retrieval is JokerRetrieval.REARRANGE
    best = None
    if rearrange:
        free = _solve_plain(
            edition, [*tiles, *[JOKER] * table_jokers], rack, objective, floor=0, limit=limit
        )
        if free is None:
            return None
        play = Play(Table((*fixed, *free[1])))
        if not table_jokers or not edition.freed_joker_rack_tiles:
            return play
        if check_turn(Table((*fixed, *loose)), rack, play.after, opened=True, edition=edition).ok:
            return play
        best = free[0]
    pins = _pins(loose, edition)
    if pins is None:  # a table joker with no role: the general search decides
        return 0, None
    kept = _solve_plain(edition, tiles, rack, objective, floor=0, limit=limit, pins=pins)
    kept_play = None if kept is None else Play(Table((*fixed, *kept[1])))
    if not rearrange or (kept is not None and kept[0] == best):
        return kept_play
    return (0, None) if kept is None else (kept[0], kept_play)


def _pins(melds: Sequence[Meld], edition: Edition) -> tuple[list[list[int]], list[int]] | None:
    """Table jokers kept in their roles: per cell in runs, per number in groups.

    ``None`` if a meld holding a joker has no valid reading (its joker has no role).
    """
    where, tiles = _layout(edition.tile_set)
    run_pins = [[0] * len(row) for row in tiles]
    group_pins = [0] * len(tiles)
    for meld in melds:
        if not meld.jokers:
            continue
        reading = meld.reading(edition)
        if reading is None:
            return None
        for tile, stands in zip(meld.tiles, reading.stands_for, strict=True):
            if tile.number is None:
                column, colour = where[stands[0].index]
                if reading.kind is MeldKind.RUN:
                    run_pins[column][colour] += 1
                else:
                    group_pins[column] += 1
    return run_pins, group_pins


def _jokers(tiles: Sequence[Tile]) -> int:
    """How many jokers ``tiles`` holds (quicker than comparing tiles with ``JOKER``)."""
    return sum(1 for t in tiles if t.number is None)


def _fast(edition: Edition, jokers: int) -> bool:
    """Whether the fast search (``_solver_plain``) covers these meld rules and jokers."""
    cap = edition.max_jokers_per_meld
    return (
        RunWrap(edition.run_wrap) is RunWrap.NONE
        and edition.group_colors_distinct
        and jokers <= 2
        and (cap is None or cap >= jokers)
    )


@functools.lru_cache(maxsize=16)
def _layout(tile_set: TileSet) -> tuple[dict[int, tuple[int, int]], tuple[tuple[Tile, ...], ...]]:
    """Where each numbered tile of the set sits in the grid, by :attr:`Tile.index`, and back."""
    where = {
        Tile(colour, number).index: (column, row)
        for row, colour in enumerate(tile_set.colors)
        for column, number in enumerate(tile_set.numbers)
    }
    tiles = tuple(tuple(Tile(c, n) for c in tile_set.colors) for n in tile_set.numbers)
    return where, tiles


def _solve_plain(
    edition: Edition,
    table: Iterable[Tile],
    rack: Sequence[Tile],
    objective: Objective | None,
    *,
    floor: int,
    limit: int | None,
    rack_jokers: bool = True,
    pins: tuple[list[list[int]], list[int]] | None = None,
) -> tuple[int, list[Meld]] | None:
    """The fast search (see ``_solver_plain``): the score and melds, or ``None``.

    Every joker in ``table`` must be laid, anywhere; those on the rack may be, if
    ``rack_jokers``; ``pins`` are table jokers kept in their roles (see :func:`_pins`).
    ``None`` also when a table tile is not in the edition's set (no arrangement holds it).
    """
    where, tiles = _layout(edition.tile_set)
    colours = len(edition.tile_set.colors)
    table_counts = [[0] * colours for _ in tiles]
    rack_counts = [[0] * colours for _ in tiles]
    table_jokers = 0
    for tile in table:
        cell = where.get(tile.index)
        if cell is not None:
            table_counts[cell[0]][cell[1]] += 1
        elif tile.number is None:
            table_jokers += 1
        else:
            return None
    for tile in rack:
        cell = where.get(tile.index)
        if cell is not None:
            rack_counts[cell[0]][cell[1]] += 1
    numbers = edition.tile_set.numbers
    weights, joker_weight = [0] * len(numbers), 0
    if objective is not None:
        weights, joker_weight = _weights(numbers, rack, objective, edition.joker_penalty)
    jokers = (table_jokers, _jokers(rack) if rack_jokers else 0)
    try:
        found = solve_plain(
            table_counts,
            rack_counts,
            weights,
            jokers=jokers,
            joker_weight=joker_weight,
            pins=pins,
            floor=floor,
            limit=limit,
        )
    except BudgetError:
        assert limit is not None
        raise SearchLimitExceeded(limit) from None
    if found is None:
        return None
    return found[0], [_plain_meld(meld, tiles, edition) for meld in found[1]]


def _plain_meld(found: PlainMeld, tiles: tuple[tuple[Tile, ...], ...], edition: Edition) -> Meld:
    """A meld of the fast search as a :class:`Meld`, its kind declared where ambiguous."""
    kind, where, members = found
    if kind == "run":
        meld = Meld(JOKER if joker else tiles[column][where] for column, joker in members)
        meld_kind = MeldKind.RUN
    else:
        meld = Meld(JOKER if joker else tiles[where][colour] for colour, joker in members)
        meld_kind = MeldKind.GROUP
    if meld.jokers and len(meld.readings(edition)) > 1:
        return meld.with_kind(meld_kind)
    return meld


def _weights(
    numbers: Sequence[int], rack: Sequence[Tile], objective: Objective, penalty: int
) -> tuple[list[int], int]:
    """Scores of a rack tile per number, and of a rack joker: tiles then points, or the reverse."""
    if objective == "tiles":
        big = sum(t.value for t in rack) + penalty * _jokers(rack) + 1
        return [big + n for n in numbers], big + penalty
    if objective == "points":
        big = len(rack) + 1
        return [n * big + 1 for n in numbers], penalty * big + 1
    raise InvalidValueError(f"objective is 'tiles' or 'points', got {excerpt(objective)}")


def _run(problem: Problem, limit: int | None, floor: int) -> Solution | None:
    try:
        return Search(problem, limit).solve(floor)
    except BudgetError:
        assert limit is not None
        raise SearchLimitExceeded(limit) from None


def _split_locked(table: Table, edition: Edition) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
    """Melds the search must leave alone (``joker_melds_extend_only``), and the others."""
    if not edition.joker_melds_extend_only:
        return (), table.melds
    fixed = tuple(m for m in table.melds if m.jokers)
    return fixed, tuple(m for m in table.melds if not m.jokers)


class _Grid:
    """Tile counts per column and colour for one edition, and the way back to melds."""

    def __init__(self, edition: Edition) -> None:
        tile_set = edition.tile_set
        self.edition = edition
        self.colours = tile_set.colors
        self.colour_index = {c: i for i, c in enumerate(self.colours)}
        numbers = list(tile_set.numbers)
        self.wrap = RunWrap(edition.run_wrap)
        self.wrap_high = self.wrap is RunWrap.ONE_HIGH
        if self.wrap_high:
            numbers.append(numbers[0])
        self.numbers = tuple(numbers)
        self.column = {n: i for i, n in enumerate(tile_set.numbers)}
        shape = (len(self.numbers), len(self.colours))
        self.table = [[0] * shape[1] for _ in range(shape[0])]
        self.rack = [[0] * shape[1] for _ in range(shape[0])]
        self.run_pins = [[0] * shape[1] for _ in range(shape[0])]
        self.group_pins = [0] * shape[0]
        self.weights = [0] * shape[0]
        self.joker_weight = 0

    def fill(self, tiles: Counter[Tile], *, table: bool) -> bool:
        """Add numbered tiles to the table or rack counts; ``False`` if one is not in the set."""
        grid = self.table if table else self.rack
        ok = True
        for tile, count in tiles.items():
            if tile.color not in self.colour_index or tile.number not in self.column:
                ok = False
                continue
            grid[self.column[tile.number]][self.colour_index[tile.color]] += count
        return ok

    def pin_jokers(self, melds: Sequence[Meld]) -> int:
        """Record the role of every table joker; return how many there are."""
        count = 0
        for meld in melds:
            if not meld.jokers:
                continue
            count += meld.jokers
            reading = meld.reading(self.edition)
            if reading is None:
                continue
            for at, (tile, stands) in enumerate(zip(meld.tiles, reading.stands_for, strict=True)):
                if tile != JOKER:
                    continue
                role = stands[0]
                assert role.color is not None
                assert role.number is not None
                column = self.column[role.number]
                if self.wrap_high and reading.kind is MeldKind.RUN and column == 0 and at:
                    column = len(self.numbers) - 1  # a 1 after the highest number
                if reading.kind is MeldKind.RUN:
                    self.run_pins[column][self.colour_index[role.color]] += 1
                else:
                    self.group_pins[column] += 1
        return count

    def set_weights(self, rack: Sequence[Tile], objective: Objective) -> None:
        """Scores per rack tile: tiles first then points, or points first then tiles."""
        penalty = self.edition.joker_penalty
        self.weights, self.joker_weight = _weights(self.numbers, rack, objective, penalty)

    def _may_fit(
        self, present: list[list[int]], column: int, colour: int, jokers: int, *, cyclic: bool
    ) -> bool:
        distinct = self.edition.group_colors_distinct
        return _may_fit(present, column, colour, jokers, distinct=distinct, cyclic=cyclic)

    def problem(
        self, *, table_jokers: int, rack_jokers: int, may_free: bool, need: int, opening: int
    ) -> Problem:
        """The search problem for the counts gathered so far."""
        self._drop_hopeless(table_jokers + rack_jokers)
        edition = self.edition
        return Problem(
            colours=len(self.colours),
            numbers=self.numbers,
            table=_freeze(self.table),
            rack=_freeze(self.rack),
            run_pins=_freeze(self.run_pins),
            group_pins=tuple(self.group_pins),
            table_jokers=table_jokers,
            rack_jokers=rack_jokers,
            may_free=may_free,
            need=need,
            distinct=edition.group_colors_distinct,
            cap=edition.max_jokers_per_meld,
            opening=opening,
            weights=tuple(self.weights),
            joker_weight=self.joker_weight,
            wrap_high=self.wrap_high,
            wrap_full=self.wrap is RunWrap.FULL,
        )

    def _drop_hopeless(self, jokers: int) -> None:
        """Set aside rack tiles that fit in no run or group, even with every joker's help."""
        changed = True
        while changed:
            changed = False
            present = [
                [t + r for t, r in zip(trow, rrow, strict=True)]
                for trow, rrow in zip(self.table, self.rack, strict=True)
            ]
            if self.wrap_high:
                present[-1] = present[0]
            cyclic = self.wrap is RunWrap.FULL
            for column, row in enumerate(self.rack):
                for colour, count in enumerate(row):
                    fits = self._may_fit(present, column, colour, jokers, cyclic=cyclic) or (
                        self.wrap_high
                        and column == 0
                        and self._may_fit(present, len(present) - 1, colour, jokers, cyclic=False)
                    )
                    if count and not fits:
                        row[colour] = 0
                        changed = True

    def melds(self, solution: Solution, edition: Edition) -> list[Meld]:
        """The solution's melds as :class:`Meld` objects, kinds declared where ambiguous."""
        return [self._meld(found, edition) for found in solution.melds]

    def _meld(self, found: FoundMeld, edition: Edition) -> Meld:
        kind, where, members = found
        if kind == "run":
            colour = self.colours[where]
            tiles = [
                Tile(colour, self.numbers[column]) if k in (NAT_T, NAT_R) else JOKER
                for column, k in members
            ]
            meld = Meld(tiles)
            meld_kind = MeldKind.RUN
        else:
            number = self.numbers[where]
            tiles = [JOKER if c is None else Tile(self.colours[c], number) for c, _ in members]
            meld = Meld(tiles)
            meld_kind = MeldKind.GROUP
        if len(meld.readings(edition)) > 1:
            return meld.with_kind(meld_kind)
        return meld


def _may_fit(
    present: list[list[int]], column: int, colour: int, jokers: int, *, distinct: bool, cyclic: bool
) -> bool:
    """Whether a tile could join a group or a three-tile run of the tiles present."""
    group = sum(map(bool, present[column])) if distinct else sum(present[column])
    if group + jokers >= 3:
        return True
    width = len(present)
    if cyclic:
        starts = range(column - 2, column + 1)
    else:
        starts = range(max(column - 2, 0), min(column, width - 3) + 1)
    for start in starts:
        missing = sum(1 for i in range(start, start + 3) if not present[i % width][colour])
        if missing <= jokers:
            return True
    return False


def _freeze(grid: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in grid)
