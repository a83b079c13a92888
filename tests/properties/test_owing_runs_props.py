"""Property tests for run states that owe a rack tile (``solver._owing_runs``).

A freed joker must end in a meld holding a tile laid from the rack (rules section 4.5). Where the
fast search places freed jokers with runs owing, each open run carries what it holds: the
table's tiles alone, a rack tile, or a freed joker and no rack tile yet. Such a search is a
relaxation of the rules, so it must never cut a legal play:

- its ways to lay a cell, read by length alone, are the plain run states' ways (and all of them
  while no run owes);
- every way to give a cell's tiles to runs, one tile a run, is matched by a way it keeps that
  leaves each run as able to go on (exhaustive, against a brute force over the tiles);
- on random grids, runs owing nothing anywhere (every joker exempt) find what the search without
  owing runs finds, and owing runs never find more;
- on games under way, every preset, solving with runs owing finds the plays solving without
  them finds (the tighter relaxation only settles sooner).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummikub_rules import EDITIONS, GameState, Meld, Table, Tile
from rummikub_rules import strategies as rst
from rummikub_rules.solver import _engines, _owing_runs, _run_states, solve
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.tiles import JOKER as JOKER_TILE
from tests.depth import examples

COLUMNS, COLORS = 13, 4

#: What a run holds (as ``_owing_runs`` numbers it): the table's tiles, a rack tile, a freed
#: joker and no rack tile.
PLAIN, RACKED, OWING = 0, 1, 2

#: What a tile laid on a run is.
TABLE, RACK, JOKER = _owing_runs.TABLE, _owing_runs.RACK, _owing_runs.JOKER

Run = tuple[int, int]
Grid = list[list[int]]


def states(most: int) -> range:
    """Every owing run state with at most ``most`` open runs."""
    return range(_owing_runs.state_count(most))


def lengths(state: int) -> int:
    """The plain run state of an owing one: its runs by length alone."""
    return _run_states.state_id([length for length, _ in _owing_runs.flags(state)])


def test_ways_read_by_length_are_the_plain_run_states_ways() -> None:
    """Every state of up to three runs, every cell of up to two table and two rack tiles, a
    kept joker, two free jokers and one exempt: the owing ways, read by length, are among the
    plain ways, and are all of them from a state where no run owes (an owing run may not
    close, so from one that owes some plain ways are gone)."""
    for state in states(3):
        owes = any(held == OWING for _, held in _owing_runs.flags(state))
        plain_state = lengths(state)
        for cell in itertools.product(range(3), range(3), range(3), range(3), range(2), range(2)):
            table, rack, cap, spare, pins, _ = cell
            owing = {
                (lengths(nxt), grouped, used, extra)
                for nxt, grouped, used, extra in _owing_runs.options(state, *cell)
            }
            plain = set(_run_states.options(plain_state, table, rack, cap, spare, pins))
            assert owing <= plain, (_owing_runs.flags(state), cell)
            if not owes:
                assert owing == plain, (_owing_runs.flags(state), cell)


def test_a_run_closes_with_three_tiles_owing_nothing() -> None:
    for state in states(3):
        runs = _owing_runs.flags(state)
        expected = all(length == 3 and held != OWING for length, held in runs)
        assert _owing_runs.closes(state) == expected, runs


def _grown(run: Run, tile: int) -> Run:
    """A run after one more tile, by the rules: a rack tile pays, a freed joker owes."""
    length, held = run
    if tile == RACK:
        held = RACKED
    elif tile == JOKER and held == PLAIN:
        held = OWING
    return min(3, length + 1), held


def _at_least(mine: Run, theirs: Run) -> bool:
    """Whether a run goes on at least as well as another: as long (a run of three may close
    or grow; a shorter one must grow), holding at least as much (a rack tile lets a joker join
    owing nothing; a run owing one may not close)."""
    rank = {OWING: 0, PLAIN: 1, RACKED: 2}
    return mine[0] >= theirs[0] and rank[mine[1]] >= rank[theirs[1]]


def _covers(mine: tuple[Run, ...], theirs: tuple[Run, ...]) -> bool:
    """Whether each of ``theirs`` has its own run of ``mine`` going on at least as well."""
    return len(mine) == len(theirs) and any(
        all(_at_least(a, b) for a, b in zip(order, theirs, strict=True))
        for order in itertools.permutations(mine)
    )


def _every_way(runs: tuple[Run, ...], tiles: tuple[int, ...]) -> Iterator[tuple[Run, ...]]:
    """Every way to lay ``tiles`` (one each on a run, or opening a new one): short runs and
    owing ones must take one; runs of three may close."""
    for order in set(itertools.permutations(tiles)):
        for takers in itertools.permutations([*range(len(runs)), *[None] * len(tiles)]):
            picked = takers[: len(order)]
            taken = {i for i in picked if i is not None}
            if any((r[0] < 3 or r[1] == OWING) and i not in taken for i, r in enumerate(runs)):
                continue
            after = [
                _grown((0, PLAIN) if i is None else runs[i], tile)
                for i, tile in zip(picked, order, strict=True)
            ]
            yield tuple(sorted(after))


def test_every_way_to_lay_a_cell_is_matched_by_a_way_kept() -> None:
    """Every state of up to two runs, every cell of up to four tiles, up to two of each kind
    (table, rack, freed joker): each way a brute force finds to lay them, one tile a run, is
    matched by an outcome :mod:`._owing_runs` keeps, run for run going on at least as well;
    and each outcome kept is such a way."""
    for state in states(2):
        runs = _owing_runs.flags(state)
        for plain, racked, jokers in itertools.product(range(3), repeat=3):
            tiles = (TABLE,) * plain + (RACK,) * racked + (JOKER,) * jokers
            if len(tiles) > 4:
                continue
            brute = set(_every_way(runs, tiles))
            kept = {
                _owing_runs.flags(nxt)
                for nxt in _owing_runs._outcomes(state, plain, racked, jokers)
            }
            assert kept <= brute, (runs, tiles)
            for way in brute:
                assert any(_covers(mine, way) for mine in kept), (runs, tiles, way)


def grids(most: int, zeros: int) -> st.SearchStrategy[Grid]:
    """Counts per ``[column][colour]``: ``zeros`` in ``zeros + most`` cells are empty."""
    cell = st.sampled_from([0] * zeros + list(range(1, most + 1)))
    return st.lists(
        st.lists(cell, min_size=COLORS, max_size=COLORS), min_size=COLUMNS, max_size=COLUMNS
    )


def best(table: Grid, rack: Grid, jokers: int, runs_owe: bool, exempt: Grid | None) -> int | None:
    """The best score of freed jokers placed among a grid's tiles, groups owing a rack tile."""
    weights = [100 + n for n in range(1, COLUMNS + 1)]
    search = FastSearch(
        table,
        rack,
        weights,
        budget=Budget(),
        jokers=(jokers, 0),
        owing=[True] * COLUMNS,
        runs_owe=runs_owe,
        exempt=exempt,
    )
    found = search.solve(-1)
    return None if found is None else found[0]


