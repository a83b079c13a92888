"""The table after a failed turn (RULES.md 5), against a brute force over every choice of copies.

A tile sent to the pool comes off one meld: a group keeps the rest, a run is cut where the tile
stood, and every meld left must be valid. The brute force tries every way of choosing which
copies go; the dynamic programme of _failed_turns must find a way exactly when one exists, and
its answer must be one of them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from rummikub_rules import strategies as rst
from rummikub_rules.editions import CLASSIC, Edition
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.tiles import Tile, TileSet
from rummikub_rules.turns._failed_turns import restored_table

EDITIONS = rst.editions(tile_sets=rst.tile_sets(min_colors=3, min_numbers=5))


def every_restoration(table: Table, to_pool: list[Tile], edition: Edition) -> Iterator[Table]:
    """Every valid table left by taking the tiles of ``to_pool`` off ``table``, any copies."""
    slots = [(m, o) for m, meld in enumerate(table.melds) for o in range(len(meld))]
    by_tile: dict[Tile, list[tuple[int, int]]] = {}
    for m, o in slots:
        by_tile.setdefault(table.melds[m].tiles[o], []).append((m, o))
    wanted = Counter(to_pool)
    choices = [itertools.combinations(by_tile[tile], n) for tile, n in wanted.items()]
    for picked in itertools.product(*choices):
        gone = {slot for chosen in picked for slot in chosen}
        melds: list[Meld] = []
        for m, meld in enumerate(table.melds):
            reading = meld.reading(edition)
            kept: list[list[Tile]] = [[]]
            for o, tile in enumerate(meld.tiles):
                if (m, o) not in gone:
                    kept[-1].append(tile)
                elif reading is None or reading.kind is MeldKind.RUN:
                    kept.append([])
            melds.extend(Meld(piece, meld.kind) for piece in kept if piece)
        if all(meld.is_valid(edition) for meld in melds):
            yield Table(melds)


@st.composite
def failed_turns(draw: st.DrawFn) -> tuple[Table, list[Tile], Edition]:
    edition = draw(st.one_of(st.just(CLASSIC), EDITIONS))
    table = draw(rst.tables(edition, min_melds=1, max_melds=5))
    tiles = list(table.tiles)
    if not tiles:
        return table, [], edition
    count = draw(st.integers(0, min(5, len(tiles))))
    to_pool = draw(st.permutations(tiles))[:count]
    return table, to_pool, edition


def agrees_with_brute_force(table: Table, to_pool: list[Tile], edition: Edition) -> None:
    found = restored_table(table, to_pool, edition)
    valid = list(every_restoration(table, to_pool, edition))
    if found is None:
        assert valid == []
    else:
        assert found in valid
        assert found.is_valid(edition)
        assert Counter(found.tiles) == Counter(table.tiles) - Counter(to_pool)


@given(failed_turns())
def test_restored_table_is_found_exactly_when_one_exists(
    case: tuple[Table, list[Tile], Edition],
) -> None:
    agrees_with_brute_force(*case)


@given(failed_turns())
def test_restored_table_does_not_depend_on_the_order_tiles_are_named(
    case: tuple[Table, list[Tile], Edition],
) -> None:
    table, to_pool, edition = case
    assert restored_table(table, to_pool, edition) == restored_table(table, to_pool[::-1], edition)


@given(failed_turns())
def test_untouched_melds_stay_as_they_were(case: tuple[Table, list[Tile], Edition]) -> None:
    table, to_pool, edition = case
    found = restored_table(table, to_pool, edition)
    if found is not None:
        named = set(to_pool)
        for meld in table.melds:
            if not named & set(meld.tiles):
                assert meld in found.melds


FOUR_COPIES = CLASSIC.evolve(tile_set=TileSet(copies=4, jokers=8))


@st.composite
def identical_melds(draw: st.DrawFn) -> tuple[Table, list[Tile], Edition]:
    """Tables holding the same meld two to four times (and maybe another), where the copies of
    a tile are interchangeable between identical melds."""
    meld = draw(rst.melds(FOUR_COPIES, jokers=2))
    copies = draw(st.integers(2, 4))
    melds = [meld] * copies
    other = draw(st.none() | rst.melds(FOUR_COPIES, jokers=0))
    table = Table([*melds, *([] if other is None else [other])])
    held = Counter(table.tiles)
    if any(n > FOUR_COPIES.tile_set.count(tile) for tile, n in held.items()):
        table = Table(melds)
    tiles = list(table.tiles)
    to_pool = draw(st.permutations(tiles))[: draw(st.integers(1, min(7, len(tiles))))]
    return table, to_pool, FOUR_COPIES


@given(identical_melds())
def test_identical_melds_are_interchangeable(case: tuple[Table, list[Tile], Edition]) -> None:
    agrees_with_brute_force(*case)
