"""The public strategies keep their promises (rummikub_rules.strategies)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    EXPERT_SET,
    JOKER,
    Code,
    Color,
    Edition,
    Meld,
    MeldKind,
    RunWrap,
    Table,
    Tile,
    TileSet,
    check_turn,
    parse_table,
)
from rummikub_rules import strategies as rst
from rummikub_rules._hypothesis_plugin import _hypothesis_setup_hook
from rummikub_rules.strategies._turn_moves import _Build, _free_joker

T = TypeVar("T")

ANY_EDITION = st.one_of(rst.editions(), rst.editions(presets=False, tile_sets=rst.tile_sets()))


def fits(tiles: tuple[Tile, ...], tile_set: TileSet) -> bool:
    return all(tile_set.count(t) >= n for t, n in Counter(tiles).items())


@given(ANY_EDITION, st.data())
def test_tiles_come_from_the_set(edition: Edition, data: st.DataObject) -> None:
    assert edition.tile_set.count(data.draw(rst.tiles(edition))) >= 1
    assert not data.draw(rst.tiles(edition, jokers=False)).is_joker


@given(ANY_EDITION, st.data())
def test_melds_respect_size_joker_and_copy_limits(edition: Edition, data: st.DataObject) -> None:
    cap = data.draw(st.none() | st.integers(0, 3))
    meld = data.draw(rst.melds(edition, jokers=cap, declare=True))
    assert meld.is_valid(edition)
    assert meld.kind is not None
    assert fits(meld.tiles, edition.tile_set)
    assert meld.jokers < len(meld)
    for limit in (cap, edition.max_jokers_per_meld):
        assert limit is None or meld.jokers <= limit
    assert data.draw(rst.runs(edition, declare=False)).kind is None


@given(ANY_EDITION, st.data())
def test_meld_sizes_stay_within_bounds(edition: Edition, data: st.DataObject) -> None:
    span = len(edition.tile_set.numbers)
    low = data.draw(st.integers(3, span))
    high = data.draw(st.integers(low, span))
    run = data.draw(rst.runs(edition, min_size=low, max_size=high))
    assert low <= len(run) <= high
    group = data.draw(rst.groups(edition, max_size=3))
    assert len(group) == 3


@given(ANY_EDITION, st.data())
def test_invalid_melds_are_invalid_and_physically_possible(
    edition: Edition, data: st.DataObject
) -> None:
    meld = data.draw(rst.melds(edition, valid=False))
    assert len(meld) >= 1
    assert not meld.is_valid(edition)
    assert meld.problem(edition)
    assert fits(meld.tiles, edition.tile_set)


@given(ANY_EDITION, st.data())
def test_tables_hold_valid_melds_within_the_set(edition: Edition, data: st.DataObject) -> None:
    table = data.draw(rst.tables(edition, max_melds=6, declare=None))
    assert len(table) <= 6
    assert table.is_valid(edition)
    assert fits(table.tiles, edition.tile_set)


@given(rst.tables(min_melds=1, max_melds=3))
def test_tables_reach_min_melds_in_the_standard_set(table: Table) -> None:
    assert 1 <= len(table) <= 3


@given(rst.editions())
def test_editions_are_editions(edition: Edition) -> None:
    assert isinstance(edition, Edition)
    assert edition.name in EDITIONS or edition.name == "custom"
    assert edition.min_players * edition.deal_size <= edition.tile_set.size


@given(rst.tile_sets())
def test_tile_sets_allow_runs_and_groups(tile_set: TileSet) -> None:
    assert len(tile_set.colors) >= 3
    assert len(tile_set.numbers) >= 3


def reach(strategy: st.SearchStrategy[T], condition: Callable[[T], bool]) -> T:
    """An example meeting ``condition`` (not shrunk: only reaching it matters)."""
    quick = settings(database=None, phases=[Phase.generate], max_examples=2000, deadline=None)
    return find(strategy, condition, settings=quick)


def test_strategies_reach_the_interesting_cases() -> None:
    full = reach(
        rst.editions(), lambda e: e.run_wrap is RunWrap.FULL and not e.group_colors_distinct
    )
    wrapped = reach(rst.runs(full), lambda m: m.tiles[-1].number == 1 and len(m) > 3)
    assert wrapped.is_valid(full)
    assert not wrapped.is_valid(CLASSIC)
    reach(
        rst.groups(full), lambda m: len({t.color for t in m if not t.is_joker}) < len(m) - m.jokers
    )
    reach(rst.runs(), lambda m: m.tiles[0] is JOKER and m.jokers == 2)
    reach(rst.melds(declare=None), lambda m: m.kind is MeldKind.GROUP and m.jokers > 0)
    reach(rst.tables(), lambda t: len(t) >= 5 and JOKER in t.tiles)
    reach(rst.editions(), lambda e: e.name == "custom" and e.max_jokers_per_meld == 1)


#: The Expert box's tiles under classic rules (``EDITIONS["expert"]`` once it is a preset).
EXPERT = CLASSIC.evolve(tile_set=EXPERT_SET, name="expert")
MIXED = CLASSIC.evolve(tile_set=TileSet(jokers=2, colored_jokers=1), name="mixed")


def _coloured_in(meld: Meld) -> bool:
    return any(t.is_colored_joker for t in meld.tiles)


def test_strategies_reach_coloured_jokers_where_they_fit() -> None:
    run = reach(rst.runs(EXPERT), _coloured_in)
    assert {t.color for t in run.tiles} == {run.tiles[0].color}
    group = reach(rst.groups(EXPERT), lambda m: _coloured_in(m) and m.jokers == 2)
    assert len({t.color for t in group.tiles}) == len(group)
    reach(rst.groups(MIXED), lambda m: JOKER in m.tiles and _coloured_in(m))
    reach(rst.tile_sets(), lambda s: s.colored_jokers > 0 and s.jokers > 0)
    reach(rst.editions(), lambda e: e.tile_set.colored_jokers > 0)
    reach(rst.melds(EXPERT, valid=False), _coloured_in)


def test_turns_reach_coloured_jokers_freed_and_broken() -> None:
    freed = reach(
        rst.turns(EXPERT, opened=True),
        lambda t: "free_joker" in t.moves and any(_coloured_in(m) for m in t.after.melds[-1:]),
    )
    assert check_turn(freed.before, freed.rack, freed.after, opened=True, edition=EXPERT).ok
    for code in (
        Code.FREED_JOKER_NEEDS_RACK_TILES,
        Code.FREED_JOKER_NOT_IN_NEW_MELD,
        Code.JOKER_RETRIEVAL_FORBIDDEN,
    ):
        broken = reach(
            rst.turns(MIXED, legal=False, breaks=code),
            lambda t: any(
                _coloured_in(m) and m not in t.before.melds for m in t.after.melds if m.jokers
            ),
        )
        verdict = check_turn(
            broken.before, broken.rack, broken.after, opened=broken.opened, edition=MIXED
        )
        assert code in verdict.codes


@pytest.mark.parametrize(
    "make",
    [
        lambda: rst.runs(min_size=2),
        lambda: rst.runs(max_size=2),
        lambda: rst.runs(min_size=14),
        lambda: rst.groups(min_size=5),
        lambda: rst.melds(jokers=-1),
        lambda: rst.tables(min_melds=3, max_melds=2),
        lambda: rst.editions(presets=False, custom=False),
        lambda: rst.tile_sets(min_colors=5),
        lambda: rst.groups(CLASSIC.evolve(tile_set=TileSet(colors="kr"))),
        lambda: rst.turns(opened=1),  # type: ignore[arg-type]
        lambda: rst.turns(legal="no"),  # type: ignore[arg-type]
    ],
)
def test_impossible_arguments_raise_invalid_argument(make: object) -> None:
    assert callable(make)
    with pytest.raises(InvalidArgument):
        make()


@given(
    st.from_type(Tile),
    st.from_type(Meld),
    st.from_type(Table),
    st.from_type(Edition),
    st.from_type(TileSet),
)
def test_types_resolve_through_from_type(
    tile: Tile, meld: Meld, table: Table, edition: Edition, tile_set: TileSet
) -> None:
    assert CLASSIC.tile_set.count(tile) >= 1
    assert meld.is_valid()
    assert table.is_valid()
    assert isinstance(edition, Edition)
    assert isinstance(tile_set, TileSet)


def test_registration_can_be_repeated() -> None:
    rst.register_type_strategies()
    _hypothesis_setup_hook()
    assert isinstance(st.from_type(Meld), st.SearchStrategy)


def test_strategies_import_first_in_a_fresh_interpreter() -> None:
    # Importing the strategies before Hypothesis runs the entry-point hook while the strategies
    # module is half imported: the hook must cope.
    code = (
        "import rummikub_rules.strategies as rst\n"
        "from hypothesis import find, strategies as st\n"
        "from rummikub_rules import Meld\n"
        "assert find(st.from_type(Meld), lambda m: True).is_valid()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


@st.composite
def _freed(draw: st.DrawFn, build: _Build) -> bool:
    """Whether the move freeing a table joker was made on ``build``."""
    return _free_joker(draw, build)


@given(st.data())
def test_a_table_joker_with_no_meld_to_go_into_is_not_freed(data: st.DataObject) -> None:
    """The move that frees a table joker puts the joker's tile from the rack in its place, then
    lays the joker in a new meld with rack tiles. Where no such meld can be made, the move is
    not made at all. It used to keep the tile in the joker's place and lose the joker: a turn
    drawn to break ``freed_joker_needs_rack_tiles`` alone then broke ``table_tile_removed``
    too (a hunt's seed 5027 of the everyday profile)."""
    table = list(parse_table("r4 j r6 | k1 k2 k3").melds)
    r5 = Tile(Color.RED, 5)
    build = _Build(CLASSIC, True, Counter({r5: 1}), list(table), list(table))
    assert not data.draw(_freed(build))
    assert build.after == table
    assert build.rack == []
    assert build.stock[r5] == 1
