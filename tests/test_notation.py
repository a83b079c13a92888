"""The text notation (DESIGN.md "Contract: notation"; RULES.md section 1 for colours and cards)."""

from __future__ import annotations

from typing import Any

import pytest

from rummikub_rules import (
    JOKER,
    Color,
    Meld,
    MeldKind,
    ParseError,
    RummikubError,
    Table,
    Tile,
    format_tile,
    format_tiles,
    parse_meld,
    parse_table,
    parse_tile,
    parse_tiles,
)
from rummikub_rules.errors import InvalidTypeError

BLACK, RED, BLUE, ORANGE = Color.BLACK, Color.RED, Color.BLUE, Color.ORANGE


# --- Tiles ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        ("k1", Tile(BLACK, 1)),
        ("r7", Tile(RED, 7)),
        ("b10", Tile(BLUE, 10)),
        ("o13", Tile(ORANGE, 13)),
    ],
)
def test_tile_is_a_color_letter_and_a_number(text: str, tile: Tile) -> None:
    assert parse_tile(text) == tile
    assert str(tile) == text


def test_parsed_tiles_are_the_shared_instances() -> None:
    """Letters, upper case and cards all give the one instance of each tile
    (:func:`~rummikub_rules.tiles.shared_tile`), however often they are parsed."""
    tiles = (*parse_tiles("r7 R7 y5 b13"), *parse_tiles("7♥ 5♦", cards=True))
    assert all(t is Tile.from_index(t.index) for t in tiles)


def test_y_for_yellow_reads_as_orange() -> None:
    assert parse_tile("y5") == Tile(ORANGE, 5)
    assert parse_tile("Y12") == Tile(ORANGE, 12)
    assert str(parse_tile("y5")) == "o5"
    assert parse_tiles("y1 o1") == (Tile(ORANGE, 1), Tile(ORANGE, 1))


@pytest.mark.parametrize("text", ["R7", "r7", " r7 ", "\tR7\n"])
def test_tile_input_is_case_insensitive_and_ignores_surrounding_space(text: str) -> None:
    assert parse_tile(text) == Tile(RED, 7)


@pytest.mark.parametrize("text", ["j", "J", "joker", "JOKER", "*", "🃏"])
def test_joker_spellings(text: str) -> None:
    assert parse_tile(text) is JOKER


def test_output_is_lower_case() -> None:
    assert format_tiles(parse_tiles("K13 R1 B7 Y2 J")) == "k13 r1 b7 o2 j"
    assert str(parse_meld("K5 B5 O5")) == "k5 b5 o5"


@pytest.mark.parametrize(
    "text", ["", " ", "r0", "r14", "r07", "r100", "x5", "r", "7", "rr7", "r7r", "j7", "b 5", "r-1"]
)
def test_bad_tile_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_tile(text)


@pytest.mark.parametrize(
    "text",
    [
        "r\u0667",  # r and an Arabic-Indic 7: int() would read it as 7
        "r\u0661\u0663",  # r13 in Arabic-Indic digits
        "r\uff17",  # a fullwidth 7
        "\uff327",  # a fullwidth R
        "\u212a5",  # the Kelvin sign, which lower() turns into k
        "b\u00b9",  # a superscript 1
    ],
)
def test_only_ascii_letters_and_digits_spell_a_tile(text: str) -> None:
    with pytest.raises(ParseError, match="unknown tile"):
        parse_tile(text)
    with pytest.raises(ParseError):
        parse_tiles(f"r1 {text}")


def test_non_ascii_card_ranks_are_not_read() -> None:
    with pytest.raises(ParseError):
        parse_tile("\u212a\u2665", cards=True)  # Kelvin sign, hearts
    assert parse_tile("K\u2665", cards=True) == parse_tile("r13")


def test_parse_tile_reads_exactly_one_tile() -> None:
    with pytest.raises(ParseError) as caught:
        parse_tile("r7 r8")
    assert caught.value.token == "r7 r8"


