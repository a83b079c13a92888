"""The hosts of freed jokers are listed whole, whatever the rack tiles a host needs.

The listing (``rummikub_rules.solver._hosts``) drops a window's picks as soon as too few places
are left to take the rack tiles a host needs (``freed_joker_rack_tiles``). That pruning must not
change what is listed: with ``need`` rack tiles, the hosts are exactly those listed with none
needed that take at least ``need`` places from the rack, in the same order.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import CLASSIC, TileSet
from rummikub_rules.solver._grid import grid_of
from rummikub_rules.solver._hosts import RACK_JOKER, Host, Olds, Stock, hosts
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

    def listed(needed: int) -> list[Host]:
        return list(
            hosts(GRID, stock, freed=freed, need=needed, old=old, distinct=distinct, cap=cap)
        )

    every = listed(0)
    assert listed(need) == [host for host in every if _from_rack(host) >= need]
