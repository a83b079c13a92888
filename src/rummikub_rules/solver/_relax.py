"""The per-colour relaxation that bounds the solver's searches (private).

The searches walk the *cells* of a tile grid, number by number and, inside a number, colour by
colour. Two things describe where they stand:

- per colour, the runs still open: its *run state* (:mod:`._run_states`);
- for the number being played, how many tiles each colour gave to groups, folded into a small
  *group accumulator* (:mod:`._group_table`).

:func:`colour_values` solves one colour on its own, with groups relaxed (the colour may give any
of its tiles at a number to groups whenever some group is possible there) and, if jokers are in
play, every joker free to stand in the colour's runs. That is exact for the colour's runs, so the
sum over colours of the best score still reachable bounds the real problem from above (with
jokers, under the best sharing of them between the colours). For the fast search, a tile in a
group of a number only one or two colours hold takes its share of the jokers such groups need
(:func:`group_shares`; jokers then count in halves). :class:`Relaxation` holds those
values for the fast search, where each move's *regret* (how much of the bound it gives up)
orders the search and, without jokers left to place, stops it early; the general engine uses
the values too. Tables are computed once per problem; a cell's table once per process.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._run_states import options, run_lengths, state_count

__all__ = [
    "HALVES",
    "NEG",
    "ColorTable",
    "JokerRoom",
    "Move",
    "Relaxation",
    "color_values",
    "group_caps",
    "group_shares",
    "widen",
]

#: Score of an impossible state.
NEG: Final = -(1 << 62)

#: Joker units of a joker in the fast search's colour tables: halves, as a group's joker may
#: serve two colours (:func:`group_shares`).
HALVES: Final = 2

#: A move at one cell: (regret, score gained, change of the packed state, tiles to groups,
#: jokers to groups).
Move = tuple[int, int, int, int, int]

#: Where loose jokers may stand: per ``[column][colour]`` in that colour's runs, per column in
#: that number's groups. A freed joker must go into a meld holding rack tiles (rules section
#: 4.5), so a search may keep it from runs of colours and groups of numbers the rack has none of.
JokerRoom = tuple[Sequence[Sequence[bool]], Sequence[bool]]

#: A colour's table of :func:`color_values`: per number, per (run state, spare jokers). Kept
#: for the process, so tuples of integers: the garbage collector stops tracking those, and a
#: full collection does not walk them (they are many: see ``benchmarks/solver.py``).
ColorTable = tuple[tuple[int, ...], ...]

#: A cell entry's options, as :class:`_Cell` keeps them (tuples, as :data:`ColorTable`).
_Options = tuple[tuple[int, int], ...]

_CLOSING: dict[tuple[int, int], tuple[int, ...]] = {}
_CELLS: dict[tuple[int, int, int, int, int, int, int, bool, int], _Cell] = {}


def group_caps(
    counts: Sequence[Sequence[int]],
    jokers: int,
    *,
    distinct: bool,
    pins: Sequence[int] | None = None,
    room: Sequence[bool] | None = None,
) -> list[int]:
    """Most tiles of one colour that may join groups at each number (0 if none can).

    ``counts[number][colour]`` counts the tiles present; jokers may fill groups in (where
    ``room[number]`` lets them), and so may ``pins[number]`` table jokers kept in groups of that
    number.
    """
    caps = []
    for number, row in enumerate(counts):
        here = jokers if room is None or room[number] else 0
        total = sum(row) + here + (pins[number] if pins else 0)
        if not distinct:
            caps.append(max(row) if total >= 3 else 0)
            continue
        present = sum(1 for n in row if n) + total - sum(row)
        caps.append(0 if present < 3 else min(max(row), total // 3))
    return caps


def color_values(
    table: Sequence[int],
    rack: Sequence[int],
    weights: Sequence[int],
    caps: Sequence[int],
    jokers: int,
    pins: Sequence[int] | None = None,
    budget: Budget | None = None,
    room: Sequence[bool] | None = None,
    shares: Sequence[int] | None = None,
) -> ColorTable:
    """One colour alone, groups relaxed (see :func:`_colour_values`).

    The tables are kept, as the searches of one solve, and of the solves of one game, often
    share a colour's tiles. Each table is charged to ``budget`` by its entries
    (:data:`COLOR_ENTRIES` a unit) once a solve, whether worked out or kept from an earlier
    solve: the units a solve counts do not depend on what ran before it.
    """
    key = (
        tuple(table),
        tuple(rack),
        tuple(weights),
        tuple(caps),
        jokers,
        tuple(pins or ()),
        tuple(room or ()),
        None if shares is None else tuple(shares),
    )
    found = _VALUES.get(key)
    if found is None:
        if len(_VALUES) >= _VALUES_KEPT:
            _VALUES.clear()
        found = _VALUES[key] = _color_values(table, rack, weights, caps, jokers, pins, room, shares)
    if budget is not None:
        budget.charge_once(key, 1 + sum(map(len, found)) // COLOR_ENTRIES)
    return found


#: Entries of a colour's table worked out per work unit (one entry costs about a sixth of a
#: state of the fast search; ``benchmarks/units.py``).
COLOR_ENTRIES: Final = 8


#: Colour tables kept (a few megabytes at most), and the tables.
_VALUES_KEPT: Final = 2048
_VALUES: dict[tuple[object, ...], ColorTable] = {}


def _color_values(
    table: Sequence[int],
    rack: Sequence[int],
    weights: Sequence[int],
    caps: Sequence[int],
    jokers: int,
    pins: Sequence[int] | None = None,
    room: Sequence[bool] | None = None,
    shares: Sequence[int] | None = None,
) -> ColorTable:
    """One colour alone, groups relaxed: the best rack score still reachable.

    ``table[n]``, ``rack[n]`` count the colour's tiles at number ``n``, ``weights[n]`` scores a
    rack tile there and ``caps[n]`` bounds its tiles in groups (see :func:`group_caps`);
    ``pins[n]`` table jokers stand for the tile in runs, and up to ``jokers`` free jokers may
    fill its runs (at the numbers where ``room`` lets them). With ``shares``, jokers are
    counted in halves (:data:`HALVES` each) and each of the colour's tiles in a group at
    number ``n`` takes ``shares[n]`` halves (see :func:`group_shares`). The answer's
    ``[n][state * (units + 1) + k]`` is the best score from number ``n`` on, entering it with
    that run state and ``k`` jokers (or halves) to spare, ``units`` being ``jokers`` (or its
    halves); ``NEG`` if the colour's table tiles cannot all be placed, or if the search cannot
    get there.
    """
    unit = 1 if shares is None else HALVES
    width = unit * jokers + 1
    columns = len(table)
    pins = pins or [0] * columns
    room = room or [True] * columns
    shares = shares or [0] * columns
    runs = _open_runs(table, rack, pins, room, jokers)
    cells = [
        _cell(
            runs[n - 1] if n else 0,
            table[n],
            rack[n],
            caps[n],
            (width - 1, unit),
            pins[n],
            room[n],
            shares[n],
        )
        for n in range(columns)
    ]
    reach: list[Sequence[int]] = [range(cell.size) for cell in cells]
    if jokers:
        # Only the entries the search can reach; other colours may spend jokers, so any fewer.
        # An entry with more jokers spare reaches all that one with fewer does, and more: per
        # state, only the most jokers spare need following.
        reach[0] = range(width)  # no run open, any jokers spare
        top = [width - 1]  # per state, the most jokers spare
        for column, cell in enumerate(cells[:-1]):
            after_top = [-1] * (cells[column + 1].size // width)
            reached = cell.reached
            for state, most in enumerate(top):
                if most >= 0:
                    at = state * width + most
                    for nxt, spare in reached.get(at) or cell.reach(at):
                        if spare > after_top[nxt]:
                            after_top[nxt] = spare
            top = after_top
            reach[column + 1] = [
                k for s, most in enumerate(top) for k in range(s * width, s * width + most + 1)
            ]
    after = _closing(runs[-1], width)
    value = [after]
    for column in range(columns - 1, -1, -1):
        cell = cells[column]
        weight, ways = weights[column], cell.options
        here = [NEG] * cell.size
        for entry in reach[column]:
            best = NEG
            found = ways.get(entry)
            for nxt, used in cell.entry(entry) if found is None else found:
                score = after[nxt] + used * weight
                if score > best:
                    best = score
            if best >= 0:
                here[entry] = best
        after = tuple(here)
        value.append(after)
    value.reverse()
    return tuple(value)


def _open_runs(
    table: Sequence[int],
    rack: Sequence[int],
    pins: Sequence[int],
    room: Sequence[bool] | None,
    jokers: int,
) -> list[int]:
    """Most runs a colour may have open after each number.

    Its tiles there, and the jokers where they may stand.
    """
    return [
        t + r + p + (jokers if room is None or room[n] else 0)
        for n, (t, r, p) in enumerate(zip(table, rack, pins, strict=True))
    ]


def _closing(runs: int, width: int) -> tuple[int, ...]:
    """End scores per (state, spare jokers) for at most ``runs`` open runs: 0 if all close."""
    key = (runs, width)
    found = _CLOSING.get(key)
    if found is None:
        found = _CLOSING[key] = tuple(
            0 if all(n == 3 for n in run_lengths(s)) else NEG
            for s in range(state_count(runs))
            for _ in range(width)
        )
    return found


class _Cell:
    """A cell of one colour's table, per (state, spare jokers) entering it (see :func:`_cell`).

    Its entries are worked out as a table first reaches them: a colour's tables reach only
    some of the states and spares a cell may be entered with (fewer the more jokers there are).
    """

    __slots__ = ("_key", "options", "reached", "size")

    def __init__(self, key: tuple[int, int, int, int, int, int, int, bool, int]) -> None:
        #: What :func:`_cell` keeps it by: (before, table, rack, group cap, units, unit, pins,
        #: room, share).
        self._key = key
        self.size = state_count(key[0]) * (key[4] + 1)
        #: Per entry worked out (:meth:`entry`), its options as (next index, most rack tiles
        #: laid on the way there), in index order. The most only: rack tiles always score
        #: (weights are positive), so fewer to the same index are never worth more.
        #: Dictionaries, not lists: the cells are kept for the process, and the garbage
        #: collector stops tracking a dictionary of untracked tuples, where it would walk every
        #: slot of a list at each full collection (most of its work, once many cells are kept).
        self.options: dict[int, _Options] = {}
        #: Per entry worked out, the next states it reaches, each with the most jokers it may
        #: keep spare.
        self.reached: dict[int, tuple[tuple[int, int], ...]] = {}

    def entry(self, index: int) -> _Options:
        """Work out entry ``index`` (its options, returned, and the states it reaches)."""
        _, table, rack, group_cap, units, unit, pins, room, share = self._key
        width = units + 1
        state, spare = divmod(index, width)
        laid: dict[int, int] = {}
        most: dict[int, int] = {}
        free = spare // unit if room else 0
        for nxt, grouped, used, extra in options(state, table, rack, group_cap, free, pins):
            left = spare - extra * unit - grouped * share
            if left < 0:
                continue
            entry = nxt * width + left
            laid[entry] = max(laid.get(entry, -1), used)
            most[nxt] = max(most.get(nxt, -1), left)
        found = tuple(sorted(laid.items()))
        self.options[index] = found
        self.reached[index] = tuple(sorted(most.items()))
        return found

    def reach(self, index: int) -> tuple[tuple[int, int], ...]:
        """The next states entry ``index`` reaches, each with the most jokers kept spare."""
        found = self.reached.get(index)
        if found is None:
            self.entry(index)
            found = self.reached[index]
        return found


def _cell(
    before: int,
    table: int,
    rack: int,
    group_cap: int,
    jokers: tuple[int, int],
    pins: int,
    room: bool,
    share: int = 0,
) -> _Cell:
    """Per (state, spare jokers) entering a cell, its options and the next states it reaches.

    ``jokers`` is (units to spare at most, units a joker takes); states have at most
    ``before`` open runs; indices are ``state * (units + 1) + spare``. Without ``room``, no
    joker joins the cell's runs; each tile in a group takes ``share`` units. Kept for the
    process, and shared by every table that reaches it.
    """
    units, unit = jokers
    key = (before, table, rack, group_cap, units, unit, pins, room, share)
    found = _CELLS.get(key)
    if found is None:
        found = _CELLS[key] = _Cell(key)
    return found


class Relaxation:
    """The relaxation of a grid for the fast search: upper bounds and regret-ordered moves.

    ``value[c][n]`` is :func:`colour_values` for colour ``c`` with ``jokers`` free jokers, of
    which ``table_jokers`` must be placed, and the table jokers ``pins[n][c]`` kept in runs;
    with ``shares`` (:func:`group_shares`), jokers are counted in halves there and a colour's
    tiles in groups take their share of the jokers those groups need. Each joker laid from the
    rack scores ``joker_weight``; the colour tables are charged to ``budget``
    (:func:`color_values`).
    With ``row_jokers``, colour ``c``'s runs take at most ``row_jokers[c]`` of the jokers (where
    coloured jokers are read as plain ones, its own and the plain ones; see
    :func:`_widened`); its moves may still place more, so the bound holds for the plays that
    keep to it, a relaxation of the coloured problem, and the search's answer bounds those.
    ``moves(pos, state, spare)`` lists the moves at cell ``pos = n * colours + c`` for the
    colour in ``state`` with ``spare`` jokers not yet placed, least regret first (the regret
    is how much of the colour's value the move gives up, jokers left aside); a move changes
    the packed search state by its run state moved to ``offsets[c]`` and by the jokers it
    places moved to ``spare_offset``. At the last colour of a number a move may also put
    jokers in that number's groups. With ``room``, loose jokers go only where it lets them.
    """

    def __init__(
        self,
        table: Sequence[Sequence[int]],
        rack: Sequence[Sequence[int]],
        weights: Sequence[int],
        caps: Sequence[int],
        offsets: Sequence[int],
        *,
        jokers: tuple[int, int],
        joker_weight: int,
        spare_offset: int,
        pins: Sequence[Sequence[int]],
        budget: Budget | None = None,
        room: JokerRoom | None = None,
        shares: Sequence[int] | None = None,
        row_jokers: Sequence[int] | None = None,
    ) -> None:
        self.table, self.rack, self.weights, self.caps = table, rack, weights, caps
        self.pins = pins
        self.colors = len(table[0])
        self.room = room
        self.offsets = offsets
        self.table_jokers, rack_jokers = jokers
        self.jokers = self.table_jokers + rack_jokers
        self.joker_weight, self.spare_offset = joker_weight, spare_offset
        #: What the rack jokers among the last ``spare`` jokers placed score, by ``spare``.
        self._rack_scores = [
            self._rack_jokers(self.jokers - spare, spare) * joker_weight
            for spare in range(self.jokers + 1)
        ]
        self.shares = shares or [0] * len(table)
        #: What a joker counts for in the colour tables, and their width per run state.
        self.unit = 1 if shares is None else HALVES
        self.width = self.unit * self.jokers + 1
        limits = [self.jokers] * self.colors if row_jokers is None else row_jokers
        self.value = [
            self._color_table(c, min(self.jokers, limits[c]), shares, budget)
            for c in range(self.colors)
        ]
        #: ``known[pos][state * (jokers + 1) + spare]``: the moves listed so far.
        self.known: list[dict[int, list[Move]]] = [{} for _ in range(len(table) * self.colors)]

    def _color_table(
        self, color: int, jokers: int, shares: Sequence[int] | None, budget: Budget | None
    ) -> ColorTable:
        """``color``'s table (:func:`color_values`) for ``jokers`` jokers, read for them all."""
        table = [row[color] for row in self.table]
        rack = [row[color] for row in self.rack]
        pins = [row[color] for row in self.pins]
        room = None if self.room is None else [row[color] for row in self.room[0]]
        found = color_values(
            table, rack, self.weights, self.caps, jokers, pins, budget, room, shares
        )
        if jokers == self.jokers:
            return found
        # The search may enter a number with more runs open than this colour's jokers allow.
        states = [1, *map(state_count, _open_runs(table, rack, pins, room, self.jokers))]
        return _widened(found, self.unit * jokers + 1, self.width, states)

    def bound(self) -> int:
        """The bound at the start (``NEG`` if some colour cannot place its table tiles)."""
        return self.shared_bound([(color[0], 0) for color in self.value], self.jokers)

    def shared_bound(self, cells: Sequence[tuple[Sequence[int], int]], spare: int) -> int:
        """The bound of colours at (values, run state) each, with ``spare`` jokers left.

        The jokers go to the colours in the best way (a knapsack over the colours), and every
        rack joker left scores. A colour that needs a joker gains from ``NEG``, and Python's
        integers keep such sums exact.
        """
        *others, (row, state) = cells
        return self.bound_with(self.parts(others, spare), row, state, spare)

    def parts(self, cells: Sequence[tuple[Sequence[int], int]], spare: int) -> Sequence[int]:
        """The best sum over ``cells`` with each number of joker units up to ``spare`` jokers'.

        A search moving one colour at a time bounds its moves with :meth:`bound_with`.
        """
        top = self.unit * spare + 1
        width = self.width
        total: Sequence[int] | None = None
        for row, state in cells:
            at = state * width
            total = row[at : at + top] if total is None else _merge(total, row, at)
        return total if total is not None else [0] * top

    def bound_with(self, parts: Sequence[int], row: Sequence[int], state: int, spare: int) -> int:
        """:meth:`shared_bound` of the cells of ``parts`` and one more, ``spare`` jokers left."""
        top = self.unit * spare
        at = state * self.width
        if top == 0:
            total = parts[0] + row[at]
        elif top == 1:
            total = max(parts[1] + row[at], parts[0] + row[at + 1])
        elif top == 2:
            total = max(parts[2] + row[at], parts[1] + row[at + 1], parts[0] + row[at + 2])
        else:
            total = max([parts[top - j] + row[at + j] for j in range(top + 1)])
        if total < 0:
            return NEG
        return total + self._rack_scores[spare]

    def _rack_jokers(self, placed: int, count: int) -> int:
        """Rack jokers among ``count`` more jokers placed after ``placed`` (table ones first)."""
        return max(0, placed + count - self.table_jokers) - max(0, placed - self.table_jokers)

    def moves(self, pos: int, state: int, spare: int = 0) -> list[Move]:
        """The feasible moves of the colour in ``state`` at cell ``pos``, least regret first."""
        key = state * (self.jokers + 1) + spare
        found = self.known[pos].get(key)
        if found is None:
            width, unit = self.width, self.unit
            column, color = divmod(pos, self.colors)
            here, after = self.value[color][column], self.value[color][column + 1]
            weight = self.weights[column]
            cell = (self.table[column][color], self.rack[column][color], self.caps[column])
            pins = self.pins[column][color]
            top = here[state * width + spare * unit]
            shift, last = self.offsets[color], color == self.colors - 1
            share = self.shares[column]
            if not spare:
                found = [
                    (
                        top - used * weight - after[nxt * width],
                        used * weight,
                        (nxt - state) << shift,
                        g,
                        0,
                    )
                    for nxt, g, used, _ in options(state, *cell, 0, pins)
                    if after[nxt * width] != NEG and not (g and share)
                ]
                found.sort()
                self.known[pos][key] = found
                return found
            found = []
            room = self.room
            free = spare if room is None or room[0][column][color] else 0
            grouping = last and (room is None or room[1][column])
            for nxt, grouped, used, extra in options(state, *cell, free, pins):
                left = (spare - extra) * unit - grouped * share
                if left < 0:
                    continue
                score = after[nxt * width + left]
                if score == NEG:
                    continue
                for group_jokers in range(spare - extra + 1 if grouping else 1):
                    placed = extra + group_jokers
                    gain = (
                        used * weight
                        + self._rack_jokers(self.jokers - spare, placed) * self.joker_weight
                    )
                    delta = ((nxt - state) << shift) - (placed << self.spare_offset)
                    found.append((top - used * weight - score, gain, delta, grouped, group_jokers))
            found.sort(key=_regret_then_gain)
            self.known[pos][key] = found
        return found


def _widened(table: ColorTable, narrow: int, width: int, states: Sequence[int]) -> ColorTable:
    """A colour's table worked out for ``narrow - 1`` jokers, read for ``width - 1``.

    A colour given more jokers than its runs may take gains nothing from the rest, and jokers
    given need not be laid, so each state's values are their best with at most as many. The
    states only more jokers reach (``states[n]`` at number ``n``) are out of its reach.
    """
    widened = []
    for values, count in zip(table, states, strict=True):
        row: list[int] = []
        for at in range(0, len(values), narrow):
            row += widen(values[at : at + narrow], width)
        row += [NEG] * (count * width - len(row))
        widened.append(tuple(row))
    return tuple(widened)


def widen(values: Sequence[int], width: int) -> list[int]:
    """One state's values per jokers given, for up to ``len(values) - 1``, read for ``width - 1``.

    Jokers given need not be laid, and more than may be laid add nothing: each is the best
    with at most as many.
    """
    best = list(itertools.accumulate(values, max))
    return best + [best[-1]] * (width - len(best))


def group_shares(counts: Sequence[Sequence[int]], pins: Sequence[int]) -> list[int]:
    """Per number, the halves of a joker each tile in a group there takes at least.

    Groups hold one tile of a colour each, at least three tiles in all: where only two colours
    have tiles of a number (and no joker is kept in its groups), each group there holds a
    joker for at most two tiles, half a joker each; where only one colour has, two jokers for
    its one tile. Shared so, the colours' halves never add up to more jokers than the groups
    hold, so the relaxation stays a bound.
    """
    shares = []
    for row, pinned in zip(counts, pins, strict=True):
        colors = sum(1 for n in row if n)
        shares.append(0 if pinned or colors >= len(_SHARES) else _SHARES[colors])
    return shares


#: Halves of a joker a tile in a group takes, by how many colours have tiles of its number.
_SHARES: Final = (0, 4, 1)


def _merge(total: Sequence[int], row: Sequence[int], at: int) -> list[int]:
    """The best sums with each number of joker units: ``total``'s and a part's shared out.

    The part is ``row[at:]``, as long as ``total``. Written out for the widths of up to two
    jokers (in halves), the most frequent.
    """
    size = len(total)
    if size == 1:
        return [total[0] + row[at]]
    if size == 2:
        return [total[0] + row[at], max(total[0] + row[at + 1], total[1] + row[at])]
    if size == 3:
        t0, t1, t2 = total
        p0, p1, p2 = row[at], row[at + 1], row[at + 2]
        a, b = t0 + p1, t1 + p0
        c, d, e = t0 + p2, t1 + p1, t2 + p0
        return [t0 + p0, a if a > b else b, max(c, d, e)]
    if size == 5:
        t0, t1, t2, t3, t4 = total
        p0, p1, p2, p3, p4 = row[at : at + 5]
        a, b = t0 + p1, t1 + p0
        return [
            t0 + p0,
            a if a > b else b,
            max(t0 + p2, t1 + p1, t2 + p0),
            max(t0 + p3, t1 + p2, t2 + p1, t3 + p0),
            max(t0 + p4, t1 + p3, t2 + p2, t3 + p1, t4 + p0),
        ]
    return [max([total[k - j] + row[at + j] for j in range(k + 1)]) for k in range(size)]


def _regret_then_gain(move: Move) -> tuple[int, int]:
    return move[0], -move[1]