@settings(max_examples=examples(100, minimum=30, deep=1000))
@given(table=grids(1, 10), rack=grids(2, 8), jokers=st.integers(1, 2))
def test_owing_runs_only_tighten_and_exempt_jokers_owe_nothing(
    table: Grid, rack: Grid, jokers: int
) -> None:
    free = best(table, rack, jokers, runs_owe=False, exempt=None)
    owed = best(table, rack, jokers, runs_owe=True, exempt=None)
    everywhere = [[jokers] * COLORS for _ in range(COLUMNS)]
    assert best(table, rack, jokers, runs_owe=True, exempt=everywhere) == free
    assert owed is None or (free is not None and owed <= free)


@st.composite
def kept_jokers(draw: st.DrawFn) -> tuple[Grid, Grid, list[int]]:
    """A table of runs and groups, one to three of them holding a joker (inside a run, or in a
    group in the place of a tile), as counts: (table, run pins, group pins)."""
    table = [[0] * COLORS for _ in range(COLUMNS)]
    run_pins = [[0] * COLORS for _ in range(COLUMNS)]
    group_pins = [0] * COLUMNS
    jokers = 0
    for _ in range(draw(st.integers(2, 7))):
        joker = jokers < 3 and draw(st.booleans())
        if draw(st.booleans()):
            color, length = draw(st.integers(0, COLORS - 1)), draw(st.integers(3, 5))
            start = draw(st.integers(0, COLUMNS - length))
            cells = [(column, color) for column in range(start, start + length)]
            pinned = cells[draw(st.integers(1, length - 2))] if joker else None
        else:
            column = draw(st.integers(0, COLUMNS - 1))
            colors = draw(st.lists(st.integers(0, COLORS - 1), min_size=3, max_size=4, unique=True))
            cells = [(column, color) for color in colors]
            pinned = cells[0] if joker else None
        if any(table[c][r] >= 2 for c, r in cells):
            continue
        for cell in cells:
            if cell == pinned and len({c for c, _ in cells}) > 1:
                run_pins[cell[0]][cell[1]] += 1
            elif cell == pinned:
                group_pins[cell[0]] += 1
            else:
                table[cell[0]][cell[1]] += 1
        jokers += pinned is not None
    return table, run_pins, group_pins


