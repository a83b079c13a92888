"""The two engines as the plan uses them: problems built, searches run, answers turned into melds.

The fast search (:mod:`._fast`) where the meld rules are the standard ones, with the bounds on
laid tiles folded in (:func:`fast_search`); the general search (:mod:`._search`) on a
:class:`~._problem.Problem` built for the position (:func:`problem`). When the budget runs out
mid-search, the best play the search had found is offered to the incumbent before
:class:`~._budget.BudgetSpent` goes on up (private).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from rummikub_rules.melds import Meld, MeldKind
from rummikub_rules.solver._budget import SETUP, BudgetSpent
from rummikub_rules.solver._context import Context, freeze
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.solver._grid import NEG, Counts, Grid
from rummikub_rules.solver._groups import GroupClaim, GroupRules
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._position import run_columns
from rummikub_rules.solver._problem import Opening, Problem
from rummikub_rules.solver._relax import JokerRoom
from rummikub_rules.solver._runs import Cell, Claim, RunRules
from rummikub_rules.solver._search import Found, Search
from rummikub_rules.tiles import JOKER, Tile

__all__ = [
    "Colored",
    "FastRun",
    "Scored",
    "claims_may_hold",
    "fast",
    "fast_search",
    "fast_solve",
    "fold_laid",
    "general",
    "joker_bounds",
    "problem",
    "run",
    "runs_may_owe",
    "searched",
]

#: A play's melds and its score.
Scored = tuple[int, list[Meld]]


@attrs.frozen
class FastRun:
    """A fast search and the score of the tiles it was told to lay (added to its answers).

    ``general`` builds the same problem for the general search, which decides where the fast
    search's best play holds a run of jokers alone (``None``: its answers only bound).
    """

    search: FastSearch = attrs.field(eq=False)
    forced: int
    general: Callable[[], Problem | None] | None = attrs.field(default=None, eq=False)

    def bound(self) -> int:
        """An upper bound on its answers (``NEG`` if none)."""
        bound = self.search.bound()
        return bound if bound == NEG else bound + self.forced


def fast(
    ctx: Context,
    best: Incumbent,
    table: Counts,
    *,
    loose: int = 0,
    rack_jokers: int | None = None,
    pins: tuple[Counts, list[int]] | None = None,
    floor: int | None = None,
) -> Scored | None:
    """The fast search's best play above ``floor`` (default: the best play so far)."""
    search = fast_search(ctx, table, loose=loose, rack_jokers=rack_jokers, pins=pins)
    if search is None:
        return None
    return fast_solve(ctx, best, search, best.floor if floor is None else floor)


