"""The general exact search behind :mod:`rummikub_rules.solver` (private).

A :class:`Problem` is a tile-count grid: for each *column* (a number of the tile set; with
``run_wrap`` = ``one_high`` one more column holds the 1s played high) and each colour, how many
numbered tiles are on the table (all must be placed) and on the rack (any may be placed), plus
jokers. :class:`Search` finds the placement of the most valuable rack tiles that splits into valid
runs and groups (van Rijn, Takes & Vis's dynamic programme over the numbers), handling one colour
at a time inside a column so that colours never multiply.

The state before a colour step is, per colour, the multiset of runs still open (each a
:data:`Descriptor`: length 1, 2 or 3+, and only where the rules need it whether it holds a
numbered tile, its jokers, and whether it holds a freed joker and how many rack tiles), the
numbered tiles already given to groups of the current column, and counters for jokers and the
opening value. Runs of 3+ that can be extended are extended rather than closed and restarted,
which is never worse when no per-run facts are tracked. A depth-first search with memoisation
computes the best score from each state, trying the moves with the best upper bound first and
stopping at a state's bound. The bound is the per-colour relaxation of ``_solver_relax`` (each
colour alone, groups relaxed, the jokers left shared out among the colours' runs) plus every
rack joker left; with wrapping runs, every remaining rack tile and rack joker.

The common cases (no wrap, distinct colours, at most two jokers) go to the faster search of
``_solver_plain``; this one covers every rule.
"""

from __future__ import annotations

import itertools
import operator
from typing import Any, Final

import attrs

from rummikub_rules._solver_groups import GroupRules, partition_groups
from rummikub_rules._solver_relax import colour_values, group_caps, state_id

__all__ = ["BudgetError", "Problem", "Search", "Solution"]

#: Score of an impossible state.
NEG: Final = -(1 << 62)

# Kinds of tile placed in a run: numbered from the table, numbered from the rack, a table joker
# kept in its role, a table joker freed, a rack joker.
NAT_T, NAT_R, PIN, FREE, RACKJ = range(5)
_IS_RACK: Final = (0, 1, 0, 0, 1)
_IS_JOKER: Final = (0, 0, 1, 1, 1)
_IS_FREED: Final = (0, 0, 0, 1, 0)
_JOKER_NAMES: Final = {PIN: "pin", FREE: "free", RACKJ: "rack"}

#: An open run: (length 1..3 with 3 meaning 3+, holds a numbered tile, jokers, holds a freed
#: joker, rack tiles up to the need). Fields the rules do not need stay constant.
Descriptor = tuple[int, int, int, int, int]
Grid = tuple[tuple[int, ...], ...]
#: A colour's open runs, sorted, and what the wrap rules need remembered (else empty).
ColourState = tuple[tuple[Descriptor, ...], tuple[Any, ...]]
#: A search state: colour states, group accumulator, table and rack jokers placed, opening value.
State = tuple[int, ...]
#: A move: (gain, next state, decision for rebuilding the melds).
Move = tuple[int, State, tuple[int, ...]]

#: A meld found: ("run", colour, [(column, kind), ...]) or ("group", column, [member, ...]).
FoundMeld = tuple[str, int, list[Any]]


class BudgetError(Exception):
    """The search expanded more states than its budget allows."""


@attrs.frozen
class Problem:
    """What to solve: tiles per column and colour, jokers, and the rules that matter.

    ``table``, ``rack`` and ``run_pins`` are indexed ``[column][colour]``. ``run_pins`` counts the
    table jokers whose role is that tile in a run, ``group_pins[column]`` those whose role is a
    group of that column's number. ``table_jokers`` is the number of table jokers, all of which
    must be placed: in their role, or (only when ``may_free``) anywhere as freed jokers, which
    then need ``need`` rack tiles in their meld. ``opening`` is the initial-meld threshold, or 0.
    ``weights[column]`` scores one rack tile of that column, ``joker_weight`` one rack joker.
    ``wrap_high`` adds the last column as the 1s played after the highest number; ``wrap_full``
    lets runs go on from the last column to the first.
    """

    colours: int
    numbers: tuple[int, ...]
    table: Grid
    rack: Grid
    run_pins: Grid
    group_pins: tuple[int, ...]
    table_jokers: int
    rack_jokers: int
    may_free: bool
    need: int
    distinct: bool
    cap: int | None
    opening: int
    weights: tuple[int, ...]
    joker_weight: int
    wrap_high: bool = False
    wrap_full: bool = False

    @property
    def columns(self) -> int:
        """How many columns the grid has."""
        return len(self.numbers)


