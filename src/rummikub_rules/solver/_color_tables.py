"""The colour tables that bound the fast search: one colour alone, groups relaxed (private).

:func:`color_values` solves one colour on its own, with groups relaxed (the colour may give any
of its tiles at a number to groups whenever some group is possible there) and, if jokers are in
play, every joker free to stand in the colour's runs. That is exact for the colour's runs, so the
sum over colours of the best score still reachable bounds the real problem from above (with
jokers, under the best sharing of them between the colours: :class:`._relax.Relaxation`). A
colour's table is worked out once per process, as are the cells it is made of (:class:`_Cell`,
shared by every table that reaches them).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from rummikub_rules.solver import _new_runs, _owing_runs
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._run_states import closes, options, state_count

__all__ = [
    "COLOR_ENTRIES",
    "HALVES",
    "ColorTable",
    "color_values",
    "group_charge",
    "packed_share",
    "widen",
]

#: Joker units of a joker in the fast search's colour tables: halves, as a group's joker may
#: serve two colours (:func:`._relax.group_shares`).
HALVES: Final = 2


def packed_share(each: int, second: int) -> int:
    """A number's group share (:func:`._relax.group_shares`) as the colour tables keep it.

    ``each`` joker units taken by every tile of a colour in the number's groups, and
    ``second`` more taken once by a colour's second tile there (a second group).
    """
    return each | second << _SECOND_BITS


def group_charge(share: int, grouped: int) -> int:
    """Joker units ``grouped`` tiles of one colour in groups at a number take (a packed share)."""
    each, second = share & _EACH_MASK, share >> _SECOND_BITS
    return grouped * each + (second if grouped > 1 else 0)


#: Where :func:`packed_share` keeps the charge of a second tile.
_SECOND_BITS: Final = 4
_EACH_MASK: Final = (1 << _SECOND_BITS) - 1


def _share_seen(share: int, present: int) -> int:
    """The part of a packed share that ``present`` tiles of a colour at a number can take."""
    return share if present > 1 else share & _EACH_MASK if present else 0


#: A colour's table of :func:`color_values`: per number, per (run state, spare jokers). Kept
#: for the process, so tuples of integers: the garbage collector stops tracking those, and a
#: full collection does not walk them (they are many: see ``benchmarks/solver.py``).
ColorTable = tuple[tuple[int, ...], ...]

#: A cell entry's options, as :class:`_Cell` keeps them (tuples, as :data:`ColorTable`).
_Options = tuple[tuple[int, int], ...]

_CLOSING: dict[tuple[int, int, int], tuple[int, ...]] = {}
_CellKey = tuple[int, int, int, int, int, int, int, bool, int, int, int]


#: Which run states a table uses (its *mode*): plain (:mod:`._run_states`), runs owing
#: (:mod:`._owing_runs`), or runs knowing old runs (:mod:`._new_runs`); and per mode, how many
#: states have at most so many open runs, and whether a state's runs may all close.
_PLAIN, _OWING, _NEW = 0, 1, 2
_STATE_COUNTS: Final = (state_count, _owing_runs.state_count, _new_runs.state_count)
_CLOSES: Final = (closes, _owing_runs.closes, _new_runs.closes)


def _mode(runs_owe: bool, roles: Sequence[int] | None) -> int:
    """The mode of a table whose runs owe, or know old runs by these ``roles``."""
    return _NEW if roles is not None else _OWING if runs_owe else _PLAIN


_CELLS: dict[_CellKey, _Cell] = {}


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
    *,
    read_for: int | None = None,
    runs_owe: bool = False,
    exempt: Sequence[int] | None = None,
    roles: Sequence[int] | None = None,
) -> ColorTable:
    """One colour alone, groups relaxed (see :func:`_color_values`).

    The tables are kept, as the searches of one solve, and of the solves of one game, often
    share a colour's tiles. Each table is charged to ``budget`` by its entries
    (:data:`COLOR_ENTRIES` a unit) once a solve, whether worked out or kept from an earlier
    solve: the units a solve counts do not depend on what ran before it. With ``read_for``
    (more than ``jokers``), the table is read for that many jokers (:func:`_widened`), and
    kept so too.
    """
    # What cannot change the table is left out of its key (as :func:`_cell` leaves it out of
    # a cell's): a weight where the colour has no rack tile, a group cap beyond its tiles, a
    # share where it has none (a second tile's, where it has one).
    weights = [w if r else 0 for w, r in zip(weights, rack, strict=True)]
    present = [t + r for t, r in zip(table, rack, strict=True)]
    caps = [min(cap, n) for cap, n in zip(caps, present, strict=True)]
    if shares is not None:
        shares = [_share_seen(share, n) for share, n in zip(shares, present, strict=True)]
    key = (
        tuple(table),
        tuple(rack),
        tuple(weights),
        tuple(caps),
        jokers,
        tuple(pins or ()),
        tuple(room or ()),
        None if shares is None else tuple(shares),
        runs_owe,
        tuple(exempt or ()) if runs_owe or roles is not None else (),
        None if roles is None else tuple(roles),
    )
    kept = _VALUES.get(key)
    if kept is None:
        if len(_VALUES) >= _VALUES_KEPT:
            _VALUES.clear()
            _WIDE.clear()
        kept = _VALUES[key] = _color_values(
            table, rack, weights, caps, jokers, pins, room, shares,
            runs_owe=runs_owe, exempt=exempt, roles=roles,
        )  # fmt: skip
    found, entries = kept
    if budget is not None:
        budget.charge_once(key, 1 + entries // COLOR_ENTRIES)
    if read_for is None or read_for == jokers:
        return found
    wide = _WIDE.get((key, read_for))
    if wide is None:
        # The search may enter a number with more runs open than ``jokers`` allow.
        runs = _open_runs(table, rack, pins or [0] * len(table), room, read_for)
        unit = 1 if shares is None else HALVES
        states = [1, *map(_STATE_COUNTS[_mode(runs_owe, roles)], runs)]
        wide = _WIDE[key, read_for] = _widened(
            found, unit * jokers + 1, unit * read_for + 1, states
        )
    return wide


#: Entries of a colour's table worked out per work unit (one entry costs about a sixth of a
#: state of the fast search; ``benchmarks/units.py``).
COLOR_ENTRIES: Final = 8


#: Colour tables kept (a few megabytes at most), and the tables.
_VALUES_KEPT: Final = 2048
_VALUES: dict[tuple[object, ...], tuple[ColorTable, int]] = {}
_WIDE: dict[tuple[object, ...], ColorTable] = {}


def _color_values(
    table: Sequence[int],
    rack: Sequence[int],
    weights: Sequence[int],
    caps: Sequence[int],
    jokers: int,
    pins: Sequence[int] | None = None,
    room: Sequence[bool] | None = None,
    shares: Sequence[int] | None = None,
    *,
    runs_owe: bool = False,
    exempt: Sequence[int] | None = None,
    roles: Sequence[int] | None = None,
) -> tuple[ColorTable, int]:
    """One colour alone, groups relaxed: the best rack score still reachable; its entries.

    ``table[n]``, ``rack[n]`` count the colour's tiles at number ``n``, ``weights[n]`` scores a
    rack tile there and ``caps[n]`` bounds its tiles in groups (see :func:`group_caps`);
    ``pins[n]`` table jokers stand for the tile in runs, and up to ``jokers`` free jokers may
    fill its runs (at the numbers where ``room`` lets them). With ``shares``, jokers are
    counted in halves (:data:`HALVES` each) and the colour's tiles in groups at number ``n``
    take the halves ``shares[n]`` says (:func:`group_charge`; see :func:`group_shares`). The
    answer's ``[n][state * (units + 1) + k]`` is the best score from number ``n`` on,
    entering it with that run state and ``k`` jokers (or halves) to spare, ``units`` being
    ``jokers`` (or its halves); ``NEG`` if the colour's table tiles cannot all be placed, or if
    the search cannot get there. With ``runs_owe``, its states are those of
    :mod:`._owing_runs` (the jokers are freed ones, owing a rack tile in their runs), and
    ``exempt[n]`` jokers in runs at ``n`` owe nothing. With ``roles``, its states are those of
    :mod:`._new_runs` (the jokers are freed ones, kept out of runs holding an old run whole),
    ``roles[n]`` the cell's role there and ``exempt[n]`` jokers at ``n`` kept ones. The entries
    counted are those of its size; where runs owe or know old runs, those worked out (its states
    are many more than one table reaches).
    """
    mode = _mode(runs_owe, roles)
    unit = 1 if shares is None else HALVES
    width = unit * jokers + 1
    columns = len(table)
    pins = pins or [0] * columns
    room = room or [True] * columns
    shares = shares or [0] * columns
    exempt = exempt or [0] * columns
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
            exempt[n] if mode != _PLAIN else -1,
            roles[n] if roles is not None else -1,
        )
        for n in range(columns)
    ]
    reach: list[Sequence[int]] = [range(cell.size) for cell in cells]
    if jokers:
        # Only the entries the search can reach; other colours may spend jokers, so any fewer.
        # An entry with more jokers spare reaches all that one with fewer does, and more: per
        # state, only the most jokers spare need following.
        reach[0] = range(width)  # no run open, any jokers spare
        top = {0: width - 1}  # per state reached, the most jokers spare
        for column, cell in enumerate(cells[:-1]):
            after_top: dict[int, int] = {}
            reached = cell.reached
            for state, most in top.items():
                at = state * width + most
                for nxt, spare in reached.get(at) or cell.reach(at):
                    if spare > after_top.get(nxt, -1):
                        after_top[nxt] = spare
            top = after_top
            entries: list[int] = []
            for state, most in top.items():
                entries += range(state * width, state * width + most + 1)
            reach[column + 1] = entries
    after = _closing(runs[-1], width, mode)
    value = [after]
    for column in range(columns - 1, -1, -1):
        cell = cells[column]
        weight, ways = weights[column], cell.options
        worked = reach[column]
        if mode != _PLAIN:
            # Only as far as the last state reached: most of its states are out of reach.
            here = [NEG] * (width * (max(worked, default=-1) // width + 1))
        else:
            here = [NEG] * cell.size
        for entry in worked:
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
    if mode != _PLAIN:
        return tuple(value), sum(map(len, reach))
    return tuple(value), sum(map(len, value))


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


def _closing(runs: int, width: int, mode: int) -> tuple[int, ...]:
    """End scores per (state, spare jokers) for at most ``runs`` open runs: 0 if all close."""
    key = (runs, width, mode)
    found = _CLOSING.get(key)
    if found is None:
        ends = map(_CLOSES[mode], range(_STATE_COUNTS[mode](runs)))
        found = _CLOSING[key] = tuple(0 if end else NEG for end in ends for _ in range(width))
    return found


class _Cell:
    """A cell of one colour's table, per (state, spare jokers) entering it (see :func:`_cell`).

    Its entries are worked out as a table first reaches them: a colour's tables reach only
    some of the states and spares a cell may be entered with (fewer the more jokers there are).
    """

    __slots__ = ("_key", "options", "reached", "size")

    def __init__(self, key: _CellKey) -> None:
        #: What :func:`_cell` keeps it by: (before, table, rack, group cap, units, unit, pins,
        #: room, share, jokers exempt or -1 where runs owe nothing, role or -1).
        self._key = key
        count = _STATE_COUNTS[_NEW if key[10] >= 0 else _OWING if key[9] >= 0 else _PLAIN]
        self.size = count(key[0]) * (key[4] + 1)
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
        _, table, rack, group_cap, units, unit, pins, room, share, exempt, role = self._key
        width = units + 1
        state, spare = divmod(index, width)
        laid: dict[int, int] = {}
        most: dict[int, int] = {}
        free = spare // unit if room else 0
        if role >= 0:
            ways = _new_runs.options(state, table, rack, group_cap, free, pins, exempt, role)
        elif exempt >= 0:
            ways = _owing_runs.options(state, table, rack, group_cap, free, pins, exempt)
        else:
            ways = options(state, table, rack, group_cap, free, pins)
        charges = [group_charge(share, grouped) for grouped in range(group_cap + 1)]
        for nxt, grouped, used, extra in ways:
            left = spare - extra * unit - charges[grouped]
            if left < 0:
                continue
            entry = nxt * width + left
            if laid.get(entry, -1) < used:
                laid[entry] = used
            if most.get(nxt, -1) < left:
                most[nxt] = left
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
    exempt: int = -1,
    role: int = -1,
) -> _Cell:
    """Per (state, spare jokers) entering a cell, its options and the next states it reaches.

    ``jokers`` is (units to spare at most, units a joker takes); states have at most
    ``before`` open runs; indices are ``state * (units + 1) + spare``. Without ``room``, no
    joker joins the cell's runs; tiles in groups take the units ``share`` says
    (:func:`group_charge`). ``exempt`` (where runs owe or know old runs, else -1): jokers in
    its runs owing nothing, or kept (:func:`._owing_runs.options`); ``role`` (where runs know
    old runs, else -1): the cell's role along its colour's old run (:func:`._new_runs.options`).
    Kept for the process, and shared by every table that reaches it.
    """
    units, unit = jokers
    # What cannot change the cell is left out of its key: the group cap and share bound and
    # charge the colour's own tiles only, and the room matters only with jokers to place.
    present = table + rack
    group_cap = min(group_cap, present)
    share = _share_seen(share, present)
    key = (
        before, table, rack, group_cap, units, unit, pins, room or not units, share, exempt, role
    )  # fmt: skip
    found = _CELLS.get(key)
    if found is None:
        found = _CELLS[key] = _Cell(key)
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
