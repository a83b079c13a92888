"""JSON with coloured jokers: the Expert set and mixed sets round-trip, an expert game saves and
replays, and documents written before coloured jokers still load (issue 16 item 3).

The fixtures in tests/data/v2 were written by the release at commit 0433800, before coloured
jokers (see make_fixtures.py there).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    EXPERT_SET,
    Color,
    Draw,
    Edition,
    FormatError,
    GameRecord,
    GameState,
    Meld,
    Play,
    Table,
    Tile,
    TileSet,
    dumps,
    from_json,
    loads,
    parse_table,
    parse_tile,
    parse_tiles,
    to_json,
)
from rummikub_rules.actions import Action
from rummikub_rules.bots import DrawBot
from rummikub_rules.runner import play_game
from rummikub_rules.serialization import (
    VERSION,
    Deal,
    edition_from_json,
    edition_to_json,
    tiles_from_json,
)

DATA = Path(__file__).parent / "data" / "v2"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())

EXPERT = EDITIONS["expert"]
#: A custom set holding plain and coloured jokers together.
MIXED = CLASSIC.evolve(name="mixed", tile_set=TileSet(jokers=2, colored_jokers=1))


def document(kind: str, data: object) -> dict[str, Any]:
    return {"format": "rummikub-rules", "version": VERSION, "type": kind, "data": data}


# Tiles, melds, tables, actions -----------------------------------------------------------------


def test_coloured_jokers_are_written_in_their_notation() -> None:
    assert to_json(Tile.joker(Color.RED)) == document("tile", "jr")
    assert to_json(parse_tiles("k5 jk jr jb jo j")) == document("tiles", "k5 jk jr jb jo j")
    assert from_json(document("tile", "JY")) == Tile.joker(Color.ORANGE)
    assert tiles_from_json("jr, Jo") == (Tile.joker(Color.RED), Tile.joker(Color.ORANGE))


@pytest.mark.parametrize(
    "table", ["r5 jr r7 | k5 b5 jr", "k5 jr jb | r5 r6 jr jr", "group: k5 jo j | run: b1 jb b3"]
)
def test_tables_and_plays_with_coloured_jokers_round_trip(table: str) -> None:
    value = parse_table(table)
    assert loads(dumps(value), Table).melds == value.melds
    assert [str(meld) for meld in loads(dumps(value), Table).melds] == table.split(" | ")
    assert loads(dumps(Play(value))) == Play(value)
    meld = value.melds[0]
    assert loads(dumps(meld), Meld) == meld


# Tile sets and editions ------------------------------------------------------------------------


def test_the_expert_preset_is_written_by_name() -> None:
    assert edition_to_json(EXPERT) == "expert"
    assert edition_from_json("Expert") is EXPERT
    assert edition_to_json(CLASSIC.evolve(tile_set=EXPERT_SET)) == "expert"


@pytest.mark.parametrize(
    "tile_set",
    [
        TileSet(jokers=2, colored_jokers=1),
        TileSet(jokers=0, colored_jokers=2),
        TileSet(colors=(Color.RED, Color.BLUE), jokers=4, colored_jokers=2),
    ],
    ids=repr,
)
def test_a_tile_set_with_coloured_jokers_round_trips(tile_set: TileSet) -> None:
    edition = CLASSIC.evolve(name="box", tile_set=tile_set, joker_penalty=40)
    fields = edition_to_json(edition)
    assert isinstance(fields, dict)
    assert fields["tile_set"]["colored_jokers"] == tile_set.colored_jokers
    back = loads(dumps(edition), Edition)
    assert back == edition
    assert back.tile_set.colored_jokers == tile_set.colored_jokers


def test_a_tile_set_without_coloured_jokers_is_written_as_before() -> None:
    fields = edition_to_json(CLASSIC.evolve(tile_set=TileSet(jokers=4)))
    assert isinstance(fields, dict)
    assert list(fields["tile_set"]) == ["colors", "numbers", "copies", "jokers"]


def test_a_tile_set_without_the_key_has_no_coloured_jokers() -> None:
    edition = edition_from_json({"tile_set": {"copies": 2, "jokers": 4}})
    assert edition.tile_set == TileSet(jokers=4)
    assert edition.tile_set.colored_jokers == 0


@pytest.mark.parametrize(
    ("tile_set", "path", "reason"),
    [
        ({"colored_joker": 2}, "tile_set.colored_joker", "unknown field"),
        ({"colored_jokers": "2"}, "tile_set.colored_jokers", "expected an integer"),
        ({"colored_jokers": -1}, "tile_set", "colored_jokers"),
        ({"colored_jokers": 2}, "tile_set", "at most 8 jokers"),
    ],
)
def test_tile_set_refusals_name_the_field(tile_set: object, path: str, reason: str) -> None:
    with pytest.raises(FormatError, match=reason) as caught:
        edition_from_json({"tile_set": tile_set})
    assert caught.value.path == path


# A whole expert game ---------------------------------------------------------------------------


def expert_record() -> GameRecord:
    """A short expert game dealt by hand: openings with coloured jokers, ``jr`` freed by ``r11``
    and re-laid as a red tile, and seat 0 going out while seat 1 keeps ``jb``."""
    seat_0 = parse_tiles("r10 jr r12 k1 k2 k3 k4 k5 k6 k7 k8 k9 k11 jk")
    seat_1 = parse_tiles("k10 b10 jo r10 r11 r5 r6 jb o1 o2 b3 b4 o7 o8")
    k12 = parse_tile("k12")
    rest = Counter(EXPERT.tile_set.all_tiles()) - Counter(seat_0) - Counter(seat_1)
    rest[k12] -= 1
    pool = (k12, *sorted(rest.elements(), key=lambda tile: tile.index))
    tables = [
        "r10 jr r12 | k1 k2 k3",
        "r10 jr r12 | k1 k2 k3 | k10 b10 jo",
        None,
        "r10 r11 r12 | k1 k2 k3 | k10 b10 jo | r5 r6 jr",
        "r10 r11 r12 | k1 k2 k3 | k10 b10 jo | r5 r6 jr | k4 k5 k6 k7 k8 k9 | k11 k12 jk",
    ]
    actions: list[Action] = [Draw() if t is None else Play(parse_table(t)) for t in tables]
    deal = Deal((seat_0, seat_1), pool, first=0)
    return GameRecord(2, edition=EXPERT, deal=deal, seed=3, actions=actions)


def test_an_expert_game_saves_loads_and_replays() -> None:
    record = expert_record()
    text = dumps(record)
    assert '"edition": "expert"' in text
    assert "jr" in text
    assert "jb" in text
    back = loads(text, GameRecord)
    assert back == record
    game = back.replay()
    assert game == record.replay()
    assert game.is_over
    assert game.result is not None
    assert game.result.winners == (0,)
    # seat 1 keeps r10 jb o1 o2 b3 b4 o7 o8: 35 points and a joker at the edition's 30
    assert game.result.scores == (65, -65)


def test_an_expert_game_state_round_trips_mid_game_and_at_the_end() -> None:
    record = expert_record()
    state = record.initial_state()
    for action in record.actions:
        state = state.apply(action)
        back = loads(dumps(state), GameState)
        assert back == state
        assert back.to_record() == state.to_record()
        assert loads(dumps(state.view(1))) == state.view(1)


def test_a_bots_expert_game_saves_and_replays() -> None:
    record = play_game([DrawBot(), DrawBot(), DrawBot()], edition="expert", seed=16)
    back = loads(dumps(record), GameRecord)
    assert back == record
    game = back.replay()
    assert game == record.replay()
    assert game.is_over
    dealt = [tile for rack in record.initial_state().racks for tile in rack]
    assert any(tile.is_colored_joker for tile in dealt)


def test_a_mixed_set_game_saves_and_replays() -> None:
    record = GameRecord(3, edition=MIXED, seed=4).add(Draw()).add(Draw())
    state = record.replay()
    assert loads(dumps(record), GameRecord) == record
    assert loads(dumps(state), GameState) == state
    assert (
        sum(tile.is_joker for tile in state.pool)
        + sum(tile.is_joker for rack in state.racks for tile in rack)
        == MIXED.tile_set.total_jokers
    )


# Documents written before coloured jokers ------------------------------------------------------


def read(name: str) -> str:
    return (DATA / f"{name}.json").read_text(encoding="utf-8")


def test_the_fixtures_have_no_coloured_jokers_key() -> None:
    for path in DATA.glob("*.json"):
        assert "colored_jokers" not in path.read_text(encoding="utf-8"), path.name
        if path.name != "expected.json":
            assert json.loads(path.read_text(encoding="utf-8"))["version"] == VERSION


def test_an_older_edition_document_loads_and_is_written_back_the_same() -> None:
    edition = loads(read("edition_four_jokers"), Edition)
    assert edition.tile_set == TileSet(jokers=4)
    assert (edition.name, edition.joker_penalty) == ("four jokers", 25)
    assert dumps(edition, indent=2) + "\n" == read("edition_four_jokers")


def test_an_older_record_loads_and_replays_to_the_state_it_saved() -> None:
    expected = EXPECTED["record_four_jokers"]
    record = loads(read("record_four_jokers"), GameRecord)
    final = loads(read("record_four_jokers.final_state"), GameState)
    game = record.replay()
    assert game == final
    assert len(record.actions) == expected["actions"]
    assert sum(isinstance(action, Play) for action in record.actions) == expected["plays"]
    assert game.is_over is expected["over"]
    assert [str(meld) for meld in game.table.melds] == expected["table"]
    assert len(game.pool) == expected["pool"]
    assert dumps(record, indent=2) + "\n" == read("record_four_jokers")


def test_older_tables_and_actions_load() -> None:
    assert loads(read("table_with_jokers"), Table).melds == parse_table("r9 j r11 | k5 b5 j").melds
    assert loads(read("action_play")) == Play(parse_table("r9 j r11"))
