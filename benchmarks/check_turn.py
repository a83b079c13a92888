"""Benchmark: check_turn on mid-game turns against a floor measured in the same run.

Each instance is a table of about 60 tiles built from random valid melds (one run holding a joker),
a 14-tile rack, and a legal turn that frees the joker by its tile, lays it in a new meld with two
rack tiles and extends melds with what else the rack allows. The floor is building
``collections.Counter`` over the same tiles (table before, rack and table after). The script prints
the ratio of the medians; the target is within 10x. Two timings are given: "warm" re-checks the
same objects, as a game server does with the table it already holds (each meld's reading is
memoised on it); "cold" checks fresh ``Table`` and ``Meld`` objects with the reading cache cleared,
as for a table just parsed from the wire. Run: ``python benchmarks/check_turn.py [--instances N]
[--seed S]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from rummikub_rules import CLASSIC, JOKER, Color, Meld, Table, Tile, check_turn
from rummikub_rules.melds import _read

Instance = tuple[Table, tuple[Tile, ...], Table]


def _take(pool: Counter[Tile], tiles: list[Tile]) -> bool:
    need = Counter(tiles)
    if need - pool:
        return False
    pool.subtract(need)
    return True


def _random_meld(rng: random.Random) -> list[Tile]:
    color = rng.choice(list(Color))
    if rng.random() < 0.5:
        length = rng.randrange(3, 7)
        start = rng.randrange(1, 15 - length)
        return [Tile(color, n) for n in range(start, start + length)]
    number = rng.randrange(1, 14)
    return [Tile(c, number) for c in rng.sample(list(Color), rng.randrange(3, 5))]


def make_instance(rng: random.Random, table_size: int = 60) -> Instance:
    """A legal mid-game turn for an opened player, built by construction and checked."""
    while True:
        pool = Counter(CLASSIC.tile_set.all_tiles())
        color, start = rng.choice(list(Color)), rng.randrange(1, 9)
        run = [Tile(color, n) for n in range(start, start + 5)]
        _take(pool, [*run, JOKER])
        before = [Meld([*run[:2], JOKER, *run[3:]])]
        while sum(len(m) for m in before) < table_size:
            tiles = _random_meld(rng)
            if _take(pool, tiles):
                before.append(Meld(tiles))
        rest = list(pool.elements())
        rng.shuffle(rest)
        rack = [run[2], *rest[:13]]
        after = _play(before, rack)
        if after is not None:
            return Table(before), tuple(rack), Table(after)


def _play(before: list[Meld], rack: list[Tile]) -> list[Meld] | None:
    """Free the joker by its tile, lay it with two rack tiles, then extend melds; None if stuck."""
    hand = Counter(rack)
    freed = before[0]
    after = [Meld([*freed.tiles[:2], rack[0], *freed.tiles[3:]]), *before[1:]]
    hand[rack[0]] -= 1
    pair = _pair(hand)
    if pair is None:
        return None
    hand.subtract(pair)
    after.append(Meld([*pair, JOKER]))
    for index, meld in enumerate(after):
        for tile in sorted(hand.elements()):
            longer = _extend(meld, tile)
            if longer is not None and longer.is_valid():
                meld = longer
                hand[tile] -= 1
        after[index] = meld
    return after


def _pair(hand: Counter[Tile]) -> tuple[Tile, Tile] | None:
    """Two rack tiles that make a meld with a joker: same number in two colours, or a run."""
    tiles = sorted(t for t in +hand if t != JOKER)
    for a in tiles:
        for b in tiles:
            same_number = a.number == b.number and a.color is not b.color
            next_in_run = a.color is b.color and (a.number or 0) + 1 == b.number
            if same_number or next_in_run:
                return a, b
    return None


def _extend(meld: Meld, tile: Tile) -> Meld | None:
    """The meld with ``tile`` added at the end that keeps it valid, if there is one."""
    if tile == JOKER:
        return None
    for longer in (Meld([*meld.tiles, tile]), Meld([tile, *meld.tiles])):
        if longer.is_valid():
            return longer
    return None


def _median_seconds(
    fn: Callable[[], object], repeat: int, setup: Callable[[], object] = lambda: None
) -> float:
    times = []
    for _ in range(repeat):
        setup()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _fresh(table: Table) -> Table:
    return Table([Meld(m.tiles, m.kind) for m in table.melds])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--instances", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    instances = [make_instance(rng) for _ in range(args.instances)]
    tiles = [(*b.tiles, *r, *a.tiles) for b, r, a in instances]
    fresh: list[Instance] = []

    def refresh() -> None:
        _read.cache_clear()
        fresh[:] = [(_fresh(b), r, _fresh(a)) for b, r, a in instances]

    def referee(turns: list[Instance]) -> Callable[[], None]:
        def run() -> None:
            for before, rack, after in turns:
                check_turn(before, rack, after, opened=True)

        return run

    def floor() -> None:
        for group in tiles:
            Counter(group)

    base = _median_seconds(floor, args.repeat)
    warm = _median_seconds(referee(instances), args.repeat)
    cold = _median_seconds(referee(fresh), args.repeat, setup=refresh)
    size = statistics.mean(len(b.tiles) for b, _, _ in instances)
    laid = statistics.mean(len(a.tiles) - len(b.tiles) for b, _, a in instances)
    per_turn = 1e6 / args.instances
    print(f"{args.instances} legal turns, mean table {size:.0f} tiles, {laid:.1f} tiles laid")
    print(f"Counter over the same tiles (floor): {base * per_turn:7.1f} us per turn")
    print(f"check_turn, warm:                    {warm * per_turn:7.1f} us per turn")
    print(f"check_turn, cold:                    {cold * per_turn:7.1f} us per turn")
    print(f"ratio warm / floor: {warm / base:.1f}x; cold / floor: {cold / base:.1f}x (target 10x)")


if __name__ == "__main__":
    main()