def fast_search(
    ctx: Context,
    table: Counts,
    *,
    loose: int = 0,
    rack_jokers: int | None = None,
    pins: tuple[Counts, list[int]] | None = None,
    demanded: Counts | None = None,
    rack: Counts | None = None,
    laid: Counts | None = None,
    laid_jokers: int = 0,
    room: JokerRoom | None = None,
    row_jokers: Sequence[int] | None = None,
    owing: Sequence[bool] | None = None,
    runs_owe: bool = False,
    exempt: Counts | None = None,
    newness: Sequence[Sequence[int] | None] | None = None,
    claimed: Sequence[Sequence[int] | None] | None = None,
    group_least: Sequence[int] | None = None,
) -> FastRun | None:
    """The fast search, with the bounds on laid tiles folded in.

    Tiles that must be laid join the table (their score added back), and at most the
    allowed copies stay on the rack. ``demanded`` adds tiles that must be laid (what takes
    a freed joker's place); ``rack`` replaces the rack, ``laid`` and ``laid_jokers`` are
    what is laid already (by hosts); ``room`` is where loose jokers may stand;
    ``row_jokers`` the most jokers each colour's runs may take, where coloured jokers are read
    as plain ones (its own and the plain ones); ``owing``, per number, whether a loose joker
    (a freed one) in its groups owes a rack tile there, and with ``runs_owe`` in its runs,
    but for ``exempt`` per cell (:class:`._fast.FastSearch`); ``newness``, per colour, its
    cells' roles along an old run no run holding it whole may take a freed joker into, the
    ``exempt`` jokers kept ones (only with no rack joker, none coloured, and at most two
    loose, as where runs owe); ``claimed``, per colour, its cells' roles along the run claims
    its runs must keep whole (:func:`._host_claims.claim_roles`; only with none coloured, at
    most two loose or on the rack: :func:`claims_may_hold`); ``group_least``, per number, the
    fewest tiles and jokers its groups hold in all (:class:`._fast.FastSearch`). ``None`` if the
    bounds cannot be met.
    """
    given = rack

    def general() -> Problem | None:
        run_pins, group_pins = pins or (None, None)
        return problem(
            ctx,
            table,
            loose=loose,
            rack_jokers=rack_jokers,
            run_pins=run_pins,
            group_pins=group_pins,
            demanded=demanded,
            rack=given,
            laid=laid,
            laid_jokers=laid_jokers,
        )

    folded = fold_laid(ctx, table, rack, ctx.weights, demanded=demanded, laid=laid)
    if folded is None:
        return None
    laid_table, rack, forced = folded
    if owing is not None:
        # A rack tile that must be laid counts as the table's: the search cannot tell it is
        # the rack's, so a freed joker may join it unchecked, in a group of its number or in
        # any run (runs owe nothing then).
        unchanged = [tuple(a) == tuple(b) for a, b in zip(laid_table, table, strict=True)]
        owing = [o and same for o, same in zip(owing, unchanged, strict=True)]
        runs_owe = runs_owe and all(unchanged)
    # Runs owe only with at most two jokers loose: the states multiply (2,002 with five runs
    # open), and their tables cost more than they save (40 games of seeded xp self-play: 21%
    # more time than the code before with up to four, 4% with up to two). And none coloured:
    # on the solver benchmark's expert positions, solved once each, the median took 8-12% more
    # time (and its 90th percentile more), for 7% fewer units.
    runs_owe = runs_owe and owing is not None and not ctx.colored and runs_may_owe(loose)
    jokers = ctx.rack_jokers() if rack_jokers is None else rack_jokers
    if jokers or ctx.colored or not runs_may_owe(loose):
        newness = None  # a rack joker is not told from a freed one; many jokers cost more
    if claimed is not None:
        assert newness is None
        assert claims_may_hold(ctx, jokers, loose)
        newness = claimed
    jokers_low, jokers_high = joker_bounds(ctx)
    jokers_low = max(0, jokers_low - laid_jokers)
    jokers_high -= laid_jokers
    if jokers_low > jokers or jokers_high < 0:
        return None
    forced += jokers_low * ctx.joker_weight
    ctx.budget.charge(SETUP)
    search = FastSearch(
        laid_table,
        rack,
        ctx.weights,
        budget=ctx.budget,
        jokers=(loose + jokers_low, min(jokers, jokers_high) - jokers_low),
        joker_weight=ctx.joker_weight,
        pins=pins,
        first=ctx.first,
        room=room,
        row_jokers=row_jokers,
        owing=owing,
        runs_owe=runs_owe,
        exempt=exempt,
        newness=newness,
        group_least=group_least,
    )
    return FastRun(search, forced, general)


#: The most loose jokers a fast search lets owe in runs (see :func:`fast_search`).
_MOST_OWING: Final = 2


def claims_may_hold(ctx: Context, rack_jokers: int, loose: int) -> bool:
    """Whether a fast search may keep run claims whole (:func:`._host_claims.claim_roles`).

    With no coloured joker, and at most two jokers loose or on the rack (as where runs owe:
    more cost more than they save).
    """
    return not ctx.colored and loose + rack_jokers <= _MOST_OWING


def runs_may_owe(loose: int) -> bool:
    """Whether a fast search with ``loose`` freed jokers may let their runs owe."""
    return 0 < loose <= _MOST_OWING


