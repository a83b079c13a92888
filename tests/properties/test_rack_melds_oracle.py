"""What an opening's rack tiles are worth in melds of their own (RULES.md 4.4, revised) agrees with
brute force: every subset of the tiles, split into valid melds every way, under random editions.

Under ``opening_may_use_table`` the referee searches for the most valuable melds the tiles laid
from the rack can form alone (:mod:`rummikub_rules.turns._rack_melds`); here every split is tried.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import EDITIONS, Color, Edition, JokerInInitialMeld, Tile, TileSet
from rummikub_rules.turns._rack_melds import RackMelds, rack_melds_value
from tests.brute import partitions
from tests.depth import examples


@st.composite
def editions(draw: st.DrawFn) -> Edition:
    """A small tile set (so that tiles meet) and random meld and opening rules."""
    colors = draw(st.permutations(list(Color)))[: draw(st.integers(3, 4))]
    low = draw(st.integers(1, 9))
    tile_set = TileSet(
        colors=colors,
        numbers=range(low, low + draw(st.integers(4, 5))),
        copies=draw(st.integers(1, 3)),
        jokers=draw(st.integers(0, 3)),
        colored_jokers=draw(st.integers(0, 1)),
    )
    return EDITIONS["sabra-1978"].evolve(
        tile_set=tile_set,
        min_players=2,
        deal_size=1,
        run_wrap=draw(st.sampled_from(("none", "one_high", "full"))),
        group_colors_distinct=draw(st.booleans()),
        max_jokers_per_meld=draw(st.sampled_from((None, 1, 2))),
        joker_in_initial_meld=draw(st.sampled_from(tuple(JokerInInitialMeld))),
    )


@st.composite
def positions(draw: st.DrawFn) -> tuple[Edition, list[Tile]]:
    edition = draw(editions())
    box = list(edition.tile_set.all_tiles())
    tiles = draw(st.lists(st.sampled_from(box), max_size=8))
    counts = Counter(tiles)
    return edition, [t for t in tiles if counts[t] <= edition.tile_set.count(t)]


def brute_value(tiles: list[Tile], edition: Edition) -> int:
    """The most valuable split of any subset of ``tiles`` into valid melds."""
    rule = JokerInInitialMeld(edition.joker_in_initial_meld)
    if rule is JokerInInitialMeld.FORBIDDEN:
        tiles = [t for t in tiles if not t.is_joker]
    best = 0
    subsets = {
        tuple(sorted(c)) for n in range(len(tiles) + 1) for c in itertools.combinations(tiles, n)
    }
    for subset in subsets:
        for melds in partitions(Counter(subset), edition):
            if rule is JokerInInitialMeld.COUNTS:
                value = sum(m.value(edition) or 0 for m in melds)
            else:
                value = sum(t.value for m in melds for t in m.tiles)
            best = max(best, value)
    return best


@settings(max_examples=examples(300), deadline=None)
@given(positions())
def test_rack_melds_value_is_the_best_split(position: tuple[Edition, list[Tile]]) -> None:
    edition, tiles = position
    counts = dict(Counter(t.index for t in tiles))
    best = brute_value(tiles, edition)
    assert rack_melds_value(counts, edition) == best
    for goal in (best, best + 1, max(0, best - 7)):
        assert min(rack_melds_value(counts, edition, goal), goal) == min(best, goal)


@settings(max_examples=examples(200), deadline=None)
@given(positions(), st.integers(1, 40))
def test_openings_cover_every_split_that_reaches_the_threshold(
    position: tuple[Edition, list[Tile]], threshold: int
) -> None:
    """Every set of melds worth the threshold holds the tiles of one of the openings listed,
    and no opening listed holds every tile of another (its search would be wasted)."""
    edition, tiles = position
    counts = dict(Counter(t.index for t in tiles))
    listed = [
        Counter(t for m in melds for t in m.tiles)
        for melds in RackMelds(counts, edition).openings(threshold)
    ]
    rule = JokerInInitialMeld(edition.joker_in_initial_meld)
    for melds_tiles in listed:
        assert not melds_tiles - Counter(tiles)
    for i, one in enumerate(listed):
        assert all(other - one for j, other in enumerate(listed) if j != i), (one, listed)
    usable = [t for t in tiles if not t.is_joker or rule is not JokerInInitialMeld.FORBIDDEN]
    for n in range(len(usable) + 1):
        for subset in set(itertools.combinations(sorted(usable), n)):
            for melds in partitions(Counter(subset), edition):
                if rule is JokerInInitialMeld.COUNTS:
                    value = sum(m.value(edition) or 0 for m in melds)
                else:
                    value = sum(t.value for m in melds for t in m.tiles)
                if value >= threshold:
                    assert any(not opening - Counter(subset) for opening in listed), melds
