"""Upper bounds for the general search: each colour alone, groups relaxed (private).

Colours meet only in groups (and share the jokers). Drop the groups' rules and each colour can
be solved on its own: at each column it may give up to :func:`~._moves.group_caps` tiles to
groups, whatever the other colours do, and lay the rest on its runs, with every rule of runs in
force (the same moves as the search, from the same colour states). :class:`ColourBounds` solves
that for each colour, from any column and colour state, for every number of jokers it is lent
(``values[k]``); the jokers are shared among the colours in the best way (a small knapsack), and
every rack joker still on the rack counts as laid. The sum bounds what the search can still
score, and is exact whenever the groups do not bind, which is most of the time.

The colours are solved on an abstraction of their states: each open run keeps only what the
run rules need whatever the edition (its length, and where runs wrap, its place at the edge);
the facts of joker rules, caps and claims are dropped, so the relaxation may do more than the
search, never less. Jokers lent to a colour may stand anywhere; under ``may_free`` every pinned
joker not yet reached is lent too, and may also be left unpinned.
"""

from __future__ import annotations

import attrs

from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._moves import Moves
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._runs import RunFacts, RunRules, RunStates

__all__ = ["ColourBounds", "share"]


class ColourBounds:
    """Per colour, the best score still reachable alone, for each number of jokers lent."""

    def __init__(self, problem: Problem, states: RunStates, jokers: int) -> None:
        rules = problem.runs
        plain = RunRules(
            longest=rules.longest, span=rules.span, high=rules.high, cyclic=rules.cyclic
        )
        relaxed = attrs.evolve(
            problem,
            runs=plain,
            groups=tuple(attrs.evolve(g, claims=(), hosts=False, opening=False, cap=None)
                         for g in problem.groups),  # fmt: skip
            opening=None,
            cells=tuple(
                tuple(attrs.evolve(c, claimed=(), starts=(), bit=0) for c in column)
                for column in problem.cells
            ),
        )
        self.states = states
        self.abstract = RunStates(plain)
        self.moves = Moves(relaxed, self.abstract)
        self.moves.caps = Moves(problem, states).caps
        self._abstract: dict[int, int] = {}
        self.jokers = jokers
        p = problem
        self.rows = p.rows
        self.columns = p.columns
        self.steps = p.rows + 1
        self._values: list[dict[tuple[int, int], list[int]]] = [{} for _ in range(p.rows)]
        self._dead = [NEG] * (jokers + 1)
        self._done = [0] * (jokers + 1)

    def values(self, row: int, column: int, sid: int) -> list[int]:
        """``values[k]``: the colour's best score from ``column`` (its cell there not yet
        played) in state ``sid`` of the search with ``k`` jokers lent; ``NEG`` where even the
        relaxation cannot finish."""
        return self._values_of(row, column, self._abstraction(sid))

    def _abstraction(self, sid: int) -> int:
        """The abstract colour state of a colour state of the search."""
        found = self._abstract.get(sid)
        if found is None:
            runs, extra = self.states.states[sid]
            facts = self.states.facts
            abstract = self.abstract
            keep = self.abstract.rules.cyclic
            found = abstract.state(
                tuple(sorted(abstract.fact(_plain(facts[r], keep)) for r in runs)),
                tuple(sorted(abstract.fact(_plain(facts[r], keep)) for r in extra))
                if keep
                else extra,
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
        width = self.jokers + 1
        best = [NEG] * width
        pos = column * self.steps + row
        cap = self.moves.caps[column]
        for move in self.moves.colour(pos, sid, 0, 0, self.jokers):
            if move.share[0] + move.share[1] > cap:
                continue
            rest = self._values_of(row, column + 1, move.sid)
            used = move.rack_jokers
            gain = move.gain - used * self.moves.p.joker_weight
            for k in range(used, width):
                score = rest[k - used]
                if score != NEG and score + gain > best[k]:
                    best[k] = score + gain
        for k in range(1, width):  # lent jokers need not be used
            if best[k - 1] > best[k]:
                best[k] = best[k - 1]
        memo[key] = best
        return best


def _plain(run: RunFacts, keep_edge: bool) -> RunFacts:
    """A run's facts with only its length (and, where runs wrap, its edge) kept."""
    return RunFacts(run.length, edge=run.edge if keep_edge else False)


def share(rows: list[list[int]], jokers: int) -> int:
    """The best total when ``jokers`` jokers are shared among rows of ``values`` (a knapsack)."""
    total = rows[0][: jokers + 1]
    for values in rows[1:]:
        if jokers == 0:
            total = [total[0] + values[0] if NEG not in (total[0], values[0]) else NEG]
            continue
        merged = [NEG] * (jokers + 1)
        for k in range(jokers + 1):
            best = NEG
            for j in range(k + 1):
                a, b = total[k - j], values[j]
                if a != NEG and b != NEG and a + b > best:
                    best = a + b
            merged[k] = best
        total = merged
    return total[jokers]
