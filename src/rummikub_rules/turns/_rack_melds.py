"""The most an opening's rack tiles are worth in melds of their own (rules section 4.4, revised).

Under ``opening_may_use_table`` the threshold is met when some of the tiles laid from the rack
form valid melds worth ``initial_meld_points`` on their own, whatever the table after does with
them. :func:`rack_melds_value` finds the most such melds are worth; :meth:`RackMelds.openings` lists
the sets of melds of a rack that reach a threshold (the solver tries each).

Both search the same way: the lowest tile left (by number, then colour) is either left out or
put in one of the melds it can start (a run of its colour holding it, a group of its number), the
other tiles of that meld all being higher; each set of tiles left is searched once
(memoised), and a branch whose every tile counted could not beat the best found is cut. The
steps are counted and refused past :data:`SEARCH_LIMIT`.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from rummikub_rules.editions import Edition, JokerInInitialMeld
from rummikub_rules.errors import InputTooLargeError
from rummikub_rules.melds import Meld, RunWrap
from rummikub_rules.tiles import JOKER, MIN_NUMBER, NUMBERS, Color, Tile, shared_tile
from rummikub_rules.turns._facts import TileCounts

__all__ = ["SEARCH_LIMIT", "RackMelds", "rack_melds_value"]

#: The most steps the search of one turn may take: far beyond any real rack, where it takes a
#: few hundred. A crafted rack that needs more is refused rather than searched.
SEARCH_LIMIT: Final = 200_000

#: Tiles left, as counts in the search's order, and the jokers left of each kind (see
#: ``RackMelds.joker_kinds``: the plain joker, then the coloured jokers of the set's colours).
_State = tuple[tuple[int, ...], tuple[int, ...]]


class RackMelds:
    """The melds a multiset of tiles can form under an edition, searched from the lowest tile."""

    def __init__(
        self, tiles: TileCounts, edition: Edition, charge: Callable[[], None] | None = None
    ) -> None:
        """The search over ``tiles``; ``charge`` counts each step (by default, to the limit)."""
        self.edition = edition
        rule = JokerInInitialMeld(edition.joker_in_initial_meld)
        self.jokers_count = rule is JokerInInitialMeld.COUNTS
        numbers = edition.tile_set.numbers
        colors = edition.tile_set.colors
        #: The search's order of tiles (by number, then colour), each one's place and value.
        self.order, self.position, self.values = _layout(numbers, colors)
        #: The kinds of joker, in the order of a state's joker counts.
        self.joker_kinds = (JOKER, *(Tile.joker(c) for c in colors))
        forbidden = rule is JokerInInitialMeld.FORBIDDEN
        jokers = tuple(0 if forbidden else tiles.get(t.index, 0) for t in self.joker_kinds)
        counts = [0] * len(self.order)
        for index, n in tiles.items():
            if index in self.position:
                counts[self.position[index]] += n
        self.start: _State = (tuple(counts), jokers)
        self.steps = 0
        self.charge = self._step if charge is None else charge
        self.joker_worth = max(numbers) if self.jokers_count else 0
        self._memo: dict[_State, tuple[int, bool]] = {}
        self._melds: dict[_State, list[tuple[int, tuple[Tile, ...], _State]]] = {}
        self._chains = _run_chains(numbers, colors, RunWrap(edition.run_wrap))

    def best(self, goal: int | None = None) -> int:
        """The most the tiles' melds are worth together (with ``goal``: exact below it)."""
        return self._best(self.start, goal)

    def openings(self, threshold: int) -> list[tuple[Meld, ...]]:
        """Sets of melds worth ``threshold`` together, none holding another's tiles and more.

        Each set found reaches the threshold with its last meld. A set holding every tile of
        another is left out, whichever was found first (laying those tiles lays the smaller
        set's too): ``r3 b3 o3`` and ``r11 b11 o11`` together are found before ``r11 b11 o11``
        alone, which reaches 30 by itself.
        """
        found: list[tuple[TileCounts, tuple[Meld, ...]]] = []
        for melds in self._reach(self.start, threshold, ()):
            counts: TileCounts = {}
            for meld in melds:
                for tile in meld.tiles:
                    counts[tile.index] = counts.get(tile.index, 0) + 1
            if any(_holds(counts, known) for known, _ in found):
                continue
            found = [(known, kept) for known, kept in found if not _holds(known, counts)]
            found.append((counts, melds))
        return [melds for _, melds in found]

    def _reach(
        self, state: _State, need: int, taken: tuple[Meld, ...]
    ) -> Iterator[tuple[Meld, ...]]:
        while True:
            self.charge()
            if self._bound(state) < need:
                return
            melds = self._candidates(state)
            for worth, tiles, rest in sorted(melds, key=lambda m: len(m[1])):
                meld = Meld(tiles)
                if worth >= need:
                    yield (*taken, meld)
                else:
                    yield from self._reach(rest, need - worth, (*taken, meld))
            counts, jokers = state
            pivot = _first(counts)
            if pivot is None:
                return
            state = (_minus(counts, pivot), jokers)

    def _best(self, state: _State, need: int | None) -> int:
        """The most the melds of ``state`` are worth (with ``need``: exact below it).

        The melds the lowest tile can start are tried first, most valuable first, and leaving
        it out last, so that a threshold is met on the first branches that can meet it.
        """
        if need is not None and need <= 0:
            return 0
        known = self._memo.get(state)
        if known is not None and (known[1] or (need is not None and known[0] >= need)):
            return known[0]
        self.charge()
        counts, jokers = state
        pivot = _first(counts)
        if pivot is None:
            return 0
        found = 0
        options = [*self._candidates(state), (0, (), (_minus(counts, pivot), jokers))]
        for worth, _, rest in options:
            if worth + self._bound(rest) <= found:
                continue
            value = worth + self._best(rest, None if need is None else need - worth)
            if value > found:
                found = value
                if need is not None and found >= need:
                    break
        self._memo[state] = (found, need is None or found < need)
        return found

    def _bound(self, state: _State) -> int:
        """What the tiles left could be worth at most: every one counted."""
        counts, jokers = state
        worth: int = sum(map(operator.mul, counts, self.values))
        return worth + sum(jokers) * self.joker_worth

    def _candidates(self, state: _State) -> list[tuple[int, tuple[Tile, ...], _State]]:
        """The melds the lowest tile left can start, most valuable first, and what is left."""
        known = self._melds.get(state)
        if known is not None:
            return known
        counts, jokers = state
        pivot = _first(counts)
        found: list[tuple[int, tuple[Tile, ...], _State]] = []
        if pivot is not None:
            most = self.edition.max_jokers_per_meld
            cap = sum(jokers) if most is None else min(sum(jokers), most)
            runs = self._runs(counts, jokers, cap, pivot)
            groups = self._groups(counts, jokers, cap, pivot)
            for worth, tiles in itertools.chain(runs, groups):
                self.charge()
                left = list(counts)
                for tile in tiles:
                    if tile.number is not None:
                        left[self.position[tile.index]] -= 1
                if not self.jokers_count:
                    worth = sum(t.value for t in tiles)
                jokers_left = tuple(
                    n - sum(1 for t in tiles if t == kind)
                    for kind, n in zip(self.joker_kinds, jokers, strict=True)
                )
                found.append((worth, tiles, (tuple(left), jokers_left)))
        found.sort(key=lambda f: -f[0])
        self._melds[state] = found
        return found

    def _runs(
        self, counts: tuple[int, ...], jokers: tuple[int, ...], cap: int, pivot: int
    ) -> Iterator[tuple[int, tuple[Tile, ...]]]:
        """Runs of the lowest tile's colour holding it, each other place a tile left or a joker.

        A place's joker is a plain one or the run colour's coloured joker, at most ``cap`` in
        all. Each run with its value, every place counted as the number it stands for.
        """
        tile = self.order[pivot]
        assert tile.color is not None
        colored = Tile.joker(tile.color)
        have = dict(zip(self.joker_kinds, jokers, strict=True))
        kinds = tuple(k for k in (JOKER, colored) if have.get(k))
        usable = {k: have[k] for k in kinds}
        most = min(cap, sum(usable.values()))
        for chain in self._chains[pivot]:
            missing = 0
            for length, (worth, at) in enumerate(chain, start=1):
                if at != pivot and not counts[at]:
                    missing += 1
                    if missing > most:
                        break
                if worth:
                    options = [
                        (tile,) if q == pivot else (self.order[q], *kinds) if counts[q] else kinds
                        for _, q in chain[:length]
                    ]
                    for tiles in _fill(options, usable, most):
                        yield worth, tuple(tiles)

    def _groups(
        self, counts: tuple[int, ...], jokers: tuple[int, ...], cap: int, pivot: int
    ) -> Iterator[tuple[int, tuple[Tile, ...]]]:
        """Groups of the lowest tile's number holding it: other tiles left of it, and jokers.

        A coloured joker joins only as its colour's tile (a colour the group lacks, where colours
        must differ); plain jokers fill the places left; at most ``cap`` jokers in all.
        """
        tile = self.order[pivot]
        assert tile.number is not None
        colors = self.edition.tile_set.colors
        distinct = self.edition.group_colors_distinct
        others = [
            self.order[p]
            for p in range(pivot, pivot + len(colors) - colors.index(tile.color))
            for _ in range(counts[p] - (p == pivot))
        ]
        plain, colored = jokers[0], dict(zip(self.joker_kinds[1:], jokers[1:], strict=True))
        for size in range(0, len(colors)):
            for chosen in sorted(set(itertools.combinations(others, size))):
                present = {t.color for t in (tile, *chosen)}
                if distinct and len(present) <= size:
                    continue
                room = len(colors) - 1 - size
                for painted in _colored_choices(
                    colored, present if distinct else set(), min(room, cap)
                ):
                    for extra in range(min(plain, room - len(painted), cap - len(painted)) + 1):
                        if 1 + size + len(painted) + extra >= 3:
                            laid = (tile, *chosen, *painted, *[JOKER] * extra)
                            yield tile.number * len(laid), laid

    def _step(self) -> None:
        if self.steps >= SEARCH_LIMIT:
            raise InputTooLargeError(
                "ways to split an opening's rack tiles into melds",
                size=self.steps,
                limit=SEARCH_LIMIT,
            )
        self.steps += 1


