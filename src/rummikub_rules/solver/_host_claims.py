"""The claims a host meets (private).

Under ``replace``, a meld whose joker is replaced in place (or a locked meld, under
``joker_melds_extend_only``) must end in a meld of the play holding its tiles: a *claim*
(:mod:`._runs`, :mod:`._groups`). A host laid by the host search (:mod:`._host_search`) may
be that meld; :func:`claims_left` says which claims are still to meet once it is laid,
:func:`unmeetable` whether the tiles left can meet them at all, and :func:`claimed_pins` a
relaxation of the run claims that the fast search can solve, and :func:`unpinned` its play with
those pins read as the tiles they took (a play for the referee to judge); :func:`claim_roles`
the run claims as roles of the cells for runs that keep them whole (:mod:`._new_runs`), a
tighter relaxation, and :func:`claimed_group_sizes` the sizes the group claims keep.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._context import plus
from rummikub_rules.solver._grid import Counts, FoundMeld, Grid
from rummikub_rules.solver._groups import GroupClaim
from rummikub_rules.solver._host_meld import Host
from rummikub_rules.solver._new_runs import (
    CLAIM_ANY,
    CLAIM_END_ANY,
    CLAIM_END_TILE,
    CLAIM_OUTSIDE,
    CLAIM_START_ANY,
    CLAIM_START_TILE,
    CLAIM_TILE,
    marked_roles,
)
from rummikub_rules.solver._position import renumbered
from rummikub_rules.solver._runs import ANY, NUMBERED, Claim

__all__ = [
    "Pinned",
    "claim_roles",
    "claimed_group_sizes",
    "claimed_pins",
    "claims_left",
    "unmeetable",
    "unpinned",
]


def claims_left(
    host: Host,
    claims: tuple[Claim, ...],
    group_claims: tuple[tuple[int, GroupClaim], ...],
    grid: Grid,
) -> Iterator[tuple[tuple[Claim, ...], tuple[tuple[int, GroupClaim], ...]]]:
    """The claims left of ``claims`` and ``group_claims`` once ``host`` is laid, in every way.

    The host meets every shared claim it can, and at most one locked claim (each locked meld
    needs a meld of its own).
    """
    meld = host.meld
    numbered = [p in ("table", "rack") for p in host.places]
    groups = list(group_claims)
    if meld.kind is MeldKind.GROUP:
        rows = [0] * grid.rows
        for row, is_numbered in zip(meld.places, numbered, strict=True):
            if is_numbered:
                rows[row] += 1
        met = [
            i
            for i, (column, claim) in enumerate(groups)
            if column == meld.at
            and len(meld.places) >= claim.size
            and all(h >= w for h, w in zip(rows, claim.rows, strict=True))
        ]
        dropped = {i for i in met if groups[i][1].shared}
        locked = [i for i in met if not groups[i][1].shared]
        base = [g for i, g in enumerate(groups) if i not in dropped]
        yield claims, tuple(base)
        for i in locked:
            yield claims, tuple(g for g in base if g is not groups[i])
        return
    runs = list(claims)
    met = [i for i in range(len(runs)) if _carries(meld, numbered, runs, i)]
    if not met:
        yield claims, group_claims
        return

    def without(indices: list[int]) -> set[int]:
        # A part met by the host drops with its partner (the run goes round in the host).
        return {j for i in indices for j in (i, runs[i].partner) if j >= 0}

    shared = [i for i in met if runs[i].shared]
    locked = [i for i in met if not runs[i].shared]
    yield renumbered(runs, without(shared)), group_claims
    for i in locked:
        yield renumbered(runs, without([*shared, i])), group_claims


def unmeetable(
    table: Counts,
    rack: Counts,
    claims: tuple[Claim, ...],
    group_claims: tuple[tuple[int, GroupClaim], ...],
) -> bool:
    """Whether the tiles left (``table`` and ``rack``) lack one a claim needs: then no play.

    A run claim needs a tile at each of its cells that demands a numbered one, a group claim
    its colours' tiles; once the hosts have met theirs, only the tiles left can meet the rest.
    """
    for claim in claims:
        for column, demand in zip(claim.columns, claim.demands, strict=True):
            if demand == NUMBERED and not table[column][claim.row] + rack[column][claim.row]:
                return True
    return any(
        table[column][row] + rack[column][row] < need
        for column, group in group_claims
        for row, need in enumerate(group.rows)
    )


@attrs.frozen
class Pinned:
    """A rest with the tiles its claims hold made pins (:func:`claimed_pins`).

    Its table, run pins and group pins, and the tiles taken from the table to make them, per
    ``[column][row]``: those now pins of runs (``in_runs``), those now pins of groups
    (``in_groups``).
    """

    table: Counts
    run_pins: Counts
    group_pins: list[int]
    in_runs: Counts
    in_groups: Counts


def claimed_pins(
    table: Counts,
    run_pins: Counts,
    group_pins: Sequence[int],
    claims: tuple[Claim, ...],
    group_claims: tuple[tuple[int, GroupClaim], ...],
) -> Pinned | None:
    """The rest with the tiles its claims hold made pins: a relaxation of the claims.

    A run claim holds a numbered tile in a run at each cell that demands one (one run may
    serve every shared claim, each locked claim needs its own). Such tiles taken from
    ``table`` and kept as run pins (a pin must stand in a run at its cell) keep that much of
    the claims: every play meeting them is a play of the pins. A group claim holds its
    colours' tiles in a group of its number: all but one of them (the fast search lays no
    group of pins alone) become pins of that number's groups, where the table holds them (one
    group may serve every shared claim of a number, each locked claim needs its own; a number
    with both keeps only its locked claims). A claimed tile the table lacks must come from the
    rack, and scores: it stays a tile. ``None`` where nothing is pinned.
    """
    locked: Counter[tuple[int, int]] = Counter()
    shared: set[tuple[int, int]] = set()
    for claim in claims:
        for column, demand in zip(claim.columns, claim.demands, strict=True):
            if demand == NUMBERED:
                if claim.shared:
                    shared.add((column, claim.row))
                else:
                    locked[column, claim.row] += 1
    table = [list(row) for row in table]
    in_runs = [[0] * len(row) for row in table]
    for column, row in set(locked) | shared:
        # What the table lacks comes from the rack: left a tile, which still scores.
        need = min(max(locked[column, row], (column, row) in shared), table[column][row])
        table[column][row] -= need
        in_runs[column][row] = need
    in_groups = [[0] * len(row) for row in table]
    for column, rows in _claimed_groups(group_claims):
        held = [row for row, count in enumerate(rows) if count]
        pinned = [row for row in held if table[column][row] >= rows[row]]
        if len(pinned) == len(held):
            # One tile of the group stays a tile: the one with the most copies, so that its
            # other copies cannot join the group (a pin's tile beside its copy reads back as
            # no group: then the play is no real one).
            pinned.remove(max(held, key=lambda row: table[column][row]))
        for row in pinned:
            table[column][row] -= rows[row]
            in_groups[column][row] += rows[row]
    if not any(map(any, in_runs)) and not any(map(any, in_groups)):
        return None
    return Pinned(
        table,
        [plus(x, y) for x, y in zip(run_pins, in_runs, strict=True)],
        [p + sum(row) for p, row in zip(group_pins, in_groups, strict=True)],
        in_runs,
        in_groups,
    )


def claim_roles(claims: Sequence[Claim], rows: int, columns: int) -> list[list[int] | None] | None:
    """Per colour, its cells' roles along the run claims one run each must cover.

    A relaxation of the claims (:func:`._new_runs.marked_roles`: one claim at a time per
    colour), none going round and none of one cell. ``None``: no claim kept.
    """
    spans: list[list[tuple[int, list[int]]]] = [[] for _ in range(rows)]
    for claim in claims:
        if claim.head or claim.tail or len(claim.columns) < 2:
            continue
        first, last = claim.columns[0], claim.columns[-1]
        assert claim.columns == tuple(range(first, last + 1)), "a claim's cells follow"
        tiles = [demand == NUMBERED for demand in claim.demands]
        along = [CLAIM_TILE if tile else CLAIM_ANY for tile in tiles]
        along[0] = CLAIM_START_TILE if tiles[0] else CLAIM_START_ANY
        along[-1] = CLAIM_END_TILE if tiles[-1] else CLAIM_END_ANY
        spans[claim.row].append((first, along))
    return marked_roles(spans, columns, CLAIM_OUTSIDE)


def claimed_group_sizes(
    group_claims: tuple[tuple[int, GroupClaim], ...], columns: int
) -> list[int] | None:
    """Per number, the fewest tiles and jokers its groups hold in all to meet the group claims.

    Pins keep a claim's tiles in its number's groups but not its size (:func:`claimed_pins`:
    a locked ``b6 k6 r6 j`` whose joker is freed may not shrink to ``b6 k6 r6``). Each locked
    claim needs a group of its own, shared claims may share one with any claim: the locked
    claims' sizes added up, or the largest shared one. Claims with coloured jokers are left out,
    as there (a relaxation). ``None``: no claim holds more than pins keep.
    """
    locked = [0] * columns
    shared = [0] * columns
    for column, claim in group_claims:
        if claim.colored:
            continue
        if claim.shared:
            shared[column] = max(shared[column], claim.size)
        else:
            locked[column] += claim.size
    least = [max(pair) for pair in zip(locked, shared, strict=True)]
    return least if any(least) else None


def _claimed_groups(
    group_claims: tuple[tuple[int, GroupClaim], ...],
) -> list[tuple[int, tuple[int, ...]]]:
    """The groups the claims hold, as (number, tiles per row).

    One per locked claim; where a number has shared claims alone, one holding them all. Claims
    with coloured jokers are left out (a relaxation).
    """
    by_column: dict[int, list[GroupClaim]] = {}
    for column, claim in group_claims:
        if not claim.colored:
            by_column.setdefault(column, []).append(claim)
    groups: list[tuple[int, tuple[int, ...]]] = []
    for column, found in by_column.items():
        locked = [claim.rows for claim in found if not claim.shared]
        if locked:
            groups.extend((column, rows) for rows in locked)
        else:
            groups.append((column, tuple(map(max, zip(*(c.rows for c in found), strict=True)))))
    return groups


def unpinned(melds: Sequence[FoundMeld], pinned: Pinned) -> list[FoundMeld] | None:
    """``melds`` with the pins of :func:`claimed_pins` read as the tiles they took.

    The fast search lays a run pin as a joker of a run at its cell, the first runs met taking
    the tiles; and a group pin as a joker of a group of its number, each group taking the
    tiles of rows it lacks. The play is only a candidate (which joker was the pin is not
    known): the referee decides. ``None`` if some pin's tile finds no joker to take.
    """
    runs_left = [list(row) for row in pinned.in_runs]
    groups_left = [list(row) for row in pinned.in_groups]
    out = []
    for meld in melds:
        if not any(meld.jokers):
            out.append(meld)
            continue
        places, jokers = list(meld.places), list(meld.jokers)
        if meld.kind is MeldKind.RUN:
            for i, column in enumerate(places):
                if jokers[i] and runs_left[column][meld.at] > 0:
                    runs_left[column][meld.at] -= 1
                    jokers[i] = False
        else:
            left = groups_left[meld.at]
            for i, joker in enumerate(jokers):
                if not joker:
                    continue
                row = next((r for r, n in enumerate(left) if n and r not in places), None)
                if row is not None:
                    left[row] -= 1
                    places[i], jokers[i] = row, False
        out.append(attrs.evolve(meld, places=tuple(places), jokers=tuple(jokers)))
    return None if any(map(any, runs_left)) or any(map(any, groups_left)) else out


def _carries(meld: FoundMeld, numbered: list[bool], claims: list[Claim], index: int) -> bool:
    """Whether a run host meets claim ``index`` (and its partner part, where it goes round)."""
    parts = [claims[index]]
    if claims[index].partner >= 0:
        parts.append(claims[claims[index].partner])
    places = dict(zip(meld.places, numbered, strict=True))
    return meld.at == parts[0].row and all(
        column in places and (demand == ANY or places[column])
        for part in parts
        for column, demand in zip(part.columns, part.demands, strict=True)
    )
