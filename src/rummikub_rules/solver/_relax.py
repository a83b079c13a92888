"""The per-colour relaxation that bounds the fast search and orders its moves (private).

The searches walk the *cells* of a tile grid, number by number and, inside a number, colour by
colour. Two things describe where they stand:

- per colour, the runs still open: its *run state* (:mod:`._run_states`);
- for the number being played, how many tiles each colour gave to groups, folded into a small
  *group accumulator* (:mod:`._group_table`).

Each colour's table (:mod:`._color_tables`) bounds what the colour may still score; summed over
the colours, with the jokers shared between them in the best way, they bound the real problem
from above. For the fast search, a tile in a group of a number only one or two colours hold
takes its share of the jokers such groups need, and so does a second tile of one colour in
groups of a number too few colours hold for two groups (:func:`group_shares`; jokers then
count in halves). :class:`Relaxation` holds those values for the fast search, where each
move's *regret* (how much of the bound it gives up) orders the search and, without jokers left
to place, stops it early. Tables are computed once per problem; a cell's table once per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._color_tables import (
    HALVES,
    ColorTable,
    color_values,
    group_charge,
    packed_share,
)
from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._new_runs import options as new_options
from rummikub_rules.solver._owing_runs import options as owing_options
from rummikub_rules.solver._run_states import options

__all__ = ["JokerRoom", "Move", "Relaxation", "group_caps", "group_shares"]

#: A move at one cell: (regret, score gained, change of the packed state, tiles to groups,
#: jokers to groups).
Move = tuple[int, int, int, int, int]

#: Where loose jokers may stand: per ``[column][colour]`` in that colour's runs, per column in
#: that number's groups. A freed joker must go into a meld holding rack tiles (rules section
#: 4.5), so a search may keep it from runs of colours and groups of numbers the rack has none of.
JokerRoom = tuple[Sequence[Sequence[bool]], Sequence[bool]]


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


class Relaxation:
    """The relaxation of a grid for the fast search: upper bounds and regret-ordered moves.

    ``value[c][n]`` is :func:`~._color_tables.color_values` for colour ``c`` with ``jokers``
    free jokers, of which ``table_jokers`` must be placed, and the table jokers ``pins[n][c]``
    kept in runs; with ``shares`` (:func:`group_shares`), jokers are counted in halves there and
    a colour's tiles in groups take their share of the jokers those groups need. Each joker laid
    from the rack scores ``joker_weights[n]`` at the number ``n`` it stands at (different weights
    only where every joker is the rack's); the colour tables are charged to ``budget``.
    With ``row_jokers``, colour ``c``'s runs take at most ``row_jokers[c]`` of the jokers (where
    coloured jokers are read as plain ones, its own and the plain ones; its table is read for
    them all, ``read_for``); its moves may still place more, so the bound holds for the plays
    that keep to it, a relaxation of the coloured problem, and the search's answer bounds those.
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
        joker_weights: Sequence[int],
        spare_offset: int,
        pins: Sequence[Sequence[int]],
        budget: Budget | None = None,
        room: JokerRoom | None = None,
        shares: Sequence[int] | None = None,
        row_jokers: Sequence[int] | None = None,
        runs_owe: bool = False,
        exempt: Sequence[Sequence[int]] | None = None,
        newness: Sequence[Sequence[int] | None] | None = None,
    ) -> None:
        self.table, self.rack, self.weights, self.caps = table, rack, weights, caps
        #: Whether the jokers owe a rack tile in their runs (:mod:`._owing_runs`), and per
        #: ``[column][colour]`` how many there owe nothing (or, where runs know old runs, how
        #: many are kept).
        self.runs_owe = runs_owe
        #: Per colour, the role of each column along its old run (:mod:`._new_runs`), or
        #: ``None`` where its runs are plain.
        self.newness = newness
        self.exempt = exempt or [[0] * len(table[0]) for _ in table]
        self.pins = pins
        self.colors = len(table[0])
        self.room = room
        self.offsets = offsets
        self.table_jokers, rack_jokers = jokers
        self.jokers = self.table_jokers + rack_jokers
        # Which jokers are the table's is a matter of order (the table's go first), which a
        # score by number would turn into a choice.
        assert not self.table_jokers or len(set(joker_weights)) == 1
        self.joker_weights, self.spare_offset = joker_weights, spare_offset
        #: The rack jokers among ``placed`` more jokers with ``spare`` left, by
        #: ``[spare][placed]``.
        self._rack_counts = [
            [self._rack_jokers(self.jokers - spare, placed) for placed in range(spare + 1)]
            for spare in range(self.jokers + 1)
        ]
        #: What the rack jokers among the last ``spare`` jokers placed score at most, by ``spare``.
        most = max(joker_weights)
        self._rack_scores = [counts[-1] * most for counts in self._rack_counts]
        self.shares = shares or [0] * len(table)
        #: Per number, the joker units ``g`` tiles of a colour in its groups take, by ``g``.
        self._charges = [
            [group_charge(share, grouped) for grouped in range(cap + 1)]
            for share, cap in zip(self.shares, caps, strict=True)
        ]
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
        return color_values(
            table, rack, self.weights, self.caps, jokers, pins, budget, room, shares,
            read_for=self.jokers, runs_owe=self.runs_owe,
            exempt=[row[color] for row in self.exempt],
            roles=None if self.newness is None else self.newness[color],
        )  # fmt: skip

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

    def others(
        self, column: int, color: int, moved: int, key: int, mask: int, spare: int
    ) -> tuple[Sequence[int], Sequence[int]]:
        """:meth:`parts` of every colour but ``moved`` at cell (``column``, ``color``) of ``key``.

        And the values row ``moved`` reads there. Each colour before ``color`` reads the next
        number's row; its run state is at its offset in the packed ``key`` (``mask`` wide).
        """
        top = self.unit * spare + 1
        width = self.width
        total: Sequence[int] | None = None
        row: Sequence[int] = ()
        for c, (values, offset) in enumerate(zip(self.value, self.offsets, strict=True)):
            part = values[column + 1 if c < color else column]
            if c == moved:
                row = part
                continue
            at = ((key >> offset) & mask) * width
            total = part[at : at + top] if total is None else _merge(total, part, at)
        return (total if total is not None else [0] * top), row

    def bound_with(
        self, parts: Sequence[int], row: Sequence[int], state: int, spare: int, kept: int = 0
    ) -> int:
        """:meth:`shared_bound` of the cells of ``parts`` and one more, ``spare`` jokers left.

        ``kept`` joker units of them are kept from the colours (a number's groups take them);
        the rack jokers among them still score.
        """
        top = self.unit * spare - kept
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

    def rack_jokers_among(self, spare: int, placed: int) -> int:
        """How many of ``placed`` more jokers, ``spare`` left before, are the rack's."""
        return self._rack_counts[spare][placed]

    def moves(self, pos: int, state: int, spare: int = 0) -> list[Move]:
        """The feasible moves of the colour in ``state`` at cell ``pos``, least regret first."""
        key = state * (self.jokers + 1) + spare
        found = self.known[pos].get(key)
        if found is None:
            width, unit = self.width, self.unit
            column, color = divmod(pos, self.colors)
            here, after = self.value[color][column], self.value[color][column + 1]
            weight = self.weights[column]
            top = here[state * width + spare * unit]
            shift, last = self.offsets[color], color == self.colors - 1
            charges = self._charges[column]
            room = self.room
            free = spare if spare and (room is None or room[0][column][color]) else 0
            ways = self._ways(column, color, state, free)
            if not spare:
                found = [
                    (
                        top - used * weight - after[nxt * width],
                        used * weight,
                        (nxt - state) << shift,
                        g,
                        0,
                    )
                    for nxt, g, used, _ in ways
                    if after[nxt * width] != NEG and not charges[g]
                ]
                found.sort()
                self.known[pos][key] = found
                return found
            found = []
            grouping = last and (room is None or room[1][column])
            rack_counts, joker_weight = self._rack_counts[spare], self.joker_weights[column]
            spare_offset = self.spare_offset
            for nxt, grouped, used, extra in ways:
                left = (spare - extra) * unit - charges[grouped]
                if left < 0:
                    continue
                score = after[nxt * width + left]
                if score == NEG:
                    continue
                laid, moved = used * weight, (nxt - state) << shift
                regret = top - laid - score
                for group_jokers in range(spare - extra + 1 if grouping else 1):
                    placed = extra + group_jokers
                    gain = laid + rack_counts[placed] * joker_weight
                    delta = moved - (placed << spare_offset)
                    found.append((regret, gain, delta, grouped, group_jokers))
            found.sort(key=_regret_then_gain)
            self.known[pos][key] = found
        return found

    def _ways(
        self, column: int, color: int, state: int, free: int
    ) -> tuple[tuple[int, int, int, int], ...]:
        """Every way to play the cell from ``state`` with up to ``free`` loose jokers on runs.

        By the run states of the colour: plain, owing (:mod:`._owing_runs`) or knowing its
        old run (:mod:`._new_runs`).
        """
        cell = (self.table[column][color], self.rack[column][color], self.caps[column])
        pins = self.pins[column][color]
        roles = None if self.newness is None else self.newness[color]
        if roles is not None:
            exempt = self.exempt[column][color]
            return new_options(state, *cell, free, pins, exempt, roles[column])
        if self.runs_owe:
            return owing_options(state, *cell, free, pins, self.exempt[column][color])
        return options(state, *cell, free, pins)


