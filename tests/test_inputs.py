"""Notation text and edition names are welcome wherever a table, meld, rack or edition is taken.

Each public function gives the same answer for objects and for their text, and refuses any other
type with a TypeError (an InvalidTypeError) that names the parameter and what it accepts.
"""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given

from rummikub_rules import (
    EDITIONS,
    FailedTurn,
    GameRecord,
    GameState,
    InputTooLargeError,
    InvalidTypeError,
    ParseError,
    Play,
    Series,
    Tile,
    check_turn,
    compare,
    parse_meld,
    parse_table,
    parse_tiles,
    rack_value,
    score_game,
    settle_game,
)
from rummikub_rules import strategies as rst
from rummikub_rules.inputs import MOST_TILES, as_edition, as_meld, as_table, as_tiles


def test_check_turn_takes_notation_and_names() -> None:
    text = check_turn("r8 j r10", "r9 b5 b6", "r8 r9 r10 | b5 b6 j", opened=True, edition="pl")
    objects = check_turn(
        parse_table("r8 j r10"),
        parse_tiles("r9 b5 b6"),
        parse_table("r8 r9 r10 | b5 b6 j"),
        opened=True,
        edition=EDITIONS["pl-2026"],
    )
    assert text == objects


def test_game_functions_take_names_and_notation() -> None:
    assert GameState.new(3, edition="xp", seed=1) == GameState.new(
        3, edition=EDITIONS["xp"], seed=1
    )
    assert GameRecord(2, edition="house", seed=3).edition is EDITIONS["house-50"]
    assert Series(2, edition="tournament").edition is EDITIONS["tournament"]
    assert Play("r1 r2 r3") == Play(parse_table("r1 r2 r3"))
    assert FailedTurn("k1 k2") == FailedTurn(parse_tiles("k1 k2"))
    assert rack_value("j r2", edition="house-50") == 52
    assert score_game(["", "r5 b8", "j k2"], winner=0) == (45, -13, -32)
    assert settle_game(["r4", "b4", "k9"], winner=None).winners == (0, 1)
    assert parse_meld("r12 r13 r1").is_valid("classic") is False
    assert parse_table("r1 r2 r3").is_valid("xp")


def test_from_deal_takes_notation() -> None:
    state = GameState.new(2, seed=5)
    again = GameState.from_deal(
        [" ".join(map(str, rack)) for rack in state.racks],
        " ".join(map(str, state.pool)),
        edition="classic",
        first=state.current,
        seed=5,
    )
    assert again.racks == state.racks
    assert again.pool == state.pool


@given(rst.turns())
def test_text_and_objects_give_the_same_verdict(turn: rst.Turn) -> None:
    by_objects = check_turn(
        turn.before, turn.rack, turn.after, opened=turn.opened, edition=turn.edition
    )
    by_text = check_turn(
        str(turn.before),
        " ".join(map(str, turn.rack)),
        str(turn.after),
        opened=turn.opened,
        edition=turn.edition,
    )
    assert by_text.codes == by_objects.codes
    assert by_text.played == by_objects.played


