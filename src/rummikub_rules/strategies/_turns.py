"""Strategies for whole turns: legal by construction, or breaking exactly one rule.

A turn is built the way a player makes one: from a table of valid melds and a stock of the tiles
that are neither on the table nor on any rack, the builder puts on the player's rack the tiles a
move needs and makes the move. The moves of an opened player are laying a new meld, extending a
meld, splitting a run with a rack tile, moving the end tile of a run into a group, and freeing a
joker with the tile it stands for (then laying it in a new meld with rack tiles, as every edition
with ``freed_joker_new_meld`` demands); a player who has not opened lays new melds from the rack
worth the edition's threshold. ``legal=False`` then breaks one rule on purpose and says which in
:attr:`Turn.breaks`: for the rules of jokers on the table (a freed joker put back into its own
run, or laid with table tiles only, a meld holding a joker split) nothing else is broken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

import attrs
from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from rummikub_rules.editions import EDITIONS, Edition, GroupJokerReplacement, JokerInInitialMeld
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.strategies._melds import _builders, _spec
from rummikub_rules.tiles import JOKER, Tile
from rummikub_rules.turns import Code

__all__ = ["Turn", "turns"]


@attrs.frozen
class Turn:
    """A turn for a referee to judge: the arguments of ``check_turn`` and how it was built.

    ``moves`` names the moves made, in order. ``breaks`` is ``None`` for a legal turn, or the code
    of the one rule a ``turns(legal=False)`` turn breaks on purpose (other codes may follow from
    it, such as an invalid meld left by a removed tile).
    """

    edition: Edition
    before: Table
    rack: tuple[Tile, ...]
    after: Table
    opened: bool
    moves: tuple[str, ...]
    breaks: Code | None = None


def turns(
    edition: Edition | st.SearchStrategy[Edition] | None = None,
    *,
    opened: bool | None = None,
    legal: bool = True,
    breaks: Code | None = None,
) -> st.SearchStrategy[Turn]:
    """Turns under ``edition`` (default: any preset), by a player who has ``opened`` or not.

    With ``legal=True`` every turn is legal by construction; with ``legal=False`` each breaks one
    rule, named by :attr:`Turn.breaks` (the rule ``breaks``, if given).
    """
    if edition is None:
        chosen: st.SearchStrategy[Edition] = st.sampled_from(tuple(EDITIONS.values()))
    elif isinstance(edition, Edition):
        chosen = st.just(edition)
    elif isinstance(edition, st.SearchStrategy):
        chosen = edition
    else:
        raise InvalidArgument(f"edition must be an Edition or a strategy, got {edition!r}")
    if opened not in (None, True, False):
        raise InvalidArgument(f"opened must be True, False or None, got {opened!r}")
    if breaks is not None and (legal or breaks not in _BREAKERS):
        raise InvalidArgument(f"breaks={breaks!r} needs legal=False and a rule of a turn")
    if opened is None and breaks in _OPENED_ONLY:
        opened = _OPENED_ONLY[breaks]
    flags = st.booleans() if opened is None else st.just(opened)
    return _turn(chosen, flags, legal, breaks)


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

    def turn(self, breaks: Code | None = None) -> Turn:
        return Turn(
            self.edition,
            Table(self.before),
            tuple(self.rack),
            Table(self.after),
            self.opened,
            tuple(self.moves),
            breaks,
        )


@st.composite
def _turn(
    draw: st.DrawFn,
    editions: st.SearchStrategy[Edition],
    flags: st.SearchStrategy[bool],
    legal: bool,
    breaks: Code | None,
) -> Turn:
    edition = draw(editions)
    build = _Build(edition, draw(flags), Counter(edition.tile_set.all_tiles()), [])
    _lay_table(draw, build, joker_run=breaks in _JOKER_CODES or draw(st.booleans()))
    build.after = list(build.before)
    if build.opened:
        for move in draw(st.lists(st.sampled_from(sorted(_MOVES)), min_size=1, max_size=4)):
            if _MOVES[move](draw, build):
                build.moves.append(move)
        if not build.rack:
            assume(_lay(draw, build))
            build.moves.append("lay")
    else:
        assume(_opening(draw, build))
        build.moves.append("opening")
        if edition.opening_may_use_table and draw(st.booleans()) and _extend(draw, build):
            build.moves.append("extend")
    if +build.stock:
        for tile in draw(st.lists(st.sampled_from(sorted(+build.stock)), max_size=3)):
            build.take([tile])
    if legal:
        return build.turn()
    breakers = [
        code
        for code, (applies, _) in _BREAKERS.items()
        if applies(build) and breaks in (None, code)
    ]
    for code in draw(st.permutations(breakers)):
        attempt = build.copy()
        if _BREAKERS[code][1](draw, attempt):
            return attempt.turn(code)
    assume(False)
    raise AssertionError("unreachable")


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
    if build.stock[JOKER] == 0 or edition.max_jokers_per_meld == 0 or len(numbers) < 4:
        return
    size = draw(st.integers(4, min(6, len(numbers))))
    start = draw(st.integers(numbers[0], numbers[-1] - size + 1))
    color = draw(st.sampled_from(edition.tile_set.colors))
    where = draw(st.integers(0, size - 1))
    tiles = [JOKER if i == where else Tile(color, start + i) for i in range(size)]
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
    for tile in draw(st.permutations(sorted(+build.stock - Counter([JOKER])))):
        for longer in (Meld([*meld.tiles, tile], meld.kind), Meld([tile, *meld.tiles], meld.kind)):
            if _same_joker_roles(meld, longer, build.edition) and build.take([tile]):
                build.after[index] = longer
                return True
    return False


def _split(draw: st.DrawFn, build: _Build) -> bool:
    """Split a run of five or more at a tile, laying the rack's copy of it (RULES.md 4, ex. 1)."""
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if _locked(build, meld):
            continue
        for cut in range(2, len(meld) - 2):
            tile = meld.tiles[cut]
            left, right = Meld(meld.tiles[: cut + 1]), Meld((tile, *meld.tiles[cut + 1 :]))
            if (
                tile != JOKER
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
            shorter = Meld(rest, meld.kind)
            if end == JOKER or not _same_joker_roles(meld, shorter, build.edition):
                continue
            partners = [
                Tile(c, end.number)
                for c in build.edition.tile_set.colors
                if c is not end.color and build.stock[Tile(c, end.number)] > 0
            ]
            if len(partners) >= 2 and build.take(partners[:2]):
                build.after[index] = shorter
                build.after.append(Meld([end, *partners[:2]]))
                return True
    return False


def _free_joker(draw: st.DrawFn, build: _Build) -> bool:
    """Free a table joker with the tile it stands for and lay it with rack tiles."""
    freed = _replace_a_joker(draw, build)
    if freed is None:
        return False
    home = _joker_meld(draw, build, avoid=freed[0])
    if home is None:
        return False
    build.after.append(home)
    return True


def _replace_a_joker(draw: st.DrawFn, build: _Build) -> tuple[Tile, int, object] | None:
    """Put on a table joker's place the tile it stands for, from the rack.

    Returns the tile used, the index of the meld in ``build.after`` and the joker's old role.
    """
    edition = build.edition
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        readings = meld.readings(edition)
        if JOKER not in meld.tiles or len(readings) != 1 or meld not in build.before:
            continue
        reading = readings[0]
        position = meld.tiles.index(JOKER)
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
            return tile, index, _role(meld, position, edition)
    return None


def _joker_meld(draw: st.DrawFn, build: _Build, *, avoid: Tile) -> Meld | None:
    """A new meld holding one freed joker and enough rack tiles for the edition.

    The meld is a group of a number other than ``avoid``'s, so that it never holds the tile the
    joker stood for.
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
        colors = [c for c in edition.tile_set.colors if build.stock[Tile(c, number)] > 0]
        if len(colors) >= size - 1 and build.take([Tile(c, number) for c in colors[: size - 1]]):
            return Meld([*(Tile(c, number) for c in colors[: size - 1]), JOKER])
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
    the opening must surely reach the threshold, its highest when it must surely fall short.
    """
    values = [r.value for r in meld.readings(edition)]
    return max(values) if highest else min(values)


# -- Breaking one rule ---------------------------------------------------------------------------


def _no_tile_played(draw: st.DrawFn, build: _Build) -> bool:
    build.after = list(build.before)
    build.moves.append("leave the table as it was")
    return True


def _remove_table_tile(draw: st.DrawFn, build: _Build) -> bool:
    kept = Counter(t for m in build.before for t in m.tiles)
    now = Counter(t for m in build.after for t in m.tiles)
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        for position, tile in enumerate(meld.tiles):
            if kept[tile] and now[tile] <= kept[tile]:
                rest = meld.tiles[:position] + meld.tiles[position + 1 :]
                build.after[index : index + 1] = [Meld(rest, meld.kind)] if rest else []
                build.moves.append(f"take {tile} off the table")
                return True
    return False


def _lay_tile_not_in_rack(draw: st.DrawFn, build: _Build) -> bool:
    meld = _new_meld(draw, build, jokers=0)
    if meld is None or Counter(meld.tiles) - build.stock:
        return False
    build.stock.subtract(meld.tiles)
    build.after.append(meld)
    build.moves.append(f"lay {meld} from outside the rack")
    return True


def _break_a_meld(draw: st.DrawFn, build: _Build) -> bool:
    candidates = [i for i, m in enumerate(build.after) if len(m) >= 3]
    if not candidates:
        return False
    index = draw(st.sampled_from(candidates))
    meld = build.after[index]
    build.after[index : index + 1] = [Meld(meld.tiles[:-1]), Meld(meld.tiles[-1:])]
    build.moves.append(f"leave {meld.tiles[-1]} alone")
    return True


def _open_too_low(draw: st.DrawFn, build: _Build) -> bool:
    build.after = list(build.before)
    build.rack = []
    build.stock = Counter(build.edition.tile_set.all_tiles()) - Counter(
        t for m in build.before for t in m.tiles
    )
    build.moves = ["opening below the threshold"]
    return _opening(draw, build, below=True)


def _open_using_table(draw: st.DrawFn, build: _Build) -> bool:
    rack = Counter(build.rack)
    originals = [i for i, m in enumerate(build.after) if m in build.before]
    for index in draw(st.permutations(originals)):
        meld = build.after[index]
        if not Counter(meld.tiles) - rack:
            continue  # the rack could have laid this meld itself: the table would look untouched
        for tile in sorted(+build.stock - Counter([JOKER])):
            longer = Meld([*meld.tiles, tile], meld.kind)
            if _same_joker_roles(meld, longer, build.edition) and build.take([tile]):
                build.after[index] = longer
                build.moves.append(f"add {tile} to the table's {meld}")
                return True
    return False


def _open_with_joker(draw: st.DrawFn, build: _Build) -> bool:
    if build.stock[JOKER] == 0:
        return False
    for index, meld in enumerate(build.after):
        if meld in build.before:
            continue
        longer = Meld([*meld.tiles, JOKER])
        if longer.is_valid(build.edition) and build.take([JOKER]):
            build.after[index] = longer
            build.moves.append("add a joker to the opening")
            return True
    return False


def _retrieve_without_tile(draw: st.DrawFn, build: _Build) -> bool:
    """Free a run joker from its end by shortening the run, not by its tile."""
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if meld not in build.before or len(meld) < 4 or meld.jokers != 1:
            continue
        if meld.tiles[-1] != JOKER or not _is_run(meld, build.edition):
            continue
        stood_for = meld.readings(build.edition)[0].stands_for[-1][0]
        if stood_for in build.rack or any(stood_for in m.tiles for m in build.after):
            continue  # laid this turn, or moved from another meld, it could replace the joker
        home = _joker_meld(draw, build, avoid=stood_for)
        if home is None:
            return False
        build.after[index] = Meld(meld.tiles[:-1], meld.kind)
        build.after.append(home)
        build.moves.append(f"free the joker of {meld} by shortening it")
        return _retrieved(build, _role(meld, len(meld) - 1, build.edition))
    return False


def _retrieve_before_opening(draw: st.DrawFn, build: _Build) -> bool:
    replaced = _replace_a_joker(draw, build)
    if replaced is None:
        return False
    _, source, role = replaced
    for index, meld in enumerate(build.after):
        longer = Meld([*meld.tiles, JOKER], meld.kind)
        if (
            index != source
            and meld not in build.before
            and longer.is_valid(build.edition)
            and _role(longer, len(meld), build.edition) not in (None, role)
        ):
            build.after[index] = longer
            build.moves.append("take a table joker into the opening")
            return _retrieved(build, role)
    return False


def _free_joker_alone(draw: st.DrawFn, build: _Build) -> bool:
    """Free a joker with its tile and lay it in a new meld of table tiles, with no rack tile.

    The new meld is the last two tiles of a run of five or more and the joker: new (RULES.md
    4.5), so only ``freed_joker_rack_tiles`` is broken.
    """
    if "free_joker" in build.moves:
        return False  # with two jokers freed, the referee may pair them the other way round
    replaced = _replace_a_joker(draw, build)
    if replaced is None:
        return False
    _, source, role = replaced
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if index == source or meld not in build.before or meld.jokers or len(meld) < 5:
            continue
        if _locked(build, meld) or not _is_run(meld, build.edition):
            continue
        left, pair = meld.tiles[:-2], meld.tiles[-2:]
        if any(t in build.rack for t in pair):
            continue  # a copy laid from the rack could be said to be the one in the new meld
        for tiles, position in (((*pair, JOKER), 2), ((JOKER, *pair), 0)):
            alone = Meld(tiles)
            landing = _role(alone, position, build.edition)
            if (
                _is_run(alone, build.edition)
                and Meld(left).is_valid(build.edition)
                and landing not in (None, role)
                and not _holders(build.before, landing, build.edition)
            ):
                build.after[index : index + 1] = [Meld(left), alone]
                build.moves.append(f"lay the freed joker with {pair[0]} {pair[1]} of {meld}")
                return _retrieved(build, role)
    return False


def _free_joker_into_old_meld(draw: st.DrawFn, build: _Build) -> bool:
    """Free a run joker with its tile and put it back at an end of its own run (RULES.md 4.5).

    ``r8 j r10`` with ``r9`` from the rack becomes ``r8 r9 r10 j``: the joker is retrieved (it now
    stands for r11) but stays in an old meld. Enough rack tiles are added at the other end for
    ``freed_joker_rack_tiles``, so only ``freed_joker_new_meld`` is broken.
    """
    edition = build.edition
    if "free_joker" in build.moves:
        return False
    on_table = Counter(t for m in build.after for t in m.tiles)
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if meld not in build.before or meld.jokers != 1 or not _is_run(meld, edition):
            continue
        if any(on_table[t] > 1 for t in meld.tiles if t != JOKER):
            continue  # a twin copy elsewhere could be the one that stood here: it may be new
        position = meld.tiles.index(JOKER)
        role = _role(meld, position, edition)
        tile = meld.readings(edition)[0].stands_for[position][0]
        natural = [*meld.tiles[:position], tile, *meld.tiles[position + 1 :]]
        extra = max(0, edition.freed_joker_rack_tiles - 1)
        for at_end in draw(st.permutations([True, False])):
            grown = _grown(natural, extra, at_end=not at_end, edition=edition)
            if grown is None:
                continue
            tiles = [*grown, JOKER] if at_end else [JOKER, *grown]
            back = Meld(tiles, meld.kind)
            landing = _role(back, len(grown) if at_end else 0, edition)
            if (
                _is_run(back, edition)
                and landing not in (None, role)
                and not _holders(build.before, landing, edition)
                and build.take([tile, *(t for t in grown if t not in natural)])
            ):
                build.after[index] = back
                build.moves.append(f"free the joker of {meld} and put it back as {back}")
                return _retrieved(build, role)
    return False


def _grown(tiles: list[Tile], count: int, *, at_end: bool, edition: Edition) -> list[Tile] | None:
    """A run of natural ``tiles`` with ``count`` more tiles at one end, or ``None``."""
    grown = list(tiles)
    for _ in range(count):
        edge = grown[-1] if at_end else grown[0]
        assert edge.number is not None
        assert edge.color is not None
        number = edge.number + (1 if at_end else -1)
        if number not in edition.tile_set.numbers:
            return None
        grown = [*grown, Tile(edge.color, number)] if at_end else [Tile(edge.color, number), *grown]
    return grown


def _split_joker_meld(draw: st.DrawFn, build: _Build) -> bool:
    """Take the end tile off a run holding a joker, into a new group (1978 rule breaks)."""
    on_table = Counter(t for m in build.after for t in m.tiles)
    locked = [
        i
        for i, m in enumerate(build.after)
        if m in build.before
        and m.jokers
        and len(m) >= 4
        and _is_run(m, build.edition)
        and all(on_table[t] == 1 for t in m.tiles if t != JOKER)  # no twin meld to stand in
    ]
    for index in draw(st.permutations(locked)):
        meld = build.after[index]
        end = meld.tiles[-1]
        shorter = Meld(meld.tiles[:-1], meld.kind)
        if end == JOKER or not _same_joker_roles(meld, shorter, build.edition):
            continue
        partners = [
            Tile(c, end.number)
            for c in build.edition.tile_set.colors
            if c is not end.color and build.stock[Tile(c, end.number)] > 0
        ]
        if len(partners) >= 2 and build.take(partners[:2]):
            build.after[index] = shorter
            build.after.append(Meld([end, *partners[:2]]))
            build.moves.append(f"take {end} off {meld}")
            return True
    return False


def _too_many_copies(draw: st.DrawFn, build: _Build) -> bool:
    tile = draw(st.sampled_from(build.edition.tile_set.distinct_tiles()))
    build.rack.extend([tile] * (build.stock[tile] + 1))
    build.stock[tile] = 0
    build.moves.append(f"hold one {tile} more than the set has")
    return True


def _opened(build: _Build) -> bool:
    return build.opened


def _not_opened(build: _Build) -> bool:
    return not build.opened


_Breaker = tuple[Callable[[_Build], bool], Callable[[st.DrawFn, _Build], bool]]
_BREAKERS: Final[dict[Code, _Breaker]] = {
    Code.NO_TILE_PLAYED: (lambda b: True, _no_tile_played),
    Code.TABLE_TILE_REMOVED: (lambda b: bool(b.before), _remove_table_tile),
    Code.TILE_NOT_IN_RACK: (lambda b: True, _lay_tile_not_in_rack),
    Code.INVALID_MELD: (lambda b: True, _break_a_meld),
    Code.UNKNOWN_TILE: (lambda b: True, _too_many_copies),
    Code.INITIAL_MELD_TOO_LOW: (
        lambda b: not b.opened and b.edition.initial_meld_points > 6,
        _open_too_low,
    ),
    Code.INITIAL_MELD_USES_TABLE: (
        lambda b: not b.opened and not b.edition.opening_may_use_table,
        _open_using_table,
    ),
    Code.JOKER_IN_INITIAL_MELD: (
        lambda b: not b.opened and b.edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN,
        _open_with_joker,
    ),
    Code.JOKER_RETRIEVAL_FORBIDDEN: (
        lambda b: not b.opened or b.edition.joker_retrieval.value == "replace",
        lambda draw, b: (_retrieve_before_opening if not b.opened else _retrieve_without_tile)(
            draw, b
        ),
    ),
    Code.FREED_JOKER_NEEDS_RACK_TILES: (
        lambda b: b.opened and b.edition.freed_joker_rack_tiles > 0,
        _free_joker_alone,
    ),
    Code.FREED_JOKER_NOT_IN_NEW_MELD: (
        lambda b: b.opened and b.edition.freed_joker_new_meld,
        _free_joker_into_old_meld,
    ),
    Code.JOKER_MELD_LOCKED: (
        lambda b: b.opened and b.edition.joker_melds_extend_only,
        _split_joker_meld,
    ),
}


#: The rules that only a player who has opened (True) or has not (False) can break.
_OPENED_ONLY: Final = {
    Code.FREED_JOKER_NEEDS_RACK_TILES: True,
    Code.FREED_JOKER_NOT_IN_NEW_MELD: True,
    Code.JOKER_MELD_LOCKED: True,
    Code.INITIAL_MELD_TOO_LOW: False,
    Code.INITIAL_MELD_USES_TABLE: False,
    Code.JOKER_IN_INITIAL_MELD: False,
}

#: The rules about jokers already on the table: breaking one needs a joker on the table.
_JOKER_CODES: Final = frozenset(
    {
        Code.JOKER_RETRIEVAL_FORBIDDEN,
        Code.FREED_JOKER_NEEDS_RACK_TILES,
        Code.FREED_JOKER_NOT_IN_NEW_MELD,
        Code.JOKER_MELD_LOCKED,
    }
)


# -- Helpers -------------------------------------------------------------------------------------


def _role(meld: Meld, position: int, edition: Edition) -> object:
    """What the joker at ``position`` stands for (RULES.md 4.5), if the meld reads one way."""
    readings = meld.readings(edition)
    if len(readings) != 1:
        return None
    if readings[0].kind is MeldKind.RUN:
        return ("run", readings[0].stands_for[position][0])
    return ("group", readings[0].number)


def _holders(melds: list[Meld], role: object, edition: Edition) -> int:
    """How many jokers of ``melds`` stand for ``role``."""
    return sum(
        1
        for meld in melds
        for position, tile in enumerate(meld.tiles)
        if tile == JOKER and _role(meld, position, edition) == role
    )


def _retrieved(build: _Build, role: object) -> bool:
    """Whether fewer jokers stand for ``role`` after the turn than before: one was retrieved."""
    clear = JOKER not in build.rack and all(
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
        old.jokers and not Counter(t for t in old.tiles if t != JOKER) - tiles
        for old in build.before
    )


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
    old_roles = Counter(s for t, s in zip(old.tiles, before.stands_for, strict=True) if t == JOKER)
    new_roles = Counter(s for t, s in zip(new.tiles, after.stands_for, strict=True) if t == JOKER)
    return old_roles == new_roles
