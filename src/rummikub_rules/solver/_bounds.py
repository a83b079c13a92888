"""Upper bounds for the general search: each colour alone, groups relaxed (private).

Colours meet only in groups (and share the jokers). Drop the groups' rules and each colour can
be solved on its own: at each column it may give up to :func:`~._moves.group_caps` tiles to
groups, whatever the other colours do, and lay the rest on its runs, with the rules of runs in
force (the same moves as the search). :class:`ColourBounds` solves that for each colour, from
any column and colour state, for every number of jokers it is lent and of freed jokers it
takes into host runs; the colours share the jokers in the best way (a small knapsack), the
freed jokers no colour takes go to the groups of the columns that could host them, and every
rack joker still on the rack counts as laid. The sum bounds what the search can still score.

The colours are solved on an abstraction of their states: an open run keeps its length (1, 2
or 3 and more), its claim, whether it is a host and the rack tiles it holds (and where runs
wrap, whether it began at the first column; runs touching either end of the grid may then
have any length, with no longest run); what a host may not hold whole (``freed_joker_new_meld``) and caps are dropped, so the
relaxation may do more than the search, never less. Lent jokers may stand anywhere and count
as rack tiles of a host.
"""

from __future__ import annotations

import attrs

from rummikub_rules.solver._grid import NEG
from rummikub_rules.solver._moves import Moves
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._runs import RunFacts, RunRules, RunStates

__all__ = ["ColourBounds", "share"]

#: Longer than any run: the relaxation of ``run_wrap = full`` lets runs go round freely.
_NO_SPAN = 1 << 16

#: A bound per (freed jokers taken, jokers lent): ``values[freed * (lent + 1) + jokers]``.
Values = list[int]


class ColourBounds:
    """Per colour, the best score still reachable alone (see the module docstring)."""

    def __init__(self, problem: Problem, states: RunStates, jokers: int, freed: int) -> None:
        rules = problem.runs
        self.hosts = rules.hosts
        plain = RunRules(
            # Lengths 1, 2, 3+ and no longest run, even where runs go round: a relaxation.
            longest=3,
            span=_NO_SPAN if rules.cyclic else rules.span,
            hosts=rules.hosts,
            need=rules.need,
            containers=tuple(() for _ in rules.containers),
            claims=rules.claims,
            high=rules.high,
            cyclic=rules.cyclic,
            loose_ends=rules.cyclic,
        )
        relaxed = attrs.evolve(
            problem,
            runs=plain,
            groups=tuple(attrs.evolve(g, claims=(), hosts=False, opening=False, cap=None)
                         for g in problem.groups),  # fmt: skip
            opening=None,
            cells=tuple(tuple(attrs.evolve(c, bit=0) for c in col) for col in problem.cells),
        )
        self.states = states
        self.abstract = RunStates(plain)
        self.moves = Moves(relaxed, self.abstract)
        self.moves.caps = Moves(problem, states).caps
        self.jokers = jokers
        self.freed = freed if rules.hosts else 0
        self.joker_weight = problem.joker_weight
        self.columns = problem.columns
        self.steps = problem.rows + 1
        self._abstract: dict[int, int] = {}
        self._values: list[dict[tuple[int, int], Values]] = [{} for _ in range(problem.rows)]
        width = (self.jokers + 1) * (self.freed + 1)
        self._dead = [NEG] * width
        # At the end: nothing more to score, and no freed joker may be left untaken.
        self._done = [0 if at <= self.jokers else NEG for at in range(width)]

    def values(self, row: int, column: int, sid: int) -> Values:
        """The colour's best scores from ``column`` (its cell there not yet played) in the
        search's colour state ``sid``, per (freed jokers taken, jokers lent)."""
        return self._values_of(row, column, self._abstraction(sid))

    def _abstraction(self, sid: int) -> int:
        found = self._abstract.get(sid)
        if found is None:
            runs, extra = self.states.states[sid]
            facts = self.states.facts
            abstract = self.abstract
            found = abstract.state(
                tuple(sorted(abstract.fact(self._plain(facts[r])) for r in runs)),
                () if abstract.rules.cyclic else extra,
            )
            self._abstract[sid] = found
        return found

    def _plain(self, run: RunFacts) -> RunFacts:
        """A run's facts as the abstraction keeps them."""
        return RunFacts(
            min(3, run.length),
            claim=run.claim,
            host=run.host and self.hosts,
            rack=run.rack if self.hosts else 0,
            edge=run.edge if self.abstract.rules.cyclic else False,
        )

    def _values_of(self, row: int, column: int, sid: int) -> Values:
        key = (column, sid)
        memo = self._values[row]
        found = memo.get(key)
        if found is not None:
            return found
        if column == self.columns:
            found = self._done if self.abstract.finished(sid, row) else self._dead
            memo[key] = found
            return found
        lent, width = self.jokers, self.jokers + 1
        best = [NEG] * len(self._dead)
        pos = column * self.steps + row
        cap = self.moves.caps[column]
        for move in self.moves.colour(pos, sid, self.freed, 0, lent):
            if move.share[0] + move.share[1] > cap:
                continue
            rest = self._values_of(row, column + 1, move.sid)
            used, taken = move.rack_jokers, move.freed
            gain = move.gain - used * self.joker_weight
            for freed in range(taken, self.freed + 1):
                base, rest_base = freed * width, (freed - taken) * width
                for k in range(used, width):
                    score = rest[rest_base + k - used]
                    if score != NEG and score + gain > best[base + k]:
                        best[base + k] = score + gain
        for freed in range(self.freed + 1):  # lent jokers need not be used
            base = freed * width
            for k in range(1, width):
                if best[base + k - 1] > best[base + k]:
                    best[base + k] = best[base + k - 1]
        memo[key] = best
        return best


def share(rows: list[Values], jokers: int, freed: int, lent: int, absorbed: int) -> int:
    """The best total of the colours' values: ``jokers`` jokers lent among them, ``freed`` freed
    jokers taken by their host runs except at most ``absorbed`` left to groups.

    ``rows`` are per colour as :meth:`ColourBounds.values` gives them (``lent`` wide).
    """
    width = lent + 1
    if freed == 0 and jokers == 0:
        total = 0
        for values in rows:
            if values[0] == NEG:
                return NEG
            total += values[0]
        return total
    heights, span = freed + 1, jokers + 1
    total = [rows[0][h * width + k] for h in range(heights) for k in range(span)]
    for values in rows[1:]:
        merged = [NEG] * (heights * span)
        for h in range(heights):
            for k in range(span):
                best = NEG
                for h2 in range(h + 1):
                    for k2 in range(k + 1):
                        a = total[(h - h2) * span + k - k2]
                        b = values[h2 * width + k2]
                        if a != NEG and b != NEG and a + b > best:
                            best = a + b
                merged[h * span + k] = best
        total = merged
    best = NEG
    for h in range(max(0, freed - absorbed), heights):
        value = total[h * span + jokers]
        if value > best:
            best = value
    return best
