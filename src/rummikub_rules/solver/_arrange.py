"""Every tile in valid melds, jokers anywhere: :func:`~rummikub_rules.solver.arrange` (private).

The fast search where the meld rules allow it (its answer checked, since with three jokers or
more it may lay a run of jokers alone), else the general search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.solver._budget import SETUP, Budget, BudgetSpent
from rummikub_rules.solver._context import context
from rummikub_rules.solver._engines import fast, general, problem
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._plan import Engine, solve
from rummikub_rules.tiles import Tile

__all__ = ["arrange_tiles"]

#: Work units charged per tile arranged, besides the search: reading the tiles and checking
#: the melds found cost about as much (``benchmarks/units.py``).
ARRANGE_PER_TILE: Final = 4


def arrange_tiles(
    tiles: Sequence[Tile], edition: Edition, budget: Budget, engine: Engine = "auto"
) -> Table | None:
    """Every tile in valid melds (jokers anywhere), or ``None`` if impossible."""
    if any(t.is_colored_joker for t in tiles):
        # The plan with every tile laid (coloured jokers go where their colours let them).
        every = {t: (n, n) for t, n in Counter(tiles).items()}
        outcome = solve(
            Table(), tuple(tiles), opened=True, edition=edition, objective="tiles", budget=budget,
            engine=engine, laid=every,
        )  # fmt: skip
        if not outcome.proven:
            raise BudgetSpent
        return None if outcome.play is None else outcome.play.after
    ctx = context(
        Table(),
        (),
        opened=True,
        edition=edition,
        objective="tiles",
        budget=budget,
        fast=engine == "auto",
        first=False,
        laid=None,
    )
    best = Incumbent(ctx)
    counts = ctx.counts(tiles)
    if counts is None or not ctx.inventory_ok_for(tiles):
        return None
    jokers = sum(1 for t in tiles if t.number is None)
    budget.charge(SETUP + ARRANGE_PER_TILE * len(tiles))
    if ctx.fast_applies(jokers):
        found = fast(ctx, best, counts, loose=jokers, floor=-1)
    else:
        found = general(ctx, best, problem(ctx, counts, loose=jokers), -1)
    if found is None or not all(m.is_valid(edition) for m in found[1]):
        found = general(ctx, best, problem(ctx, counts, loose=jokers), -1)
    return None if found is None else Table(found[1])
