"""JSON for the values of a turn: tiles, melds, tables, editions and actions.

Part of :mod:`rummikub_rules.serialization`, which documents the format and re-exports these
functions. Everything read here is bounded by the largest box: a table, a list of tiles or a
notation string longer than any game holds is refused before it is read.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final

from rummikub_rules.actions import Action, Draw, FailedTurn, Pass, Play, Timeout
from rummikub_rules.editions import CLASSIC, EDITIONS, Edition
from rummikub_rules.errors import FormatError, InputTooLargeError, InvalidTypeError, excerpt
from rummikub_rules.melds import Meld, Table
from rummikub_rules.notation import format_tiles, parse_meld, parse_tile, parse_tiles
from rummikub_rules.serialization._fields import (
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
from rummikub_rules.tiles import Color, Tile, TileSet

__all__ = [
    "action_from_json",
    "action_to_json",
    "edition_from_json",
    "edition_to_json",
    "meld_from_json",
    "meld_to_json",
    "table_from_json",
    "table_to_json",
    "tile_from_json",
    "tile_to_json",
    "tiles_from_json",
    "tiles_to_json",
]

#: The longest notation string read for tiles: every tile of the largest box, generously spaced.
_LONGEST_TILES: Final = 8 * MAX_TILES


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


def _at_most_a_box(tiles: int, path: str) -> None:
    if tiles > MAX_TILES:
        error = InputTooLargeError("tiles", size=tiles, limit=MAX_TILES)
        raise FormatError(str(error), path=path)


def _rule_to_json(value: object) -> object:
    if isinstance(value, TileSet):
        return _tile_set_to_json(value)
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


def _tile_set_to_json(tile_set: TileSet) -> dict[str, Any]:
    """A tile set as an object of its fields; ``colored_jokers`` only when it has some.

    Leaving out a zero keeps every document without coloured jokers as earlier releases wrote
    it, so they still read it; a document with coloured jokers needs this release or later.
    """
    fields: dict[str, Any] = {
        "colors": [color.value for color in tile_set.colors],
        "numbers": list(tile_set.numbers),
        "copies": tile_set.copies,
        "jokers": tile_set.jokers,
    }
    if tile_set.colored_jokers:
        fields["colored_jokers"] = tile_set.colored_jokers
    return fields


def _tile_set_from_json(value: object, path: str) -> TileSet:
    """Read a tile set; fields left out (``colored_jokers`` in older documents) take defaults."""
    names = ("colors", "numbers", "copies", "jokers", "colored_jokers")
    fields = expect_object(value, path, optional=names)
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
    for name in ("copies", "jokers", "colored_jokers"):
        if name in fields:
            changes[name] = expect_int(fields[name], at(path, name))
    return build(path, TileSet, **changes)
