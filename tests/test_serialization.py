"""JSON documents: the format of serialization/, round trips and refusals naming the field."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from rummikub_rules.actions import Draw, FailedTurn, Pass, Play, Timeout
from rummikub_rules.editions import CLASSIC, EDITIONS, Edition, JokerRetrieval
from rummikub_rules.errors import FormatError, RummikubError
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.notation import parse_meld, parse_table, parse_tile, parse_tiles
from rummikub_rules.scoring import Series
from rummikub_rules.serialization import (
    FORMAT,
    VERSION,
    Deal,
    GameRecord,
    action_from_json,
    action_to_json,
    dumps,
    edition_from_json,
    edition_to_json,
    from_json,
    loads,
    meld_from_json,
    record_from_json,
    record_to_json,
    table_from_json,
    table_to_json,
    tile_from_json,
    tiles_from_json,
    tiles_to_json,
    to_json,
)
from rummikub_rules.state import GameState
from rummikub_rules.tiles import JOKER, STANDARD_SET, Color, Tile, TileSet


def document(kind: str, data: object) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "type": kind, "data": data}


def a_deal(players: int = 2, edition: Edition = CLASSIC) -> Deal:
    box = edition.tile_set.all_tiles()
    size = edition.deal_size
    racks = [box[i * size : (i + 1) * size] for i in range(players)]
    return Deal(racks, box[players * size :], first=1)


# Values ----------------------------------------------------------------------------------------


def test_tile_document() -> None:
    assert to_json(parse_tile("r7")) == document("tile", "r7")
    assert to_json(JOKER) == document("tile", "j")
    assert from_json(document("tile", "o13")) == Tile(Color.ORANGE, 13)


def test_tiles_document_is_one_notation_string() -> None:
    rack = parse_tiles("r7 r8 j")
    assert to_json(rack) == document("tiles", "r7 r8 j")
    assert to_json(list(rack)) == document("tiles", "r7 r8 j")
    assert from_json(document("tiles", "r7 r8 j"), tuple) == rack
    assert tiles_to_json(()) == ""
    assert tiles_from_json("") == ()


def test_meld_keeps_declared_kind() -> None:
    meld = parse_meld("group: r5 j j")
    assert to_json(meld) == document("meld", "group: r5 j j")
    back = from_json(document("meld", "group: r5 j j"), Meld)
    assert back.kind is MeldKind.GROUP
    assert meld_from_json("r5 j j").kind is None


def test_table_is_a_list_of_meld_strings_in_order() -> None:
    table = parse_table("r7 r8 r9 | run: b1 j j | k5 b5 o5")
    assert table_to_json(table) == ["r7 r8 r9", "run: b1 j j", "k5 b5 o5"]
    back = table_from_json(table_to_json(table))
    assert back.melds == table.melds
    assert table_to_json(Table()) == []


def test_tile_input_is_read_as_notation() -> None:
    assert tile_from_json(" Y12 ") == Tile(Color.ORANGE, 12)
    assert tiles_from_json("R1,b2") == parse_tiles("r1 b2")


# Editions --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(EDITIONS))
def test_preset_edition_is_written_by_name(name: str) -> None:
    assert edition_to_json(EDITIONS[name]) == name
    assert edition_from_json(name) is EDITIONS[name]


def test_edition_equal_to_a_preset_is_written_as_that_preset() -> None:
    renamed = CLASSIC.evolve(name="our table")
    assert edition_to_json(renamed) == "classic"
    assert edition_to_json(attrs.evolve(EDITIONS["house-50"], name="x")) == "house-50"


def test_edition_alias_is_read() -> None:
    assert edition_from_json("Standard") is CLASSIC


def test_custom_edition_is_written_in_full() -> None:
    custom = CLASSIC.evolve(
        name="jumbo", description="Большой", joker_penalty=40, max_jokers_per_meld=1
    )
    fields = edition_to_json(custom)
    assert isinstance(fields, dict)
    assert set(fields) == {"name", "description", *Edition.rule_fields()}
    assert fields["joker_penalty"] == 40
    assert fields["joker_retrieval"] == "rearrange"
    assert fields["turn_seconds"] == 60
    assert fields["tile_set"] == {
        "colors": ["k", "r", "b", "o"],
        "numbers": list(range(1, 14)),
        "copies": 2,
        "jokers": 2,
    }
    back = edition_from_json(json.loads(json.dumps(fields)))
    assert back == custom
    assert (back.name, back.description) == ("jumbo", "Большой")


def test_custom_tile_set_round_trips() -> None:
    small = CLASSIC.evolve(
        tile_set=TileSet(colors=(Color.RED, Color.BLUE), numbers=range(3, 11), copies=3, jokers=0),
        deal_size=7,
    )
    assert edition_from_json(edition_to_json(small)) == small


def test_custom_edition_fields_left_out_take_classic_values() -> None:
    edition = edition_from_json({"joker_penalty": 50, "joker_retrieval": "replace"})
    assert edition == CLASSIC.evolve(joker_penalty=50, joker_retrieval=JokerRetrieval.REPLACE)
    assert edition.name == "custom"


@pytest.mark.parametrize(
    ("fields", "path", "reason"),
    [
        ({"joker_penalty": "30"}, "joker_penalty", "expected an integer or null"),
        ({"joker_penalty": True}, "joker_penalty", "expected an integer or null"),
        ({"joker_penalty": -1}, "", "joker_penalty must be at least 0"),
        ({"joker_retrieval": "swap"}, "joker_retrieval", "expected one of"),
        ({"joker_in_initial_meld": 1}, "joker_in_initial_meld", "expected one of"),
        ({"freed_joker_new_meld": 1}, "freed_joker_new_meld", "expected true or false"),
        ({"jokerpenalty": 30}, "jokerpenalty", "unknown field"),
        ({"tile_set": {"colors": ["r", "y"]}}, "tile_set.colors[1]", "colour letter"),
        ({"tile_set": {"numbers": [1, 3]}}, "tile_set", "consecutive"),
        ({"tile_set": []}, "tile_set", "expected an object"),
        ({"name": 7}, "name", "expected a string"),
    ],
)
def test_custom_edition_refusals_name_the_field(fields: object, path: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason) as caught:
        edition_from_json(fields)
    assert caught.value.path == path


def test_unknown_edition_name() -> None:
    with pytest.raises(FormatError, match="unknown edition 'dutch'; known editions: classic"):
        edition_from_json("dutch", path="edition")


# Actions ---------------------------------------------------------------------------------------


def test_action_documents() -> None:
    play = Play(parse_table("r7 r8 r9 | k5 b5 o5"))
    assert action_to_json(play) == {"action": "play", "after": ["r7 r8 r9", "k5 b5 o5"]}
    assert action_to_json(Draw()) == {"action": "draw"}
    assert action_to_json(Pass()) == {"action": "pass"}
    assert action_to_json(Timeout()) == {"action": "timeout"}
    assert action_to_json(FailedTurn()) == {"action": "failed_turn", "to_pool": ""}
    failed = FailedTurn(parse_tiles("r5 j"))
    assert action_to_json(failed) == {"action": "failed_turn", "to_pool": "r5 j"}
    for action in (play, Draw(), Pass(), Timeout(), FailedTurn(), failed):
        assert action_from_json(action_to_json(action)) == action
        assert from_json(to_json(action)) == action


def test_failed_turn_to_pool_may_be_left_out() -> None:
    assert action_from_json({"action": "failed_turn"}) == FailedTurn()


@pytest.mark.parametrize(
    ("value", "path", "reason"),
    [
        ({"action": "jump"}, "a.action", "unknown action 'jump'; known actions: play, draw"),
        ({"action": 3}, "a.action", "unknown action 3"),
        ({"action": "play"}, "a.after", "missing field"),
        ({"action": "draw", "after": []}, "a.after", "unknown field for a 'draw' action"),
        ({"action": "play", "after": "r1 r2 r3"}, "a.after", "expected an array"),
        ({"action": "play", "after": ["r1 r2 x3"]}, "a.after[0]", "unknown tile 'x3'"),
        ({"action": "play", "after": ["r1 | r2"]}, "a.after[0]", "unknown tile '|'"),
        ({"action": "play", "after": [""]}, "a.after[0]", "empty meld"),
        ({"action": "failed_turn", "to_pool": ["r1"]}, "a.to_pool", "expected a string"),
        ({}, "a.action", "missing field"),
        ([], "a", "expected an object"),
    ],
)
def test_action_refusals_name_the_field(value: object, path: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason) as caught:
        action_from_json(value, path="a")
    assert caught.value.path == path


# Game records ----------------------------------------------------------------------------------


def test_record_with_seed_round_trips() -> None:
    record = GameRecord(3, seed=42, edition=EDITIONS["house-50"])
    record = record.add(Draw()).add(Play(parse_table("r1 r2 r3 | k9 b9 o9 r9"))).add(Pass())
    data = record_to_json(record)
    assert data == {
        "edition": "house-50",
        "players": 3,
        "seed": 42,
        "deal": None,
        "actions": [
            {"action": "draw"},
            {"action": "play", "after": ["r1 r2 r3", "k9 b9 o9 r9"]},
            {"action": "pass"},
        ],
    }
    assert record_from_json(data) == record
    assert loads(dumps(record), GameRecord) == record


def test_record_with_explicit_deal_round_trips() -> None:
    record = GameRecord(2, deal=a_deal(), actions=[Timeout(), FailedTurn(parse_tiles("r1"))])
    data = record_to_json(record)
    assert data["seed"] is None
    assert data["deal"]["first"] == 1
    assert data["deal"]["racks"][0] == "k1 k1 k2 k2 k3 k3 k4 k4 k5 k5 k6 k6 k7 k7"
    assert loads(dumps(record, indent=2)) == record


def test_record_seed_and_deal_may_be_left_out_when_null() -> None:
    data = {"edition": "classic", "players": 2, "seed": 1, "actions": []}
    assert record_from_json(data) == GameRecord(2, seed=1)


def test_record_needs_a_seed_or_a_deal() -> None:
    with pytest.raises(ValueError, match="needs a seed or a deal"):
        GameRecord(2)
    with pytest.raises(FormatError, match="needs a seed or a deal") as caught:
        record_from_json({"edition": "classic", "players": 2, "actions": []}, path="data")
    assert caught.value.path == "data"
    both = GameRecord(2, seed=5, deal=a_deal())
    assert loads(dumps(both)) == both


def test_record_with_seed_replays_like_a_new_game() -> None:
    record = GameRecord(3, seed=11, edition=EDITIONS["tournament"])
    record = record.add(Draw()).add(Timeout()).add(Draw())
    expected = GameState.new(3, seed=11, edition=EDITIONS["tournament"])
    assert record.initial_state() == expected
    for action in record.actions:
        expected = expected.apply(action)
    assert record.replay() == expected
    assert loads(dumps(record), GameRecord).replay() == expected


def test_record_with_deal_replays_from_the_deal() -> None:
    deal = a_deal()
    record = GameRecord(2, deal=deal, actions=[Draw(), Draw()])
    start = GameState.from_deal(deal.racks, deal.pool, first=deal.first)
    assert record.initial_state() == start
    assert record.replay() == start.apply(Draw()).apply(Draw())
    assert record.replay().current == deal.first
    seeded = attrs.evolve(record, seed=9)
    assert seeded.initial_state().seed == 9


def test_record_players_within_the_edition() -> None:
    with pytest.raises(ValueError, match="players must be from 2 to 4, got 5"):
        GameRecord(5, seed=1)
    assert GameRecord(6, seed=1, edition=EDITIONS["xp"]).players == 6


def test_record_deal_must_be_the_whole_box() -> None:
    deal = a_deal()
    with pytest.raises(ValueError, match="exactly the edition's full set"):
        GameRecord(2, deal=attrs.evolve(deal, pool=deal.pool[1:]))
    with pytest.raises(ValueError, match="exactly the edition's full set"):
        GameRecord(2, deal=attrs.evolve(deal, pool=(*deal.pool[1:], JOKER)))
    with pytest.raises(ValueError, match="3 racks for 2 players"):
        GameRecord(2, deal=a_deal(3))


def test_deal_first_seat_in_range() -> None:
    with pytest.raises(ValueError, match="first must be a seat from 0 to 1"):
        Deal([(), ()], STANDARD_SET.all_tiles(), first=2)


def test_record_actions_are_actions() -> None:
    with pytest.raises(TypeError, match="expected an action"):
        GameRecord(2, seed=1, actions=["draw"])  # type: ignore[list-item]


def test_record_refusal_names_the_action() -> None:
    actions: list[object] = [{"action": "draw"}] * 3
    actions.append({"action": "play", "after": ["r1 r2 r3", 7]})
    data = {"edition": "classic", "players": 2, "seed": 1, "actions": actions}
    with pytest.raises(FormatError, match="expected a string, got the number 7") as caught:
        from_json(document("game_record", data))
    assert caught.value.path == "data.actions[3].after[1]"
    assert str(caught.value).startswith("data.actions[3].after[1]: ")


# Series ----------------------------------------------------------------------------------------


def test_series_round_trips() -> None:
    series = Series(3, EDITIONS["tournament"]).add((5, -2, -3), 0).add((2, 3, -5), [0, 1])
    text = dumps(series)
    assert json.loads(text)["data"] == {
        "players": 3,
        "edition": "tournament",
        "rounds": None,
        "games": [
            {"scores": [5, -2, -3], "winners": [0]},
            {"scores": [2, 3, -5], "winners": [0, 1]},
        ],
    }
    assert loads(text, Series) == series


def test_series_refusal_names_the_game() -> None:
    data = {"players": 2, "edition": "classic", "games": [{"scores": [1, -1], "winners": [2]}]}
    with pytest.raises(FormatError, match="seat from 0 to 1") as caught:
        from_json(document("series", data))
    assert caught.value.path == "data.games[0]"


# Documents -------------------------------------------------------------------------------------


def test_format_error_is_a_rummikub_error_and_value_error() -> None:
    assert issubclass(FormatError, RummikubError)
    assert issubclass(FormatError, ValueError)


def test_dumps_writes_the_envelope_first() -> None:
    text = dumps(parse_table("r1 r2 r3"))
    assert text.startswith('{"format": "rummikub-rules", "version": 2, "type": "table"')


def test_dumps_keeps_unicode_readable() -> None:
    edition = CLASSIC.evolve(description="Руммикуб", joker_penalty=31)
    assert "Руммикуб" in dumps(edition)
    assert loads(dumps(edition)) == edition


@pytest.mark.parametrize(
    ("doc", "path", "reason"),
    [
        ([], "", "expected an object, got an array"),
        ({}, "format", "not a rummikub-rules document"),
        ({"format": "chess", "version": 1}, "format", "not a rummikub-rules document"),
        ({"format": FORMAT}, "version", "the version is an integer, got null"),
        ({"format": FORMAT, "version": "1"}, "version", "the version is an integer"),
        ({"format": FORMAT, "version": 3, "type": "x"}, "version", "unsupported version 3"),
        ({"format": FORMAT, "version": 1, "type": "tile"}, "data", "missing field"),
        ({**document("tile", "r1"), "extra": 1}, "extra", "unknown field"),
        (document("melds", []), "type", "unknown type 'melds' for version 2; known types: tile,"),
        (document("tile", "r14"), "data", "no such tile as 'r14'"),
        (document("tile", None), "data", "expected a string, got null"),
        (document("table", ["r1 r2 r3", ["r4"]]), "data[1]", "expected a string, got an array"),
        (document("edition", {"deal_size": 60}), "data", "too small to deal"),
        ({1: 2}, "", "object keys are strings"),
    ],
)
def test_document_refusals_name_the_field(doc: object, path: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason) as caught:
        from_json(doc)
    assert caught.value.path == path


def test_version_is_checked_before_the_rest() -> None:
    future = {"format": FORMAT, "version": 3, "type": "hologram", "payload": {}}
    with pytest.raises(FormatError, match="unsupported version 3; this library reads versions 1"):
        from_json(future)


def test_expect_refuses_another_type() -> None:
    with pytest.raises(FormatError, match="expected a Table, got a Tile") as caught:
        from_json(document("tile", "r1"), Table)
    assert caught.value.path == "type"
    with pytest.raises(FormatError, match="expected a Play, got a Draw"):
        loads(dumps(Draw()), Play)


def test_loads_refuses_text_that_is_not_json() -> None:
    with pytest.raises(FormatError, match="not valid JSON") as caught:
        loads('{"format": ')
    assert caught.value.path == ""
    with pytest.raises(FormatError, match="not valid JSON"):
        loads("[" * 100_000 + "]" * 100_000)


def test_loads_accepts_bytes() -> None:
    assert loads(dumps(JOKER).encode()) == JOKER


def test_to_json_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match="cannot serialize dict; documents hold: tile, tiles"):
        to_json({})
    with pytest.raises(TypeError, match="cannot serialize tuple"):
        to_json((JOKER, "r1"))


def test_game_state_round_trips_mid_game_and_at_the_end() -> None:
    from rummikub_rules import Draw, GameState, Pass

    game = GameState.new(3, seed=11).apply(Draw())
    assert loads(dumps(game), GameState) == game
    while not game.is_over:
        game = game.apply(Draw() if game.pool else Pass())
    assert loads(dumps(game), GameState) == game


def test_game_state_with_tiles_missing_is_refused() -> None:
    from rummikub_rules import GameState

    document = to_json(GameState.new(2, seed=3))
    document["data"]["pool"] = ""
    with pytest.raises(FormatError, match="the edition's box holds 106"):
        from_json(document)
