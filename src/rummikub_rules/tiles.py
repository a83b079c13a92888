"""Tiles and tile sets (rules section 1).

A :class:`Tile` is a numbered tile (a colour and a number 1-13), the joker, or a coloured joker of
the Expert box (``jr``: a joker that stands only for a red tile). A :class:`TileSet` is the
inventory of one box: its colours, numbers, copies of each numbered tile, and its jokers.
:func:`tile_counts` and :func:`inventory` count tiles by :attr:`Tile.index`, for every module that
checks tiles against a box.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

import attrs

from rummikub_rules._convert import as_tuple
from rummikub_rules.errors import InvalidTypeError, InvalidValueError, excerpt

__all__ = [
    "EXPERT_SET",
    "JOKER",
    "STANDARD_SET",
    "XP_SET",
    "Color",
    "Tile",
    "TileSet",
    "rack_tuples",
    "shared_tile",
    "tile_tuple",
]

#: The lowest and highest numbers printed on any Rummikub tile.
MIN_NUMBER: Final = 1
MAX_NUMBER: Final = 13
NUMBERS: Final = MAX_NUMBER - MIN_NUMBER + 1


class Color(str, enum.Enum):
    """A tile colour; the value is its notation letter."""

    BLACK = "k"
    RED = "r"
    BLUE = "b"
    ORANGE = "o"

    def __str__(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        """Position in the conventional order black, red, blue, orange (used to sort racks)."""
        return _COLOR_RANK[self]


_COLOR_RANK: Final = {color: i for i, color in enumerate(Color)}
#: The :attr:`Tile.index` of the joker; numbered tiles have 0 .. JOKER_INDEX - 1, and the coloured
#: jokers JOKER_INDEX + 1 + their colour's rank.
JOKER_INDEX: Final = len(Color) * NUMBERS
#: How many different tiles there are (numbered tiles, the joker, four coloured jokers): the length
#: of every list of counts by :attr:`Tile.index`.
TILE_KINDS: Final = JOKER_INDEX + 1 + len(Color)


def _check_tile(instance: Tile, attribute: attrs.Attribute[Any], value: object) -> None:
    color, number = instance.color, instance.number
    if number is None and (color is None or isinstance(color, Color)):
        return
    if not isinstance(color, Color):
        raise InvalidTypeError(f"a numbered tile needs a Color, got {excerpt(color)}")
    if type(number) is not int:
        raise InvalidTypeError(f"a tile's number is an int, got {excerpt(number)}")
    if not MIN_NUMBER <= number <= MAX_NUMBER:
        raise InvalidValueError(f"a tile's number is {MIN_NUMBER}..{MAX_NUMBER}, got {number}")


@attrs.frozen(order=False, cache_hash=True)
class Tile:
    """One tile: ``Tile(Color.RED, 7)``, the joker :data:`JOKER`, or a coloured joker.

    The joker has colour and number ``None``; a coloured joker, ``Tile.joker(Color.RED)``, has a
    colour and no number: it stands only for a tile of its colour (rules section 2). Tiles compare
    equal by colour and number: the two red 7s of a set are the same ``Tile``, and a multiset of
    tiles (a rack, a table) counts copies. Tiles sort by colour, then number, with jokers last (the
    joker, then the coloured jokers), which is the order a player arranges a rack in.

    >>> Tile(Color.RED, 7)
    Tile(Color.RED, 7)
    >>> str(Tile(Color.RED, 7)), str(JOKER), str(Tile.joker(Color.RED))
    ('r7', 'j', 'jr')
    >>> sorted([Tile.joker(Color.BLUE), JOKER, Tile(Color.BLUE, 2), Tile(Color.BLACK, 9)])
    [Tile(Color.BLACK, 9), Tile(Color.BLUE, 2), JOKER, Tile.joker(Color.BLUE)]
    """

    color: Color | None = attrs.field(validator=_check_tile)
    number: int | None = attrs.field(validator=_check_tile)
    #: A small integer naming the tile, in rack order: 0-51 for numbered tiles, 52 for the joker,
    #: 53-56 for the coloured jokers (black, red, blue, orange). Fast to hash and compare, so the
    #: referee and the solver count tiles by it.
    index: int = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.color is None:
            index = JOKER_INDEX
        elif self.number is None:
            index = JOKER_INDEX + 1 + self.color.rank
        else:
            index = self.color.rank * NUMBERS + self.number - MIN_NUMBER
        object.__setattr__(self, "index", index)

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile whose :attr:`index` is ``index``.

        >>> Tile.from_index(Tile(Color.BLUE, 5).index)
        Tile(Color.BLUE, 5)
        """
        return _BY_INDEX[index]

    @classmethod
    def joker(cls, color: Color | str | None = None) -> Tile:
        """The joker, or with ``color`` (``"r"``, ``Color.RED``) the coloured joker of that colour.

        >>> Tile.joker() is JOKER, str(Tile.joker("b"))
        (True, 'jb')
        """
        if color is None:
            return JOKER
        try:
            return _BY_INDEX[JOKER_INDEX + 1 + Color(color).rank]
        except ValueError:
            raise InvalidValueError(
                f"a coloured joker's colour is one of {[c.value for c in Color]}, "
                f"got {excerpt(color)}"
            ) from None

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker, plain or coloured."""
        return self.number is None

    @property
    def is_colored_joker(self) -> bool:
        """Whether this is a coloured joker, which stands only for a tile of its colour."""
        return self.number is None and self.color is not None

    @property
    def value(self) -> int:
        """The tile's number; 0 for a joker, whose worth depends on the edition's penalty."""
        return 0 if self.number is None else self.number

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        if self.color is None:
            return "j"
        if self.number is None:
            return f"j{self.color.value}"
        return f"{self.color.value}{self.number}"

    def __repr__(self) -> str:
        if self.color is None:
            return "JOKER"
        if self.number is None:
            return f"Tile.joker(Color.{self.color.name})"
        return f"Tile(Color.{self.color.name}, {self.number})"

    def __reduce__(self) -> tuple[Callable[[int], Tile], tuple[int]]:
        """Pickled by its index: it comes back as the instance the process shares."""
        return Tile.from_index, (self.index,)


#: The joker. There is one ``Tile`` value for all plain jokers; a set holds several copies of it.
JOKER: Final = Tile(None, None)
_BY_INDEX: Final = tuple(
    [Tile(c, n) for c in Color for n in range(MIN_NUMBER, MAX_NUMBER + 1)]
    + [JOKER]
    + [Tile(c, None) for c in Color]
)


def shared_tile(color: Color | None, number: int | None) -> Tile:
    """``Tile(color, number)``, as the one instance of it the whole process shares.

    Dealing, parsing and the solver hand out these: a process then keeps one object per kind of
    tile, not one per copy dealt or laid (each a tracked object that a full garbage collection
    walks, and once hashed two: attrs keeps the hash in an object of its own). What ``Tile``
    refuses, it refuses with the same error.

    >>> seven = shared_tile(Color.RED, 7)
    >>> seven == Tile(Color.RED, 7), seven is shared_tile(Color.RED, 7)
    (True, True)
    """
    if isinstance(color, Color) and type(number) is int and MIN_NUMBER <= number <= MAX_NUMBER:
        return _BY_INDEX[color.rank * NUMBERS + number - MIN_NUMBER]
    return _BY_INDEX[Tile(color, number).index]  # a joker, or the error a tile would raise


#: The most copies of each numbered tile, and the most jokers (plain and coloured together), a tile
#: set may hold: the XP box has 3 copies and 4 jokers, the Expert box 8 coloured jokers; the caps
#: keep every search over a position small.
MAX_COPIES: Final = 4
MAX_JOKERS: Final = 8


def _count_in(low: int, high: int) -> Any:
    """A validator: an ``int`` (not a bool) from ``low`` to ``high``."""

    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int:
            raise InvalidTypeError(f"{attribute.name} must be an int, got {excerpt(value)}")
        if not low <= value <= high:
            raise InvalidValueError(f"{attribute.name} must be {low}..{high}, got {value}")

    return check


def _first_items(value: object, name: str, most: int) -> list[Any]:
    """The first ``most`` + 1 items: enough to refuse an iterable that is too long."""
    if isinstance(value, str | bytes) and name == "numbers":
        raise InvalidTypeError(f"a tile set's {name} are ints, got {excerpt(value)}")
    try:
        return list(itertools.islice(value, most + 1))  # type: ignore[call-overload]
    except TypeError:
        raise InvalidTypeError(
            f"a tile set's {name} are a sequence, got {excerpt(value)}"
        ) from None


def _to_colors(value: object) -> tuple[Color, ...]:
    items = _first_items(value, "colors", len(Color))
    try:
        colors = tuple(Color(c) for c in items)
    except ValueError:
        raise InvalidValueError(
            f"a tile set's colours are {[c.value for c in Color]}, got {excerpt(value)}"
        ) from None
    if not colors or len(set(colors)) != len(colors):
        raise InvalidValueError(f"a tile set needs distinct colours, got {excerpt(value)}")
    return colors


def _to_numbers(value: object) -> tuple[int, ...]:
    items = _first_items(value, "numbers", NUMBERS)
    if any(type(n) is not int for n in items):
        raise InvalidTypeError(f"a tile set's numbers are ints, got {excerpt(value)}")
    numbers = tuple(items)
    if not numbers or numbers != tuple(range(numbers[0], numbers[0] + len(numbers))):
        raise InvalidValueError(f"a tile set's numbers are consecutive, got {excerpt(value)}")
    if numbers[0] < MIN_NUMBER or numbers[-1] > MAX_NUMBER:
        raise InvalidValueError(f"a tile set's numbers lie in {MIN_NUMBER}..{MAX_NUMBER}")
    return numbers


def _check_joker_total(instance: TileSet, attribute: attrs.Attribute[int], value: int) -> None:
    total = instance.jokers + value * len(instance.colors)
    if total > MAX_JOKERS:
        raise InvalidValueError(
            f"a tile set holds at most {MAX_JOKERS} jokers, plain and coloured together; "
            f"jokers={instance.jokers} and colored_jokers={value} in {len(instance.colors)} "
            f"colours make {total}"
        )


@attrs.frozen(cache_hash=True)
class TileSet:
    """The tiles in one box: every colour x number in ``copies`` copies, plus jokers.

    ``jokers`` plain jokers and ``colored_jokers`` coloured jokers of each of its colours (the
    Expert box has two of each). ``copies`` is 1 to :data:`MAX_COPIES` (4), and the jokers, plain
    and coloured, are at most :data:`MAX_JOKERS` (8) together: beyond any box made, and small
    enough that every search over a position stays bounded.

    >>> STANDARD_SET.size, XP_SET.size, EXPERT_SET.size
    (106, 160, 112)
    >>> STANDARD_SET.count(Tile(Color.RED, 7)), STANDARD_SET.count(JOKER)
    (2, 2)
    >>> EXPERT_SET.count(JOKER), EXPERT_SET.count(Tile.joker(Color.RED)), EXPERT_SET.total_jokers
    (0, 2, 8)
    """

    colors: tuple[Color, ...] = attrs.field(default=tuple(Color), converter=_to_colors)
    numbers: tuple[int, ...] = attrs.field(
        default=tuple(range(MIN_NUMBER, MAX_NUMBER + 1)), converter=_to_numbers
    )
    copies: int = attrs.field(default=2, validator=_count_in(1, MAX_COPIES))
    jokers: int = attrs.field(default=2, validator=_count_in(0, MAX_JOKERS))
    colored_jokers: int = attrs.field(
        default=0, validator=[_count_in(0, MAX_JOKERS), _check_joker_total]
    )

    @property
    def size(self) -> int:
        """How many tiles the box holds."""
        return len(self.colors) * len(self.numbers) * self.copies + self.total_jokers

    @property
    def total_jokers(self) -> int:
        """How many jokers the box holds, plain and coloured together."""
        return self.jokers + self.colored_jokers * len(self.colors)

    def count(self, tile: Tile) -> int:
        """How many copies of ``tile`` the set holds (0 for a colour or number it lacks)."""
        if tile.is_joker:
            if tile.color is None:
                return self.jokers
            return self.colored_jokers if tile.color in self.colors else 0
        if tile.color in self.colors and tile.number in self.numbers:
            return self.copies
        return 0

    def __repr__(self) -> str:
        fields = []
        if self.colors != tuple(Color):
            fields.append(f"colors={''.join(c.value for c in self.colors)!r}")
        if self.numbers != tuple(range(MIN_NUMBER, MAX_NUMBER + 1)):
            fields.append(f"numbers=range({self.numbers[0]}, {self.numbers[-1] + 1})")
        fields.extend(
            f"{name}={getattr(self, name)}"
            for name, usual in (("copies", 2), ("jokers", 2), ("colored_jokers", 0))
            if getattr(self, name) != usual
        )
        return f"TileSet({', '.join(fields)})"

    def distinct_tiles(self) -> tuple[Tile, ...]:
        """Each tile the set has, once, in rack order: numbered tiles, then jokers."""
        tiles = tuple(shared_tile(c, n) for c in self.colors for n in self.numbers)
        plain = (JOKER,) if self.jokers else ()
        colored = tuple(Tile.joker(c) for c in self._joker_colors())
        return (*tiles, *plain, *colored)

    def _joker_colors(self) -> tuple[Color, ...]:
        """The colours of the set's coloured jokers, in rack order."""
        return tuple(sorted(self.colors, key=lambda c: c.rank)) if self.colored_jokers else ()

    def all_tiles(self) -> tuple[Tile, ...]:
        """The full multiset of tiles in the box, in rack order (shuffle it to deal)."""
        return tuple(self._iter_all())

    def _iter_all(self) -> Iterator[Tile]:
        for color in self.colors:
            for number in self.numbers:
                tile = shared_tile(color, number)
                for _ in range(self.copies):
                    yield tile
        for _ in range(self.jokers):
            yield JOKER
        for color in self._joker_colors():
            for _ in range(self.colored_jokers):
                yield Tile.joker(color)


