"""Run states of the general search: open runs with the facts the rules need (private).

The general search walks the grid column by column and, inside a column, colour by colour. For
each colour it keeps the runs still open as a multiset of :class:`RunFacts`: the run's length
(1, 2 or 3 meaning 3 or more; exact under ``run_wrap = full``) and, only where the edition and
the position need them, more facts:

- ``numbered``: whether it holds a numbered tile (a meld of jokers alone is no meld);
- ``jokers``: how many jokers it holds (``max_jokers_per_meld``);
- ``claim``: a part of a meld of the table before that this run must carry on, cell by cell
  (``joker_melds_extend_only``, or a joker replaced in place under ``rack_or_table``), see
  :class:`Claim`;
- ``edge``: under ``one_high``, a run that began at the first column (it may not reach the 1
  played high: it would be longer than the set's numbers); under ``full``, the *head* of a run
  that came round from the last column (it is joined to its tail at the end);
- ``freed`` and ``rack``: where freed table jokers owe rack tiles (``freed_joker_rack_tiles``),
  whether the run holds a freed joker and how many tiles from the rack it holds (rack jokers
  count), up to what is owed: a run holding a freed joker closes only with them.

A colour's state is the sorted tuple of its runs' ids plus an ``extra`` tuple: the 1s kept back
for the high column under ``one_high`` (set by the search), the heads already closed under
``full``. Facts and states are interned as small integers. :meth:`RunStates.after` lists where
the items laid at a cell can go (extend an open run, or start a new one); open runs not
extended are closed.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Final, NamedTuple

import attrs

from rummikub_rules.solver._budget import Budget

__all__ = [
    "ANY",
    "IS_NUMBERED",
    "KINDS",
    "LOOSE",
    "NUMBERED",
    "PIN",
    "RACK",
    "RACK_JOKER",
    "TABLE",
    "Cell",
    "Claim",
    "Placed",
    "RunFacts",
    "RunRules",
    "RunStates",
]

# What can be laid at a cell. Numbered tiles: from the table (all must be laid) or the rack.
# Jokers: a table joker kept in its role (pinned to this cell), a table joker free to go
# anywhere (where the rules say so, owing rack tiles in its meld: ``RunRules.owe``), a joker
# from the rack. (Jokers freed into host melds are the plan's business: see ``_hosts``.)
TABLE, RACK, PIN, LOOSE, RACK_JOKER = range(5)
KINDS: Final = 5
IS_NUMBERED: Final = (True, True, False, False, False)
_FROM_RACK: Final = (RACK, RACK_JOKER)

# What a claim demands at a cell: a numbered tile, or anything.
NUMBERED, ANY = range(2)

#: ``RunFacts.claim`` when the run carries no claim.
NO_CLAIM: Final = -1


class RunFacts(NamedTuple):
    """One open run: its length and the facts the rules need (see the module docstring).

    ``claim`` is the index of the claim carried, ``-1`` for none, and ``-2 - i`` for the head
    of a run going round that has finished its part ``i`` of a claim.
    """

    length: int
    numbered: bool = True
    jokers: int = 0
    claim: int = NO_CLAIM
    edge: bool = False
    rack: int = 0
    freed: bool = False


@attrs.frozen
class Claim:
    """Consecutive cells of one colour that a single run must cover, each with a demand.

    A meld of the table before that goes round (``full``) gives two claims: its ``tail`` part
    up to the last column (its run stays open there) and its ``head`` part from the first
    column (carried by the head of the same run); ``partner`` links them.
    """

    row: int
    columns: tuple[int, ...]
    demands: tuple[int, ...]
    head: bool = False
    tail: bool = False
    partner: int = -1
    #: The meld of the table before it comes from (its index).
    meld: int = -1
    #: A joker replaced in place (any run holding it will do) rather than a locked meld
    #: (which needs a run of its own).
    shared: bool = False


@attrs.frozen
class RunRules:
    """Which facts a search tracks, and what they must satisfy.

    ``longest`` caps the length kept (3, or the set's ``span`` under ``full``).
    """

    longest: int = 3
    span: int = 13
    track_numbered: bool = False
    cap: int | None = None
    claims: tuple[Claim, ...] = ()
    high: bool = False
    cyclic: bool = False
    #: Under ``full``, a relaxation: runs touching either end of the grid may have any length
    #: (a run going round is a tail and a head), and no head waits for its tail.
    loose_ends: bool = False
    #: Tiles from the rack a run holding a freed (``LOOSE``) joker must hold (0: none owed).
    owe: int = 0

    @property
    def plain(self) -> bool:
        """Whether runs carry no facts but their length: the quick path applies."""
        return self.simple and not self.claims

    @property
    def simple(self) -> bool:
        """Whether runs carry no facts but their length and claims.

        Where no claim is at stake, the quick path applies.
        """
        return not (
            self.track_numbered or self.cap is not None or self.high or self.cyclic or self.owe
        )


@attrs.frozen
class Cell:
    """What the run facts need to know about one cell of the grid."""

    column: int
    row: int
    #: The cell's place in the grid (column * rows + row): what caches key on.
    index: int = 0
    first: bool = False
    last: bool = False
    #: Claims with a cell here: (claim index, demand, whether it is the claim's last cell).
    claimed: tuple[tuple[int, int, bool], ...] = ()
    #: Claims whose first cell this is: one run laid here takes each on.
    starts: tuple[int, ...] = ()
    #: Locked claims holding a table joker here, where jokers of two kinds are in play:
    #: (claim index, the joker's kind: the row of its colour, -1 plain). Ways to lay the cell
    #: are kept apart by which of them take a joker (:meth:`RunStates.after`), so that the
    #: moves keep only those with enough jokers of each kind and the rebuilt play gives each
    #: its own (``_moves``, ``_rebuild``).
    jokers: tuple[tuple[int, int], ...] = ()


#: A run coming out of a cell: (index of the open run it extends in the sorted state, or -1
#: for a new run; the kind laid; the new run's id; the claim it took on here, or -1).
Placed = tuple[int, int, int, int]

#: Ways to lay a cell's items on open runs, merged where they agree: (items left, new run ids
#: sorted, heads put aside, claims taken, claims holding a joker here that took one).
_Partial = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]
]

#: Ways of laying a cell on runs with facts that make one unit of the budget (each costs about
#: what a fast search state does): a position with many jokers and wrapping runs may look at
#: thousands a cell, and uncounted they let a solve run for minutes within its limit.
WAYS_PER_UNIT: Final = 1


class RunStates:
    """Interned run facts and colour states, and the moves between them."""

    def __init__(self, rules: RunRules, budget: Budget | None = None) -> None:
        self.rules = rules
        self.budget = budget
        self.facts: list[RunFacts] = []
        self._fact_ids: dict[RunFacts, int] = {}
        self.states: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self._state_ids: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self._after: dict[tuple[int, int, tuple[int, ...]], list[tuple[int, tuple[Placed, ...]]]]
        self._after = {}
        self._closable: dict[int, bool] = {}
        self._extend_options: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        self._start_options: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self.empty = self.state((), ())

    # -- interning -----------------------------------------------------------------------------

    def fact(self, facts: RunFacts) -> int:
        """The id of a run's facts."""
        found = self._fact_ids.get(facts)
        if found is None:
            found = self._fact_ids[facts] = len(self.facts)
            self.facts.append(facts)
        return found

    def state(self, runs: tuple[int, ...], extra: tuple[int, ...]) -> int:
        """The id of a colour state: sorted run ids and the extra facts."""
        key = (runs, extra)
        found = self._state_ids.get(key)
        if found is None:
            found = self._state_ids[key] = len(self.states)
            self.states.append(key)
        return found

    def with_extra(self, sid: int, extra: tuple[int, ...]) -> int:
        """The same open runs with other extra facts."""
        return self.state(self.states[sid][0], extra)

    # -- one run -------------------------------------------------------------------------------

    def extend(self, run: RunFacts, kind: int, cell: Cell, take: int = -1) -> RunFacts | None:
        """The run after ``kind`` is laid on it at ``cell``, or ``None`` if the rules forbid it.

        Laying it takes on claim ``take``, if any.
        """
        rules = self.rules
        if rules.cyclic and run.length >= rules.span:
            return None
        if rules.high and cell.last and run.edge:
            return None  # a run from the first column may not reach the 1 played high
        numbered = IS_NUMBERED[kind]
        jokers = 0
        if rules.cap is not None:
            jokers = run.jokers + (not numbered)
            if jokers > rules.cap:
                return None
        claim = run.claim
        if take >= 0:
            if claim != NO_CLAIM:
                return None
            claim = take
        if claim >= 0:
            step = self._claim_step(claim, kind, cell)
            if step is None:
                return None
            claim = step
        rack, freed = run.rack, run.freed
        if rules.owe:
            rack = min(rules.owe, rack + (kind in _FROM_RACK))
            # A run with its rack tiles owes nothing, whatever jokers it holds or will hold.
            freed = (freed or kind == LOOSE) and rack < rules.owe
        return RunFacts(
            min(rules.longest, run.length + 1),
            run.numbered or numbered,
            jokers,
            claim,
            run.edge,
            rack,
            freed,
        )

    def _claim_step(self, claim: int, kind: int, cell: Cell) -> int | None:
        """The claim a run carries after ``kind`` is laid at ``cell``; ``None`` if wrong."""
        for at, demand, last in cell.claimed:
            if at != claim:
                continue
            if not _meets(demand, kind):
                return None
            if not last:
                return claim
            part = self.rules.claims[claim]
            if part.head:
                return -2 - claim
            return claim if part.tail else NO_CLAIM
        return None  # the run carries a claim that has no cell here

    def carried(self, rid: int, take: int) -> int:
        """The claim an item laid at a cell carries there.

        ``take``, the claim it took on here, else that of the open run ``rid`` it extends
        (``NO_CLAIM`` for a new run, ``rid`` -1).
        """
        if take >= 0:
            return take
        return self.facts[rid].claim if rid >= 0 else NO_CLAIM

    def closable(self, rid: int) -> bool:
        """Whether an open run may end here as a valid run."""
        found = self._closable.get(rid)
        if found is None:
            run = self.facts[rid]
            found = (
                run.length >= 3
                and run.numbered
                and run.claim == NO_CLAIM
                and (not run.freed or run.rack >= self.rules.owe)
            )
            self._closable[rid] = found
        return found

    def _may_stop(self, rid: int) -> bool:
        """Whether an open run may stop here: closed validly, or a head put aside."""
        if self.closable(rid):
            return True
        run = self.facts[rid]
        return self.rules.cyclic and run.edge and run.claim < 0

    def extensions(self, rid: int, cell: Cell) -> list[tuple[int, int, int]]:
        """The ways to lay one item on an open run: (kind, new id, claim taken or -1)."""
        key = (rid, cell.index)
        found = self._extend_options.get(key)
        if found is None:
            run = self.facts[rid]
            found = []
            for kind in range(KINDS):
                for take in (-1, *cell.starts):
                    new = self.extend(run, kind, cell, take)
                    if new is not None:
                        found.append((kind, self.fact(new), take))
            self._extend_options[key] = found
        return found

    def starts(self, kind: int, cell: Cell) -> list[tuple[int, int]]:
        """The ways a new run may begin with ``kind`` at ``cell``: (new id, claim taken or -1)."""
        key = (kind, cell.index)
        found = self._start_options.get(key)
        if found is None:
            rules = self.rules
            edges = [cell.first] if rules.high else [False]
            if rules.cyclic and cell.first:
                edges = [False, True]
            seen: set[tuple[int, int]] = set()
            for edge in edges:
                empty = RunFacts(0, not rules.track_numbered, 0, NO_CLAIM, edge)
                for take in (-1, *cell.starts):
                    if take >= 0 and rules.cyclic and not _may_take(rules.claims[take], edge):
                        continue
                    new = self.extend(empty, kind, cell, take)
                    if new is not None:
                        seen.add((self.fact(new), take))
            found = sorted(seen)
            self._start_options[key] = found
        return found

    # -- one colour at one cell ----------------------------------------------------------------

    def after(
        self, cell: Cell, sid: int, items: tuple[int, ...]
    ) -> list[tuple[int, tuple[Placed, ...]]]:
        """Every way to lay ``items`` (a count per kind) on the runs of state ``sid``.

        Each way is (new state id, the runs placed). Open runs not extended are closed: they
        must be valid (heads under ``full`` are put aside for the end instead).
        """
        key = (cell.index, sid, items)
        found = self._after.get(key)
        if found is None:
            runs, extra = self.states[sid]
            if self.rules.plain or (
                self.rules.simple
                and not cell.claimed
                and all(self.facts[rid].claim == NO_CLAIM for rid in runs)
            ):
                found = self._plain_after(runs, extra, items)
            else:
                found = self._tracked_after(cell, runs, extra, items)
            self._after[key] = found
        return found

    def _plain_after(
        self, runs: tuple[int, ...], extra: tuple[int, ...], items: tuple[int, ...]
    ) -> list[tuple[int, tuple[Placed, ...]]]:
        """Runs with no facts: short runs must grow, long ones grow before new ones start.

        Growing a run of 3 or more is never worse than closing it and starting another.
        """
        facts = self.facts
        count = sum(items)
        short = [i for i, rid in enumerate(runs) if facts[rid].length < 3]
        if count < len(short):
            return []
        long = [i for i, rid in enumerate(runs) if facts[rid].length >= 3]
        targets = [*short, *long[: count - len(short)]]
        targets += [-1] * (count - len(targets))
        kinds = [k for k in range(KINDS) for _ in range(items[k])]
        placed = []
        for source, kind in zip(targets, kinds, strict=True):
            length = facts[runs[source]].length + 1 if source >= 0 else 1
            placed.append((source, kind, self.fact(RunFacts(min(3, length))), -1))
        placed.sort(key=lambda p: p[2])
        return [(self.state(tuple(p[2] for p in placed), extra), tuple(placed))]

    def _tracked_after(
        self, cell: Cell, runs: tuple[int, ...], extra: tuple[int, ...], items: tuple[int, ...]
    ) -> list[tuple[int, tuple[Placed, ...]]]:
        """Runs with facts: each group of identical open runs in turn, then new runs.

        The partial outcomes that agree (items left, runs placed, heads put aside) are merged.
        """
        groups: list[tuple[int, list[int]]] = []
        for index, rid in enumerate(runs):
            if groups and groups[-1][0] == rid:
                groups[-1][1].append(index)
            else:
                groups.append((rid, [index]))
        # A partial outcome: (items left, new run ids sorted, heads put aside, claims taken,
        # claims holding a joker here that took one) -> the runs placed so far.
        partial: dict[_Partial, list[Placed]] = {(items, (), (), (), ()): []}
        held = {claim for claim, _ in cell.jokers}
        tried = 0  # the ways looked at, charged to the budget at the end
        for rid, indices in groups:
            options = self.extensions(rid, cell)
            may_stop = self._may_stop(rid)
            head = self.rules.cyclic and self.facts[rid].edge and not self.rules.loose_ends
            grown: dict[_Partial, list[Placed]] = {}
            for (left, new, heads, taken, jokers), placed in partial.items():
                usable = [o for o in options if left[o[0]]]
                for extended in range(len(indices), -1, -1):
                    if extended < len(indices) and not may_stop:
                        break
                    stopped = len(indices) - extended
                    for combo in itertools.combinations_with_replacement(usable, extended):
                        tried += 1
                        rest = list(left)
                        for kind, _, _ in combo:
                            rest[kind] -= 1
                        if min(rest) < 0:
                            continue
                        takes = tuple(sorted((*taken, *(t for _, _, t in combo if t >= 0))))
                        took_jokers = jokers
                        if held:
                            took_jokers = _with_jokers(jokers, held, combo, self.facts[rid].claim)
                        key = (
                            tuple(rest),
                            tuple(sorted((*new, *(n for _, n, _ in combo)))),
                            tuple(sorted((*heads, *([rid] * stopped if head else ())))),
                            takes,
                            took_jokers,
                        )
                        if key not in grown:
                            grown[key] = placed + [
                                (index, kind, n, take)
                                for index, (kind, n, take) in zip(indices, combo, strict=False)
                            ]
            partial = grown
        results: dict[tuple[int, tuple[int, ...]], tuple[Placed, ...]] = {}
        for (left, _, heads, taken, jokers), placed in partial.items():
            for starts in self._new_runs(cell, left):
                tried += 1
                took = sorted((*taken, *(p[3] for p in starts if p[3] >= 0)))
                if took != sorted(cell.starts):
                    continue
                ordered = tuple(sorted((*placed, *starts), key=lambda p: (p[2], p[1], p[0], p[3])))
                new_extra = tuple(sorted((*extra, *heads))) if heads else extra
                sid = self.state(tuple(p[2] for p in ordered), new_extra)
                took_jokers = jokers
                if held:
                    new_runs = [(kind, new, take) for _, kind, new, take in starts]
                    took_jokers = _with_jokers(jokers, held, new_runs, NO_CLAIM)
                results.setdefault((sid, took_jokers), ordered)
        if self.budget is not None:
            self.budget.charge(1 + tried // WAYS_PER_UNIT)
        return [(sid, placed) for (sid, _), placed in results.items()]

    def _new_runs(self, cell: Cell, left: tuple[int, ...]) -> list[list[Placed]]:
        """Ways to start a new run with each item left, each in every way its facts may begin."""
        per_kind = []
        for kind in range(KINDS):
            if not left[kind]:
                continue
            options = self.starts(kind, cell)
            if not options:
                return []
            per_kind.append(
                [
                    [(-1, kind, new, take) for new, take in combo]
                    for combo in itertools.combinations_with_replacement(options, left[kind])
                ]
            )
        return [[p for combo in choice for p in combo] for choice in itertools.product(*per_kind)]

    # -- the end -------------------------------------------------------------------------------

    def finished(self, sid: int, row: int) -> bool:
        """Whether the runs open after the last column all end validly (joining heads)."""
        runs, extra = self.states[sid]
        if self.rules.loose_ends:
            return True
        if not self.rules.cyclic:
            return all(self.closable(rid) for rid in runs)
        return self._join(list(runs), list(extra), row)

    def _join(self, tails: list[int], heads: list[int], row: int) -> bool:
        """Whether each head joins a distinct tail into a valid run, the other tails closing."""
        if not heads:
            return all(self.closable(rid) for rid in tails)
        head, rest = heads[0], heads[1:]
        tried: set[int] = set()
        for index, tail in enumerate(tails):
            if tail in tried:
                continue
            tried.add(tail)
            if self.joins(self.facts[tail], self.facts[head], row) and self._join(
                tails[:index] + tails[index + 1 :], rest, row
            ):
                return True
        return False

    def joins(self, tail: RunFacts, head: RunFacts, row: int) -> bool:
        """Whether a tail (open at the last column) and a head make one valid run."""
        rules = self.rules
        if tail.edge:
            return False
        if not 3 <= tail.length + head.length <= rules.span:
            return False
        if not (tail.numbered or head.numbered):
            return False
        if rules.cap is not None and tail.jokers + head.jokers > rules.cap:
            return False
        if (tail.freed or head.freed) and tail.rack + head.rack < rules.owe:
            return False
        if tail.claim >= 0:
            partner = rules.claims[tail.claim].partner
            return rules.claims[tail.claim].tail and head.claim == -2 - partner
        return head.claim == NO_CLAIM


def _with_jokers(
    jokers: tuple[int, ...],
    held: set[int],
    laid: Iterable[tuple[int, int, int]],
    claim: int,
) -> tuple[int, ...]:
    """``jokers`` (claims in ``held`` that took a joker here) with those of ``laid`` added.

    Each item of ``laid`` is (kind, new run id, claim taken or -1), laid on a run carrying
    ``claim`` (``NO_CLAIM`` for new runs).
    """
    more = [
        take if take >= 0 else claim
        for kind, _, take in laid
        if not IS_NUMBERED[kind] and (take if take >= 0 else claim) in held
    ]
    return tuple(sorted((*jokers, *more))) if more else jokers


def _may_take(claim: Claim, head: bool) -> bool:
    """Whether a run beginning here (a ``head`` that came round, or not) may take ``claim``.

    The head part of a claim is carried by a head; a whole claim from the first column by
    either (``k1 k2 j`` stands extended as ``k13 k1 k2 j``).
    """
    return claim.head == head or (head and not claim.tail)


def _meets(demand: int, kind: int) -> bool:
    return IS_NUMBERED[kind] if demand == NUMBERED else True
