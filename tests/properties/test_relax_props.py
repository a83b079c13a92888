"""Property tests for the fast search's relaxation: the group shares never cut a play.

Where only one or two colours have tiles of a number, a group there holds jokers, and the
relaxation charges each colour's tiles in those groups their share of them
(:func:`~rummikub_rules.solver._relax.group_shares`). That tightens the bound; it must never
cut a placement the search would otherwise find. So on random grids (table tiles that must all
be placed, rack tiles that may be, table jokers kept in runs and groups, loose and rack jokers)
the fast search's best score with the shares is the one it finds without them (with
:func:`~rummikub_rules.solver._relax.group_shares` patched to charge nothing, the search takes
none).

Where coloured jokers are read as plain ones, each colour's runs may be limited to the jokers
that may stand there (``row_jokers``): that only tightens the bound and the answer, and limits
no smaller than the jokers in play change nothing.

A second tile of one colour in a number's groups means a second group there: where too few
colours hold the number to fill both, that tile takes the jokers they lack. An exhaustive check
holds every number's charges to the jokers its groups need.

Inside a number, the colours already walked may leave its groups short of tiles: the jokers they
need beyond the later colours' charges
(:meth:`~rummikub_rules.solver._group_table.GroupTable.needs`)
are kept from the bound of the runs. An exhaustive check holds that reserve to the jokers any
real split of the number into groups takes, and on random grids keeping it cuts no placement.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules.solver import _fast
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._color_tables import HALVES, group_charge
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.solver._group_table import GroupTable
from rummikub_rules.solver._relax import group_shares
from tests.depth import examples

COLUMNS, COLORS = 13, 4

Grid = list[list[int]]


def grids(most: int, zeros: int) -> st.SearchStrategy[Grid]:
    """Counts per ``[column][colour]``: ``zeros`` in ``zeros + most`` cells are empty."""
    cell = st.sampled_from([0] * zeros + list(range(1, most + 1)))
    return st.lists(
        st.lists(cell, min_size=COLORS, max_size=COLORS), min_size=COLUMNS, max_size=COLUMNS
    )


def pinned_search(
    table: Grid, rack: Grid, pins: tuple[Grid, list[int]], jokers: tuple[int, int]
) -> FastSearch:
    """The fast search of a grid, rack tiles weighing 100 more than their numbers."""
    weights = [100 + n for n in range(1, COLUMNS + 1)]
    return FastSearch(
        table, rack, weights, budget=Budget(), jokers=jokers, joker_weight=150, pins=pins
    )


def best(search: FastSearch) -> int | None:
    found = search.solve(-1)
    return None if found is None else found[0]


@contextmanager
def no_shares() -> Iterator[None]:
    """Fast searches built inside take no group shares: every number's share is nothing."""
    with mock.patch.object(_fast, "group_shares", lambda counts, pins: [0] * len(counts)):
        yield


@settings(max_examples=examples(200, minimum=50, deep=2000))
@given(
    table=grids(1, 12),
    rack=grids(2, 5),
    run_pins=grids(1, 30),
    group_pins=st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=COLUMNS, max_size=COLUMNS),
    jokers=st.tuples(st.integers(0, 2), st.integers(0, 2)),
)
def test_the_group_shares_never_cut_a_placement(
    table: Grid, rack: Grid, run_pins: Grid, group_pins: list[int], jokers: tuple[int, int]
) -> None:
    def search() -> FastSearch:
        return pinned_search(table, rack, (run_pins, group_pins), jokers)

    with no_shares():
        without = search()
    assert best(search()) == best(without)


def test_group_shares_charge_the_jokers_a_number_short_of_colours_needs() -> None:
    """Halves of a joker per tile in a group: 4 where one colour has tiles of the number (two
    jokers a group), 1 where two have (a joker a group, for two tiles), 0 from three colours on
    or where a table joker is kept in the number's groups (it may be the one they need)."""
    rows = [[1, 0, 0, 0], [2, 1, 0, 0], [1, 1, 1, 0], [1, 1, 0, 0], [0, 0, 0, 0]]
    assert group_shares(rows, [0, 0, 0, 1, 0]) == [4, 1, 0, 0, 0]


