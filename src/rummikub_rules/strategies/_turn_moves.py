"""How a turn is built for :func:`~rummikub_rules.strategies.turns`: the table, the moves.

A turn is built the way a player makes one: from a table of valid melds and a stock of the tiles
that are neither on the table nor on any rack, the builder puts on the player's rack the tiles a
move needs and makes the move. The moves of an opened player are laying a new meld, extending a
meld, splitting a run with a rack tile, moving the end tile of a run into a group, and freeing a
joker with the tile it stands for (then laying it in a new meld with rack tiles, as every edition
with ``freed_joker_new_meld`` demands); a player who has not opened lays new melds from the rack
worth the edition's threshold. Jokers may be plain or coloured: a coloured joker is only laid, and
a freed one only re-laid, where a tile of its colour fits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

import attrs
from hypothesis import strategies as st

from rummikub_rules.editions import Edition, GroupJokerReplacement, JokerInInitialMeld
from rummikub_rules.melds import Meld, MeldKind
from rummikub_rules.strategies._melds import _builders, _spec
from rummikub_rules.tiles import JOKER, Tile
from rummikub_rules.turns._rack_melds import rack_melds_value


@attrs.define
class _Build:
    """A turn under construction."""

    edition: Edition
    opened: bool
    stock: Counter[Tile]
    before: list[Meld]
    after: list[Meld] = attrs.field(factory=list)
    rack: list[Tile] = attrs.field(factory=list)
    moves: list[str] = attrs.field(factory=list)

    def take(self, tiles: list[Tile]) -> bool:
        """Put ``tiles`` from the stock on the rack, if the stock has them all."""
        need = Counter(tiles)
        if need - self.stock:
            return False
        self.stock.subtract(need)
        self.rack.extend(tiles)
        return True

    def copy(self) -> _Build:
        """An independent copy, for a change that may be abandoned half-way."""
        return _Build(
            self.edition,
            self.opened,
            Counter(self.stock),
            list(self.before),
            list(self.after),
            list(self.rack),
            list(self.moves),
        )


def _lay_table(draw: st.DrawFn, build: _Build, *, joker_run: bool) -> None:
    """The table before the turn: a few valid melds drawn from the stock, maybe a joker run."""
    if joker_run:
        _lay_joker_run(draw, build)
    spec = _spec(None, 3, None, False)
    builders = _builders(build.edition, spec)
    for _ in range(draw(st.integers(0, 8))):
        made = draw(st.sampled_from(builders))(draw, build.edition, spec, build.stock)
        if made is not None:
            build.before.append(made[0])
            build.stock.subtract(made[0].tiles)


def _lay_joker_run(draw: st.DrawFn, build: _Build) -> None:
    """A run of four to six tiles with one joker, the kind of meld jokers are freed from."""
    edition = build.edition
    numbers = edition.tile_set.numbers
    if edition.max_jokers_per_meld == 0 or len(numbers) < 4:
        return
    color = draw(st.sampled_from(edition.tile_set.colors))
    kinds = [t for t in (JOKER, Tile.joker(color)) if build.stock[t] > 0]
    if not kinds:
        return
    joker = draw(st.sampled_from(kinds))
    size = draw(st.integers(4, min(6, len(numbers))))
    start = draw(st.integers(numbers[0], numbers[-1] - size + 1))
    where = draw(st.integers(0, size - 1))
    tiles = [joker if i == where else Tile(color, start + i) for i in range(size)]
    if not Counter(tiles) - build.stock:
        build.stock.subtract(tiles)
        build.before.append(Meld(tiles))


def _new_meld(draw: st.DrawFn, build: _Build, *, jokers: int | None = None) -> Meld | None:
    """A valid meld of stock tiles (not yet taken)."""
    spec = _spec(jokers, 3, None, False)
    made = draw(st.sampled_from(_builders(build.edition, spec)))(
        draw, build.edition, spec, build.stock
    )
    return None if made is None else made[0]


# -- Moves of an opened player -------------------------------------------------------------------


def _lay(draw: st.DrawFn, build: _Build) -> bool:
    """Lay a new meld from the rack."""
    meld = _new_meld(draw, build)
    if meld is None or not build.take(list(meld.tiles)):
        return False
    build.after.append(meld)
    return True


def _extend(draw: st.DrawFn, build: _Build) -> bool:
    """Add a rack tile at an end of a run, or a missing colour to a group."""
    if not build.after:
        return False
    index = draw(st.integers(0, len(build.after) - 1))
    meld = build.after[index]
    for tile in draw(st.permutations(numbered_stock(build))):
        for longer in (Meld([*meld.tiles, tile], meld.kind), Meld([tile, *meld.tiles], meld.kind)):
            if _same_joker_roles(meld, longer, build.edition) and build.take([tile]):
                build.after[index] = longer
                return True
    return False


def _split(draw: st.DrawFn, build: _Build) -> bool:
    """Split a run of five or more at a tile, laying the rack's copy of it (rules 4, example 1)."""
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if _locked(build, meld):
            continue
        for cut in range(2, len(meld) - 2):
            tile = meld.tiles[cut]
            left, right = Meld(meld.tiles[: cut + 1]), Meld((tile, *meld.tiles[cut + 1 :]))
            if (
                not tile.is_joker
                and _is_run(meld, build.edition)
                and left.is_valid(build.edition)
                and right.is_valid(build.edition)
                and _same_joker_roles(meld, left, build.edition)
                and build.take([tile])
            ):
                build.after[index : index + 1] = [left, right]
                return True
    return False


