"""Property tests for runs that keep claims whole (``solver._new_runs``, claim roles).

A claim is consecutive cells of one colour that a single run must cover, with a numbered tile
at each cell that demands one: a meld locked under ``joker_melds_extend_only``, or the run
holding a joker's meld once the joker is replaced in place. The host search solves a rest with
claims first as the fast search's relaxation, its runs marked while they hold a claim; that
relaxation must never cut a play meeting the claims:

- one run walked along a claim keeps it exactly when it took the claim's first cell and a
  numbered tile at each cell demanding one so far, and holds it no more once past its last;
- every way to give a cell's tiles to runs is an outcome kept, exactly, where some run must
  hold the claim past the cell (exhaustive, against a brute force);
- on small tables with a meld whose joker is locked in it or replaced in place, the solver
  (which solves the claims so first) proves the same best plays as the general search (which
  keeps the claims in its own states).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    EDITIONS,
    Color,
    Edition,
    Meld,
    Table,
    Tile,
    parse_table,
    parse_tiles,
)
from rummikub_rules.editions import JokerRetrieval
from rummikub_rules.solver import Objective, _new_runs
from rummikub_rules.tiles import JOKER
from tests.depth import examples
from tests.properties._engines_agree import assert_the_engines_agree

TILE, KEPT, FREED = _new_runs.TILE, _new_runs.KEPT, _new_runs.FREED
OUTSIDE = _new_runs.CLAIM_OUTSIDE
START_TILE, START_ANY = _new_runs.CLAIM_START_TILE, _new_runs.CLAIM_START_ANY
MIDDLE_TILE, MIDDLE_ANY = _new_runs.CLAIM_TILE, _new_runs.CLAIM_ANY
END_TILE, END_ANY = _new_runs.CLAIM_END_TILE, _new_runs.CLAIM_END_ANY
CLAIM_ROLES = (START_TILE, START_ANY, MIDDLE_TILE, MIDDLE_ANY, END_TILE, END_ANY, OUTSIDE)
DEMANDS_TILE = (START_TILE, MIDDLE_TILE, END_TILE)

Run = tuple[int, int, int]


@st.composite
def walks(draw: st.DrawFn) -> tuple[list[int], int, list[int]]:
    """A claim's roles along a colour (others before and after it), where one run starts, and
    the kind of tile it takes at each place from there."""
    tiles_demanded = draw(st.lists(st.booleans(), min_size=2, max_size=5))
    claim = [MIDDLE_TILE if tile else MIDDLE_ANY for tile in tiles_demanded]
    claim[0] = START_TILE if tiles_demanded[0] else START_ANY
    claim[-1] = END_TILE if tiles_demanded[-1] else END_ANY
    roles = [OUTSIDE] * draw(st.integers(0, 2)) + claim + [OUTSIDE] * draw(st.integers(0, 2))
    first = draw(st.integers(0, len(roles) - 1))
    tiles = draw(
        st.lists(st.sampled_from([TILE, KEPT, FREED]), min_size=1, max_size=len(roles) - first)
    )
    return roles, first, tiles


@settings(max_examples=examples(300))
@given(walks())
def test_a_run_keeps_a_claim_exactly_when_it_holds_its_cells(
    walk: tuple[list[int], int, list[int]],
) -> None:
    roles, first, tiles = walk
    start = next(i for i, role in enumerate(roles) if role in (START_TILE, START_ANY))
    end = next(i for i, role in enumerate(roles) if role in (END_TILE, END_ANY))
    run: Run = (0, 0, 0)
    kept = True
    for place, (role, tile) in enumerate(zip(roles[first:], tiles, strict=False), first):
        grown = _new_runs.grown(run, tile, role)
        assert grown is not None
        after = _new_runs.settled([grown], role)
        holds = start >= first and all(
            tiles[at - first] == TILE for at in range(start, place + 1) if roles[at] in DEMANDS_TILE
        )
        if start <= place <= end and not holds:
            assert after is None, (roles, first, tiles, place)
            kept = False
            break
        assert after is not None, (roles, first, tiles, place)
        run = after[0]
        assert run[2] == (start <= place < end), (roles, first, tiles, place)
    walked = range(first, first + len(tiles))
    if kept and start in walked:
        assert all(tiles[at - first] == TILE for at in walked if roles[at] in DEMANDS_TILE)


def _every_way(
    runs: tuple[Run, ...], tiles: tuple[int, ...], role: int
) -> Iterator[tuple[Run, ...]]:
    """Every way to lay ``tiles`` (one each on a run, or opening a new one): short runs must
    take one; runs of three may close. Along a claim some run must hold it past the cell, and
    past its last cell none holds it."""
    for order in set(itertools.permutations(tiles)):
        for takers in set(itertools.permutations([*range(len(runs)), *[None] * len(tiles)])):
            picked = takers[: len(order)]
            taken = {i for i in picked if i is not None}
            if any(r[0] < 3 and i not in taken for i, r in enumerate(runs)):
                continue
            after = []
            for i, tile in zip(picked, order, strict=True):
                length, _, holding = (0, 0, 0) if i is None else runs[i]
                if role in (START_TILE, START_ANY):
                    holding = int(tile == TILE or role == START_ANY)
                elif role in (MIDDLE_TILE, END_TILE) and tile != TILE:
                    holding = 0
                after.append((min(3, length + 1), 0, holding))
            if role != OUTSIDE and not any(run[2] for run in after):
                continue
            if role in (END_TILE, END_ANY):
                after = [(length, 0, 0) for length, _, _ in after]
            yield tuple(sorted(after))


def test_every_way_to_lay_a_cell_along_a_claim_is_an_outcome_kept() -> None:
    """Every state of up to two runs a claim's marks reach, every claim role, every cell of up
    to four tiles of the three kinds: the outcomes kept are exactly the ways a brute force
    finds."""
    numbering = _new_runs.NUMBERED_STATES
    for state in range(_new_runs.state_count(2)):
        runs = numbering.states[state]
        if any(holds_freed for _, holds_freed, _ in runs):
            continue  # claims mark no freed joker
        for role in CLAIM_ROLES:
            for numbered, kept_jokers, freed in itertools.product(range(3), repeat=3):
                if numbered + kept_jokers + freed > 4:
                    continue
                tiles = (TILE,) * numbered + (KEPT,) * kept_jokers + (FREED,) * freed
                brute = set(_every_way(runs, tiles, role))
                outcomes = _new_runs._outcomes(state, numbered, kept_jokers, freed, role)
                kept = {numbering.states[nxt] for nxt in outcomes}
                assert kept == brute, (runs, tiles, role)


def test_a_claims_first_and_last_places_swap_for_a_search_walking_down() -> None:
    roles = [OUTSIDE, START_ANY, MIDDLE_TILE, END_TILE, OUTSIDE]
    assert _new_runs.flipped_roles(roles) == [OUTSIDE, START_TILE, MIDDLE_TILE, END_ANY, OUTSIDE]


#: Editions whose melds holding a joker are claimed: locked (extended only), or holding its
#: tile once the joker is replaced in place; no coloured jokers.
CLAIM_EDITIONS = [
    e
    for e in EDITIONS.values()
    if (e.joker_melds_extend_only or e.joker_retrieval is JokerRetrieval.REPLACE)
    and not e.tile_set.colored_jokers
]
OBJECTIVES: tuple[Objective, ...] = ("tiles", "points")


@st.composite
def claimed_positions(draw: st.DrawFn) -> tuple[Edition, Table, tuple[Tile, ...]]:
    """A small table with a long run holding a joker (and maybe a group of three or four with
    one), and a rack that may replace the joker, hold copies of the run's tiles (so that
    splitting the run lays more, which a locked run forbids), extend it, build groups beside
    it, or hold the box's other joker."""
    locking = [e for e in CLAIM_EDITIONS if e.joker_melds_extend_only]
    edition = draw(st.sampled_from(locking if draw(st.booleans()) else CLAIM_EDITIONS))
    colors = list(Color)[:4]
    color, other = draw(st.lists(st.sampled_from(colors), min_size=2, max_size=2, unique=True))
    length = draw(st.integers(3, 6))
    start = draw(st.integers(1, 14 - length))
    numbers = list(range(start, start + length))
    hole = draw(st.integers(0, length - 1))
    run = Meld(tuple(JOKER if i == hole else Tile(color, n) for i, n in enumerate(numbers)))
    melds = [run]
    if draw(st.booleans()):
        number = draw(st.sampled_from(numbers))
        group = draw(st.lists(st.sampled_from(colors), min_size=2, max_size=3, unique=True))
        melds.append(Meld((*(Tile(c, number) for c in group), JOKER)))
    if draw(st.booleans()):
        second = draw(st.integers(1, 11))
        melds.append(Meld(tuple(Tile(other, second + i) for i in range(3))))
    ends = [n for n in (start - 2, start - 1, start + length, start + length + 1) if 1 <= n <= 13]
    pool = [Tile(color, n) for n in [*numbers, *ends]]
    pool += [Tile(c, n) for c in colors for n in numbers if c != color]
    rack = list(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6)))
    if draw(st.booleans()):
        rack.append(Tile(color, numbers[hole]))  # the joker's own tile
    table = Table(tuple(melds))
    if sum(meld.jokers for meld in melds) < 2 and draw(st.booleans()):
        rack.append(JOKER)  # the box's second joker
    counts = Counter(t for t in [*table.tiles, *rack] if t != JOKER)
    assume(max(counts.values()) <= 2)
    return edition, table, tuple(rack)


@settings(max_examples=examples(400, minimum=100, deep=1000))
@given(claimed_positions(), st.sampled_from(OBJECTIVES))
@example(  # the locked run keeps its joker in place, and the rack's k6 extends it
    (EDITIONS["sabra-1978"], parse_table("k2 j k4 k5"), parse_tiles("k4 k6")), "tiles"
)
def test_the_solver_proves_what_the_general_search_proves_with_claims(
    position: tuple[Edition, Table, tuple[Tile, ...]], objective: Objective
) -> None:
    assert_the_engines_agree(*position, objective)
