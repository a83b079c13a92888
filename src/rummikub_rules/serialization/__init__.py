"""JSON documents for tiles, tables, editions, actions, game records, series, states and views.

A document is a JSON object naming its format, version and type, with the value under ``data``::

    {"format": "rummikub-rules", "version": 2, "type": "table", "data": ["r7 r8 r9", "k5 b5 o5"]}

:func:`dumps` / :func:`loads` write and read document text, :func:`to_json` / :func:`from_json`
the same documents as Python dicts. Each type also has a pair of functions for its bare value,
for embedding in documents of your own (``table_to_json`` / ``table_from_json`` and so on):

=============  ==========================================================================
type           ``data``
=============  ==========================================================================
tile           a notation string: ``"r7"``, ``"j"``, ``"jr"`` (a coloured joker)
tiles          one notation string, tiles separated by spaces: ``"r7 r8 j"`` (``""``: none)
meld           a notation string, with the declared kind if any: ``"group: r5 j j"``
table          a list of meld strings
edition        a preset name (``"classic"``) when the rules equal a preset's; otherwise an
               object of rule fields (fields left out take the classic rules' values); its
               ``tile_set`` is ``{"colors", "numbers", "copies", "jokers"}`` and
               ``"colored_jokers"`` when the set has coloured jokers
action         ``{"action": "play", "after": <table>}``, ``{"action": "draw"}``,
               ``{"action": "pass"}``, ``{"action": "timeout"}``,
               ``{"action": "failed_turn", "to_pool": <tiles>}``
game_record    ``{"edition", "players", "seed", "deal", "actions"}``, see
               :class:`~rummikub_rules.records.GameRecord`; ``deal`` is ``null`` or
               ``{"racks": [<tiles>, ...], "pool": <tiles>, "first"}``; ``"abandoned": seat``
               only in the record of a game a bot abandoned
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

import json
from collections.abc import Callable
from typing import Any, Final, TypeVar, overload

import attrs

from rummikub_rules._convert import as_count
from rummikub_rules.actions import ACTION_TYPES
from rummikub_rules.editions import Edition
from rummikub_rules.errors import (
    FormatError,
    InputTooLargeError,
    InvalidTypeError,
    RummikubError,
    excerpt,
)
from rummikub_rules.melds import Meld, Table
from rummikub_rules.records import Deal, GameRecord
from rummikub_rules.scoring import Series
from rummikub_rules.serialization import _v1
from rummikub_rules.serialization._fields import expect_object, kind
from rummikub_rules.serialization._games import (
    player_view_from_json,
    player_view_to_json,
    record_from_json,
    record_to_json,
    series_from_json,
    series_to_json,
    state_from_json,
    state_to_json,
)
from rummikub_rules.serialization._values import (
    action_from_json,
    action_to_json,
    edition_from_json,
    edition_to_json,
    meld_from_json,
    meld_to_json,
    table_from_json,
    table_to_json,
    tile_from_json,
    tile_to_json,
    tiles_from_json,
    tiles_to_json,
)
from rummikub_rules.state import GameState
from rummikub_rules.tiles import Tile
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

T = TypeVar("T")


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
    _check_expect(expect)
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
    if codec is None or (version == 1 and tag not in _v1.TYPES):
        known = ", ".join(_CODECS_BY_TAG if version == VERSION else sorted(_v1.TYPES))
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
    if indent is not None:
        indent = as_count(indent, "indent")
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
    _check_expect(expect)
    if len(text) > MAX_DOCUMENT_SIZE:
        raise InputTooLargeError("document characters", size=len(text), limit=MAX_DOCUMENT_SIZE)
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise FormatError(f"not valid JSON: {excerpt(str(error))}") from None
    return from_json(document) if expect is None else from_json(document, expect)


def _check_expect(expect: object) -> None:
    """``expect`` is a class (``Table``, ``GameState``) or ``None``, never a type's name."""
    if expect is not None and not isinstance(expect, type):
        raise InvalidTypeError(
            f"expect is a class such as Table or GameState, got {type(expect).__name__} "
            f"{excerpt(expect)}"
        )


def _from_version_1(codec: _Codec, data: object) -> object:
    """Read the data of a version 1 document with the rules it was saved under."""
    obj = codec.decode(_v1.migrate(codec.tag, data, "data"), path="data")
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
