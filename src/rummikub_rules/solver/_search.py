"""The general exact search: every meld rule and every joker rule (private).

A depth-first branch and bound with memoisation over the steps of the grid (see
:mod:`._moves`): one step per cell, column by column and colour by colour, and a group step
after each column (van Rijn, Takes & Vis's dynamic programme, one colour at a time so that
colours never multiply). A :class:`State` holds each colour's state (:mod:`._runs`), what the
colours gave to the column's groups, and the jokers and opening points so far. Each state's
value is the best score still reachable; :mod:`._bounds` bounds it from above, which orders the
moves and cuts the search. The best complete play found so far (the *incumbent*) is kept, so
that a search stopped by its budget still answers.
"""

from __future__ import annotations

from typing import NamedTuple

from rummikub_rules.solver._bounds import ColorBounds, share
from rummikub_rules.solver._budget import GENERAL_STATE, SETUP, Budget
from rummikub_rules.solver._grid import NEG, FoundMeld
from rummikub_rules.solver._moves import ColorMove, GroupMove, Moves
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._rebuild import rebuild
from rummikub_rules.solver._runs import LOOSE, PIN, RACK_JOKER, RunStates

__all__ = ["Found", "Search", "State"]


class State(NamedTuple):
    """Where the search stands between two steps."""

    #: Each colour's state (ids in :class:`~._runs.RunStates`).
    colors: tuple[int, ...]
    #: What the colours gave to the current column's groups (see ``GroupRules.fold``).
    shares: tuple[tuple[int, int], ...]
    #: Loose table jokers laid.
    loose: int
    #: Rack jokers laid.
    rack_jokers: int
    #: Points toward the initial meld (capped at the threshold).
    opening: int
    #: Loose and rack coloured jokers laid, per row (empty without coloured jokers).
    colored_loose: tuple[int, ...] = ()
    colored_rack: tuple[int, ...] = ()
    #: Plain pins kept, and coloured ones per row, where pins may be left
    #: (``Problem.free_pins``).
    kept: int = 0
    colored_kept: tuple[int, ...] = ()


class Found(NamedTuple):
    """A complete play found: its score and the melds (new or rearranged) that make it."""

    score: int
    melds: list[FoundMeld]


SearchMove = ColorMove | GroupMove


