"""The checks that need no choice of reading: rules section 1 and 4.1-4.3.

Each is a function of the turn's facts alone, so it runs once, before the search for the most
favourable reading; a turn they condemn is not searched at all (see ``TurnFacts.settled``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rummikub_rules.tiles import Tile
from rummikub_rules.turns._facts import TurnFacts, tiles_of
from rummikub_rules.turns._verdict import Code, Violation, meld_name, plural

__all__ = ["added_tiles_from_rack", "melds_are_valid", "table_tiles_stay", "tiles_the_set_has"]


def tiles_the_set_has(facts: TurnFacts) -> Iterator[Violation]:
    """Rules section 1: no tile, and no more copies of a tile, than the edition's set has."""
    tile_set = facts.edition.tile_set
    for index, count in sorted(facts.unknown.items()):
        tile = Tile.from_index(index)
        have = tile_set.count(tile)
        if have == 0:
            message = f"This set has no {tile} tile."
        else:
            message = (
                f"This set has {have} {plural(have, 'copy', 'copies')} of {tile}, "
                f"but {count} are on the table and rack."
            )
        yield Violation(Code.UNKNOWN_TILE, message, tiles=(tile,))


def table_tiles_stay(facts: TurnFacts) -> Iterator[Violation]:
    """Rules section 4.2: every tile on the table before is on the table after."""
    if facts.removed:
        tiles = tiles_of(facts.removed)
        yield Violation(
            Code.TABLE_TILE_REMOVED,
            f"{_tile_list(tiles)} {plural(len(tiles), 'was', 'were')} on the table and must stay "
            "there; tiles on the table never go back to a rack.",
            tiles=tiles,
        )


def added_tiles_from_rack(facts: TurnFacts) -> Iterator[Violation]:
    """Rules section 4.3: the tiles added come from the rack, and there is at least one."""
    if facts.not_in_rack:
        tiles = tiles_of(facts.not_in_rack)
        yield Violation(
            Code.TILE_NOT_IN_RACK,
            f"{_tile_list(tiles)} {plural(len(tiles), 'is', 'are')} laid but not on the "
            "player's rack.",
            tiles=tiles,
        )
    if not facts.added:
        yield Violation(
            Code.NO_TILE_PLAYED,
            "No tile from the rack was laid; a player who does not play draws a tile.",
        )


def melds_are_valid(facts: TurnFacts) -> Iterator[Violation]:
    """Rules section 4.1: every meld on the table after is a valid run or group."""
    for meld, readings in zip(facts.after.melds, facts.after_readings, strict=True):
        if not readings:
            problem = meld.problem(facts.edition) or f"{meld_name(meld)} is not a valid meld."
            yield Violation(Code.INVALID_MELD, problem, tiles=meld.tiles, melds=(meld,))


#: The most tiles a message names one by one; beyond it the list is cut with its length.
_MOST_NAMED = 20


def _tile_list(tiles: tuple[Tile, ...]) -> str:
    names = " ".join(str(t) for t in tiles[:_MOST_NAMED])
    return names if len(tiles) <= _MOST_NAMED else f"{names} ... ({len(tiles)} tiles)"