def fold_laid(
    ctx: Context,
    table: Counts,
    rack: Counts | None,
    weights: Sequence[int],
    *,
    demanded: Counts | None = None,
    laid: Counts | None = None,
) -> tuple[Counts, Counts, int] | None:
    """The solve's bounds on laid numbered tiles folded into a search's counts.

    The tiles that must be laid join ``table``, and at most the allowed copies of the others
    stay on ``rack`` (the player's, by default): (table, rack, the score of the tiles that
    must be laid at ``weights``), or ``None`` if the bounds cannot be met. ``demanded`` and
    ``laid`` are as :meth:`._context.Context.rack_bounds` reads them.
    """
    rack = ctx.rack_counts() if rack is None else [list(row) for row in rack]
    if not ctx.laid and laid is None and (demanded is None or not any(map(any, demanded))):
        return table, rack, 0
    forced = 0
    low, high = ctx.rack_bounds(demanded, laid)
    laid_table = [list(row) for row in table]
    for column, row_counts in enumerate(rack):
        for row, count in enumerate(row_counts):
            must = low[column][row]
            if must > min(count, high[column][row]):
                return None
            laid_table[column][row] += must
            forced += must * weights[column]
            row_counts[row] = min(count, high[column][row]) - must
    return laid_table, rack, forced


def joker_bounds(ctx: Context) -> tuple[int, int]:
    """The fewest and most rack jokers a play may lay.

    With coloured jokers in play, the fast search reads them as plain ones (a relaxation; see
    ``_host_search``): the bounds of every kind add up, the plain joker's and each colour's
    (a region of ``top_plays`` bounds each kind apart).
    """
    plain = ctx.rack_jokers()
    if not ctx.colored:
        return ctx.laid.get(JOKER, (0, plain))
    kinds = [(JOKER, plain)]
    kinds += [
        (Tile.joker(color), count)
        for color, count in zip(ctx.grid.tile_set.colors, ctx.rack_colored(), strict=True)
    ]
    bounds = [ctx.laid.get(kind, (0, count)) for kind, count in kinds]
    return sum(low for low, _ in bounds), sum(high for _, high in bounds)


def fast_solve(ctx: Context, best: Incumbent, run: FastRun, floor: int) -> Scored | None:
    """Solve a fast search above ``floor``; past the budget, offer what it found.

    The fast search counts a joker in a run as one more tile of its cell, so it may lay a
    run of jokers alone, which is no meld: it then solves a relaxation, and the general
    search (which tells such runs apart) decides. Without three jokers in play, never.
    """
    try:
        found = run.search.solve(floor - run.forced)
    except BudgetSpent:
        partial = run.search.best_found()
        if partial is not None:
            best.offer([ctx.grid.meld(m) for m in partial[1]])
        raise
    if found is None:
        return None
    if run.general is not None and any(all(m.jokers) for m in found[1]):
        return general(ctx, best, run.general(), floor)
    return found[0] + run.forced, [ctx.grid.meld(m) for m in found[1]]


def general(
    ctx: Context,
    best: Incumbent,
    problem: Problem | None,
    floor: int,
    ceiling: int | None = None,
) -> Scored | None:
    """The general search's best play of ``problem`` above ``floor`` (``None``: none).

    ``ceiling``: a score no play of ``problem`` beats; a play reaching it ends the search.
    """
    if problem is None:
        return None
    return searched(ctx, best, Search(problem, ctx.budget, first=ctx.first), floor, ceiling)


def run(ctx: Context, best: Incumbent, problem: Problem | None) -> None:
    """Offer the general search's best play of ``problem`` above the best play so far."""
    if problem is not None:
        found = searched(ctx, best, Search(problem, ctx.budget, first=ctx.first), best.floor)
        if found is not None:
            best.offer(found[1])


def searched(
    ctx: Context, best: Incumbent, search: Search, floor: int, ceiling: int | None = None
) -> Scored | None:
    """A general search's best play above ``floor``; past the budget, offer what it found."""
    try:
        found = search.solve(floor, ceiling)
    except BudgetSpent:
        partial = search.best_found()
        if partial is not None:
            best.offer(_melds(ctx, partial))
        raise
    if found is None:
        return None
    return found.score, _melds(ctx, found)


def _melds(ctx: Context, found: Found) -> list[Meld]:
    return [ctx.grid.meld(m) for m in found.melds]


