"""Hostile JSON documents: each answers within a budget of work with an object or a RummikubError.

The reproducers of issue 9 (a tiny state document naming a billion copies, state documents that
load into broken games, a quadratic replay, tile sets that save but do not load) and the attacks
found beyond them, ending in a fuzz of ``loads`` over mutated valid documents. The budgets count
function calls (issue 18): a few thousand to refuse a document at once, a bounded number per
action replayed or per character read.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections import Counter
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Draw,
    FormatError,
    GameRecord,
    GameState,
    InputTooLargeError,
    InvalidTypeError,
    Meld,
    Pass,
    Play,
    RummikubError,
    Series,
    Table,
    Tile,
    TileSet,
    Timeout,
    dumps,
    from_json,
    loads,
    notation,
    parse_table,
    parse_tiles,
    serialization,
    to_json,
)
from tests.depth import examples
from tests.hostile._clock import within
from tests.hostile._work import at_once, linear

#: Function calls to read a whole game state document, and so the most a refusal may cost
#: (about 3,400 measured): a list of 100,000 items read one by one would cost 100,000 and more.
A_STATE = 20_000
#: Function calls per action replayed from a record (about 50 measured).
PER_ACTION = 100


def document(kind: str, data: object, version: int = 2) -> str:
    body = {"format": "rummikub-rules", "version": version, "type": kind, "data": data}
    return json.dumps(body, separators=(",", ":"))


TINY_STATE: dict[str, Any] = {
    "edition": {"tile_set": {"copies": 1_000_000_000}},
    "racks": ["", ""],
    "table": [],
    "pool": "",
    "current": 0,
    "opened": [False, False],
    "seed": 0,
}


@pytest.mark.parametrize("version", [1, 2])
def test_tiny_state_naming_a_billion_copies_is_refused_at_once(version: int) -> None:
    text = document("game_state", TINY_STATE, version)
    assert len(text) < 222
    with at_once(), pytest.raises(FormatError, match=r"copies must be 1\.\.4") as caught:
        loads(text)
    assert caught.value.path == "data.edition.tile_set"


@pytest.mark.parametrize("version", [1, 2])
def test_record_naming_a_billion_copies_is_refused_before_any_replay(version: int) -> None:
    data = {"edition": TINY_STATE["edition"], "players": 2, "seed": 1, "actions": []}
    with at_once(), pytest.raises(FormatError, match=r"copies must be 1\.\.4"):
        loads(document("game_record", data, version))


def test_tile_set_of_true_copies_cannot_be_built_saved_or_loaded() -> None:
    with pytest.raises(InvalidTypeError, match="copies must be an int"):
        TileSet(copies=True)
    with pytest.raises(InvalidTypeError):
        TileSet(copies=2.5)  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="expected an integer, got a boolean"):
        loads(document("edition", {"tile_set": {"copies": True}}))


def test_edition_named_by_a_number_is_refused_where_it_is_built() -> None:
    with pytest.raises(InvalidTypeError, match="name must be a str"):
        CLASSIC.evolve(name=123)
    with pytest.raises(FormatError, match="expected a string") as caught:
        loads(document("edition", {"name": 123}))
    assert caught.value.path == "data.name"


@pytest.mark.parametrize("text", [12345, None, 1.5, [], {}, object(), ["{}"]])
def test_loads_of_something_not_text_is_a_rummikub_error(text: Any) -> None:
    with pytest.raises(InvalidTypeError, match="loads reads a str or bytes"):
        loads(text)


@pytest.mark.parametrize("text", ["x" * (serialization.MAX_DOCUMENT_SIZE + 1), b" " * 10**7])
def test_text_longer_than_any_game_is_refused_before_it_is_parsed(text: str | bytes) -> None:
    with at_once(), pytest.raises(InputTooLargeError, match="document characters"):
        loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 1_000_000,
        '{"a":' * 500_000 + "1" + "}" * 500_000,
        '{"format": "rummikub-rules", "version": 2, "type": "tile", "data": "' + "9" * 10**6,
        "\udcff",
        b"\xff\xfe\x00",
    ],
)
def test_garbage_text_is_a_format_error(text: str | bytes) -> None:
    with at_once(), pytest.raises(FormatError, match="not valid JSON"):
        loads(text)


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("seed", "1" * 4000, "expected an integer"),
        ("current", 10**100, "current must be a seat"),
        ("idle_turns", -(10**30), "idle_turns must be from 0"),
        ("racks", ["r1"] * 100_000, "items: 100000 is more than the 216"),
        ("pool", "r1 " * 300_000, "characters"),
        ("table", ["r1 r2 r3"] * 100_000, "items: 100000 is more than the 216"),
        ("table", ["r1 r2 r3 r4 r5 r6 r7 r8 r9 r10"] * 200, "tiles: 220 is more than the 216"),
        ("opened", [True] * 500_000, "items: 500000 is more than the 216"),
        ("history", [{"action": "play", "after": ["r1"] * 10_000}], "items: 10000"),
    ],
)
def test_state_fields_far_beyond_a_game_are_refused_early(
    field: str, value: object, reason: str
) -> None:
    data = to_json(GameState.new(2, seed=1))["data"]
    data[field] = value
    text = document("game_state", data)
    with at_once(few=A_STATE), pytest.raises(FormatError, match=reason):
        loads(text)


def _state_data(**changes: object) -> dict[str, Any]:
    data: dict[str, Any] = to_json(GameState.new(2, seed=3))["data"]
    data.update(changes)
    return data


def _with_invalid_melds() -> dict[str, Any]:
    data = _state_data(deal=None)
    first, second, rest = data["pool"].split(" ", 2)
    data["pool"], data["table"] = rest, [f"{first} {second}"]
    return data


def _with_a_rack_emptied() -> dict[str, Any]:
    data = _state_data(deal=None)
    rack = data["racks"][1]
    data["racks"][1] = ""
    data["pool"] = f"{data['pool']} {rack}"
    return data


#: Each state document that loaded into a broken game before issue 9 (and why it is refused).
BROKEN_STATES = {
    "a table of invalid melds": (_with_invalid_melds, "invalid meld"),
    "a 2-player game whose result names seat 3 with 4 scores": (
        lambda: _state_data(deal=None, result={"scores": [9, -3, -3, -3], "winners": [3]}),
        "nobody went out",
    ),
    "final_turns = -1": (lambda: _state_data(deal=None, final_turns=-1), "final_turns"),
    "idle_turns = -5000": (lambda: _state_data(idle_turns=-5000), "idle_turns must be from 0"),
    "an empty rack and no result": (_with_a_rack_emptied, "went out, so the game is over"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_STATES))
def test_state_document_of_a_broken_game_is_refused(name: str) -> None:
    build, reason = BROKEN_STATES[name]
    text = document("game_state", build())
    with at_once(few=A_STATE), pytest.raises(FormatError, match=reason) as caught:
        loads(text)
    assert caught.value.path == "data"


def _timeouts(count: int) -> str:
    """A record of ``count`` legal timeouts under an edition where a timeout draws nothing."""
    edition = CLASSIC.evolve(timeout_draw=0)
    return dumps(GameRecord(2, edition=edition, seed=1, actions=[Timeout()] * count))


def test_replay_of_twenty_thousand_legal_actions_is_fast() -> None:
    text = _timeouts(20_000)
    with linear(20_000, per_item=PER_ACTION):
        state = loads(text, GameRecord).replay()
    assert len(state.history) == 20_000


def test_replay_is_linear_in_the_number_of_actions() -> None:
    """The same calls per action for 10,000 actions and for 40,000 (the memory an action builds,
    the same on a long game, is tested with ``GameState.apply``)."""
    calls = []
    for count in (10_000, 40_000):
        record = loads(_timeouts(count), GameRecord)
        with linear(count, per_item=PER_ACTION) as made:
            record.replay()
        calls.append(made.calls)
    assert calls[1] <= 4 * calls[0] + 1_000  # four times the actions, four times the calls


def test_version_1_state_with_a_long_history_finds_its_deal_in_linear_time() -> None:
    record = GameRecord(2, edition=CLASSIC.evolve(timeout_draw=0), seed=2)
    state = record.initial_state()
    for _ in range(20_000):
        state = state.apply(Timeout())
    body = json.loads(dumps(state))
    data = body["data"]
    data.pop("deal")
    edition = data["edition"]
    for name in ("freed_joker_new_meld", "pool_empty_scoring", "winner_scores"):
        edition.pop(name)
    edition.pop("failed_turn_draw_first")
    edition["joker_in_initial_meld"] = True
    text = document("game_state", data, version=1)
    with linear(20_000, per_item=PER_ACTION):
        loaded = loads(text, GameState)
    assert loaded.deal is not None


def test_player_view_documents_that_cannot_be_a_game_are_refused() -> None:
    data = to_json(GameState.new(3, seed=1).view(0))["data"]
    for changes in (
        {"rack_sizes": [10**9, 14, 14]},
        {"pool_size": -1},
        {"rack": "j " * 216},
        {"table": ["r1 r2 r3"] * 217},
    ):
        with at_once(few=A_STATE), pytest.raises(FormatError):
            loads(document("player_view", {**data, **changes}))


def test_garbage_tokens_do_not_grow_the_notation_cache() -> None:
    before = len(notation._TILE_CACHE)
    with linear(20_000, per_item=200):  # about 90 calls to refuse each document
        for number in range(20_000):
            with pytest.raises(FormatError):
                loads(document("tile", f"r{number + 14}"))
    assert len(notation._TILE_CACHE) <= max(before, 200)


# Notation text ---------------------------------------------------------------------------------

#: Notation of each shape, repeated: a tile of the set is two or three characters and a separator.
NOTATION: dict[str, tuple[str, Callable[[str], object]]] = {
    "tiles": ("r1 ", parse_tiles),
    "runs": ("r1 r2 r3 | ", parse_table),
    "one-tile melds": ("r1|", parse_table),
    "declared groups": ("group: r1 b1 k1\n", parse_table),
    "a meld a line": ("r1 r2 r3\n", parse_table),
    "cards": ("10♥ ", functools.partial(parse_tiles, cards=True)),
    "an unknown tile last": ("r1 ", lambda text: parse_tiles(text + "zz")),
}
#: Function calls per character of notation (about 10 measured, for one-tile melds: each meld
#: is built and checked).
PER_NOTATION_CHARACTER = 12


def _notation(unit: str, size: int) -> str:
    """``unit`` repeated to about ``size`` characters, without a separator at the end."""
    return (unit * (size // len(unit))).rstrip(" |\n")


@pytest.mark.parametrize("shape", sorted(NOTATION))
def test_notation_costs_a_bounded_number_of_calls_per_character(shape: str) -> None:
    unit, read = NOTATION[shape]
    text = _notation(unit, 50_000)
    with linear(len(text), per_item=PER_NOTATION_CHARACTER), contextlib.suppress(RummikubError):
        read(text)


@pytest.mark.parametrize("shape", ["tiles", "runs", "one-tile melds"])
def test_a_megabyte_of_notation_is_read_once(shape: str) -> None:
    """Issue 18: 1 MB of notation is read in one pass, each tile and meld built once (what each
    costs is bounded above); the slowest shape, one-tile melds, takes about two seconds."""
    unit, read = NOTATION[shape]
    text = _notation(unit, 1_000_000)
    built = Counter[str]()

    def tile(*args: Any, **kwargs: Any) -> Tile:
        built["tiles"] += 1
        return read_tile(*args, **kwargs)

    def meld(*args: Any, **kwargs: Any) -> Meld:
        built["melds"] += 1
        return read_meld(*args, **kwargs)

    read_tile, read_meld = notation._tile, notation._meld
    with (
        within(),
        mock.patch.object(notation, "_tile", tile),
        mock.patch.object(notation, "_meld", meld),
    ):
        result = read(text)
    if isinstance(result, Table):
        assert (built["tiles"], built["melds"]) == (len(result.tiles), len(result))
    else:
        assert isinstance(result, tuple)
        assert (built["tiles"], built["melds"]) == (len(result), 0)


# Fuzz: mutated valid documents ------------------------------------------------------------------


def _valid_documents() -> list[dict[str, Any]]:
    game = GameState.new(3, seed=5)
    for _ in range(6):
        game = game.apply(Draw())
    over = GameState.new(2, edition=EDITIONS["tournament"], seed=2)
    while not over.is_over:
        over = over.apply(Draw() if over.pool else Pass())
    values: list[object] = [
        game,
        over,
        game.view(1),
        game.to_record(),
        over.to_record(),
        Series(3, rounds=2).add((5, -2, -3), 0),
        EDITIONS["xp"],
        CLASSIC.evolve(joker_penalty=45, tile_set=TileSet(copies=3, jokers=4)),
        Play(parse_table("r1 r2 r3 | k5 b5 o5 | j r9 r10")),
        parse_table("r1 r2 j | group: k7 j o7"),
    ]
    return [to_json(value) for value in values]


DOCUMENTS = _valid_documents()
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["r7", "j", "classic", "r1 r2 r3", "k13 k13", "", "xp", "draw", "play"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=12,
)


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn) -> object:
    """A valid document with a few of its values replaced, deleted or duplicated."""
    doc = json.loads(json.dumps(draw(st.sampled_from(DOCUMENTS))))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            doc = draw(JSON_VALUES) if draw(st.booleans()) else doc
            continue
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        action = draw(st.sampled_from(["replace", "delete", "grow"]))
        if action == "delete":
            del parent[key]
        elif action == "grow" and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key] * draw(st.integers(2, 300))
        elif action == "grow" and isinstance(parent[key], str):
            parent[key] = parent[key] + " " + parent[key]
        else:
            parent[key] = draw(JSON_VALUES)
    return doc


#: Function calls per character of a document read (a replayed action takes about 20 characters).
PER_CHARACTER = 20


@settings(
    max_examples=examples(200),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(mutated_documents())
def test_fuzz_loads_gives_an_object_or_a_rummikub_error(doc: object) -> None:
    text = json.dumps(doc)
    with linear(len(text), per_item=PER_CHARACTER, few=A_STATE):
        try:
            loaded = loads(text)
        except RummikubError:
            return
    assert loaded == from_json(json.loads(text))
    assert loads(dumps(loaded)) == loaded
