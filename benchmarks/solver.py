"""Time ``best_play`` against the integer-programming package ``rummikub-solver``.

Random instances from fixed seeds, standard set: a table of 0, 20, 40, 60 or 80 tiles built from
random valid melds, and a 14-tile rack drawn from the rest, for a player who has opened. Both
solvers run on the same instances in this one run (the other only when installed:
``pip install 'rummikub-rules[bench]'``). Per table size the script prints our median and
maximum time, theirs, the ratio of the medians, and whether both found the same number of tiles
on every instance (else, per differing instance, ours vs theirs). That package maximises the
tile count, so tile counts are what we compare.

Without jokers the edition is ``classic``. With ``--jokers`` each instance holds 0-2 jokers
(uniformly), each either standing in a table meld (in place of one of its tiles, which goes back
to the pool; at most one per meld) or on the rack, and the edition is ``classic`` with
``freed_joker_rack_tiles = 0``, the other package's rule: a joker freed from the table may go to
any meld. That package's sets are a subset of ours (no joker at the end of a run of 4 or 5, no
group of 4 with a joker), so with jokers we may lay more tiles, never fewer.

Run: ``python benchmarks/solver.py [--instances N] [--seed S] [--jokers]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rummikub_rules import CLASSIC, JOKER, Color, Edition, Meld, Table, Tile
from rummikub_rules.solver import best_play

SIZES = (0, 20, 40, 60, 80)
RACK = 14
#: The edition of the runs with jokers: a freed joker may go anywhere, as in the other package.
JOKER_EDITION = CLASSIC.evolve(freed_joker_rack_tiles=0)
Instance = tuple[Table, tuple[Tile, ...]]


def random_meld(rng: random.Random, pool: Counter[Tile], length: int) -> Meld | None:
    """A random run or group of ``length`` tiles taken from ``pool``, or ``None``."""
    colours = list(Color)
    if rng.random() < 0.5 and length <= len(colours):
        number = rng.randint(1, 13)
        options = [c for c in colours if pool[Tile(c, number)]]
        if len(options) < length:
            return None
        return Meld([Tile(c, number) for c in rng.sample(options, length)])
    colour = rng.choice(colours)
    start = rng.randint(1, 14 - length)
    tiles = [Tile(colour, n) for n in range(start, start + length)]
    return Meld(tiles) if all(pool[t] for t in tiles) else None


def random_table(rng: random.Random, pool: Counter[Tile], size: int) -> list[Meld]:
    """Random valid melds with ``size`` tiles in all, removed from ``pool``."""
    while True:
        left, taken = size, Counter[Tile]()
        melds: list[Meld] = []
        for _ in range(1000):
            if left == 0:
                pool.subtract(taken)
                return melds
            lengths = [n for n in range(3, min(left, 6) + 1) if left - n not in (1, 2)]
            meld = random_meld(rng, pool - taken, rng.choice(lengths))
            if meld is not None:
                melds.append(meld)
                taken.update(meld.tiles)
                left -= len(meld)


def instances(seed: int, size: int, count: int, *, jokers: bool = False) -> list[Instance]:
    """``count`` instances with a table of ``size`` tiles, reproducible from ``seed``."""
    rng = random.Random(f"{seed}-{size}" + ("-jokers" if jokers else ""))
    found = []
    for _ in range(count):
        pool = Counter(Tile(c, n) for c in Color for n in range(1, 14) for _ in range(2))
        melds = random_table(rng, pool, size)
        on_rack = 0
        if jokers:
            on_rack = add_jokers(rng, pool, melds, rng.randint(0, 2))
        rack = rng.sample(sorted(pool.elements()), RACK - on_rack) + [JOKER] * on_rack
        found.append((Table(melds), tuple(rack)))
    return found


def add_jokers(rng: random.Random, pool: Counter[Tile], melds: list[Meld], count: int) -> int:
    """Put ``count`` jokers in place of tiles of distinct melds, or on the rack; return how
    many go to the rack. A replaced tile goes back to ``pool``."""
    free = list(range(len(melds)))
    on_rack = 0
    for _ in range(count):
        if not free or rng.random() < 0.5:
            on_rack += 1
            continue
        index = free.pop(rng.randrange(len(free)))
        tiles = list(melds[index].tiles)
        at = rng.randrange(len(tiles))
        pool[tiles[at]] += 1
        tiles[at] = JOKER
        melds[index] = Meld(tiles)
        assert melds[index].is_valid(JOKER_EDITION)
    return on_rack


def ours(table: Table, rack: Sequence[Tile], edition: Edition = CLASSIC) -> int:
    play = best_play(table, rack, opened=True, edition=edition)
    if play is None:
        return 0
    return sum((Counter(play.after.tiles) - Counter(table.tiles)).values())


def peer() -> Callable[[Table, Sequence[Tile]], int] | None:
    """The other package's solver as a function of (table, rack), if it is installed."""
    try:
        import rummikub_solver as rs  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    rules: Any = rs.RuleSet()
    order = {Color.BLACK: 0, Color.BLUE: 1, Color.ORANGE: 2, Color.RED: 3}

    def index(tile: Tile) -> Any:
        if tile == JOKER:
            return rules.tiles[-1]
        assert tile.color is not None
        assert tile.number is not None
        return rules.tiles[order[tile.color] * 13 + tile.number - 1]

    def solve(table: Table, rack: Sequence[Tile]) -> int:
        state = rules.new_game()
        state.add_table(*(index(t) for t in table.tiles))
        state.add_rack(*(index(t) for t in rack))
        state.initial = False
        found = rules.solve(state, rs.SolverMode.TILE_COUNT)
        return 0 if found is None else len(found.tiles)

    return solve


