"""Run states and the per-colour relaxation that bounds the solver's searches (private).

The searches walk the *cells* of a tile grid, number by number and, inside a number, colour by
colour. Two things describe where they stand:

- per colour, the runs still open: a sorted tuple of lengths 1, 2 or 3 (3 meaning 3 or more),
  named by a small integer, its *run state*. States are numbered by size first, so the states
  with at most ``k`` open runs are exactly ``0 .. state_count(k) - 1``;
- for the number being played, how many tiles each colour gave to groups, folded into a small
  *group accumulator* ``(total, widest)`` that decides whether they split into valid groups.

:func:`colour_values` solves one colour on its own, with groups relaxed (the colour may give any
of its tiles at a number to groups whenever some group is possible there) and, if jokers are in
play, every joker free to stand in the colour's runs. That is exact for the colour's runs, so the
sum over colours of the best score still reachable bounds the real problem from above (with
jokers, under the best sharing of them between the colours). :class:`Relaxation` holds those
values for the fast search, where each move's *regret* (how much of the bound it gives up)
orders the search and, without jokers left to place, stops it early; the general engine uses
the values too. Tables are computed once per problem; run-state tables once per process.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from typing import Final, NamedTuple

from rummikub_rules.solver._budget import Budget

__all__ = [
    "NEG",
    "GroupTable",
    "JokerRoom",
    "Move",
    "Parts",
    "Relaxation",
    "color_values",
    "run_lengths",
    "state_bits",
    "state_id",
    "step",
]

#: Score of an impossible state.
NEG: Final = -(1 << 62)

#: A move at one cell: (regret, score gained, change of the packed state, tiles to groups,
#: jokers to groups).
Move = tuple[int, int, int, int, int]

#: Where loose jokers may stand: per ``[column][colour]`` in that colour's runs, per column in
#: that number's groups. A freed joker must go into a meld holding rack tiles (rules section
#: 4.5), so a search may keep it from runs of colours and groups of numbers the rack has none of.
JokerRoom = tuple[Sequence[Sequence[bool]], Sequence[bool]]

#: What the bound of up to two jokers adds up over colours: the sum of their bases, the two best
#: gains from one joker, the best gain from two.
Parts = tuple[int, int, int, int]

_STATES: list[tuple[int, ...]] = [()]
_IDS: dict[tuple[int, ...], int] = {(): 0}
_SIZES: list[int] = [1]  # _SIZES[k]: how many states have at most k open runs
_STEP: dict[tuple[int, int], int] = {}
_OPTIONS: dict[tuple[int, ...], list[tuple[int, int, int, int]]] = {}
_CLOSING: dict[tuple[int, int], list[int]] = {}
_CELLS: dict[tuple[int, ...], _Cell] = {}


#: Numbering new run states takes this lock: two threads numbering at once would give one state
#: two ids. The other tables here only memoise pure values, so a race stores the same value twice.
_NUMBERING = threading.Lock()


def state_count(runs: int) -> int:
    """How many run states have at most ``runs`` open runs (the first ids)."""
    if len(_SIZES) <= runs:
        with _NUMBERING:
            while len(_SIZES) <= runs:
                size = len(_SIZES)
                for combo in itertools.combinations_with_replacement((1, 2, 3), size):
                    _IDS[combo] = len(_STATES)
                    _STATES.append(combo)
                _SIZES.append(len(_STATES))
    return _SIZES[runs]


def state_bits(runs: int) -> int:
    """Bits that hold a run state with at most ``runs`` open runs."""
    return max(1, (state_count(runs) - 1).bit_length())


def state_id(lengths: Sequence[int]) -> int:
    """The run state of open runs of these lengths (each 1, 2 or 3, meaning 3 or more)."""
    key = tuple(sorted(lengths))
    state_count(len(key))
    return _IDS[key]


def run_lengths(state: int) -> tuple[int, ...]:
    """The open run lengths of a run state (3 meaning 3 or more), sorted."""
    return _STATES[state]


def step(state: int, tiles: int) -> int:
    """The run state after ``tiles`` tiles of the colour go to runs at the next number, or -1.

    Every open run of length 1 or 2 must grow; then runs of 3+ grow (never worse than closing
    one and starting another), the rest close, and any tiles left start new runs.
    """
    key = (state, tiles)
    found = _STEP.get(key)
    if found is None:
        lengths = _STATES[state]
        short = [n + 1 for n in lengths if n < 3]
        long = len(lengths) - len(short)
        if tiles < len(short):
            found = -1
        else:
            spare = tiles - len(short)
            found = state_id(short + [3] * min(long, spare) + [1] * max(0, spare - long))
        _STEP[key] = found
    return found


def options(
    state: int, table: int, rack: int, group_cap: int, spare: int, pins: int = 0
) -> list[tuple[int, int, int, int]]:
    """Every way to play one cell from ``state``.

    Each way is (next state, tiles to groups, rack tiles used, jokers in runs). All ``table``
    tiles and up to ``rack`` rack tiles are laid, at most ``group_cap`` in groups; ``pins``
    table jokers standing for this tile in runs stay in runs, and up to ``spare`` free jokers
    join the runs (all as more tiles of the cell). The next state's size is the number of tiles
    in runs, so each (next state, group tiles, jokers) is one way.
    """
    key = (state, table, rack, group_cap, spare, pins)
    found = _OPTIONS.get(key)
    if found is None:
        found = []
        for laid in range(table, table + rack + 1):
            for grouped in range(min(laid, group_cap) + 1):
                for extra in range(spare + 1):
                    nxt = step(state, laid - grouped + pins + extra)
                    if nxt >= 0:
                        found.append((nxt, grouped, laid - table, extra))
        _OPTIONS[key] = found
    return found


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
) -> list[list[int]]:
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
    )
    found = _VALUES.get(key)
    if found is None:
        if len(_VALUES) >= _VALUES_KEPT:
            _VALUES.clear()
        found = _VALUES[key] = _color_values(table, rack, weights, caps, jokers, pins, room)
    if budget is not None:
        budget.charge_once(key, 1 + sum(map(len, found)) // COLOR_ENTRIES)
    return found


#: Entries of a colour's table worked out per work unit (one entry costs about a sixth of a
#: state of the fast search; ``benchmarks/units.py``).
COLOR_ENTRIES: Final = 8


#: Colour tables kept (a few megabytes at most), and the tables.
_VALUES_KEPT: Final = 2048
_VALUES: dict[tuple[object, ...], list[list[int]]] = {}


def _color_values(
    table: Sequence[int],
    rack: Sequence[int],
    weights: Sequence[int],
    caps: Sequence[int],
    jokers: int,
    pins: Sequence[int] | None = None,
    room: Sequence[bool] | None = None,
) -> list[list[int]]:
    """One colour alone, groups relaxed: the best rack score still reachable.

    ``table[n]``, ``rack[n]`` count the colour's tiles at number ``n``, ``weights[n]`` scores a
    rack tile there and ``caps[n]`` bounds its tiles in groups (see :func:`group_caps`);
    ``pins[n]`` table jokers stand for the tile in runs, and up to ``jokers`` free jokers may
    fill its runs (at the numbers where ``room`` lets them). The answer's
    ``[n][state * (jokers + 1) + k]`` is the best score from number ``n`` on, entering it with
    that run state and ``k`` jokers to spare (``NEG`` if the colour's table tiles cannot all be
    placed, or if the search cannot get there).
    """
    width = jokers + 1
    columns = len(table)
    pins = pins or [0] * columns
    room = room or [True] * columns
    # Open runs after each number: at most its tiles, and the jokers only where they may stand.
    runs = [
        t + r + p + (jokers if here else 0)
        for t, r, p, here in zip(table, rack, pins, room, strict=True)
    ]
    cells = [
        _cell(runs[n - 1] if n else 0, table[n], rack[n], caps[n], jokers, pins[n], room[n])
        for n in range(columns)
    ]
    reach: list[Sequence[int]] = [range(len(cell.options)) for cell in cells]
    if jokers:
        # Only the entries the search can reach; other colours may spend jokers, so any fewer.
        # An entry with more jokers spare reaches all that one with fewer does, and more: per
        # state, only the most jokers spare need following.
        reach[0] = range(width)  # no run open, any jokers spare
        top = [width - 1]  # per state, the most jokers spare
        for column, cell in enumerate(cells[:-1]):
            after_top = [-1] * (len(cells[column + 1].options) // width)
            for state, most in enumerate(top):
                if most >= 0:
                    for nxt, spare in cell.reach[state * width + most]:
                        if spare > after_top[nxt]:
                            after_top[nxt] = spare
            top = after_top
            reach[column + 1] = [
                s * width + k for s, most in enumerate(top) for k in range(most + 1)
            ]
    after = _closing(runs[-1], width)
    value = [after]
    for column in range(columns - 1, -1, -1):
        weight, ways = weights[column], cells[column].options
        here = [NEG] * len(ways)
        for entry in reach[column]:
            best = NEG
            for used, nexts in ways[entry]:
                score = max(map(after.__getitem__, nexts)) + used * weight
                if score > best:
                    best = score
            if best >= 0:
                here[entry] = best
        value.append(here)
        after = here
    value.reverse()
    return value


def _closing(runs: int, width: int) -> list[int]:
    """End scores per (state, spare jokers) for at most ``runs`` open runs: 0 if all close."""
    key = (runs, width)
    found = _CLOSING.get(key)
    if found is None:
        found = _CLOSING[key] = [
            0 if all(n == 3 for n in _STATES[s]) else NEG
            for s in range(state_count(runs))
            for _ in range(width)
        ]
    return found


class _Cell(NamedTuple):
    """A cell of one colour's table, per (state, spare jokers) entering it (see :func:`_cell`)."""

    #: Its options as (rack tiles, next indices), fewest rack tiles first.
    options: list[list[tuple[int, tuple[int, ...]]]]
    #: The next states it reaches, each with the most jokers it may keep spare.
    reach: list[tuple[tuple[int, int], ...]]


