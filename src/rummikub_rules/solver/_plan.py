"""How one position is solved: relax, propose, verify, and search exactly where needed (private).

1. **Relaxation.** Every table joker may go anywhere it may stand after the turn and no other
   joker rule applies: any legal play is a play of this relaxed position, so its best score
   bounds the answer. Under ``rearrange``, where the fast search applies, it is solved first
   for each reading of the table's ambiguous melds: if the referee accepts its best play, or
   that play does not beat the best so far, the reading is settled (most are). Elsewhere the
   fates' own bounds settle as much for less (under ``replace`` they count the tiles taking a
   joker's place), and it is not solved. Without a table joker it is the problem itself.
2. **Pinned.** Every table joker stays in its role: nothing is retrieved, so (where melds holding
   jokers may be split) the best such play is legal. If it scores the bound, it is the answer.
3. **Exact.** The general search (:mod:`._search`) with every rule in force, for each reading of
   the table's ambiguous melds and (under ``replace``) each *fate* of the table's jokers: kept,
   or freed with the tiles that take its place laid from the rack or standing in its place.
   Each fate's bound and relaxed play come from the fast search where it applies, so most
   fates are settled without the general search. The relaxation freeing every joker holds
   every fate's, and a fate's holds those of fates freeing fewer of its jokers: one refuted
   settles the others (:func:`._fates.covers`). Where freed jokers need hosts, the hosts of
   one row or number are bounded together (:meth:`._host_search.HostSearch.shares`), and each
   rest left by hosts is solved once (:class:`._host_search.Rest`). Each answer is verified.
   Where coloured jokers are in play, the general search deciding the jokers inside it
   (:mod:`._joker_search`) and the fates take turns with growing slices of the budget.

Steps 1 and 2 use the fast search (:mod:`._fast`) where the meld rules are the standard ones,
else the general search. Where the player has not opened, the opening is the best set of new
melds from the rack worth the threshold (and, under ``opening_may_use_table``, each set of rack
melds worth it laid at least, the rest an opened player's play over the whole table). A
:class:`~._budget.Budget` bounds the work; when it runs out, the best verified play so far is
the answer, not proven optimal. Nor is it proven where the referee refused a play that an
exact search called the best of its part (:attr:`._incumbent.Incumbent.doubt`): the plays of
that part below it were never searched.

The stages share a frozen :class:`~._context.Context` of the problem and an
:class:`~._incumbent.Incumbent` (the best verified play so far): :mod:`._opened` (steps 1-3),
:mod:`._fates` (the fates), :mod:`._host_search` (hosts and rests), :mod:`._joker_search`
(the jokers decided inside the search), :mod:`._opening` (the initial meld) and
:mod:`._engines` (the two searches, as the stages call them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import attrs

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.solver._budget import Budget, BudgetSpent
from rummikub_rules.solver._context import Laid, context
from rummikub_rules.solver._demanded import unplaceable
from rummikub_rules.solver._grid import NEG, Objective
from rummikub_rules.solver._incumbent import Done, Incumbent
from rummikub_rules.solver._opened import opened_bound, play_opened
from rummikub_rules.solver._opening import opening_bound, play_opening
from rummikub_rules.tiles import Tile

__all__ = ["ENGINES", "Engine", "SearchResult", "bound", "solve"]

#: The engines a solve may use: ``"auto"`` (the fast search where the meld rules allow it, the
#: general search elsewhere) or ``"general"`` (the general search only; for tests and
#: benchmarks, which compare the two).
Engine = Literal["auto", "general"]
ENGINES: Final = ("auto", "general")


@attrs.frozen
class SearchResult:
    """A solve's answer: the best legal play found, whether it is proven best, its score."""

    play: Play | None
    proven: bool
    score: int


def solve(
    table: Table,
    rack: Sequence[Tile],
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: Budget,
    engine: Engine = "auto",
    first: bool = False,
    laid: Laid | None = None,
    least: int = 0,
) -> SearchResult:
    """Solve one position (see the module docstring); ``first``: any legal play will do.

    ``least``: only a play scoring more is wanted (none found: no such play, if proven).
    """
    ctx = context(
        table,
        tuple(rack),
        opened=opened,
        edition=edition,
        objective=objective,
        budget=budget,
        fast=engine == "auto",
        first=first,
        laid=laid,
    )
    if not ctx.inventory_ok():
        return SearchResult(None, True, 0)
    best = Incumbent(ctx, least)
    proven = True
    try:
        if opened:
            play_opened(ctx, best)
        else:
            play_opening(ctx, best)
    except BudgetSpent:
        proven = False
    except Done:
        pass
    proven = proven and not best.doubt
    if best.found is None:
        return SearchResult(None, proven, 0)
    return SearchResult(best.found[1], proven, best.found[0])


def bound(
    table: Table,
    rack: Sequence[Tile],
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: Budget,
    laid: Laid | None = None,
) -> int:
    """An upper bound on the score of every legal play (``NEG``: none), without a search.

    For a player who has opened, the relaxation of stage 1 (see the module docstring); for one
    who has not, the best melds of the rack alone (:func:`._opening.opening_bound`), or under
    ``opening_may_use_table`` the opened player's bound (such an opening is such a play).
    Where the bounds on laid tiles (a region of ``top_plays``) demand a tile that no meld can
    hold by counts (:mod:`._demanded`), ``NEG`` at once: the region is never solved.
    """
    ctx = context(
        table,
        tuple(rack),
        opened=opened,
        edition=edition,
        objective=objective,
        budget=budget,
        fast=True,
        first=False,
        laid=laid,
    )
    if not ctx.inventory_ok() or unplaceable(ctx):
        return NEG
    if opened or edition.opening_may_use_table:
        return opened_bound(ctx)
    return opening_bound(ctx)