def group_shares(counts: Sequence[Sequence[int]], pins: Sequence[int]) -> list[int]:
    """Per number, the halves of a joker the tiles in groups there take at least (packed).

    Groups hold one tile of a colour each, at least three tiles in all: where only two colours
    have tiles of a number (and no joker is kept in its groups), each group there holds a
    joker for at most two tiles, half a joker each; where only one colour has, two jokers for
    its one tile. Where three colours or more have, a colour's second tile there means a second
    group, which those colours may be too few to fill (:func:`_second_share`). Shared so, the
    colours' halves never add up to more jokers than the groups hold, so the relaxation stays
    a bound (:func:`~._color_tables.group_charge` reads a share).
    """
    shares = []
    for row, pinned in zip(counts, pins, strict=True):
        colors = sum(1 for n in row if n)
        if pinned:
            shares.append(0)
        elif colors < len(_SHARES):
            shares.append(packed_share(_SHARES[colors], 0))
        else:
            shares.append(packed_share(0, _second_share(colors, sum(1 for n in row if n > 1))))
    return shares


def _second_share(colors: int, doubled: int) -> int:
    """Halves of a joker a second tile of one colour in groups at a number takes at least.

    A second tile means two groups there, six places. With ``colors`` colours holding tiles
    of the number and ``s`` of the ``doubled`` holding two or more giving a second tile, the
    groups hold at most ``2 * s + colors - s`` tiles, so at least ``6 - s - colors`` jokers:
    each of the ``s`` second tiles may take ``2 * (6 - s - colors) // s`` halves, for every
    ``s`` (more groups need more jokers still).
    """
    return min((HALVES * max(0, 6 - s - colors) // s for s in range(1, doubled + 1)), default=0)


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
