"""Arguments as callers give them: objects, or notation text and edition names.

A table, meld or rack may be given as an object or as notation text, an edition as an object
or by name: every public function that takes one accepts either form and converts it here, so
each parameter is checked the same way everywhere; anything else raises
:class:`~rummikub_rules.errors.InvalidTypeError` naming the parameter and what it accepts.

>>> as_table("r7 r8 r9 | k5 b5 o5", "before")
parse_table('r7 r8 r9 | k5 b5 o5')
>>> as_edition("pl-2026", "edition").name
'pl-2026'
>>> as_tiles(42, "rack")
Traceback (most recent call last):
...
rummikub_rules.errors.InvalidTypeError: rack takes tiles (Tile objects or notation such as ...
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sized
from typing import Final, TypeAlias

from rummikub_rules.editions import EDITIONS, Edition
from rummikub_rules.errors import (
    InputTooLargeError,
    InvalidTypeError,
    InvalidValueError,
    ParseError,
)
from rummikub_rules.melds import Meld, Table
from rummikub_rules.notation import parse_meld, parse_table, parse_tiles
from rummikub_rules.tiles import MAX_COPIES, MAX_JOKERS, NUMBERS, Color, Tile

__all__ = [
    "MOST_TILES",
    "EditionLike",
    "MeldLike",
    "TableLike",
    "TilesLike",
    "as_edition",
    "as_editions",
    "as_meld",
    "as_table",
    "as_tiles",
]

#: The most tiles any tile set holds: four colours, 13 numbers, the most copies and jokers.
MOST_TILES: Final = len(Color) * NUMBERS * MAX_COPIES + MAX_JOKERS

#: A table, or its notation (``"r7 r8 r9 | k5 b5 o5"``; ``""`` is the empty table).
TableLike: TypeAlias = "Table | str"
#: A meld, or its notation (``"r7 r8 j"``, ``"group: r5 j j"``).
MeldLike: TypeAlias = "Meld | str"
#: Tiles (a rack, tiles to arrange), or their notation (``"r7 k2 j"``).
TilesLike: TypeAlias = "Iterable[Tile] | str"
#: An edition, or a preset's name or alias (``"classic"``, ``"pl-2026"``, ``"standard"``).
EditionLike: TypeAlias = "Edition | str"


def as_table(value: TableLike, name: str) -> Table:
    """``value`` as a :class:`~rummikub_rules.melds.Table`, reading notation text."""
    if isinstance(value, Table):
        return value
    if isinstance(value, str):
        try:
            return parse_table(value)
        except ParseError as error:
            raise error.in_argument(name) from None
    raise InvalidTypeError(
        f"{name} takes a Table or table notation such as 'r7 r8 r9 | k5 b5 o5', "
        f"got {type(value).__name__}"
    )


def as_meld(value: MeldLike, name: str) -> Meld:
    """``value`` as a :class:`~rummikub_rules.melds.Meld`, reading notation text."""
    if isinstance(value, Meld):
        return value
    if isinstance(value, str):
        try:
            return parse_meld(value)
        except ParseError as error:
            raise error.in_argument(name) from None
    raise InvalidTypeError(
        f"{name} takes a Meld or meld notation such as 'r7 r8 j', got {type(value).__name__}"
    )


def as_tiles(value: TilesLike, name: str) -> tuple[Tile, ...]:
    """``value`` as a tuple of tiles, reading notation text.

    More tiles than the largest tile set holds (:data:`MOST_TILES`) are refused with
    :class:`~rummikub_rules.errors.InputTooLargeError`, without reading an endless iterable.
    """
    if isinstance(value, str):
        try:
            tiles = parse_tiles(value)
        except ParseError as error:
            raise error.in_argument(name) from None
        if len(tiles) > MOST_TILES:
            raise InputTooLargeError(f"{name}: tiles", size=len(tiles), limit=MOST_TILES)
        return tiles
    expected = f"{name} takes tiles (Tile objects or notation such as 'r7 k2 j')"
    if not isinstance(value, Iterable) or isinstance(value, bytes | Table):
        raise InvalidTypeError(f"{expected}, got {type(value).__name__}")
    # A tuple is kept as it is: the referee remembers verdicts by their inputs' identities.
    tiles = value if type(value) is tuple else tuple(itertools.islice(value, MOST_TILES + 1))
    if len(tiles) > MOST_TILES:
        size = len(value) if isinstance(value, Sized) else len(tiles)
        raise InputTooLargeError(f"{name}: tiles", size=size, limit=MOST_TILES)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise InvalidTypeError(f"{expected}, got a {type(tile).__name__} among them")
    return tiles


def as_edition(value: EditionLike, name: str) -> Edition:
    """``value`` as an :class:`~rummikub_rules.editions.Edition`, looking names up in ``EDITIONS``.

    An unknown name raises :class:`~rummikub_rules.errors.UnknownEditionError`, which lists the
    known ones.
    """
    if isinstance(value, Edition):
        return value
    if isinstance(value, str):
        return EDITIONS[value]
    raise InvalidTypeError(
        f"{name} takes an Edition or a preset name such as 'classic', got {type(value).__name__}"
    )


def as_editions(values: Iterable[EditionLike], name: str) -> tuple[Edition, ...]:
    """Editions (objects or names) in the order given, each once, keyed by name.

    Two different editions given under one name are refused: results keyed by name would mix
    them up (``CLASSIC.evolve(joker_penalty=50, name="joker-50")`` names a custom one).
    """
    if isinstance(values, str | Edition) or not isinstance(values, Iterable):
        raise InvalidTypeError(
            f"{name} takes a list of editions or preset names, got {type(values).__name__}"
        )
    by_name: dict[str, Edition] = {}
    for value in values:
        edition = as_edition(value, name)
        if by_name.setdefault(edition.name, edition) != edition:
            raise InvalidValueError(
                f"two different editions are both named {edition.name!r}; name them apart "
                "with evolve(name=...)"
            )
    return tuple(by_name.values())
