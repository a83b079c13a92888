"""The melds of a fast search's play, rebuilt from its moves (private).

A move of :mod:`._fast` says how many tiles of a cell go on (or open) runs and how many go to
the number's groups, and how many jokers it places: :meth:`._fast._Search.melds` replays the
moves, putting tiles on concrete runs (:func:`extend`) and splitting each number's tiles into
groups (:func:`split_groups`); :func:`found_meld` gives each meld as the plan reads it.
"""

from __future__ import annotations

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._grid import FoundMeld

__all__ = ["Built", "extend", "found_meld", "reading_order", "split_groups"]

#: A meld as the search builds it: ("run", colour, [(column, joker), ...]) or ("group", column,
#: [(colour, joker), ...]), where a joker in a group has colour -1.
Built = tuple[str, int, list[tuple[int, bool]]]


def found_meld(meld: Built) -> FoundMeld:
    """The meld as the plan reads it: its kind, place, cells and which of them are jokers."""
    kind, where, members = meld
    return FoundMeld(
        MeldKind.RUN if kind == "run" else MeldKind.GROUP,
        where,
        tuple(place for place, _ in members),
        tuple(joker for _, joker in members),
    )


def reading_order(meld: Built) -> tuple[int, int, int]:
    """Melds by their lowest number, groups first, then runs by colour."""
    kind, where, members = meld
    return (where, 0, 0) if kind == "group" else (members[0][0], 1, where)


def extend(
    runs: list[list[tuple[int, bool]]],
    column: int,
    count: int,
    jokers: int,
    color: int,
    found: list[Built],
) -> list[list[tuple[int, bool]]]:
    """Put ``count`` tiles of ``column`` on runs as ``step`` does, the last ``jokers`` jokers.

    Runs not extended are closed: they go to ``found``. The runs still open are returned.
    """
    short = [run for run in runs if len(run) < 3]
    long = [run for run in runs if len(run) >= 3]
    spare = count - len(short)
    found.extend(("run", color, run) for run in long[spare:])
    grown = short + long[:spare] + [[] for _ in range(spare - len(long))]
    for index, run in enumerate(grown):
        run.append((column, index >= count - jokers))
    return grown


def split_groups(counts: list[int], jokers: int) -> list[list[tuple[int, bool]]]:
    """Split tiles of one number (``counts[colour]`` each) and jokers (-1) into groups.

    ``k`` groups fit when no colour has more than ``k`` tiles, every group gets a numbered tile
    and ``3k <= tiles <= colours * k``; dealing the numbered tiles round-robin, colour by colour,
    keeps each colour's copies apart, and the jokers go to the smallest groups.
    """
    total = sum(counts)
    count = max(max(counts), 1, -(-(total + jokers) // len(counts)))
    members: list[list[tuple[int, bool]]] = [[] for _ in range(count)]
    dealt = (color for color, n in enumerate(counts) for _ in range(n))
    for i, color in enumerate(dealt):
        members[i % count].append((color, False))
    for _ in range(jokers):
        min(members, key=len).append((-1, True))
    return members
