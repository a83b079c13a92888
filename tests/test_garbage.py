"""Refereeing and solving leave no reference cycles behind, and keep a bounded amount.

Garbage in a cycle outlives its last use until the cycle collector runs, and every object
allocated and not freed brings its next run closer: in a bot or a simulation that solves
thousands of positions, cycles made per call (a nested function calling itself is one) cost
collections for nothing. Seeded games exercise the referee, both engines, the host search and
the general search's groups; with the collector off, it must then find nothing to free.
"""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator

import pytest

from rummikub_rules import JOKER, Color, GreedyBot, Meld, MeldKind, Tile, simulate
from rummikub_rules.melds import READINGS_KEPT


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


def _new_melds() -> Iterator[Meld]:
    """Every run of the standard set with at most two jokers, undeclared and declared: some
    fourteen thousand melds, each read for the first time."""
    for kind in (None, MeldKind.RUN):
        for color in Color:
            for start in range(1, 12):
                for end in range(start + 3, 15):
                    run = [Tile(color, number) for number in range(start, end)]
                    for jokers in range(3):
                        for places in itertools.combinations(range(len(run)), jokers):
                            tiles = [JOKER if i in places else t for i, t in enumerate(run)]
                            yield Meld(tiles, kind)


def test_the_readings_kept_are_bounded() -> None:
    """Reading ever more new melds keeps at most :data:`~rummikub_rules.melds.READINGS_KEPT`
    readings alive: a server or a simulation reads new melds game after game, and every full
    collection walks what the process keeps (its pause grows with it)."""
    gc.collect()
    before = len(gc.get_objects())
    read = sum(1 for meld in _new_melds() if meld.reading() is not None)
    gc.collect()
    assert read > 3 * READINGS_KEPT
    assert len(gc.get_objects()) - before <= 8 * READINGS_KEPT  # about 5.5 objects a reading
