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
        for claims in _in_place_ways(ctx.grid, in_place_runs, tuple(run_claims)):
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
    grid: Grid, runs: list[RunInPlace], locked: tuple[Claim, ...]
) -> Iterator[tuple[Claim, ...]]:
    """The run claims of a fate: the locked ones, and those of run jokers replaced in place.

    The referee judges each joker replaced in place on its own and by values, so one run may
    serve several jokers, of one meld or of several melds of one colour (``j j r3 j r5 |
    r3 r4 j`` -> ``j j r3 | r3 r4 r5`` frees the jokers at r4 and r5), and the run extending a
    locked meld may serve its jokers replaced in place too: every way of sharing runs among
    the jokers (:func:`_sharings`) is tried, and the locked meld's run where there is one.
    """

    def parts(claims: list[Claim], run: RunInPlace) -> None:
        claims.extend(
            claim_parts(
                grid, run.row, run.columns, run.demands, len(claims), meld=run.meld, shared=True
            )
        )

    seen: set[tuple[Claim, ...]] = set()
    for shared in _sharings(runs):
        for arcs in itertools.product(*(_arcs(grid, run) for run in shared)):
            claims = list(locked)
            for run in arcs:
                parts(claims, run)
            if tuple(claims) not in seen:
                seen.add(tuple(claims))
                yield tuple(claims)
    by_meld: dict[int, list[RunInPlace]] = {}
    for run in runs:
        by_meld.setdefault(run.meld, []).append(run)
    joined = {meld: _merged(same) for meld, same in by_meld.items()}
    if any(c.meld in joined for c in locked):
        # A locked meld's jokers replaced in place: the run extending it holds their tiles.
        into = list(renumbered(locked, {i for i, c in enumerate(locked) if c.meld in joined}))
        for meld, whole in joined.items():
            assert whole is not None  # the runs of one meld always merge
            if any(c.meld == meld for c in locked):
                into.extend(
                    claim_parts(grid, whole.row, whole.columns, whole.demands, len(into), meld=meld)
                )
            else:
                parts(into, _trimmed(whole))
        yield tuple(into)


def _sharings(runs: list[RunInPlace]) -> Iterator[list[RunInPlace]]:
    """Every way to carry ``runs`` in runs after: the jokers split into blocks, one run each.

    A run each comes first. Only jokers of one colour share a run, and a run going round
    (``full``) only with the jokers of its own meld.
    """

    def blocks(left: list[RunInPlace]) -> Iterator[list[list[RunInPlace]]]:
        if not left:
            yield []
            return
        first, rest = left[0], left[1:]
        for split in blocks(rest):
            yield [[first], *split]
            for at, block in enumerate(split):
                if block[0].row == first.row:
                    yield [*split[:at], [first, *block], *split[at + 1 :]]

    for split in blocks(runs):
        merged = [_merged(block) for block in split]
        if all(run is not None for run in merged):
            yield [run for run in merged if run is not None]


def _trimmed(run: RunInPlace) -> RunInPlace:
    """The cells ``run`` needs: from its first numbered demand to its last.

    The referee asks for the meld's numbered tiles and the joker's, not for the cells of the
    meld's other jokers beyond them.
    """
    first = run.demands.index(NUMBERED)
    last = len(run.demands) - run.demands[::-1].index(NUMBERED)
    return attrs.evolve(run, columns=run.columns[first:last], demands=run.demands[first:last])


def _arcs(grid: Grid, run: RunInPlace) -> list[RunInPlace]:
    """The runs that may carry ``run``'s claim: each holds its numbered demands, no more.

    Without runs going round, the cells from the first numbered demand to the last
    (:func:`_trimmed`). Under ``full`` a run holding them may go either way round: for each
    stretch of cells between two numbered demands, the run leaving out that stretch (after
    ``r11 j j r10`` on numbers 9-12, the joker at r12 replaced in place is carried by
    ``r10 r11 r12`` as well as by a run holding r9 too).
    """
    if not grid.cyclic:
        return [_trimmed(run)]
    size = grid.columns
    need = sorted({c for c, d in zip(run.columns, run.demands, strict=True) if d == NUMBERED})
    out = []
    for at, column in enumerate(need):
        start = need[(at + 1) % len(need)]
        left_out = (start - column - 1) % size
        if left_out == 0 and len(need) > 1:
            continue  # no stretch between these two: a run leaving out nothing holds them all
        columns = tuple((start + step) % size for step in range(size - left_out))
        demands = tuple(NUMBERED if c in need else ANY for c in columns)
        out.append(attrs.evolve(run, columns=columns, demands=demands))
    if not out:  # the demands fill every cell: one run of them all, from the first column
        columns = tuple(range(size))
        out.append(attrs.evolve(run, columns=columns, demands=(NUMBERED,) * size))
    return out


def _merged(block: list[RunInPlace]) -> RunInPlace | None:
    """One run carrying the claims of ``block`` (``None``: a run going round would be needed).

    The cells from the lowest to the highest, each numbered where any joker's claim asks so.
    """
    if len(block) == 1:
        return block[0]
    if len({run.meld for run in block}) == 1:
        demands = tuple(min(d) for d in zip(*(run.demands for run in block), strict=True))
        return attrs.evolve(block[0], demands=demands)
    trimmed = [_trimmed(run) for run in block]
    if any(list(run.columns) != sorted(run.columns) for run in trimmed):
        return None
    need = {
        column
        for run in trimmed
        for column, demand in zip(run.columns, run.demands, strict=True)
        if demand == NUMBERED
    }
    columns = tuple(range(min(need), max(need) + 1))
    demands = tuple(NUMBERED if column in need else ANY for column in columns)
    return RunInPlace(block[0].meld, block[0].row, columns, demands)


def covers(wide: Fate, narrow: Fate) -> bool:
    """Whether ``wide``'s relaxation holds every play of ``narrow``'s.

    It keeps no joker ``narrow`` frees (a freed joker is free to stand where it stood) and
    demands no tile ``narrow`` does not; claims play no part in a relaxation.
    """
    kept = Counter(j.identity for j in narrow.kept)
    return not Counter(j.identity for j in wide.kept) - kept and all(
        a <= b for x, y in zip(wide.low, narrow.low, strict=True) for a, b in zip(x, y, strict=True)
    )