WRONG: list[tuple[str, Callable[[], object]]] = [
    ("before", lambda: check_turn(42, "", "", opened=True)),  # type: ignore[arg-type]
    ("rack", lambda: check_turn("", 42, "", opened=True)),  # type: ignore[arg-type]
    ("after", lambda: check_turn("", "", b"r1", opened=True)),  # type: ignore[arg-type]
    ("edition", lambda: check_turn("", "", "", opened=True, edition=1)),  # type: ignore[arg-type]
    ("editions", lambda: compare("", "", "", opened=True, editions=[1])),  # type: ignore[list-item]
    ("edition", lambda: GameState.new(2, edition=None)),  # type: ignore[arg-type]
    ("edition", lambda: Series(2, edition=2.0)),  # type: ignore[arg-type]
    ("racks[1]", lambda: score_game(["", 5], winner=0)),  # type: ignore[list-item]
    ("rack", lambda: rack_value(7)),  # type: ignore[arg-type]
    ("Play's after", lambda: Play(["r1 r2 r3"])),  # type: ignore[arg-type]
    ("to_pool", lambda: FailedTurn(3)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("parameter", "call"), WRONG, ids=[w[0] for w in WRONG])
def test_other_types_raise_a_type_error_naming_the_parameter(
    parameter: str, call: Callable[[], object]
) -> None:
    with pytest.raises(TypeError) as raised:
        call()
    assert isinstance(raised.value, InvalidTypeError)
    assert parameter in str(raised.value)


@pytest.mark.parametrize(
    ("convert", "value"),
    [(as_table, 1), (as_meld, [1]), (as_tiles, None), (as_edition, object())],
)
def test_converters_name_what_they_accept(
    convert: Callable[[Any, str], object], value: object
) -> None:
    with pytest.raises(InvalidTypeError, match="takes"):
        convert(value, "thing")


def test_endless_tiles_are_refused_without_reading_them() -> None:
    with pytest.raises(InputTooLargeError):
        as_tiles(itertools.repeat(Tile.from_index(0)), "rack")
    with pytest.raises(InputTooLargeError):
        as_tiles("r1 " * (MOST_TILES + 1), "rack")
    assert len(as_tiles("r1 " * MOST_TILES, "rack")) == MOST_TILES


#: Every public function that takes tables or racks as text, with one argument's text wrong.
_BAD_TEXT: list[tuple[str, Callable[[], object], str]] = [
    ("check_turn before", lambda: check_turn("r7 r8 x9", "r10", "r7 r8 r9 r10", opened=True),
     "before"),
    ("check_turn rack", lambda: check_turn("r7 r8 r9", "r10 x8", "r7 r8 r9 r10", opened=True),
     "rack"),
    ("check_turn after", lambda: check_turn("r7 r8 r9", "r10", "r7 r8 r9 r1O", opened=True),
     "after"),
    ("compare after", lambda: compare("r7 r8 r9", "r10", "r7 r8 r9 o14", opened=True), "after"),
    ("best_play table", lambda: _solver().best_play("r7 r8 q9", "r10", opened=True), "table"),
    ("can_play rack", lambda: _solver().can_play("r7 r8 r9", "r10 r0", opened=True), "rack"),
    ("solve rack", lambda: _solver().solve("", "r14", opened=False), "rack"),
    ("top_plays table", lambda: _solver().top_plays("r7 r8 k", "r1", 2, opened=True), "table"),
    ("arrange tiles", lambda: _solver().arrange("r1 r2 r3 s4"), "tiles"),
    ("initial_meld rack", lambda: _solver().initial_meld("k9 r9 b9 x"), "rack"),
    ("Play after", lambda: Play("r1 r2 j3"), "Play's after"),
]  # fmt: skip


def _solver() -> Any:
    import rummikub_rules.solver

    return rummikub_rules.solver


@pytest.mark.parametrize(
    ("call", "argument"), [(c, a) for _, c, a in _BAD_TEXT], ids=[i for i, _, _ in _BAD_TEXT]
)
def test_parse_error_names_the_argument_whose_text_was_wrong(
    call: Callable[[], object], argument: str
) -> None:
    with pytest.raises(ParseError) as caught:
        call()
    assert caught.value.argument == argument
    assert str(caught.value).startswith(f"{argument}: ")
    error = caught.value
    assert error.text[error.position :].startswith(error.token)


def test_parse_error_from_the_parsers_names_no_argument() -> None:
    with pytest.raises(ParseError) as caught:
        parse_tiles("r7 x8")
    assert caught.value.argument is None
    assert str(caught.value).startswith("unknown tile 'x8'")


def test_parse_error_pickles_with_its_fields() -> None:
    with pytest.raises(ParseError) as caught:
        check_turn("r7 r8 r9", "r10 x8", "r7 r8 r9 r10", opened=True)
    copy = pickle.loads(pickle.dumps(caught.value))
    fields = ("reason", "text", "token", "position", "argument")
    assert [getattr(copy, f) for f in fields] == [getattr(caught.value, f) for f in fields]
    assert str(copy) == str(caught.value)
