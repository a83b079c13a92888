"""JSON documents for tiles, tables, editions, actions, game records and series (stdlib ``json``).

A document is a JSON object naming its format, version and type, with the value under ``data``::

    {"format": "rummikub-rules", "version": 1, "type": "table", "data": ["r7 r8 r9", "k5 b5 o5"]}

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
game_record    ``{"edition", "players", "seed", "deal", "actions"}``, see :class:`GameRecord`;
               ``deal`` is ``null`` or ``{"racks": [<tiles>, ...], "pool": <tiles>, "first"}``
series         ``{"players", "edition", "games": [{"scores": [...], "winners": [...]}]}``
game_state     ``{"edition", "racks", "table", "pool", "current", "opened", "seed", "history",
               "idle_turns", "final_turns", "result"}``, see :class:`GameState`
=============  ==========================================================================

Reading refuses unknown versions and malformed documents with :class:`FormatError`, whose
``path`` names the bad field (``data.actions[3].after[0]``). To support a new type, write its
``..._to_json`` and ``..._from_json`` functions and add a ``_Codec`` to ``_CODECS``.

>>> from rummikub_rules import parse_table
>>> dumps(parse_table("r7 r8 r9 | group: r5 j j"))
'{"format": "rummikub-rules", "version": 1, "type": "table", "data": ["r7 r8 r9", "group: r5 j j"]}'
>>> loads(dumps(parse_table("r7 r8 r9"))) == parse_table("r7 r8 r9")
True
"""

from __future__ import annotations

import enum
import functools
import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar, overload

import attrs

from rummikub_rules.actions import (
    ACTION_TYPES,
    Action,
    Draw,
    FailedTurn,
    Pass,
    Play,
    Timeout,
    action_tuple,
)
from rummikub_rules.editions import CLASSIC, EDITIONS, Edition
from rummikub_rules.errors import FormatError, InvalidTypeError, InvalidValueError, excerpt
from rummikub_rules.melds import Meld, Table
from rummikub_rules.notation import format_tiles, parse_meld, parse_tile, parse_tiles
from rummikub_rules.scoring import GameResult, Series
from rummikub_rules.state import GameState
from rummikub_rules.tiles import Color, Tile, TileSet, rack_tuples, tile_tuple

