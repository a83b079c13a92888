"""A simple move finder for the stateful tests: melds from the rack and one-tile extensions.

It finds legal plays of the kinds players make most (lay melds found on the rack, add a rack
tile to an end of a run or to a group), enough to drive random games to their end. It is not the
solver: it never rearranges the table.
"""

from __future__ import annotations

import itertools
from collections import Counter

from rummikub_rules import Edition, GameState, Meld, Play, Table, Tile


def rack_melds(rack: tuple[Tile, ...], edition: Edition) -> list[Meld]:
    """Disjoint valid three-tile melds found greedily on the rack."""
    left = Counter(rack)
    found = []
    for combo in itertools.combinations(sorted(set(rack)), 3):
        if Counter(combo) - left:
            continue
        meld = Meld(combo)
        if meld.is_valid(edition):
            found.append(meld)
            left -= Counter(combo)
    return found


def extensions(table: Table, rack: tuple[Tile, ...], edition: Edition) -> list[Table]:
    """Tables with one rack tile added at an end of one table meld."""
    found = []
    for index, meld in enumerate(table.melds):
        for tile in sorted(set(rack)):
            for longer in (Meld([*meld.tiles, tile]), Meld([tile, *meld.tiles])):
                if longer.is_valid(edition):
                    melds = list(table.melds)
                    melds[index] = longer
                    found.append(Table(melds))
                    break
    return found


def simple_plays(state: GameState) -> list[Play]:
    """Legal plays for the player to move, found without rearranging the table."""
    edition, rack, table = state.edition, state.rack, state.table
    melds = rack_melds(rack, edition)
    plays = []
    if not state.opened[state.current]:
        value = sum(m.value(edition) or 0 for m in melds)
        if melds and value >= edition.initial_meld_points:
            plays.append(Play(Table([*table.melds, *melds])))
    else:
        plays.extend(Play(Table([*table.melds, meld])) for meld in melds)
        plays.extend(Play(t) for t in extensions(table, rack, edition))
    return [p for p in plays if state.check(p).ok]
