"""One colour of the tinted relaxation alone, its jokers as tiles of it (private).

:class:`TintedColor` is one colour's table for :class:`._tinted.TintedSearch`: per number, the
best score the colour may still make with its groups relaxed, its coloured jokers laid as more
tiles of it (rules section 1). :func:`ways` lists how one of its cells may be played, with the
run states of plain runs, of runs owing a rack tile (:mod:`._owing_runs`) or of runs knowing
old runs (:mod:`._new_runs`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.solver import _owing_runs
from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._new_runs import MOST_RUNS
from rummikub_rules.solver._new_runs import closes as new_closes
from rummikub_rules.solver._new_runs import options as new_options
from rummikub_rules.solver._new_runs import state_count as new_state_count
from rummikub_rules.solver._run_states import closes as plain_closes
from rummikub_rules.solver._run_states import options, state_count

__all__ = ["GROUPS", "RUNS", "TintedColor", "known_roles", "may_owe", "rack_jokers_laid", "ways"]

#: A way to play one cell: (next run state, tiles to groups, rack tiles laid, jokers laid,
#: jokers laid on runs).
_Way = tuple[int, int, int, int, int]

_WAYS: dict[tuple[int, ...], tuple[_Way, ...]] = {}

#: Where a cell's jokers may stand (:func:`ways`): a bit for its runs, a bit for its groups.
RUNS, GROUPS = 1, 2


def ways(
    state: int,
    table: int,
    rack: int,
    cap: int,
    spare: int,
    room: int = RUNS | GROUPS,
    exempt: int = 0,
    role: int = -1,
    owe: bool = False,
) -> tuple[_Way, ...]:
    """Every way to play a cell from run ``state``: its tiles, rack tiles, jokers of its colour.

    All ``table`` tiles and up to ``rack`` rack tiles and ``spare`` jokers are laid; at most
    ``cap`` of them go to the number's groups (a joker there as its colour's tile), the others
    to runs (a joker there as one more tile of the cell). The jokers stand only where ``room``
    lets them (:data:`RUNS`, :data:`GROUPS`). With a ``role`` along an old run (not -1), the
    run states are those of :mod:`._new_runs`, ``exempt`` of the jokers on runs kept ones;
    with ``owe``, those of :mod:`._owing_runs` (a run holding a freed joker owes a rack tile),
    ``exempt`` of them owing nothing. Kept for the process.
    """
    key = (state, table, rack, cap, spare, room, exempt, role, owe)
    found = _WAYS.get(key)
    if found is None:
        on_runs = spare if room & RUNS else 0
        if owe:
            listed = _owing_runs.options(state, table, rack, cap, on_runs, 0, exempt)
        elif role < 0:
            listed = options(state, table, rack, cap, on_runs)
        else:
            listed = new_options(state, table, rack, cap, on_runs, 0, exempt, role)
        # Per outcome, the most jokers on runs (their places there are the jokers' own).
        seen: dict[tuple[int, int, int, int], int] = {}
        for nxt, grouped, used, extra in listed:
            for joined in range(spare - extra + 1 if room & GROUPS else 1):
                if grouped + joined > cap:
                    break
                outcome = (nxt, grouped + joined, used, extra + joined)
                seen[outcome] = max(extra, seen.get(outcome, 0))
        # By rack tiles, jokers, then tiles to groups: the order moves of equal regret keep.
        ordered = sorted(seen.items(), key=lambda item: (item[0][2], item[0][3], item[0][1]))
        found = _WAYS[key] = tuple((*way, extra) for way, extra in ordered)
    return found


def known_roles(
    roles: Sequence[int] | None,
    table: Sequence[Sequence[int]],
    rack: Sequence[Sequence[int]],
    color: int,
    jokers: int,
) -> Sequence[int] | None:
    """A colour's roles along its old runs, where its runs may know them (else ``None``).

    As in the fast search, where at most :data:`._new_runs.MOST_RUNS` runs are open at once.
    """
    if roles is None or _most_open(table, rack, color, jokers) > MOST_RUNS:
        return None
    return roles


def may_owe(
    table: Sequence[Sequence[int]], rack: Sequence[Sequence[int]], color: int, jokers: int
) -> bool:
    """Whether a colour's runs may owe: it has freed jokers, and few runs open at once.

    At most :data:`._owing_runs.MOST_OWING_RUNS`, as in the fast search.
    """
    return jokers > 0 and _most_open(table, rack, color, jokers) <= _owing_runs.MOST_OWING_RUNS


def _most_open(
    table: Sequence[Sequence[int]], rack: Sequence[Sequence[int]], color: int, jokers: int
) -> int:
    """The most runs a colour may have open after a number: its tiles there, and ``jokers``."""
    return max(t[color] + r[color] for t, r in zip(table, rack, strict=True)) + jokers


def rack_jokers_laid(spare: int, jokers: int, rack_jokers: int) -> int:
    """The rack's jokers among ``jokers`` laid with ``spare`` left (the table's go first)."""
    return jokers - min(jokers, max(0, spare - rack_jokers))


class TintedColor:
    """One colour alone, groups relaxed: per number, the best score still reachable.

    ``values[n][entry]``, an entry being ``state * width + spare`` (the colour's run state and
    its jokers not laid yet), for the entries a play may reach; a table joker left at the end,
    or a run left short, is no play.
    """

    def __init__(
        self,
        table: Sequence[int],
        rack: Sequence[int],
        weights: Sequence[int],
        caps: Sequence[int],
        jokers: tuple[int, int],
        joker_weight: int,
        room: Sequence[int],
        exempt: Sequence[int],
        roles: Sequence[int] | None,
        owe: bool = False,
    ) -> None:
        self.table, self.rack, self.weights, self.caps = table, rack, weights, caps
        self.room, self.exempt, self.roles, self.owe = room, exempt, roles, owe
        loose, self.rack_jokers = jokers
        self.joker_weight = joker_weight
        self.width = width = loose + self.rack_jokers + 1
        #: How many run states have at most so many open runs.
        self.count = (
            new_state_count
            if roles is not None
            else _owing_runs.state_count
            if owe
            else state_count
        )
        columns = len(table)
        reach: list[set[int]] = [{loose + self.rack_jokers}]
        for column in range(columns):
            after = set()
            for entry in reach[column]:
                state, spare = divmod(entry, width)
                for nxt, _, _, laid, _ in self.ways(column, state, spare):
                    after.add(nxt * width + spare - laid)
            reach.append(after)
        self.entries = sum(map(len, reach))
        closes = new_closes if roles is not None else _owing_runs.closes if owe else plain_closes
        end = {
            entry: 0 if entry % width <= self.rack_jokers and closes(entry // width) else NEG
            for entry in reach[columns]
        }
        values = [end]
        for column in range(columns - 1, -1, -1):
            here = {}
            for entry in reach[column]:
                state, spare = divmod(entry, width)
                best = NEG
                for nxt, _, used, laid, _ in self.ways(column, state, spare):
                    left = end[nxt * width + spare - laid]
                    if left != NEG:
                        score = left + self.gain(column, spare, used, laid)
                        best = max(best, score)
                here[entry] = best
            end = here
            values.append(here)
        values.reverse()
        self.values = values

    def ways(self, column: int, state: int, spare: int) -> tuple[_Way, ...]:
        """The ways to play the colour's cell of ``column`` (:func:`ways`).

        Its jokers stand there only where its room lets them; with its roles along an old run,
        its runs know it.
        """
        cell = (self.table[column], self.rack[column], self.caps[column])
        role = -1 if self.roles is None else self.roles[column]
        room, exempt = self.room[column], self.exempt[column]
        return ways(state, *cell, spare, room, exempt, role, self.owe)

    def most_runs(self) -> int:
        """The most runs the colour may have open after a number: its tiles and jokers there."""
        return max(t + r for t, r in zip(self.table, self.rack, strict=True)) + self.width - 1

    def gain(self, column: int, spare: int, used: int, jokers: int) -> int:
        """What ``used`` rack tiles and ``jokers`` jokers laid at ``column`` score."""
        racked = rack_jokers_laid(spare, jokers, self.rack_jokers)
        return used * self.weights[column] + racked * self.joker_weight
