"""The fates of the table's jokers: kept in their roles, or freed (rules section 4.5; private).

A :class:`Fate` says which jokers are freed and what takes each freed one's place;
:func:`fates` lists them all for one reading of the table.
Under ``replace`` a freed joker's place is taken by tiles laid from the rack (:class:`FromRack`)
or, under ``rack_or_table``, standing in its own meld (:class:`RunInPlace`,
:class:`GroupInPlace`), which the play must then hold as a claim. :func:`covers` says when one
fate's relaxation holds every play of another's, so one refuted settles both.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import TypeAlias

import attrs

from rummikub_rules.editions import JokerRetrieval, ReplacementFrom
from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._grid import Counts, Grid
from rummikub_rules.solver._groups import GroupClaim
from rummikub_rules.solver._position import (
    Roles,
    TableJoker,
    claim_parts,
    locked,
    renumbered,
    run_columns,
)
from rummikub_rules.solver._runs import ANY, NUMBERED, Claim

__all__ = ["Fate", "covers", "fates"]


@attrs.frozen
class Fate:
    """What happens to the table's jokers.

    Those kept in their roles, how many are freed, and (under ``replace``) the tiles demanded
    from the rack and the melds claimed in place.
    """

    kept: tuple[TableJoker, ...]
    freed: int
    low: Counts = attrs.field(eq=False)
    claims: tuple[Claim, ...] = ()
    group_claims: tuple[tuple[int, GroupClaim], ...] = ()
    #: How many of the freed jokers are coloured, per row of their colour.
    freed_colored: tuple[int, ...] = ()


@attrs.frozen
class FromRack:
    """A freed joker's place taken by tiles laid from the rack: those cells' fewest laid."""

    cells: tuple[tuple[int, int], ...]

    def apply(self, low: Counts, groups: list[tuple[int, GroupClaim]]) -> None:
        """Demand the tiles from the rack."""
        for column, row in self.cells:
            low[column][row] += 1


@attrs.frozen
class RunInPlace:
    """A run joker's place taken in its own meld (``rack_or_table``).

    The meld's cells, each demanding a numbered tile or anything, are carried by one run.
    """

    meld: int
    row: int
    columns: tuple[int, ...]
    demands: tuple[int, ...]


@attrs.frozen
class GroupInPlace:
    """A group joker's place taken in its own meld (``rack_or_table``): a group claim."""

    column: int
    claim: GroupClaim

    def apply(self, low: Counts, groups: list[tuple[int, GroupClaim]]) -> None:
        """Claim the group."""
        groups.append((self.column, self.claim))


#: A way a freed joker's place may be taken (rules section 4.5, ``replace``).
Replacement: TypeAlias = FromRack | RunInPlace | GroupInPlace


def fates(ctx: Context, roles: Roles) -> Iterator[Fate]:
    """Every way to say which jokers are freed, and what takes each freed one's place.

    Identical jokers are freed alike; what takes a freed joker's place is chosen under
    ``replace`` only (rules section 4.5).
    """
    edition = ctx.edition
    replace = edition.joker_retrieval is JokerRetrieval.REPLACE
    in_place = edition.replacement_from is ReplacementFrom.RACK_OR_TABLE
    run_claims: list[Claim] = []
    group_claims: list[tuple[int, GroupClaim]] = []
    if edition.joker_melds_extend_only:
        run_claims, group_claims = locked(ctx.table, roles, ctx.grid)
    held = ctx.counts((*ctx.table.tiles, *ctx.rack))
    assert held is not None
    rack = ctx.rack_counts()
    kinds: dict[tuple[object, ...], list[TableJoker]] = {}
    for joker in roles.jokers:
        kinds.setdefault(joker.identity, []).append(joker)
    per_kind = []
    for jokers in kinds.values():
        options: list[Replacement | None] = [None]
        if replace:
            options = list(_replacements(ctx, jokers[0], in_place, held, rack))
        per_kind.append(
            [
                (freed, combo)
                for freed in range(len(jokers) + 1)
                for combo in itertools.combinations_with_replacement(options, freed)
            ]
        )
    for choice in itertools.product(*per_kind):
        kept: list[TableJoker] = []
        low = ctx.grid.zeros()
        claims_g = list(group_claims)
        in_place_runs: list[RunInPlace] = []
        freed = 0
        tinted = [0] * ctx.grid.rows
        for jokers, (count, combo) in zip(kinds.values(), choice, strict=True):
            kept.extend(jokers[count:])
            freed += count
            if jokers[0].color >= 0:
                tinted[jokers[0].color] += count
            for replacement in combo:
                if isinstance(replacement, RunInPlace):
                    in_place_runs.append(replacement)
                elif replacement is not None:
                    replacement.apply(low, claims_g)
        for claims in _in_place_ways(ctx.grid, in_place_runs, tuple(run_claims), held):
            yield Fate(tuple(kept), freed, low, claims, tuple(claims_g), tuple(tinted))