def _cell(
    before: int, table: int, rack: int, group_cap: int, jokers: int, pins: int, room: bool
) -> _Cell:
    """Per (state, spare jokers) entering a cell, its options and the next states it reaches.

    States have at most ``before`` open runs; indices are ``state * (jokers + 1) + spare``.
    Without ``room``, no joker joins the cell's runs.
    """
    key = (before, table, rack, group_cap, jokers, pins, room)
    found = _CELLS.get(key)
    if found is None:
        width = jokers + 1
        found = _Cell([], [])
        for state in range(state_count(before)):
            for spare in range(width):
                nexts: dict[int, set[int]] = {}
                most: dict[int, int] = {}
                free = spare if room else 0
                for nxt, _, used, extra in options(state, table, rack, group_cap, free, pins):
                    nexts.setdefault(used, set()).add(nxt * width + spare - extra)
                    most[nxt] = max(most.get(nxt, -1), spare - extra)
                found.options.append(
                    [(used, tuple(sorted(n))) for used, n in sorted(nexts.items())]
                )
                found.reach.append(tuple(sorted(most.items())))
        _CELLS[key] = found
    return found


class GroupTable:
    """The group accumulator of one number: ids for (total tiles, widest colour) and their rules.

    ``after[acc][g]`` adds a colour giving ``g`` tiles. ``fits[acc][w]`` says whether the tiles
    and ``w`` jokers split into groups of 3..``colours`` tiles: ``k`` groups take ``total``
    numbered tiles and the jokers when the widest colour has at most ``k`` tiles, every group
    gets a numbered tile (``k <= total``) and ``3k <= total + w <= colours * k``; ``ok`` is the
    same without jokers. ``viable`` says, before the number is over, whether it still may.
    """

    def __init__(self, colors: int, copies: int, jokers: int) -> None:
        self.width = copies + 1
        top = colors * copies
        count = (top + 1) * self.width
        self.bits = max(1, (count - 1).bit_length())
        self.after = [
            [self._id(min(top, t + g), max(w, g)) for g in range(copies + 1)]
            for t in range(top + 1)
            for w in range(self.width)
        ]
        self.fits = [
            [
                (t == 0 and j == 0)
                or any(3 * k <= t + j <= colors * k for k in range(max(w, 1), t + 1))
                for j in range(jokers + 1)
            ]
            for t in range(top + 1)
            for w in range(self.width)
        ]
        #: ``with_jokers[w]``: whether each accumulator fits with ``w`` jokers.
        self.with_jokers = [[fits[w] for fits in self.fits] for w in range(jokers + 1)]
        self.ok = self.with_jokers[0]
        self._some = [any(fits) for fits in self.fits]
        self._viable: dict[tuple[int, ...], list[list[bool]]] = {}

    def viable(self, caps: tuple[int, ...]) -> list[list[bool]]:
        """Per colour ``c``: which accumulators may still fit once ``c`` has given its tiles.

        The colours after it give at most ``caps`` tiles each, and the jokers may join.
        """
        found = self._viable.get(caps)
        if found is None:
            found = [self._some]
            for cap in reversed(caps[1:]):
                later = found[0]
                found.insert(0, [any(later[row[g]] for g in range(cap + 1)) for row in self.after])
            self._viable[caps] = found
        return found

    def _id(self, total: int, widest: int) -> int:
        return total * self.width + widest


