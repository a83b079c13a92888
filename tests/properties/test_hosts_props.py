"""The hosts of freed jokers are listed whole, whatever the rack tiles a host needs, and once
a host is laid.

The listing (``rummikub_rules.solver._hosts``) drops a window's picks as soon as too few places
are left to take the rack tiles a host needs (``freed_joker_rack_tiles``). That pruning must not
change what is listed: with ``need`` rack tiles, the hosts are exactly those listed with none
needed that take at least ``need`` places from the rack, in the same order.
"""

from __future__ import annotations

import os
import subprocess
import sys
from unittest import mock

import attrs
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummikub_rules import CLASSIC, EDITIONS, TileSet
from rummikub_rules.solver import _hosts as hosts_module
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._context import freeze
from rummikub_rules.solver._grid import grid_of
from rummikub_rules.solver._host_meld import FREED, RACK_JOKER, Host, Shape, Stock, shape
from rummikub_rules.solver._host_step import minus
from rummikub_rules.solver._hosts import Olds, _new, hosts
from tests.depth import examples

#: A small set (three colours, numbers 1 to 6), so that hosts share tiles often.
EDITION = CLASSIC.evolve(tile_set=TileSet(colors="kro", numbers=range(1, 7), jokers=4))
GRID = grid_of(EDITION)


def _cells(counts: st.SearchStrategy[int]) -> st.SearchStrategy[list[list[int]]]:
    return st.lists(
        st.lists(counts, min_size=GRID.rows, max_size=GRID.rows),
        min_size=GRID.columns,
        max_size=GRID.columns,
    )


@st.composite
def stocks(draw: st.DrawFn) -> Stock:
    """A stock of table and rack tiles (at most two a cell), jokers and kept jokers."""
    return Stock(
        draw(_cells(st.integers(0, 2))),
        draw(_cells(st.integers(0, 1))),
        draw(st.integers(0, 2)),
        draw(st.integers(0, 1)),
        draw(_cells(st.sampled_from([0, 0, 0, 0, 1]))),
        draw(st.lists(st.integers(0, 1), min_size=GRID.columns, max_size=GRID.columns)),
    )


def _from_rack(host: Host) -> int:
    return sum(1 for place in host.places if place in ("rack", RACK_JOKER))


@settings(max_examples=examples(150), deadline=None)
@given(
    stocks(),
    st.integers(1, 3),
    st.integers(1, 3),
    st.sampled_from([None, 1, 2]),
    st.booleans(),
    st.booleans(),
)
def test_the_hosts_needing_rack_tiles_are_those_with_them(
    stock: Stock, freed: int, need: int, cap: int | None, distinct: bool, olds: bool
) -> None:
    old = Olds(({(0, 0): 1, (1, 0): 1, (2, 0): 1},), {(0, 0): 1}, {}) if olds else None
    spent: dict[int, int] = {}

    def listed(needed: int) -> list[Host]:
        budget = Budget()
        found = list(
            hosts(
                GRID, stock, freed=freed, need=needed, old=old, distinct=distinct, cap=cap,
                budget=budget,
            )
        )  # fmt: skip
        spent[needed] = budget.spent
        return found

    every = listed(0)
    assert listed(need) == [host for host in every if _from_rack(host) >= need]
    # Runs and groups that can hold no tile from the rack are not met, nor charged.
    assert spent[need] <= spent[0]


_CELL = st.tuples(st.integers(0, GRID.columns - 1), st.integers(0, GRID.rows - 1))


@settings(max_examples=examples(60), deadline=None)
@given(
    stocks(),
    st.integers(1, 2),
    st.lists(st.dictionaries(_CELL, st.integers(1, 2), min_size=1, max_size=5), max_size=4),
    st.dictionaries(_CELL, st.integers(1, 2)),
)
def test_a_host_is_new_alike_with_or_without_the_count_of_its_tiles_first(
    stock: Stock,
    freed: int,
    melds: list[dict[tuple[int, int], int]],
    rack: dict[tuple[int, int], int],
) -> None:
    """A host holding fewer numbered tiles than every meld before holds none of them whole:
    :func:`_new` takes it as it is without matching it to the melds before. The matching
    must say the same (no demand), so every host comes out alike with the count skipped."""
    table = {
        (column, row): n
        for column, counts in enumerate(stock.table)
        for row, n in enumerate(counts)
        if n
    }
    old = Olds(tuple(melds), table, rack)
    matched = Olds(tuple(melds), table, rack)
    object.__setattr__(matched, "fewest", 0)  # every host matched, however few its tiles
    for host in hosts(GRID, stock, freed=freed, need=0, old=None, distinct=True):
        assert list(_new(host, GRID, old)) == list(_new(host, GRID, matched))


