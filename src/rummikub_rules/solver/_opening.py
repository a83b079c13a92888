"""The opening (rules section 4.4): new melds of rack tiles worth the threshold (private).

From the rack alone: the fast search for the most points first proves where no melds of the
rack reach the threshold, then the best play of the rack is checked against it, and the general
search (which counts the threshold) decides the rest. Under ``opening_may_use_table`` the turn
may go on over the table: the search over the whole table with the rack's new melds counted.
"""

from __future__ import annotations

from typing import Final

from rummikub_rules.editions import JokerInInitialMeld
from rummikub_rules.solver._budget import SETUP
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import (
    FastRun,
    fast,
    fast_search,
    fast_solve,
    general,
    problem,
    run,
)
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.solver._groups import GroupClaim
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._position import locked, readings
from rummikub_rules.solver._problem import Opening
from rummikub_rules.solver._runs import Claim

__all__ = ["play_opening"]

#: The most rack jokers for which an opening's points are searched, not only bounded.
_POINTS_JOKERS: Final = 2


def play_opening(ctx: Context, best: Incumbent) -> None:
    """Offer the best initial meld: new melds of rack tiles worth the threshold."""
    edition = ctx.edition
    if any(not m.is_valid(edition) for m in ctx.table.melds):
        if edition.opening_may_use_table:
            _opening_on_table(ctx, best)
        return  # the table before is not valid: no turn can leave it as it is
    rule = JokerInInitialMeld(edition.joker_in_initial_meld)
    jokers = 0 if rule is JokerInInitialMeld.FORBIDDEN else ctx.rack_jokers()
    threshold = max(1, edition.initial_meld_points)
    opening = Opening(threshold, jokers_count=rule is JokerInInitialMeld.COUNTS)
    empty = ctx.grid.zeros()
    proven_alone = False
    if ctx.fast_applies(jokers) and not _rack_reaches(ctx, best, jokers, opening):
        proven_alone = True  # no melds of the rack alone are worth the threshold
    elif ctx.fast_applies(jokers):
        found = fast(ctx, best, empty, rack_jokers=jokers)
        if found is not None:
            melds = found[1]
            if ctx.opening_value(melds, opening) >= threshold:
                best.offer(melds, keep=ctx.table.melds)
                proven_alone = True
    if not proven_alone:
        built = problem(ctx, empty, rack_jokers=jokers, opening=opening)
        if built is not None:
            found = general(ctx, best, built, best.floor)
            if found is not None:
                best.offer(found[1], keep=ctx.table.melds)
    if edition.opening_may_use_table:
        _opening_on_table(ctx, best)


def _rack_reaches(ctx: Context, best: Incumbent, jokers: int, opening: Opening) -> bool:
    """Whether melds of the rack alone may be worth the opening's threshold.

    The fast search for the most points, a joker counted as the highest number (or as
    nothing where jokers do not count): if nothing reaches the threshold, no opening from
    the rack does. Else, where any play will do, its melds are offered. With many jokers
    only its bound is asked (the search grows with them).
    """
    ctx.budget.charge(SETUP)
    joker_weight = max(ctx.grid.numbers) if opening.jokers_count else 0
    search = FastSearch(
        ctx.grid.zeros(),
        ctx.rack_counts(),
        list(ctx.grid.numbers),
        budget=ctx.budget,
        jokers=(0, jokers),
        joker_weight=joker_weight,
        first=ctx.first,
    )
    if search.bound() < opening.threshold:
        return False
    if jokers > _POINTS_JOKERS:
        return True  # the search would cost more than it saves
    found = fast_solve(ctx, best, FastRun(search, 0), opening.threshold - 1)
    if found is None:
        return False
    if ctx.first and ctx.opening_value(found[1], opening) >= opening.threshold:
        best.offer(found[1], keep=ctx.table.melds)
    return True


def _opening_on_table(ctx: Context, best: Incumbent) -> None:
    """The initial meld under ``opening_may_use_table``, the table rearranged too.

    New melds of rack tiles reach the threshold, and the rest of the turn rearranges the
    table (no joker is retrieved before the opening).
    """
    edition = ctx.edition
    table = ctx.counts(t for m in ctx.table.melds for t in m.tiles)
    assert table is not None
    rule = JokerInInitialMeld(edition.joker_in_initial_meld)
    jokers = 0 if rule is JokerInInitialMeld.FORBIDDEN else ctx.rack_jokers()
    # A threshold of 0 is met by any turn: the rack's melds need not count for anything.
    opening = (
        Opening(
            edition.initial_meld_points,
            every_meld=False,
            jokers_count=rule is JokerInInitialMeld.COUNTS,
        )
        if edition.initial_meld_points > 0
        else None
    )
    for roles in readings(ctx.table, ctx.grid, edition):
        run_claims: list[Claim] = []
        group_claims: list[tuple[int, GroupClaim]] = []
        if edition.joker_melds_extend_only:
            run_claims, group_claims = locked(ctx.table, roles, ctx.grid)
        run_pins, group_pins = ctx.pins(roles.jokers)
        if ctx.fast_applies(len(roles.jokers) + roles.roleless + jokers):
            # The relaxation: an opened player's best play, jokers kept in their roles.
            search = fast_search(
                ctx, table, loose=roles.roleless, rack_jokers=jokers, pins=(run_pins, group_pins)
            )
            if search is None or search.bound() <= best.floor:
                continue
            found = fast_solve(ctx, best, search, best.floor)
            if found is None or best.offer(found[1]) == found[0]:
                continue  # nothing beats the best play so far, or the best is legal
        run(
            ctx,
            best,
            problem(
                ctx,
                table,
                loose=roles.roleless,
                rack_jokers=jokers,
                run_pins=run_pins,
                group_pins=group_pins,
                run_claims=run_claims,
                group_claims=group_claims,
                opening=opening,
            ),
        )
