"""The work a hostile input makes the library do, counted: budgets in these tests count work.

A budget in seconds fails on a busy machine; the work a call does is the same on every machine.
:func:`counted` reads what the library's bounded searches already count (the solver's work units,
the failed-turn search's partial solutions, the referee's readings, matchings and opening steps)
by wrapping the functions that do the work, only inside the ``with`` block, so the library pays
nothing for it. :func:`steps` counts function calls, for the paths without a search of their own
(reading documents, building and validating states): a refusal "at once" makes a few hundred,
reading a 100,000-item list at least 100,000. Both still fail a hang through the loose wall-clock
backstop of :mod:`tests.hostile._clock`.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from types import FrameType
from typing import Any, TypeVar
from unittest import mock

import attrs

from rummikub_rules import GameState, RummikubError
from rummikub_rules import solver as solver_api
from rummikub_rules.solver._budget import Budget
from rummikub_rules.turns._failed_turns import _Programme
from rummikub_rules.turns._flow import Network
from rummikub_rules.turns._initial_meld import InitialMeld
from rummikub_rules.turns._table_jokers import TableJokers
from tests.hostile._clock import within

T = TypeVar("T")


@attrs.define
class Work:
    """What the library did inside one :func:`counted` block."""

    #: Solver work units spent (``Budget.spent``, the unit of ``limit=``), over every solve.
    solver: int = 0
    #: Solves run (public solver calls, bots' turns, "could it play?" questions).
    solves: int = 0
    #: Partial solutions of the failed-turn search (refused past ``WORK_LIMIT``).
    failed_turn: int = 0
    #: Readings of the two-way melds judged by the referee (at most 256 a turn).
    readings: int = 0
    #: Matchings (maximum flows) the referee ran for the jokers on the table.
    matchings: int = 0
    #: Steps of the referee's search for an opening's rack tiles (refused past 200,000 a turn).
    opening: int = 0
    #: Actions taken in games (``GameState.step``, which ``apply`` and the game runner call).
    actions: int = 0

    @property
    def referee(self) -> int:
        """The referee's searches together: readings judged, matchings and opening steps."""
        return self.readings + self.matchings + self.opening


def _wrapped(method: Callable[..., Any], before: Callable[..., None]) -> Callable[..., Any]:
    """``method`` calling ``before`` with its arguments first."""

    @functools.wraps(method)
    def call(*args: Any, **kwargs: Any) -> Any:
        before(*args, **kwargs)
        return method(*args, **kwargs)

    return call


@contextmanager
def counted() -> Iterator[Work]:
    """Count the library's work inside the block (filled in when it ends), under the backstop.

    Only this thread's work and that of threads started inside the block is counted: a thread
    left running by an earlier test (a bot still thinking about an abandoned game) is not.
    """
    work = Work()
    budgets: list[Budget] = []
    openings: list[InitialMeld] = []
    strangers = {t.ident for t in threading.enumerate()} - {threading.get_ident()}

    def ours() -> bool:
        return threading.get_ident() not in strangers

    def counted_budget(nodes: int | None = None, seconds: float | None = None) -> Budget:
        # A factory, not a subclass: the solver's Budget may be compiled (benchmarks/compiled.py),
        # and an interpreted class cannot inherit from a compiled one.
        budget = Budget(nodes, seconds)
        if ours():
            budgets.append(budget)
        return budget

    search = _Programme.solve

    def failed_turn_search(programme: _Programme, budget: list[int]) -> dict[int, set[int]] | None:
        left = budget[0]
        try:
            return search(programme, budget)
        finally:
            if ours():
                work.failed_turn += left - budget[0]

    def reading(*_: object, **__: object) -> None:
        work.readings += ours()

    def matching(*_: object, **__: object) -> None:
        work.matchings += ours()

    def action(*_: object) -> None:
        work.actions += ours()

    def opening(meld: InitialMeld, _: object) -> None:
        if ours():
            openings.append(meld)

    with ExitStack() as stack:
        stack.enter_context(within())
        stack.enter_context(mock.patch.object(solver_api, "Budget", counted_budget))
        stack.enter_context(mock.patch.object(_Programme, "solve", failed_turn_search))
        stack.enter_context(
            mock.patch.object(TableJokers, "check", _wrapped(TableJokers.check, reading))
        )
        stack.enter_context(
            mock.patch.object(Network, "max_flow", _wrapped(Network.max_flow, matching))
        )
        stack.enter_context(
            mock.patch.object(
                InitialMeld,
                "__init__",
                _wrapped(InitialMeld.__init__, opening),
            )
        )
        stack.enter_context(mock.patch.object(GameState, "step", _wrapped(GameState.step, action)))
        try:
            yield work
        finally:
            work.solver = sum(budget.spent for budget in budgets)
            work.solves = len(budgets)
            work.opening = sum(meld.rack_melds.steps for meld in openings if meld.rack_melds)


def answer(call: Callable[[], T]) -> tuple[T | RummikubError, Work]:
    """``call()``'s answer or the ``RummikubError`` it raised, and the work it took."""
    with counted() as work:
        try:
            result: T | RummikubError = call()
        except RummikubError as error:
            result = error
    return result, work


@attrs.define
class Steps:
    """Function calls made inside one :func:`steps` block, Python's and builtins' alike."""

    calls: int = 0


@contextmanager
def steps() -> Iterator[Steps]:
    """Count the function calls made inside the block (this thread), under the backstop."""
    count = Steps()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call" or event == "c_call":
            count.calls += 1

    previous = sys.getprofile()
    assert previous is None, "a profiler is already running"
    with within():
        sys.setprofile(profile)
        try:
            yield count
        finally:
            sys.setprofile(previous)
            count.calls -= 1  # setprofile's own call to leave


@contextmanager
def linear(items: int, *, per_item: int = 5, few: int = 2_000) -> Iterator[Steps]:
    """Fail the test if the block makes more than ``per_item`` calls per item it was given, plus
    ``few``: checks that look at each item once, and no search or copy that grows faster."""
    with steps() as made:
        yield made
    assert made.calls <= per_item * items + few, f"{made.calls} calls for {items} items"


def at_once(few: int = 2_000) -> AbstractContextManager[Steps]:
    """Fail the test if the block makes more than ``few`` calls, whatever the size of its input."""
    return linear(0, few=few)
