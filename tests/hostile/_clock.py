"""The time budget every hostile test asserts: generous, so only a hang or a blow-up fails it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from rummikub_rules import RummikubError

T = TypeVar("T")

#: Seconds any single hostile input may take on the 2-core CI machine.
BUDGET = 2.0


@contextmanager
def within(seconds: float = BUDGET) -> Iterator[None]:
    """Fail the test if the block takes longer than ``seconds`` (it still runs to the end)."""
    start = time.perf_counter()
    yield
    took = time.perf_counter() - start
    assert took < seconds, f"took {took:.2f} s, more than the {seconds} s budget"


def answer(call: Callable[[], T], seconds: float = BUDGET) -> T | RummikubError:
    """``call()``'s answer or the ``RummikubError`` it raised, in under ``seconds``."""
    start = time.perf_counter()
    try:
        result: T | RummikubError = call()
    except RummikubError as error:
        result = error
    elapsed = time.perf_counter() - start
    assert elapsed < seconds, f"took {elapsed:.2f} s"
    return result
