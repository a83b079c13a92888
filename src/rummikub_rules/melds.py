"""Melds and tables, and how a meld reads under an edition's rules (rules section 2).

A :class:`Meld` is tiles in table order with an optional declared :class:`MeldKind`. Whether it is
a valid run or group, and what each joker stands for, depends on the rules in force (run wrap,
repeated colours in groups, a cap on jokers, the tile set): :meth:`Meld.readings` answers under any
object carrying those four fields, such as an ``Edition``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final, Protocol

import attrs

from rummikub_rules._choices import Choice
from rummikub_rules.editions import EDITIONS, RunWrap
from rummikub_rules.errors import InvalidTypeError, excerpt
from rummikub_rules.tiles import (
    JOKER,
    MIN_NUMBER,
    NUMBERS,
    STANDARD_SET,
    Color,
    Tile,
    TileSet,
    shared_tile,
    tile_tuple,
)

__all__ = ["STANDARD_MELD_RULES", "Meld", "MeldKind", "MeldRules", "Reading", "RunWrap", "Table"]


class MeldKind(Choice):
    """The two kinds of meld."""

    RUN = "run"
    GROUP = "group"


class MeldRules(Protocol):
    """The edition fields that decide whether a meld is valid. Every ``Edition`` has them."""

    @property
    def tile_set(self) -> TileSet: ...  # noqa: D102

    @property
    def run_wrap(self) -> RunWrap: ...  # noqa: D102

    @property
    def group_colors_distinct(self) -> bool: ...  # noqa: D102

    @property
    def max_jokers_per_meld(self) -> int | None: ...  # noqa: D102


@attrs.frozen
class _StandardMeldRules:
    tile_set: TileSet = STANDARD_SET
    run_wrap: RunWrap = RunWrap.NONE
    group_colors_distinct: bool = True
    max_jokers_per_meld: int | None = None


#: The meld rules of every standard edition; the default wherever an edition is optional.
STANDARD_MELD_RULES: Final[MeldRules] = _StandardMeldRules()

#: The most tiles a valid meld can hold: a run of every number (a group has at most one tile per
#: colour, four). A longer meld is invalid under every edition, so its reading is never cached:
#: the reading cache holds at most this many tiles per entry, whatever a caller sends.
LONGEST_MELD: Final = NUMBERS
#: How many editions' readings one meld remembers before it forgets them all.
_MEMO_EDITIONS: Final = 8
#: How many melds' readings the process keeps (the least recently read go first). Kept
#: readings are objects that every full garbage collection walks, so the pause grows with
#: them: a long-running server or simulation reads new melds game after game. A game's table
#: holds a few dozen melds; 40 seeded ``expert`` games read 5,398 different ones, and of their
#: 40,251 readings a cap of 4,096 answered 34,621 from the cache (65,536: 34,853), in the same
#: time.
READINGS_KEPT: Final = 4096


@attrs.frozen
class Reading:
    """One valid way to read a meld: its kind, what each tile stands for, and its value.

    ``stands_for[i]`` lists the numbered tiles that tile ``i`` may stand for: a numbered tile
    stands for itself, a joker in a run for exactly one tile (decided by its position), a joker in
    a group for any missing colour (the choice need not be made), a coloured joker in a group for
    its colour's tile. ``value`` is the sum of the numbers the tiles stand for, as counted for the
    initial meld.
    """

    kind: MeldKind
    stands_for: tuple[tuple[Tile, ...], ...]
    value: int

    @property
    def number(self) -> int | None:
        """The number of a group (``None`` for a run)."""
        if self.kind is MeldKind.RUN:
            return None
        return self.stands_for[0][0].number

    @property
    def color(self) -> Color | None:
        """The colour of a run (``None`` for a group)."""
        if self.kind is MeldKind.GROUP:
            return None
        return self.stands_for[0][0].color


@attrs.frozen(eq=False)
class Meld:
    """Tiles laid together on the table, in table order, with an optional declared kind.

    Order is position in a run (``r9 r10 j``: the joker is r11) and does not matter in a group:
    two melds are equal when their kinds agree and their tiles are the same, in the same order
    for a run, in any order for a group.

    >>> from rummikub_rules import parse_meld
    >>> parse_meld("r9 j r11").reading().stands_for[1]
    (Tile(Color.RED, 10),)
    >>> parse_meld("k5 b5 o5") == parse_meld("o5 k5 b5")
    True
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    kind: MeldKind | None = attrs.field(default=None, converter=attrs.converters.optional(MeldKind))
    _memo: dict[object, tuple[Reading, ...]] = attrs.field(
        init=False, factory=dict, eq=False, hash=False, repr=False
    )
    _key: tuple[object, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: How many jokers the meld holds.
    jokers: int = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles)) if self._is_group_like() else self.tiles
        object.__setattr__(self, "_key", (self.kind, tiles))
        object.__setattr__(self, "jokers", sum(1 for t in self.tiles if t.number is None))

    def readings(self, edition: MeldRules | str = STANDARD_MELD_RULES) -> tuple[Reading, ...]:
        """Every valid reading under ``edition``'s rules: none if invalid, two if ambiguous.

        A meld of one numbered tile and jokers (``r5 j j``) reads both as a run and as a group
        unless its kind is declared.

        >>> from rummikub_rules import parse_meld
        >>> [r.kind.value for r in parse_meld("r5 j j").readings()]
        ['run', 'group']
        """
        edition = _rules(edition)
        found = self._memo.get(edition)
        if found is None:
            if len(self.tiles) > LONGEST_MELD:
                return ()  # longer than any run or group: invalid at once, and never cached
            found = _read(
                self.tiles,
                self.kind,
                edition.tile_set,
                edition.run_wrap,
                edition.group_colors_distinct,
                edition.max_jokers_per_meld,
            )
            if len(self._memo) >= _MEMO_EDITIONS:
                self._memo.clear()
            self._memo[edition] = found
        return found

    def reading(self, edition: MeldRules | str = STANDARD_MELD_RULES) -> Reading | None:
        """The meld's reading (the run reading first if ambiguous), or ``None`` if invalid."""
        found = self.readings(edition)
        return found[0] if found else None

    def is_valid(self, edition: MeldRules | str = STANDARD_MELD_RULES) -> bool:
        """Whether the meld is a valid run or group under ``edition``'s rules."""
        return bool(self.readings(edition))

    def value(self, edition: MeldRules | str = STANDARD_MELD_RULES) -> int | None:
        """The meld's value toward the initial meld (the higher reading if ambiguous)."""
        found = self.readings(edition)
        return max(r.value for r in found) if found else None

    def problem(self, edition: MeldRules | str = STANDARD_MELD_RULES) -> str | None:
        """Why the meld is not valid, as a sentence for a player; ``None`` if it is valid."""
        if self.is_valid(edition):
            return None
        return _diagnose(self, _rules(edition))

    def with_kind(self, kind: MeldKind | None) -> Meld:
        """The same tiles with the kind declared (or undeclared, with ``None``)."""
        return Meld(self.tiles, kind)

    def _is_group_like(self) -> bool:
        if self.kind is not None:
            return self.kind is MeldKind.GROUP
        numbers = {t.number for t in self.tiles if t.number is not None}
        numbered = sum(1 for t in self.tiles if t.number is not None)
        return len(numbers) == 1 and numbered >= 2

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self is other or self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __str__(self) -> str:
        text = " ".join(str(t) for t in self.tiles)
        return f"{self.kind.value}: {text}" if self.kind is not None else text

    def __repr__(self) -> str:
        return f"parse_meld({str(self)!r})"

    def __reduce__(self) -> tuple[type[Meld], tuple[tuple[Tile, ...], MeldKind | None]]:
        """Pickled as its tiles and kind: the readings it keeps are rebuilt where it is read.

        They are keyed by edition, and an edition pickled with them would come back a copy,
        equal to the preset but not the same object, slower to look up by.
        """
        return Meld, (self.tiles, self.kind)


