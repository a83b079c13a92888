"""The melds of a fast search's play, rebuilt from its moves (private).

A move of :mod:`._fast` says how many tiles of a cell go on (or open) runs and how many go to
the number's groups, and how many jokers it places: :func:`replay` replays the moves, putting
tiles on concrete runs (:func:`extend`; where runs owe or know old runs, as their states say)
and splitting each number's tiles into groups (:func:`split_groups`); :func:`found_meld` gives
each meld as the plan reads it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Protocol

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver import _new_runs, _owing_runs
from rummikub_rules.solver._grid import FoundMeld
from rummikub_rules.solver._relax import Move, Relaxation
from rummikub_rules.solver._run_states import run_lengths

__all__ = [
    "Built",
    "Laid",
    "Replayed",
    "extend",
    "extend_new",
    "extend_owing",
    "found_meld",
    "mirror",
    "reading_order",
    "replay",
    "split_groups",
]

#: A meld as the search builds it: ("run", colour, [(column, joker), ...]) or ("group", column,
#: [(colour, joker), ...]), where a joker in a group has colour -1.
Built = tuple[str, int, list[tuple[int, bool]]]


class Replayed(Protocol):
    """What :func:`replay` reads of a search one way along the columns (:mod:`._fast`)."""

    colors: int
    columns: int
    jokers: int
    mirrored: bool
    offsets: list[int]
    spare_offset: int
    state_mask: int
    run_pins: Sequence[Sequence[int]]
    group_pins: Sequence[int]
    runs_owe: bool
    newness: Sequence[Sequence[int] | None] | None
    relax: Relaxation


def replay(search: Replayed, path: list[Move]) -> list[Built]:
    """Replay a search's moves with concrete runs and groups, in the caller's column order.

    The melds come sorted by their lowest number, groups first, then runs by colour.
    """
    colors, shift, mask = search.colors, search.spare_offset, search.state_mask
    key = search.jokers << shift
    open_runs: list[list[list[tuple[int, bool]]]] = [[] for _ in range(colors)]
    #: Where runs owe (or know old runs): per colour, what each open run holds.
    held: list[list[tuple[int, int]]] = [[] for _ in range(colors)]
    marks: list[list[tuple[int, int, int]]] = [[] for _ in range(colors)]
    found: list[Built] = []
    grouped: list[int] = []
    for pos, move in enumerate(path):
        column, color = divmod(pos, colors)
        _, _, delta, tiles, group_jokers = move
        spare = key >> shift
        key += delta
        state = (key >> search.offsets[color]) & mask
        extra = spare - (key >> shift) - group_jokers
        roles = None if search.newness is None else search.newness[color]
        runs = open_runs[color]
        if roles is not None:
            laid = _on_runs(search, column, color, move, spare, extra)
            open_runs[color], marks[color] = extend_new(
                runs, marks[color], column, laid, state, color, found, roles[column]
            )
        elif search.runs_owe:
            laid = _on_runs(search, column, color, move, spare, extra)
            open_runs[color], held[color] = extend_owing(
                runs, held[color], column, laid, state, color, found
            )
        elif runs or state:  # state 0: no run open
            count, jokers = len(run_lengths(state)), extra + search.run_pins[column][color]
            open_runs[color] = extend(runs, column, count, jokers, color, found)
        grouped.append(tiles)
        if color == colors - 1:
            group_jokers += search.group_pins[column]
            if group_jokers or any(grouped):
                groups = split_groups(grouped, group_jokers)
                found.extend(("group", column, members) for members in groups)
            grouped = []
    for color, runs in enumerate(open_runs):
        found.extend(("run", color, run) for run in runs)
    if search.mirrored:
        found = [mirror(meld, search.columns - 1) for meld in found]
    return sorted(found, key=reading_order)


def _on_runs(search: Replayed, column: int, color: int, move: Move, spare: int, extra: int) -> Laid:
    """What a move lays on a colour's runs where they owe or know old runs (:data:`Laid`).

    ``spare`` jokers were left before it, ``extra`` of them go on runs (the rack's too, where
    runs keep claims: any joker stands alike there). Its rack tiles are what its score says
    beyond the rack's jokers it lays; they go on runs as far as they go (as
    :mod:`._owing_runs` lays them).
    """
    _, gain, _, grouped, group_jokers = move
    relax = search.relax
    racked_jokers = relax.rack_jokers_among(spare, extra + group_jokers)
    used = (gain - racked_jokers * relax.joker_weights[column]) // relax.weights[column]
    on_runs = relax.table[column][color] + used - grouped
    racked = min(used, on_runs)
    exempt = min(extra, relax.exempt[column][color])
    pinned = search.run_pins[column][color] + exempt  # jokers standing as table tiles
    return on_runs - racked + pinned, pinned, racked, extra - exempt


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


#: What a cell lays on a colour's runs where they owe (or know old runs): (table tiles and
#: jokers standing as table tiles, of which jokers; rack tiles; freed jokers).
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


def extend_new(
    runs: list[list[tuple[int, bool]]],
    marks: list[tuple[int, int, int]],
    column: int,
    laid: Laid,
    state: int,
    color: int,
    found: list[Built],
    role: int,
) -> tuple[list[list[tuple[int, bool]]], list[tuple[int, int, int]]]:
    """:func:`extend_owing` where runs know old runs (:mod:`._new_runs`), at a cell of ``role``.

    ``marks`` says what each open run holds; ``laid`` is read as :func:`extend_owing` reads
    it, its table and rack tiles alike, its jokers standing as table tiles kept.
    """
    plain, pinned, racked, freed = laid
    taken, opened = _new_runs.deal(marks, plain - pinned + racked, pinned, freed, role, state)
    grown: list[list[tuple[int, bool]]] = []
    after: list[tuple[int, int, int]] = []
    for run, mark, tile in itertools.chain(
        zip(runs, marks, taken, strict=True), (([], (0, 0, 0), tile) for tile in opened)
    ):
        if tile is None:
            found.append(("run", color, run))
            continue
        run.append((column, tile != _new_runs.TILE))
        grown.append(run)
        marked = _new_runs.grown(mark, tile, role)
        assert marked is not None, "a way dealt is one the states allow"
        after.append(marked)
    held = _new_runs.settled(after, role)
    assert held is not None, "a way dealt is one the states allow"
    return grown, held


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
