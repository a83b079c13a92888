"""Cheap answers to "can this player play?" before any search (private).

:func:`witness` tries the plays a player sees first: a rack tile (or joker) on an end of a
table meld or into a group, a new meld of rack tiles alone, one split of a table run by a rack
tile, a new meld of two rack tiles and a table tile its meld can spare (a long run's end, a
tile of a group of four). Each is believed only once the referee accepts it, so a witness is
always a legal play, and each check is counted in the budget (:data:`._budget.CHECK`), as is
the scan for the candidates (a unit for each table meld and kind of rack tile tried on it).
:func:`hopeless` proves that nothing can be played without any search: no rack tile can stand
in any meld made of the table's and the rack's tiles. Where neither answers, the plan decides.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition, JokerInInitialMeld
from rummikub_rules.melds import Meld, MeldKind, Reading, RunWrap, Table
from rummikub_rules.solver._budget import CHECK, SETUP, Budget
from rummikub_rules.solver._verify import legal
from rummikub_rules.tiles import JOKER_INDEX, MAX_NUMBER, MIN_NUMBER, NUMBERS, Tile

__all__ = ["hopeless", "unopenable", "witness"]

#: Tiles in their order (:attr:`Tile.index`), as a sort key: quicker than comparing tiles.
_INDEX: Final = operator.attrgetter("index")

#: The most candidate plays the referee is asked about: a witness is meant to be cheap, and the
#: plan answers whatever it misses.
_MOST_CHECKS: Final = 24

#: Tiles counted by :func:`hopeless` for a work unit (about the time of a unit elsewhere,
#: ``benchmarks/units.py``).
_TILES_A_UNIT: Final = 8


def witness(
    table: Table, rack: Sequence[Tile], *, opened: bool, edition: Edition, budget: Budget
) -> Play | None:
    """A legal play found without search, or ``None`` (which proves nothing).

    A player who has not opened is offered the runs and groups of the rack's numbered tiles
    (longest runs first, or groups first), and where a rack joker counts in the initial meld,
    melds of two tiles left and a joker (the most valuable first), as an opening where they
    reach the threshold; then, with two jokers or more, the same with melds of one high tile
    and two jokers among them.
    Listing the candidates is counted as setting up a search (:data:`._budget.SETUP`).
    """
    budget.count(SETUP)
    if not opened:
        # Melds of a tile and two jokers only where jokers count and two are there.
        pairs = _counting(edition) and sum(1 for t in rack if t.number is None) > 1
        tries = (False, True) if pairs else (False,)
        for two_jokers, runs_first in itertools.product(tries, (True, False)):
            melds = _opening(rack, edition, runs_first, two_jokers=two_jokers)
            points = sum(m.value(edition) or 0 for m in melds)
            if not melds or points < edition.initial_meld_points:
                continue
            after = Table((*table.melds, *melds))
            budget.count(CHECK)
            if legal(table, rack, after, opened=opened, edition=edition):
                return Play(after)
        return None
    for checks, after in enumerate(_candidates(table, rack, edition, budget)):
        if checks >= _MOST_CHECKS:
            return None
        budget.count(CHECK)
        if legal(table, rack, after, opened=opened, edition=edition):
            return Play(after)
    return None


def _opening(
    rack: Sequence[Tile], edition: Edition, runs_first: bool, *, two_jokers: bool
) -> list[Meld]:
    """Disjoint runs and groups of numbered rack tiles, then melds with the rack's jokers.

    Runs first (each as long as the rack's tiles go) or groups first; then, where a joker
    counts in the initial meld, melds of two tiles left and a joker, and with ``two_jokers``
    of one tile and two jokers too (:func:`_joker_melds`).
    Tiles are counted by :attr:`Tile.index` (the numbers of a colour are consecutive indices).
    """
    have = Counter([t.index for t in rack if t.number is not None])
    melds: list[Meld] = []
    for part in (_runs, _groups) if runs_first else (_groups, _runs):
        for meld in part(have):
            if meld.is_valid(edition):
                melds.append(meld)
                have.subtract([t.index for t in meld.tiles])
    jokers = [t for t in rack if t.number is None]
    if jokers and _counting(edition):
        melds += _joker_melds(have, jokers, edition, two_jokers=two_jokers)
    return melds


def _counting(edition: Edition) -> bool:
    """Whether a rack joker counts in the initial meld (as the tile it stands for)."""
    return JokerInInitialMeld(edition.joker_in_initial_meld) is JokerInInitialMeld.COUNTS


def _joker_melds(
    have: Counter[int], jokers: Sequence[Tile], edition: Edition, *, two_jokers: bool
) -> list[Meld]:
    """Disjoint melds of rack tiles of ``have`` with the rack's jokers, the most valuable first.

    While ``jokers`` last: a joker fills a run's gap or end, or a group's third place, beside
    two tiles; with ``two_jokers``, two jokers may go with one of the rack's highest tiles
    (``k13 jr jb`` is worth 39).
    """
    left = sorted(i for i, n in have.items() if n > 0)
    kinds = sorted(set(jokers), key=_INDEX)
    options: list[tuple[int, tuple[int, ...], tuple[Tile, ...], Meld]] = []
    for a, b in itertools.combinations(left, 2):
        same_number = a % NUMBERS == b % NUMBERS
        if not same_number and (a // NUMBERS != b // NUMBERS or b - a > 2):
            continue
        pair = Tile.from_index(a), Tile.from_index(b)
        for joker in kinds:
            shapes = [(*pair, joker)] if same_number or b - a == 1 else [(pair[0], joker, pair[1])]
            if not same_number and b - a == 1:
                shapes.append((joker, *pair))
            options += _valued(shapes, (a, b), (joker,), edition)
    if two_jokers:
        for a in sorted(left, key=lambda i: i % NUMBERS)[-_LONE_TILES:]:
            tile = Tile.from_index(a)
            for pair in itertools.combinations_with_replacement(kinds, 2):
                shapes = [(tile, *pair), (*pair, tile), (pair[0], tile, pair[1])]
                options += _valued(shapes, (a,), pair, edition)
    options.sort(key=lambda o: o[0], reverse=True)
    spare = Counter(jokers)
    melds: list[Meld] = []
    for _, tiles, needed, meld in options:
        if all(have[i] > 0 for i in tiles) and not Counter(needed) - spare:
            spare.subtract(needed)
            have.subtract(tiles)
            melds.append(meld)
    return melds


#: The rack's highest tiles tried with two jokers each by :func:`_joker_melds`.
_LONE_TILES: Final = 3


def _valued(
    shapes: Iterable[tuple[Tile, ...]],
    tiles: tuple[int, ...],
    jokers: tuple[Tile, ...],
    edition: Edition,
) -> list[tuple[int, tuple[int, ...], tuple[Tile, ...], Meld]]:
    """The melds of ``shapes`` that are melds, with their values and the tiles they take."""
    found = []
    for shape in shapes:
        meld = Meld(shape)
        value = meld.value(edition)
        if value is not None:
            found.append((value, tiles, jokers, meld))
    return found


def _runs(have: Counter[int]) -> list[Meld]:
    """Runs of one copy each of the longest stretches of consecutive numbers per colour."""
    found: list[Meld] = []
    stretch: list[int] = []
    for index in sorted(i for i, n in have.items() if n > 0):
        if stretch and stretch[-1] + 1 == index and index % NUMBERS:
            stretch.append(index)
            continue
        if len(stretch) >= 3:
            found.append(Meld([Tile.from_index(i) for i in stretch]))
        stretch = [index]
    if len(stretch) >= 3:
        found.append(Meld([Tile.from_index(i) for i in stretch]))
    return found


def _groups(have: Counter[int]) -> list[Meld]:
    """One group per number: a tile of each colour the rack holds it in."""
    by_number: dict[int, list[Tile]] = {}
    for index in sorted(i for i, n in have.items() if n > 0):
        by_number.setdefault(index % NUMBERS, []).append(Tile.from_index(index))
    return [Meld(tiles) for tiles in by_number.values() if len(tiles) >= 3]


def _candidates(
    table: Table, rack: Sequence[Tile], edition: Edition, budget: Budget
) -> Iterator[Table]:
    """Whole tables a play might leave, the likeliest first; each meld is valid alone.

    Each table meld scanned for a place for the rack's tiles is counted in ``budget``, a unit
    for each kind of rack tile (the splits after cost little more).
    """
    melds = table.melds
    kinds = sorted(set(rack), key=_INDEX)
    places = _Places(kinds)
    for index, meld in enumerate(melds):
        budget.count(len(kinds))
        for grown in _grown(meld, places, edition):
            yield Table((*melds[:index], grown, *melds[index + 1 :]))
    for meld in _rack_melds(rack, edition):
        yield Table((*melds, meld))
    for index, meld in enumerate(melds):
        for left, right in _splits(meld, kinds, edition):
            yield Table((*melds[:index], left, right, *melds[index + 1 :]))
    have = {t.index for t in kinds}
    by_number: dict[int, list[int]] = {}
    for tile in kinds:
        by_number.setdefault(tile.index % NUMBERS, []).append(tile.index)
    for index, meld in enumerate(melds):
        for left, new in _borrowed(meld, have, by_number, edition):
            yield Table((*melds[:index], left, *melds[index + 1 :], new))


class _Places:
    """The kinds of rack tiles by number, to find those that fit a meld without trying each."""

    def __init__(self, kinds: Sequence[Tile]) -> None:
        self.jokers = [t for t in kinds if t.number is None]
        self.by_number: dict[int, list[Tile]] = {}
        for tile in kinds:
            if tile.number is not None:
                self.by_number.setdefault(tile.number, []).append(tile)

    def fitting(self, reading: Reading) -> list[Tile]:
        """The kinds that may go on ``reading``, in their order.

        A joker, a tile of the run's colour next to one of its ends, or one of the group's number.
        """
        if reading.kind is MeldKind.RUN:
            first, last = reading.stands_for[0][0], reading.stands_for[-1][0]
            color = first.color
            fits = [
                t
                for number in ((first.number or 0) - 1, (last.number or 0) + 1)
                for t in self.by_number.get(number, ())
                if t.color == color
            ]
        else:
            fits = list(self.by_number.get(reading.number or 0, ()))
        if self.jokers:
            fits.extend(self.jokers)
        if len(fits) > 1:
            fits.sort(key=_INDEX)
        return fits


def _grown(meld: Meld, places: _Places, edition: Edition) -> Iterator[Meld]:
    """``meld`` with one rack tile more: at an end of a run, or in a group."""
    for reading in meld.readings(edition):
        for tile in places.fitting(reading):
            for grown in (
                Meld((*meld.tiles, tile), meld.kind),
                Meld((tile, *meld.tiles), meld.kind),
            ):
                if grown.is_valid(edition):
                    yield grown
                    break


def _rack_melds(rack: Sequence[Tile], edition: Edition) -> Iterator[Meld]:
    """Valid three-tile melds of rack tiles alone (a joker fills a gap).

    Tiles are counted by :attr:`Tile.index`: a run's neighbours are the next indices of its
    colour's row, and a shape is tried without hashing a tile.
    """
    have = Counter([t.index for t in rack])
    joker = next((t for t in rack if t.number is None), None)
    jokers = sum(1 for t in rack if t.number is None)
    numbered = sorted(i for i in have if i < JOKER_INDEX)
    seen: set[Meld] = set()
    for index in numbered:
        number = index % NUMBERS + MIN_NUMBER
        shapes = [
            [index + k for k in steps]
            for steps in ((-2, -1, 0), (-1, 0, 1), (0, 1, 2))
            if number + steps[0] >= MIN_NUMBER and number + steps[2] <= MAX_NUMBER
        ]
        others = [i for i in numbered if i % NUMBERS == index % NUMBERS and i != index]
        shapes.append([index, *others[:2]])
        for shape in shapes:
            # A shape's tiles differ from one another: each missing one takes a joker.
            missing = sum(1 for i in shape if i not in have)
            if missing > jokers:
                continue
            tiles: list[Tile] = []
            for i in shape:
                if i in have:
                    tiles.append(Tile.from_index(i))
                else:
                    assert joker is not None
                    tiles.append(joker)
            if joker is not None and len(tiles) < 3:
                tiles += [joker] * min(have[joker.index], 3 - len(tiles))
            meld = Meld(tiles)
            if meld not in seen and meld.is_valid(edition):
                seen.add(meld)
                yield meld


def _splits(meld: Meld, kinds: Sequence[Tile], edition: Edition) -> Iterator[tuple[Meld, Meld]]:
    """A run of numbered tiles split in two by a rack tile that copies one of its middle tiles."""
    tiles = meld.tiles
    if meld.jokers or len(tiles) < 5:
        return
    have = set(kinds)
    for at in range(2, len(tiles) - 2):
        if tiles[at] in have:
            left, right = Meld(tiles[: at + 1], meld.kind), Meld(tiles[at:], meld.kind)
            if left.is_valid(edition) and right.is_valid(edition):
                yield left, right


def _borrowed(
    meld: Meld, have: set[int], by_number: dict[int, list[int]], edition: Edition
) -> Iterator[tuple[Meld, Meld]]:
    """``meld`` less a tile it can spare, and a new meld of that tile and two rack tiles.

    A meld of numbered tiles spares a tile where the rest stays valid (a run of four or more
    its ends, a group of four any tile). ``have`` holds the rack's kinds by
    :attr:`Tile.index` (``by_number`` too, in order, by number); a tile is only tried where the
    rack holds two tiles that make a meld with it: two of its number in other colours, or two
    of its colour next to it.
    """
    tiles = meld.tiles
    if meld.jokers or len(tiles) < 4:
        return
    for at, tile in enumerate(tiles):
        shapes = list(_around(tile.index, have, by_number))
        if not shapes:
            continue
        left = Meld((*tiles[:at], *tiles[at + 1 :]), meld.kind)
        if not left.is_valid(edition):
            continue
        for shape in shapes:
            new = Meld([Tile.from_index(i) for i in shape])
            if new.is_valid(edition):
                yield left, new
                break


def _around(
    index: int, have: set[int], by_number: dict[int, list[int]]
) -> Iterator[tuple[int, ...]]:
    """Melds of the tile at ``index`` and two kinds of ``have``, as indices in order."""
    others = [i for i in by_number.get(index % NUMBERS, ()) if i != index]
    if len(others) >= 2:
        yield (index, *others[:2])
    for low in (index - 2, index - 1, index):
        shape = (low, low + 1, low + 2)
        same_row = low // NUMBERS == (low + 2) // NUMBERS == index // NUMBERS
        if same_row and low >= 0 and all(i == index or i in have for i in shape):
            yield shape


def hopeless(table: Table, rack: Sequence[Tile], edition: Edition, budget: Budget) -> bool:
    """Whether no rack tile can stand in any meld of the table's and the rack's tiles.

    A meld holding a tile holds three tiles around it: a window of a run (its colour, numbers
    next to it, going round where runs may), or two more tiles of a group (its number). Each of
    the other two is a tile of the table or the rack, or a joker. A rack joker may go nearly
    anywhere: then nothing is proven. Every play lays a rack tile into a meld, so where no rack
    tile has such a place, no play exists. Counting the tiles is counted in ``budget``, a unit
    for every :data:`_TILES_A_UNIT` tiles.
    """
    if any(t.number is None for t in rack):
        return False
    every = (*table.tiles, *rack)
    budget.count(1 + len(every) // _TILES_A_UNIT)
    jokers = sum(1 for t in every if t.number is None)
    counts = _Counts(every, edition)
    return not any(counts.meldable(tile, jokers) for tile in set(rack))


def unopenable(rack: Sequence[Tile], edition: Edition) -> bool:
    """Whether no initial meld can reach the edition's threshold, by a count of the rack alone.

    An initial meld is new melds of rack tiles worth the threshold on their own (also where
    the turn may go on over the table), so it holds only rack tiles that stand in some meld of
    rack tiles (see :func:`hopeless`): where those are worth less than the threshold, the
    player cannot open. A rack joker may go nearly anywhere, and a threshold of 0 where the
    turn may go on over the table is met by any turn: then nothing is proven.

    >>> from rummikub_rules import CLASSIC, parse_tiles
    >>> unopenable(parse_tiles("r1 r2 r3 k9 b9 k13"), CLASSIC)
    True
    >>> unopenable(parse_tiles("r1 r2 r3 k9 b9 o9 k13"), CLASSIC)
    False
    """
    if any(t.number is None for t in rack):
        return False
    if edition.opening_may_use_table and not edition.initial_meld_points:
        return False
    threshold = max(1, edition.initial_meld_points)
    if sum(t.value for t in rack) < threshold:
        return True
    counts = _Counts(rack, edition)
    tiles = Counter(rack)
    worth = sum(t.value * n for t, n in tiles.items() if counts.meldable(t, 0))
    return worth < threshold


class _Counts:
    """Numbered tiles counted by cell (colour and number) and by number, for :meth:`meldable`.

    What :meth:`meldable` reads of the edition is read once here: it asks about every tile.
    """

    __slots__ = ("_cells", "_distinct", "_high", "_low", "_numbers", "_wraps")

    def __init__(self, tiles: Iterable[Tile], edition: Edition) -> None:
        cells: dict[tuple[object, int], int] = {}
        numbers: dict[int, int] = {}
        for tile in tiles:
            number = tile.number
            if number is not None:
                cell = (tile.color, number)
                cells[cell] = cells.get(cell, 0) + 1
                numbers[number] = numbers.get(number, 0) + 1
        self._cells, self._numbers = cells, numbers
        self._distinct = edition.group_colors_distinct
        self._low, self._high = edition.tile_set.numbers[0], edition.tile_set.numbers[-1]
        self._wraps = RunWrap(edition.run_wrap) is not RunWrap.NONE

    def meldable(self, tile: Tile, jokers: int) -> bool:
        """Whether ``tile`` (counted here) can stand in a meld of these tiles and ``jokers``."""
        number = tile.number
        assert number is not None
        cells, color = self._cells, tile.color
        if self._distinct:
            same = self._numbers[number] - cells[color, number]
        else:
            same = self._numbers[number] - 1  # the tile itself
        if same + jokers >= 2:
            return True
        low, high, wraps = self._low, self._high, self._wraps
        for start in (-2, -1, 0):
            missing = 0
            for step in range(start, start + 3):
                if step == 0:
                    continue
                other = number + step
                if wraps:
                    other = (other - low) % (high - low + 1) + low
                elif not low <= other <= high:
                    missing = 3
                    break
                if (color, other) not in cells:
                    missing += 1
            if missing <= jokers:
                return True
        return False
