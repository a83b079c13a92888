"""Real positions whose best plays both engines proved (``tests/data/agreed_positions.txt``).

Positions of seeded self-play under every preset but ``expert``, each with one to four jokers on
the table, and the (tiles, points) of its best play under each objective, proven alike by the
fast and the general engine when the file was written (``benchmarks/agreed_positions.py``).
The solver must prove the same answers, with a play the referee accepts, and ``can_play`` must
agree with it. Small random positions rarely hold what real games do: a wrong "proven" answer
on 20 of 1,289 self-play solves once went past every brute-force property (issue 15: a fate's
relaxation made a joker standing where a table joker stood owe a rack tile); with that mistake
made again, ``tournament-34`` fails here. The ``ci-long`` profile also has the general engine
prove each answer again, and takes a sample six times larger (``agreed_positions_deep.txt``,
2026-12-07): that mistake fails 14 of its positions.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from rummikub_rules import EDITIONS, Edition, Table, Tile, check_turn
from rummikub_rules.notation import parse_table, parse_tiles
from rummikub_rules.solver import Objective, can_play, solve
from tests.test_hard_positions import LONG, blocks

POSITIONS = Path(__file__).parent / "data" / "agreed_positions.txt"
#: The larger sample, of six other seeds, that only CI's deep run reads.
DEEP_POSITIONS = Path(__file__).parent / "data" / "agreed_positions_deep.txt"
#: Work units each proof may take: the file's positions need less (the most 33,701 by the solver,
#: 1,119,193 by the general engine, 2026-12-07); a regression needing more fails, not runs on.
LIMIT = 2_000_000
OBJECTIVES: tuple[Objective, ...] = ("tiles", "points")


@attrs.frozen
class Position:
    name: str
    edition: Edition
    opened: bool
    table: Table
    rack: tuple[Tile, ...]
    best: dict[str, tuple[int, int]]


def load(path: Path = POSITIONS) -> list[Position]:
    """The file's positions (one per block of ``key: value`` lines), named by preset and order."""
    found: list[Position] = []
    for fields in blocks(path, ("edition", "opened", "table", "rack", *OBJECTIVES)):
        edition = EDITIONS[fields["edition"]]
        best: dict[str, tuple[int, int]] = {}
        for objective in OBJECTIVES:
            tiles, _, points = fields[objective].partition(" tiles, ")
            best[objective] = (int(tiles), int(points.removesuffix(" points")))
        index = sum(1 for p in found if p.edition is edition) + 1
        found.append(
            Position(
                f"{edition.name}-{index}",
                edition,
                {"yes": True, "no": False}[fields["opened"]],
                parse_table(fields["table"]),
                parse_tiles(fields["rack"]),
                best,
            )
        )
    return found


_POSITIONS = load()
_DEEP_POSITIONS = load(DEEP_POSITIONS) if LONG else []


def test_the_file_holds_positions_of_every_preset_but_expert() -> None:
    presets = {p.edition.name for p in _POSITIONS}
    assert presets == set(EDITIONS) - {"expert"}
    for position in _POSITIONS:
        assert 1 <= sum(m.jokers for m in position.table.melds) <= 4, position.name


@pytest.mark.parametrize("position", _POSITIONS, ids=lambda p: p.name)
def test_the_solver_proves_the_agreed_best_play(position: Position) -> None:
    solver_proves(position)


@pytest.mark.skipif(not LONG, reason="the general engine takes a minute here: CI's deep run")
@pytest.mark.parametrize("position", _POSITIONS, ids=lambda p: p.name)
def test_the_general_engine_proves_it_again(position: Position) -> None:
    general_proves(position)


@pytest.mark.skipif(not LONG, reason="some 2,400 positions: CI's deep run")
@pytest.mark.parametrize("position", _DEEP_POSITIONS, ids=lambda p: p.name)
def test_both_engines_prove_the_larger_sample(position: Position) -> None:
    solver_proves(position)
    general_proves(position)


def solver_proves(position: Position) -> None:
    """The solver proves the agreed answers, plays what the referee accepts; ``can_play`` agrees."""
    table, rack, opened, edition = position.table, position.rack, position.opened, position.edition
    for objective in OBJECTIVES:
        found = solve(table, rack, opened=opened, edition=edition, objective=objective, limit=LIMIT)
        assert found.proven_optimal, objective
        assert (found.tiles, found.points) == position.best[objective], objective
        if found.play is not None:
            assert check_turn(table, rack, found.play.after, opened=opened, edition=edition).ok
    playable = can_play(table, rack, opened=opened, edition=edition, limit=LIMIT)
    assert playable == (position.best["tiles"][0] > 0)


def general_proves(position: Position) -> None:
    """The general engine proves the agreed answers."""
    table, rack, opened, edition = position.table, position.rack, position.opened, position.edition
    for objective in OBJECTIVES:
        found = solve(
            table, rack, opened=opened, edition=edition, objective=objective, limit=LIMIT,
            engine="general",
        )  # fmt: skip
        assert found.proven_optimal, objective
        assert (found.tiles, found.points) == position.best[objective], objective
