"""The order a host search tries its hosts in (private).

First the hosts standing inside a meld where the relaxation's best play puts a freed joker.
That play breaks a rule (else the search would not list hosts), most often by giving a joker
to a meld of the table before or to too few rack tiles, and a meld cut from it often mends that
(``k2 k3 k4 k5 j k7`` becomes ``k2 k3 k4 | k5 j k7``). They go in key order: the sets of hosts
laid after a host hold only hosts after it in key order, so the first holds the most. Then the
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
from rummikub_rules.solver._grid import Grid
from rummikub_rules.solver._host_meld import Host

__all__ = ["HostOrder", "trying_order"]

#: A host's place in the order: outside the relaxation's joker melds, fewer freed jokers, and
#: then the key (inside) or the table tiles taken and the score (outside).
Place = tuple[bool, int, tuple[object, ...]]

#: A host listed (score, key, host) to its place in the order.
HostOrder = Callable[[tuple[int, tuple[object, ...], Host]], Place]


def trying_order(grid: Grid, edition: Edition, relaxed: Sequence[Meld]) -> HostOrder:
    """The order of the hosts of a step whose relaxation's best play is ``relaxed``."""
    runs: dict[int, set[int]] = {}  # per row, the columns of its runs holding a joker
    groups: set[int] = set()  # the columns of groups holding a joker
    for meld in relaxed:
        reading = meld.reading(edition) if meld.jokers else None
        if reading is None:
            continue
        for options in reading.stands_for:
            cell = grid.cell(options[0])
            if cell is None:
                continue
            if reading.kind is MeldKind.RUN:
                runs.setdefault(cell[1], set()).add(cell[0])
            else:
                groups.add(cell[0])

    def order(scored: tuple[int, tuple[object, ...], Host]) -> Place:
        score, key, host = scored
        meld = host.meld
        if meld.kind is MeldKind.RUN:
            inside = meld.at in runs and runs[meld.at].issuperset(meld.places)
        else:
            inside = meld.at in groups
        if inside:
            return False, -host.freed, key
        return True, -host.freed, (host.taken_from_table, -score)

    return order