__all__ = [
    "FORMAT",
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
#: The document version this library writes and reads.
VERSION: Final = 1

T = TypeVar("T")


# Game records ----------------------------------------------------------------------------------


@attrs.frozen
class Deal:
    """An explicit deal: each seat's rack, the pool in draw order, and the seat that moves first.

    Together the racks and the pool hold exactly the edition's tile set (checked by
    :class:`GameRecord`).
    """

    racks: tuple[tuple[Tile, ...], ...] = attrs.field(converter=rack_tuples)
    pool: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    first: int = attrs.field(default=0)

    @first.validator
    def _check_first(self, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not 0 <= value < len(self.racks):
            raise InvalidValueError(
                f"first must be a seat from 0 to {len(self.racks) - 1}, got {excerpt(value)}"
            )


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: the edition, the players, the deal and the actions.

    The game starts from ``GameState.new(players, edition=edition, seed=seed)``, or from an
    explicit :class:`Deal` (then the seed, 0 if left out, only drives later shuffles, such as
    tiles sent back to the pool). ``actions`` are the actions taken, in turn order:
    :meth:`replay` applies them.

    >>> from rummikub_rules.actions import Draw
    >>> record = GameRecord(2, seed=7).add(Draw()).add(Draw())
    >>> record_from_json(record_to_json(record)) == record
    True
    >>> len(record.replay().pool)
    76
    """

    players: int = attrs.field()
    edition: Edition = attrs.field(default=CLASSIC, kw_only=True)
    seed: int | None = attrs.field(default=None, kw_only=True)
    deal: Deal | None = attrs.field(default=None, kw_only=True)
    actions: tuple[Action, ...] = attrs.field(default=(), kw_only=True, converter=action_tuple)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.edition, Edition):
            raise InvalidTypeError(f"edition must be an Edition, got {excerpt(self.edition)}")
        low, high = self.edition.min_players, self.edition.max_players
        if type(self.players) is not int or not low <= self.players <= high:
            raise InvalidValueError(
                f"players must be from {low} to {high}, got {excerpt(self.players)}"
            )
        if self.seed is None and self.deal is None:
            raise InvalidValueError("a game record needs a seed or a deal")
        if self.seed is not None and type(self.seed) is not int:
            raise InvalidTypeError(f"seed must be an int, got {excerpt(self.seed)}")
        if self.deal is not None:
            _check_deal(self.deal, self.players, self.edition)

    def add(self, action: Action) -> GameRecord:
        """The record with one more action."""
        return attrs.evolve(self, actions=(*self.actions, action))

    def initial_state(self) -> GameState:
        """The game as dealt, before any action."""
        if self.deal is None:
            return GameState.new(self.players, edition=self.edition, seed=self.seed)
        return GameState.from_deal(
            self.deal.racks,
            self.deal.pool,
            edition=self.edition,
            first=self.deal.first,
            seed=0 if self.seed is None else self.seed,
        )

    def replay(self) -> GameState:
        """The game after every recorded action; raises ``IllegalMove`` at an illegal one."""
        return functools.reduce(GameState.apply, self.actions, self.initial_state())


def _check_deal(deal: Deal, players: int, edition: Edition) -> None:
    if not isinstance(deal, Deal):
        raise InvalidTypeError(f"deal must be a Deal, got {excerpt(deal)}")
    if len(deal.racks) != players:
        raise InvalidValueError(f"the deal has {len(deal.racks)} racks for {players} players")
    dealt = Counter(tile for rack in deal.racks for tile in rack)
    dealt.update(deal.pool)
    tile_set = edition.tile_set
    # Equal totals and every dealt tile as often as in the set: exactly the set's tiles.
    if dealt.total() != tile_set.size or any(n != tile_set.count(t) for t, n in dealt.items()):
        raise InvalidValueError(
            "the racks and the pool of a deal must hold exactly the edition's tiles"
        )


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
    text = _expect_str(value, path)
    return _build(path, parse_tile, text)


def tiles_to_json(tiles: Iterable[Tile]) -> str:
    """Tiles as one notation string, separated by spaces (``""`` for none)."""
    return format_tiles(tiles)


def tiles_from_json(value: object, *, path: str = "") -> tuple[Tile, ...]:
    """Read tiles from one notation string."""
    text = _expect_str(value, path)
    return _build(path, parse_tiles, text)


def meld_to_json(meld: Meld) -> str:
    """A meld as its notation string, prefixed with its kind when declared."""
    return str(meld)


def meld_from_json(value: object, *, path: str = "") -> Meld:
    """Read a meld from its notation string (``"run: r5 j j"`` keeps the declared kind)."""
    text = _expect_str(value, path)
    return _build(path, parse_meld, text)


def table_to_json(table: Table) -> list[str]:
    """A table as a list of meld strings, in table order."""
    return [meld_to_json(meld) for meld in table.melds]


def table_from_json(value: object, *, path: str = "") -> Table:
    """Read a table from a list of meld strings."""
    items = _expect_list(value, path)
    return Table(meld_from_json(item, path=_at(path, i)) for i, item in enumerate(items))


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
    fields = _expect_object(value, path, optional=names)
    changes: dict[str, Any] = {}
    for name, item in fields.items():
        changes[name] = _rule_from_json(name, item, _at(path, name))
    return _build(path, Edition, **changes)


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
    fields = _expect_object(value, path, required=("action",), optional=("after", "to_pool"))
    tag = fields["action"]
    allowed = _ACTION_FIELDS.get(tag) if isinstance(tag, str) else None
    if allowed is None:
        known = ", ".join(_ACTION_FIELDS)
        reason = f"unknown action {tag!r}; known actions: {known}"
        raise FormatError(reason, path=_at(path, "action"))
    for name in fields:
        if name != "action" and name not in allowed:
            raise FormatError(f"unknown field for a {excerpt(tag)} action", path=_at(path, name))
    if tag == "play":
        if "after" not in fields:
            raise FormatError("missing field", path=_at(path, "after"))
        return Play(table_from_json(fields["after"], path=_at(path, "after")))
    if tag == "failed_turn":
        to_pool = tiles_from_json(fields.get("to_pool", ""), path=_at(path, "to_pool"))
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
    fields = _expect_object(
        value, path, required=("edition", "players", "actions"), optional=("seed", "deal")
    )
    edition = edition_from_json(fields["edition"], path=_at(path, "edition"))
    players = _expect_int(fields["players"], _at(path, "players"))
    seed = fields.get("seed")
    if seed is not None:
        seed = _expect_int(seed, _at(path, "seed"))
    deal = fields.get("deal")
    if deal is not None:
        deal = _deal_from_json(deal, _at(path, "deal"))
    actions_path = _at(path, "actions")
    actions = tuple(
        action_from_json(item, path=_at(actions_path, i))
        for i, item in enumerate(_expect_list(fields["actions"], actions_path))
    )
    return _build(path, GameRecord, players, edition=edition, seed=seed, deal=deal, actions=actions)


def series_to_json(series: Series) -> dict[str, Any]:
    """A series as an object: players, edition and each game's scores and winners."""
    return {
        "players": series.players,
        "edition": edition_to_json(series.edition),
        "games": [{"scores": list(g.scores), "winners": list(g.winners)} for g in series.games],
    }


def series_from_json(value: object, *, path: str = "") -> Series:
    """Read a series."""
    fields = _expect_object(value, path, required=("players", "edition", "games"))
    players = _expect_int(fields["players"], _at(path, "players"))
    edition = edition_from_json(fields["edition"], path=_at(path, "edition"))
    games_path = _at(path, "games")
    games = []
    for i, item in enumerate(_expect_list(fields["games"], games_path)):
        game_path = _at(games_path, i)
        game = _expect_object(item, game_path, required=("scores", "winners"))
        scores = _int_list(game["scores"], _at(game_path, "scores"))
        winners = _int_list(game["winners"], _at(game_path, "winners"))
        games.append(_build(game_path, GameResult, scores, winners))
    return _build(path, Series, players, edition, games)


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
        "result": None
        if state.result is None
        else {"scores": list(state.result.scores), "winners": list(state.result.winners)},
    }


def state_from_json(value: object, *, path: str = "") -> GameState:
    """Read a game state; its tiles must be exactly the edition's set."""
    fields = _expect_object(
        value,
        path,
        required=("edition", "racks", "table", "pool", "current", "opened", "seed"),
        optional=("history", "idle_turns", "final_turns", "result"),
    )
    edition = edition_from_json(fields["edition"], path=_at(path, "edition"))
    racks_path = _at(path, "racks")
    racks = [
        tiles_from_json(item, path=_at(racks_path, i))
        for i, item in enumerate(_expect_list(fields["racks"], racks_path))
    ]
    opened_path = _at(path, "opened")
    opened = []
    for i, item in enumerate(_expect_list(fields["opened"], opened_path)):
        if not isinstance(item, bool):
            raise FormatError(
                f"expected true or false, got {_kind(item)}", path=_at(opened_path, i)
            )
        opened.append(item)
    history_path = _at(path, "history")
    history = [
        action_from_json(item, path=_at(history_path, i))
        for i, item in enumerate(_expect_list(fields.get("history", []), history_path))
    ]
    final = fields.get("final_turns")
    result = fields.get("result")
    if result is not None:
        result_path = _at(path, "result")
        result_fields = _expect_object(result, result_path, required=("scores", "winners"))
        result = _build(
            result_path,
            GameResult,
            _int_list(result_fields["scores"], _at(result_path, "scores")),
            _int_list(result_fields["winners"], _at(result_path, "winners")),
        )
    state = _build(
        path,
        GameState,
        edition=edition,
        racks=racks,
        table=table_from_json(fields["table"], path=_at(path, "table")),
        pool=tiles_from_json(fields["pool"], path=_at(path, "pool")),
        current=_expect_int(fields["current"], _at(path, "current")),
        opened=opened,
        seed=_expect_int(fields["seed"], _at(path, "seed")),
        history=history,
        idle_turns=_expect_int(fields.get("idle_turns", 0), _at(path, "idle_turns")),
        final_turns=None if final is None else _expect_int(final, _at(path, "final_turns")),
        result=result,
    )
    _check_state(state, path)
    return state


def _check_state(state: GameState, path: str) -> None:
    """Refuse a state whose seats, flags or tiles do not fit together."""
    players = len(state.racks)
    if not state.edition.min_players <= players <= state.edition.max_players:
        raise FormatError(
            f"{players} racks for the {state.edition.name} edition", path=_at(path, "racks")
        )
    if len(state.opened) != players:
        raise FormatError(f"one flag per seat ({players}) is needed", path=_at(path, "opened"))
    if not 0 <= state.current < players:
        raise FormatError(f"not a seat of {players} players", path=_at(path, "current"))
    held = Counter(state.pool) + Counter(state.table.tiles)
    for rack in state.racks:
        held.update(rack)
    if held != Counter(state.edition.tile_set.all_tiles()):
        raise FormatError("racks, table and pool are not the edition's full set", path=path)


# Documents -------------------------------------------------------------------------------------


def to_json(obj: object) -> dict[str, Any]:
    """A document (a dict ready for ``json.dump``) holding ``obj``.

    ``obj`` is a Tile, a tuple or list of tiles, a Meld, a Table, an Edition, an action, a
    :class:`GameRecord`, a ``Series`` or a ``GameState``.

    >>> from rummikub_rules import parse_tile
    >>> to_json(parse_tile("r7"))
    {'format': 'rummikub-rules', 'version': 1, 'type': 'tile', 'data': 'r7'}
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
    is not a valid document of this format and version.

    >>> from rummikub_rules import Table
    >>> from_json({"format": "rummikub-rules", "version": 1, "type": "table", "data": []}, Table)
    parse_table('')
    """
    fields = _expect_object(document, "", required=(), optional=None)
    if fields.get("format") != FORMAT:
        reason = f"not a {FORMAT} document (format {_kind(fields.get('format'))})"
        raise FormatError(reason, path="format")
    version = fields.get("version")
    if type(version) is not int:
        raise FormatError(f"the version is an integer, got {_kind(version)}", path="version")
    if version != VERSION:
        raise FormatError(
            f"unsupported version {version}; this library reads version {VERSION}", path="version"
        )
    _expect_object(document, "", required=("format", "version", "type", "data"))
    tag = fields["type"]
    codec = _CODECS_BY_TAG.get(tag) if isinstance(tag, str) else None
    if codec is None:
        known = ", ".join(_CODECS_BY_TAG)
        raise FormatError(f"unknown type {excerpt(tag)}; known types: {known}", path="type")
    obj = codec.decode(fields["data"], path="data")
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

    >>> loads('{"format": "rummikub-rules", "version": 1, "type": "tiles", "data": "r7 j"}')
    (Tile(Color.RED, 7), JOKER)
    """
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise FormatError(f"not valid JSON: {error}") from None
    return from_json(document) if expect is None else from_json(document, expect)


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
)
_CODECS_BY_TAG: Final = {codec.tag: codec for codec in _CODECS}


# Helpers ---------------------------------------------------------------------------------------


def _at(path: str, key: str | int) -> str:
    """The path of a member: ``actions`` + 3 -> ``actions[3]``; ``data`` + ``after``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _kind(value: object) -> str:
    """A JSON reader's name for the type of ``value``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        text = repr(value)
        return f"the string {text if len(text) <= 40 else text[:36] + '...' + text[0]}"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _build(path: str, factory: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Call a constructor or parser, reporting a value it refuses as a FormatError at ``path``."""
    try:
        return factory(*args, **kwargs)
    except FormatError:
        raise
    except (ValueError, TypeError) as error:
        raise FormatError(str(error), path=path) from None


def _expect_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise FormatError(f"expected a string, got {_kind(value)}", path=path)
    return value


def _expect_int(value: object, path: str) -> int:
    if type(value) is not int:
        raise FormatError(f"expected an integer, got {_kind(value)}", path=path)
    return value


def _expect_list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise FormatError(f"expected an array, got {_kind(value)}", path=path)
    return value


def _int_list(value: object, path: str) -> list[int]:
    return [_expect_int(item, _at(path, i)) for i, item in enumerate(_expect_list(value, path))]


def _expect_object(
    value: object,
    path: str,
    *,
    required: Iterable[str] = (),
    optional: Iterable[str] | None = (),
) -> dict[str, Any]:
    """``value`` as a dict with string keys; ``optional=None`` allows any other keys."""
    if not isinstance(value, dict):
        raise FormatError(f"expected an object, got {_kind(value)}", path=path)
    for key in value:
        if not isinstance(key, str):
            raise FormatError(f"object keys are strings, got {_kind(key)}", path=path)
    needed = tuple(required)
    for key in needed:
        if key not in value:
            raise FormatError("missing field", path=_at(path, key))
    if optional is not None:
        allowed = {*needed, *optional}
        for key in value:
            if key not in allowed:
                raise FormatError("unknown field", path=_at(path, key))
    return value


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
        return _expect_str(value, path)
    if name == "tile_set":
        return _tile_set_from_json(value, path)
    default = getattr(CLASSIC, name)
    if isinstance(default, enum.Enum):
        choices = [member.value for member in type(default)]
        if value not in choices:
            raise FormatError(f"expected one of {choices}, got {_kind(value)}", path=path)
        return type(default)(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise FormatError(f"expected true or false, got {_kind(value)}", path=path)
        return value
    if value is not None and type(value) is not int:
        raise FormatError(f"expected an integer or null, got {_kind(value)}", path=path)
    return value


def _tile_set_from_json(value: object, path: str) -> TileSet:
    fields = _expect_object(value, path, optional=("colors", "numbers", "copies", "jokers"))
    changes: dict[str, Any] = {}
    if "colors" in fields:
        colors_path = _at(path, "colors")
        letters = [c.value for c in Color]
        colors = []
        for i, item in enumerate(_expect_list(fields["colors"], colors_path)):
            if item not in letters:
                reason = f"expected a colour letter {letters}, got {_kind(item)}"
                raise FormatError(reason, path=_at(colors_path, i))
            colors.append(Color(item))
        changes["colors"] = colors
    if "numbers" in fields:
        changes["numbers"] = _int_list(fields["numbers"], _at(path, "numbers"))
    for name in ("copies", "jokers"):
        if name in fields:
            changes[name] = _expect_int(fields[name], _at(path, name))
    return _build(path, TileSet, **changes)


def _deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "racks": [tiles_to_json(rack) for rack in deal.racks],
        "pool": tiles_to_json(deal.pool),
        "first": deal.first,
    }


def _deal_from_json(value: object, path: str) -> Deal:
    fields = _expect_object(value, path, required=("racks", "pool"), optional=("first",))
    racks_path = _at(path, "racks")
    racks = [
        tiles_from_json(item, path=_at(racks_path, i))
        for i, item in enumerate(_expect_list(fields["racks"], racks_path))
    ]
    pool = tiles_from_json(fields["pool"], path=_at(path, "pool"))
    first = _expect_int(fields.get("first", 0), _at(path, "first"))
    return _build(path, Deal, racks, pool, first)