def _borrow(draw: st.DrawFn, build: _Build) -> bool:
    """Move the end tile of a run of four or more into a new group with two rack tiles."""
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if _locked(build, meld):
            continue
        if len(meld) < 4 or not _is_run(meld, build.edition):
            continue
        for end, rest in ((meld.tiles[-1], meld.tiles[:-1]), (meld.tiles[0], meld.tiles[1:])):
            if _end_into_group(build, index, end, rest):
                return True
    return False


def _end_into_group(build: _Build, index: int, end: Tile, rest: tuple[Tile, ...]) -> bool:
    """Move ``end`` off run ``build.after[index]`` (leaving ``rest``) into a group of three.

    The group takes two rack tiles of ``end``'s number; the run's jokers must keep their roles.
    """
    meld = build.after[index]
    shorter = Meld(rest, meld.kind)
    if end.is_joker or not _same_joker_roles(meld, shorter, build.edition):
        return False
    partners = [
        Tile(c, end.number)
        for c in build.edition.tile_set.colors
        if c is not end.color and build.stock[Tile(c, end.number)] > 0
    ]
    if len(partners) < 2 or not build.take(partners[:2]):
        return False
    build.after[index] = shorter
    build.after.append(Meld([end, *partners[:2]]))
    return True


def _free_joker(draw: st.DrawFn, build: _Build) -> bool:
    """Free a table joker with the tile it stands for and lay it with rack tiles.

    All or nothing: a joker replaced but with no meld to go into would leave the table, so the
    replacement is tried on a copy and kept only with the joker's new meld.
    """
    attempt = build.copy()
    freed = _replace_a_joker(draw, attempt)
    if freed is None:
        return False
    home = _joker_meld(draw, attempt, avoid=freed[0], joker=freed[3])
    if home is None:
        return False
    attempt.after.append(home)
    build.stock, build.after, build.rack = attempt.stock, attempt.after, attempt.rack
    return True


def _replace_a_joker(draw: st.DrawFn, build: _Build) -> tuple[Tile, int, object, Tile] | None:
    """Put on a table joker's place the tile it stands for, from the rack.

    Returns the tile used, the index of the meld in ``build.after``, the joker's old role and
    the joker freed (plain or coloured).
    """
    edition = build.edition
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        readings = meld.readings(edition)
        if not meld.jokers or len(readings) != 1 or meld not in build.before:
            continue
        reading = readings[0]
        position = next(i for i, t in enumerate(meld.tiles) if t.is_joker)
        joker = meld.tiles[position]
        options = [t for t in reading.stands_for[position] if build.stock[t] > 0]
        if reading.kind is MeldKind.GROUP and (
            meld.jokers > 1
            or not edition.group_colors_distinct
            or edition.group_joker_replacement is GroupJokerReplacement.BOTH
        ):
            continue
        if not options:
            continue
        tile = draw(st.sampled_from(options))
        replaced = Meld([*meld.tiles[:position], tile, *meld.tiles[position + 1 :]], meld.kind)
        if replaced.is_valid(edition) and build.take([tile]):
            build.after[index] = replaced
            return tile, index, _role(meld, position, edition), joker
    return None


def _joker_meld(draw: st.DrawFn, build: _Build, *, avoid: Tile, joker: Tile) -> Meld | None:
    """A new meld holding the freed ``joker`` and enough rack tiles for the edition.

    The meld is a group of a number other than ``avoid``'s, so that it never holds the tile the
    joker stood for, and without the colour of a coloured joker, which stands for that colour.
    """
    edition = build.edition
    if edition.max_jokers_per_meld == 0:
        return None
    size = max(3, edition.freed_joker_rack_tiles + 1)
    if size > len(edition.tile_set.colors):
        return None
    for number in draw(st.permutations(edition.tile_set.numbers)):
        if number == avoid.number:
            continue
        colors = [
            c
            for c in edition.tile_set.colors
            if build.stock[Tile(c, number)] > 0 and c is not joker.color
        ]
        if len(colors) >= size - 1 and build.take([Tile(c, number) for c in colors[: size - 1]]):
            return Meld([*(Tile(c, number) for c in colors[: size - 1]), joker])
    return None


