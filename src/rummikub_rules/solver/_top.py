"""The best few plays with different sets of laid tiles (private).

Lawler's way to the k best answers of an optimisation: once the best play of a region of
answers is known (a region bounds how many copies of each rack tile are laid), the rest of the
region splits into smaller regions that differ from that play's laid tiles at one tile and
agree with them before it; the best of all regions' best plays comes next. A new region is only
bounded (:func:`._plan.bound`) and queued by its bound; it is solved by the plan (:mod:`._plan`)
with those bounds when it comes first in the queue, so a region that cannot hold the next play
is never solved, and each play listed is legal and the best one laying its set of tiles. Each
region is charged to the budget for its setting up as well as for its search
(:data:`REGION_PER_TILE`). When the budget runs out, the plays listed so far come first, then
the best of the others found (legal, but maybe not the next best).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.solver._budget import Budget, BudgetSpent
from rummikub_rules.solver._grid import NEG, Objective
from rummikub_rules.solver._plan import SearchResult, bound, solve
from rummikub_rules.tiles import Tile

__all__ = ["top_outcomes"]

#: Work units charged for each region besides its search, per tile of the position: setting up
#: its searches and building and checking its play cost about as much (measured: some 5,000
#: function calls a region on a position of 100 tiles; at 4 a tile a unit of it cost half of
#: one elsewhere, ``benchmarks/units.py``), and a list of 50 plays solves hundreds of regions.
REGION_PER_TILE = 2


def top_outcomes(
    table: Table,
    rack: Sequence[Tile],
    count: int,
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: Budget,
) -> tuple[list[SearchResult], bool]:
    """Up to ``count`` best plays with distinct laid tiles, best first, and whether proven.

    Past the budget: the plays found so far (see the module docstring), not proven.
    """
    have = Counter(rack)
    kinds = sorted(have)
    whole = {tile: (0, have[tile]) for tile in kinds}
    found: list[SearchResult] = []
    # Regions by their bound (``None``: not solved yet) or by their best play's score.
    queue: list[tuple[int, int, dict[Tile, tuple[int, int]], SearchResult | None]] = []
    unproven: list[SearchResult] = []  # the best plays of regions the budget cut short
    order = 0
    setup = REGION_PER_TILE * (len(rack) + len(table.tiles))

    def push(score: int, bounds: dict[Tile, tuple[int, int]], best: SearchResult | None) -> None:
        nonlocal order
        heapq.heappush(queue, (-score, order, bounds, best))
        order += 1

    def region(bounds: dict[Tile, tuple[int, int]]) -> bool:
        """Queue a region by its bound; ``False`` if the budget ran out."""
        try:
            budget.charge(setup)
            ceiling = bound(
                table, rack, opened=opened, edition=edition, objective=objective,
                budget=budget, laid=bounds,
            )  # fmt: skip
        except BudgetSpent:
            return False
        if ceiling != NEG:
            push(ceiling, bounds, None)
        return True

    def solved(bounds: dict[Tile, tuple[int, int]]) -> bool:
        """Solve a region and queue its best play; ``False`` if the budget ran out.

        Only a play above the plays queued already that would come before it matters: where
        those fill the list, the region is solved above the last of them (on a tie, the one
        queued first comes first, so a play scoring no more would never be listed).
        """
        queued = sorted((-entry[0] for entry in queue if entry[3] is not None), reverse=True)
        need = count - len(found)
        outcome = solve(
            table, rack, opened=opened, edition=edition, objective=objective, budget=budget,
            laid=bounds, least=queued[need - 1] if len(queued) >= need else 0,
        )  # fmt: skip
        if not outcome.proven:
            if outcome.play is not None:
                unproven.append(outcome)
            return False
        if outcome.play is not None:
            push(outcome.score, bounds, outcome)
        return True

    def so_far() -> tuple[list[SearchResult], bool]:
        known = (entry[3] for entry in queue if entry[3] is not None)
        others = sorted((*known, *unproven), key=lambda o: -o.score)
        return [*found, *others][:count], False

    if count == 0:
        return [], True
    try:
        budget.charge(setup)
    except BudgetSpent:
        return so_far()
    if not solved(whole):
        return so_far()
    while queue and len(found) < count:
        _, _, bounds, outcome = heapq.heappop(queue)
        if outcome is None:
            # Its bound tops every other region's bound or best: its best play may come next.
            if not solved(bounds):
                return so_far()
            continue
        found.append(outcome)
        if len(found) == count:
            break  # the list is full: no region after this play is needed
        assert outcome.play is not None
        laid = Counter(outcome.play.after.tiles) - Counter(table.tiles)
        fixed = dict(bounds)
        for tile in kinds:
            low, high = bounds[tile]
            here = laid[tile]
            for part in ((low, here - 1), (here + 1, high)):
                if part[0] <= part[1] and not region({**fixed, tile: part}):
                    return so_far()
            fixed[tile] = (here, here)
    return found, True