EXPERT = EDITIONS["expert"]
#: The expert rules on the same small set, with plain and coloured jokers.
TINTED = EXPERT.evolve(
    tile_set=TileSet(colors="kro", numbers=range(1, 7), jokers=1, colored_jokers=2)
)


@st.composite
def tinted_stocks(draw: st.DrawFn) -> Stock:
    """A stock (as :func:`stocks`) with coloured jokers on the rack, loose and kept.

    Up to two kept run jokers a cell, so that a plain one and a coloured one may share it.
    """
    plain = draw(stocks())
    rows = range(GRID.rows)
    run_pins = draw(_cells(st.sampled_from([0, 0, 0, 0, 1, 2])))
    tinted_run = [[draw(st.integers(0, pins)) for pins in column] for column in run_pins]
    return attrs.evolve(
        plain,
        run_pins=run_pins,
        colored_rack=tuple(draw(st.integers(0, 1)) for _ in rows),
        colored_loose=tuple(draw(st.integers(0, 1)) for _ in rows),
        colored_run_pins=tuple(map(tuple, tinted_run)),
        colored_group_pins=tuple(
            tuple(draw(st.sampled_from([0, 0, 0, 1])) for _ in rows) for _ in range(GRID.columns)
        ),
    )


@settings(max_examples=examples(40), deadline=None)
@given(st.one_of(stocks(), tinted_stocks()), st.integers(1, 3), st.booleans(), st.data())
def test_the_hosts_left_after_a_host_are_those_that_fit(
    stock: Stock, freed: int, olds: bool, data: st.DataObject
) -> None:
    """Once a host is laid, the host search lists the hosts left by picking those of the
    listing before that fit in what is left (:meth:`Host.fits`) rather than listing again: both
    must give the same hosts, with plain and coloured jokers."""
    old = Olds(({(0, 0): 1, (1, 0): 1, (2, 0): 1},), {(0, 0): 1}, {}) if olds else None
    tinted = bool(stock.colored_rack)
    rows = GRID.rows
    freed_colored = (
        tuple(data.draw(st.lists(st.integers(0, 1), min_size=rows, max_size=rows)))
        if tinted
        else ()
    )
    assume(sum(freed_colored) <= freed)

    def listed(stock: Stock, freed: int, freed_colored: tuple[int, ...]) -> list[Host]:
        return list(
            hosts(
                GRID, stock, freed=freed, need=1, old=old, distinct=True, cap=None,
                freed_colored=freed_colored, edition=TINTED if tinted else EDITION,
            )
        )  # fmt: skip

    every = listed(stock, freed, freed_colored)
    assume(every)
    for host in data.draw(st.lists(st.sampled_from(every), min_size=1, max_size=4)):
        rest = host.rest(stock, GRID)
        left = freed - host.freed
        tints = minus(freed_colored, host.tinted(FREED, rows))
        fit = [other.key for other in every if other.fits(rest, GRID, left, tints)]
        assert sorted(fit) == sorted(other.key for other in listed(rest, left, tints))


def _jokers_left(host: Host, rest: Stock) -> tuple[object, ...]:
    """The jokers a host's rest keeps, and the freed ones the host takes, per kind."""
    return (
        freeze(rest.run_pins),
        tuple(rest.group_pins),
        rest.loose,
        rest.colored_loose,
        rest.colored_run_pins,
        rest.colored_group_pins,
        host.freed,
        host.tinted(FREED, GRID.rows),
    )


@settings(max_examples=examples(30, deep=40), deadline=None)
@given(st.one_of(stocks(), tinted_stocks()), st.integers(1, 3))
def test_what_a_host_takes_is_what_its_rest_lacks(stock: Stock, freed: int) -> None:
    """The host search groups a step's hosts by the jokers each takes, and bounds a group by the
    table tiles its hosts take, without working out their rests: two hosts take the same jokers
    exactly where their rests keep the same ones, and a host takes off the table what its rest
    lacks, with plain and coloured jokers."""
    tinted = bool(stock.colored_rack)
    every = list(
        hosts(
            GRID, stock, freed=freed, need=1, old=None, distinct=True,
            freed_colored=(0,) * GRID.rows if tinted else (),
            edition=TINTED if tinted else EDITION,
        )
    )  # fmt: skip
    assume(every)
    by_taken: dict[tuple[object, ...], tuple[object, ...]] = {}
    by_kept: dict[tuple[object, ...], tuple[object, ...]] = {}
    for host in every:
        rest = host.rest(stock, GRID)
        taken = host.table_taken(GRID)
        for column, (before, after) in enumerate(zip(stock.table, rest.table, strict=True)):
            for row, (was, now) in enumerate(zip(before, after, strict=True)):
                assert was - now == taken[(column, row)]
        jokers, kept = host.jokers_taken(GRID), _jokers_left(host, rest)
        assert by_taken.setdefault(jokers, kept) == kept
        assert by_kept.setdefault(kept, jokers) == jokers


