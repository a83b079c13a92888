"""The opening (rules section 4.4): new melds of rack tiles worth the threshold (private).

From the rack alone: the bound of the fast search for the most points first proves where no
melds of the rack reach the threshold; then the rack's best play is checked against it (where
there is none above the best play so far, no opening beats it either); where it falls short,
that search looks for melds that reach it, and where some do, each set of melds that reaches it
is laid at least in turn, and the rack's best play with it searched; where that cannot
decide (more than two jokers, coloured ones, or a play falling short), the general search
(which counts the threshold) does. Under ``opening_may_use_table`` the turn
may go on over the table: once melds of rack tiles reach the threshold, the player has opened
for the rest of the turn, so each such set of melds is laid and an opened player's play
searched with them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

import attrs

from rummikub_rules.editions import JokerInInitialMeld
from rummikub_rules.melds import Meld
from rummikub_rules.solver._budget import SETUP
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import (
    FastRun,
    Scored,
    fast,
    fast_search,
    fast_solve,
    fold_laid,
    general,
    joker_bounds,
    problem,
)
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._opened import opened_bound, play_opened
from rummikub_rules.solver._pinned import rack_recoloured
from rummikub_rules.solver._problem import Opening
from rummikub_rules.solver._witness import unopenable
from rummikub_rules.tiles import JOKER, Tile
from rummikub_rules.turns._facts import TileCounts
from rummikub_rules.turns._rack_melds import RackMelds

__all__ = ["opening_bound", "play_opening"]

#: The most rack jokers for which an opening's points are searched, not only bounded.
_POINTS_JOKERS: Final = 2


def play_opening(ctx: Context, best: Incumbent) -> None:
    """Offer the best initial meld: new melds of rack tiles worth the threshold."""
    edition = ctx.edition
    if not _table_valid(ctx):
        if edition.opening_may_use_table:
            _opening_on_table(ctx, best)
        return  # the table before is not valid: no turn can leave it as it is
    if unopenable(ctx.rack, edition):
        return  # the rack's tiles that may stand in its own melds are worth too little
    rule = JokerInInitialMeld(edition.joker_in_initial_meld)
    jokers = _opening_jokers(ctx)
    tinted = [0] * ctx.grid.rows if rule is JokerInInitialMeld.FORBIDDEN else None
    threshold = max(1, edition.initial_meld_points)
    opening = Opening(threshold, jokers_count=rule is JokerInInitialMeld.COUNTS)
    proven_alone = False
    every, rows = _fast_jokers(ctx, jokers)
    if ctx.fast_rules(every):
        points = _points_search(ctx, every, opening, rows)
        if points is None:
            proven_alone = True  # no melds of the rack alone are worth the threshold
        else:
            found = _rack_best(ctx, best, every, rows)
            melds = None if found is None else _recoloured(ctx, found[1], rows)
            if found is None:
                # Nothing of the rack alone beats the best play so far, worth the threshold or
                # not (a region of ``top_plays`` whose bounds no play meets often ends so).
                proven_alone = True
            elif melds is not None and ctx.opening_value(melds, opening) >= threshold:
                best.offer(melds, keep=ctx.table.melds)
                proven_alone = True
            elif not _rack_reaches(ctx, best, points, every, opening, rows):
                proven_alone = True  # the best melds fall short, and so do all
    if not proven_alone and rows is None and ctx.fast_rules(every) and every <= _POINTS_JOKERS:
        forbidden = rule is JokerInInitialMeld.FORBIDDEN
        proven_alone = _by_openings(ctx, best, opening, every, forbidden=forbidden)
    if not proven_alone:
        empty = ctx.grid.zeros()
        built = problem(ctx, empty, rack_jokers=jokers, opening=opening, colored_rack=tinted)
        if built is not None:
            found = general(ctx, best, built, best.floor)
            if found is not None:
                best.offer(found[1], keep=ctx.table.melds)
    if edition.opening_may_use_table:
        _opening_on_table(ctx, best)


def opening_bound(ctx: Context) -> int:
    """An upper bound on every initial meld from the rack alone (``NEG``: none).

    The best melds of the rack's tiles, the threshold set aside; where the fast search does not
    serve the meld rules, the bound of an opened player's plays (an opening is one).
    """
    if not _table_valid(ctx):
        return NEG  # no turn can leave the table before as it is
    jokers = _opening_jokers(ctx)
    every, rows = _fast_jokers(ctx, jokers)
    if not ctx.fast_rules(every):
        return opened_bound(ctx)
    search = fast_search(ctx, ctx.grid.zeros(), rack_jokers=every, row_jokers=rows)
    return NEG if search is None else search.bound()


def _table_valid(ctx: Context) -> bool:
    """Whether every meld of the table before is valid (else no opening leaves it as it is)."""
    return all(m.is_valid(ctx.edition) for m in ctx.table.melds)


def _opening_jokers(ctx: Context) -> int:
    """The rack's plain jokers an initial meld may use (none where the edition forbids them)."""
    rule = JokerInInitialMeld(ctx.edition.joker_in_initial_meld)
    return 0 if rule is JokerInInitialMeld.FORBIDDEN else ctx.rack_jokers()