def rack_melds_value(tiles: TileCounts, edition: Edition, goal: int | None = None) -> int:
    """The most that melds of ``tiles`` alone are worth toward the opening (exact below ``goal``).

    Jokers count as the tile they stand for, as nothing, or are left out, as
    ``joker_in_initial_meld`` says; not every tile need be in a meld.
    """
    return RackMelds(tiles, edition).best(goal)


def _fill(
    places: Sequence[tuple[Tile, ...]], jokers: dict[Tile, int], most: int
) -> Iterator[list[Tile]]:
    """Every choice of one tile per place, a tile first.

    At most ``jokers`` of each kind of joker, and ``most`` in all.
    """
    if not places:
        yield []
        return
    for tile in places[0]:
        if tile.number is None:
            if most <= 0 or jokers[tile] <= 0:
                continue
            spare = {**jokers, tile: jokers[tile] - 1}
            for rest in _fill(places[1:], spare, most - 1):
                yield [tile, *rest]
        else:
            for rest in _fill(places[1:], jokers, most):
                yield [tile, *rest]


def _colored_choices(
    colored: dict[Tile, int], present: set[Color | None], room: int
) -> Iterator[tuple[Tile, ...]]:
    """The coloured jokers a group may take: each of a colour not ``present``, at most ``room``.

    Where colours may repeat (``present`` empty) a colour's jokers may join more than once.
    """
    pool = [
        kind
        for kind, n in colored.items()
        if kind.color not in present
        for _ in range(n if not present else min(n, 1))
    ]
    seen: set[tuple[Tile, ...]] = set()
    for size in range(min(room, len(pool)) + 1):
        for chosen in itertools.combinations(pool, size):
            if chosen not in seen:
                seen.add(chosen)
                yield chosen


