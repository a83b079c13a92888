"""The order a host search tries its hosts in (private).

First the hosts standing inside a meld where the relaxation's best play puts a freed joker.
That play breaks a rule (else the search would not list hosts), most often by giving a joker
to a meld of the table before or to too few rack tiles, and a meld cut from it often mends that
(``k2 k3 k4 k5 j k7`` becomes ``k2 k3 k4 | k5 j k7``), or a meld of it as it is, where the rule
broken was another's: those first (the search lists them alone first, by their shapes). They go
in key order: the sets of hosts laid after a host hold only hosts after it in key order, so the
first holds the most. Then the
others: those taking every freed joker first (the rest is then solved exactly), then those
taking the fewest table tiles (the rest has the fewest to place again), then the best scoring.
Each group puts the hosts holding more freed jokers first. Only the order changes: every host
is still tried unless a bound rules it out, so the answer is the same; the best play is found
sooner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, MeldKind
from rummikub_rules.solver._grid import FoundMeld, Grid
from rummikub_rules.solver._host_meld import Host, Shape, shape

__all__ = ["HostOrder", "trying_order"]

#: A host's place in the order: outside the relaxation's joker melds, not one of them, fewer
#: freed jokers, and then the key (inside) or the table tiles taken and the score (outside).
Place = tuple[bool, bool, int, tuple[object, ...]]

#: A host listed (score, key, host) to its place in the order.
HostOrder = Callable[[tuple[int, tuple[object, ...], Host]], Place]


def trying_order(
    grid: Grid, edition: Edition, relaxed: Sequence[Meld]
) -> tuple[HostOrder, frozenset[Shape]]:
    """The order of the hosts of a step whose relaxation's best play is ``relaxed``.

    And the shapes (:func:`.shape`) of that play's melds holding jokers: the hosts of those
    shapes go first.
    """
    runs: dict[int, set[int]] = {}  # per row, the columns of its runs holding a joker
    groups: set[int] = set()  # the columns of groups holding a joker
    shapes: set[Shape] = set()
    for meld in relaxed:
        reading = meld.reading(edition) if meld.jokers else None
        if reading is None:
            continue
        run = reading.kind is MeldKind.RUN
        places: list[int] = []
        at = -1
        for tile, options in zip(meld.tiles, reading.stands_for, strict=True):
            cell = grid.cell(options[0])
            if cell is None:
                break
            if run:
                runs.setdefault(cell[1], set()).add(cell[0])
                places.append(cell[0])
                at = cell[1]
            else:
                groups.add(cell[0])
                places.append(-1 if tile.number is None else cell[1])
                at = cell[0]
        else:
            jokers = tuple(tile.number is None for tile in meld.tiles)
            shapes.add(shape(FoundMeld(reading.kind, at, tuple(places), jokers)))

    def order(scored: tuple[int, tuple[object, ...], Host]) -> Place:
        score, key, host = scored
        meld = host.meld
        if meld.kind is MeldKind.RUN:
            inside = meld.at in runs and runs[meld.at].issuperset(meld.places)
        else:
            inside = meld.at in groups
        if inside:
            return False, shape(meld) not in shapes, -host.freed, key
        return True, True, -host.freed, (host.taken_from_table, -score)

    return order, frozenset(shapes)
