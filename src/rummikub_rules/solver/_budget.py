"""The work a solve may do: states expanded and seconds (private).

Every search of one solve charges the same :class:`Budget`; past it they raise
:class:`BudgetSpent`, and the solve answers with the best play found so far.
"""

from __future__ import annotations

import time
from typing import Final

__all__ = [
    "CHECK",
    "DEFAULT_LIMIT",
    "FATE",
    "FIT",
    "GENERAL_STATE",
    "GROUPED",
    "HOST_GROUP",
    "HOST_MET",
    "HOST_WINDOW",
    "SETUP",
    "STEP",
    "Budget",
    "BudgetSpent",
    "Slice",
    "SliceSpent",
]

#: States expanded between two looks at the clock.
_CLOCK_EVERY: Final = 256

#: Work is counted in states of the fast search (a few microseconds each): a state of the
#: general search counts for ``GENERAL_STATE``, and building a search for ``SETUP``. The other
#: parts are charged so that a unit costs about as much time in each (within 3x on
#: self-play positions, ``benchmarks/units.py``): the referee's check of a proposed play
#: ``CHECK``, the listing of the host melds a freed joker may go to by the melds it meets (a
#: window of a run's places ``HOST_WINDOW``, a group's tiles and jokers ``HOST_GROUP``, a meld
#: checked for newness ``HOST_MET``), each host of a listing checked against a smaller stock
#: ``FIT``, each host put in a group to be bounded
#: together ``GROUPED`` (the jokers it takes; the table tiles it takes, if its group is
#: bounded), each step of the host search (a host laid, or a fate's hosts searched: the rest's
#: key, bound and order) ``STEP``, each fate of the table's jokers ``FATE``;
#: ``can_play``'s witness and ``top_plays``' regions by what they scan; a colour's table
#: of the relaxation is charged by its size (:data:`._color_tables.COLOR_ENTRIES`) once a
#: solve, kept from an earlier solve or not (:meth:`Budget.charge_once`).
GENERAL_STATE: Final = 14
SETUP: Final = 40
CHECK: Final = 70
HOST_WINDOW: Final = 14
HOST_GROUP: Final = 12
HOST_MET: Final = 6
FIT: Final = 1
GROUPED: Final = 2
STEP: Final = 36
FATE: Final = 60

#: The work a solve may do when the caller sets no limit: about a second here (on solves of
#: 3,000 units or more, a unit cost 1.7-2.2 microseconds at the median and 2.9-3.6 at worst in
#: three runs of ``benchmarks/units.py`` on 2026-12-05; most on positions with jokers on the
#: table). Most real positions need far less; some with several jokers on the table need more
#: (``tests/data/hard_positions.txt``) and get the best play found; past it
#: ``SearchLimitExceeded`` says so.
DEFAULT_LIMIT: Final = 300_000


class BudgetSpent(Exception):  # noqa: N818 (an internal signal, not an error)
    """A search used up the budget of its solve."""


class SliceSpent(BudgetSpent):
    """A search used up the slice of the budget it was given (:meth:`Budget.slice`)."""


class Budget:
    """Work left to a solve, shared by all its searches: states and a deadline."""

    def __init__(self, nodes: int | None = None, seconds: float | None = None) -> None:
        self.nodes = nodes
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.spent = 0
        #: Where the work stops: the budget's end, or the current slice's if sooner (one
        #: comparison a charge).
        self._stop = nodes
        #: The work this solve has paid for once (:meth:`charge_once`).
        self._paid: set[object] = set()

    def slice(self, states: int) -> Slice:
        """A slice of ``states`` more states: past it, :class:`SliceSpent` (``with`` block)."""
        return Slice(self, states)

    def set_until(self, until: int | None) -> None:
        """End the current slice at ``until`` states spent (``None``: no slice)."""
        stops = [s for s in (self.nodes, until) if s is not None]
        self._stop = min(stops) if stops else None

    def charge(self, states: int = 1) -> None:
        """Count ``states`` more states; raise :class:`BudgetSpent` past the budget.

        Past the end of a slice, :class:`SliceSpent`.
        """
        before = self.spent
        self.spent += states
        if self._stop is not None and self.spent > self._stop:
            if self.nodes is not None and self.spent > self.nodes:
                raise BudgetSpent
            raise SliceSpent
        if (
            self.deadline is not None
            and (before == 0 or before // _CLOCK_EVERY != self.spent // _CLOCK_EVERY)
            and time.monotonic() > self.deadline
        ):
            raise BudgetSpent

    def charge_once(self, key: object, states: int) -> None:
        """Charge ``states`` for the work named ``key`` the first time this solve asks for it.

        Work kept between solves (a colour's table) is paid for by each solve that uses it, so
        a solve's count depends on its position alone, not on what ran before it.
        """
        if key not in self._paid:
            self._paid.add(key)
            self.charge(states)

    def count(self, states: int) -> None:
        """Count ``states`` more states without stopping: work already done.

        The next :meth:`charge` stops the search if the budget is spent.
        """
        self.spent += states

    @property
    def left(self) -> bool:
        """Whether any budget is left."""
        if self.nodes is not None and self.spent >= self.nodes:
            return False
        return self.deadline is None or time.monotonic() <= self.deadline


class Slice:
    """A part of a budget that one search may spend before it gives way to another."""

    def __init__(self, budget: Budget, states: int) -> None:
        self.budget = budget
        self.states = states

    def __enter__(self) -> Slice:
        self.budget.set_until(self.budget.spent + self.states)
        return self

    def __exit__(self, *exc: object) -> None:
        self.budget.set_until(None)