def _rules(edition: MeldRules | str) -> MeldRules:
    """The meld rules of ``edition``, looking a preset's name up in ``EDITIONS``."""
    if isinstance(edition, str):
        return EDITIONS[edition]
    return edition


def _to_melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    melds = tuple(value)
    for meld in melds:
        if not isinstance(meld, Meld):
            raise InvalidTypeError(f"a table holds Meld objects, got {excerpt(meld)}")
    return melds


@attrs.frozen(eq=False)
class Table:
    """The melds on the table. Equal to any table with the same melds, in any order.

    >>> from rummikub_rules import parse_table
    >>> parse_table("r7 r8 r9 | k5 b5 o5") == parse_table("o5 b5 k5 | r7 r8 r9")
    True
    >>> str(parse_table("R7,R8,R9 | k5 b5 y5"))
    'r7 r8 r9 | k5 b5 o5'
    """

    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_to_melds)
    _multiset: frozenset[tuple[Meld, int]] | None = attrs.field(
        init=False, default=None, eq=False, hash=False, repr=False
    )

    def _melds_counted(self) -> frozenset[tuple[Meld, int]]:
        """The melds as a multiset, computed once: what table equality compares."""
        if self._multiset is None:
            object.__setattr__(self, "_multiset", frozenset(Counter(self.melds).items()))
        assert self._multiset is not None
        return self._multiset

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile on the table, meld by meld."""
        return tuple(t for meld in self.melds for t in meld.tiles)

    def is_valid(self, edition: MeldRules | str = STANDARD_MELD_RULES) -> bool:
        """Whether every meld is a valid run or group under ``edition``'s rules."""
        return all(meld.is_valid(edition) for meld in self.melds)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self is other or self._melds_counted() == other._melds_counted()

    def __hash__(self) -> int:
        return hash(self._melds_counted())

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def __bool__(self) -> bool:
        return bool(self.melds)

    def __str__(self) -> str:
        return " | ".join(str(meld) for meld in self.melds)

    def __repr__(self) -> str:
        return f"parse_table({str(self)!r})"

    def __reduce__(self) -> tuple[type[Table], tuple[tuple[Meld, ...]]]:
        """Pickled as its melds (what it keeps for comparing is worked out again)."""
        return Table, (self.melds,)


