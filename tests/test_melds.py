"""Melds, their readings under an edition, and tables (RULES.md section 2)."""

from __future__ import annotations

import pickle

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    XP_SET,
    Color,
    Edition,
    Meld,
    MeldKind,
    Reading,
    RunWrap,
    Table,
    Tile,
    TileSet,
    parse_meld,
    parse_table,
    parse_tiles,
)

BLACK, RED, BLUE, ORANGE = Color.BLACK, Color.RED, Color.BLUE, Color.ORANGE
ONE_HIGH = CLASSIC.evolve(run_wrap=RunWrap.ONE_HIGH)
FULL_WRAP = CLASSIC.evolve(run_wrap=RunWrap.FULL)
REPEATED_COLORS = CLASSIC.evolve(group_colors_distinct=False)
SMALL_SET = TileSet(colors="krb", numbers=range(1, 7), copies=1, jokers=1)
SMALL = CLASSIC.evolve(tile_set=SMALL_SET, deal_size=5)
ALL_WRAPS = [CLASSIC, ONE_HIGH, FULL_WRAP]


def only_reading(text: str, edition: Edition = CLASSIC) -> Reading:
    readings = parse_meld(text).readings(edition)
    assert len(readings) == 1, readings
    return readings[0]


def run_numbers(reading: Reading) -> list[int | None]:
    assert reading.kind is MeldKind.RUN
    assert all(len(options) == 1 for options in reading.stands_for)
    return [options[0].number for options in reading.stands_for]


def valid(text: str, edition: Edition = CLASSIC) -> bool:
    return parse_meld(text).is_valid(edition)


# --- Runs ----------------------------------------------------------------------------------------


def test_run_is_consecutive_numbers_of_one_color() -> None:
    reading = only_reading("b3 b4 b5")
    assert reading.kind is MeldKind.RUN
    assert reading.color is Color.BLUE
    assert reading.number is None
    assert reading.stands_for == ((Tile(BLUE, 3),), (Tile(BLUE, 4),), (Tile(BLUE, 5),))
    assert reading.value == 12


@pytest.mark.parametrize("text", ["b3 b4 b6", "b3 b5 b4", "b3 b3 b4", "b5 b4 b3 b2"])
def test_run_has_no_gaps_and_rises_in_table_order(text: str) -> None:
    assert not valid(text)


def test_run_is_one_color() -> None:
    assert not valid("b3 r4 b5")
    assert not valid("b3 b4 o5")


def test_run_joker_between_stands_for_the_gap() -> None:
    reading = only_reading("r9 j r11")
    assert reading.stands_for[1] == (Tile(RED, 10),)
    assert reading.value == 30


def test_run_joker_at_the_end_stands_for_the_next_number() -> None:
    assert run_numbers(only_reading("r9 r10 j")) == [9, 10, 11]


def test_run_joker_at_the_start_stands_for_the_number_before() -> None:
    assert run_numbers(only_reading("j r9 r10")) == [8, 9, 10]


def test_run_several_jokers_take_their_positions() -> None:
    assert run_numbers(only_reading("j r3 j j r6 j")) == [2, 3, 4, 5, 6, 7]
    assert run_numbers(only_reading("k1 j j j j")) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("edition", [CLASSIC, FULL_WRAP], ids=str)
def test_run_joker_never_stands_for_14(edition: Edition) -> None:
    assert not valid("r12 r13 j", CLASSIC)
    assert run_numbers(only_reading("j r12 r13", edition)) == [11, 12, 13]


def test_run_joker_never_stands_for_0() -> None:
    assert not valid("j r1 r2")
    assert run_numbers(only_reading("r1 r2 j")) == [1, 2, 3]


@pytest.mark.parametrize("text", ["r12 r13 r1", "r13 r1 r2", "r11 r12 r13 r1 r2", "r13 j r2"])
def test_run_wrap_none_one_is_only_low(text: str) -> None:
    assert CLASSIC.run_wrap is RunWrap.NONE
    assert not valid(text)