# --- Tile lists ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["r7 r8 r9", "r7,r8,r9", "r7, r8 ,r9", "  r7\tr8   r9 ", "r7,,r8 , r9", "R7 r8,R9"]
)
def test_tiles_are_separated_by_spaces_or_commas(text: str) -> None:
    assert parse_tiles(text) == (Tile(RED, 7), Tile(RED, 8), Tile(RED, 9))


def test_parse_tiles_keeps_order_and_copies() -> None:
    assert parse_tiles("j r7 r7 k1") == (JOKER, Tile(RED, 7), Tile(RED, 7), Tile(BLACK, 1))
    assert parse_tiles("") == ()
    assert parse_tiles(" , ") == ()


def test_format_tiles_is_read_back_by_parse_tiles() -> None:
    tiles = (Tile(BLACK, 13), JOKER, Tile(ORANGE, 1), Tile(ORANGE, 1))
    assert format_tiles(tiles) == "k13 j o1 o1"
    assert parse_tiles(format_tiles(tiles)) == tiles
    assert format_tiles([]) == ""


# --- Melds ---------------------------------------------------------------------------------------


def test_meld_keeps_table_order() -> None:
    assert parse_meld("r9 r10 j").tiles == (Tile(RED, 9), Tile(RED, 10), JOKER)
    assert parse_meld("j r9 r10").tiles == (JOKER, Tile(RED, 9), Tile(RED, 10))
    assert parse_meld("r9 r10 j") != parse_meld("j r9 r10")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("run: r5 j j", MeldKind.RUN),
        ("group: r5 j j", MeldKind.GROUP),
        ("RUN:r5 j j", MeldKind.RUN),
        ("  Group :  r5, j, j", MeldKind.GROUP),
        ("r5 j j", None),
    ],
)
def test_meld_kind_prefix_declares_the_kind(text: str, kind: MeldKind | None) -> None:
    meld = parse_meld(text)
    assert meld.kind is kind
    assert meld.tiles == (Tile(RED, 5), JOKER, JOKER)


def test_meld_str_writes_the_declared_kind_back() -> None:
    assert str(parse_meld("RUN: R5 J J")) == "run: r5 j j"
    assert str(parse_meld("group:k5 b5 j")) == "group: k5 b5 j"
    assert str(parse_meld("k5 b5 j")) == "k5 b5 j"


@pytest.mark.parametrize(
    "text", ["r9 j r11", "run: r5 j j", "group: r5 j j", "k5 b5 o5 r5", "j j r1"]
)
def test_meld_round_trips(text: str) -> None:
    meld = parse_meld(text)
    assert parse_meld(str(meld)) == meld
    assert str(meld) == text
    assert eval(repr(meld), {"parse_meld": parse_meld}) == meld


def test_meld_may_be_any_tiles_validity_is_not_notation() -> None:
    assert parse_meld("r7 r7 k1 j").tiles == (Tile(RED, 7), Tile(RED, 7), Tile(BLACK, 1), JOKER)


# --- Tables --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "r7 r8 r9 | k5 b5 o5",
        "r7 r8 r9|k5 b5 o5",
        "r7 r8 r9\nk5 b5 o5",
        "r7 r8 r9\n\n  \nk5 b5 o5\n",
        " r7,r8,r9 |\tK5 B5 Y5 ",
    ],
)
def test_melds_are_separated_by_bars_or_new_lines(text: str) -> None:
    run = Meld([Tile(RED, 7), Tile(RED, 8), Tile(RED, 9)])
    group = Meld([Tile(BLACK, 5), Tile(BLUE, 5), Tile(ORANGE, 5)])
    expected = Table([run, group])
    assert parse_table(text) == expected
    assert [m.tiles for m in parse_table(text)] == [m.tiles for m in expected]


def test_empty_table_is_the_empty_string() -> None:
    assert parse_table("") == Table()
    assert parse_table("  \n \t\n") == Table()
    assert str(Table()) == ""
    assert len(parse_table("")) == 0


def test_table_str_is_notation_in_lower_case() -> None:
    table = parse_table("R7,R8,R9 | run: k5 j j\ngroup: B5 y5 J")
    assert str(table) == "r7 r8 r9 | run: k5 j j | group: b5 o5 j"
    assert parse_table(str(table)) == table
    assert eval(repr(table), {"parse_table": parse_table}) == table