@functools.lru_cache(maxsize=READINGS_KEPT)
def _read(
    tiles: tuple[Tile, ...],
    kind: MeldKind | None,
    tile_set: TileSet,
    wrap: RunWrap,
    distinct: bool,
    max_jokers: int | None,
) -> tuple[Reading, ...]:
    size = len(tiles)
    numbered = [t for t in tiles if t.number is not None]
    if size < 3 or not numbered:
        return ()
    if max_jokers is not None and size - len(numbered) > max_jokers:
        return ()
    found: list[Reading] = []
    if kind is not MeldKind.GROUP:
        run = _read_run(tiles, numbered, tile_set, wrap)
        if run is not None:
            found.append(run)
    if kind is not MeldKind.RUN:
        group = _read_group(tiles, numbered, tile_set, distinct)
        if group is not None:
            found.append(group)
    return tuple(found)


def _run_starts(first: int, offset: int, lo: int, hi: int, wrap: RunWrap) -> list[int]:
    """Candidate positions of a run's first tile, given its first numbered tile's number."""
    if wrap is RunWrap.FULL:
        return [(first - lo - offset) % (hi - lo + 1) + lo]
    starts = [first - offset]
    if wrap is RunWrap.ONE_HIGH and first == lo:
        starts.append(hi + 1 - offset)
    return starts