def test_run_wrap_one_high_allows_one_after_thirteen() -> None:
    reading = only_reading("r12 r13 r1", ONE_HIGH)
    assert run_numbers(reading) == [12, 13, 1]
    assert reading.color is Color.RED


def test_run_wrap_one_high_joker_may_stand_for_the_high_one() -> None:
    assert run_numbers(only_reading("r12 r13 j", ONE_HIGH)) == [12, 13, 1]
    assert run_numbers(only_reading("run: j j r1", ONE_HIGH)) == [12, 13, 1]


@pytest.mark.parametrize("text", ["r13 r1 r2", "r12 r13 r1 r2", "r13 r1 j", "j r1 r2"])
def test_run_wrap_one_high_never_goes_past_the_high_one(text: str) -> None:
    assert not valid(text, ONE_HIGH)


def test_run_wrap_one_high_still_allows_low_runs() -> None:
    assert run_numbers(only_reading("r1 r2 r3", ONE_HIGH)) == [1, 2, 3]
    assert valid("r11 r12 r13", ONE_HIGH)


def test_run_wrap_full_allows_runs_around_thirteen() -> None:
    reading = only_reading("r11 r12 r13 r1 r2", FULL_WRAP)
    assert run_numbers(reading) == [11, 12, 13, 1, 2]
    assert reading.value == 11 + 12 + 13 + 1 + 2
    assert valid("r12 r13 r1", FULL_WRAP)
    assert valid("r13 r1 r2", FULL_WRAP)
    assert run_numbers(only_reading("r13 j r2", FULL_WRAP)) == [13, 1, 2]
    assert run_numbers(only_reading("r12 r13 j", FULL_WRAP)) == [12, 13, 1]


def test_run_wrap_full_still_needs_consecutive_numbers() -> None:
    assert not valid("r12 r13 r2", FULL_WRAP)
    assert not valid("r13 r12 r11", FULL_WRAP)


@pytest.mark.parametrize("edition", ALL_WRAPS, ids=lambda e: str(e.run_wrap))
def test_run_of_13_is_the_longest(edition: Edition) -> None:
    full = " ".join(f"o{n}" for n in range(1, 14))
    assert valid(full, edition)
    assert only_reading(full, edition).value == sum(range(1, 14))
    assert not valid(full + " j", edition)
    assert not valid("j " + full, edition)
    assert not valid(full + " o1", edition)


def test_run_wrap_full_13_tiles_may_start_anywhere() -> None:
    numbers = [(5 + i) % 13 + 1 for i in range(13)]  # 6..13, 1..5
    text = " ".join(f"k{n}" for n in numbers)
    assert run_numbers(only_reading(text, FULL_WRAP)) == numbers
    assert not valid(text)
    assert not valid(text + " j", FULL_WRAP)


def test_run_wrap_one_high_13_tiles_ending_with_one() -> None:
    text = " ".join(f"b{n}" for n in [*range(2, 14), 1])
    assert valid(text, ONE_HIGH)
    assert not valid(text)


# --- Groups --------------------------------------------------------------------------------------


def test_group_is_one_number_in_different_colors() -> None:
    reading = only_reading("k9 r9 b9")
    assert reading.kind is MeldKind.GROUP
    assert reading.number == 9
    assert reading.color is None
    assert reading.value == 27


def test_group_of_four_colors_is_the_largest() -> None:
    assert valid("k7 r7 b7 o7")
    assert not valid("k7 r7 b7 o7 j")
    assert not valid("k7 r7 b7 o7 j", REPEATED_COLORS)
    assert not valid("k7 r7 b7 o7 k7", XP_SET_EDITION)


XP_SET_EDITION = EDITIONS["xp"]


@pytest.mark.parametrize("edition", [CLASSIC, XP_SET_EDITION], ids=str)
def test_two_red_sevens_are_never_a_group(edition: Edition) -> None:
    assert edition.tile_set.copies >= 2
    assert not valid("r7 r7 k7", edition)
    assert not valid("r7 k7 r7 b7", edition)
    assert not valid("r7 r7 j", edition)