def _replacements(
    ctx: Context, joker: TableJoker, in_place: bool, held: Counts, rack: Counts
) -> list[Replacement]:
    """The ways a freed joker's place may be taken (rules section 4.5, ``replace``).

    Only ways whose tiles are there: those laid from the rack on the rack (``rack``), those
    of a meld claimed in place on the table or the rack (``held``).
    """
    grid = ctx.grid
    meld = ctx.table.melds[joker.meld]
    options: list[Replacement] = []
    if joker.kind is MeldKind.RUN:
        tile_column = 0 if grid.high and joker.column == grid.columns - 1 else joker.column
        if rack[tile_column][joker.row]:
            options.append(FromRack(((tile_column, joker.row),)))
        if in_place and held[tile_column][joker.row]:
            options.append(_in_place_run(ctx, joker))
        return options
    for rows in itertools.combinations_with_replacement(joker.missing, joker.wanted):
        wanted = Counter(rows)
        if all(rack[joker.column][r] >= n for r, n in wanted.items()):
            options.append(FromRack(tuple((joker.column, row) for row in rows)))
        if in_place:
            counts = Counter(grid.color_row[t.color] for t in meld.tiles if t.number is not None)
            counts.update(rows)
            claim = GroupClaim(tuple(counts[r] for r in range(grid.rows)), 0, shared=True)
            if all(held[joker.column][r] >= n for r, n in counts.items()):
                options.append(GroupInPlace(joker.column, claim))
    return options


def _in_place_run(ctx: Context, joker: TableJoker) -> RunInPlace:
    """A run joker replaced in place (``rack_or_table``).

    Its meld's numbered tiles and the tile it stood for stand in one run.
    """
    meld = ctx.table.melds[joker.meld]
    reading = meld.reading(ctx.edition)
    assert reading is not None
    assert reading.kind is MeldKind.RUN
    columns = run_columns(ctx.grid, reading)
    demands = [
        NUMBERED if t.number is not None or c == joker.column else ANY
        for t, c in zip(meld.tiles, columns, strict=True)
    ]
    return RunInPlace(joker.meld, joker.row, tuple(columns), tuple(demands))


def _in_place_ways(
    grid: Grid, runs: list[RunInPlace], locked: tuple[Claim, ...], held: Counts
) -> Iterator[tuple[Claim, ...]]:
    """The run claims of a fate: the locked ones, and those of run jokers replaced in place.

    The referee judges each joker replaced in place on its own and by values, so one run may
    serve several jokers, of one meld or of several melds of one colour (``j j r3 j r5 |
    r3 r4 j`` -> ``j j r3 | r3 r4 r5`` frees the jokers at r4 and r5), and the run extending a
    locked meld may serve its jokers replaced in place too: every way of sharing runs among
    the jokers (:func:`_sharings`) is tried, each shared run in every way it may lie
    (:func:`_arcs`), and the locked meld's run where there is one. A sharing whose runs need
    more copies of a tile than the table and the rack hold (``held``) is left out: a play
    where one run serves two of its blocks is a play of the sharing that joins them.
    """
    ways = [(runs, locked)]
    locked_melds = {c.meld for c in locked}
    own = {run.meld for run in runs if run.meld in locked_melds}
    if own:
        # A locked meld's jokers replaced in place: the run extending it holds their tiles.
        into = list(renumbered(locked, {i for i, c in enumerate(locked) if c.meld in own}))
        for meld in sorted(own):
            whole = _joined([run for run in runs if run.meld == meld])
            into.extend(
                claim_parts(grid, whole.row, whole.columns, whole.demands, len(into), meld=meld)
            )
        ways.append(([run for run in runs if run.meld not in own], tuple(into)))
    seen: set[tuple[Claim, ...]] = set()
    for free, base in ways:
        for shared in _sharings(free):
            needs = [_values(grid, block) for block in shared]
            if _overdrawn(shared, needs, held):
                continue
            lies = (_arcs(grid, block, need) for block, need in zip(shared, needs, strict=True))
            for arcs in itertools.product(*lies):
                claims = list(base)
                for run in arcs:
                    parts = claim_parts(grid, run.row, run.columns, run.demands, len(claims),
                                        meld=run.meld, shared=True)  # fmt: skip
                    claims.extend(parts)
                if tuple(claims) not in seen:
                    seen.add(tuple(claims))
                    yield tuple(claims)


