"""Splitting the tiles laid at one number into groups (private helper of the solver).

The solver decides, number by number, how many tiles of each colour join groups and how many
jokers of each kind go with them. :func:`partition_groups` says whether those tiles can be split
into valid groups, and how: every group has 3 to ``size_max`` tiles, at least one numbered tile,
at most one tile per colour when colours must differ, at most ``cap`` jokers, and a group holding
a joker freed from the table holds at least ``need`` tiles laid from the rack (rack jokers count).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import attrs

__all__ = ["GroupRules", "Member", "partition_groups"]

#: One tile of a group: ``(colour index, from the rack)`` for a numbered tile, or
#: ``(None, kind)`` for a joker, kind being ``"pin"`` (kept in its role), ``"free"`` (freed from
#: the table) or ``"rack"`` (laid from the rack).
Member = tuple[int | None, object]


@attrs.frozen
class GroupRules:
    """The rules a group of one number must follow."""

    size_max: int
    distinct: bool
    cap: int | None
    need: int


@attrs.frozen
class _Group:
    naturals: tuple[Member, ...] = ()

    @property
    def rack(self) -> int:
        return sum(1 for _, from_rack in self.naturals if from_rack)


def partition_groups(
    colours: Sequence[tuple[int, int, int]],
    jokers: tuple[int, int, int],
    rules: GroupRules,
) -> list[list[Member]] | None:
    """Split the tiles into valid groups, or ``None`` if impossible.

    ``colours`` lists ``(colour index, table tiles, rack tiles)``; ``jokers`` counts the pinned,
    freed and rack jokers. Every tile is used.
    """
    numbered = sum(t + r for _, t, r in colours)
    total = numbered + sum(jokers)
    if total == 0:
        return []
    widest = max((t + r for _, t, r in colours), default=0)
    low = widest if rules.distinct else 1
    for count in range(max(low, 1), min(numbered, total // 3) + 1):
        for groups in _spread_naturals(list(colours), [_Group()] * count, rules.distinct):
            found = _spread_jokers(groups, jokers, rules)
            if found is not None:
                return found
    return None


def _spread_naturals(
    colours: list[tuple[int, int, int]], groups: list[_Group], distinct: bool
) -> Iterator[list[_Group]]:
    """Every way (up to symmetry) to put each colour's numbered tiles into the groups."""
    if not colours:
        yield groups
        return
    (colour, table, rack), rest = colours[0], colours[1:]
    seen: set[tuple[tuple[Member, ...], ...]] = set()
    for placed in _placements(len(groups), table, rack, distinct):
        new = list(groups)
        for index, from_rack in placed:
            new[index] = _Group((*new[index].naturals, (colour, from_rack)))
        key = tuple(sorted(g.naturals for g in new))
        if key not in seen:
            seen.add(key)
            yield from _spread_naturals(rest, new, distinct)


def _placements(
    count: int, table: int, rack: int, distinct: bool
) -> Iterator[list[tuple[int, bool]]]:
    """Group indices for ``table`` table tiles then ``rack`` rack tiles of one colour."""
    size = table + rack
    if distinct:
        for chosen in itertools.combinations(range(count), size):
            for racked in itertools.combinations(chosen, rack):
                yield [(i, i in racked) for i in chosen]
        return
    for tabled in itertools.combinations_with_replacement(range(count), table):
        for racked in itertools.combinations_with_replacement(range(count), rack):
            yield [(i, False) for i in tabled] + [(i, True) for i in racked]


def _spread_jokers(
    groups: list[_Group], jokers: tuple[int, int, int], rules: GroupRules
) -> list[list[Member]] | None:
    """Give each group its jokers so that every group is valid, or ``None``."""
    if not groups:
        return [] if jokers == (0, 0, 0) else None
    first, rest = groups[0], groups[1:]
    pins, freed, rack = jokers
    for p in range(pins + 1):
        for f in range(freed + 1):
            for q in range(rack + 1):
                if not _valid(first, p, f, q, rules):
                    continue
                tail = _spread_jokers(rest, (pins - p, freed - f, rack - q), rules)
                if tail is not None:
                    members: list[Member] = list(first.naturals)
                    members += [(None, "pin")] * p + [(None, "free")] * f + [(None, "rack")] * q
                    return [members, *tail]
    return None


def _valid(group: _Group, pins: int, freed: int, rack: int, rules: GroupRules) -> bool:
    added = pins + freed + rack
    size = len(group.naturals) + added
    if not 3 <= size <= rules.size_max or not group.naturals:
        return False
    if rules.cap is not None and added > rules.cap:
        return False
    return not freed or group.rack + rack >= rules.need