def test_group_is_one_number() -> None:
    assert not valid("k7 r8 b7")
    assert not valid("group: k7 r8 b9")


def test_group_joker_stands_for_either_missing_color() -> None:
    reading = only_reading("k7 r7 j")
    assert reading.kind is MeldKind.GROUP
    assert set(reading.stands_for[2]) == {Tile(BLUE, 7), Tile(ORANGE, 7)}
    assert reading.stands_for[:2] == ((Tile(BLACK, 7),), (Tile(RED, 7),))
    assert reading.value == 21


def test_group_of_four_joker_stands_for_the_one_missing_color() -> None:
    reading = only_reading("k7 r7 j o7")
    assert reading.stands_for[2] == (Tile(BLUE, 7),)
    assert reading.value == 28


def test_group_order_does_not_matter() -> None:
    assert only_reading("j o7 k7").stands_for[0] == only_reading("k7 j o7").stands_for[1]
    assert valid("o5 b5 k5")


def test_group_colors_distinct_false_allows_repeated_colors() -> None:
    assert not REPEATED_COLORS.group_colors_distinct
    reading = only_reading("r7 r7 k7", REPEATED_COLORS)
    assert reading.kind is MeldKind.GROUP
    assert reading.value == 21
    assert valid("r7 r7 r7 r7", REPEATED_COLORS)
    assert not valid("r7 r7 r7 r7 r7", REPEATED_COLORS)


def test_group_colors_distinct_false_joker_may_stand_for_any_color() -> None:
    reading = only_reading("r7 r7 j", REPEATED_COLORS)
    assert set(reading.stands_for[2]) == {Tile(c, 7) for c in Color}


def test_group_size_is_bounded_by_the_sets_colors() -> None:
    assert valid("k3 r3 b3", SMALL)
    assert not valid("k3 r3 b3 j", SMALL)
    assert set(only_reading("k3 j b3", SMALL).stands_for[1]) == {Tile(RED, 3)}


# --- Jokers, ambiguity and value -----------------------------------------------------------------


def test_one_numbered_tile_and_jokers_read_as_run_or_group() -> None:
    readings = parse_meld("r5 j j").readings()
    assert [r.kind for r in readings] == [MeldKind.RUN, MeldKind.GROUP]
    run, group = readings
    assert run_numbers(run) == [5, 6, 7]
    assert run.value == 18
    assert group.value == 15
    assert set(group.stands_for[1]) == {Tile(c, 5) for c in (BLACK, BLUE, ORANGE)}


def test_ambiguous_meld_value_is_the_higher_reading() -> None:
    assert parse_meld("r5 j j").value() == 18
    assert parse_meld("j j r5").value() == 15  # r3 r4 r5 = 12 or 5 5 5 = 15


def test_declared_kind_keeps_only_that_reading() -> None:
    assert [r.kind for r in parse_meld("run: r5 j j").readings()] == [MeldKind.RUN]
    assert [r.kind for r in parse_meld("group: r5 j j").readings()] == [MeldKind.GROUP]
    assert parse_meld("group: r5 j j").value() == 15
    assert not parse_meld("group: r5 r6 r7").is_valid()
    assert not parse_meld("run: k5 r5 b5").is_valid()


@pytest.mark.parametrize(("text", "value"), [("r9 j r11", 30), ("k9 r9 b9", 27), ("r8 j r10", 27)])
def test_meld_value_is_the_sum_of_what_its_tiles_stand_for(text: str, value: int) -> None:
    assert parse_meld(text).value() == value
    assert only_reading(text).value == value


def test_readings_share_what_a_numbered_tile_stands_for() -> None:
    """A numbered tile stands for itself in every reading: one tuple the process shares, not
    one per reading (the readings are kept, and the garbage collector walks what is kept)."""
    run, other_run, group = (
        parse_meld(text).reading() for text in ("r5 r6 r7", "r4 r5 r6", "k5 r5 b5")
    )
    assert run is not None
    assert other_run is not None
    assert group is not None
    assert run.stands_for[0] == (Tile(Color.RED, 5),)
    assert run.stands_for[0] is other_run.stands_for[1]
    assert any(alone is run.stands_for[0] for alone in group.stands_for)