def _read_run(
    tiles: tuple[Tile, ...], numbered: list[Tile], tile_set: TileSet, wrap: RunWrap
) -> Reading | None:
    color = numbered[0].color
    if any(t.color is not color for t in numbered) or any(
        t.color not in (None, color) for t in tiles if t.number is None
    ):
        return None
    lo, hi = tile_set.numbers[0], tile_set.numbers[-1]
    span = hi - lo + 1
    size = len(tiles)
    if size > span:
        return None
    first_index = next(i for i, t in enumerate(tiles) if t.number is not None)
    assert numbered[0].number is not None
    for start in _run_starts(numbered[0].number, first_index, lo, hi, wrap):
        if wrap is RunWrap.FULL:
            numbers = [(start - lo + i) % span + lo for i in range(size)]
        else:
            top = hi + 1 if wrap is RunWrap.ONE_HIGH else hi
            if start < lo or start + size - 1 > top:
                continue
            numbers = [n if n <= hi else lo for n in range(start, start + size)]
        if all(t.number is None or t.number == n for t, n in zip(tiles, numbers, strict=True)):
            assert color is not None
            base = color.rank * NUMBERS - MIN_NUMBER
            return Reading(
                MeldKind.RUN,
                tuple(_alone(Tile.from_index(base + n)) for n in numbers),
                value=sum(numbers),
            )
    return None


def _read_group(
    tiles: tuple[Tile, ...], numbered: list[Tile], tile_set: TileSet, distinct: bool
) -> Reading | None:
    number = numbered[0].number
    if any(t.number != number for t in numbered) or len(tiles) > len(tile_set.colors):
        return None
    assert number is not None
    painted = [t.color for t in tiles if t.color is not None]
    if any(c not in tile_set.colors for c in painted):
        return None
    if distinct:
        if len(set(painted)) != len(painted):
            return None
        options = tuple(shared_tile(c, number) for c in tile_set.colors if c not in painted)
    else:
        options = tuple(shared_tile(c, number) for c in tile_set.colors)
    stands_for = tuple(
        _alone(t)
        if t.number is not None
        else options
        if t.color is None
        else _alone(shared_tile(t.color, number))
        for t in tiles
    )
    return Reading(MeldKind.GROUP, stands_for, value=number * len(tiles))


#: The one-tile tuple of each numbered tile, shared by every reading (:func:`_alone`).
_ALONE: dict[Tile, tuple[Tile]] = {}


def _alone(tile: Tile) -> tuple[Tile]:
    """``(tile,)``, the one instance of it the process shares.

    A reading says what each of its tiles stands for, one tile for each numbered tile, and the
    readings are kept (:func:`_read`): shared, those tuples are not thousands of objects for
    the garbage collector to walk at each full collection.
    """
    found = _ALONE.get(tile)
    if found is None:
        found = _ALONE.setdefault(tile, (tile,))
    return found


def meld_excerpt(meld: Meld) -> str:
    """A meld as a message names it, cut short if it is longer than any meld can be."""
    if len(meld.tiles) <= LONGEST_MELD + 1:
        return str(meld)
    shown = " ".join(str(t) for t in meld.tiles[: LONGEST_MELD + 1])
    return f"{shown} ... ({len(meld.tiles)} tiles)"