def _fast_jokers(ctx: Context, jokers: int) -> tuple[int, list[int] | None]:
    """The rack's jokers the fast search may lay in an initial meld, and each colour's share.

    The share is what the colour's runs may take (``None``: no coloured joker may be laid).
    Only the rack's tiles count there: the table's coloured jokers stay where they are. The
    rack's coloured jokers are read as plain ones besides its ``jokers``, each colour's runs
    lent only the plain ones and its own, and the bounds of a region of ``top_plays`` on laid
    jokers of each kind added up (a relaxation: its plays are then given their jokers' kinds,
    :func:`_recoloured`).
    """
    colored = ctx.rack_colored()
    if ctx.edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN or not any(colored):
        return jokers, None
    return jokers + sum(colored), [jokers + own for own in colored]


def _rack_best(ctx: Context, best: Incumbent, jokers: int, rows: list[int] | None) -> Scored | None:
    """The fast search's best play of the rack alone above the best play so far.

    With coloured jokers (``rows``) read as plain, a relaxation whose play may lay a run of
    jokers alone (no meld): :func:`_recoloured` then finds no kinds for it.
    """
    if rows is None:
        return fast(ctx, best, ctx.grid.zeros(), rack_jokers=jokers)
    run = fast_search(ctx, ctx.grid.zeros(), rack_jokers=jokers, row_jokers=rows)
    if run is None:
        return None
    return fast_solve(ctx, best, attrs.evolve(run, general=None), best.floor)


def _recoloured(ctx: Context, melds: Sequence[Meld], rows: list[int] | None) -> list[Meld] | None:
    """A play of :func:`_rack_best` with its jokers' kinds (``None``: no fit found).

    Within the solve's bounds on laid jokers of each kind (a region of ``top_plays``).
    """
    if rows is None:
        return list(melds)
    found = rack_recoloured(melds, ctx.grid, ctx.edition, ctx.rack_jokers(), ctx.rack_colored())
    if found is None or not ctx.laid:
        return found
    laid = Counter(t for m in found for t in m.tiles if t.number is None)
    for kind in {JOKER, *(t for t in ctx.rack if t.is_colored_joker)}:
        low, high = ctx.laid.get(kind, (0, laid[kind]))
        if not low <= laid[kind] <= high:
            return None
    return found


def _points_search(
    ctx: Context, jokers: int, opening: Opening, rows: list[int] | None
) -> FastRun | None:
    """The fast search for the rack's melds with the most points (``None``: too few).

    A joker counts as the number it stands for (or as nothing where jokers do not count), as in
    the value of an initial meld: the search scores a joker at the number where it stands (its
    bound, at the highest). Where that bound, before any search, is below the threshold, no
    opening from the rack reaches it. Within the solve's bounds on laid tiles (a region of
    ``top_plays``): its numbered tiles as :func:`._engines.fast_search` folds them in, its
    jokers at most as many as it allows.
    """
    numbers = list(ctx.grid.numbers)
    folded = fold_laid(ctx, ctx.grid.zeros(), None, numbers)
    if folded is None:
        return None
    table, rack, forced = folded
    ctx.budget.charge(SETUP)
    joker_weight: int | list[int] = numbers if opening.jokers_count else 0
    search = FastSearch(
        table,
        rack,
        numbers,
        budget=ctx.budget,
        jokers=(0, min(jokers, joker_bounds(ctx)[1])),
        joker_weight=joker_weight,
        first=True,
        row_jokers=rows,
    )
    run = FastRun(search, forced)
    return None if run.bound() < opening.threshold else run


def _rack_reaches(
    ctx: Context,
    best: Incumbent,
    points: FastRun,
    jokers: int,
    opening: Opening,
    rows: list[int] | None,
) -> bool:
    """Whether melds of the rack alone may be worth the opening's threshold.

    Asked where the rack's best melds fall short of it: ``points`` (:func:`_points_search`)
    searched until melds reach it; where none do, no opening from the rack does. Where any
    play will do, those melds are offered. With many jokers the answer is yes, unsearched
    (the search grows with them).
    """
    if jokers > _POINTS_JOKERS:
        return True  # the search would cost more than it saves
    found = fast_solve(ctx, best, points, opening.threshold - 1)
    if found is None:
        return False
    melds = _recoloured(ctx, found[1], rows) if ctx.first else None
    if melds is not None and ctx.opening_value(melds, opening) >= opening.threshold:
        best.offer(melds, keep=ctx.table.melds)
    return True


