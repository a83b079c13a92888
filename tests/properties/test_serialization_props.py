"""Properties of the JSON documents: every value round-trips; malformed input raises FormatError."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rummikub_rules.actions import Action, Draw, FailedTurn, Pass, Play, Timeout
from rummikub_rules.editions import (
    EDITIONS,
    Edition,
    FirstPlayer,
    GroupJokerReplacement,
    JokerInInitialMeld,
    JokerRetrieval,
    PoolEmptyEnd,
    PoolEmptyScoring,
    ReplacementFrom,
    SeriesWinner,
    WinnerScores,
)
from rummikub_rules.errors import FormatError
from rummikub_rules.melds import Meld, MeldKind, RunWrap, Table
from rummikub_rules.scoring import GameResult, Series
from rummikub_rules.serialization import (
    Deal,
    GameRecord,
    dumps,
    edition_from_json,
    edition_to_json,
    from_json,
    loads,
    to_json,
)
from rummikub_rules.state import GameState
from rummikub_rules.tiles import XP_SET, Color, TileSet

tiles = st.sampled_from(XP_SET.distinct_tiles())
tile_lists = st.lists(tiles, max_size=10).map(tuple)
melds = st.builds(
    Meld, st.lists(tiles, min_size=1, max_size=8), st.none() | st.sampled_from(MeldKind)
)
tables = st.lists(melds, max_size=6).map(Table)
actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Play, tables),
    st.builds(Draw),
    st.builds(Pass),
    st.builds(Timeout),
    st.builds(FailedTurn, tile_lists),
)


@st.composite
def tile_sets(draw: st.DrawFn) -> TileSet:
    colors = draw(st.permutations(list(Color)).map(lambda c: c[: draw(st.integers(1, 4))]))
    low = draw(st.integers(1, 13))
    high = draw(st.integers(low, 13))
    return TileSet(colors, range(low, high + 1), draw(st.integers(1, 3)), draw(st.integers(0, 4)))


@st.composite
def custom_editions(draw: st.DrawFn) -> Edition:
    tile_set = draw(tile_sets())
    min_players = draw(st.integers(2, 4))
    assume(tile_set.size >= min_players)
    maybe_count = st.none() | st.integers(0, 5)
    return Edition(
        name=draw(st.text(max_size=12)),
        description=draw(st.text(max_size=30)),
        tile_set=tile_set,
        deal_size=draw(st.integers(1, tile_set.size // min_players)),
        min_players=min_players,
        max_players=draw(st.integers(min_players, 6)),
        first_player=draw(st.sampled_from(FirstPlayer)),
        run_wrap=draw(st.sampled_from(RunWrap)),
        group_colors_distinct=draw(st.booleans()),
        max_jokers_per_meld=draw(maybe_count),
        initial_meld_points=draw(st.integers(0, 60)),
        joker_in_initial_meld=draw(st.sampled_from(JokerInInitialMeld)),
        opening_may_use_table=draw(st.booleans()),
        joker_retrieval=draw(st.sampled_from(JokerRetrieval)),
        replacement_from=draw(st.sampled_from(ReplacementFrom)),
        group_joker_replacement=draw(st.sampled_from(GroupJokerReplacement)),
        freed_joker_rack_tiles=draw(st.integers(0, 3)),
        freed_joker_new_meld=draw(st.booleans()),
        joker_melds_extend_only=draw(st.booleans()),
        turn_seconds=draw(st.none() | st.integers(1, 300)),
        timeout_draw=draw(st.integers(0, 3)),
        failed_turn_draw=draw(st.integers(0, 3)),
        pool_empty_end=draw(st.sampled_from(PoolEmptyEnd)),
        pool_empty_scoring=draw(st.sampled_from(PoolEmptyScoring)),
        winner_scores=draw(st.sampled_from(WinnerScores)),
        joker_penalty=draw(st.integers(0, 100)),
        never_opened_penalty=draw(st.integers(0, 100)),
        series_winner=draw(st.sampled_from(SeriesWinner)),
    )


editions = st.sampled_from(list(EDITIONS.values())) | custom_editions()


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    edition = draw(editions)
    players = draw(st.integers(edition.min_players, edition.max_players))
    history = draw(st.lists(actions, max_size=5))
    if draw(st.booleans()):
        return GameRecord(players, edition=edition, seed=draw(st.integers()), actions=history)
    box = draw(st.permutations(edition.tile_set.all_tiles()))
    size = min(edition.deal_size, len(box) // players)
    racks = [box[seat * size : (seat + 1) * size] for seat in range(players)]
    deal = Deal(racks, box[players * size :], first=draw(st.integers(0, players - 1)))
    return GameRecord(players, edition=edition, deal=deal, actions=history)


@st.composite
def series(draw: st.DrawFn) -> Series:
    edition = draw(editions)
    players = draw(st.integers(2, edition.max_players))
    scores = st.lists(st.integers(-500, 500), min_size=players, max_size=players)
    winners = st.sets(st.integers(0, players - 1), min_size=1).map(sorted)
    games = draw(st.lists(st.builds(GameResult, scores, winners), max_size=4))
    return Series(players, edition, games)


values = st.one_of(tiles, tile_lists, melds, tables, editions, actions, records(), series())

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


# Round trips -----------------------------------------------------------------------------------


@given(values)
def test_every_value_round_trips_through_json_text(value: object) -> None:
    assert loads(dumps(value)) == value


@given(values)
def test_documents_are_plain_json(value: object) -> None:
    document = to_json(value)
    assert json.loads(json.dumps(document)) == document
    assert from_json(document) == value


@given(tables)
def test_tables_keep_meld_order_and_kinds(table: Table) -> None:
    back = loads(dumps(table), Table)
    assert back.melds == table.melds
    assert [m.kind for m in back.melds] == [m.kind for m in table.melds]


@given(custom_editions())
def test_custom_editions_keep_their_labels_unless_equal_to_a_preset(edition: Edition) -> None:
    back = edition_from_json(edition_to_json(edition))
    assert back == edition
    if edition not in EDITIONS.values():
        assert (back.name, back.description) == (edition.name, edition.description)
    else:
        assert back.name in EDITIONS


@given(
    st.sampled_from(list(EDITIONS.values())),
    st.integers(0, 2**64),
    st.lists(st.sampled_from([Draw(), Timeout(), FailedTurn()]), max_size=12),
)
def test_a_recorded_game_replays_to_the_same_state(
    edition: Edition, seed: int, moves: list[Action]
) -> None:
    state = GameState.new(edition.min_players, edition=edition, seed=seed)
    for move in moves:
        if not state.check(move):
            break
        state = state.apply(move)
    record = GameRecord(state.players, edition=edition, seed=seed, actions=state.history)
    assert loads(dumps(record), GameRecord).replay() == state


# Malformed input -------------------------------------------------------------------------------


def refuses_or_reads(document: object) -> None:
    """from_json either reads ``document`` or raises FormatError; nothing else may escape."""
    try:
        from_json(document)
    except FormatError:
        return
    except Exception as error:  # pragma: no cover - this is the failure being tested for
        pytest.fail(f"{type(error).__name__} escaped: {error!r}")


def envelope(kind: str, data: object) -> dict[str, object]:
    return {"format": "rummikub-rules", "version": 1, "type": kind, "data": data}


@given(json_values)
def test_random_json_is_refused_with_format_error(document: object) -> None:
    refuses_or_reads(document)


DOCUMENT_TYPES = ("tile", "tiles", "meld", "table", "edition", "action", "game_record", "series")


@given(st.sampled_from(DOCUMENT_TYPES), json_values)
def test_random_data_of_each_type_is_refused_with_format_error(kind: str, data: object) -> None:
    refuses_or_reads(envelope(kind, data))


@given(st.text(max_size=60) | st.binary(max_size=60))
def test_random_text_is_refused_with_format_error(text: str | bytes) -> None:
    with contextlib.suppress(FormatError):
        loads(text)


def mutate(data: st.DataObject, value: Any) -> Any:
    """``value`` with one random change deep inside: a replaced, removed or added member."""
    if isinstance(value, dict) and value and data.draw(st.integers(0, 3)):
        key = data.draw(st.sampled_from(sorted(value)))
        change = data.draw(st.sampled_from(["descend", "descend", "remove", "add"]))
        copy = dict(value)
        if change == "descend":
            copy[key] = mutate(data, value[key])
        elif change == "remove":
            del copy[key]
        else:
            copy[data.draw(st.text(max_size=8))] = data.draw(json_values)
        return copy
    if isinstance(value, list) and value and data.draw(st.integers(0, 3)):
        index = data.draw(st.integers(0, len(value) - 1))
        return [*value[:index], mutate(data, value[index]), *value[index + 1 :]]
    return data.draw(json_values)


@given(values, st.data())
def test_damaged_documents_are_refused_with_format_error(value: object, data: Any) -> None:
    refuses_or_reads(mutate(data, to_json(value)))


@given(values, st.data())
def test_damaged_text_is_refused_with_format_error(value: object, data: Any) -> None:
    text = dumps(value)
    cut = data.draw(st.integers(0, len(text)))
    noise = data.draw(st.text(max_size=4))
    with contextlib.suppress(FormatError):
        loads(text[:cut] + noise + text[cut + 1 :])
