"""Tiles and tile sets (RULES.md section 1)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummikub_rules import JOKER, STANDARD_SET, XP_SET, Color, RummikubError, Tile, TileSet
from rummikub_rules.tiles import EXPERT_SET, MAX_COPIES, MAX_JOKERS, shared_tile

RED_7 = Tile(Color.RED, 7)


# --- Colours -------------------------------------------------------------------------------------


def test_colors_are_black_red_blue_orange_with_their_letters() -> None:
    assert {c.name: c.value for c in Color} == {
        "BLACK": "k",
        "RED": "r",
        "BLUE": "b",
        "ORANGE": "o",
    }
    assert [str(c) for c in Color] == ["k", "r", "b", "o"]


def test_color_rank_is_black_red_blue_orange() -> None:
    assert [c.rank for c in (Color.BLACK, Color.RED, Color.BLUE, Color.ORANGE)] == [0, 1, 2, 3]


def test_color_is_a_str_enum_comparing_equal_to_its_letter() -> None:
    letter: str = "r"
    assert letter == Color.RED
    assert Color("o") is Color.ORANGE


# --- Tiles ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 7, 13])
def test_tile_numbers_run_from_1_to_13(number: int) -> None:
    tile = Tile(Color.BLUE, number)
    assert tile.number == number
    assert tile.color is Color.BLUE
    assert not tile.is_joker


@pytest.mark.parametrize("number", [0, 14, -1, 100])
def test_tile_number_outside_1_to_13_is_rejected(number: int) -> None:
    with pytest.raises(ValueError, match=r"1\.\.13"):
        Tile(Color.RED, number)


@pytest.mark.parametrize("number", [7.0, "7", True])
def test_tile_number_must_be_an_int(number: Any) -> None:
    with pytest.raises(TypeError, match="number"):
        Tile(Color.RED, number)


@pytest.mark.parametrize(("color", "number"), [("r", 7), (None, 7), ("r", None)])
def test_tile_needs_a_color_and_a_number_or_no_number(color: Any, number: Any) -> None:
    with pytest.raises((TypeError, ValueError)):
        Tile(color, number)


def test_joker_has_no_color_no_number_and_no_value_of_its_own() -> None:
    assert JOKER.is_joker
    assert JOKER.color is None
    assert JOKER.number is None
    assert JOKER.value == 0
    assert Tile(None, None) == JOKER


def test_tile_value_is_its_number() -> None:
    assert [Tile(Color.BLACK, n).value for n in (1, 9, 13)] == [1, 9, 13]


def test_two_copies_of_a_tile_are_the_same_tile() -> None:
    assert Tile(Color.RED, 7) == RED_7
    assert hash(Tile(Color.RED, 7)) == hash(RED_7)
    assert Counter([RED_7, Tile(Color.RED, 7), JOKER, Tile(None, None)]) == {RED_7: 2, JOKER: 2}


def test_tiles_differ_by_color_or_number() -> None:
    assert Tile(Color.ORANGE, 7) != RED_7
    assert Tile(Color.RED, 8) != RED_7
    assert RED_7 != JOKER


def test_tiles_sort_by_color_then_number_with_jokers_last() -> None:
    mixed = [JOKER, Tile(Color.ORANGE, 1), Tile(Color.BLACK, 13), Tile(Color.RED, 2)]
    mixed += [Tile(Color.BLACK, 2), Tile(Color.BLUE, 5)]
    assert sorted(mixed) == [
        Tile(Color.BLACK, 2),
        Tile(Color.BLACK, 13),
        Tile(Color.RED, 2),
        Tile(Color.BLUE, 5),
        Tile(Color.ORANGE, 1),
        JOKER,
    ]


def test_tile_comparisons_agree_with_sort_key() -> None:
    low, high = Tile(Color.BLACK, 9), Tile(Color.RED, 1)
    assert low < high
    assert low <= high
    assert high > low
    assert high >= low
    assert low <= Tile(Color.BLACK, 9) <= low
    assert high < JOKER


def test_tile_does_not_order_against_other_types() -> None:
    with pytest.raises(TypeError):
        _ = RED_7 < 7  # type: ignore[operator]


def test_tile_str_is_notation() -> None:
    assert str(RED_7) == "r7"
    assert str(Tile(Color.BLACK, 13)) == "k13"
    assert str(Tile(Color.ORANGE, 1)) == "o1"
    assert str(JOKER) == "j"


def test_tile_repr_pastes_back_into_python() -> None:
    namespace = {"Tile": Tile, "Color": Color, "JOKER": JOKER}
    for tile in (RED_7, Tile(Color.ORANGE, 13), JOKER):
        assert eval(repr(tile), namespace) == tile
    assert repr(RED_7) == "Tile(Color.RED, 7)"
    assert repr(JOKER) == "JOKER"


def test_tiles_are_immutable() -> None:
    with pytest.raises(AttributeError):
        RED_7.number = 8  # type: ignore[misc]


# --- Tile sets -----------------------------------------------------------------------------------


def test_standard_set_has_106_tiles_two_copies_and_two_jokers() -> None:
    assert STANDARD_SET.colors == (Color.BLACK, Color.RED, Color.BLUE, Color.ORANGE)
    assert STANDARD_SET.numbers == tuple(range(1, 14))
    assert STANDARD_SET.copies == 2
    assert STANDARD_SET.jokers == 2
    assert STANDARD_SET.size == 106
    assert len(STANDARD_SET.all_tiles()) == 106


def test_xp_set_has_156_numbered_tiles_and_4_jokers() -> None:
    assert XP_SET.copies == 3
    assert XP_SET.jokers == 4
    assert XP_SET.size == 160
    everything = XP_SET.all_tiles()
    assert len(everything) == 160
    assert sum(1 for t in everything if not t.is_joker) == 156


@pytest.mark.parametrize("tile_set", [STANDARD_SET, XP_SET], ids=["standard", "xp"])
def test_all_tiles_holds_every_tile_in_its_number_of_copies(tile_set: TileSet) -> None:
    counts = Counter(tile_set.all_tiles())
    expected = {Tile(c, n): tile_set.copies for c in Color for n in range(1, 14)}
    expected[JOKER] = tile_set.jokers
    assert counts == expected
    assert all(counts[t] == tile_set.count(t) for t in counts)


def test_all_tiles_is_in_rack_order() -> None:
    everything = STANDARD_SET.all_tiles()
    assert list(everything) == sorted(everything)


def test_distinct_tiles_lists_each_tile_once_then_the_joker() -> None:
    distinct = STANDARD_SET.distinct_tiles()
    assert len(distinct) == 53
    assert len(set(distinct)) == 53
    assert distinct[-1] == JOKER
    assert TileSet(jokers=0).distinct_tiles()[-1] == Tile(Color.ORANGE, 13)


def test_shared_tile_is_the_one_instance_of_its_tile() -> None:
    seven = shared_tile(Color.RED, 7)
    assert seven == Tile(Color.RED, 7)
    assert seven is shared_tile(Color.RED, 7) is Tile.from_index(seven.index)
    with pytest.raises(RummikubError, match=r"1\.\.13, got 14"):
        shared_tile(Color.RED, 14)


@pytest.mark.parametrize(
    ("color", "number"),
    [("r", 5), (None, 5), (Color.RED, True), (Color.RED, 5.0), (Color.RED, 0), (Color.RED, "5")],
)
def test_shared_tile_refuses_what_a_tile_refuses(color: Any, number: Any) -> None:
    with pytest.raises(RummikubError) as shared:
        shared_tile(color, number)
    with pytest.raises(RummikubError) as made:
        Tile(color, number)
    assert type(shared.value) is type(made.value)
    assert str(shared.value) == str(made.value)


def test_shared_tile_of_a_joker_is_the_joker() -> None:
    assert shared_tile(None, None) is JOKER
    assert shared_tile(Color.RED, None) is Tile.joker(Color.RED)


@pytest.mark.parametrize(
    "tile_set",
    [STANDARD_SET, XP_SET, EXPERT_SET, TileSet(colors="krb", numbers=range(1, 7), copies=1)],
    ids=["standard", "xp", "expert", "small"],
)
def test_a_box_holds_one_shared_instance_of_each_tile(tile_set: TileSet) -> None:
    """Every copy dealt is the same object: a process keeps one per kind of tile, not one per
    copy, so a full garbage collection has fewer objects to walk."""
    tiles = (*tile_set.all_tiles(), *tile_set.distinct_tiles())
    assert len({id(t) for t in tiles}) == len(set(tiles))
    assert all(t is Tile.from_index(t.index) for t in tiles)


def test_count_is_zero_for_a_color_or_number_the_set_lacks() -> None:
    small = TileSet(colors="krb", numbers=range(1, 7), copies=1, jokers=1)
    assert small.count(Tile(Color.RED, 6)) == 1
    assert small.count(Tile(Color.RED, 7)) == 0
    assert small.count(Tile(Color.ORANGE, 3)) == 0
    assert small.count(JOKER) == 1
    assert TileSet(jokers=0).count(JOKER) == 0


def test_small_custom_set_size_and_inventory() -> None:
    small = TileSet(colors="krb", numbers=range(1, 7), copies=1, jokers=1)
    assert small.colors == (Color.BLACK, Color.RED, Color.BLUE)
    assert small.numbers == (1, 2, 3, 4, 5, 6)
    assert small.size == 3 * 6 * 1 + 1
    assert Counter(small.all_tiles()) == {
        **{Tile(c, n): 1 for c in small.colors for n in small.numbers},
        JOKER: 1,
    }


def test_tile_sets_compare_by_contents() -> None:
    assert TileSet() == STANDARD_SET
    assert TileSet(copies=3, jokers=4) == XP_SET
    assert TileSet(colors=[Color.BLACK, Color.RED, Color.BLUE, Color.ORANGE]) == STANDARD_SET


@pytest.mark.parametrize(
    "fields",
    [
        {"copies": 0},
        {"jokers": -1},
        {"colors": ()},
        {"colors": "krr"},
        {"colors": "kx"},
        {"numbers": ()},
        {"numbers": (1, 3, 4)},
        {"numbers": range(0, 5)},
        {"numbers": range(10, 15)},
        {"numbers": (3, 2, 1)},
    ],
    ids=str,
)
def test_tile_set_rejects_nonsense(fields: dict[str, Any]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - each case has its own message
        TileSet(**fields)


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"copies": 2.5}, TypeError),
        ({"copies": True}, TypeError),
        ({"jokers": 2.0}, TypeError),
        ({"copies": 0}, ValueError),
        ({"copies": MAX_COPIES + 1}, ValueError),
        ({"copies": 1_000_000_000}, ValueError),
        ({"jokers": MAX_JOKERS + 1}, ValueError),
        ({"numbers": range(10**9)}, ValueError),
        ({"numbers": "123"}, TypeError),
        ({"numbers": [1.0, 2.0, 3.0]}, TypeError),
        ({"colors": "kx"}, ValueError),
        ({"colors": 5}, TypeError),
    ],
    ids=str,
)
def test_tile_set_refuses_values_beyond_its_bounds(fields: dict[str, Any], error: type) -> None:
    with pytest.raises(error) as raised:
        TileSet(**fields)
    assert isinstance(raised.value, RummikubError)
    assert len(str(raised.value)) < 200


def test_tile_set_bounds_admit_every_box() -> None:
    assert TileSet(copies=MAX_COPIES, jokers=MAX_JOKERS).size == 4 * 13 * 4 + 8


# --- Coloured jokers (RULES.md section 1: the Expert set) ----------------------------------------


def test_a_colored_joker_is_a_joker_of_its_color() -> None:
    red = Tile.joker(Color.RED)
    assert red == Tile(Color.RED, None) == Tile.joker("r")
    assert red.is_joker
    assert red.is_colored_joker
    assert red.color is Color.RED
    assert red.number is None
    assert red.value == 0
    assert not JOKER.is_colored_joker
    assert not RED_7.is_colored_joker
    assert Tile.joker() is JOKER
    assert red != JOKER


def test_colored_jokers_name_and_index_themselves_after_the_joker() -> None:
    jokers = [Tile.joker(c) for c in Color]
    assert [str(t) for t in jokers] == ["jk", "jr", "jb", "jo"]
    assert repr(jokers[1]) == "Tile.joker(Color.RED)"
    assert [t.index for t in jokers] == [53, 54, 55, 56]
    assert all(Tile.from_index(t.index) is t for t in jokers)
    assert sorted([*reversed(jokers), JOKER, RED_7]) == [RED_7, JOKER, *jokers]


def test_a_colored_joker_needs_a_color_of_the_set() -> None:
    with pytest.raises(RummikubError, match="coloured joker's colour"):
        Tile.joker("x")


def test_the_expert_set_has_eight_colored_jokers_and_no_plain_one() -> None:
    from rummikub_rules import EXPERT_SET

    assert TileSet(jokers=0, colored_jokers=2) == EXPERT_SET
    assert EXPERT_SET.size == 112
    assert EXPERT_SET.total_jokers == 8
    counts = Counter(EXPERT_SET.all_tiles())
    assert counts[JOKER] == 0
    assert {str(t): counts[t] for t in counts if t.is_joker} == {
        "jk": 2,
        "jr": 2,
        "jb": 2,
        "jo": 2,
    }
    assert EXPERT_SET.count(Tile.joker("o")) == 2
    assert EXPERT_SET.count(JOKER) == 0
    assert EXPERT_SET.distinct_tiles()[-4:] == tuple(Tile.joker(c) for c in Color)
    assert repr(EXPERT_SET) == "TileSet(jokers=0, colored_jokers=2)"


def test_a_set_may_hold_plain_and_colored_jokers_up_to_the_cap() -> None:
    mixed = TileSet(jokers=4, colored_jokers=1)
    assert mixed.total_jokers == 8
    assert mixed.size == 112
    assert Counter(mixed.all_tiles())[JOKER] == 4
    assert TileSet(colors="rb", jokers=2, colored_jokers=3).total_jokers == 8
    assert TileSet(colors="rb", colored_jokers=1).count(Tile.joker("k")) == 0
    with pytest.raises(RummikubError, match="at most 8 jokers"):
        TileSet(jokers=1, colored_jokers=2)
    with pytest.raises(RummikubError):
        TileSet(colored_jokers=-1)
    with pytest.raises(RummikubError):
        TileSet(colored_jokers=True)
