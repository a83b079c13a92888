"""Run states that know which runs still owe a rack tile: a freed joker's (private).

A freed joker must end in a meld holding a tile laid from the rack (rules section 4.5). Where
the fast search places freed jokers (:class:`._fast.FastSearch` with ``runs_owe``), each open
run of a colour carries, beside its length (:mod:`._run_states`), what it holds: tiles of the
table alone (*plain*), a rack tile (*racked*: a freed joker may join it and owe nothing), or a
freed joker and no rack tile yet (*owing*: it may not close before a rack tile joins it). A
state is the sorted tuple of its runs, numbered by size first as plain run states are, so the
states with at most ``k`` open runs are ``0 .. state_count(k) - 1``.

Where a cell's tiles go is a choice here: which runs the rack's copies join, and which the jokers.
:func:`options` lists every outcome (the rack's copies laid on runs as far as they go: more of them
on runs never leaves a run worse off), so every legal play is a path of the states, and the search
that walks them stays exact. The number's groups count the rack's copies laid at it on their own
(:class:`._fast.FastSearch`): one copy may be counted by both, a relaxation the referee settles.
:func:`deal` gives a play's runs the tiles one outcome says.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final

from rummikub_rules.solver._run_states import Numbering, splits

__all__ = [
    "JOKER",
    "MOST_OWING_RUNS",
    "NUMBERED",
    "RACK",
    "TABLE",
    "closes",
    "deal",
    "flags",
    "grown",
    "options",
    "state_bits",
    "state_count",
]

#: What a run holds: tiles of the table alone, a rack tile, or a freed joker and no rack tile.
_PLAIN: Final = 0
_RACKED: Final = 1
_OWING: Final = 2

#: What one tile laid on a run is: a table tile (or a kept joker, which stands for one), a
#: rack tile, or a freed joker.
TABLE: Final = 0
RACK: Final = 1
JOKER: Final = 2

#: An open run: (length, what it holds), length 3 meaning 3 or more.
_Run = tuple[int, int]

#: The most runs a search lets owe may have open at a number (its tiles, kept jokers and loose
#: ones): 5,005 states. A crafted table reaching twelve would number 293,930 (58 MB, a third of
#: a second) before any work is counted; real ones stay within six.
MOST_OWING_RUNS: Final = 6

#: The owing run states, numbered as the plain ones are (:class:`._run_states.Numbering`).
NUMBERED: Final = Numbering(tuple(itertools.product((1, 2, 3), (_PLAIN, _RACKED, _OWING))))
_STATES = NUMBERED.states
_state_id = NUMBERED.id
_OUTCOMES: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
_OPTIONS: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}
_DEALS: dict[tuple[object, ...], tuple[tuple[int | None, ...], tuple[int, ...]]] = {}


def state_count(runs: int) -> int:
    """How many states have at most ``runs`` open runs (the first ids)."""
    return NUMBERED.count(runs)


def state_bits(runs: int) -> int:
    """Bits that hold a state with at most ``runs`` open runs."""
    return NUMBERED.bits(runs)


def flags(state: int) -> tuple[_Run, ...]:
    """The open runs of a state: (length, what it holds), sorted."""
    return _STATES[state]


def closes(state: int) -> bool:
    """Whether every open run of ``state`` may close: 3 tiles or more, owing nothing."""
    return all(length == 3 and held != _OWING for length, held in _STATES[state])


def options(
    state: int,
    table: int,
    rack: int,
    group_cap: int,
    spare: int,
    pins: int = 0,
    exempt: int = 0,
) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to play one cell from ``state``, as :func:`._run_states.options` lists them.

    Each way is (next state, tiles to groups, rack tiles used, jokers in runs); one cell's
    counts may reach several next states (which runs take the rack's copies and the jokers).
    ``exempt`` of the jokers laid on runs here owe nothing (they stand where a table joker
    stood: a fate keeping it lays it there, see :func:`._room.fates_room`).
    """
    key = (state, table, rack, group_cap, spare, pins, exempt)
    found = _OPTIONS.get(key)
    if found is None:
        ways = []
        for laid in range(table, table + rack + 1):
            used = laid - table
            for grouped in range(min(laid, group_cap) + 1):
                racked = min(used, laid - grouped)
                plain = laid - grouped - racked + pins
                for extra in range(spare + 1):
                    free = min(extra, exempt)
                    ways += [
                        (nxt, grouped, used, extra)
                        for nxt in _outcomes(state, plain + free, racked, extra - free)
                    ]
        found = _OPTIONS[key] = tuple(ways)
    return found