def test_invalid_meld_has_no_reading_and_no_value() -> None:
    meld = parse_meld("r12 r13 j")
    assert meld.readings() == ()
    assert meld.reading() is None
    assert meld.value() is None


@pytest.mark.parametrize("edition", [CLASSIC, REPEATED_COLORS, FULL_WRAP], ids=str)
@pytest.mark.parametrize("text", ["j j j", "j j j j", "run: j j j", "group: j j j"])
def test_meld_needs_at_least_one_numbered_tile(edition: Edition, text: str) -> None:
    assert not valid(text, edition)


@pytest.mark.parametrize("text", ["r5 r6", "r5 j", "r5", "j j", "k5 r5"])
def test_meld_needs_at_least_three_tiles(text: str) -> None:
    assert not valid(text)
    assert not valid(text, FULL_WRAP)
    assert not valid(text, REPEATED_COLORS)


def test_empty_meld_is_not_valid() -> None:
    assert not Meld(()).is_valid()


def test_several_jokers_allowed_by_default() -> None:
    assert CLASSIC.max_jokers_per_meld is None
    assert valid("r5 j j")
    assert valid("k5 j j j")
    assert valid("j r2 j j j")


def test_max_jokers_per_meld_caps_jokers() -> None:
    one = CLASSIC.evolve(max_jokers_per_meld=1)
    assert valid("r5 j r7", one)
    assert valid("k5 r5 j", one)
    assert not valid("r5 j j", one)
    assert not valid("j r5 j", one)
    assert not valid("k5 j j", one)
    none = CLASSIC.evolve(max_jokers_per_meld=0)
    assert valid("r5 r6 r7", none)
    assert not valid("r5 j r7", none)
    assert not valid("k5 r5 j", none)


def test_custom_small_set_runs_stay_within_its_numbers() -> None:
    assert valid("r4 r5 r6", SMALL)
    assert not valid("r5 r6 j", SMALL)  # the joker would be r7, which the set lacks
    assert run_numbers(only_reading("j r5 r6", SMALL)) == [4, 5, 6]
    assert valid(" ".join(f"k{n}" for n in range(1, 7)), SMALL)
    assert not valid(" ".join(f"k{n}" for n in range(1, 7)) + " j", SMALL)


def test_custom_small_set_wraps_at_its_highest_number() -> None:
    assert run_numbers(only_reading("r5 r6 r1", SMALL.evolve(run_wrap="one_high"))) == [5, 6, 1]
    assert run_numbers(only_reading("r6 j r2", SMALL.evolve(run_wrap="full"))) == [6, 1, 2]
    assert not valid("r5 r6 r1", SMALL)


# --- Problems ------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["r9 j r11", "k9 r9 b9", "r5 j j"])
def test_valid_meld_has_no_problem(text: str) -> None:
    assert parse_meld(text).problem() is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("r5 r6", "at least 3"),
        ("j j j", "numbered tile"),
        ("r7 r7 k7", "colour"),
        ("b3 r4 b5", "colour"),
        ("k7 r7 b7 o7 j", "at most one per colour"),
        ("r12 r13 j", "not a run"),
    ],
)
def test_invalid_meld_problem_says_why(text: str, words: str) -> None:
    problem = parse_meld(text).problem()
    assert problem is not None
    assert words in problem
    assert text in problem


def test_problem_names_the_joker_cap() -> None:
    problem = parse_meld("r5 j j").problem(CLASSIC.evolve(max_jokers_per_meld=1))
    assert problem is not None
    assert "1 joker" in problem


# --- Meld values ---------------------------------------------------------------------------------


