"""A simple move finder for the stateful tests: melds from the rack and one-tile extensions.

It finds legal plays of the kinds players make most (lay melds found on the rack, add a rack
tile to an end of a run or to a group), enough to drive random games to their end. It is not the
solver: it never rearranges the table.
"""

from __future__ import annotations

from collections import Counter

from rummikub_rules import Edition, GameState, Meld, Play, Table, Tile


def rack_melds(rack: tuple[Tile, ...], edition: Edition) -> list[Meld]:
    """Disjoint three-tile runs and groups of numbered tiles found greedily on the rack."""
    left = Counter(t for t in rack if t.number is not None)
    found = []
    for tile in sorted(left):
        assert tile.color is not None
        assert tile.number is not None
        while left[tile]:
            run = [tile, *(_next(tile, step) for step in (1, 2))]
            group = [t for t in sorted(left) if t.number == tile.number and left[t]]
            colors = {t.color for t in group}
            if all(t is not None and left[t] > 0 for t in run):
                melds = [Meld(run)]  # type: ignore[arg-type]
            elif len(colors) >= 3:
                melds = [Meld(sorted({t.color: t for t in group}.values())[:3])]
            else:
                break
            meld = melds[0]
            if not meld.is_valid(edition):
                break
            found.append(meld)
            left -= Counter(meld.tiles)
    return found


def _next(tile: Tile, step: int) -> Tile | None:
    assert tile.number is not None
    number = tile.number + step
    return Tile(tile.color, number) if number <= 13 else None


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
