"""Property tests for run states that know old runs (``solver._new_runs``).

A freed joker must end in a new meld (rules 4.5), and a meld holding every numbered tile of a
table run that holds a tile the table and rack hold once is old. Where the fast search's
relaxation put a freed joker in such a meld, it is solved again with each open run carrying
whether it holds a freed joker and whether it holds the old run so far. Such a search is a
relaxation of the rules, so it must never cut a legal play:

- one run walked along an old run is refused exactly when it holds every numbered place of the
  old run with a tile and holds a freed joker, wherever that joker stands;
- every way to give a cell's tiles to runs, one tile a run, runs of three free to close, is an
  outcome kept (exhaustive, against a brute force);
- on small tables built so that a freed joker may land in a run holding an old run, the solver
  (which solves such relaxations again) proves the same best plays as the general search
  (which decides the jokers inside one search, with the referee's own rule).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummikub_rules import EDITIONS, Color, Edition, Meld, Table, Tile
from rummikub_rules.editions import JokerRetrieval
from rummikub_rules.solver import Objective, _new_runs
from rummikub_rules.tiles import JOKER
from tests.depth import examples
from tests.properties._engines_agree import assert_the_engines_agree

TILE, KEPT, FREED = _new_runs.TILE, _new_runs.KEPT, _new_runs.FREED
OTHER, START, NUMBERED, GAP, END = (
    _new_runs.OTHER,
    _new_runs.START,
    _new_runs.NUMBERED,
    _new_runs.GAP,
    _new_runs.END,
)
ROLES = (OTHER, START, NUMBERED, GAP, END)

Run = tuple[int, int, int]


@st.composite
def walks(draw: st.DrawFn) -> tuple[list[int], int, list[int]]:
    """An old run's roles along a colour (others before and after it), where one run starts,
    and the kind of tile it takes at each place from there."""
    inside = draw(st.lists(st.sampled_from([NUMBERED, GAP]), max_size=3))
    roles = [OTHER] * draw(st.integers(0, 2)) + [START, *inside, END]
    roles += [OTHER] * draw(st.integers(0, 2))
    first = draw(st.integers(0, len(roles) - 1))
    tiles = draw(
        st.lists(st.sampled_from([TILE, KEPT, FREED]), min_size=1, max_size=len(roles) - first)
    )
    return roles, first, tiles


@settings(max_examples=examples(300))
@given(walks())
def test_a_run_is_refused_exactly_when_it_holds_the_old_run_and_a_freed_joker(
    walk: tuple[list[int], int, list[int]],
) -> None:
    roles, first, tiles = walk
    run: Run | None = (0, 0, 0)
    for role, tile in zip(roles[first:], tiles, strict=False):
        assert run is not None
        run = _new_runs.grown(run, tile, role)
        if run is None:
            break
    places = range(first, first + len(tiles))
    numbered = [i for i, role in enumerate(roles) if role in (START, NUMBERED, END)]
    holds_old = all(i in places and tiles[i - first] == TILE for i in numbered)
    assert (run is None) == (holds_old and FREED in tiles), (roles, first, tiles)


def _every_way(
    runs: tuple[Run, ...], tiles: tuple[int, ...], role: int
) -> Iterator[tuple[Run, ...]]:
    """Every way to lay ``tiles`` (one each on a run, or opening a new one): short runs must
    take one; runs of three may close. A way refused for one run is none."""
    for order in set(itertools.permutations(tiles)):
        for takers in set(itertools.permutations([*range(len(runs)), *[None] * len(tiles)])):
            picked = takers[: len(order)]
            taken = {i for i in picked if i is not None}
            if any(r[0] < 3 and i not in taken for i, r in enumerate(runs)):
                continue
            after = [
                _new_runs.grown((0, 0, 0) if i is None else runs[i], tile, role)
                for i, tile in zip(picked, order, strict=True)
            ]
            if all(run is not None for run in after):
                yield tuple(sorted(run for run in after if run is not None))


def test_every_way_to_lay_a_cell_is_an_outcome_kept() -> None:
    """Every state of up to two runs, every role, every cell of up to four tiles of the three
    kinds: the outcomes kept are exactly the ways a brute force finds."""
    numbering = _new_runs.NUMBERED_STATES
    for state in range(_new_runs.state_count(2)):
        runs = numbering.states[state]
        for role in ROLES:
            for numbered, kept_jokers, freed in itertools.product(range(3), repeat=3):
                if numbered + kept_jokers + freed > 4:
                    continue
                tiles = (TILE,) * numbered + (KEPT,) * kept_jokers + (FREED,) * freed
                brute = set(_every_way(runs, tiles, role))
                outcomes = _new_runs._outcomes(state, numbered, kept_jokers, freed, role)
                kept = {numbering.states[nxt] for nxt in outcomes}
                assert kept == brute, (runs, tiles, role)


#: Editions where a freed joker's meld must be new, its jokers freed by rearranging.
NEW_MELD_EDITIONS = [
    e
    for e in EDITIONS.values()
    if e.freed_joker_new_meld
    and not e.tile_set.colored_jokers
    and e.joker_retrieval is JokerRetrieval.REARRANGE
]
OBJECTIVES: tuple[Objective, ...] = ("tiles", "points")


@st.composite
def old_run_positions(draw: st.DrawFn) -> tuple[Edition, Table, tuple[Tile, ...]]:
    """A small table with a run of three (its tiles held once, unless the rack holds one) and a
    meld holding a joker that rearranging may free, and a rack of tiles that may extend the run,
    take the joker's place, or join it."""
    edition = draw(st.sampled_from(NEW_MELD_EDITIONS))
    colors = list(Color)[:4]
    color, other = draw(st.lists(st.sampled_from(colors), min_size=2, max_size=2, unique=True))
    start = draw(st.integers(1, 9))
    old = Meld(tuple(Tile(color, start + i) for i in range(3)))
    number = draw(st.integers(1, 11))
    if draw(st.booleans()):
        tiles: list[Tile] = [Tile(other, number), Tile(other, number + 1)]
        joker_meld = Meld((*tiles, JOKER))
        stands = Tile(other, number + 2)
    else:
        group = draw(st.lists(st.sampled_from(colors), min_size=2, max_size=2, unique=True))
        tiles = [Tile(c, number) for c in group]
        joker_meld = Meld((*tiles, JOKER))
        stands = Tile(next(c for c in colors if c not in group), number)
    near = [Tile(color, n) for n in (start - 2, start - 1, start + 3, start + 4) if 1 <= n <= 13]
    pool = [*near, stands, *(Tile(c, start + 1) for c in colors if c != color)]
    pool += [Tile(c, n) for c in colors for n in (number - 1, number + 3) if 1 <= n <= 13]
    rack = tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4)))
    if draw(st.booleans()):
        rack = (stands, *rack)  # the joker may be freed by its own tile
    table = Table((old, joker_meld))
    counts = Counter(t for t in [*table.tiles, *rack] if t != JOKER)
    assume(max(counts.values()) <= 2)
    return edition, table, rack


@settings(max_examples=examples(100, minimum=30, deep=1000))
@given(old_run_positions(), st.sampled_from(OBJECTIVES))
def test_the_solver_proves_what_the_general_search_proves_around_old_runs(
    position: tuple[Edition, Table, tuple[Tile, ...]], objective: Objective
) -> None:
    assert_the_engines_agree(*position, objective)
