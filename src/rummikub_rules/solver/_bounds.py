"""Upper bounds for the general search: each colour alone, groups relaxed (private).

Colours meet only in groups (and share the jokers). Drop the groups' rules and each colour can
be solved on its own: at each column it may give up to :func:`~._moves.group_caps` tiles to
groups, whatever the other colours do, and lay the rest on its runs, with the rules of runs in
force (the same moves as the search). :class:`ColourBounds` solves that for each colour, from
any column and colour state, for every number of jokers it is lent; the colours share the
jokers in the best way (a small knapsack, :func:`share`), and every rack joker still on the
rack counts as laid. The sum bounds what the search can still score.

The colours are solved on an abstraction of their states: an open run keeps its length (1, 2
or 3 and more) and its claim (and, where runs go round, whether it began at the first column;
runs touching either end of the grid may then have any length, with no longest run); caps are
dropped. So the relaxation may do more than the search, never less. Lent jokers may stand
anywhere. A colour with no claim on a grid that does not wrap is the fast search's relaxation
exactly, so its tables (:func:`~._color_tables.color_values`, kept between searches)
serve. Where pins may be left (``Problem.free_pins``), they are lent jokers like the others.

A coloured joker stands only in its own colour's melds (rules section 2), so a colour is never
lent the coloured jokers of the others: its table is worked out for the jokers it may take
(``row_jokers``), fewer and cheaper, and a colour lent more gains nothing from the rest.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from rummikub_rules.solver._budget import GENERAL_STATE, Budget
from rummikub_rules.solver._color_tables import color_values, widen
from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._groups import GroupRules
from rummikub_rules.solver._moves import Moves
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._run_states import state_id
from rummikub_rules.solver._runs import RunFacts, RunRules, RunStates

__all__ = ["ColorBounds", "share"]

#: Longer than any run: the relaxation of ``run_wrap = full`` lets runs go round freely.
_NO_SPAN = 1 << 16


@functools.lru_cache(maxsize=64)
def _plain_group(size: int, distinct: bool, colored: bool) -> GroupRules:
    """A column's group rules relaxed: no claim, no cap, no rack tiles owed (one object)."""
    return GroupRules(size=size, distinct=distinct, colored=colored)


