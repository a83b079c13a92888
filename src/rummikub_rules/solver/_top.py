"""The best few plays with different sets of laid tiles (private).

Lawler's way to the k best answers of an optimisation: once the best play of a region of
answers is known (a region bounds how many copies of each rack tile are laid), the rest of the
region splits into smaller regions that differ from that play's laid tiles at one tile and
agree with them before it; the best of all regions' best plays comes next. Each region is solved
by the plan (:mod:`._plan`) with those bounds, so each play listed is legal and the best one
laying its set of tiles.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._grid import Objective
from rummikub_rules.solver._plan import SearchResult, solve
from rummikub_rules.tiles import Tile

__all__ = ["top_outcomes"]


def top_outcomes(
    table: Table,
    rack: Sequence[Tile],
    count: int,
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: Budget,
) -> list[SearchResult] | None:
    """Up to ``count`` best plays with distinct laid tiles, best first.

    ``None`` past the budget.
    """
    have = Counter(rack)
    kinds = sorted(have)
    whole = {tile: (0, have[tile]) for tile in kinds}
    found: list[SearchResult] = []
    queue: list[tuple[int, int, dict[Tile, tuple[int, int]], SearchResult]] = []
    order = 0

    def region(bounds: dict[Tile, tuple[int, int]]) -> bool:
        nonlocal order
        outcome = solve(
            table, rack, opened=opened, edition=edition, objective=objective, budget=budget,
            laid=bounds,
        )  # fmt: skip
        if not outcome.proven:
            return False
        if outcome.play is not None:
            heapq.heappush(queue, (-outcome.score, order, bounds, outcome))
            order += 1
        return True

    if count == 0:
        return []
    if not region(whole):
        return None
    while queue and len(found) < count:
        _, _, bounds, outcome = heapq.heappop(queue)
        found.append(outcome)
        assert outcome.play is not None
        laid = Counter(outcome.play.after.tiles) - Counter(table.tiles)
        fixed = dict(bounds)
        for tile in kinds:
            low, high = bounds[tile]
            here = laid[tile]
            for part in ((low, here - 1), (here + 1, high)):
                if part[0] <= part[1] and not region({**fixed, tile: part}):
                    return None
            fixed[tile] = (here, here)
    return found