def test_meld_holds_tiles_in_order_as_a_tuple() -> None:
    meld = Meld([Tile(RED, 1), JOKER, Tile(RED, 3)])
    assert meld.tiles == (Tile(RED, 1), JOKER, Tile(RED, 3))
    assert list(meld) == list(meld.tiles)
    assert len(meld) == 3
    assert meld.jokers == 1
    assert meld.kind is None


def test_meld_rejects_non_tiles() -> None:
    with pytest.raises(TypeError):
        Meld(["r7", "r8", "r9"])  # type: ignore[list-item]


def test_meld_kind_converts_from_text() -> None:
    assert Meld(parse_tiles("r5 j j"), "group").kind is MeldKind.GROUP
    with pytest.raises(ValueError, match="pair"):
        Meld(parse_tiles("r5 j j"), "pair")


def test_run_equality_depends_on_order() -> None:
    assert parse_meld("r7 r8 r9") == parse_meld("r7 r8 r9")
    assert parse_meld("r7 r8 r9") != parse_meld("r9 r8 r7")
    assert parse_meld("r5 j j") != parse_meld("j j r5")


def test_group_equality_ignores_order() -> None:
    assert parse_meld("k5 b5 o5") == parse_meld("o5 k5 b5")
    assert hash(parse_meld("k5 b5 o5")) == hash(parse_meld("o5 k5 b5"))
    assert parse_meld("k5 j o5") == parse_meld("j o5 k5")
    assert parse_meld("group: r5 j j") == parse_meld("group: j r5 j")


def test_declared_kind_is_part_of_equality() -> None:
    assert parse_meld("run: r7 r8 r9") != parse_meld("r7 r8 r9")
    assert parse_meld("run: r5 j j") != parse_meld("group: r5 j j")
    assert parse_meld("r7 r8 r9").with_kind(MeldKind.RUN) == parse_meld("run: r7 r8 r9")
    assert parse_meld("run: r7 r8 r9").with_kind(None) == parse_meld("r7 r8 r9")


def test_meld_is_not_equal_to_other_types() -> None:
    assert parse_meld("r7 r8 r9") != "r7 r8 r9"
    assert parse_table("r7 r8 r9") != parse_meld("r7 r8 r9")


# --- Tables --------------------------------------------------------------------------------------


def test_table_equals_any_table_with_the_same_melds() -> None:
    a = parse_table("r7 r8 r9 | k5 b5 o5 | j r2 r3")
    b = parse_table("o5 k5 b5 | j r2 r3 | r7 r8 r9")
    assert a == b
    assert hash(a) == hash(b)


def test_table_counts_repeated_melds() -> None:
    assert parse_table("r1 r2 r3 | r1 r2 r3") != parse_table("r1 r2 r3")
    assert parse_table("r1 r2 r3 | r1 r2 r3") == parse_table("r1 r2 r3\nr1 r2 r3")


def test_table_run_order_still_matters() -> None:
    assert parse_table("r7 r8 j") != parse_table("j r7 r8")


def test_table_tiles_and_validity() -> None:
    table = parse_table("r9 j r11 | k5 b5 j")
    assert table.tiles == parse_tiles("r9 j r11 k5 b5 j")
    assert table.is_valid()
    assert len(table) == 2
    assert bool(table)
    assert list(table) == list(table.melds)
    assert not parse_table("r9 j r11 | r12 r13 j").is_valid()
    assert parse_table("r12 r13 j").is_valid(ONE_HIGH)


def test_empty_table() -> None:
    empty = Table()
    assert not empty
    assert empty.tiles == ()
    assert empty.is_valid()
    assert empty == parse_table("")


def test_table_rejects_non_melds() -> None:
    with pytest.raises(TypeError):
        Table(["r7 r8 r9"])  # type: ignore[list-item]


def test_readings_accept_every_preset() -> None:
    for edition in EDITIONS.values():
        assert run_numbers(only_reading("r9 j r11", edition)) == [9, 10, 11]
        assert not valid("r12 r13 r1", edition)
    assert parse_meld("r9 j r11").readings() == parse_meld("r9 j r11").readings(CLASSIC)
    assert Tile(RED, 10) in XP_SET.distinct_tiles()


