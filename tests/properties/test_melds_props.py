"""Properties of meld readings (RULES.md section 2) over melds built by construction."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import assume, given
from hypothesis import strategies as st

from rummikub_rules import JOKER, Edition, Meld, MeldKind, Reading, Table, Tile
from rummikub_rules import strategies as rst

#: Presets, custom meld rules on the standard, XP, Expert and mixed sets, and small custom sets.
ANY_EDITION = st.one_of(rst.editions(), rst.editions(presets=False, tile_sets=rst.tile_sets()))


def reading_of_kind(meld: Meld, edition: Edition, kind: MeldKind) -> Reading:
    found = [r for r in meld.readings(edition) if r.kind is kind]
    assert len(found) == 1, (meld, meld.readings(edition))
    return found[0]


def assert_same_reading(actual: Reading, expected: Reading) -> None:
    assert actual.kind is expected.kind
    assert actual.value == expected.value
    assert len(actual.stands_for) == len(expected.stands_for)
    for got, want in zip(actual.stands_for, expected.stands_for, strict=True):
        assert len(set(got)) == len(got), "a joker's options are listed once each"
        assert set(got) == set(want)


def numbered_positions(meld: Meld) -> list[int]:
    return [i for i, t in enumerate(meld.tiles) if not t.is_joker]


def replace(meld: Meld, i: int, tile: Tile) -> Meld:
    return Meld((*meld.tiles[:i], tile, *meld.tiles[i + 1 :]), meld.kind)


# --- Built melds read as built -------------------------------------------------------------------


@given(ANY_EDITION, st.data())
def test_built_meld_reads_with_the_right_joker_values_and_value(
    edition: Edition, data: st.DataObject
) -> None:
    meld, expected = data.draw(rst.melds_with_readings(edition, declare=None))
    assert meld.is_valid(edition)
    assert meld.problem(edition) is None
    assert_same_reading(reading_of_kind(meld, edition, expected.kind), expected)
    readings = meld.readings(edition)
    if meld.kind is not None or len(numbered_positions(meld)) >= 2:
        assert len(readings) == 1
    assert meld.value(edition) == max(r.value for r in readings)


@given(ANY_EDITION, st.data())
def test_run_jokers_stand_for_their_position(edition: Edition, data: st.DataObject) -> None:
    meld, expected = data.draw(rst.runs_with_readings(edition))
    reading = reading_of_kind(meld, edition, MeldKind.RUN)
    assert reading.color is meld.tiles[numbered_positions(meld)[0]].color
    numbers = [options[0].number for options in reading.stands_for]
    assert all(len(options) == 1 for options in reading.stands_for)
    lo, hi = edition.tile_set.numbers[0], edition.tile_set.numbers[-1]
    for before, after in itertools.pairwise(numbers):
        assert before is not None
        assert after == before + 1 or (before == hi and after == lo)
    for tile, options in zip(meld.tiles, reading.stands_for, strict=True):
        assert tile.is_joker or options == (tile,)
    assert reading.value == sum(n or 0 for n in numbers)
    assert reading.stands_for == expected.stands_for


@given(ANY_EDITION, st.data())
def test_group_jokers_stand_for_the_missing_colors_or_their_own(
    edition: Edition, data: st.DataObject
) -> None:
    meld, _ = data.draw(rst.groups_with_readings(edition))
    reading = reading_of_kind(meld, edition, MeldKind.GROUP)
    number = meld.tiles[numbered_positions(meld)[0]].number
    assert reading.number == number
    assert number is not None
    assert reading.value == number * len(meld)
    used = {t.color for t in meld.tiles if t.color is not None}  # coloured jokers' too
    for tile, options in zip(meld.tiles, reading.stands_for, strict=True):
        if not tile.is_joker:
            assert options == (tile,)
        elif tile.color is not None:  # a coloured joker stands for its colour's tile
            assert options == (Tile(tile.color, number),)
        elif edition.group_colors_distinct:
            assert {t.color for t in options} == set(edition.tile_set.colors) - used
        else:
            assert {t.color for t in options} == set(edition.tile_set.colors)


# --- Breaking one rule makes a meld invalid ------------------------------------------------------


@given(ANY_EDITION, st.data())
def test_recolored_run_tile_breaks_the_run(edition: Edition, data: st.DataObject) -> None:
    meld = data.draw(rst.runs(edition, declare=None))
    real = numbered_positions(meld)
    assume(len(real) >= 2)
    i = data.draw(st.sampled_from(real))
    tile = meld.tiles[i]
    other = data.draw(st.sampled_from([c for c in edition.tile_set.colors if c is not tile.color]))
    assert tile.number is not None
    assert not replace(meld, i, Tile(other, tile.number)).is_valid(edition)


@given(ANY_EDITION, st.data())
def test_run_with_a_skipped_number_is_not_a_run(edition: Edition, data: st.DataObject) -> None:
    meld = data.draw(rst.runs(edition, declare=None))
    real = numbered_positions(meld)
    assume(len(real) >= 2)
    used = {meld.tiles[i].number for i in real}
    unused = [n for n in edition.tile_set.numbers if n not in used]
    assume(unused)
    i = data.draw(st.sampled_from(real))
    color = meld.tiles[i].color
    assert color is not None
    assert not replace(meld, i, Tile(color, data.draw(st.sampled_from(unused)))).is_valid(edition)


@given(ANY_EDITION, st.data())
def test_repeated_color_breaks_a_group_with_distinct_colors(
    edition: Edition, data: st.DataObject
) -> None:
    edition = edition.evolve(group_colors_distinct=True)
    meld = data.draw(rst.groups(edition, declare=None))
    real = numbered_positions(meld)
    assume(len(real) >= 2)
    i, j = data.draw(st.permutations(real))[:2]
    number = meld.tiles[i].number
    assert number is not None
    color = meld.tiles[j].color
    assert color is not None
    spoilt = replace(meld, i, Tile(color, number))
    assert not spoilt.is_valid(edition)
    assert spoilt.is_valid(edition.evolve(group_colors_distinct=False))


@given(ANY_EDITION, st.data())
def test_meld_cut_to_fewer_than_three_tiles_is_invalid(
    edition: Edition, data: st.DataObject
) -> None:
    meld = data.draw(rst.melds(edition, declare=None))
    keep = data.draw(st.integers(0, 2))
    order = data.draw(st.permutations(range(len(meld))))
    cut = Meld([meld.tiles[i] for i in sorted(order[:keep])], meld.kind)
    assert not cut.is_valid(edition)


@given(ANY_EDITION, st.data())
def test_meld_of_only_jokers_is_invalid(edition: Edition, data: st.DataObject) -> None:
    meld = data.draw(rst.melds(edition, declare=None))
    assert not Meld([JOKER] * len(meld), meld.kind).is_valid(edition)


@given(ANY_EDITION, st.data())
def test_max_jokers_per_meld_one_below_the_jokers_held_breaks_the_meld(
    edition: Edition, data: st.DataObject
) -> None:
    meld = data.draw(rst.melds(edition, declare=None))
    assume(meld.jokers >= 1)
    assert meld.is_valid(edition.evolve(max_jokers_per_meld=meld.jokers))
    assert not meld.is_valid(edition.evolve(max_jokers_per_meld=meld.jokers - 1))


@given(ANY_EDITION, st.data())
def test_run_longer_than_the_set_numbers_is_invalid(edition: Edition, data: st.DataObject) -> None:
    span = len(edition.tile_set.numbers)
    meld = data.draw(rst.runs(edition, min_size=span, declare=None))
    extra = data.draw(rst.tiles(edition))
    where = data.draw(st.integers(0, span))
    # Declared a run: undeclared, a few tiles with jokers may read as a group (b3 j j k3).
    longer = Meld((*meld.tiles[:where], extra, *meld.tiles[where:]), MeldKind.RUN)
    assert not longer.is_valid(edition)


@given(ANY_EDITION, st.data())
def test_group_larger_than_the_set_colors_is_invalid(edition: Edition, data: st.DataObject) -> None:
    size = len(edition.tile_set.colors)
    meld = data.draw(rst.groups(edition, min_size=size))
    number = meld.tiles[numbered_positions(meld)[0]].number
    assert number is not None
    extra = data.draw(st.sampled_from([JOKER, *(Tile(c, number) for c in edition.tile_set.colors)]))
    larger = Meld((*meld.tiles, extra), MeldKind.GROUP)
    assert not larger.is_valid(edition)
    if len(numbered_positions(larger)) >= 2:  # then it cannot be read as a run either
        assert not larger.with_kind(None).is_valid(edition)


# --- Order ---------------------------------------------------------------------------------------


@given(ANY_EDITION, st.data())
def test_group_tile_order_never_changes_validity_or_equality(
    edition: Edition, data: st.DataObject
) -> None:
    meld = data.draw(rst.groups(edition, declare=None))
    shuffled = Meld(data.draw(st.permutations(meld.tiles)), meld.kind)
    assert shuffled.is_valid(edition)
    before = reading_of_kind(meld, edition, MeldKind.GROUP)
    after = reading_of_kind(shuffled, edition, MeldKind.GROUP)
    assert before.value == after.value
    assert Counter(frozenset(o) for o in before.stands_for) == Counter(
        frozenset(o) for o in after.stands_for
    )
    if meld.kind is MeldKind.GROUP or len(numbered_positions(meld)) >= 2:
        assert shuffled == meld
        assert hash(shuffled) == hash(meld)


@given(ANY_EDITION, st.data())
def test_group_tile_order_never_changes_validity_of_any_meld_of_one_number(
    edition: Edition, data: st.DataObject
) -> None:
    number = data.draw(st.sampled_from(edition.tile_set.numbers))
    tiles = data.draw(
        st.lists(
            st.sampled_from([JOKER, *(Tile(c, number) for c in edition.tile_set.colors)]),
            min_size=2,
            max_size=6,
        )
    )
    assume(sum(not t.is_joker for t in tiles) >= 2)
    meld = Meld(tiles)
    shuffled = Meld(data.draw(st.permutations(tiles)))
    assert shuffled.is_valid(edition) == meld.is_valid(edition)
    assert shuffled == meld


@given(ANY_EDITION, st.data())
def test_table_equality_ignores_meld_order_and_group_tile_order(
    edition: Edition, data: st.DataObject
) -> None:
    table = data.draw(rst.tables(edition, declare=None))
    melds = []
    for meld in data.draw(st.permutations(table.melds)):
        if meld.kind is MeldKind.GROUP or (
            meld.kind is None
            and len({t.number for t in meld if not t.is_joker}) == 1
            and len(numbered_positions(meld)) >= 2
        ):
            meld = Meld(data.draw(st.permutations(meld.tiles)), meld.kind)
        melds.append(meld)
    shuffled = Table(melds)
    assert shuffled == table
    assert hash(shuffled) == hash(table)
    assert Counter(shuffled.tiles) == Counter(table.tiles)