def _outcomes(state: int, plain: int, racked: int, jokers: int) -> tuple[int, ...]:
    """The states after laying these tiles on a state's runs (none: they cannot be laid)."""
    key = (state, plain, racked, jokers)
    found = _OUTCOMES.get(key)
    if found is None:
        runs = _STATES[state]
        found = _OUTCOMES[key] = tuple(
            sorted({_state_id(after) for _, after in _dealt(runs, plain, racked, jokers)})
        )
    return found


def deal(
    runs: Sequence[_Run], plain: int, racked: int, jokers: int, target: int
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Which tile each run takes to reach state ``target``: (per run, ``None`` if it closes).

    And the tiles that open new runs. The runs are a play's, in its order (see
    :func:`._fast_melds.replay`).
    """
    key = (tuple(runs), plain, racked, jokers, target)
    found = _DEALS.get(key)
    if found is None:
        ways = _dealt(runs, plain, racked, jokers)
        dealt = next((way for way, after in ways if _state_id(after) == target), None)
        assert dealt is not None, "no way of laying the cell's tiles reaches the state"
        found = _DEALS[key] = (tuple(dealt[0]), tuple(dealt[1]))
    return found


def _dealt(
    runs: Sequence[_Run], plain: int, racked: int, jokers: int
) -> Iterator[tuple[tuple[list[int | None], list[int]], list[_Run]]]:
    """Every way to lay the tiles on ``runs``: (tile per run or ``None``, new runs' tiles).

    Short runs and owing ones must grow; runs of 3 or more grow as far as the tiles go (never
    worse than closing one and opening another: see :func:`._run_states.step`), and the tiles
    left open new runs. Runs alike take tiles alike: only how many of each kind each sort of
    run takes tells two ways apart. With each way, the runs after it.
    """
    count = plain + racked + jokers
    must = [i for i, (length, held) in enumerate(runs) if length < 3 or held == _OWING]
    may = [i for i in range(len(runs)) if i not in must]
    if count < len(must):
        return
    grow = min(len(may), count - len(must))
    seen: set[tuple[_Run, ...]] = set()
    for chosen in itertools.combinations(may, grow):
        kinds = tuple(runs[i] for i in chosen)
        if kinds in seen:
            continue  # runs alike: the same ways
        seen.add(kinds)
        sorts: dict[_Run, list[int | None]] = {}
        for i in [*must, *chosen]:
            sorts.setdefault(runs[i], []).append(i)
        opened = count - len(must) - grow
        if opened:
            sorts.setdefault((0, _PLAIN), []).extend([None] * opened)  # no open run is empty
        for split in splits([len(members) for members in sorts.values()], plain, racked):
            taken: list[int | None] = [None] * len(runs)
            new: list[int] = []
            after = []
            for (run, members), (table, rack) in zip(sorts.items(), split, strict=True):
                tiles = [TABLE] * table + [RACK] * rack
                tiles += [JOKER] * (len(members) - len(tiles))
                for member, tile in zip(members, tiles, strict=True):
                    after.append(grown(run, tile))
                    if member is None:
                        new.append(tile)
                    else:
                        taken[member] = tile
            yield (taken, new), after


def grown(run: _Run, tile: int) -> _Run:
    """A run after one more tile (a new run: ``(0, 0)``, plain and empty)."""
    length, held = run
    if tile == RACK:
        held = _RACKED
    elif tile == JOKER and held == _PLAIN:
        held = _OWING
    return min(3, length + 1), held
