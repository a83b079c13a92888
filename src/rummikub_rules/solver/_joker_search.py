"""The table's jokers decided inside the search: each kept in its role, or freed (private).

A table joker that is not retrieved stands for the same thing after the turn (rules section
4.5), so the search already knows it: a *pin* of its run cell or of its number's groups. Here
the general search may also leave a pin where it stands: the joker is then freed, one more
loose joker laid anywhere, and the run or group that takes it owes the rack tiles the edition
asks of a freed joker's meld (``freed_joker_rack_tiles``; rack jokers count). A joker laid in
a pin's role is that pin, kept, as the referee pairs them. Two rules are left to the referee,
who judges the answer: that the freed joker's meld is new (``freed_joker_new_meld``), and under
``joker_retrieval = replace`` that a real tile takes its place. Every legal play is a play of
this search, so its best score bounds them all, and where the referee accepts its best play,
that play is the answer without listing the jokers' fates (:mod:`._fates`).
"""

from __future__ import annotations

from rummikub_rules.editions import JokerRetrieval
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import Colored, problem, searched
from rummikub_rules.solver._grid import Counts
from rummikub_rules.solver._host_search import UNKNOWN
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._position import Roles
from rummikub_rules.solver._search import Search

__all__ = ["JokerSearch", "applies"]


def applies(ctx: Context, roles: Roles) -> bool:
    """Whether the search takes its turns with the fates (:func:`._opened._race`).

    Under ``joker_retrieval = rearrange``, every table joker with a role, and coloured jokers
    in play: with plain jokers alone, the fates' fast searches settle real positions sooner
    (measured on seeded self-play; see the docs page "How the solver works").
    """
    return (
        ctx.colored
        and ctx.edition.joker_retrieval is JokerRetrieval.REARRANGE
        and not roles.roleless
    )


class JokerSearch:
    """The general search deciding one reading's jokers (see the module docstring).

    It may be stopped by a slice of the budget (:class:`~._budget.SliceSpent`) and run on
    later: its memo is kept.
    """

    def __init__(self, ctx: Context, roles: Roles, table: Counts) -> None:
        run_pins, group_pins = ctx.pins(roles.jokers)
        colored = None
        if ctx.colored:
            tinted_run, tinted_group = ctx.colored_pins(roles.jokers)
            colored = Colored((0,) * ctx.grid.rows, tinted_run, tinted_group)
        built = problem(
            ctx,
            table,
            run_pins=run_pins,
            group_pins=group_pins,
            colored=colored,
            free_pins=True,
            owe=ctx.edition.freed_joker_rack_tiles,
        )
        self.ctx = ctx
        self.search = None if built is None else Search(built, ctx.budget, first=ctx.first)

    def run(self, best: Incumbent) -> int:
        """Offer the search's best play; answer a bound on every legal play of the reading.

        The bound is the search's best score, or the best play so far where nothing scores
        more (``UNKNOWN`` where any play will do).
        """
        floor = best.floor
        found = None if self.search is None else searched(self.ctx, best, self.search, floor)
        if found is None:
            return floor
        best.offer(found[1])
        return UNKNOWN if self.ctx.first else found[0]  # any play will do: not the best, then
