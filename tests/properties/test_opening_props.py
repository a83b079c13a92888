"""Property tests for the initial meld from the rack alone on racks of real size.

Where the rack's best melds (most tiles) fall short of the threshold and others reach it, the
fast search lays each set of melds that reaches it in turn (``_opening._by_openings``); the
general search, which counts the threshold itself, is the oracle. Racks of a dealt size,
beyond the brute force's reach, drawn from a few numbers so that runs and groups meet.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummikub_rules import EDITIONS, JOKER, Color, Edition, JokerInInitialMeld, Tile, check_turn
from rummikub_rules.solver import Objective, solve
from tests.depth import examples

#: Editions with plain jokers where the fast search serves the meld rules.
PLAIN = ("classic", "us-1980", "xp", "house-50")

#: Enough for the general search to prove its answer on every rack drawn (tens of thousands).
LIMIT = 2_000_000


@st.composite
def opening_editions(draw: st.DrawFn) -> Edition:
    """A preset with plain jokers, with its threshold and joker rule for the opening drawn."""
    return EDITIONS[draw(st.sampled_from(PLAIN))].evolve(
        initial_meld_points=draw(st.sampled_from([30, 30, 30, 30, 50, 20])),
        joker_in_initial_meld=draw(st.sampled_from([*JokerInInitialMeld, *["counts"] * 3])),
    )


@st.composite
def opening_racks(draw: st.DrawFn, edition: Edition) -> tuple[Tile, ...]:
    """A rack of about 8 to 17 tiles where the most tiles and the threshold pull apart: a low
    run of five but its middle tile (a joker makes it five tiles worth little), other low
    tiles, two high tiles worth 30 with a joker, a few others, and up to two jokers."""
    tile_set = edition.tile_set
    colors = draw(st.lists(st.sampled_from(list(Color)), min_size=2, max_size=4, unique=True))
    low = draw(st.integers(1, 4))
    run = [Tile(colors[-1], n) for n in range(low, low + 5) if n != low + 2]
    pool = [Tile(c, n) for c in colors for n in range(low, low + 5) for _ in range(tile_set.copies)]
    picked = draw(st.lists(st.integers(0, len(pool) - 1), min_size=2, max_size=7, unique=True))
    high = draw(st.integers(11, 13))
    pair = (
        [Tile(colors[0], high), Tile(colors[1], high)]
        if draw(st.booleans())
        else [Tile(colors[0], high - 2), Tile(colors[0], high)]
    )
    highs = [Tile(c, n) for c in colors for n in range(8, 14)]
    others = draw(st.lists(st.sampled_from(highs), max_size=3))
    jokers = min(tile_set.jokers, draw(st.sampled_from([1, 1, 2, 0])))
    tiles = [*run, *(pool[i] for i in sorted(picked)), *pair, *others]
    kept = [t for i, t in enumerate(tiles) if tiles[:i].count(t) < tile_set.copies]
    return (*kept, *[JOKER] * jokers)


@settings(max_examples=examples(200, minimum=20), deadline=None)
@given(st.data())
def test_the_best_opening_is_the_general_searchs(data: st.DataObject) -> None:
    """The initial meld found is as good as the one the general search finds, and legal."""
    edition = data.draw(opening_editions())
    rack = data.draw(opening_racks(edition))
    objective: Objective = data.draw(st.sampled_from(["tiles", "points"]))
    found = solve("", rack, opened=False, edition=edition, objective=objective, limit=LIMIT)
    oracle = solve(
        "", rack, opened=False, edition=edition, objective=objective, limit=LIMIT, engine="general"
    )
    assume(found.proven_optimal and oracle.proven_optimal)
    assert (found.tiles, found.points) == (oracle.tiles, oracle.points)
    if found.play is not None:
        assert check_turn("", rack, found.play.after, opened=False, edition=edition).ok