_MOVES: Final[dict[str, Callable[[st.DrawFn, _Build], bool]]] = {
    "lay": _lay,
    "extend": _extend,
    "split": _split,
    "borrow": _borrow,
    "free_joker": _free_joker,
}


# -- The initial meld ----------------------------------------------------------------------------


def _opening(draw: st.DrawFn, build: _Build, *, below: bool = False) -> bool:
    """Lay new melds from the rack worth the threshold (or, with ``below``, short of it)."""
    edition = build.edition
    jokers = None if edition.joker_in_initial_meld is JokerInInitialMeld.COUNTS else 0
    worth = 0
    for _ in range(8):
        if not below and worth >= edition.initial_meld_points:
            return True
        meld = _new_meld(draw, build, jokers=jokers)
        if meld is None:
            continue
        value = _counted_value(meld, edition, highest=below)
        if below and worth + value >= edition.initial_meld_points:
            continue
        if build.take(list(meld.tiles)):
            build.after.append(meld)
            worth += value
            if below:
                return True
    return not below and worth >= edition.initial_meld_points


def _counted_value(meld: Meld, edition: Edition, *, highest: bool) -> int:
    """What a meld of rack tiles is worth toward the initial meld.

    A meld with two readings (``j j k10``: 27 as a run, 30 as a group) is worth its lowest when
    the opening must surely reach the threshold, its highest when it must surely fall short
    (under ``opening_may_use_table``, the most its tiles are worth in any melds of their own).
    """
    values = [r.value for r in meld.readings(edition)]
    if highest and edition.opening_may_use_table:
        # Its tiles may count in melds of their own split otherwise (r1 j r3 r4 r5: r3 r4 r5 j).
        counts: dict[int, int] = {}
        for tile in meld.tiles:
            counts[tile.index] = counts.get(tile.index, 0) + 1
        values.append(rack_melds_value(counts, edition))
    return max(values) if highest else min(values)


# -- Helpers -------------------------------------------------------------------------------------


def _role(meld: Meld, position: int, edition: Edition) -> object:
    """What the joker at ``position`` stands for (rules section 4.5), if the meld reads one way.

    The role names the joker too: a plain and a coloured joker are never each other's.
    """
    readings = meld.readings(edition)
    if len(readings) != 1:
        return None
    joker = meld.tiles[position]
    if readings[0].kind is MeldKind.RUN:
        return ("run", joker, readings[0].stands_for[position][0])
    return ("group", joker, readings[0].number)


def _holders(melds: list[Meld], role: object, edition: Edition) -> int:
    """How many jokers of ``melds`` stand for ``role``."""
    return sum(
        1
        for meld in melds
        for position, tile in enumerate(meld.tiles)
        if tile.is_joker and _role(meld, position, edition) == role
    )


def _retrieved(build: _Build, role: object) -> bool:
    """Whether fewer jokers stand for ``role`` after the turn than before: one was retrieved."""
    clear = not any(t.is_joker for t in build.rack) and all(
        len(m.readings(build.edition)) == 1 for m in build.after if m.jokers
    )  # with rack jokers or two-way melds in play, the referee may pair jokers otherwise
    edition = build.edition
    return clear and _holders(build.after, role, edition) < _holders(build.before, role, edition)


def _locked(build: _Build, meld: Meld) -> bool:
    """Under ``joker_melds_extend_only``: whether ``meld`` is, or grew from, a meld with a joker."""
    if not build.edition.joker_melds_extend_only:
        return False
    tiles = Counter(meld.tiles)
    return bool(meld.jokers) or any(
        old.jokers and not Counter(t for t in old.tiles if not t.is_joker) - tiles
        for old in build.before
    )


def numbered_stock(build: _Build) -> list[Tile]:
    """The numbered tiles left in the stock, each once, in rack order."""
    return sorted(t for t in +build.stock if not t.is_joker)


def _is_run(meld: Meld, edition: Edition) -> bool:
    readings = meld.readings(edition)
    return len(readings) == 1 and readings[0].kind is MeldKind.RUN


def _same_joker_roles(old: Meld, new: Meld, edition: Edition) -> bool:
    """Whether ``new`` is valid, unambiguous and its jokers stand for what they did in ``old``."""
    old_readings, new_readings = old.readings(edition), new.readings(edition)
    if len(new_readings) != 1 or len(old_readings) != 1:
        return False
    if not old.jokers:
        return True
    before, after = old_readings[0], new_readings[0]
    if before.kind is not after.kind:
        return False
    if before.kind is MeldKind.GROUP:
        return True
    old_roles = Counter(
        (t, s) for t, s in zip(old.tiles, before.stands_for, strict=True) if t.is_joker
    )
    new_roles = Counter(
        (t, s) for t, s in zip(new.tiles, after.stands_for, strict=True) if t.is_joker
    )
    return old_roles == new_roles
