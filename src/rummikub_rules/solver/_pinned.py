"""Kept coloured jokers put back into a play of the fast search (private).

Where the only coloured jokers left in a part of a position are table jokers kept in their roles,
the fast search (which knows plain jokers only) solves it with them read as plain pins: a run
pin stays at its cell, a group pin joins some group of its number. That is a relaxation (a kept
coloured group joker must stand for its colour's tile). :func:`recoloured` puts the coloured
jokers back: a run pin's joker is of the run's colour already, and a group pin takes a joker's
place in a group of its number lacking its colour. If every one finds a place and every meld is
valid, the play is one of the exact problem's and scores the relaxation's best: it is its best.
:func:`rack_recoloured` does the same for the rack's coloured jokers in an initial meld.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, MeldKind
from rummikub_rules.solver._grid import Grid
from rummikub_rules.tiles import JOKER, Tile

__all__ = ["rack_recoloured", "recoloured"]


def recoloured(
    melds: Sequence[Meld],
    grid: Grid,
    edition: Edition,
    run_pins: Sequence[Sequence[int]],
    group_pins: Sequence[Sequence[int]],
) -> list[Meld] | None:
    """``melds`` with the kept coloured jokers in place (``None``: they do not fit).

    ``run_pins[column][row]`` coloured jokers stand at that cell of runs, ``group_pins[column]
    [row]`` in groups of the column's number as the row's tile.
    """
    runs_left = [list(row) for row in run_pins]
    groups_left = [list(row) for row in group_pins]
    colors = grid.tile_set.colors
    out: list[Meld] = []
    for meld in melds:
        reading = meld.reading(edition) if meld.jokers else None
        if reading is None:
            if meld.jokers:
                return None
            out.append(meld)
            continue
        tiles = list(meld.tiles)
        if reading.kind is MeldKind.RUN:
            row = grid.color_row[reading.color]
            for at, (tile, options) in enumerate(zip(tiles, reading.stands_for, strict=True)):
                number = options[0].number
                assert number is not None
                column = grid.number_column[number]
                if tile == JOKER and runs_left[column][row]:
                    runs_left[column][row] -= 1
                    tiles[at] = Tile.joker(colors[row])
        else:
            assert reading.number is not None
            column = grid.number_column[reading.number]
            for row, left in enumerate(groups_left[column]):
                held = {t.color for t in tiles if t != JOKER}
                if left and colors[row] not in held and JOKER in tiles:
                    tiles[tiles.index(JOKER)] = Tile.joker(colors[row])
                    groups_left[column][row] -= 1
        placed = Meld(tiles, meld.kind)
        if not placed.is_valid(edition):
            return None
        out.append(placed)
    if any(map(any, runs_left)) or any(map(any, groups_left)):
        return None
    return out


def rack_recoloured(
    melds: Sequence[Meld], grid: Grid, edition: Edition, plain: int, colored: Sequence[int]
) -> list[Meld] | None:
    """``melds`` of the fast search with the rack's jokers given their kinds (``None``: no fit).

    The fast search read the rack's ``colored`` jokers (per row) as plain ones, besides its
    ``plain`` ones. Each joker of a run takes one of the run's colour where one is left, else a
    plain one; each of a group one of a colour the group lacks, else a plain one. A greedy
    choice: where it finds no fit, one may still exist, and the caller asks the general search.
    """
    colors = grid.tile_set.colors
    left = [plain, *colored]  # plain first, then per row
    out: list[Meld] = []
    for meld in melds:
        if not meld.jokers:
            out.append(meld)
            continue
        reading = meld.reading(edition)
        if reading is None:
            return None  # a run of jokers alone: no meld
        tiles = list(meld.tiles)
        if reading.kind is MeldKind.RUN:
            fits = [grid.color_row[reading.color]]
        else:
            held = {t.color for t in tiles if t != JOKER}
            fits = [row for row, color in enumerate(colors) if color not in held]
        for at, tile in enumerate(tiles):
            if tile != JOKER:
                continue
            row = next((row for row in fits if left[1 + row]), None)
            if row is not None:
                left[1 + row] -= 1
                tiles[at] = Tile.joker(colors[row])
                if reading.kind is MeldKind.GROUP:
                    fits.remove(row)  # a group holds each colour once
            elif left[0]:
                left[0] -= 1
            else:
                return None
        placed = Meld(tiles, meld.kind)
        if not placed.is_valid(edition):
            return None
        out.append(placed)
    return out