@settings(max_examples=examples(100, minimum=30, deep=1000))
@given(kept_jokers(), grids(1, 12))
def test_jokers_freed_where_they_stood_hold_every_play_keeping_them(
    position: tuple[Grid, Grid, list[int]], rack: Grid
) -> None:
    """A fate's relaxation frees its jokers, yet must hold the plays of the fates keeping them
    (``_fates.covers``): where a joker stood (``exempt`` in a run, a number whose groups owe
    nothing), a freed one owes nothing. So the jokers kept, each in its run cell or its
    number's groups, never find more than the same jokers loose with runs owing."""
    table, run_pins, group_pins = position
    jokers = sum(map(sum, run_pins)) + sum(group_pins)
    assume(jokers and max(group_pins) <= 1)
    weights = [100 + n for n in range(1, COLUMNS + 1)]
    kept = FastSearch(table, rack, weights, budget=Budget(), pins=(run_pins, group_pins))
    freed = FastSearch(
        table,
        rack,
        weights,
        budget=Budget(),
        jokers=(jokers, 0),
        owing=[not pinned for pinned in group_pins],
        runs_owe=True,
        exempt=run_pins,
    )
    held, loose = kept.solve(-1), freed.solve(-1)
    assert held is not None
    assert loose is not None
    assert loose[0] >= held[0]


def test_a_freed_joker_s_run_owes_a_rack_tile() -> None:
    """The table's ``r5 r7`` with a freed joker: ``r5 j r7`` holds no rack tile, so no play; with
    the rack's ``r4``, ``r4 r5 j r7``; a joker that stood at ``r6`` (exempt there) owes
    nothing. Runs not owing, ``r5 j r7`` will do."""
    grid = [[0] * COLORS for _ in range(COLUMNS)]
    table = [row.copy() for row in grid]
    table[4][1] = table[6][1] = 1  # r5, r7
    rack = [row.copy() for row in grid]
    exempt = [row.copy() for row in grid]
    exempt[5][1] = 1  # r6
    assert best(table, grid, 1, runs_owe=False, exempt=None) == 0
    assert best(table, grid, 1, runs_owe=True, exempt=None) is None
    assert best(table, grid, 1, runs_owe=True, exempt=exempt) == 0
    rack[3][1] = 1  # r4
    assert best(table, rack, 1, runs_owe=True, exempt=None) == 104


def test_runs_owe_only_where_few_runs_may_be_open() -> None:
    """Hostile input: a crafted cell of four copies (in groups) with four jokers kept in its
    runs, and two jokers loose, could have ten runs open at once: 92,378 owing states numbered
    (18 MB) before any work is counted (293,930 for twelve). Past ``MOST_OWING_RUNS`` runs owe
    nothing there, and no owing state beyond that many runs is ever numbered."""
    grid = [[0] * COLORS for _ in range(COLUMNS)]
    table = [row.copy() for row in grid]
    table[3][1] = table[5][1] = 4  # r4 and r6, four copies each
    table[4][0] = table[4][1] = table[4][2] = 4  # k5 r5 b5, four times
    run_pins = [row.copy() for row in grid]
    run_pins[4][1] = 4  # four jokers kept as r5: r4 j r6, four times
    weights = [100 + n for n in range(1, COLUMNS + 1)]
    search = FastSearch(
        table,
        grid,
        weights,
        budget=Budget(),
        jokers=(2, 0),
        pins=(run_pins, [0] * COLUMNS),
        owing=[True] * COLUMNS,
        runs_owe=True,
    )
    numbered = max(len(_owing_runs.NUMBERED.sizes), _owing_runs.MOST_OWING_RUNS + 1)
    search.solve(-1)
    assert not search.searches[0].runs_owe
    assert len(_owing_runs.NUMBERED.sizes) <= numbered  # other tests may number more


