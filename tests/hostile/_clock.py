"""The wall-clock backstop of the hostile tests: so loose that only a hang fails it.

Budgets in these tests count work (:mod:`tests.hostile._work`), which is the same on every
machine; a budget in seconds failed on a busy one. The clock is kept only so that a hang, or work
nothing counts, still fails instead of stalling the suite.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from rummikub_rules import RummikubError

T = TypeVar("T")

#: Seconds a single hostile call may take: more than ten times the slowest (a solve to the
#: default limit, about two seconds on the idle 2-core machine), so a busy machine never fails it.
BACKSTOP = 60.0


@contextmanager
def within(seconds: float = BACKSTOP) -> Iterator[None]:
    """Fail the test if the block takes longer than ``seconds`` (it still runs to the end)."""
    start = time.perf_counter()
    yield
    took = time.perf_counter() - start
    assert took < seconds, f"took {took:.2f} s, more than the {seconds} s backstop"


def answer(call: Callable[[], T], seconds: float = BACKSTOP) -> T | RummikubError:
    """``call()``'s answer or the ``RummikubError`` it raised, within the backstop."""
    with within(seconds):
        try:
            return call()
        except RummikubError as error:
            return error