@settings(max_examples=examples(20, deep=40), deadline=None)
@given(tinted_stocks(), st.integers(1, 3), st.data())
def test_runs_are_listed_only_with_jokers_of_their_colour(
    stock: Stock, freed: int, data: st.DataObject
) -> None:
    """With coloured jokers, a run is listed only where the plain jokers and those of its colour
    fill its joker places (a coloured joker stands only in its colour's runs): the hosts are
    those listed with every joker counted for every run, whose kinds are given after."""
    rows = GRID.rows
    freed_colored = tuple(data.draw(st.lists(st.integers(0, 1), min_size=rows, max_size=rows)))
    assume(sum(freed_colored) <= freed)

    def listed() -> list[Host]:
        return list(
            hosts(
                GRID, stock, freed=freed, need=1, old=None, distinct=True,
                freed_colored=freed_colored, edition=TINTED,
            )
        )  # fmt: skip

    every_row = [(freed, stock.all_rack_jokers, stock.all_loose)] * rows
    with mock.patch.object(hosts_module, "_run_jokers", return_value=every_row):
        loose = listed()
    assert listed() == loose


_LISTING = """
from rummikub_rules import CLASSIC, TileSet
from rummikub_rules.solver._grid import grid_of
from rummikub_rules.solver._host_meld import Stock
from rummikub_rules.solver._hosts import hosts
edition = CLASSIC.evolve(tile_set=TileSet(colors="kro", numbers=range(1, 7), jokers=4))
grid = grid_of(edition)
table = [[1, 0, 1] for _ in range(grid.columns)]
rack = [[0, 1, 0] for _ in range(grid.columns)]
zeros = [[0] * grid.rows for _ in range(grid.columns)]
stock = Stock(table, rack, 1, 1, zeros, [0] * grid.columns)
print([host.key for host in hosts(grid, stock, freed=2, need=1, old=None, distinct=True)])
"""


def test_the_listing_meets_its_hosts_in_one_order_in_every_process() -> None:
    """A group's jokers of different kinds (freed, rack, loose) were taken in the order of a set
    of strings, which differs from one process to the next (``PYTHONHASHSEED``). The listing's
    charges and a spent slice then fell at other hosts, and one position of the hard file took
    479,473 units in some processes and 479,479 in others. The order is sorted now."""
    seen = set()
    for seed in ("0", "1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", _LISTING], env=env, capture_output=True, text=True, check=True
        )
        seen.add(done.stdout)
    assert len(seen) == 1


@settings(max_examples=examples(100), deadline=None)
@given(st.one_of(stocks(), tinted_stocks()), st.integers(1, 3), st.booleans(), st.data())
def test_the_hosts_of_some_shapes_are_those_listed_of_them(
    stock: Stock, freed: int, olds: bool, data: st.DataObject
) -> None:
    """The host search lists the hosts of the relaxation's joker melds first, alone: listed by
    their shapes, they are the hosts of those shapes in the whole listing, in its order, and
    the listing meets no other place (it charges no more)."""
    old = Olds(({(0, 0): 1, (1, 0): 1, (2, 0): 1},), {(0, 0): 1}, {}) if olds else None
    colored = bool(stock.colored_rack)
    tinted = (0,) * GRID.rows if colored else ()

    def listed(shapes: frozenset[Shape] | None) -> tuple[list[Host], int]:
        budget = Budget()
        found = hosts(
            GRID, stock, freed=freed, need=1, old=old, distinct=True, freed_colored=tinted,
            edition=EDITION if colored else None, budget=budget, shapes=shapes,
        )  # fmt: skip
        return list(found), budget.spent

    every, spent = listed(None)
    known = sorted({shape(host.meld) for host in every})
    picked = data.draw(st.lists(st.sampled_from(known), unique=True) if known else st.just([]))
    stray = data.draw(st.sampled_from([("run", 0, ((0, True), (1, False), (2, False))), None]))
    shapes = frozenset(picked) | ({stray} if stray else set())
    some, charged = listed(shapes)
    assert some == [host for host in every if shape(host.meld) in shapes]
    assert charged <= spent