class Relaxation:
    """The relaxation of a grid for the fast search: upper bounds and regret-ordered moves.

    ``value[c][n]`` is :func:`colour_values` for colour ``c`` with ``jokers`` free jokers, of
    which ``table_jokers`` must be placed, and the table jokers ``pins[n][c]`` kept in runs;
    each joker laid from the rack scores ``joker_weight``; the colour tables are charged to
    ``budget`` (:func:`color_values`).
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
    ) -> None:
        self.table, self.rack, self.weights, self.caps = table, rack, weights, caps
        self.pins = pins
        self.colors = len(table[0])
        self.room = room
        self.offsets = offsets
        self.table_jokers, rack_jokers = jokers
        self.jokers = self.table_jokers + rack_jokers
        self.joker_weight, self.spare_offset = joker_weight, spare_offset
        self.value = [
            color_values(
                [row[c] for row in table],
                [row[c] for row in rack],
                weights,
                caps,
                self.jokers,
                [row[c] for row in pins],
                budget,
                None if room is None else [row[c] for row in room[0]],
            )
            for c in range(self.colors)
        ]
        #: ``known[pos][state * (jokers + 1) + spare]``: the moves listed so far.
        self.known: list[dict[int, list[Move]]] = [{} for _ in range(len(table) * self.colors)]

    def bound(self) -> int:
        """The bound at the start (``NEG`` if some colour cannot place its table tiles)."""
        return self.shared_bound([(color[0], 0) for color in self.value], self.jokers)

    def shared_bound(self, cells: Sequence[tuple[Sequence[int], int]], spare: int) -> int:
        """The bound of colours at (values, run state) each, with ``spare`` jokers left.

        The jokers go to the colours' runs in the best way, and every rack joker left scores.
        Up to two jokers, the best gains from one joker (for two colours) or two settle it;
        beyond, a knapsack over the colours. A colour that needs a joker gains from ``NEG``,
        and Python's integers keep such sums exact.
        """
        if spare <= 2:
            return self._settled(self.parts(cells), spare)
        width = self.jokers + 1
        total = _knapsack([row[state * width : state * width + spare + 1] for row, state in cells])
        if total < 0:
            return NEG
        return total + self._rack_jokers(self.jokers - spare, spare) * self.joker_weight

    def parts(self, cells: Sequence[tuple[Sequence[int], int]]) -> Parts:
        """What :meth:`shared_bound` adds up over ``cells`` for up to two jokers.

        The sum of their bases, the two best gains from one joker and the best from two: a
        search moving one colour at a time bounds its moves with :meth:`bound_with`.
        """
        parts = (0, 0, 0, 0)
        for row, state in cells:
            parts = self._with(parts, row, state)
        return parts

    def bound_with(self, parts: Parts, row: Sequence[int], state: int, spare: int) -> int:
        """:meth:`shared_bound` of the cells of ``parts`` and one more, with at most two jokers."""
        return self._settled(self._with(parts, row, state), spare)

    def _with(self, parts: Parts, row: Sequence[int], state: int) -> Parts:
        total, one, two, both = parts
        at = state * (self.jokers + 1)
        base = row[at]
        if self.jokers:
            gain = row[at + 1] - base
            if gain > one:
                one, two = gain, one
            elif gain > two:
                two = gain
            if self.jokers > 1 and row[at + 2] - base > both:
                both = row[at + 2] - base
        return total + base, one, two, both

    def _settled(self, parts: Parts, spare: int) -> int:
        total, one, two, both = parts
        if spare == 1:
            total += one
        elif spare == 2:
            total += max(one + two, both)
        if total < 0:
            return NEG
        return total + self._rack_jokers(self.jokers - spare, spare) * self.joker_weight

    def _rack_jokers(self, placed: int, count: int) -> int:
        """Rack jokers among ``count`` more jokers placed after ``placed`` (table ones first)."""
        return max(0, placed + count - self.table_jokers) - max(0, placed - self.table_jokers)

    def moves(self, pos: int, state: int, spare: int = 0) -> list[Move]:
        """The feasible moves of the colour in ``state`` at cell ``pos``, least regret first."""
        width = self.jokers + 1
        found = self.known[pos].get(state * width + spare)
        if found is None:
            column, color = divmod(pos, self.colors)
            here, after = self.value[color][column], self.value[color][column + 1]
            weight = self.weights[column]
            cell = (self.table[column][color], self.rack[column][color], self.caps[column])
            pins = self.pins[column][color]
            top = here[state * width + spare]
            shift, last = self.offsets[color], color == self.colors - 1
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
                    if after[nxt * width] != NEG
                ]
                found.sort()
                self.known[pos][state * width] = found
                return found
            found = []
            room = self.room
            free = spare if room is None or room[0][column][color] else 0
            grouping = last and (room is None or room[1][column])
            for nxt, grouped, used, extra in options(state, *cell, free, pins):
                score = after[nxt * width + spare - extra]
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
            self.known[pos][state * width + spare] = found
        return found


def _knapsack(rows: Sequence[Sequence[int]]) -> int:
    """The best sum of one entry per row, the indices (jokers) within the rows' length.

    The entries' indices add up to at most the rows' length less one.
    """
    spare = len(rows[0]) - 1
    total = list(rows[0])
    for row in rows[1:]:
        total = [max(total[k - j] + row[j] for j in range(k + 1)) for k in range(spare + 1)]
    return max(total)


def _regret_then_gain(move: Move) -> tuple[int, int]:
    return move[0], -move[1]
