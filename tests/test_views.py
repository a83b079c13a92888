"""PlayerView: what one seat may know of a game, its check, and its JSON."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    CLASSIC,
    Code,
    Draw,
    FormatError,
    GameState,
    InvalidStateError,
    InvalidTypeError,
    InvalidValueError,
    Pass,
    Play,
    PlayerView,
    dumps,
    loads,
    parse_table,
    parse_tiles,
    to_json,
)


def _game(first: str = "r10 r11 r12 k1") -> GameState:
    box = list(CLASSIC.tile_set.all_tiles())
    racks = [parse_tiles(first), parse_tiles("b1 b2")]
    for tile in (*racks[0], *racks[1]):
        box.remove(tile)
    return GameState.from_deal(racks, box, seed=5)


def test_view_shows_the_seat_its_rack_and_everyone_the_table() -> None:
    game = _game().apply(Play(parse_table("r10 r11 r12")))
    view = game.view(0)
    assert view.seat == 0
    assert view.rack == parse_tiles("k1")
    assert view.table == parse_table("r10 r11 r12")
    assert view.rack_sizes == (1, 2)
    assert view.pool_size == len(game.pool)
    assert view.opened == (True, False)
    assert (view.current, view.turn, view.players) == (1, 2, 2)
    assert view.edition == game.edition
    assert not view.my_turn
    assert game.view(1).my_turn
    assert not view.is_over


def test_view_prints_as_a_board_showing_only_what_the_seat_may_see() -> None:
    game = _game().apply(Play(parse_table("r10 r11 r12")))
    assert str(game.view(1)) == "\n".join(
        [
            "classic game, turn 2, seen by seat 1",
            "table: r10 r11 r12",
            "  seat 0: 1 tile, opened",
            "> seat 1: b1 b2 (you)",
            f"pool: {len(game.pool)} tiles",
        ]
    )
    assert "k1" not in str(game.view(1))
    assert repr(game.view(1)).startswith("PlayerView(seat=1, rack=(Tile(Color.BLUE, 1), ")


def test_view_of_a_finished_game_prints_its_result() -> None:
    over = _game("r10 r11 r12").apply(Play(parse_table("r10 r11 r12")))
    result = over.result
    assert result is not None
    text = str(over.view(0))
    assert "  seat 0: (empty) (you, opened)" in text.splitlines()
    assert text.splitlines()[-1] == f"over: winners {result.winners}, scores {result.scores}"
    assert ">" not in text


def test_view_check_agrees_with_the_game_on_the_seats_turn() -> None:
    game = _game()
    view = game.view(0)
    for action in (Play(parse_table("r10 r11 r12")), Play(parse_table("r11 r12 k1")), Draw()):
        assert view.check(action) == game.check(action)
    assert view.check(Pass()).codes == (Code.POOL_NOT_EMPTY,)


def test_view_of_a_seat_that_is_not_seated() -> None:
    with pytest.raises(InvalidStateError, match=r"seat must be 0\.\.1, got 2"):
        _game().view(2)
    with pytest.raises(InvalidStateError, match="seat must be"):
        _game().view(True)


def test_view_of_a_finished_game_has_the_result() -> None:
    over = _game("r10 r11 r12").apply(Play(parse_table("r10 r11 r12")))
    view = over.view(1)
    assert view.is_over
    assert view.result == over.result
    assert view.check(Draw()).codes == (Code.GAME_OVER,)


def test_view_built_by_hand_is_checked() -> None:
    view = _game().view(0)
    with pytest.raises(InvalidValueError, match="hold 107 tiles"):
        attrs.evolve(view, pool_size=view.pool_size + 1)
    with pytest.raises(InvalidValueError, match="seat's rack size"):
        attrs.evolve(view, rack_sizes=(5, 2))
    with pytest.raises(InvalidValueError, match="more often than the box"):
        attrs.evolve(view, rack=parse_tiles("j j j k1"), rack_sizes=(4, 2), pool_size=100)
    with pytest.raises(InvalidTypeError, match="ints"):
        attrs.evolve(view, pool_size=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="invalid meld"):
        attrs.evolve(
            view,
            table=parse_table("o1 o2"),
            pool_size=view.pool_size - 2,
        )


def _view_document(**changes: Any) -> str:
    document = to_json(_game().view(0))
    document["data"].update(changes)
    return json.dumps(document)


def test_view_json_round_trips_and_names_no_hidden_tile() -> None:
    game = _game()
    text = dumps(game.view(1))
    assert loads(text, PlayerView) == game.view(1)
    data = json.loads(text)["data"]
    assert set(data) == {
        "seat", "rack", "table", "pool_size", "rack_sizes", "opened", "current", "edition",
        "turn", "idle_turns", "final_turns", "result",
    }  # fmt: skip
    assert data["rack"] == "b1 b2"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"pool_size": 10**9}, "hold"),
        ({"rack_sizes": [4] * 300}, "items: 300 is more than the 216"),
        ({"seat": 5}, "seat must be one of them"),
        ({"turn": 0}, "turn at least 1"),
        ({"rack": "j j j j j j j j j j"}, "rack size"),
    ],
)
def test_view_document_that_cannot_be_a_game_is_refused(
    changes: dict[str, Any], reason: str
) -> None:
    with pytest.raises(FormatError, match=reason):
        loads(_view_document(**changes))