def problem(
    ctx: Context,
    table: Counts,
    *,
    loose: int = 0,
    rack_jokers: int | None = None,
    run_pins: Counts | None = None,
    group_pins: list[int] | None = None,
    run_claims: Sequence[Claim] = (),
    group_claims: Sequence[tuple[int, GroupClaim]] = (),
    opening: Opening | None = None,
    demanded: Counts | None = None,
    rack: Counts | None = None,
    laid: Counts | None = None,
    laid_jokers: int = 0,
    colored: Colored | None = None,
    colored_rack: Sequence[int] | None = None,
    colored_laid: Sequence[int] = (),
    free_pins: bool = False,
    owe: int = 0,
) -> Problem | None:
    """A general search problem for this position.

    ``rack`` replaces the rack, ``laid`` and ``laid_jokers`` are laid already, ``demanded``
    must be laid in all; ``None`` if the bounds on what is laid cannot be met. ``colored``
    places the table's coloured jokers (without it, none is on the table); ``colored_rack``
    replaces the rack's coloured jokers (per row) and ``colored_laid`` are laid already.
    ``free_pins``: each pin may be kept or freed; ``owe``: the rack tiles a meld holding a
    loose joker must hold.
    """
    grid, edition = ctx.grid, ctx.edition
    rack = ctx.rack_counts() if rack is None else rack
    low, high = ctx.rack_bounds(demanded, laid)
    for column, row_counts in enumerate(rack):
        for row, count in enumerate(row_counts):
            if low[column][row] > min(count, high[column][row]):
                return None
    jokers = ctx.rack_jokers() if rack_jokers is None else rack_jokers
    jokers_low, jokers_high = ctx.laid.get(JOKER, (0, ctx.rack_jokers()))
    jokers_low, jokers_high = max(0, jokers_low - laid_jokers), jokers_high - laid_jokers
    if jokers_low > jokers or jokers_high < 0:
        return None
    run_pins = run_pins or grid.zeros()
    group_pins = group_pins or [0] * grid.columns
    tinted = _colored_fields(ctx, colored, colored_rack, colored_laid) if ctx.colored else {}
    if tinted is None:
        return None
    held = _claimed_jokers(ctx, run_claims) if tinted and run_claims else ()
    total = loose + jokers + sum(map(sum, run_pins)) + sum(group_pins)
    total += sum(map(sum, tinted.get("colored_group_pins", ())))
    total += sum(tinted.get("colored_loose", ())) + sum(tinted.get("colored_rack", ()))
    cap = edition.max_jokers_per_meld
    if cap is not None and cap >= total:
        cap = None
    claims = tuple(run_claims)
    runs = RunRules(
        longest=grid.span if grid.cyclic else 3,
        span=grid.span,
        track_numbered=total >= 3,
        cap=cap,
        claims=claims,
        high=grid.high,
        cyclic=grid.cyclic,
        owe=owe,
    )
    groups = _group_rules(
        grid.columns, grid.rows, edition.group_colors_distinct, cap, tuple(group_claims),
        bool(tinted), owe,
    )  # fmt: skip
    return Problem(
        grid=grid,
        table=freeze(table),
        rack=freeze(rack),
        weights=tuple(ctx.weights),
        joker_weight=ctx.joker_weight,
        runs=runs,
        groups=groups,
        cells=_cells(grid, claims, held),
        rack_low=freeze(low),
        rack_high=freeze(high),
        run_pins=freeze(run_pins),
        group_pins=tuple(group_pins),
        loose=loose,
        rack_jokers=jokers,
        jokers_low=jokers_low,
        jokers_high=min(jokers, jokers_high),
        opening=opening,
        free_pins=free_pins,
        **tinted,
    )


@attrs.frozen
class Colored:
    """The table's coloured jokers in one problem, per row of their colour.

    ``loose`` free to go where their colour fits; kept ones pinned in runs (``run_pins``, per
    cell: how many of the problem's run pins are coloured) or in groups (``group_pins``, per
    column and row: standing as that row's tile).
    """

    loose: tuple[int, ...]
    run_pins: tuple[tuple[int, ...], ...]
    group_pins: tuple[tuple[int, ...], ...]