def test_a_second_tile_in_groups_takes_the_jokers_a_second_group_needs() -> None:
    """``k1 r1 r1 o1``: two groups of 1s hold both ``r1`` and at most ``k1`` and ``o1`` besides,
    so two jokers; the second ``r1`` takes them (4 halves), the first tiles nothing (three
    colours). With ``b1`` too, one joker (2 halves). Two colours holding two tiles each, of
    three colours: half a joker a second tile; of four, none; three colours doubled, none."""
    rows = [[1, 2, 0, 1], [1, 2, 1, 1], [2, 2, 1, 0], [2, 2, 1, 1], [2, 2, 2, 0]]
    charges = [[group_charge(share, n) for n in (1, 2)] for share in group_shares(rows, [0] * 5)]
    assert charges == [[0, 4], [0, 2], [0, 1], [0, 0], [0, 0]]
    assert [group_charge(share, 2) for share in group_shares(rows[:1], [1])] == [0]


def test_no_number_s_tiles_take_more_halves_than_its_groups_need() -> None:
    """Every way to give tiles of one number to its groups (up to three of each of four
    colours): the halves the tiles take never pass twice the jokers the fewest groups holding
    them need (three places a group, a colour at most once in each)."""
    for row in itertools.product(range(4), repeat=COLORS):
        share = group_shares([list(row)], [0])[0]
        for grouped in itertools.product(*(range(n + 1) for n in row)):
            need = max(0, 3 * max(grouped) - sum(grouped))
            assert sum(group_charge(share, n) for n in grouped) <= HALVES * need, (row, grouped)


@settings(max_examples=examples(60, minimum=30))
@given(
    table=grids(1, 12),
    rack=grids(2, 5),
    jokers=st.tuples(st.integers(0, 2), st.integers(0, 2)),
    limits=st.lists(st.integers(0, 4), min_size=COLORS, max_size=COLORS),
)
def test_limiting_a_colour_s_jokers_only_tightens(
    table: Grid, rack: Grid, jokers: tuple[int, int], limits: list[int]
) -> None:
    weights = [100 + n for n in range(1, COLUMNS + 1)]

    def search(row_jokers: list[int] | None) -> FastSearch:
        # No search takes group shares (limits never do: a group's jokers are other colours'
        # then), so the bounds compare.
        with no_shares():
            return FastSearch(
                table, rack, weights, budget=Budget(), jokers=jokers, joker_weight=150,
                row_jokers=row_jokers,
            )  # fmt: skip

    free, limited = search(None), search(limits)
    assert limited.bound() <= free.bound()
    found, free_found = best(limited), best(free)
    assert found is None or (free_found is not None and found <= free_found)
    assert best(search([sum(jokers)] * COLORS)) == free_found


def test_a_colour_limited_to_no_joker_lays_none_in_its_runs() -> None:
    """``k1 k2`` and ``r5 r6`` on the rack, one table joker to lay: it goes to red (``j r5
    r6``), or, where red may take no joker, to black (``k1 k2 j``), scoring less."""
    table = [[0] * COLORS for _ in range(COLUMNS)]
    rack = [[0] * COLORS for _ in range(COLUMNS)]
    rack[0][0] = rack[1][0] = rack[4][1] = rack[5][1] = 1
    weights = [100 + n for n in range(1, COLUMNS + 1)]

    def search(row_jokers: list[int] | None) -> FastSearch:
        return FastSearch(
            table, rack, weights, budget=Budget(), jokers=(1, 0), row_jokers=row_jokers
        )

    assert best(search(None)) == best(search([0, 1, 1, 1])) == 105 + 106
    assert best(search([1, 0, 1, 1])) == 101 + 102


@contextmanager
def no_reserve() -> Iterator[None]:
    """Fast searches keep no joker from the bound for the groups of the number they are in."""

    def nothing(self: GroupTable, caps: tuple[int, ...], *args: int) -> tuple[tuple[int, ...], ...]:
        return tuple((0,) * len(self.after) for _ in caps)

    with mock.patch.object(GroupTable, "needs", nothing):
        yield


@st.composite
def few_colours(draw: st.DrawFn) -> tuple[Grid, Grid]:
    """Table and rack counts where each number is held by a few colours (none to three): the
    numbers whose groups need jokers."""
    table = [[0] * COLORS for _ in range(COLUMNS)]
    rack = [[0] * COLORS for _ in range(COLUMNS)]
    for column in range(COLUMNS):
        held = draw(st.sampled_from([0, 1, 1, 2, 2, 2, 3]))
        for color in draw(st.permutations(range(COLORS)))[:held]:
            table[column][color] = draw(st.sampled_from([0, 0, 1]))
            rack[column][color] = draw(st.integers(1 - table[column][color], 2))
    return table, rack