def test_each_table_meld_may_declare_its_kind() -> None:
    table = parse_table("run: r5 j j | group: r5 j j | r5 j j")
    assert [m.kind for m in table] == [MeldKind.RUN, MeldKind.GROUP, None]


# --- Playing cards -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        ("A♠", Tile(BLACK, 1)),
        ("as", Tile(BLACK, 1)),
        ("2♥", Tile(RED, 2)),
        ("10♥", Tile(RED, 10)),
        ("10H", Tile(RED, 10)),
        ("J♣", Tile(BLUE, 11)),
        ("jc", Tile(BLUE, 11)),
        ("Q♦", Tile(ORANGE, 12)),
        ("QD", Tile(ORANGE, 12)),
        ("K♠", Tile(BLACK, 13)),
        ("ks", Tile(BLACK, 13)),
        ("K♤", Tile(BLACK, 13)),
        ("3♡", Tile(RED, 3)),
        ("4♧", Tile(BLUE, 4)),
        ("5♢", Tile(ORANGE, 5)),
    ],
)
def test_cards_rank_then_suit_with_suits_as_colors(text: str, tile: Tile) -> None:
    assert parse_tile(text, cards=True) == tile


def test_cards_still_read_letter_notation_and_jokers() -> None:
    assert parse_tiles("r7 J♥ j y3 🃏", cards=True) == (
        Tile(RED, 7),
        Tile(RED, 11),
        JOKER,
        Tile(ORANGE, 3),
        JOKER,
    )


@pytest.mark.parametrize("text", ["Q♥", "as", "10h", "K♠"])
def test_card_spelling_needs_cards_true(text: str) -> None:
    with pytest.raises(ParseError):
        parse_tile(text)


@pytest.mark.parametrize("text", ["1♥", "11♥", "14♠", "Z♠", "Q", "Qx", "10", "♥"])
def test_bad_card_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        parse_tile(text, cards=True)


@pytest.mark.parametrize(
    ("tile", "card"),
    [
        (Tile(BLACK, 1), "A♠"),
        (Tile(RED, 7), "7♥"),
        (Tile(BLUE, 10), "10♣"),
        (Tile(ORANGE, 11), "J♦"),
        (Tile(RED, 12), "Q♥"),
        (Tile(BLACK, 13), "K♠"),
        (JOKER, "j"),
    ],
)
def test_format_tile_as_card(tile: Tile, card: str) -> None:
    assert format_tile(tile, cards=True) == card
    assert parse_tile(card, cards=True) == tile
    assert format_tile(tile) == str(tile)


def test_every_tile_round_trips_through_card_spelling() -> None:
    tiles = [Tile(c, n) for c in Color for n in range(1, 14)] + [JOKER]
    text = format_tiles(tiles, cards=True)
    assert parse_tiles(text, cards=True) == tuple(tiles)


def test_table_in_card_spelling() -> None:
    assert parse_table("10♥ J♥ Q♥ | 7♠ 7♥ j", cards=True) == parse_table("r10 r11 r12 | k7 r7 j")


# --- Errors --------------------------------------------------------------------------------------


def test_parse_error_is_a_value_error_and_a_rummikub_error() -> None:
    with pytest.raises(ParseError) as caught:
        parse_tiles("r7 x8")
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, RummikubError)
    assert "x8" in str(caught.value)
    assert caught.value.text == "r7 x8"


@pytest.mark.parametrize(
    ("parse", "text", "token", "position"),
    [
        (parse_tiles, "r7 x8", "x8", 3),
        (parse_tiles, "r7,,r8 q3", "q3", 7),
        (parse_tile, "  r14 ", "r14", 2),
        (parse_meld, "run: r5 r6 r0", "r0", 11),
        (parse_meld, "R1,R2,r3,R07", "R07", 9),
        (parse_table, "r7 r8 r9 | k5 z5 o5", "z5", 14),
        (parse_table, "r1 r2 r3\nk5 b5 o55", "o55", 15),
        (parse_table, "r1 r2 r3\n\nk5 b5 x5", "x5", 16),
        (parse_table, "r1 r2 r3 | group: r5 r|6", "r", 21),
    ],
)
def test_parse_error_names_the_token_and_its_position(
    parse: Any, text: str, token: str, position: int
) -> None:
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert caught.value.token == token
    assert caught.value.position == position
    assert text[position : position + len(token)] == token