class Search:
    """One problem's search (see the module docstring)."""

    def __init__(self, problem: Problem, budget: Budget, *, first: bool = False) -> None:
        budget.charge(SETUP)
        self.p = problem
        self.budget = budget
        self.first = first
        self.runs = RunStates(problem.runs, budget)
        self.moves = Moves(problem, self.runs)
        self.steps = problem.rows + 1
        self.positions = problem.columns * self.steps
        #: The table's jokers that are not laid as pins, plain and per row (all of them,
        #: where pins may be left: each pin is then kept or freed).
        self.table_jokers = problem.loose
        self.colored_table = problem.colored_loose
        if problem.free_pins:
            self.table_jokers += sum(map(sum, problem.run_pins)) + sum(problem.group_pins)
            if problem.colored:
                self.table_jokers -= sum(map(sum, problem.colored_run_pins))
                self.colored_table = tuple(
                    loose
                    + sum(c[row] for c in problem.colored_run_pins)
                    + sum(c[row] for c in problem.colored_group_pins)
                    for row, loose in enumerate(problem.colored_loose)
                )
        self.lent = (
            self.table_jokers
            + problem.rack_jokers
            + sum(self.colored_table)
            + sum(problem.colored_rack)
        )
        # A coloured joker stands only in its own colour's runs.
        colored = [
            table + rack
            for table, rack in zip(
                self.colored_table or (0,) * problem.rows,
                problem.colored_rack or (0,) * problem.rows,
                strict=True,
            )
        ]
        row_jokers = [self.lent - sum(colored) + mine for mine in colored]
        self.bounds = ColorBounds(
            problem, self.runs, self.moves.caps, self.lent, budget, row_jokers
        )
        self.memo: list[dict[State, tuple[int, bool]]] = [{} for _ in range(self.positions + 1)]
        self.choice: list[dict[State, tuple[SearchMove, State]]] = [
            {} for _ in range(self.positions)
        ]
        self.path: list[tuple[SearchMove, State] | None] = [None] * self.positions
        self.incumbent: tuple[int, list[tuple[SearchMove, State]]] | None = None
        self.floor = NEG
        self.ceiling: int | None = None
        self._bound_cache: dict[tuple[int, State], int] = {}

    def start(self) -> State:
        """The state before the first step."""
        p = self.p
        zeros = (0,) * p.rows if p.colored else ()
        kept = zeros if p.free_pins else ()
        return State(
            (self.runs.empty,) * p.rows, self._empty_shares(0), 0, 0, 0, zeros, zeros, 0, kept
        )

    def solve(self, floor: int, ceiling: int | None = None) -> Found | None:
        """The best play scoring more than ``floor`` (``None`` if there is none).

        With ``first``, any play scoring more than ``floor``. ``ceiling``, a score no play
        beats (a relaxation's best), ends the search at the first play reaching it. Raises
        :class:`BudgetSpent` when the budget runs out; :meth:`best_found` then has the
        incumbent.
        """
        self.floor = floor
        self.ceiling = ceiling
        start = self.start()
        score = self.best(0, start, floor, 0)
        if self._reached():
            assert self.incumbent is not None
            self._below_ceiling(self.incumbent[0])
            return self.best_found()
        self._below_ceiling(score)
        if score <= floor:
            return self.best_found() if self.first else None
        if self.first:
            return self.best_found()
        return Found(score, self._melds(self._follow(0, start)))

    def best_found(self) -> Found | None:
        """The best complete play found so far, above the floor (``None`` if none)."""
        if self.incumbent is None or self.incumbent[0] <= self.floor:
            return None
        return Found(self.incumbent[0], self._melds(self.incumbent[1]))

    def bound(self) -> int:
        """An upper bound on the best score (``NEG`` if no play is possible at all)."""
        return self._bound(0, self.start())

    # -- the search ----------------------------------------------------------------------------

    def best(self, pos: int, state: State, alpha: int, got: int) -> int:
        """The best score from ``state`` at step ``pos`` if above ``alpha``, else a bound.

        ``got`` is the score of the path so far (to keep the incumbent).
        """
        memo = self.memo[pos]
        found = memo.get(state)
        if found is not None and (found[1] or found[0] <= alpha):
            if found[1] and found[0] != NEG:
                self._recall(pos, state, got + found[0])
            return found[0]
        self.budget.charge(GENERAL_STATE)
        if pos == self.positions:
            score = 0 if self._finished(state) else NEG
            memo[state] = (score, True)
            if score == 0:
                self._incumbent(pos, got)
            return score
        bound = self._bound(pos, state)
        if bound <= alpha:
            return bound
        best = NEG
        for top, move, child in self._ranked(pos, state):
            floor = best if best > alpha else alpha
            if top <= floor:
                break
            self.path[pos] = (move, child)
            rest = self.best(pos + 1, child, floor - move.gain, got + move.gain)
            if rest != NEG and move.gain + rest > best:
                best = move.gain + rest
                self.choice[pos][state] = (move, child)
                if best >= bound or (self.first and self._found_any()) or self._reached():
                    break
        if best > alpha:
            memo[state] = (best, True)
            return best
        memo[state] = (alpha, False)
        return alpha

    def _ranked(self, pos: int, state: State) -> list[tuple[int, SearchMove, State]]:
        """The moves and the states they lead to, best bound first."""
        ranked = []
        for move, child in self._children(pos, state):
            bound = self._bound(pos + 1, child)
            if bound != NEG:
                ranked.append((move.gain + bound, move, child))
        ranked.sort(key=lambda r: r[0], reverse=True)
        return ranked

    def _children(self, pos: int, state: State) -> list[tuple[SearchMove, State]]:
        p = self.p
        column, step = divmod(pos, self.steps)
        loose = self.table_jokers - state.loose - state.kept
        rack = min(p.rack_jokers, p.jokers_high) - state.rack_jokers
        out: list[tuple[SearchMove, State]] = []
        if step < p.rows:
            sid = state.colors[step]
            rules = p.groups[column]
            colored = self._colored_left(state, step) if p.colored else (0, 0)
            for move in self.moves.color(pos, sid, loose, rack, colored):
                colors = (*state.colors[:step], move.sid, *state.colors[step + 1 :])
                shares = state.shares
                if move.share[0] + move.share[1]:
                    shares = _add_share(shares, step, move.share, rules.detailed, rules.distinct)
                child = self._child(state, move, colors, shares)
                if move.colored != (0, 0):
                    child = _tinted(child, step, *move.colored)
                if p.free_pins and p.colored and move.colored_kept:
                    child = _kept(child, step, move.colored_kept)
                if not p.free_pins or self._within(child):
                    out.append((move, child))
            return out
        left = tuple(self._colored_left(state, row) for row in range(p.rows)) if p.colored else ()
        for group in self.moves.group(column, state.shares, loose, rack, left):
            child = self._child(state, group, state.colors, self._empty_shares(column + 1))
            for row, kind in group.colored:
                if kind != PIN:
                    child = _tinted(child, row, kind == LOOSE, kind == RACK_JOKER)
                elif p.free_pins:
                    child = _kept(child, row, 1)
            if not p.free_pins or self._within(child):
                out.append((group, child))
        return out

    def _within(self, state: State) -> bool:
        """Whether ``state`` lays no more of the table's jokers than there are (free pins)."""
        if state.loose + state.kept > self.table_jokers:
            return False
        return not self.p.colored or all(
            loose + kept <= total
            for loose, kept, total in zip(
                state.colored_loose, state.colored_kept, self.colored_table, strict=True
            )
        )

    def _colored_left(self, state: State, row: int) -> tuple[int, int]:
        """How many loose and rack coloured jokers of ``row`` may still be laid."""
        p = self.p
        loose = self.colored_table[row] - state.colored_loose[row]
        if p.free_pins:
            loose -= state.colored_kept[row]
        rack = min(p.colored_rack[row], p.colored_high[row]) - state.colored_rack[row]
        return loose, rack

    def _child(
        self,
        state: State,
        move: SearchMove,
        colors: tuple[int, ...],
        shares: tuple[tuple[int, int], ...],
    ) -> State:
        p = self.p
        opening = state.opening + move.opening
        if p.opening is not None:
            opening = min(opening, p.opening.threshold)
        return State(
            colors,
            shares,
            state.loose + move.loose,
            state.rack_jokers + move.rack_jokers,
            opening,
            state.colored_loose,
            state.colored_rack,
            state.kept + move.kept if p.free_pins else 0,
            state.colored_kept,
        )

    def _finished(self, state: State) -> bool:
        p = self.p
        if state.loose + state.kept != self.table_jokers or state.rack_jokers < p.jokers_low:
            return False
        placed = state.colored_loose
        if p.free_pins and p.colored:
            placed = tuple(a + b for a, b in zip(placed, state.colored_kept, strict=True))
        if placed != self.colored_table or any(
            laid < low for laid, low in zip(state.colored_rack, p.colored_low, strict=True)
        ):
            return False
        if p.opening is not None and state.opening < p.opening.threshold:
            return False
        return all(self.runs.finished(sid, row) for row, sid in enumerate(state.colors))

    # -- bounds --------------------------------------------------------------------------------

    def _bound(self, pos: int, state: State) -> int:
        key = (pos, state)
        found = self._bound_cache.get(key)
        if found is None:
            found = self._bound_cache[key] = self._compute_bound(pos, state)
        return found

    def _compute_bound(self, pos: int, state: State) -> int:
        """An upper bound on the score from ``pos`` on; ``NEG`` if something cannot be done.

        Every colour alone from where it stands, the jokers left shared among them, plus every
        rack joker left (see :mod:`._bounds`).
        """
        p = self.p
        if pos == self.positions:
            return 0 if self._finished(state) else NEG
        column, step = divmod(pos, self.steps)
        if p.opening is not None:
            # Tiles given to this column's groups count once the groups are made.
            waiting = p.grid.numbers[column] * p.groups[column].rack_tiles(state.shares)
            if state.opening + waiting + self._opening_left(pos) < p.opening.threshold:
                return NEG
        rows = [
            self.bounds.values(row, column + 1 if row < step else column, sid)
            for row, sid in enumerate(state.colors)
        ]
        lent = (self.table_jokers - state.loose - state.kept) + (p.rack_jokers - state.rack_jokers)
        rack_left = min(p.rack_jokers, p.jokers_high) - state.rack_jokers
        if p.colored:
            for row in range(p.rows):
                loose, rack = self._colored_left(state, row)
                lent += loose + p.colored_rack[row] - state.colored_rack[row]
                rack_left += rack
        total = share(rows, min(lent, self.lent))
        if total == NEG:
            return NEG
        return total + rack_left * p.joker_weight

    def _opening_left(self, pos: int) -> int:
        """The most opening points the steps from ``pos`` on could still add."""
        found = getattr(self, "_opening_cache", None)
        if found is None:
            found = self._opening_cache = self._opening_suffix()
        return found[pos]

    def _opening_suffix(self) -> list[int]:
        p = self.p
        suffix = [0] * (self.positions + 1)
        top = max(p.grid.numbers)
        for pos in range(self.positions - 1, -1, -1):
            column, step = divmod(pos, self.steps)
            here = 0
            if step < p.rows:
                # The 1s played high come from the first column's rack tiles.
                source = 0 if p.grid.high and column == p.columns - 1 else column
                here = p.grid.numbers[column] * p.rack[source][step]
            suffix[pos] = suffix[pos + 1] + here
        jokers = (p.rack_jokers + sum(p.colored_rack)) * top
        return [s + jokers for s in suffix]

    # -- the incumbent ---------------------------------------------------------------------------

    def _found_any(self) -> bool:
        return self.incumbent is not None and self.incumbent[0] > self.floor

    def _below_ceiling(self, score: int) -> None:
        """Check that ``score`` does not beat the ceiling, a relaxation's best.

        A play above it would mean the relaxation is none, and that a search stopped at the
        ceiling may have stopped short of the best play.
        """
        assert self.ceiling is None or score <= self.ceiling, (
            f"a play scores {score}, above the ceiling {self.ceiling}"
        )

    def _reached(self) -> bool:
        """Whether the best play found scores the ceiling: no play beats it."""
        return (
            self.ceiling is not None
            and self.incumbent is not None
            and self.incumbent[0] >= self.ceiling
        )

    def _incumbent(self, pos: int, got: int) -> None:
        if self.incumbent is None or got > self.incumbent[0]:
            steps = [step for step in self.path[:pos] if step is not None]
            self.incumbent = (got, steps)

    def _recall(self, pos: int, state: State, total: int) -> None:
        """A memoised exact value completes the path: maybe a better incumbent."""
        if self.incumbent is None or total > self.incumbent[0]:
            steps = [step for step in self.path[:pos] if step is not None]
            self.incumbent = (total, steps + self._follow(pos, state))

    def _follow(self, pos: int, state: State) -> list[tuple[SearchMove, State]]:
        """The moves the memo chose from ``state`` at ``pos`` to the end."""
        steps = []
        for at in range(pos, self.positions):
            step = self.choice[at].get(state)
            if step is None:
                break
            steps.append(step)
            state = step[1]
        return steps

    def _melds(self, steps: list[tuple[SearchMove, State]]) -> list[FoundMeld]:
        return rebuild(self.p, self.runs, [m for m, _ in steps])

    def _empty_shares(self, column: int) -> tuple[tuple[int, int], ...]:
        if column >= self.p.columns:
            return ()
        rules = self.p.groups[column]
        return rules.fold([(0, 0)] * self.p.rows)


def _tinted(state: State, row: int, loose: int, rack: int) -> State:
    """``state`` with more coloured jokers of ``row`` laid."""
    colored_loose, colored_rack = list(state.colored_loose), list(state.colored_rack)
    colored_loose[row] += loose
    colored_rack[row] += rack
    return state._replace(colored_loose=tuple(colored_loose), colored_rack=tuple(colored_rack))


def _kept(state: State, row: int, count: int) -> State:
    """``state`` with ``count`` more coloured pins of ``row`` kept."""
    kept = list(state.colored_kept)
    kept[row] += count
    return state._replace(colored_kept=tuple(kept))


def _add_share(
    shares: tuple[tuple[int, int], ...],
    row: int,
    share: tuple[int, int],
    detailed: bool,
    distinct: bool,
) -> tuple[tuple[int, int], ...]:
    """The column's shares with one more colour's."""
    if detailed:
        return (*shares[:row], share, *shares[row + 1 :])
    ((total, widest),) = shares
    size = share[0] + share[1]
    return ((total + size, max(widest, size) if distinct else 0),)