def _claimed_jokers(ctx: Context, claims: Sequence[Claim]) -> tuple[tuple[int, int, int], ...]:
    """The table jokers locked run claims hold: (claim index, column, the joker's kind).

    Only locked melds (``joker_melds_extend_only``) want their very jokers back in place; a
    joker replaced in place is judged by values, so any joker may stand where the others of
    its meld stood.
    """
    grid = ctx.grid
    held = []
    for index, claim in enumerate(claims):
        if claim.meld < 0 or claim.shared:
            continue
        meld = ctx.table.melds[claim.meld]
        reading = meld.reading(ctx.edition)
        if reading is None or reading.kind is not MeldKind.RUN:
            continue
        for tile, column in zip(meld.tiles, run_columns(grid, reading), strict=True):
            if tile.is_joker and column in claim.columns:
                kind = grid.color_row[tile.color] if tile.is_colored_joker else -1
                held.append((index, column, kind))
    return tuple(held)


def _colored_fields(
    ctx: Context, colored: Colored | None, rack: Sequence[int] | None, laid: Sequence[int]
) -> dict[str, Any] | None:
    """The coloured-joker fields of a problem (``None``: the bounds on rack ones cannot hold)."""
    grid = ctx.grid
    rack = ctx.rack_colored() if rack is None else rack
    low, high = [], []
    for row, have in enumerate(rack):
        done = laid[row] if laid else 0
        least, most = ctx.laid.get(Tile.joker(grid.tile_set.colors[row]), (0, have + done))
        least, most = max(0, least - done), most - done
        if least > min(have, most):
            return None
        low.append(least)
        high.append(min(have, most))
    zeros = freeze(grid.zeros())
    return {
        "colored_loose": colored.loose if colored else (0,) * grid.rows,
        "colored_rack": tuple(rack),
        "colored_low": tuple(low),
        "colored_high": tuple(high),
        "colored_group_pins": colored.group_pins if colored else zeros,
        "colored_run_pins": colored.run_pins if colored else zeros,
    }


@functools.lru_cache(maxsize=256)
def _group_rules(
    columns: int,
    size: int,
    distinct: bool,
    cap: int | None,
    claims: tuple[tuple[int, GroupClaim], ...],
    colored: bool,
    owe: int,
) -> tuple[GroupRules, ...]:
    """The rules of each column's groups, with the claims on it. Kept, as :func:`_cells`."""
    return tuple(
        GroupRules(
            size=size,
            distinct=distinct,
            cap=cap,
            claims=tuple(c for at, c in claims if at == column),
            colored=colored,
            owe=owe,
        )
        for column in range(columns)
    )


@functools.lru_cache(maxsize=256)
def _cells(
    grid: Grid, claims: tuple[Claim, ...], held: tuple[tuple[int, int, int], ...] = ()
) -> tuple[tuple[Cell, ...], ...]:
    """What the run facts need to know of each cell: the claims on it.

    ``held``: the table jokers of locked claims (claim, column, kind), where jokers of two
    kinds are in play. Kept (they are frozen): most problems of a solve, and of a game, have
    the same claims or none, and building a grid's cells cost a tenth of an ``expert`` solve.
    """
    jokers: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for at, column, kind in held:
        jokers.setdefault((column, claims[at].row), []).append((at, kind))
    claimed: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}
    starts: dict[tuple[int, int], list[int]] = {}
    for index, claim in enumerate(claims):
        for at, (column, demand) in enumerate(zip(claim.columns, claim.demands, strict=True)):
            last = at == len(claim.columns) - 1
            claimed.setdefault((column, claim.row), []).append((index, demand, last))
        starts.setdefault((claim.columns[0], claim.row), []).append(index)
    last_column = grid.columns - 1
    return tuple(
        tuple(
            Cell(
                column,
                row,
                index=column * grid.rows + row,
                first=column == 0,
                last=column == last_column,
                claimed=tuple(claimed.get((column, row), ())),
                starts=tuple(starts.get((column, row), ())),
                jokers=tuple(jokers.get((column, row), ())),
            )
            for row in range(grid.rows)
        )
        for column in range(grid.columns)
    )