def _sharings(runs: list[RunInPlace]) -> Iterator[list[list[RunInPlace]]]:
    """Every way to carry ``runs`` in runs after: the jokers split into blocks, one run each.

    A run each comes first; only jokers of one colour share a run.
    """
    if not runs:
        yield []
        return
    first, rest = runs[0], runs[1:]
    for split in _sharings(rest):
        yield [[first], *split]
        for at, block in enumerate(split):
            if block[0].row == first.row:
                yield [*split[:at], [first, *block], *split[at + 1 :]]


def _overdrawn(blocks: list[list[RunInPlace]], needs: list[set[int]], held: Counts) -> bool:
    """Whether runs of their own for ``blocks`` need more copies of a tile than ``held``.

    ``needs`` are the values each block's run holds (:func:`_values`).
    """
    count = Counter(
        (column, block[0].row) for block, need in zip(blocks, needs, strict=True) for column in need
    )
    return any(held[column][row] < n for (column, row), n in count.items())


def _values(grid: Grid, block: list[RunInPlace]) -> set[int]:
    """The values a run carrying ``block`` holds as numbered tiles, by their (low) columns."""
    top = grid.columns - 1
    return {
        0 if grid.high and column == top else column
        for run in block
        for column, demand in zip(run.columns, run.demands, strict=True)
        if demand == NUMBERED
    }


def _joined(block: list[RunInPlace]) -> RunInPlace:
    """The jokers of one meld replaced in place, as one claim on the meld's cells."""
    demands = tuple(min(d) for d in zip(*(run.demands for run in block), strict=True))
    return attrs.evolve(block[0], demands=demands)


def _arcs(grid: Grid, block: list[RunInPlace], need: set[int]) -> list[RunInPlace]:
    """The runs that may carry the claims of ``block``: each holds the values ``need``.

    The referee asks a run after for values (the melds' numbered tiles and the jokers'
    tiles), not for cells, so each such run is listed by the cells it covers, no more:

    - without runs going round, from the lowest value to the highest; under ``one_high`` a 1
      needed may be played low or high (after ``k3 k4 j``, the joker at k1 played high is
      replaced in place by ``k1 k2 k3 k4`` as well as by ``k3 k4 k1``);
    - under ``full``, for each stretch of cells between two values needed, the run leaving
      out that stretch (after ``r11 j j r10`` on numbers 9-12, the joker at r12 is carried by
      ``r10 r11 r12`` as well as by a run holding r9 too); jokers of several melds share a
      run as those of one meld do (``r10 r11 r12 r8 r9`` on numbers 8-12 frees the jokers of
      ``r12 j r9 j r11`` and of ``r10 r11 j r8 j``).
    """
    top = grid.columns - 1
    if grid.cyclic:
        spans = [(cells, need) for cells in _round_arcs(grid.columns, need)]
    elif grid.high and 0 in need:
        rest = need - {0}
        low = (tuple(range(max(need) + 1)), need)
        high = (tuple(range(min(rest, default=top), top + 1)), rest | {top})
        spans = [low, high]
    else:
        spans = [(tuple(range(min(need), max(need) + 1)), need)]
    first = block[0]
    return [
        RunInPlace(
            first.meld,
            first.row,
            cells,
            tuple(NUMBERED if c in numbered else ANY for c in cells),
        )
        for cells, numbered in spans
    ]


def _round_arcs(size: int, need: set[int]) -> list[tuple[int, ...]]:
    """The cells of the runs going round a grid of ``size`` columns that may hold ``need``.

    For each stretch of cells between two values, the run leaving it out. A run of every
    number holds them all however it is turned, so it is turned to begin in such a stretch
    (it then holds that run), or at the first column where there is none.
    """
    ordered = sorted(need)
    out = []
    for at, column in enumerate(ordered):
        start = ordered[(at + 1) % len(ordered)]
        left_out = (start - column - 1) % size
        if left_out or len(ordered) == 1:
            out.append(tuple((start + step) % size for step in range(size - left_out)))
    return out or [tuple(range(size))]


def covers(wide: Fate, narrow: Fate) -> bool:
    """Whether ``wide``'s relaxation holds every play of ``narrow``'s.

    It keeps no joker ``narrow`` frees (a freed joker is free to stand where it stood) and
    demands no tile ``narrow`` does not; claims play no part in a relaxation.
    """
    kept = Counter(j.identity for j in narrow.kept)
    return not Counter(j.identity for j in wide.kept) - kept and all(
        a <= b for x, y in zip(wide.low, narrow.low, strict=True) for a, b in zip(x, y, strict=True)
    )