def timed(
    solve: Callable[[Table, Sequence[Tile]], int], cases: list[Instance]
) -> tuple[list[float], list[int]]:
    times, counts = [], []
    for table, rack in cases:
        start = time.perf_counter()
        counts.append(solve(table, rack))
        times.append(time.perf_counter() - start)
    return times, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=50, help="instances per table size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jokers", action="store_true", help="0-2 jokers per instance")
    args = parser.parse_args()
    edition = JOKER_EDITION if args.jokers else CLASSIC

    def solve(table: Table, rack: Sequence[Tile]) -> int:
        return ours(table, rack, edition)

    other = peer()
    if other is None:
        print("rummikub-solver is not installed: timing ours only")
    else:
        other(*instances(args.seed, 20, 1)[0])  # warm up: the first call compiles its models
    ours(*instances(args.seed, 20, 1)[0])
    print(
        f"{'table':>5} {'ours med':>9} {'ours max':>9} {'theirs med':>10} {'theirs max':>10} "
        f"{'ratio':>6}  same tiles"
    )
    for size in SIZES:
        cases = instances(args.seed, size, args.instances, jokers=args.jokers)
        our_times, our_counts = timed(solve, cases)
        line = f"{size:5d} {ms(statistics.median(our_times))} {ms(max(our_times))}"
        if other is not None:
            their_times, their_counts = timed(other, cases)
            ratio = statistics.median(their_times) / statistics.median(our_times)
            same = (
                "yes"
                if our_counts == their_counts
                else f"NO ({differences(our_counts, their_counts)})"
            )
            theirs = f"{ms(statistics.median(their_times), 10)} {ms(max(their_times), 10)}"
            line += f" {theirs} {ratio:6.1f}  {same}"
        print(line)


def ms(seconds: float, width: int = 9) -> str:
    return f"{seconds * 1000:{width - 3}.2f} ms"


def differences(a: list[int], b: list[int]) -> str:
    return ", ".join(
        f"#{i}: {x} vs {y}" for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y
    )


if __name__ == "__main__":
    main()