#: The standard box: 4 colours x 13 numbers x 2 copies + 2 jokers = 106 tiles.
STANDARD_SET: Final = TileSet()
#: The XP box for up to six players: 4 colours x 13 numbers x 3 copies + 4 jokers = 160 tiles.
XP_SET: Final = TileSet(copies=3, jokers=4)
#: The Expert box: the 104 numbered tiles of the standard box and 8 coloured jokers, two of each
#: colour, instead of the two plain jokers: 112 tiles.
EXPERT_SET: Final = TileSet(jokers=0, colored_jokers=2)


def tile_tuple(value: Iterable[Tile]) -> tuple[Tile, ...]:
    """``value`` as a tuple, refusing anything but tiles: the converter of every tiles field."""
    tiles = as_tuple(value, "tiles")
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise InvalidTypeError(f"expected Tile objects (see parse_tiles), got {excerpt(tile)}")
    return tiles


def rack_tuples(value: Iterable[Iterable[Tile]]) -> tuple[tuple[Tile, ...], ...]:
    """Racks as a tuple of tile tuples: the converter of every per-seat racks field."""
    return tuple(tile_tuple(rack) for rack in as_tuple(value, "racks"))


def tile_counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of each tile (by :attr:`Tile.index`) ``tiles`` holds."""
    counts = [0] * TILE_KINDS
    for tile in tiles:
        counts[tile.index] += 1
    return counts


@functools.lru_cache(maxsize=32)
def inventory(tile_set: TileSet) -> tuple[int, ...]:
    """How many of each tile (by :attr:`Tile.index`) the box holds."""
    return tuple(tile_counts(tile_set.all_tiles()))
