"""Run states: the open runs of one colour, named by small integers (private).

A colour's runs still open at a number are a sorted tuple of lengths 1, 2 or 3 (3 meaning 3 or
more), named by a small integer, its *run state*. States are numbered by size first, so the
states with at most ``k`` open runs are exactly ``0 .. state_count(k) - 1``. :func:`step` says
where a colour's runs go when tiles are played at the next number, and :func:`options` every
way to play one cell. The tables are kept for the process.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator, Sequence
from typing import Final, Generic, TypeVar

__all__ = [
    "PLAIN",
    "Numbering",
    "closes",
    "options",
    "run_lengths",
    "splits",
    "state_bits",
    "state_count",
    "state_id",
    "step",
]

_STEP: dict[tuple[int, int], int] = {}
#: Tuples of integers, which the garbage collector stops tracking (see
#: ``_color_tables.ColorTable``).
_OPTIONS: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}

#: What an open run is, to a numbering: its length here, more in :mod:`._owing_runs` and
#: :mod:`._new_runs`.
Kind = TypeVar("Kind", int, tuple[int, int], tuple[int, int, int])


class Numbering(Generic[Kind]):
    """States as sorted tuples of open runs' kinds, named by small integers, size first.

    The states with at most ``k`` open runs are ``0 .. count(k) - 1``. Numbering new states
    takes a lock: two threads numbering at once would give one state two ids (the tables built
    on the ids only memoise pure values, so a race there stores the same value twice).
    """

    def __init__(self, kinds: Sequence[Kind]) -> None:
        self.kinds: tuple[Kind, ...] = tuple(kinds)
        self.states: list[tuple[Kind, ...]] = [()]
        self.ids: dict[tuple[Kind, ...], int] = {(): 0}
        self.sizes = [1]  # sizes[k]: how many states have at most k open runs
        self._numbering = threading.Lock()

    def count(self, runs: int) -> int:
        """How many states have at most ``runs`` open runs (the first ids)."""
        sizes = self.sizes
        if len(sizes) <= runs:
            with self._numbering:
                while len(sizes) <= runs:
                    for combo in itertools.combinations_with_replacement(self.kinds, len(sizes)):
                        self.ids[combo] = len(self.states)
                        self.states.append(combo)
                    sizes.append(len(self.states))
        return sizes[runs]

    def bits(self, runs: int) -> int:
        """Bits that hold a state with at most ``runs`` open runs."""
        return max(1, (self.count(runs) - 1).bit_length())

    def id(self, runs: Sequence[Kind]) -> int:
        """The state of these open runs, in any order."""
        key = tuple(sorted(runs))
        self.count(len(key))
        return self.ids[key]


#: The plain run states: runs by length.
PLAIN: Final = Numbering((1, 2, 3))
_STATES = PLAIN.states


def state_count(runs: int) -> int:
    """How many run states have at most ``runs`` open runs (the first ids)."""
    return PLAIN.count(runs)


def state_bits(runs: int) -> int:
    """Bits that hold a run state with at most ``runs`` open runs."""
    return PLAIN.bits(runs)


def state_id(lengths: Sequence[int]) -> int:
    """The run state of open runs of these lengths (each 1, 2 or 3, meaning 3 or more)."""
    return PLAIN.id(lengths)


def run_lengths(state: int) -> tuple[int, ...]:
    """The open run lengths of a run state (3 meaning 3 or more), sorted."""
    return _STATES[state]


def closes(state: int) -> bool:
    """Whether every open run of a run state may close: 3 tiles or more."""
    return all(n == 3 for n in _STATES[state])


def step(state: int, tiles: int) -> int:
    """The run state after ``tiles`` tiles of the colour go to runs at the next number, or -1.

    Every open run of length 1 or 2 must grow; then runs of 3+ grow (never worse than closing
    one and starting another), the rest close, and any tiles left start new runs.
    """
    key = (state, tiles)
    found = _STEP.get(key)
    if found is None:
        lengths = _STATES[state]
        short = [n + 1 for n in lengths if n < 3]
        long = len(lengths) - len(short)
        if tiles < len(short):
            found = -1
        else:
            spare = tiles - len(short)
            found = state_id(short + [3] * min(long, spare) + [1] * max(0, spare - long))
        _STEP[key] = found
    return found


def options(
    state: int, table: int, rack: int, group_cap: int, spare: int, pins: int = 0
) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to play one cell from ``state``.

    Each way is (next state, tiles to groups, rack tiles used, jokers in runs). All ``table``
    tiles and up to ``rack`` rack tiles are laid, at most ``group_cap`` in groups; ``pins``
    table jokers standing for this tile in runs stay in runs, and up to ``spare`` free jokers
    join the runs (all as more tiles of the cell). The next state's size is the number of tiles
    in runs, so each (next state, group tiles, jokers) is one way.
    """
    key = (state, table, rack, group_cap, spare, pins)
    found = _OPTIONS.get(key)
    if found is None:
        ways = []
        for laid in range(table, table + rack + 1):
            for grouped in range(min(laid, group_cap) + 1):
                for extra in range(spare + 1):
                    nxt = step(state, laid - grouped + pins + extra)
                    if nxt >= 0:
                        ways.append((nxt, grouped, laid - table, extra))
        found = _OPTIONS[key] = tuple(ways)
    return found


def splits(sizes: Sequence[int], first: int, second: int) -> Iterator[list[tuple[int, int]]]:
    """Every way to give each sort of runs (``sizes`` runs each) tiles of two kinds.

    All ``first`` and ``second`` tiles are given, at most one a run; the places left in each
    sort take tiles of a third kind (how :mod:`._owing_runs` and :mod:`._new_runs` deal a cell's
    tiles to runs alike: only how many of each kind a sort takes tells two ways apart).
    """
    if not sizes:
        if first == second == 0:
            yield []
        return
    size, rest = sizes[0], sizes[1:]
    room = sum(rest)
    for one in range(min(size, first) + 1):
        for two in range(min(size - one, second) + 1):
            if first - one + second - two <= room:
                for more in splits(rest, first - one, second - two):
                    yield [(one, two), *more]