def _colored_joker_problem(meld: Meld, rules: MeldRules) -> str | None:
    """The sentence naming a coloured joker that stops ``meld`` being valid, if one does.

    A coloured joker is to blame when the meld would be valid with plain jokers in its place: it
    then sits in a run of another colour, or in a group that already has its colour.
    """
    colored = [t for t in meld.tiles if t.is_colored_joker]
    if not colored:
        return None
    plain = Meld(tuple(JOKER if t.is_joker else t for t in meld.tiles), meld.kind)
    readings = plain.readings(rules)
    if not readings:
        return None
    name = meld_excerpt(meld)
    missing = next((t for t in colored if t.color not in rules.tile_set.colors), None)
    if missing is not None:
        return (
            f"{name}: {missing} stands only for a {_COLOR_NAMES[missing.color]} tile, "
            "and the set has no tile of that colour."
        )
    broken: dict[Tile, dict[MeldKind, str]] = {}
    for reading in readings:
        taken: list[Color | None] = [t.color for t in meld.tiles if t.number is not None]
        for joker in colored:
            if reading.kind is MeldKind.RUN and joker.color is not reading.color:
                broken.setdefault(joker, {})[MeldKind.RUN] = _COLOR_NAMES[reading.color]
                break
            if reading.kind is MeldKind.GROUP and joker.color in taken:
                broken.setdefault(joker, {})[MeldKind.GROUP] = _COLOR_NAMES[joker.color]
                break
            taken.append(joker.color)
    joker, kinds = next(iter(broken.items()))
    color = _COLOR_NAMES[joker.color]
    if len(kinds) == 2:
        return (
            f"{name}: {joker} stands only for a {color} tile: as a run it is "
            f"{kinds[MeldKind.RUN]}, and as a group it has a {color} tile already."
        )
    if MeldKind.RUN in kinds:
        run_color = kinds[MeldKind.RUN]
        return f"{name}: {joker} stands only for a {color} tile, and this run is {run_color}."
    return f"{name}: {joker} stands only for a {color} tile, and this group has one already."


_COLOR_NAMES: Final = {
    None: "plain",
    Color.BLACK: "black",
    Color.RED: "red",
    Color.BLUE: "blue",
    Color.ORANGE: "orange",
}


def _diagnose(meld: Meld, rules: MeldRules) -> str:
    """A player's sentence saying why ``meld`` reads as neither a run nor a group."""
    tiles = meld.tiles
    numbered = [t for t in tiles if t.number is not None]
    name = meld_excerpt(meld)
    if len(tiles) < 3:
        return f"{name} has {len(tiles)} tile{'s' * (len(tiles) != 1)}; a meld needs at least 3."
    if not numbered:
        return f"{name} is only jokers; a meld needs at least one numbered tile."
    cap = rules.max_jokers_per_meld
    if cap is not None and len(tiles) - len(numbered) > cap:
        return f"{name} has more than {cap} joker{'s' * (cap != 1)}, the most a meld may hold."
    colored = _colored_joker_problem(meld, rules)
    if colored is not None:
        return colored
    numbers = {t.number for t in numbered}
    if meld.kind is MeldKind.GROUP or (meld.kind is None and len(numbers) == 1):
        if len(numbers) > 1:
            return f"{name} is declared a group but mixes numbers."
        colors = len(rules.tile_set.colors)
        if len(tiles) > colors and rules.group_colors_distinct:
            return f"{name} has {len(tiles)} tiles; a group has at most one per colour."
        if len(tiles) > colors:
            return (
                f"{name} has {len(tiles)} tiles; a group has at most {colors}, as many as the "
                "set has colours, even where colours may repeat."
            )
        if rules.group_colors_distinct and len({t.color for t in numbered}) < len(numbered):
            return f"{name} repeats a colour; a group needs a different colour on every tile."
        return f"{name} is not a valid run or group."
    if len({t.color for t in numbered}) > 1:
        return f"{name} mixes colours and numbers; a run is one colour, a group one number."
    if len(tiles) > len(rules.tile_set.numbers):
        return f"{name} is longer than {len(rules.tile_set.numbers)} tiles, the longest run."
    return (
        f"{name} is not a run: its numbers must rise by one from tile to tile "
        f"(jokers included) and stay within "
        f"{rules.tile_set.numbers[0]}-{rules.tile_set.numbers[-1]}"
        f"{'' if RunWrap(rules.run_wrap) is RunWrap.NONE else ' or wrap as the edition allows'}."
    )