@attrs.frozen
class Solution:
    """The best placement: its score and the melds that realise it."""

    score: int
    melds: list[FoundMeld]


class Search:
    """Depth-first search with memoisation over (position, state); see the module docstring."""

    def __init__(self, problem: Problem, budget: int | None) -> None:
        self.p = problem
        self.budget = budget
        self.expanded = 0
        jokers = problem.table_jokers + problem.rack_jokers
        self.track_numbered = jokers >= 3
        self.track_cap = problem.cap is not None and jokers > problem.cap
        self.track_free = problem.may_free and problem.table_jokers > 0 and problem.need > 0
        self.plain = not (self.track_numbered or self.track_cap or self.track_free)
        self.empty: Descriptor = (0, 0 if self.track_numbered else 1, 0, 0, 0)
        self.group_rules = GroupRules(
            size_max=problem.colours, distinct=problem.distinct, cap=problem.cap, need=problem.need
        )
        self.col_states: list[ColourState] = []
        self.col_ids: dict[ColourState, int] = {}
        self.grp_states: list[tuple[tuple[int, int], ...]] = []
        self.grp_ids: dict[tuple[tuple[int, int], ...], int] = {}
        self.run_cache: dict[tuple[int, tuple[int, ...]], list[tuple[int, tuple[int, ...]]]] = {}
        self.group_cache: dict[tuple[int, int, int, int], bool] = {}
        self.closable_ids: dict[int, bool] = {}
        self.plain_cache: dict[tuple[int, int], int] = {}
        self.grp_cache: dict[tuple[int, int], int] = {}
        self.jokerless = self.plain and jokers == 0
        self.steps = problem.colours + 1
        self.positions = problem.columns * self.steps
        self.memo: list[dict[State, tuple[int, bool, State]]] = [
            {} for _ in range(self.positions + 1)
        ]
        self.suffix = self._suffix_bounds()
        self.group_max = [self._group_max(column) for column in range(problem.columns)]
        self.relax = self._relaxation()
        self.joker_width = jokers + 1
        self.length_ids: dict[int, int] = {}

    # -- public ------------------------------------------------------------------------------

    def solve(self, floor: int) -> Solution | None:
        """The best placement scoring more than ``floor``, or ``None`` if there is none."""
        start = self.start_state()
        score = self.best(0, start, floor)
        if score <= floor:
            return None
        return Solution(score, self._rebuild(start))

    def start_state(self) -> tuple[int, ...]:
        """No open runs, no group tiles, no jokers placed, no opening value."""
        empty_runs = self._col_id(())
        empty_group = self._grp_id(())
        assert empty_runs == empty_group == 0
        return (*([empty_runs] * self.p.colours), empty_group, 0, 0, 0)

    # -- the search --------------------------------------------------------------------------

    def best(self, pos: int, state: tuple[int, ...], alpha: int) -> int:
        """The best score reachable from ``state`` at ``pos``, when it is above ``alpha``.

        Otherwise the answer is only a bound: some value no higher than ``alpha`` (``NEG`` if
        nothing is reachable). Memo entries hold (value, exact, chosen next state).
        """
        memo = self.memo[pos]
        found = memo.get(state)
        if found is not None and (found[1] or found[0] <= alpha):
            return found[0]
        self.expanded += 1
        if self.budget is not None and self.expanded > self.budget:
            raise BudgetError
        if pos == self.positions:
            score = 0 if self._finished(state) else NEG
            memo[state] = (score, True, state)
            return score
        bound = self._bound(pos, state)
        if bound <= alpha:
            return bound
        best, choice = NEG, state
        for top, gain, nxt in self._ranked(pos, state):
            floor = best if best > alpha else alpha
            if top <= floor:
                if self.relax is None:
                    continue  # moves in their own order: a later one may still do
                break
            rest = self.best(pos + 1, nxt, floor - gain)
            if rest != NEG and gain + rest > best:
                best, choice = gain + rest, nxt
                if best >= bound:
                    break
        if best > alpha:
            memo[state] = (best, True, choice)
            return best
        memo[state] = (alpha, False, choice)
        return alpha

    def _ranked(self, pos: int, state: tuple[int, ...]) -> list[tuple[int, int, State]]:
        """The moves as (gain plus the next state's bound, gain, next state).

        With the relaxation, best bound first; else most rack tiles first, as generated.
        """
        moves = self.fast_moves(pos, state)
        if self.relax is None:
            p = self.p
            at, weight = p.colours + 2, p.joker_weight
            base = self.suffix[pos + 1] + p.rack_jokers * weight
            return [(gain + base - nxt[at] * weight, gain, nxt) for gain, nxt in moves]
        ranked = [(gain + self._bound(pos + 1, nxt), gain, nxt) for gain, nxt in moves]
        ranked.sort(key=operator.itemgetter(0), reverse=True)
        return ranked

    def fast_moves(self, pos: int, state: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """The moves at ``pos`` as (gain, next state) only; quicker without jokers."""
        if not self.jokerless:
            return [(gain, nxt) for gain, nxt, _ in self.moves(pos, state)]
        column, colour = divmod(pos, self.steps)
        colours = self.p.colours
        if colour == colours:
            grp = state[colours]
            if grp and not self._groups_ok(grp, 0, 0, 0):
                return []
            return [(0, (*state[:colours], 0, *state[colours + 1 :]))]
        grp = state[colours]
        head, tail = state[:colour], state[colour + 1 : colours]
        joker_counts, value = state[colours + 1 : colours + 3], state[colours + 3]
        weight, number, opening = self.p.weights[column], self.p.numbers[column], self.p.opening
        group_max = self.group_max[column]
        out = []
        for table, rack, sid in self._variants(column, colour, state[colour]):
            for used in range(rack, -1, -1):
                size = table + used
                rest = (*joker_counts, min(opening, value + number * size))
                for in_group in range(min(size, group_max) + 1):
                    new_sid = self._plain_next(sid, size - in_group)
                    if new_sid >= 0:
                        new_grp = self._grp_next(grp, in_group)
                        out.append((used * weight, (*head, new_sid, *tail, new_grp, *rest)))
        return out

    def _plain_next(self, sid: int, count: int) -> int:
        key = (sid, count)
        found = self.plain_cache.get(key)
        if found is None:
            runs, extra = self.col_states[sid]
            outcomes = self._plain_runs_after(runs, count)
            found = self._col_id(outcomes[0][0], extra) if outcomes else -1
            self.plain_cache[key] = found
        return found

    def _grp_next(self, grp: int, count: int) -> int:
        key = (grp, count)
        found = self.grp_cache.get(key)
        if found is None:
            found = self.grp_cache[key] = self._grp_add(grp, 0, count, 0)
        return found

    def moves(self, pos: int, state: tuple[int, ...]) -> list[Move]:
        """Every move at ``pos``: (gain, next state, decision), most rack tiles first."""
        column, colour = divmod(pos, self.steps)
        if colour < self.p.colours:
            return self._colour_moves(column, colour, state)
        return self._group_moves(column, state)

    def _colour_moves(self, column: int, colour: int, state: tuple[int, ...]) -> list[Move]:
        out = []
        for table, rack, sid in self._variants(column, colour, state[colour]):
            for used in range(rack, -1, -1):
                for gt, gr in self._group_splits(table, used, self.group_max[column]):
                    out += self._run_moves(
                        column, colour, state, sid, (table - gt, used - gr, gt, gr)
                    )
        return out

    def _run_moves(
        self,
        column: int,
        colour: int,
        state: tuple[int, ...],
        sid: int,
        split: tuple[int, int, int, int],
    ) -> list[Move]:
        """Moves placing ``split`` (run table, run rack, group table, group rack) and jokers."""
        p = self.p
        colours = p.colours
        grp, tj, rj, value = state[colours : colours + 4]
        nat_t, nat_r, gt, gr = split
        new_grp = self._grp_add(grp, colour, gt, gr)
        pins = p.run_pins[column][colour]
        out: list[Move] = []
        for pin, free, rjk in self._run_jokers(pins, p.table_jokers - tj, p.rack_jokers - rj):
            items = (NAT_T,) * nat_t + (NAT_R,) * nat_r
            items += (PIN,) * pin + (FREE,) * free + (RACKJ,) * rjk
            placed = nat_t + nat_r + gt + gr + pin + free + rjk
            gain = (nat_r + gr) * p.weights[column] + rjk * p.joker_weight
            counters = (
                new_grp,
                tj + pin + free,
                rj + rjk,
                min(p.opening, value + p.numbers[column] * placed),
            )
            for new_sid, recipe in self._runs_after(sid, items):
                nxt = (*state[:colour], new_sid, *state[colour + 1 : colours], *counters)
                out.append((gain, nxt, (gt, gr, *items, -1, *recipe)))
        return out

    def _group_splits(self, table: int, rack: int, most: int) -> list[tuple[int, int]]:
        """How many table and rack tiles of one colour join groups (at most ``most``)."""
        if self.track_free:
            pairs = [(gt, gr) for gt in range(table + 1) for gr in range(rack + 1)]
            return [(gt, gr) for gt, gr in pairs if gt + gr <= most]
        return [(min(g, table), g - min(g, table)) for g in range(min(table + rack, most) + 1)]

    def _run_jokers(self, pins: int, table_left: int, rack_left: int) -> list[tuple[int, int, int]]:
        """How many pinned, freed and rack jokers to place in runs at one tile."""
        pin_options = range(min(pins, table_left) + 1) if self.p.may_free else (pins,)
        out: list[tuple[int, int, int]] = []
        for pin in pin_options:
            free_max = table_left - pin if self.p.may_free else 0
            for free in range(free_max + 1):
                out.extend((pin, free, rjk) for rjk in range(rack_left, -1, -1))
        return out

    def _group_moves(self, column: int, state: tuple[int, ...]) -> list[Move]:
        p = self.p
        colours = p.colours
        grp, tj, rj, value = (
            state[colours],
            state[colours + 1],
            state[colours + 2],
            state[colours + 3],
        )
        number = p.numbers[column]
        table_left, rack_left = p.table_jokers - tj, p.rack_jokers - rj
        pins = p.group_pins[column]
        empty_grp = self._grp_id(())
        out: list[Move] = []
        for pin, free, rjk in self._run_jokers(pins, table_left, rack_left):
            if pin + free + rjk and not self.grp_states[grp]:
                continue
            if not self._groups_ok(grp, pin, free, rjk):
                continue
            nxt = (
                *state[:colours],
                empty_grp,
                tj + pin + free,
                rj + rjk,
                min(p.opening, value + number * (pin + free + rjk)),
            )
            out.append((rjk * p.joker_weight, nxt, (pin, free, rjk)))
        return out

    def _finished(self, state: tuple[int, ...]) -> bool:
        colours = self.p.colours
        if state[colours + 1] != self.p.table_jokers or state[colours + 3] < self.p.opening:
            return False
        return all(self._all_closable(state[c]) for c in range(colours))

    # -- runs --------------------------------------------------------------------------------

    def _runs_after(self, sid: int, items: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """Open runs after placing ``items`` at this tile: (new state id, recipe) each.

        The recipe gives, per item, the index of the open run it extends, or -1 for a new run;
        open runs not extended are closed and must be valid.
        """
        key = (sid, items)
        found = self.run_cache.get(key)
        if found is None:
            runs, extra = self.col_states[sid]
            if self.plain:
                outcomes = self._plain_runs_after(runs, len(items))
            else:
                outcomes = self._tracked_runs_after(runs, items)
            found = [(self._col_id(new, extra), recipe) for new, recipe in outcomes]
            self.run_cache[key] = found
        return found

    def _plain_runs_after(
        self, runs: tuple[Descriptor, ...], count: int
    ) -> list[tuple[tuple[Descriptor, ...], tuple[int, ...]]]:
        short = [i for i, d in enumerate(runs) if d[0] < 3]
        if count < len(short):
            return []
        long = [i for i, d in enumerate(runs) if d[0] == 3]
        targets = short + long[: count - len(short)]
        recipe = (*targets, *([-1] * (count - len(targets))))
        return [(self._apply(runs, (NAT_T,) * count, recipe), recipe)]

    def _tracked_runs_after(
        self, runs: tuple[Descriptor, ...], items: tuple[int, ...]
    ) -> list[tuple[tuple[Descriptor, ...], tuple[int, ...]]]:
        results: dict[tuple[Descriptor, ...], tuple[int, ...]] = {}

        def assign(index: int, used: frozenset[int], recipe: tuple[int, ...]) -> None:
            if index == len(items):
                left = [d for i, d in enumerate(runs) if i not in used]
                if all(self._closable(d) for d in left):
                    results.setdefault(self._apply(runs, items, recipe), recipe)
                return
            tried: set[Descriptor] = set()
            for i, d in enumerate(runs):
                if i in used or d in tried:
                    continue
                tried.add(d)
                if self._extend(d, items[index]) is not None:
                    assign(index + 1, used | {i}, (*recipe, i))
            if self._extend(self.empty, items[index]) is not None:
                assign(index + 1, used, (*recipe, -1))

        assign(0, frozenset(), ())
        return list(results.items())

    def _apply(
        self, runs: tuple[Descriptor, ...], items: tuple[int, ...], recipe: tuple[int, ...]
    ) -> tuple[Descriptor, ...]:
        new = []
        for kind, target in zip(items, recipe, strict=True):
            extended = self._extend(runs[target] if target >= 0 else self.empty, kind)
            assert extended is not None
            new.append(extended)
        return tuple(sorted(new))

    def _extend(self, d: Descriptor, kind: int) -> Descriptor | None:
        length = min(3, d[0] + 1)
        numbered = d[1] | (1 - _IS_JOKER[kind]) if self.track_numbered else 1
        jokers = d[2] + _IS_JOKER[kind] if self.track_cap else 0
        if self.p.cap is not None and jokers > self.p.cap:
            return None
        if self.track_free:
            return (
                length,
                numbered,
                jokers,
                d[3] | _IS_FREED[kind],
                min(self.p.need, d[4] + _IS_RACK[kind]),
            )
        return (length, numbered, jokers, 0, 0)

    def _closable(self, d: Descriptor) -> bool:
        return d[0] == 3 and bool(d[1]) and (not d[3] or d[4] >= self.p.need)

    def _all_closable(self, sid: int) -> bool:
        found = self.closable_ids.get(sid)
        if found is None:
            runs, promise = self.col_states[sid]
            left = list(runs)
            for d in promise:
                if d not in left:
                    return False
                left.remove(d)
            found = all(self._closable(d) for d in left)
            self.closable_ids[sid] = found
        return found

    def _col_id(self, runs: tuple[Descriptor, ...], extra: tuple[Any, ...] = ()) -> int:
        key = (runs, extra)
        found = self.col_ids.get(key)
        if found is None:
            found = self.col_ids[key] = len(self.col_states)
            self.col_states.append(key)
        return found

    def _variants(self, column: int, colour: int, sid: int) -> list[tuple[int, int, int]]:
        """(table tiles, rack tiles, colour state) to play from at one tile.

        Usually one; with ``wrap_high`` the 1s are split at the first column between the low
        and the high place (the state remembers the high ones), with ``wrap_full`` the runs
        going on from the last column are guessed at the first (the state remembers them).
        """
        p = self.p
        table, rack = p.table[column][colour], p.rack[column][colour]
        runs, extra = self.col_states[sid]
        if p.wrap_high and column == 0:
            return [
                (table - high_t, rack - high_r, self._col_id(runs, (high_t, high_r)))
                for high_t in range(table + 1)
                for high_r in range(rack + 1)
            ]
        if p.wrap_high and column == p.columns - 1:
            return [(extra[0], extra[1], self._col_id(runs))]
        if p.wrap_full and column == 0:
            # A run that wraps holds a tile (or joker) at the first and at the last column.
            jokers = p.table_jokers + p.rack_jokers
            last = p.table[-1][colour] + p.rack[-1][colour]
            return [
                (table, rack, self._col_id(promise, promise))
                for promise in self._promises(min(table + rack, last) + jokers)
            ]
        return [(table, rack, sid)]

    def _promises(self, most: int) -> list[tuple[Descriptor, ...]]:
        """Multisets of runs that may come in from the last column (plain runs only)."""
        base = self.empty[1:]
        kinds = [(length, *base) for length in (1, 2, 3)]
        sizes = range(most + 1)
        return [
            tuple(sorted(combo))
            for size in sizes
            for combo in itertools.combinations_with_replacement(kinds, size)
        ]

    # -- groups ------------------------------------------------------------------------------

    def _grp_add(self, grp: int, colour: int, table: int, rack: int) -> int:
        """The group accumulator with one more colour's tiles (compressed when rack is moot)."""
        if table + rack == 0:
            return grp
        old = self.grp_states[grp]
        if self.track_free:
            new = (*old, (table, rack)) if self.p.distinct else _sum_pairs(old, (table, rack))
        else:
            size = table + rack
            total, widest = old[0] if old else (0, 0)
            new = ((total + size, max(widest, size) if self.p.distinct else 0),)
        return self._grp_id(tuple(sorted(new)))

    def _grp_id(self, key: tuple[tuple[int, int], ...]) -> int:
        found = self.grp_ids.get(key)
        if found is None:
            found = self.grp_ids[key] = len(self.grp_states)
            self.grp_states.append(key)
        return found

    def _groups_ok(self, grp: int, pin: int, free: int, rack: int) -> bool:
        key = (grp, pin, free, rack)
        found = self.group_cache.get(key)
        if found is None:
            colours = self._representative(self.grp_states[grp])
            found = partition_groups(colours, (pin, free, rack), self.group_rules) is not None
            self.group_cache[key] = found
        return found

    def _representative(self, key: tuple[tuple[int, int], ...]) -> list[tuple[int, int, int]]:
        """Colour counts with the accumulator's feasibility (exact when rack tiles are moot)."""
        if self.track_free:
            return [(i, t, r) for i, (t, r) in enumerate(key)]
        if not key:
            return []
        total, widest = key[0]
        if not self.p.distinct:
            return [(0, total, 0)]
        sizes = [widest] * (total // widest) + ([total % widest] if total % widest else [])
        return [(i, size, 0) for i, size in enumerate(sizes)]

    def _group_max(self, column: int) -> int:
        """The most tiles of one colour that can join groups at ``column``."""
        p = self.p
        if p.wrap_high and column == p.columns - 1:
            return 0
        counts = [t + r for t, r in zip(p.table[column], p.rack[column], strict=True)]
        jokers = p.table_jokers + p.rack_jokers
        if not p.distinct:
            return sum(counts) + jokers
        if sum(1 for n in counts if n) + jokers < 3:
            return 0
        return (sum(counts) + jokers) // 3

    # -- bounds --------------------------------------------------------------------------------

    def _bound(self, pos: int, state: tuple[int, ...]) -> int:
        """An upper bound on the score still reachable from ``state`` at ``pos``.

        Every rack joker still on the rack, plus the relaxation's values (see
        ``_solver_relax``: each colour alone, groups relaxed) under the best sharing of the
        jokers left among the colours' runs; with wrapping runs, every remaining rack tile.
        """
        p = self.p
        colours = p.colours
        rack_left = p.rack_jokers - state[colours + 2]
        if self.relax is None:
            return self.suffix[pos] + rack_left * p.joker_weight
        column, step = divmod(pos, self.steps)
        spare = p.table_jokers - state[colours + 1] + rack_left
        shared = [0] * (spare + 1)  # shared[j]: the colours so far with at most j jokers
        for colour in range(colours):
            values = self.relax[colour][column + 1 if colour < step else column]
            at = self._length_id(state[colour]) * self.joker_width
            if not spare:
                shared[0] += values[at]
                continue
            shared = [
                max(shared[j - k] + values[at + k] for k in range(j + 1)) for j in range(spare + 1)
            ]
        total = shared[spare]
        return NEG if total < 0 else total + rack_left * p.joker_weight

    def _length_id(self, sid: int) -> int:
        """The relaxation's run state (lengths only) of a colour state."""
        found = self.length_ids.get(sid)
        if found is None:
            runs = self.col_states[sid][0]
            found = self.length_ids[sid] = state_id([d[0] for d in runs])
        return found

    def _relaxation(self) -> list[list[list[int]]] | None:
        """Per colour the relaxation's values (``None`` with wrapping runs: suffix bounds)."""
        p = self.p
        if p.wrap_high or p.wrap_full:
            return None
        jokers = p.table_jokers + p.rack_jokers
        counts = [
            [t + r for t, r in zip(*row, strict=True)] for row in zip(p.table, p.rack, strict=True)
        ]
        caps = group_caps(counts, jokers, distinct=p.distinct)
        return [
            colour_values(
                [row[c] for row in p.table], [row[c] for row in p.rack], p.weights, caps, jokers
            )
            for c in range(p.colours)
        ]

    def _suffix_bounds(self) -> list[int]:
        """Score of every rack tile at or after each position (rack jokers excluded)."""
        p = self.p
        suffix = [0] * (self.positions + 1)
        for pos in range(self.positions - 1, -1, -1):
            column, colour = divmod(pos, self.steps)
            # With wrap_high the last column plays 1s kept back from the first.
            source = 0 if p.wrap_high and column == p.columns - 1 else column
            here = p.rack[source][colour] * p.weights[column] if colour < p.colours else 0
            suffix[pos] = suffix[pos + 1] + here
        return suffix

    # -- rebuilding the melds --------------------------------------------------------------------

    def _rebuild(self, start: tuple[int, ...]) -> list[FoundMeld]:
        builder = _Builder(self)
        state = start
        for pos in range(self.positions):
            _, exact, choice = self.memo[pos][state]
            assert exact
            _, state, decision = max(m for m in self.moves(pos, state) if m[1] == choice)
            column, colour = divmod(pos, self.steps)
            if colour == self.p.colours:
                builder.group_step(column, decision)
                continue
            if self.p.wrap_full and column == 0:
                builder.promise(colour, self.col_states[state[colour]][1])
            builder.colour_step(column, colour, decision)
        builder.finish()
        return builder.melds


def _sum_pairs(
    old: tuple[tuple[int, int], ...], add: tuple[int, int]
) -> tuple[tuple[int, int], ...]:
    table, rack = old[0] if old else (0, 0)
    return ((table + add[0], rack + add[1]),)


@attrs.define
class _Run:
    """A run being built: its descriptor, its tiles so far, and the promise it continues."""

    descriptor: Descriptor
    tiles: list[tuple[int, int]]
    promise: int | None = None


class _Builder:
    """Replays the chosen moves with concrete runs and groups."""

    def __init__(self, search: Search) -> None:
        self.search = search
        colours = search.p.colours
        self.open: list[list[_Run]] = [[] for _ in range(colours)]
        self.promised: list[list[Descriptor]] = [[] for _ in range(colours)]
        self.heads: list[dict[int, _Run]] = [{} for _ in range(colours)]
        self.group_tiles: list[tuple[int, int, int]] = []
        self.melds: list[FoundMeld] = []

    def promise(self, colour: int, promised: tuple[object, ...]) -> None:
        """``wrap_full``: the runs that come in from the last column, as guessed."""
        self.promised[colour] = list(promised)  # type: ignore[arg-type]
        self.open[colour] = [_Run(d, [], j) for j, d in enumerate(self.promised[colour])]

    def colour_step(self, column: int, colour: int, decision: tuple[int, ...]) -> None:
        """Place one tile's copies: some in groups, the rest on runs as the recipe says."""
        gt, gr = decision[0], decision[1]
        split = decision.index(-1, 2)
        items, recipe = decision[2:split], decision[split + 1 :]
        if gt + gr:
            self.group_tiles.append((colour, gt, gr))
        runs = sorted(self.open[colour], key=lambda run: run.descriptor)
        extended: set[int] = set()
        new_runs = []
        for kind, target in zip(items, recipe, strict=True):
            run = runs[target] if target >= 0 else _Run(self.search.empty, [])
            extended.add(target)
            grown = self.search._extend(run.descriptor, kind)
            assert grown is not None
            new_runs.append(_Run(grown, [*run.tiles, (column, kind)], run.promise))
        for index, run in enumerate(runs):
            if index not in extended:
                self._close(colour, run)
        self.open[colour] = new_runs

    def group_step(self, column: int, decision: tuple[int, ...]) -> None:
        """Split the tiles given to groups at ``column`` into groups."""
        if not self.group_tiles and not any(decision):
            return
        jokers = (decision[0], decision[1], decision[2])
        found = partition_groups(self.group_tiles, jokers, self.search.group_rules)
        assert found is not None
        self.melds.extend(("group", column, members) for members in found)
        self.group_tiles = []

    def finish(self) -> None:
        """Close the runs still open after the last column, joining those that wrap."""
        for colour, runs in enumerate(self.open):
            if not self.promised[colour]:
                for run in runs:
                    self._close(colour, run)
                continue
            successor: dict[int, _Run] = {}
            left = list(runs)
            for j, descriptor in enumerate(self.promised[colour]):
                tail = min(
                    (r for r in left if r.descriptor == descriptor),
                    key=lambda r: r.promise != j,
                )
                left.remove(tail)
                head = self.heads[colour].get(j) or next(r for r in runs if r.promise == j)
                successor[id(tail)] = head
            for run in left:
                self._close(colour, run)
            self._emit_chains(colour, runs, successor)

    def _close(self, colour: int, run: _Run) -> None:
        if run.promise is None:
            self._emit_run(colour, run.tiles)
        else:
            self.heads[colour][run.promise] = run

    def _emit_chains(self, colour: int, tails: list[_Run], successor: dict[int, _Run]) -> None:
        """Join each run that wraps with the run it continues into, and emit the results."""
        heads = [r for r in tails if id(r) in successor]
        starts = [r for r in heads if r.promise is None]
        seen: set[int] = set()
        for first in starts + heads:
            if id(first) in seen:
                continue
            tiles: list[tuple[int, int]] = []
            run: _Run | None = first
            while run is not None and id(run) not in seen:
                seen.add(id(run))
                tiles += run.tiles
                run = successor.get(id(run))
            self._emit_run(colour, tiles)

    def _emit_run(self, colour: int, tiles: list[tuple[int, int]]) -> None:
        """Emit a run, cut into equal pieces if it is longer than the numbers allow.

        Open runs only know lengths up to 3+, so a run may come out longer than the tile set's
        numbers (with wrapping, or a 1 at both ends under ``one_high``); pieces of at least 3
        tiles are valid runs when the set has at least 5 numbers.
        """
        span = len(self.search.p.numbers) - (1 if self.search.p.wrap_high else 0)
        pieces = -(-len(tiles) // span)
        size = -(-len(tiles) // pieces)
        for at in range(0, len(tiles), size):
            self.melds.append(("run", colour, tiles[at : at + size]))