def test_parse_error_position_in_card_spelling() -> None:
    with pytest.raises(ParseError) as caught:
        parse_tiles("Q♥ 1♥", cards=True)
    assert (caught.value.token, caught.value.position) == ("1♥", 3)


@pytest.mark.parametrize(
    ("parse", "text", "position"),
    [
        (parse_meld, "", 0),
        (parse_meld, "   ", 0),
        (parse_meld, "run:", 4),
        (parse_meld, "group: ", 6),
        (parse_table, "r1 r2 r3 | group: | k1 k2 k3", 17),
        (parse_table, "r1 r2 r3\nrun:", 13),
    ],
)
def test_empty_meld_is_a_parse_error(parse: Any, text: str, position: int) -> None:
    with pytest.raises(ParseError, match="empty meld") as caught:
        parse(text)
    assert caught.value.position == position


@pytest.mark.parametrize(
    ("text", "reason", "token", "position"),
    [
        ("r7 r8 r9 || k5 b5 o5", "between the bars", "||", 9),
        ("r7 r8 r9 | \t| k5 b5 o5", "between the bars", "| \t|", 9),
        ("| r7 r8 r9", "before the bar", "|", 0),
        ("r7 r8 r9\n  | k5 b5 o5", "before the bar", "|", 11),
        ("r7 r8 r9 |", "after the bar", "|", 9),
        ("r7 r8 r9 |\nk5 b5 o5", "after the bar", "|", 9),
        ("  \n | ", "before the bar", "|", 4),
    ],
)
def test_a_bar_stands_between_two_melds(text: str, reason: str, token: str, position: int) -> None:
    """An empty meld beside a bar is an error, never dropped: ``a || b`` lost a meld."""
    with pytest.raises(ParseError, match=f"empty meld {reason}") as caught:
        parse_table(text)
    assert (caught.value.token, caught.value.position) == (token, position)
    assert text[position : position + len(token)] == token


@pytest.mark.parametrize("text", ["r0", "r14", "K99", "o100"])
def test_a_number_out_of_range_says_the_range(text: str) -> None:
    with pytest.raises(ParseError, match="numbers run from 1 to 13; no such tile as") as caught:
        parse_tiles(f"r1 {text}")
    assert (caught.value.token, caught.value.position) == (text, 3)


@pytest.mark.parametrize("text", ["x5", "r07", "r", "j7", "r1.5"])
def test_other_bad_tiles_are_unknown(text: str) -> None:
    with pytest.raises(ParseError, match="unknown tile"):
        parse_tile(text)


@pytest.mark.parametrize("parse", [parse_tile, parse_tiles, parse_meld, parse_table])
def test_parsers_take_only_text(parse: Any) -> None:
    with pytest.raises(InvalidTypeError):
        parse(7)
    with pytest.raises(TypeError):
        parse(b"r7")


def test_colored_jokers_read_in_any_case_and_write_back() -> None:
    tiles = parse_tiles("jk JR jb Jo jy")
    assert [str(t) for t in tiles] == ["jk", "jr", "jb", "jo", "jo"]
    assert all(t.is_colored_joker for t in tiles)
    assert str(parse_table("r5 jr r7 | k5 b5 jr")) == "r5 jr r7 | k5 b5 jr"
    assert format_tiles(tiles) == "jk jr jb jo jo"


def test_the_card_notation_refuses_colored_jokers() -> None:
    with pytest.raises(ParseError, match="no coloured jokers") as raised:
        parse_tiles("Q♥ jr", cards=True)
    assert raised.value.token == "jr"
    assert raised.value.position == 3
    parse_tiles("jr")  # read once without cards: the card notation still refuses it after
    with pytest.raises(ParseError):
        parse_tile("jr", cards=True)
    with pytest.raises(RummikubError, match="no coloured joker"):
        format_tile(parse_tile("jb"), cards=True)
