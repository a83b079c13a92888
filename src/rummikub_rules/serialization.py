"""JSON documents for tiles, tables, editions, actions, game records, series, states and views.

A document is a JSON object naming its format, version and type, with the value under ``data``::

    {"format": "rummikub-rules", "version": 2, "type": "table", "data": ["r7 r8 r9", "k5 b5 o5"]}

:func:`dumps` / :func:`loads` write and read document text, :func:`to_json` / :func:`from_json`
the same documents as Python dicts. Each type also has a pair of functions for its bare value,
for embedding in documents of your own (``table_to_json`` / ``table_from_json`` and so on):

=============  ==========================================================================
type           ``data``
=============  ==========================================================================
tile           a notation string: ``"r7"``, ``"j"``
tiles          one notation string, tiles separated by spaces: ``"r7 r8 j"`` (``""``: none)
meld           a notation string, with the declared kind if any: ``"group: r5 j j"``
table          a list of meld strings
edition        a preset name (``"classic"``) when the rules equal a preset's; otherwise an
               object of rule fields (fields left out take the classic rules' values)
action         ``{"action": "play", "after": <table>}``, ``{"action": "draw"}``,
               ``{"action": "pass"}``, ``{"action": "timeout"}``,
               ``{"action": "failed_turn", "to_pool": <tiles>}``
game_record    ``{"edition", "players", "seed", "deal", "actions"}``, see
               :class:`~rummikub_rules.records.GameRecord`; ``deal`` is ``null`` or
               ``{"racks": [<tiles>, ...], "pool": <tiles>, "first"}``
series         ``{"players", "edition", "rounds", "games": [{"scores": [...],
               "winners": [...]}]}`` (``rounds``: ``null`` for a series of open length)
game_state     ``{"edition", "racks", "table", "pool", "current", "opened", "seed", "history",
               "idle_turns", "final_turns", "result", "deal"}``, see ``GameState``
player_view    ``{"seat", "rack", "table", "pool_size", "rack_sizes", "opened", "current",
               "edition", "turn", "idle_turns", "final_turns", "result"}``, see
               ``PlayerView``: no tile of another rack or of the pool, and no seed
=============  ==========================================================================

Reading refuses unknown versions and malformed documents with :class:`FormatError`, whose
``path`` names the bad field (``data.actions[3].after[0]``). A document that describes something
no game can hold is refused before it is built: text longer than :data:`MAX_DOCUMENT_SIZE`, a
table or rack of more tiles than the largest box, a state that breaks a rule of the game.

Version 1 documents (rummikub-rules 0.1) are still read, with the rules they were saved under:
their editions become objects of fields holding version 1's values (see the JSON page of the
documentation), so a version 1 game record replays as it was played.

To support a new type, write its ``..._to_json`` and ``..._from_json`` functions and add a
``_Codec`` to ``_CODECS``.

>>> from rummikub_rules import parse_table
>>> dumps(parse_table("r7 r8 r9 | group: r5 j j"))
'{"format": "rummikub-rules", "version": 2, "type": "table", "data": ["r7 r8 r9", "group: r5 j j"]}'
>>> loads(dumps(parse_table("r7 r8 r9"))) == parse_table("r7 r8 r9")
True
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar, overload

import attrs

from rummikub_rules import _json_v1
from rummikub_rules._json_fields import (
    MAX_TILES,
    at,
    build,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    int_list,
    kind,
)
from rummikub_rules.actions import ACTION_TYPES, Action, Draw, FailedTurn, Pass, Play, Timeout
from rummikub_rules.editions import CLASSIC, EDITIONS, Edition
from rummikub_rules.errors import (
    FormatError,
    InputTooLargeError,
    InvalidTypeError,
    RummikubError,
    excerpt,
)
from rummikub_rules.melds import Meld, Table
from rummikub_rules.notation import format_tiles, parse_meld, parse_tile, parse_tiles
from rummikub_rules.records import Deal, GameRecord
from rummikub_rules.scoring import GameResult, Series
from rummikub_rules.state import GameState
from rummikub_rules.tiles import Color, Tile, TileSet
from rummikub_rules.views import PlayerView

__all__ = [
    "FORMAT",
    "MAX_DOCUMENT_SIZE",
    "VERSION",
    "Deal",
    "FormatError",
    "GameRecord",
    "action_from_json",
    "action_to_json",
    "dumps",
    "edition_from_json",
    "edition_to_json",
    "from_json",
    "loads",
    "meld_from_json",
    "meld_to_json",
    "player_view_from_json",
    "player_view_to_json",
    "record_from_json",
    "record_to_json",
    "series_from_json",
    "series_to_json",
    "state_from_json",
    "state_to_json",
    "table_from_json",
    "table_to_json",
    "tile_from_json",
    "tile_to_json",
    "tiles_from_json",
    "tiles_to_json",
    "to_json",
]

#: The ``format`` field of every document.
FORMAT: Final = "rummikub-rules"
#: The document version this library writes. It also reads version 1.
VERSION: Final = 2
#: The longest document text :func:`loads` reads, in characters (or bytes): far more than the
#: record of any real game, so that a server need not read more before refusing.
MAX_DOCUMENT_SIZE: Final = 4_000_000
#: The longest notation string read for tiles: every tile of the largest box, generously spaced.
_LONGEST_TILES: Final = 8 * MAX_TILES

T = TypeVar("T")


# Values: each type's bare JSON value -----------------------------------------------------------


def tile_to_json(tile: Tile) -> str:
    """A tile as its notation string.

    >>> from rummikub_rules import JOKER
    >>> tile_to_json(JOKER)
    'j'
    """
    return str(tile)


def tile_from_json(value: object, *, path: str = "") -> Tile:
    """Read a tile from its notation string; ``path`` names it in error messages."""
    text = expect_str(value, path, longest=_LONGEST_TILES)
    return build(path, parse_tile, text)


def tiles_to_json(tiles: Iterable[Tile]) -> str:
    """Tiles as one notation string, separated by spaces (``""`` for none)."""
    return format_tiles(tiles)


def tiles_from_json(value: object, *, path: str = "") -> tuple[Tile, ...]:
    """Read tiles from one notation string (at most the largest box's tiles)."""
    text = expect_str(value, path, longest=_LONGEST_TILES)
    tiles = build(path, parse_tiles, text)
    _at_most_a_box(len(tiles), path)
    return tiles


def meld_to_json(meld: Meld) -> str:
    """A meld as its notation string, prefixed with its kind when declared."""
    return str(meld)


def meld_from_json(value: object, *, path: str = "") -> Meld:
    """Read a meld from its notation string (``"run: r5 j j"`` keeps the declared kind)."""
    text = expect_str(value, path, longest=_LONGEST_TILES)
    return build(path, parse_meld, text)


def table_to_json(table: Table) -> list[str]:
    """A table as a list of meld strings, in table order."""
    return [meld_to_json(meld) for meld in table.melds]


def table_from_json(value: object, *, path: str = "") -> Table:
    """Read a table from a list of meld strings (at most the largest box's tiles)."""
    items = expect_list(value, path, longest=MAX_TILES)
    melds = []
    tiles = 0
    for i, item in enumerate(items):
        meld = meld_from_json(item, path=at(path, i))
        tiles += len(meld)
        _at_most_a_box(tiles, path)
        melds.append(meld)
    return Table(melds)


def edition_to_json(edition: Edition) -> str | dict[str, Any]:
    """A preset's name if the rules equal a preset's, otherwise an object of every field.

    >>> edition_to_json(EDITIONS["tournament"])
    'tournament'
    >>> edition_to_json(CLASSIC.evolve(joker_penalty=40))["joker_penalty"]
    40
    """
    if edition.name in EDITIONS and EDITIONS[edition.name] == edition:
        return EDITIONS[edition.name].name
    for preset in EDITIONS.values():
        if preset == edition:
            return preset.name
    fields: dict[str, Any] = {"name": edition.name, "description": edition.description}
    for name in Edition.rule_fields():
        fields[name] = _rule_to_json(getattr(edition, name))
    return fields


def edition_from_json(value: object, *, path: str = "") -> Edition:
    """Read an edition from a preset name (or alias) or an object of fields."""
    if isinstance(value, str):
        if value not in EDITIONS:
            known = ", ".join(EDITIONS)
            raise FormatError(
                f"unknown edition {excerpt(value)}; known editions: {known}", path=path
            )
        return EDITIONS[value]
    names = ("name", "description", *Edition.rule_fields())
    fields = expect_object(value, path, optional=names)
    changes: dict[str, Any] = {}
    for name, item in fields.items():
        changes[name] = _rule_from_json(name, item, at(path, name))
    return build(path, Edition, **changes)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as an object tagged by ``"action"``.

    >>> from rummikub_rules.actions import Draw
    >>> action_to_json(Draw())
    {'action': 'draw'}
    """
    if isinstance(action, Play):
        return {"action": "play", "after": table_to_json(action.after)}
    if isinstance(action, FailedTurn):
        return {"action": "failed_turn", "to_pool": tiles_to_json(action.to_pool)}
    if isinstance(action, (Draw, Pass, Timeout)):
        return {"action": _SIMPLE_ACTIONS_BY_TYPE[type(action)]}
    raise InvalidTypeError(f"not an action: {excerpt(action)}")


def action_from_json(value: object, *, path: str = "") -> Action:
    """Read an action from its tagged object."""
    fields = expect_object(value, path, required=("action",), optional=("after", "to_pool"))
    tag = fields["action"]
    allowed = _ACTION_FIELDS.get(tag) if isinstance(tag, str) else None
    if allowed is None:
        known = ", ".join(_ACTION_FIELDS)
        reason = f"unknown action {excerpt(tag)}; known actions: {known}"
        raise FormatError(reason, path=at(path, "action"))
    for name in fields:
        if name != "action" and name not in allowed:
            raise FormatError(f"unknown field for a {excerpt(tag)} action", path=at(path, name))
    if tag == "play":
        if "after" not in fields:
            raise FormatError("missing field", path=at(path, "after"))
        return Play(table_from_json(fields["after"], path=at(path, "after")))
    if tag == "failed_turn":
        to_pool = tiles_from_json(fields.get("to_pool", ""), path=at(path, "to_pool"))
        return FailedTurn(to_pool)
    return _SIMPLE_ACTIONS[tag]()


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """A game record as an object (``seed`` or ``deal`` may be ``null``)."""
    return {
        "edition": edition_to_json(record.edition),
        "players": record.players,
        "seed": record.seed,
        "deal": None if record.deal is None else _deal_to_json(record.deal),
        "actions": [action_to_json(action) for action in record.actions],
    }


def record_from_json(value: object, *, path: str = "") -> GameRecord:
    """Read a game record; ``seed`` and ``deal`` may be left out when ``null``."""
    fields = expect_object(
        value, path, required=("edition", "players", "actions"), optional=("seed", "deal")
    )
    edition = edition_from_json(fields["edition"], path=at(path, "edition"))
    players = expect_int(fields["players"], at(path, "players"))
    seed = fields.get("seed")
    if seed is not None:
        seed = expect_int(seed, at(path, "seed"))
    deal = fields.get("deal")
    if deal is not None:
        deal = _deal_from_json(deal, at(path, "deal"))
    actions = _actions(fields["actions"], at(path, "actions"))
    return build(path, GameRecord, players, edition=edition, seed=seed, deal=deal, actions=actions)


def series_to_json(series: Series) -> dict[str, Any]:
    """A series as an object: players, edition, agreed rounds, each game's scores and winners."""
    return {
        "players": series.players,
        "edition": edition_to_json(series.edition),
        "rounds": series.rounds,
        "games": [_result_to_json(game) for game in series.games],
    }


def series_from_json(value: object, *, path: str = "") -> Series:
    """Read a series; ``rounds`` may be left out when ``null``."""
    fields = expect_object(
        value, path, required=("players", "edition", "games"), optional=("rounds",)
    )
    players = expect_int(fields["players"], at(path, "players"))
    edition = edition_from_json(fields["edition"], path=at(path, "edition"))
    rounds = fields.get("rounds")
    if rounds is not None:
        rounds = expect_int(rounds, at(path, "rounds"))
    games_path = at(path, "games")
    games = [
        _result_from_json(item, at(games_path, i))
        for i, item in enumerate(expect_list(fields["games"], games_path))
    ]
    return build(path, Series, players, edition, games, rounds=rounds)


def state_to_json(state: GameState) -> dict[str, Any]:
    """A game state as an object: everything needed to go on playing from it."""
    return {
        "edition": edition_to_json(state.edition),
        "racks": [tiles_to_json(rack) for rack in state.racks],
        "table": table_to_json(state.table),
        "pool": tiles_to_json(state.pool),
        "current": state.current,
        "opened": list(state.opened),
        "seed": state.seed,
        "history": [action_to_json(action) for action in state.history],
        "idle_turns": state.idle_turns,
        "final_turns": state.final_turns,
        "result": None if state.result is None else _result_to_json(state.result),
        "deal": None if state.deal is None else _deal_to_json(state.deal),
    }


def state_from_json(value: object, *, path: str = "") -> GameState:
    """Read a game state; it must obey every rule of the game (see ``GameState``)."""
    fields = expect_object(
        value,
        path,
        required=("edition", "racks", "table", "pool", "current", "opened", "seed"),
        optional=("history", "idle_turns", "final_turns", "result", "deal"),
    )
    edition = edition_from_json(fields["edition"], path=at(path, "edition"))
    final, result, deal = fields.get("final_turns"), fields.get("result"), fields.get("deal")
    return build(
        path,
        GameState,
        edition=edition,
        racks=_racks(fields["racks"], at(path, "racks")),
        table=table_from_json(fields["table"], path=at(path, "table")),
        pool=tiles_from_json(fields["pool"], path=at(path, "pool")),
        current=expect_int(fields["current"], at(path, "current")),
        opened=_flags(fields["opened"], at(path, "opened")),
        seed=expect_int(fields["seed"], at(path, "seed")),
        history=_actions(fields.get("history", []), at(path, "history")),
        idle_turns=expect_int(fields.get("idle_turns", 0), at(path, "idle_turns")),
        final_turns=None if final is None else expect_int(final, at(path, "final_turns")),
        result=None if result is None else _result_from_json(result, at(path, "result")),
        deal=None if deal is None else _deal_from_json(deal, at(path, "deal")),
    )


def player_view_to_json(view: PlayerView) -> dict[str, Any]:
    """A player's view as an object: nothing in it that the player may not see."""
    return {
        "seat": view.seat,
        "rack": tiles_to_json(view.rack),
        "table": table_to_json(view.table),
        "pool_size": view.pool_size,
        "rack_sizes": list(view.rack_sizes),
        "opened": list(view.opened),
        "current": view.current,
        "edition": edition_to_json(view.edition),
        "turn": view.turn,
        "idle_turns": view.idle_turns,
        "final_turns": view.final_turns,
        "result": None if view.result is None else _result_to_json(view.result),
    }


def player_view_from_json(value: object, *, path: str = "") -> PlayerView:
    """Read a player's view; its sizes must add up to the edition's box."""
    names = ("seat", "rack", "table", "pool_size", "rack_sizes", "opened", "current", "edition")
    fields = expect_object(
        value, path, required=(*names, "turn"), optional=("idle_turns", "final_turns", "result")
    )
    final, result = fields.get("final_turns"), fields.get("result")
    return build(
        path,
        PlayerView,
        seat=expect_int(fields["seat"], at(path, "seat")),
        rack=tiles_from_json(fields["rack"], path=at(path, "rack")),
        table=table_from_json(fields["table"], path=at(path, "table")),
        pool_size=expect_int(fields["pool_size"], at(path, "pool_size")),
        rack_sizes=int_list(fields["rack_sizes"], at(path, "rack_sizes"), longest=MAX_TILES),
        opened=_flags(fields["opened"], at(path, "opened")),
        current=expect_int(fields["current"], at(path, "current")),
        edition=edition_from_json(fields["edition"], path=at(path, "edition")),
        turn=expect_int(fields["turn"], at(path, "turn")),
        idle_turns=expect_int(fields.get("idle_turns", 0), at(path, "idle_turns")),
        final_turns=None if final is None else expect_int(final, at(path, "final_turns")),
        result=None if result is None else _result_from_json(result, at(path, "result")),
    )


# Documents -------------------------------------------------------------------------------------


def to_json(obj: object) -> dict[str, Any]:
    """A document (a dict ready for ``json.dump``) holding ``obj``.

    ``obj`` is a Tile, a tuple or list of tiles, a Meld, a Table, an Edition, an action, a
    :class:`~rummikub_rules.records.GameRecord`, a ``Series``, a ``GameState`` or a
    ``PlayerView``.

    >>> from rummikub_rules import parse_tile
    >>> to_json(parse_tile("r7"))
    {'format': 'rummikub-rules', 'version': 2, 'type': 'tile', 'data': 'r7'}
    """
    for codec in _CODECS:
        if codec.accepts(obj):
            data = codec.encode(obj)
            return {"format": FORMAT, "version": VERSION, "type": codec.tag, "data": data}
    known = ", ".join(codec.tag for codec in _CODECS)
    raise InvalidTypeError(f"cannot serialize {type(obj).__name__}; documents hold: {known}")


@overload
def from_json(document: object) -> object: ...
@overload
def from_json(document: object, expect: type[T]) -> T: ...
def from_json(document: object, expect: type[Any] | None = None) -> object:
    """The object held by a document; with ``expect``, refuse a document holding anything else.

    Tiles come back as a tuple (``expect=tuple``). Raises :class:`FormatError` for anything that
    is not a valid document of this format, in version 1 or 2.

    >>> from rummikub_rules import Table
    >>> from_json({"format": "rummikub-rules", "version": 2, "type": "table", "data": []}, Table)
    parse_table('')
    """
    fields = expect_object(document, "", required=(), optional=None)
    if fields.get("format") != FORMAT:
        reason = f"not a {FORMAT} document (format {kind(fields.get('format'))})"
        raise FormatError(reason, path="format")
    version = fields.get("version")
    if type(version) is not int:
        raise FormatError(f"the version is an integer, got {kind(version)}", path="version")
    if version not in (1, VERSION):
        raise FormatError(
            f"unsupported version {version}; this library reads versions 1 and {VERSION}",
            path="version",
        )
    expect_object(document, "", required=("format", "version", "type", "data"))
    tag = fields["type"]
    codec = _CODECS_BY_TAG.get(tag) if isinstance(tag, str) else None
    if codec is None or (version == 1 and tag not in _json_v1.TYPES):
        known = ", ".join(_CODECS_BY_TAG if version == VERSION else sorted(_json_v1.TYPES))
        reason = f"unknown type {excerpt(tag)} for version {version}; known types: {known}"
        raise FormatError(reason, path="type")
    data = fields["data"]
    obj = _from_version_1(codec, data) if version == 1 else codec.decode(data, path="data")
    if expect is not None and not isinstance(obj, expect):
        raise FormatError(
            f"expected a {expect.__name__}, got a {type(obj).__name__} ({excerpt(tag)} document)",
            path="type",
        )
    return obj


def dumps(obj: object, *, indent: int | None = None) -> str:
    """The document holding ``obj`` as JSON text (see :func:`to_json`)."""
    return json.dumps(to_json(obj), ensure_ascii=False, indent=indent)


@overload
def loads(text: str | bytes) -> object: ...
@overload
def loads(text: str | bytes, expect: type[T]) -> T: ...
def loads(text: str | bytes, expect: type[Any] | None = None) -> object:
    """The object held by a JSON document (see :func:`from_json`).

    Text longer than :data:`MAX_DOCUMENT_SIZE` is refused with
    :class:`~rummikub_rules.errors.InputTooLargeError` before it is parsed.

    >>> loads('{"format": "rummikub-rules", "version": 2, "type": "tiles", "data": "r7 j"}')
    (Tile(Color.RED, 7), JOKER)
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidTypeError(f"loads reads a str or bytes, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_SIZE:
        raise InputTooLargeError("document characters", size=len(text), limit=MAX_DOCUMENT_SIZE)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise FormatError(f"not valid JSON: {excerpt(str(error))}") from None
    return from_json(document) if expect is None else from_json(document, expect)


def _from_version_1(codec: _Codec, data: object) -> object:
    """Read the data of a version 1 document with the rules it was saved under."""
    obj = codec.decode(_json_v1.migrate(codec.tag, data, "data"), path="data")
    if isinstance(obj, GameState) and obj.deal is None:
        return _with_deal_found(obj)
    return obj


def _with_deal_found(state: GameState) -> GameState:
    """A version 1 state, which did not record its deal, with the deal its seed gives.

    If the game its seed deals, played through its history, is this state, that is its deal
    (and so it has a record); otherwise the deal stays unknown.
    """
    record = GameRecord(state.players, edition=state.edition, seed=state.seed)
    try:
        replayed = attrs.evolve(record, actions=state.history).replay()
    except RummikubError:
        return state
    return replayed if attrs.evolve(replayed, deal=None) == state else state


# Codecs ----------------------------------------------------------------------------------------


@attrs.frozen
class _Codec:
    """How one document type is recognised, written and read."""

    tag: str
    accepts: Callable[[object], bool]
    encode: Callable[[Any], Any]
    decode: Callable[..., object]  # (value, *, path) -> object


def _is_tiles(obj: object) -> bool:
    return isinstance(obj, (tuple, list)) and all(isinstance(t, Tile) for t in obj)


def _instance_of(*types: type) -> Callable[[object], bool]:
    return lambda obj: isinstance(obj, types)


_SIMPLE_ACTIONS: Final[dict[str, type[Draw | Pass | Timeout]]] = {
    "draw": Draw,
    "pass": Pass,
    "timeout": Timeout,
}
_SIMPLE_ACTIONS_BY_TYPE: Final = {cls: tag for tag, cls in _SIMPLE_ACTIONS.items()}
_ACTION_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "play": ("after",),
    "draw": (),
    "pass": (),
    "timeout": (),
    "failed_turn": ("to_pool",),
}

_CODECS: Final = (
    _Codec("tile", _instance_of(Tile), tile_to_json, tile_from_json),
    _Codec("tiles", _is_tiles, tiles_to_json, tiles_from_json),
    _Codec("meld", _instance_of(Meld), meld_to_json, meld_from_json),
    _Codec("table", _instance_of(Table), table_to_json, table_from_json),
    _Codec("edition", _instance_of(Edition), edition_to_json, edition_from_json),
    _Codec("action", _instance_of(*ACTION_TYPES), action_to_json, action_from_json),
    _Codec("game_record", _instance_of(GameRecord), record_to_json, record_from_json),
    _Codec("series", _instance_of(Series), series_to_json, series_from_json),
    _Codec("game_state", _instance_of(GameState), state_to_json, state_from_json),
    _Codec("player_view", _instance_of(PlayerView), player_view_to_json, player_view_from_json),
)
_CODECS_BY_TAG: Final = {codec.tag: codec for codec in _CODECS}


# Helpers ---------------------------------------------------------------------------------------


def _at_most_a_box(tiles: int, path: str) -> None:
    if tiles > MAX_TILES:
        error = InputTooLargeError("tiles", size=tiles, limit=MAX_TILES)
        raise FormatError(str(error), path=path)


def _racks(value: object, path: str) -> list[tuple[Tile, ...]]:
    items = expect_list(value, path, longest=MAX_TILES)
    return [tiles_from_json(item, path=at(path, i)) for i, item in enumerate(items)]


def _flags(value: object, path: str) -> list[bool]:
    flags = []
    for i, item in enumerate(expect_list(value, path, longest=MAX_TILES)):
        if not isinstance(item, bool):
            raise FormatError(f"expected true or false, got {kind(item)}", path=at(path, i))
        flags.append(item)
    return flags


def _actions(value: object, path: str) -> tuple[Action, ...]:
    return tuple(
        action_from_json(item, path=at(path, i)) for i, item in enumerate(expect_list(value, path))
    )


def _result_to_json(result: GameResult) -> dict[str, Any]:
    return {"scores": list(result.scores), "winners": list(result.winners)}


def _result_from_json(value: object, path: str) -> GameResult:
    fields = expect_object(value, path, required=("scores", "winners"))
    scores = int_list(fields["scores"], at(path, "scores"), longest=MAX_TILES)
    winners = int_list(fields["winners"], at(path, "winners"), longest=MAX_TILES)
    return build(path, GameResult, scores, winners)


def _rule_to_json(value: object) -> object:
    if isinstance(value, TileSet):
        return {
            "colors": [color.value for color in value.colors],
            "numbers": list(value.numbers),
            "copies": value.copies,
            "jokers": value.jokers,
        }
    if isinstance(value, enum.Enum):
        return value.value
    return value


def _rule_from_json(name: str, value: object, path: str) -> object:
    """One edition field, checked against the type of the classic edition's value."""
    if name in ("name", "description"):
        return expect_str(value, path, longest=10_000)
    if name == "tile_set":
        return _tile_set_from_json(value, path)
    default = getattr(CLASSIC, name)
    if isinstance(default, enum.Enum):
        choices = [member.value for member in type(default)]
        if value not in choices:
            raise FormatError(f"expected one of {choices}, got {kind(value)}", path=path)
        return type(default)(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise FormatError(f"expected true or false, got {kind(value)}", path=path)
        return value
    if value is not None and type(value) is not int:
        raise FormatError(f"expected an integer or null, got {kind(value)}", path=path)
    return value


def _tile_set_from_json(value: object, path: str) -> TileSet:
    fields = expect_object(value, path, optional=("colors", "numbers", "copies", "jokers"))
    changes: dict[str, Any] = {}
    if "colors" in fields:
        colors_path = at(path, "colors")
        letters = [c.value for c in Color]
        colors = []
        for i, item in enumerate(expect_list(fields["colors"], colors_path, longest=len(Color))):
            if item not in letters:
                reason = f"expected a colour letter {letters}, got {kind(item)}"
                raise FormatError(reason, path=at(colors_path, i))
            colors.append(Color(item))
        changes["colors"] = colors
    if "numbers" in fields:
        changes["numbers"] = int_list(fields["numbers"], at(path, "numbers"), longest=13)
    for name in ("copies", "jokers"):
        if name in fields:
            changes[name] = expect_int(fields[name], at(path, name))
    return build(path, TileSet, **changes)


def _deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "racks": [tiles_to_json(rack) for rack in deal.racks],
        "pool": tiles_to_json(deal.pool),
        "first": deal.first,
    }


def _deal_from_json(value: object, path: str) -> Deal:
    fields = expect_object(value, path, required=("racks", "pool"), optional=("first",))
    racks = _racks(fields["racks"], at(path, "racks"))
    pool = tiles_from_json(fields["pool"], path=at(path, "pool"))
    first = expect_int(fields.get("first", 0), at(path, "first"))
    return build(path, Deal, racks, pool, first)