# --- Coloured jokers (RULES.md section 2) --------------------------------------------------------

EXPERT_RULES = CLASSIC.evolve(tile_set=TileSet(jokers=0, colored_jokers=2))
REPEATED_COLORS_EXPERT = EXPERT_RULES.evolve(group_colors_distinct=False)


@pytest.mark.parametrize(
    ("text", "kind", "stands_for"),
    [
        ("r5 jr r7", MeldKind.RUN, ["r5", "r6", "r7"]),
        ("k5 b5 jr", MeldKind.GROUP, ["k5", "b5", "r5"]),
        ("k5 jr jb", MeldKind.GROUP, ["k5", "r5", "b5"]),
        ("r5 r6 jr jr", MeldKind.RUN, ["r5", "r6", "r7", "r8"]),
        ("jr r5 r6", MeldKind.RUN, ["r4", "r5", "r6"]),
    ],
)
def test_colored_joker_stands_only_for_a_tile_of_its_color(
    text: str, kind: MeldKind, stands_for: list[str]
) -> None:
    reading = only_reading(text, EXPERT_RULES)
    assert reading.kind is kind
    assert [" ".join(str(t) for t in options) for options in reading.stands_for] == stands_for


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("b5 jr b7", "jr stands only for a red tile, and this run is blue."),
        ("k5 r5 jr", "jr stands only for a red tile, and this group has one already."),
        ("k5 jr jr", "jr stands only for a red tile: as a run it is black, and as a group it has"),
        ("jr jr jr", "only jokers; a meld needs at least one numbered tile"),
        ("r5 r6 jb jr", "jb stands only for a blue tile, and this run is red."),
    ],
)
def test_colored_joker_out_of_its_color_is_no_meld(text: str, message: str) -> None:
    meld = parse_meld(text)
    assert not meld.is_valid(EXPERT_RULES)
    problem = meld.problem(EXPERT_RULES)
    assert problem is not None
    assert message in problem


def test_plain_and_colored_jokers_share_a_group() -> None:
    reading = only_reading("k5 j jr", EXPERT_RULES)
    assert [" ".join(str(t) for t in options) for options in reading.stands_for] == [
        "k5",
        "b5 o5",
        "r5",
    ]
    assert reading.value == 15


def test_colored_joker_of_a_color_the_set_lacks_is_no_meld() -> None:
    three_colors = CLASSIC.evolve(tile_set=TileSet(colors="krb", jokers=0, colored_jokers=2))
    meld = parse_meld("k5 b5 jo")
    assert not meld.is_valid(three_colors)
    assert "the set has no tile of that colour" in (meld.problem(three_colors) or "")


def test_colored_joker_may_repeat_its_color_where_group_colors_may_repeat() -> None:
    reading = only_reading("k5 r5 jr", REPEATED_COLORS_EXPERT)
    assert reading.kind is MeldKind.GROUP
    assert reading.stands_for[2] == (Tile(RED, 5),)


def test_a_pickled_meld_leaves_the_readings_it_keeps_behind() -> None:
    meld = parse_meld("run: r5 j j")
    plain = len(pickle.dumps(meld))
    for name in ("classic", "xp", "expert"):
        meld.readings(EDITIONS[name])
    copy = pickle.loads(pickle.dumps(meld))
    assert len(pickle.dumps(meld)) == plain  # no edition, no reading travels with it
    assert copy == meld
    assert copy.kind is MeldKind.RUN
    assert copy.jokers == 2
    assert copy.readings(CLASSIC) == meld.readings(CLASSIC)


def test_a_pickled_table_equals_the_table_and_its_tiles_are_the_shared_ones() -> None:
    table = parse_table("r1 r2 r3 | k5 b5 o5 jr | j r8 r9")
    assert hash(table) == hash(table)  # works out what it keeps for comparing
    copy = pickle.loads(pickle.dumps(table))
    assert copy == table
    assert all(tile is Tile.from_index(tile.index) for meld in copy.melds for tile in meld.tiles)
