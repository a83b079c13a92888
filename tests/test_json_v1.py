"""Documents written by rummikub-rules 0.1 (format version 1) still load and replay the same.

The fixtures in tests/data/v1 were written by the release at commit 8290034 (see
make_fixtures.py there); expected.json holds what that release computed at the end of each game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Edition,
    FailedTurn,
    FormatError,
    GameRecord,
    GameState,
    IllegalMove,
    JokerInInitialMeld,
    PoolEmptyScoring,
    RummikubError,
    Series,
    WinnerScores,
    dumps,
    from_json,
    loads,
    parse_tiles,
)

DATA = Path(__file__).parent / "data" / "v1"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())
RECORDS = sorted(EXPECTED)


def read(name: str) -> str:
    return (DATA / f"{name}.json").read_text()


def v1(kind: str, data: object) -> dict[str, Any]:
    return {"format": "rummikub-rules", "version": 1, "type": kind, "data": data}


def test_the_fixtures_are_version_1_documents() -> None:
    for path in DATA.glob("*.json"):
        if path.name != "expected.json":
            assert json.loads(path.read_text())["version"] == 1, path.name


@pytest.mark.parametrize("name", RECORDS)
def test_version_1_record_replays_to_the_state_version_1_saved(name: str) -> None:
    record = loads(read(name), GameRecord)
    final = loads(read(f"{name}.final_state"), GameState)
    replayed = record.replay()
    assert attrs.evolve(replayed, deal=None) == attrs.evolve(final, deal=None)
    expected = EXPECTED[name]
    assert len(record.actions) == expected["actions"]
    assert replayed.is_over == expected["over"]
    assert list(replayed.winners) == expected["winners"]
    if expected["over"]:
        assert list(replayed.scores()) == expected["scores"]
        assert list(final.scores()) == expected["scores"]


@pytest.mark.parametrize("name", RECORDS)
def test_version_1_record_saved_again_is_version_2_and_keeps_its_rules(name: str) -> None:
    record = loads(read(name), GameRecord)
    text = dumps(record)
    assert json.loads(text)["version"] == 2
    again = loads(text, GameRecord)
    assert again == record
    assert again.edition.name == record.edition.name
    assert again.replay() == record.replay()


@pytest.mark.parametrize("name", [n for n in RECORDS if n != "record_joker_back_in_its_run"])
def test_version_1_state_of_a_seeded_game_finds_its_deal(name: str) -> None:
    state = loads(read(f"{name}.final_state"), GameState)
    assert state.deal is not None
    assert state.to_record() == loads(read(name), GameRecord)
    assert state.to_record().replay() == state


def test_version_1_state_of_an_explicit_deal_loads_without_its_deal() -> None:
    state = loads(read("record_joker_back_in_its_run.final_state"), GameState)
    assert state.deal is None
    with pytest.raises(RummikubError, match="does not know how it was dealt"):
        state.to_record()
    assert loads(dumps(state), GameState) == state


def test_version_1_midgame_state_goes_on() -> None:
    state = loads(read("state_classic_midgame"), GameState)
    assert not state.is_over
    assert state.to_record().replay() == state
    assert loads(dumps(state), GameState) == state


def test_version_1_failed_turn_keeps_its_order_of_draw_and_pool() -> None:
    # Version 1 shuffled the lost tiles into the pool before the penalty draw; the migrated
    # edition keeps that order. In today's order the player draws other tiles, and a later play
    # of the recorded game uses a tile that player never drew.
    record = loads(read("record_failed_turn_to_pool"), GameRecord)
    assert record.edition.failed_turn_draw_first is False
    failed = next(i for i, action in enumerate(record.actions) if isinstance(action, FailedTurn))
    assert record.actions[failed] == FailedTurn(parse_tiles("b11"))
    today = attrs.evolve(record, edition=record.edition.evolve(failed_turn_draw_first=True))
    then = attrs.evolve(record, actions=record.actions[: failed + 1]).replay()
    now = attrs.evolve(today, actions=today.actions[: failed + 1]).replay()
    seat = (record.initial_state().current + failed) % record.players
    assert then.racks[seat][-3:] != now.racks[seat][-3:]  # the penalty draw
    assert then.table == now.table
    with pytest.raises(IllegalMove, match="not on the player's rack"):
        today.replay()


def test_version_1_pl_2026_keeps_scoring_by_difference() -> None:
    record = loads(read("record_pl_2026_pool_empty"), GameRecord)
    assert record.edition.pool_empty_scoring is PoolEmptyScoring.DIFFERENCE
    final = record.replay()
    assert final.pool == ()
    racks = attrs.evolve(record, edition=record.edition.evolve(pool_empty_scoring="racks"))
    assert racks.replay().scores() != final.scores()


def test_version_1_series_has_no_agreed_rounds() -> None:
    series = loads(read("series_tournament"), Series)
    assert series.rounds is None
    assert series.points == (7, 1, -8)
    assert series.edition.name == "tournament (version 1)"


# Editions --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "ua-wiki", "pl-2026", "sabra-1978"])
def test_version_1_preset_keeps_the_values_it_was_saved_with(name: str) -> None:
    edition = loads(read(f"edition_{name}"), Edition)
    assert edition.name == f"{name} (version 1)"
    assert edition.freed_joker_new_meld is False
    assert edition.pool_empty_scoring is PoolEmptyScoring.DIFFERENCE
    assert edition.winner_scores is WinnerScores.OTHERS_SUM
    assert edition.failed_turn_draw_first is False
    changed = {"freed_joker_new_meld", "failed_turn_draw_first"}
    if name == "pl-2026":
        changed.add("pool_empty_scoring")
    if name == "ua-wiki":
        assert edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN
        changed.add("joker_in_initial_meld")
    if name == "sabra-1978":
        changed.discard("freed_joker_new_meld")  # it never had the rule
    assert {d.field for d in EDITIONS[name].diff(edition)} == changed


def test_version_1_edition_aliases_and_case() -> None:
    assert from_json(v1("edition", " Standard ")) == from_json(v1("edition", "classic"))
    assert from_json(v1("edition", "ukrainian")) == from_json(v1("edition", "ua-wiki"))


@pytest.mark.parametrize("name", ["ru-classic", "expert"])
def test_version_1_never_had_the_presets_added_since(name: str) -> None:
    with pytest.raises(FormatError, match=f"unknown version 1 edition '{name}'") as caught:
        from_json(v1("edition", name))
    assert caught.value.path == "data"


def test_version_1_field_object_takes_version_1_values_for_what_it_leaves_out() -> None:
    edition = from_json(v1("edition", {"joker_penalty": 40}), Edition)
    assert edition == CLASSIC.evolve(
        joker_penalty=40,
        freed_joker_new_meld=False,
        failed_turn_draw_first=False,
    )
    assert edition.name == "custom"


@pytest.mark.parametrize(("flag", "value"), [(True, "counts"), (False, "forbidden")])
def test_version_1_joker_in_initial_meld_booleans_become_the_choice(flag: bool, value: str) -> None:
    edition = from_json(v1("edition", {"joker_in_initial_meld": flag}), Edition)
    assert edition.joker_in_initial_meld == value


@pytest.mark.parametrize(
    ("fields", "path", "reason"),
    [
        ({"joker_in_initial_meld": "counts"}, "data.joker_in_initial_meld", "true or false"),
        ({"freed_joker_new_meld": True}, "data.freed_joker_new_meld", "unknown field"),
        ({"winner_scores": "zero"}, "data.winner_scores", "unknown field"),
        (
            {"tile_set": {"jokers": 0, "colored_jokers": 2}},
            "data.tile_set.colored_jokers",
            "unknown field",
        ),
        ([], "data", "expected an object"),
    ],
)
def test_version_1_field_object_refuses_what_version_1_could_not_write(
    fields: object, path: str, reason: str
) -> None:
    with pytest.raises(FormatError, match=reason) as caught:
        from_json(v1("edition", fields))
    assert caught.value.path == path


def test_version_1_has_no_player_views() -> None:
    view = GameState.new(2, seed=1).view(0)
    document = {**json.loads(dumps(view)), "version": 1}
    with pytest.raises(FormatError, match="unknown type 'player_view' for version 1") as caught:
        from_json(document)
    assert caught.value.path == "type"


def test_version_1_record_edition_path_is_named() -> None:
    data = {"edition": "dutch", "players": 2, "seed": 1, "actions": []}
    with pytest.raises(FormatError, match="unknown version 1 edition 'dutch'") as caught:
        from_json(v1("game_record", data))
    assert caught.value.path == "data.edition"
