"""Time ``solve`` on sabra-1978 openings that may go on to the table (issue 16 item 8).

A table of 20 or 40 tiles built from random valid melds (``benchmarks/solver.py``'s
``random_table``) and a rack of 14, 20, 24 or 27 tiles drawn from the rest, for a player who has
not opened, under ``sabra-1978`` (``opening_may_use_table``). Per group: how many answers are
proven within 2,000,000 work units, the median and largest units and times, and the tiles laid.

Run: ``python benchmarks/openings_on_table.py [SEEDS]`` (12 by default).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.solver import random_table

from rummikub_rules import EDITIONS, Table
from rummikub_rules.solver import solve

LIMIT = 2_000_000


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    edition = EDITIONS["sabra-1978"]
    for size in (14, 20, 24, 27):
        for table_size in (20, 40):
            units, times, proven, tiles = [], [], 0, []
            for seed in range(seeds):
                rng = random.Random(seed * 1000 + size + table_size)
                pool = Counter(edition.tile_set.all_tiles())
                melds = random_table(rng, pool, table_size)
                rest = list(pool.elements())
                rng.shuffle(rest)
                start = time.perf_counter()
                found = solve(Table(melds), rest[:size], opened=False, edition=edition, limit=LIMIT)
                times.append(time.perf_counter() - start)
                units.append(found.states)
                proven += found.proven_optimal
                tiles.append(found.tiles)
            units.sort()
            times.sort()
            print(
                f"rack {size:2} table {table_size}: proven {proven}/{seeds}  units median "
                f"{units[seeds // 2]:>8} max {units[-1]:>8}  time median "
                f"{times[seeds // 2] * 1000:5.0f} ms max {times[-1] * 1000:5.0f} ms  tiles {tiles}",
                flush=True,
            )


if __name__ == "__main__":
    main()