class ColorBounds:
    """Per colour, the best score still reachable alone (see the module docstring)."""

    def __init__(
        self,
        problem: Problem,
        states: RunStates,
        caps: list[int],
        jokers: int,
        budget: Budget,
        row_jokers: Sequence[int] | None = None,
    ) -> None:
        self.budget = budget
        rules = problem.runs
        plain = RunRules(
            longest=3,
            span=_NO_SPAN if rules.cyclic else rules.span,
            claims=rules.claims,
            high=rules.high,
            cyclic=rules.cyclic,
            loose_ends=rules.cyclic,
        )
        if problem.free_pins:
            problem = attrs.evolve(
                problem, run_pins=tuple((0,) * problem.rows for _ in problem.run_pins)
            )
        # Every joker lent is read as a plain one here, so no cell keeps to the kind of the
        # joker a claim holds there (that rule would refuse them all where it is coloured).
        relaxed = attrs.evolve(
            problem,
            runs=plain,
            groups=tuple(_plain_group(g.size, g.distinct, g.colored) for g in problem.groups),
            opening=None,
            free_pins=False,
            cells=tuple(
                tuple(attrs.evolve(cell, jokers=()) if cell.jokers else cell for cell in column)
                for column in problem.cells
            ),
        )
        self.states = states
        self.abstract = RunStates(plain, budget)
        self.moves = Moves(relaxed, self.abstract, caps)
        self.jokers = jokers
        self.joker_weight = problem.joker_weight
        self.columns = problem.columns
        self.steps = problem.rows + 1
        self._abstract: dict[int, int] = {}
        self._values: list[dict[tuple[int, int], list[int]]] = [{} for _ in range(problem.rows)]
        self._dead = [NEG] * (jokers + 1)
        self._done = [0] * (jokers + 1)
        claimed = {claim.row for claim in rules.claims}
        #: Per colour, the most jokers its runs may take (its table's jokers).
        self._row_jokers = list(row_jokers or [jokers] * problem.rows)
        self._padded: list[dict[tuple[int, int], Sequence[int]]] = [{} for _ in range(problem.rows)]
        self._tables = [
            None
            if row in claimed or rules.high or rules.cyclic
            else color_values(
                [c[row] for c in problem.table],
                [min(c[row], h[row]) for c, h in zip(problem.rack, problem.rack_high, strict=True)],
                problem.weights,
                caps,
                self._row_jokers[row],
                [c[row] for c in problem.run_pins],
                budget,
            )
            for row in range(problem.rows)
        ]
        self._lengths: dict[int, int] = {}

    def values(self, row: int, column: int, sid: int) -> Sequence[int]:
        """The colour's best score from ``column`` in colour state ``sid``, per jokers lent.

        ``values[k]``: the colour's best score from ``column`` (its cell there not yet played)
        in the search's colour state ``sid`` with ``k`` jokers lent; ``NEG`` where even the
        relaxation cannot finish.
        """
        table = self._tables[row]
        if table is not None:
            width = self._row_jokers[row] + 1
            state = self._length_state(sid)
            at = state * width
            found = table[column][at : at + width]
            if len(found) == width:
                return found if width > self.jokers else self._pad(row, column, state, found)
        return self._values_of(row, column, self._abstraction(sid))

    def _pad(self, row: int, column: int, state: int, found: Sequence[int]) -> Sequence[int]:
        """A colour's values for up to ``row_jokers`` jokers, for every number lent.

        Jokers lent need not be used, and more than the colour may take add nothing.
        """
        key = (column, state)
        padded = self._padded[row].get(key)
        if padded is None:
            padded = self._padded[row][key] = widen(found, self.jokers + 1)
        return padded

    def _length_state(self, sid: int) -> int:
        """The fast search's run state (lengths only) of a colour state."""
        found = self._lengths.get(sid)
        if found is None:
            runs = self.states.states[sid][0]
            found = state_id([min(3, self.states.facts[r].length) for r in runs])
            self._lengths[sid] = found
        return found

    def _abstraction(self, sid: int) -> int:
        found = self._abstract.get(sid)
        if found is None:
            runs, extra = self.states.states[sid]
            facts = self.states.facts
            abstract = self.abstract
            cyclic = abstract.rules.cyclic
            found = abstract.state(
                tuple(
                    sorted(
                        abstract.fact(
                            RunFacts(
                                min(3, facts[r].length),
                                claim=facts[r].claim,
                                edge=facts[r].edge if cyclic else False,
                            )
                        )
                        for r in runs
                    )
                ),
                () if cyclic else extra,
            )
            self._abstract[sid] = found
        return found

    def _values_of(self, row: int, column: int, sid: int) -> list[int]:
        key = (column, sid)
        memo = self._values[row]
        found = memo.get(key)
        if found is not None:
            return found
        if column == self.columns:
            found = self._done if self.abstract.finished(sid, row) else self._dead
            memo[key] = found
            return found
        self.budget.charge(GENERAL_STATE)
        width = self.jokers + 1
        best = [NEG] * width
        pos = column * self.steps + row
        cap = self.moves.caps[column]
        for move in self.moves.color(pos, sid, 0, self.jokers):
            if move.share[0] + move.share[1] > cap:
                continue
            rest = self._values_of(row, column + 1, move.sid)
            used = move.rack_jokers
            gain = move.gain - used * self.joker_weight
            for k in range(used, width):
                score = rest[k - used]
                if score != NEG and score + gain > best[k]:
                    best[k] = score + gain
        for k in range(1, width):  # lent jokers need not be used
            if best[k - 1] > best[k]:
                best[k] = best[k - 1]
        memo[key] = best
        return best


def share(rows: Sequence[Sequence[int]], jokers: int) -> int:
    """The best total when ``jokers`` jokers are shared among the colours' ``values``."""
    total: Sequence[int] = rows[0][: jokers + 1]
    for values in rows[1:]:
        if jokers == 0:
            if NEG in (total[0], values[0]):
                return NEG
            total = [total[0] + values[0]]
            continue
        merged = []
        for k in range(jokers + 1):
            best = NEG
            for j in range(k + 1):
                a, b = total[k - j], values[j]
                if a != NEG and b != NEG and a + b > best:
                    best = a + b
            merged.append(best)
        total = merged
    return total[jokers]
