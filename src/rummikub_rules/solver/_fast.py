"""The fast exact search for the common case: standard meld rules, jokers free (private).

Used by the plan (:mod:`._plan`, through :mod:`._engines`) when runs do not wrap, a group's colours
must differ and no cap limits the jokers of a meld: it lays the table and rack tiles with table
jokers either kept in their roles (*pins*) or free to go into any meld, and rack jokers free. The
problem is a grid of tile counts, ``table[column][colour]`` (all must be laid) and
``rack[column][colour]`` (any may be), each rack tile of a column scoring ``weights[column]``, plus
jokers: table jokers must be laid, rack jokers may be (each scoring ``joker_weight``, or where
every joker is the rack's, what it scores at the number it stands at). A joker in a
run is one more tile of its cell; jokers fill groups in. The answer lays the best-scoring rack tiles
so that everything splits into runs and groups.

A search walks the cells column by column and, inside a column, colour by colour (so colours never
multiply), with its state packed into one integer: each colour's open runs (and what they hold,
where they owe: :mod:`._owing_runs`), the column's group accumulator (see :mod:`._relax`) and the
jokers not yet placed. Moves are ordered by the per-colour relaxation, whose bound already
guarantees that every colour can finish, so only the coupling of colours in groups (and the sharing
of jokers) can fail later. Inside a column, the jokers its groups still need beyond the later
colours' charges are kept from the bound of the runs (:meth:`._group_table.GroupTable.needs`).

The search is a memoised depth-first branch and bound. Runs read the same both ways, so the
columns may be walked upwards or downwards, and the work either way differs a lot from one table
to the next: the two directions take turns, each with a growing budget and keeping its memo,
sharing the best play found so far, and the first to finish gives the answer. Downwards goes
first: high numbers weigh most, and deciding them first usually prunes more. On most tables the
first dive lays every rack tile the bound allows, which proves it optimal at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from rummikub_rules.solver import _new_runs, _owing_runs
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._fast_melds import found_meld, replay
from rummikub_rules.solver._grid import NEG, FoundMeld
from rummikub_rules.solver._group_table import group_table
from rummikub_rules.solver._new_runs import flipped_roles, keeps_claims
from rummikub_rules.solver._relax import (
    JokerRoom,
    Move,
    Relaxation,
    group_caps,
    group_shares,
)
from rummikub_rules.solver._run_states import state_bits

__all__ = ["FastSearch"]


#: States the first turn of each direction may expand, per cell; later turns grow by half.
#: Which way is cheaper depends on the position: run alone each way, the searches of the solver
#: benchmark's game positions needed fewer states downwards 466 times and upwards 309 (264
#: ties), those of seeded self-play 1,703 and 3,110 (4,054 ties). Starting upwards cost the
#: benchmark's solves 2% more units (29% more under ``ua-wiki``) and saved self-play's 1% at the
#: bots' budget, so downwards stays first. Most searches finish inside a first turn of 40 a cell;
#: against 20 it saves 3.4% of the benchmark's units and 5.8% of self-play's at the bots' budget
#: (60 or 80 save more on the benchmark, less in self-play). Where one way needs far more, the
#: turns still bound what the other costs.
_TURN_PER_CELL: Final = 40


class _TurnSpentError(Exception):
    """A direction used up the budget of its turn."""


class _FoundOneError(Exception):
    """A play above the floor was found and any play will do."""


class FastSearch:
    """The fast search on one grid (see the module docstring).

    ``table`` and ``rack`` are counts per ``[column][colour]``; ``jokers`` counts the free table
    jokers (all to be laid, anywhere) and the rack jokers; ``pins`` holds table jokers kept in
    their roles: ``pins[0][column][colour]`` in runs, standing for that tile, and
    ``pins[1][column]`` in groups of that number. With ``room``, free jokers go only where it
    lets them. With ``owing``, the free jokers are freed ones that owe a tile laid from the
    rack in their meld (rules section 4.5): where ``owing[column]``, a number's groups take one
    only where a rack tile of the number is laid in a group. With ``row_jokers``, the bound lets
    colour ``c``'s runs take at most ``row_jokers[c]`` jokers (coloured jokers read as plain;
    see :class:`._relax.Relaxation`). With ``runs_owe`` (and ``owing``, and runs enough:
    :data:`._owing_runs.MOST_OWING_RUNS`), a freed joker's run owes a rack tile too
    (:mod:`._owing_runs`), but ``exempt[column][colour]`` jokers in runs at that cell. With
    ``newness`` (no rack joker in play), a colour given the roles of its cells along an old run
    keeps freed jokers out of a run holding that old run whole (:mod:`._new_runs`), the
    ``exempt`` jokers there kept ones. With ``group_least``, a number's groups hold at least
    ``group_least[column]`` tiles and jokers in all (the groups that claims keep, which the
    plain accumulator would let shrink: :func:`._host_claims.claimed_group_sizes`).
    A rack joker scores ``joker_weight``, or without table jokers ``joker_weight[column]`` at
    the column it stands at. Every search charges ``budget``.
    """

    def __init__(
        self,
        table: Sequence[Sequence[int]],
        rack: Sequence[Sequence[int]],
        weights: Sequence[int],
        *,
        budget: Budget,
        jokers: tuple[int, int] = (0, 0),
        joker_weight: int | Sequence[int] = 0,
        pins: tuple[Sequence[Sequence[int]], Sequence[int]] | None = None,
        first: bool = False,
        room: JokerRoom | None = None,
        row_jokers: Sequence[int] | None = None,
        owing: Sequence[bool] | None = None,
        runs_owe: bool = False,
        exempt: Sequence[Sequence[int]] | None = None,
        newness: Sequence[Sequence[int] | None] | None = None,
        group_least: Sequence[int] | None = None,
    ) -> None:
        self.budget = budget
        run_pins, group_pins = pins or ([[0] * len(table[0]) for _ in table], [0] * len(table))
        self.room, self.row_jokers, self.owing = room, row_jokers, owing
        self.owe = (runs_owe, exempt, newness)
        self.group_least = group_least
        flipped = None if newness is None else [flipped_roles(roles) for roles in newness]
        joker_weights = (
            [joker_weight] * len(table) if isinstance(joker_weight, int) else joker_weight
        )
        self.args = (jokers, budget, first)
        #: What a search reads by column: each direction reads it in its own order.
        self.grid = (table, rack, weights, (run_pins, group_pins), joker_weights)
        # Downwards first: high numbers weigh most, and deciding them first usually pays.
        mirrored = (run_pins[::-1], group_pins[::-1])
        room_flipped = None if room is None else (room[0][::-1], room[1][::-1])
        self.searches = [
            _Search(
                table[::-1], rack[::-1], weights[::-1], mirrored, joker_weights[::-1], *self.args,
                mirrored=True, room=room_flipped, row_jokers=row_jokers,
                owing=None if owing is None else owing[::-1], runs_owe=runs_owe,
                exempt=None if exempt is None else exempt[::-1], newness=flipped,
                group_least=None if group_least is None else group_least[::-1],
            )
        ]  # fmt: skip
        self.best: tuple[int, _Search, list[Move]] | None = None

    def bound(self) -> int:
        """An upper bound on the best score (``NEG`` if the table tiles cannot all be laid)."""
        return self.searches[0].relax.bound()

    def solve(self, floor: int) -> tuple[int, list[FoundMeld]] | None:
        """The best placement scoring more than ``floor``: (score, melds), or ``None``.

        With ``first``, any such placement will do. Raises :class:`BudgetSpent` when the budget
        runs out; then :meth:`best_found` has the best placement found so far.
        """
        bound = self.bound()
        if bound <= floor:
            return None
        turn = _TURN_PER_CELL * self.searches[0].cells
        try:
            while True:
                for index in range(2):
                    if index == len(self.searches):
                        table, rack, weights, pins, joker_weights = self.grid
                        self.searches.append(
                            _Search(
                                table, rack, weights, pins, joker_weights, *self.args,
                                mirrored=False, room=self.room, row_jokers=self.row_jokers,
                                owing=self.owing, runs_owe=self.owe[0], exempt=self.owe[1],
                                newness=self.owe[2], group_least=self.group_least,
                            )
                        )  # fmt: skip
                    search = self.searches[index]
                    finished = search.dive(
                        bound, floor if self.best is None else self.best[0], turn
                    )
                    self._keep(search)
                    if finished:
                        return self.best_found()
                turn += turn // 2
        except _FoundOneError:
            for search in self.searches:
                self._keep(search)
            return self.best_found()

    def _keep(self, search: _Search) -> None:
        if search.best_path is not None and (self.best is None or search.found > self.best[0]):
            self.best = (search.found, search, search.best_path)

    def best_found(self) -> tuple[int, list[FoundMeld]] | None:
        """The best placement found so far (``None`` if none)."""
        for search in self.searches:
            self._keep(search)
        if self.best is None:
            return None
        score, search, path = self.best
        return score, [found_meld(meld) for meld in replay(search, path)]


class _Search:
    """The search one way along the columns: relaxation, state packing and memo."""

    def __init__(
        self,
        table: Sequence[Sequence[int]],
        rack: Sequence[Sequence[int]],
        weights: Sequence[int],
        pins: tuple[Sequence[Sequence[int]], Sequence[int]],
        joker_weights: Sequence[int],
        jokers: tuple[int, int],
        budget: Budget,
        first: bool,
        *,
        mirrored: bool,
        room: JokerRoom | None = None,
        row_jokers: Sequence[int] | None = None,
        owing: Sequence[bool] | None = None,
        runs_owe: bool = False,
        exempt: Sequence[Sequence[int]] | None = None,
        newness: Sequence[Sequence[int] | None] | None = None,
        group_least: Sequence[int] | None = None,
    ) -> None:
        self.colors = colors = len(table[0])
        self.columns = len(table)
        self.cells = self.columns * colors
        self.mirrored = mirrored
        self.jokers = sum(jokers)
        self.width = self.jokers + 1
        self.rack_jokers = jokers[1]
        self.run_pins, self.group_pins = pins
        #: Per column, the fewest tiles and jokers its groups hold in all (0: any).
        self.group_least = list(group_least) if group_least else [0] * self.columns
        counts = [
            [t + r for t, r in zip(trow, rrow, strict=True)]
            for trow, rrow in zip(table, rack, strict=True)
        ]
        cells = zip(itertools.chain(*counts), itertools.chain(*self.run_pins), strict=True)
        copies = max(1, *(n + pinned for n, pinned in cells))  # the most tiles of one cell
        self.groups = group_table(colors, copies, self.jokers + max(self.group_pins))
        self.runs_owe = runs_owe = runs_owe and copies + self.jokers <= _owing_runs.MOST_OWING_RUNS
        if newness is not None and copies + self.jokers > _new_runs.MOST_RUNS:
            newness = None
        self.newness = newness
        # A rack joker is not told from a freed one: only runs keeping claims (where every
        # joker stands alike) take one.
        assert newness is None or not jokers[1] or keeps_claims(newness)
        bits = _new_runs.state_bits if newness else _owing_runs.state_bits if runs_owe else None
        self.bits = (bits or state_bits)(copies + self.jokers)
        self.offsets = [self.groups.bits + self.bits * c for c in range(colors)]
        self.spare_offset = self.groups.bits + self.bits * colors
        #: Per column, whether its groups take a free joker only beside a rack tile (see
        #: :class:`FastSearch`); a move tells by its score, as no rack joker is then in play.
        assert owing is None or (not jokers[1] and min(weights) > 0)
        assert not runs_owe or owing is not None
        self.owing = owing
        #: The bit of a memo key, above the jokers left, saying a rack tile went to a group
        #: of the number so far (:meth:`_dfs_jokers`).
        self.owed_bit = self.spare_offset + self.jokers.bit_length()
        self.owed_mask = 1 << self.owed_bit
        # Group shares tighten the bound. None where no number takes any: jokers then count
        # whole. None with a colour's jokers limited either: a group's jokers are other
        # colours' then.
        shares: list[int] | None = None
        if self.jokers and row_jokers is None:
            shares = group_shares(counts, self.group_pins)
            shares = shares if any(shares) else None
        caps = group_caps(
            counts,
            self.jokers,
            distinct=True,
            pins=self.group_pins,
            room=None if room is None else room[1],
        )
        self.relax = Relaxation(
            table,
            rack,
            weights,
            caps,
            self.offsets,
            jokers=jokers,
            joker_weights=joker_weights,
            spare_offset=self.spare_offset,
            pins=self.run_pins,
            budget=budget,
            room=room,
            shares=shares,
            row_jokers=row_jokers,
            runs_owe=runs_owe,
            exempt=exempt,
            newness=newness,
        )
        self._counts, self._caps = counts, caps
        self.acc_mask = (1 << self.groups.bits) - 1
        self.state_mask = (1 << self.bits) - 1
        self.work = budget
        self.first = first
        self.budget = 0
        self.found = NEG
        self.best_path: list[Move] | None = None
        # What only a dive needs is built at the first dive: many searches end at their bound.
        #: Per cell: (offset of its colour, last colour of the column, the accumulators that
        #: may still fit with the column's pinned jokers alone, as when no joker is left to
        #: place; with jokers left, :attr:`needs` says; whether its number's groups take a
        #: free joker only beside a rack tile, :attr:`owing`).
        self.cell_info: list[tuple[int, bool, tuple[bool, ...], bool]] = []
        #: Per cell, per accumulator after its colour's move: the joker units the number's
        #: groups need at least beyond the later colours' charges (:meth:`GroupTable.needs`).
        self.needs: list[tuple[int, ...]] = []
        self.path: list[Move] = []
        #: Per cell and state: ``2 * value + 1`` for an exact value, ``2 * bound`` for a bound.
        self.memo: list[dict[int, int]] = []
        self.choice: list[dict[int, Move]] = []

    def _prepare(self) -> None:
        """Build the cells' rules and the memo, before the first dive."""
        colors = self.colors
        # Per number, the most tiles each colour may give to its groups.
        capped = [
            tuple(min(n, cap) for n in row)
            for row, cap in zip(self._counts, self._caps, strict=True)
        ]
        viable = [
            flags
            for caps, pinned, least in zip(capped, self.group_pins, self.group_least, strict=True)
            for flags in self.groups.viable(caps, pinned, least)
        ]
        owing = self.owing or [False] * self.columns
        self.cell_info = [
            (self.offsets[pos % colors], pos % colors == colors - 1, flags, owing[pos // colors])
            for pos, flags in enumerate(viable)
        ]
        if self.jokers:
            room, shares, unit = self.relax.room, self.relax.shares, self.relax.unit
            self.needs = [
                needs
                for column, caps in enumerate(capped)
                for needs in self.groups.needs(
                    caps,
                    self.group_pins[column],
                    shares[column],
                    self.jokers if room is None or room[1][column] else 0,
                    unit,
                )
            ]
        self.path = [(0, 0, 0, 0, 0)] * self.cells
        self.memo = [{} for _ in range(self.cells)]
        self.choice = [{} for _ in range(self.cells)]

    def dive(self, bound: int, floor: int, budget: int) -> bool:
        """Search for a play scoring more than ``floor``; ``True`` if the search finished.

        Finished, ``best_path`` is the best such play (``None`` if there is none); stopped by
        ``budget`` more states, it is the best found (or ``None``), and the memo is kept.
        """
        if not self.memo:
            self._prepare()
        self.found, self.best_path = floor, None
        self.budget = self.work.spent + budget
        start = self.jokers << self.spare_offset
        try:
            if self.jokers:
                self._dfs_jokers(0, start, bound, floor, 0)
            else:
                self._dfs(0, start, bound, floor, 0)
        except _TurnSpentError:
            return False
        return True

    def _dfs(self, pos: int, key: int, bound: int, alpha: int, got: int) -> int:
        """The best score from ``key`` at cell ``pos`` if above ``alpha``, else a bound <= alpha.

        With no joker left to place: ``bound`` is the relaxation bound of the state, and a
        move's regret is exactly what it takes off. ``got`` is the score of the path so far,
        kept with the path to record the best play found (the incumbent).
        """
        if pos == self.cells:
            if got > self.found:
                self.found, self.best_path = got, list(self.path)
                if self.first:
                    raise _FoundOneError
            return 0
        memo = self.memo[pos]
        known = memo.get(key)
        if known is not None:
            if known & 1:
                return self._recall(pos, key, known >> 1, got)
            if known >> 1 <= alpha:
                return known >> 1
        self.work.charge()
        if self.work.spent > self.budget:
            raise _TurnSpentError
        offset, last, viable, _ = self.cell_info[pos]
        state = (key >> offset) & self.state_mask
        acc = key & self.acc_mask
        after = self.groups.after[acc]
        best, choice = NEG, None
        path, deeper = self.path, pos + 1
        index = state * self.width
        for move in self.relax.known[pos].get(index) or self.relax.moves(pos, state):
            regret, gain, delta, grouped, _ = move
            floor = best if best > alpha else alpha
            if bound - regret <= floor:
                break
            acc2 = after[grouped]
            if not viable[acc2]:
                continue
            path[pos] = move
            rest = self._dfs(
                deeper,
                key + delta - acc + (0 if last else acc2),
                bound - regret - gain,
                floor - gain,
                got + gain,
            )
            if gain + rest > best:
                best, choice = gain + rest, move
                if best >= bound:
                    break
        return self._store(pos, key, alpha, best, choice)

    def _dfs_jokers(
        self, pos: int, key: int, bound: int, alpha: int, got: int, owed: bool = False
    ) -> int:
        """:meth:`_dfs` while jokers are left to place.

        The bound shares the jokers between the colours, so each state's bound is worked out
        on its own (``bound``, by the caller) and regrets only order the moves. Once every
        joker is placed (or at the end), :meth:`_dfs` goes on. ``owed`` (with ``owing``): a
        rack tile went to a group of this number, so a freed joker may join its groups.
        """
        memo = self.memo[pos]
        at = key | self.owed_mask if owed else key
        known = memo.get(at)
        if known is not None:
            if known & 1:
                return self._recall(pos, at, known >> 1, got)
            if known >> 1 <= alpha:
                return known >> 1
        spare = key >> self.spare_offset
        # Each child's bound shares the jokers left (in halves where groups take shares): the
        # work grows with them.
        self.work.charge(1 + self.relax.unit * spare)
        if self.work.spent > self.budget:
            raise _TurnSpentError
        offset, last, _, owes = self.cell_info[pos]
        state = (key >> offset) & self.state_mask
        acc = key & self.acc_mask
        after, fits = self.groups.after[acc], self.groups.fits
        pinned = self.group_pins[pos // self.colors]
        # At the number's last colour: the fewest tiles its groups hold in all, by accumulator.
        least = self.group_least[pos // self.colors] if last else 0
        needs, unit = self.needs[pos], self.relax.unit
        best, choice = NEG, None
        # A move changes one colour's term of its children's bound.
        parts: Sequence[int] | None = None
        moved: Sequence[int] = ()
        for move in self.relax.known[pos].get(state * self.width + spare) or self.relax.moves(
            pos, state, spare
        ):
            _, gain, delta, grouped, group_jokers = move
            acc2 = after[grouped]
            # A rack tile laid here may be the one its groups get (the cell's copies are alike).
            racked = owes and grouped > 0 and gain > 0
            if last:
                if not fits[acc2][group_jokers + pinned]:
                    continue
                if least and self.groups.total(acc2) + group_jokers + pinned < least:
                    continue
                if group_jokers and owes and not owed and not racked:
                    continue  # a freed joker in the number's groups owes a rack tile there
                acc2 = 0
            floor = best if best > alpha else alpha
            child = key + delta - acc + acc2
            left = child >> self.spare_offset
            # The number's groups take jokers that its later colours' charges do not cover.
            need = 0 if last else needs[acc2]
            if need > unit * left:
                continue
            if pos + 1 == self.cells:
                rest_bound = self._joker_bound(pos + 1, child, left)
            else:
                if parts is None:
                    parts, moved = self._others(pos, key, spare)
                rest_bound = self.relax.bound_with(
                    parts, moved, (child >> offset) & self.state_mask, left, need if need > 0 else 0
                )
            if gain + rest_bound <= floor:
                continue
            self.path[pos] = move
            if left and pos + 1 < self.cells:
                rest = self._dfs_jokers(
                    pos + 1,
                    child,
                    rest_bound,
                    floor - gain,
                    got + gain,
                    not last and (owed or racked),
                )
            else:
                rest = self._dfs(pos + 1, child, rest_bound, floor - gain, got + gain)
            if gain + rest > best:
                best, choice = gain + rest, move
                if best >= bound:
                    break
        return self._store(pos, at, alpha, best, choice)

    def _others(self, pos: int, key: int, spare: int) -> tuple[Sequence[int], Sequence[int]]:
        """The bound's parts of every colour but the one of cell ``pos``, for its children.

        And the values row the moved colour reads there (the next number's).
        """
        column, color = divmod(pos + 1, self.colors)
        return self.relax.others(column, color, pos % self.colors, key, self.state_mask, spare)

    def _joker_bound(self, pos: int, key: int, spare: int) -> int:
        """The relaxation bound of ``key`` at cell ``pos``.

        At the end: 0, or ``NEG`` if a table joker is not laid.
        """
        if pos == self.cells:
            return 0 if spare <= self.rack_jokers else NEG
        return self.relax.shared_bound(self._cells(pos, key), spare)

    def _cells(self, pos: int, key: int) -> list[tuple[Sequence[int], int]]:
        """Per colour, the values row it reads at cell ``pos`` and its run state in ``key``."""
        column, color = divmod(pos, self.colors)
        values, mask = self.relax.value, self.state_mask
        return [
            (values[c][column + 1 if c < color else column], (key >> offset) & mask)
            for c, offset in enumerate(self.offsets)
        ]

    def _recall(self, pos: int, key: int, value: int, got: int) -> int:
        """A memoised exact value; the play through it may be the best found."""
        if got + value > self.found:
            self.found = got + value
            self.best_path = self.path[:pos] + self._follow(pos, key)
            if self.first:
                raise _FoundOneError
        return value

    def _store(self, pos: int, key: int, alpha: int, best: int, choice: Move | None) -> int:
        """Memoise the result of a state: exact above ``alpha``, else the bound ``alpha``."""
        if best > alpha and choice is not None:
            self.memo[pos][key] = 2 * best + 1
            self.choice[pos][key] = choice
            return best
        self.memo[pos][key] = 2 * alpha
        return alpha

    def _follow(self, pos: int, key: int) -> list[Move]:
        """The moves the memo chose from ``key`` (a memo key) at ``pos`` to the end."""
        moves = []
        owed, key = bool(key & self.owed_mask), key & ~self.owed_mask
        for at in range(pos, self.cells):
            jokers_left = key >> self.spare_offset  # else a state of :meth:`_dfs`, keyed plain
            move = self.choice[at][key | self.owed_mask if owed and jokers_left else key]
            moves.append(move)
            acc = key & self.acc_mask
            _, last, _, owes = self.cell_info[at]
            acc2 = 0 if last else self.groups.after[acc][move[3]]
            # As :meth:`_dfs_jokers` keeps it.
            owed = not last and (owed or (owes and move[3] > 0 and move[1] > 0))
            key += move[2] - acc + acc2
        return moves
