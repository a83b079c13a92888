"""Refereeing and solving leave no reference cycles behind.

Garbage in a cycle outlives its last use until the cycle collector runs, and every object
allocated and not freed brings its next run closer: in a bot or a simulation that solves
thousands of positions, cycles made per call (a nested function calling itself is one) cost
collections for nothing. Seeded games exercise the referee, both engines, the host search and
the general search's groups; with the collector off, it must then find nothing to free.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from rummikub_rules import GreedyBot, simulate


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The cycle collector off for the test, and no garbage left from before it."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize(("edition", "games"), [("classic", 3), ("expert", 1)])
def test_self_play_leaves_no_cycles(collector_off: None, edition: str, games: int) -> None:
    def play(seed: int, count: int) -> None:
        bots = [GreedyBot()] * 4
        simulate([edition], games=count, players=4, seed=seed, bots=bots, turn_seconds=None)

    play(0, 1)  # the first game imports the solver, and a class made is a cycle
    gc.collect()
    play(1, games)
    assert gc.collect() == 0
