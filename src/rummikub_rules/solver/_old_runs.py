"""The table's runs that a run holding a freed joker may not hold whole (private).

A run of the table holding a tile of which the table and the rack hold one copy continues, if
at all, as the one meld holding that tile; a meld holding all of the run's numbered tiles is
old in every matching (rules 4.5), and a freed joker may not end in it. :func:`old_runs` gives,
per colour, the roles of its cells along such runs (:mod:`._new_runs`), for the fast search to
keep freed jokers out of the runs holding them whole.
"""

from __future__ import annotations

from collections import Counter

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._new_runs import END, GAP, NUMBERED, OTHER, START, marked_roles

__all__ = ["knows_old_runs", "old_runs"]


def knows_old_runs(ctx: Context, *, tinted: bool = False) -> bool:
    """Whether the fast search may keep freed jokers out of runs holding old runs.

    Where a meld holding a freed joker must be new, and no rack joker (which the search does not
    tell from a freed one) nor coloured joker is in play; with ``tinted``, coloured jokers may
    be, read as tiles of their colours (:mod:`._tinted`), but none on the rack.
    """
    if tinted:
        return ctx.edition.freed_joker_new_meld and not ctx.rack_jokers() + sum(ctx.rack_colored())
    return ctx.edition.freed_joker_new_meld and not ctx.rack_jokers() and not ctx.colored


def old_runs(ctx: Context, *, tinted: bool = False) -> list[list[int] | None] | None:
    """Per colour, its cells' roles along the old runs it knows; ``None``: none to know.

    Such a run reads as a run only, holds two numbered tiles or more and one the table and the
    rack hold once. A colour knows the first of its runs by their lowest number and each next
    one starting past the last one's end (a mark may hold one run at a time).
    """
    if not knows_old_runs(ctx, tinted=tinted):
        return None
    grid = ctx.grid
    copies = Counter(t for t in ctx.table.tiles if t.number is not None)
    copies.update(t for t in ctx.rack if t.number is not None)
    spans: list[list[tuple[int, list[int], list[int]]]] = [[] for _ in range(grid.rows)]
    for meld in ctx.table.melds:
        readings = meld.readings(ctx.edition)
        numbered = [t for t in meld.tiles if t.number is not None]
        if not readings or any(r.kind is not MeldKind.RUN for r in readings):
            continue
        if len(numbered) < 2 or all(copies[t] > 1 for t in numbered):
            continue
        cells = [grid.cell(t) for t in numbered]
        if any(cell is None for cell in cells):
            return None
        columns = sorted(cell[0] for cell in cells if cell is not None)
        first, last = columns[0], columns[-1]
        along = [NUMBERED if column in columns else GAP for column in range(first, last + 1)]
        along[0], along[-1] = START, END
        spans[grid.color_row[numbered[0].color]].append((first, columns, along))
    # The first of those starting at one column: the one with the lowest columns.
    ordered = [[(first, along) for first, _, along in sorted(row)] for row in spans]
    return marked_roles(ordered, grid.columns, OTHER)
