"""Both engines on one position, for the property tests of the fast search's relaxations."""

from __future__ import annotations

from rummikub_rules import Edition, Table, Tile, check_turn
from rummikub_rules.solver import Objective, solve


def assert_the_engines_agree(
    edition: Edition, table: Table, rack: tuple[Tile, ...], objective: Objective
) -> None:
    """The solver (fast search first) and the general search (every rule inside one search)
    both prove their best plays, alike, and the solver's play is one the referee accepts."""
    found = {
        engine: solve(
            table, rack, opened=True, edition=edition, objective=objective, limit=10**6,
            engine=engine,
        )
        for engine in ("auto", "general")
    }  # fmt: skip
    fast, general = found["auto"], found["general"]
    assert fast.proven_optimal
    assert general.proven_optimal
    assert (fast.tiles, fast.points) == (general.tiles, general.points)
    if fast.play is not None:
        assert check_turn(table, rack, fast.play.after, opened=True, edition=edition).ok
