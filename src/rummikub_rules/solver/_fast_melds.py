"""The melds of a fast search's play, rebuilt from its moves (private).

A move of :mod:`._fast` says how many tiles of a cell go on (or open) runs and how many go to
the number's groups, and how many jokers it places: :meth:`._fast._Search.melds` replays the
moves, putting tiles on concrete runs (:func:`extend`) and splitting each number's tiles into
groups (:func:`split_groups`); :func:`found_meld` gives each meld as the plan reads it.
"""

from __future__ import annotations

import itertools

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver import _owing_runs
from rummikub_rules.solver._grid import FoundMeld

__all__ = [
    "Built",
    "Laid",
    "extend",
    "extend_owing",
    "found_meld",
    "mirror",
    "reading_order",
    "split_groups",
]

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


#: What a cell lays on a colour's runs where they owe: (table tiles and jokers standing as
#: table tiles, of which jokers; rack tiles; freed jokers).
Laid = tuple[int, int, int, int]


def extend_owing(
    runs: list[list[tuple[int, bool]]],
    held: list[tuple[int, int]],
    column: int,
    laid: Laid,
    state: int,
    color: int,
    found: list[Built],
) -> tuple[list[list[tuple[int, bool]]], list[tuple[int, int]]]:
    """:func:`extend` where runs owe: the tiles ``laid`` on the runs as ``state`` says.

    ``held`` says what each open run holds (:mod:`._owing_runs`): the freed jokers and the
    rack tiles go where :func:`._owing_runs.deal` puts them. The runs still open are
    returned, and what each holds.
    """
    plain, pinned, racked, jokers = laid
    taken, opened = _owing_runs.deal(held, plain, racked, jokers, state)
    grown: list[list[tuple[int, bool]]] = []
    after: list[tuple[int, int]] = []
    for run, flag, tile in itertools.chain(
        zip(runs, held, taken, strict=True), (([], (0, 0), tile) for tile in opened)
    ):
        if tile is None:
            found.append(("run", color, run))
            continue
        joker = tile == _owing_runs.JOKER or (tile == _owing_runs.TABLE and pinned > 0)
        pinned -= tile == _owing_runs.TABLE and pinned > 0
        run.append((column, joker))
        grown.append(run)
        after.append(_owing_runs.grown(flag, tile))
    return grown, after


def mirror(meld: Built, top: int) -> Built:
    """A meld of a search walking the columns downwards, read upwards (``top``: the last)."""
    kind, where, members = meld
    if kind == "group":
        return kind, top - where, members
    return kind, where, [(top - column, joker) for column, joker in reversed(members)]


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