@functools.lru_cache(maxsize=16)
def _layout(
    numbers: tuple[int, ...], colors: tuple[Color, ...]
) -> tuple[tuple[Tile, ...], dict[int, int], tuple[int, ...]]:
    """The tiles of a set in the search's order (by number, then colour), places and values."""
    order = tuple(shared_tile(c, n) for n in numbers for c in colors)
    return order, {t.index: p for p, t in enumerate(order)}, tuple(t.value for t in order)


@functools.lru_cache(maxsize=16)
def _run_chains(
    numbers: tuple[int, ...], colors: tuple[Color, ...], wrap: RunWrap
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """For each position of the search's order, the runs holding that tile, as *chains*.

    A chain is the places of the longest run from one start, in order, each with the value of
    the run ending there if that run is valid and holds the tile (else 0): a shorter run from
    the same start is a prefix, so a search walks a chain until it lacks too many tiles.
    """
    span = len(numbers)
    found = []
    for number in numbers:
        for color in colors:
            chains = []
            for start in range(span):
                sequence = [numbers[(start + i) % span] for i in range(span + 1)]
                chain = []
                for length in range(1, span + 1):
                    fits = start + length <= span
                    high = wrap is RunWrap.ONE_HIGH and start + length == span + 1
                    full = wrap is RunWrap.FULL and (length < span or start == 0)
                    if not (fits or high or full):
                        break
                    held = number in sequence[:length] and length >= 3
                    worth = sum(sequence[:length]) if held else 0
                    place = sequence[length - 1]
                    chain.append((worth, colors.index(color) + len(colors) * numbers.index(place)))
                if any(worth for worth, _ in chain):
                    chains.append(tuple(chain))
            found.append(tuple(chains))
    return tuple(found)


def _index(color: Color, number: int) -> int:
    """The index of the tile of ``color`` and ``number`` (see :attr:`Tile.index`)."""
    return color.rank * NUMBERS + number - MIN_NUMBER


def _holds(tiles: TileCounts, other: TileCounts) -> bool:
    """Whether ``tiles`` holds every tile of ``other``."""
    return all(tiles.get(index, 0) >= n for index, n in other.items())


def _first(counts: tuple[int, ...]) -> int | None:
    return next((p for p, n in enumerate(counts) if n), None)


def _minus(counts: tuple[int, ...], position: int) -> tuple[int, ...]:
    left = list(counts)
    left[position] -= 1
    return tuple(left)
