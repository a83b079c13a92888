"""The claims a host meets (private).

Under ``replace``, a meld whose joker is replaced in place (or a locked meld, under
``joker_melds_extend_only``) must end in a meld of the play holding its tiles: a *claim*
(:mod:`._runs`, :mod:`._groups`). A host laid by the host search (:mod:`._host_search`) may
be that meld; :func:`claims_left` says which claims are still to meet once it is laid,
:func:`unmeetable` whether the tiles left can meet them at all, and :func:`claimed_pins` a
relaxation of the run claims that the fast search can solve, and :func:`unpinned` its play with
those pins read as the tiles they took (a play for the referee to judge).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._grid import Counts, FoundMeld, Grid
from rummikub_rules.solver._groups import GroupClaim
from rummikub_rules.solver._host_meld import Host
from rummikub_rules.solver._position import renumbered
from rummikub_rules.solver._runs import ANY, NUMBERED, Claim

__all__ = ["claimed_pins", "claims_left", "unmeetable", "unpinned"]


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


def claimed_pins(
    table: Counts, run_pins: Counts, claims: tuple[Claim, ...]
) -> tuple[Counts, Counts] | None:
    """The rest with the tiles its run claims hold made run pins: a relaxation of them.

    A run claim holds a numbered tile in a run at each cell that demands one (one run may
    serve every shared claim, each locked claim needs its own). Such tiles taken from
    ``table`` and kept as pins (a pin must stand in a run at its cell) keep that much of the
    claims: every play meeting them is a play of the pins. (Not group claims: the fast search
    lays no group of pins alone, and a group claim's tiles may all be claimed.) ``None``
    where the table lacks a tile claimed (it must come from the rack, scored: not relaxed so).
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
    run_pins = [list(row) for row in run_pins]
    for column, row in set(locked) | shared:
        need = max(locked[column, row], (column, row) in shared)
        if table[column][row] < need:
            return None
        table[column][row] -= need
        run_pins[column][row] += need
    return table, run_pins


def unpinned(melds: Sequence[FoundMeld], added: Counts) -> list[FoundMeld] | None:
    """``melds`` with ``added[column][row]`` jokers of runs at each cell read as that tile.

    :func:`claimed_pins` took those tiles from the table and made them pins, which the fast
    search lays as jokers of runs at their cells: here they are tiles again, the first runs
    met taking them. The play is only a candidate (which joker of a cell was the pin is not
    known): the referee decides. ``None`` if the runs hold fewer jokers at a cell than its
    pins (then the play is no real one).
    """
    left = [list(row) for row in added]
    out = []
    for meld in melds:
        if meld.kind is MeldKind.RUN and any(meld.jokers):
            jokers = list(meld.jokers)
            for i, (column, joker) in enumerate(zip(meld.places, meld.jokers, strict=True)):
                if joker and left[column][meld.at] > 0:
                    left[column][meld.at] -= 1
                    jokers[i] = False
            meld = attrs.evolve(meld, jokers=tuple(jokers))
        out.append(meld)
    return None if any(map(any, left)) else out


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
