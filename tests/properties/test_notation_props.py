"""Properties of the notation: round trips, and bad text raising only ParseError."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rummikub_rules import (
    Edition,
    Meld,
    ParseError,
    Table,
    Tile,
    format_tile,
    format_tiles,
    parse_meld,
    parse_table,
    parse_tile,
    parse_tiles,
)
from rummikub_rules import strategies as rst

ANY_EDITION = st.one_of(rst.editions(), rst.editions(presets=False, tile_sets=rst.tile_sets()))


# --- Round trips ---------------------------------------------------------------------------------


@given(rst.tiles())
def test_tile_round_trips(tile: Tile) -> None:
    assert parse_tile(str(tile)) == tile
    assert parse_tile(str(tile).upper()) == tile
    assert parse_tile(format_tile(tile, cards=True), cards=True) == tile
    assert parse_tile(str(tile), cards=True) == tile


@given(st.lists(rst.tiles(), max_size=20))
def test_tile_list_round_trips_with_any_separator(tiles: list[Tile]) -> None:
    text = format_tiles(tiles)
    assert text == text.lower()
    assert parse_tiles(text) == tuple(tiles)
    assert parse_tiles(",".join(str(t) for t in tiles)) == tuple(tiles)
    assert parse_tiles(" , ".join(str(t).upper() for t in tiles)) == tuple(tiles)
    assert parse_tiles(text.replace("o", "y")) == tuple(tiles)
    assert parse_tiles(format_tiles(tiles, cards=True), cards=True) == tuple(tiles)


@given(ANY_EDITION, st.data())
def test_meld_round_trips_with_its_declared_kind(edition: Edition, data: st.DataObject) -> None:
    meld = data.draw(rst.melds(edition, declare=None))
    assert parse_meld(str(meld)) == meld
    assert parse_meld(str(meld)).kind is meld.kind
    assert parse_meld(str(meld).upper()) == meld
    assert parse_meld(str(meld)).tiles == meld.tiles
    assert eval(repr(meld), {"parse_meld": parse_meld}) == meld


@given(ANY_EDITION, st.data())
def test_invalid_meld_round_trips_too(edition: Edition, data: st.DataObject) -> None:
    meld = data.draw(rst.melds(edition, valid=False))
    assert parse_meld(str(meld)) == meld
    assert parse_meld(str(meld)).tiles == meld.tiles


@given(ANY_EDITION, st.data())
def test_table_round_trips(edition: Edition, data: st.DataObject) -> None:
    table = data.draw(rst.tables(edition, declare=None))
    text = str(table)
    assert text == text.lower()
    assert parse_table(text) == table
    assert [m.tiles for m in parse_table(text)] == [m.tiles for m in table]
    assert parse_table(text.upper()) == table
    assert parse_table("\n".join(str(m) for m in table)) == table
    assert eval(repr(table), {"parse_table": parse_table}) == table


# --- Bad text ------------------------------------------------------------------------------------

PARSERS: list[Callable[..., object]] = [parse_tile, parse_tiles, parse_meld, parse_table]

#: Text made of the notation's own characters, to reach deeper than random text does.
NEAR_NOTATION = st.lists(
    st.sampled_from(list("krboyjJKRBOY0123456789 ,|\n\t:*♠♥♣♦ahcdqsAQ🃏"))
    | st.sampled_from(["run:", "group:", "joker", "10", "13", "r1", " j "]),
    max_size=30,
).map("".join)


def assert_only_parse_error(parse: Callable[..., object], text: str, *, cards: bool) -> None:
    error: ParseError | None = None
    try:
        result = parse(text, cards=cards)
    except ParseError as caught:
        error = caught
    if error is None:
        assert isinstance(result, (Tile, tuple, Meld, Table))
        return
    assert error.text == text
    assert 0 <= error.position <= len(text)
    assert text[error.position : error.position + len(error.token)] == error.token
    assert str(error)


@pytest.mark.parametrize("cards", [False, True], ids=["letters", "cards"])
@pytest.mark.parametrize("parse", PARSERS, ids=lambda p: p.__name__)
@given(text=st.text() | NEAR_NOTATION)
@example(text="")
@example(text="r0")
@example(text="r٣")
@example(text="run:")
@example(text="1♥ 11♥")
@example(text="|||\n\n")
def test_any_text_parses_or_raises_parse_error(
    parse: Callable[..., object], cards: bool, text: str
) -> None:
    assert_only_parse_error(parse, text, cards=cards)


@given(
    st.sampled_from("krboyKRBOY"),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=2).filter(
        lambda digits: not digits.isascii()
    ),
)
def test_digits_beyond_ascii_never_spell_a_number(letter: str, digits: str) -> None:
    with pytest.raises(ParseError):
        parse_tile(letter + digits)
