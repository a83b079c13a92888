"""How a turn is made to break one rule, for ``turns(legal=False)``.

Each breaker changes a legal turn under construction so that it breaks one named rule; for the
rules of jokers on the table (a freed joker put back into its own run, or laid with table tiles
only, a meld holding a joker split) nothing else is broken.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

from hypothesis import strategies as st

from rummikub_rules.editions import Edition, JokerInInitialMeld
from rummikub_rules.melds import Meld
from rummikub_rules.strategies._turn_moves import (
    _Build,
    _end_into_group,
    _holders,
    _is_run,
    _joker_meld,
    _locked,
    _new_meld,
    _opening,
    _replace_a_joker,
    _retrieved,
    _role,
    _same_joker_roles,
    numbered_stock,
)
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import Code


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
        for tile in numbered_stock(build):
            longer = Meld([*meld.tiles, tile], meld.kind)
            if _same_joker_roles(meld, longer, build.edition) and build.take([tile]):
                build.after[index] = longer
                build.moves.append(f"add {tile} to the table's {meld}")
                return True
    return False


def _open_with_joker(draw: st.DrawFn, build: _Build) -> bool:
    kinds = [t for t in sorted(+build.stock) if t.is_joker]
    for index, meld in enumerate(build.after):
        if meld in build.before:
            continue
        for joker in draw(st.permutations(kinds)):
            longer = Meld([*meld.tiles, joker])
            if longer.is_valid(build.edition) and build.take([joker]):
                build.after[index] = longer
                build.moves.append(f"add {joker} to the opening")
                return True
    return False


def _retrieve_without_tile(draw: st.DrawFn, build: _Build) -> bool:
    """Free a run joker from its end by shortening the run, not by its tile."""
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if meld not in build.before or len(meld) < 4 or meld.jokers != 1:
            continue
        if not meld.tiles[-1].is_joker or not _is_run(meld, build.edition):
            continue
        stood_for = meld.readings(build.edition)[0].stands_for[-1][0]
        if stood_for in build.rack or any(stood_for in m.tiles for m in build.after):
            continue  # laid this turn, or moved from another meld, it could replace the joker
        home = _joker_meld(draw, build, avoid=stood_for, joker=meld.tiles[-1])
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
    _, source, role, joker = replaced
    for index, meld in enumerate(build.after):
        longer = Meld([*meld.tiles, joker], meld.kind)
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

    The new meld is the last two tiles of a run of five or more and the joker: new (rules
    section 4.5), so only ``freed_joker_rack_tiles`` is broken.
    """
    if "free_joker" in build.moves:
        return False  # with two jokers freed, the referee may pair them the other way round
    replaced = _replace_a_joker(draw, build)
    if replaced is None:
        return False
    _, source, role, joker = replaced
    for index in draw(st.permutations(range(len(build.after)))):
        meld = build.after[index]
        if index == source or meld not in build.before or meld.jokers or len(meld) < 5:
            continue
        if _locked(build, meld) or not _is_run(meld, build.edition):
            continue
        left, pair = meld.tiles[:-2], meld.tiles[-2:]
        if any(t in build.rack for t in pair):
            continue  # a copy laid from the rack could be said to be the one in the new meld
        for tiles, position in (((*pair, joker), 2), ((joker, *pair), 0)):
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
    """Free a run joker with its tile and put it back at an end of its own run (rules section 4.5).

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
        if any(on_table[t] > 1 for t in meld.tiles if not t.is_joker):
            continue  # a twin copy elsewhere could be the one that stood here: it may be new
        position = next(i for i, t in enumerate(meld.tiles) if t.is_joker)
        joker = meld.tiles[position]
        role = _role(meld, position, edition)
        tile = meld.readings(edition)[0].stands_for[position][0]
        natural = [*meld.tiles[:position], tile, *meld.tiles[position + 1 :]]
        extra = max(0, edition.freed_joker_rack_tiles - 1)
        for at_end in draw(st.permutations([True, False])):
            grown = _grown(natural, extra, at_end=not at_end, edition=edition)
            if grown is None:
                continue
            tiles = [*grown, joker] if at_end else [joker, *grown]
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
        and all(on_table[t] == 1 for t in m.tiles if not t.is_joker)  # no twin meld to stand in
    ]
    for index in draw(st.permutations(locked)):
        meld = build.after[index]
        if _end_into_group(build, index, meld.tiles[-1], meld.tiles[:-1]):
            build.moves.append(f"take {meld.tiles[-1]} off {meld}")
            return True
    return False


def _too_many_copies(draw: st.DrawFn, build: _Build) -> bool:
    tile = draw(st.sampled_from(build.edition.tile_set.distinct_tiles()))
    build.rack.extend([tile] * (build.stock[tile] + 1))
    build.stock[tile] = 0
    build.moves.append(f"hold one {tile} more than the set has")
    return True


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
        # An opening on the table that reaches the threshold opens the player for the turn.
        lambda b: (
            not b.edition.opening_may_use_table
            if not b.opened
            else b.edition.joker_retrieval.value == "replace"
        ),
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
