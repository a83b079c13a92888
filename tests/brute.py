"""A brute force for the solver's tests: every play of a small position, judged by the referee.

Independent of the solver: it lists every multiset of valid melds that the table's tiles and a
subset of the rack can form, tries the subsets best first and asks the referee about each
table; the first legal one gives the best score. Only for small positions (a table of about a
dozen tiles, a rack of about eight).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator

from rummikub_rules import Edition, Meld, Table, Tile
from rummikub_rules.solver._verify import legal
from rummikub_rules.tiles import shared_tile

Score = tuple[int, int]


def score(laid: Counter[Tile], edition: Edition, objective: str) -> Score:
    """(tiles, points) for ``objective="tiles"``, (points, tiles) for ``"points"``."""
    tiles = sum(laid.values())
    jokers = sum(n for t, n in laid.items() if t.is_joker)
    points = (
        sum(t.value for t in laid.elements() if not t.is_joker) + edition.joker_penalty * jokers
    )
    return (tiles, points) if objective == "tiles" else (points, tiles)


@functools.lru_cache(maxsize=1024)
def runs_through(numbers: tuple[int, ...], wrap: str, number: int) -> tuple[tuple[int, ...], ...]:
    """The number sequences of the runs holding ``number``, on a set of ``numbers`` whose runs
    go round as ``wrap`` says."""
    span = len(numbers)
    found = []
    for length in range(3, span + 1):
        for start in range(span):
            seq = tuple(numbers[(start + i) % span] for i in range(length))
            fits = start + length <= span
            high = wrap == "one_high" and start + length == span + 1
            if number in seq and (fits or high or wrap == "full"):
                found.append(seq)
    return tuple(found)


def candidate_melds(pool: Counter[Tile], edition: Edition, pivot: Tile) -> set[Meld]:
    """Every valid meld of tiles in ``pool`` that holds ``pivot`` (jokers in every place).

    Plain jokers go anywhere; a coloured joker is tried in every place too, and the meld's
    readings judge it (it stands only for a tile of its colour).
    """
    return set(melds_holding(frozenset((+pool).items()), edition, pivot))


@functools.lru_cache(maxsize=1 << 16)
def melds_holding(
    counts: frozenset[tuple[Tile, int]], edition: Edition, pivot: Tile
) -> tuple[Meld, ...]:
    """:func:`candidate_melds` of the pool whose tiles and counts are ``counts``, in the order
    of their notation, listed once per pool: the recursion of :func:`partitions` meets the same
    pools again and again, for every subset of the rack."""
    pool = Counter(dict(counts))
    tile_set = edition.tile_set
    kinds = sorted((t for t in pool if t.is_joker and pool[t]), key=str)
    jokers = sum(pool[t] for t in kinds)
    found: set[Meld] = set()
    if pivot.color is None or pivot.number is None:
        return ()
    color = pivot.color
    fits = [t for t in kinds if t.color in (None, color)]
    numbers = tuple(tile_set.numbers)
    tile_at = {n: shared_tile(color, n) for n in numbers}
    held = {n: pool[tile] > 0 for n, tile in tile_at.items()}
    for seq in runs_through(numbers, edition.run_wrap, pivot.number):
        # A run's numbers differ, so each of its tiles is in the pool once or is a joker's
        # place: the places the pool lacks are holes, the pivot's never is.
        missing = [i for i, n in enumerate(seq) if not held[n]]
        if len(missing) > jokers:
            continue
        natural = [tile_at[n] for n in seq]
        optional = [i for i, n in enumerate(seq) if held[n] and n != pivot.number]
        for extra in range(min(jokers, len(seq) - 1) - len(missing) + 1):
            for holes in itertools.combinations(optional, extra):
                places = (*missing, *holes)
                for fill in itertools.product(fits, repeat=len(places)):
                    if Counter(fill) - pool:
                        continue
                    tiles = list(natural)
                    for place, joker in zip(places, fill, strict=True):
                        tiles[place] = joker
                    meld = Meld(tiles)
                    if meld.is_valid(edition):
                        found.add(meld)
    number = pivot.number
    others = [Tile(c, number) for c in tile_set.colors for _ in range(pool[Tile(c, number)])]
    others.remove(pivot)
    for size in range(0, len(tile_set.colors)):
        for chosen in set(itertools.combinations(sorted(others), size)):
            for extra in range(jokers + 1):
                for fill in itertools.combinations_with_replacement(kinds, extra):
                    meld = Meld([pivot, *chosen, *fill])
                    if Counter(fill) - pool:
                        continue
                    if len(meld) >= 3 and meld.is_valid(edition):
                        found.add(meld)
    return tuple(sorted(found, key=str))


def partitions(pool: Counter[Tile], edition: Edition) -> Iterator[list[Meld]]:
    """Every way to split ``pool`` into valid melds."""
    for melds in splits(frozenset((+pool).items()), edition):
        yield list(melds)


@functools.lru_cache(maxsize=1 << 12)
def splits(counts: frozenset[tuple[Tile, int]], edition: Edition) -> tuple[tuple[Meld, ...], ...]:
    """:func:`partitions` of the pool whose tiles and counts are ``counts``, listed once per
    pool: the pools left after a meld recur across the melds and subsets of the rack."""
    if not counts:
        return ((),)
    numbered = [t for t, _ in counts if t.number is not None]
    if not numbered:
        return ()
    pool = Counter(dict(counts))
    return tuple(
        (meld, *rest)
        for meld in melds_holding(counts, edition, min(numbered))
        for rest in splits(frozenset((pool - Counter(meld.tiles)).items()), edition)
    )


def tables_for(
    table: Table, subset: Counter[Tile], edition: Edition, *, opened: bool
) -> Iterator[Table]:
    """Every table after laying ``subset``: rearranged, or (not opened) new melds only."""
    if opened or edition.opening_may_use_table:
        for melds in partitions(Counter(table.tiles) + subset, edition):
            yield Table(melds)
    if not opened:
        for melds in partitions(subset, edition):
            yield Table((*table.melds, *melds))


def best_score(
    table: Table, rack: tuple[Tile, ...], edition: Edition, objective: str, *, opened: bool
) -> Score | None:
    """The best score of a legal play, or ``None`` if no play is legal."""
    subsets = {
        tuple(sorted(c))
        for size in range(1, len(rack) + 1)
        for c in itertools.combinations(rack, size)
    }
    ranked = sorted(subsets, key=lambda s: score(Counter(s), edition, objective), reverse=True)
    for subset in ranked:
        for after in tables_for(table, Counter(subset), edition, opened=opened):
            if legal(table, rack, after, opened=opened, edition=edition):
                return score(Counter(subset), edition, objective)
    return None