@settings(max_examples=examples(200, minimum=50, deep=2000))
@given(
    grid=few_colours(),
    run_pins=grids(1, 30),
    group_pins=st.lists(st.sampled_from([0, 0, 0, 1]), min_size=COLUMNS, max_size=COLUMNS),
    jokers=st.tuples(st.integers(0, 2), st.integers(0, 3)),
)
def test_keeping_the_jokers_a_number_s_groups_need_never_cuts_a_placement(
    grid: tuple[Grid, Grid], run_pins: Grid, group_pins: list[int], jokers: tuple[int, int]
) -> None:
    table, rack = grid

    def search() -> FastSearch:
        return pinned_search(table, rack, (run_pins, group_pins), jokers)

    with no_reserve():
        without = search()
        expected = best(without)
    assert best(search()) == expected


def test_the_jokers_kept_for_a_number_s_groups_never_pass_what_its_groups_take() -> None:
    """Every way four colours (up to two tiles each, at most ``caps``) give tiles to one
    number's groups, with a kept joker there or none, in whole jokers or halves: after each
    colour, the units kept plus the later colours' charges never pass those of the jokers the
    groups then hold, for any number of jokers that makes them valid groups (``k`` groups of
    three or four tiles, a colour at most once in each, a numbered tile in each)."""
    table = GroupTable(COLORS, 2, 4)
    for row in itertools.product(range(3), repeat=COLORS):
        share = group_shares([list(row)], [0])[0]
        for pinned, unit in itertools.product((0, 1), (1, HALVES)):
            needs = table.needs(row, pinned, share if unit == HALVES else 0, 3, unit)
            for grouped in itertools.product(*(range(n + 1) for n in row)):
                charges = [group_charge(share, g) if unit == HALVES else 0 for g in grouped]
                total = sum(grouped)
                for jokers in range(4):
                    held = total + pinned + jokers
                    if not any(3 * k <= held <= COLORS * k for k in range(max(grouped), total + 1)):
                        continue
                    acc = 0
                    for color, g in enumerate(grouped):
                        acc = table.after[acc][g]
                        kept = needs[color][acc]
                        assert kept + sum(charges[color + 1 :]) <= unit * jokers, (row, grouped)


def test_two_colours_short_of_a_group_keep_half_a_joker_for_it() -> None:
    """Black and red alone hold 5s (a joker takes half a joker from each tile in their group):
    once black has given ``k5``, red may still give ``r5`` (charged a half), so the group needs
    another half at least; once red has given it too, the whole joker, charged to neither."""
    table = GroupTable(COLORS, 2, 2)
    share = group_shares([[1, 1, 0, 0]], [0])[0]
    needs = table.needs((1, 1, 0, 0), 0, share, 2, HALVES)
    one = table.after[0][1]
    assert needs[0][one] == 1
    assert needs[1][table.after[one][1]] == HALVES
    assert needs[1][table.after[one][0]] == 2 * HALVES


def test_with_no_joker_left_a_number_s_groups_must_close_with_its_tiles_alone() -> None:
    """Every way four colours (up to two tiles each, at most ``caps``) give tiles to one
    number's groups, with a kept joker there or none: after each colour, its accumulator is
    viable exactly when some tiles the later colours may give make valid groups with the kept
    jokers alone (``k`` groups of three or four, a colour at most once in each)."""
    table = GroupTable(COLORS, 2, 4)

    def valid(grouped: tuple[int, ...], pinned: int) -> bool:
        total = sum(grouped)
        held = total + pinned
        if not total:
            return not pinned
        return any(3 * k <= held <= COLORS * k for k in range(max(grouped), total + 1))

    for caps in itertools.product(range(3), repeat=COLORS):
        for pinned in (0, 1, 2):
            viable = table.viable(caps, pinned)
            for color in range(COLORS):
                for gave in itertools.product(*(range(n + 1) for n in caps[: color + 1])):
                    acc = 0
                    for g in gave:
                        acc = table.after[acc][g]
                    later = itertools.product(*(range(n + 1) for n in caps[color + 1 :]))
                    closes = any(valid((*gave, *rest), pinned) for rest in later)
                    assert viable[color][acc] == closes, (caps, pinned, gave)