@contextmanager
def runs_owing_nothing() -> Iterator[None]:
    """Fast searches built inside never let runs owe (the solver before runs came to owe)."""

    def plain(*args: Any, **kwargs: Any) -> FastSearch:
        return FastSearch(*args, **{**kwargs, "runs_owe": False})

    with mock.patch.object(_engines, "FastSearch", plain):
        yield


#: Presets whose freed jokers owe a rack tile and may be freed by rearranging, plain jokers.
OWING_PRESETS = ("classic", "xp", "house-50", "tournament", "pl-2026", "ru-classic")


@st.composite
def joker_tables(draw: st.DrawFn) -> tuple[str, Table, tuple[Tile, ...]]:
    """A preset, a table of up to eighteen runs and groups holding one to three jokers, and a
    rack of one to eight tiles: the shape where a fate keeps a joker in its run while the
    relaxation freeing it plays it elsewhere."""
    name = draw(st.sampled_from(OWING_PRESETS))
    tile_set = EDITIONS[name].tile_set
    left = {Tile(c, n): tile_set.copies for c in tile_set.colors for n in tile_set.numbers}
    melds: list[list[Tile]] = []
    for _ in range(draw(st.integers(10, 18))):
        if draw(st.booleans()):
            color = draw(st.sampled_from(tile_set.colors))
            start = draw(st.integers(1, 11))
            tiles = [Tile(color, n) for n in range(start, min(14, start + draw(st.integers(3, 5))))]
        else:
            number = draw(st.integers(1, 13))
            colors = draw(
                st.lists(st.sampled_from(tile_set.colors), min_size=3, max_size=4, unique=True)
            )
            tiles = [Tile(c, number) for c in colors]
        if len(tiles) >= 3 and all(left[t] for t in tiles):
            for tile in tiles:
                left[tile] -= 1
            melds.append(tiles)
    jokers = min(tile_set.jokers, draw(st.integers(1, 3)))
    for _ in range(jokers):
        meld = draw(st.sampled_from(melds))
        place = draw(st.integers(0, len(meld) - 1))  # inside a run, or any place of a group
        if meld[place].number is not None:
            left[meld[place]] += 1
            meld[place] = JOKER_TILE
    table = Table(tuple(Meld(tuple(m)) for m in melds))
    pool = [t for t, n in left.items() for _ in range(n)]
    rack = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8))
    counts = Counter(rack)
    return name, table, tuple(t for t in rack if counts[t] <= left[t])


@settings(max_examples=examples(300, minimum=100, deep=2000), deadline=None)
@given(joker_tables())
def test_owing_runs_find_the_plays_found_without_them_on_joker_tables(
    position: tuple[str, Table, tuple[Tile, ...]],
) -> None:
    """Tables of jokers kept in runs and groups: solving with runs owing finds the score solving
    without finds. A relaxation letting runs owe must hold the plays of the fates keeping a
    joker where it stands, which owe nothing (``exempt``)."""
    name, table, rack = position
    owing = solve(table, rack, opened=True, edition=name)
    with runs_owing_nothing():
        plain = solve(table, rack, opened=True, edition=name)
    if owing.proven_optimal and plain.proven_optimal:
        found = (owing.tiles, owing.points)
        assert found == (plain.tiles, plain.points), (str(table), rack)


@settings(max_examples=examples(20, minimum=4))
@given(rst.game_states(max_turns=16))
def test_owing_runs_find_the_plays_found_without_them(state: GameState) -> None:
    """Every seat of a game under way, every preset: the solve letting runs owe finds the score
    the solve without finds (where both are proven within the default limit)."""
    for seat in range(state.players):
        rack, opened = state.racks[seat], state.opened[seat]
        owing = solve(state.table, rack, opened=opened, edition=state.edition)
        with runs_owing_nothing():
            plain = solve(state.table, rack, opened=opened, edition=state.edition)
        if owing.proven_optimal and plain.proven_optimal:
            found = (owing.tiles, owing.points)
            assert found == (plain.tiles, plain.points), (str(state.table), rack, opened)