def _by_openings(
    ctx: Context, best: Incumbent, opening: Opening, jokers: int, *, forbidden: bool
) -> bool:
    """Offer the best initial meld of the rack alone, set by set (``False``: undecided).

    Each set of melds that reaches the threshold is laid at least in turn; where that cannot
    decide, the general search must.

    Every opening holds the tiles of some set of its melds that reaches the threshold with none
    to spare, or of a smaller such set (:meth:`RackMelds.openings` lists them): the best play
    of the rack laying each set's tiles at least, over all sets, is the best opening once it
    reaches the threshold itself. Without a joker in the set it does (its tiles count their
    numbers wherever they go); a play laying a set with a joker may fall short (the joker
    standing for less there), and the general search then decides. ``jokers``: the rack's
    jokers an opening may lay; ``forbidden``: none is laid in an opening.
    """
    rack: TileCounts = {}
    for tile, count in Counter(ctx.rack).items():
        most = 0 if forbidden and tile.number is None else ctx.laid.get(tile, (0, count))[1]
        if min(count, most) > 0:
            rack[tile.index] = min(count, most)
    melds = RackMelds(rack, ctx.edition, charge=ctx.budget.charge)
    if melds.best(opening.threshold) < opening.threshold:
        return True  # no melds of the rack alone reach the threshold
    searches: list[tuple[int, FastRun, Context]] = []
    for found in melds.openings(opening.threshold):
        laid = _laid_at_least(ctx, [t for m in found for t in m.tiles], no_jokers=forbidden)
        if laid is None:
            continue
        region = attrs.evolve(ctx, laid=laid)
        run = fast_search(region, ctx.grid.zeros(), rack_jokers=jokers)
        if run is not None:
            searches.append((run.bound(), run, region))
    searches.sort(key=lambda entry: -entry[0])
    for bound, run, region in searches:
        if bound <= best.floor:
            break
        played = fast_solve(region, best, run, best.floor)
        if played is None:
            continue
        if ctx.opening_value(played[1], opening) < opening.threshold:
            return False
        best.offer(played[1], keep=ctx.table.melds)
    return True


def _opening_on_table(ctx: Context, best: Incumbent) -> None:
    """The initial meld under ``opening_may_use_table``: the table rearranged too.

    The rack tiles laid form melds worth the threshold on their own; from then on the player
    has opened for the rest of the turn (rules 4.4, revised). So each set of rack melds that
    reaches it (:meth:`~rummikub_rules.turns._rack_melds.RackMelds.openings`) is laid at
    least, and the rest is an opened player's play (:func:`._opened.play_opened`) with those
    tiles among the tiles laid. The opened player's best play bounds every such play: it is
    found first (:func:`_opened_best`), and once a play scores it, the rest is not searched.
    A threshold of 0 is met by any turn.
    """
    edition = ctx.edition
    forbidden = edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN
    if edition.initial_meld_points <= 0:
        laid = _laid_at_least(ctx, (), no_jokers=forbidden)
        if laid is not None:
            play_opened(attrs.evolve(ctx, laid=laid), best)
        return
    rack: TileCounts = {}
    for tile in ctx.rack:
        rack[tile.index] = rack.get(tile.index, 0) + 1
    melds = RackMelds(rack, edition, charge=ctx.budget.charge)
    if melds.best(edition.initial_meld_points) < edition.initial_meld_points:
        return  # no melds of the rack alone reach the threshold
    openings = melds.openings(edition.initial_meld_points)
    # With one set of melds, every opening lays its tiles: its search alone is the answer.
    bound = _opened_best(ctx, best) if len(openings) > 1 else None
    for opening in openings:
        if bound is not None and best.floor >= bound:
            return
        laid = _laid_at_least(ctx, [t for m in opening for t in m.tiles], no_jokers=forbidden)
        if laid is not None:
            ctx.budget.charge(SETUP)
            play_opened(attrs.evolve(ctx, laid=laid), best)


def _opened_best(ctx: Context, best: Incumbent) -> int:
    """The best play of a player who has opened, offered; its score bounds every opening here.

    The referee keeps it where its rack tiles reach the threshold (most often they do). Where
    any legal play will do, the opened player's plays are offered as found instead, and the
    bound is the relaxation's. Only a play above the best one's floor is wanted (a region of
    ``top_plays`` may start above 0): none there, ``NEG``, and no opening is searched.
    """
    if ctx.first:
        play_opened(ctx, best)
        return opened_bound(ctx)
    opened = attrs.evolve(ctx, opened=True)
    top = Incumbent(opened, best.floor)
    try:
        play_opened(opened, top)
    finally:
        if top.found is not None:
            best.offer(top.found[1].after.melds)
    return top.floor if top.found is not None else NEG


def _laid_at_least(
    ctx: Context, tiles: Sequence[Tile], *, no_jokers: bool
) -> dict[Tile, tuple[int, int]] | None:
    """The solve's bounds on laid tiles with ``tiles`` laid at least (``None``: they clash).

    ``no_jokers``: no rack joker is laid (a region of ``top_plays`` laying one has no play).
    """
    laid = dict(ctx.laid)
    if no_jokers:
        for joker in sorted({JOKER, *(t for t in ctx.rack if t.is_colored_joker)}):
            if laid.get(joker, (0, 0))[0] > 0:
                return None
            laid[joker] = (0, 0)
    for tile, count in Counter(tiles).items():
        least, most = laid.get(tile, (0, 99 if tile != JOKER else ctx.rack_jokers()))
        if count > most:
            return None
        laid[tile] = (max(least, count), most)
    return laid
