"""The last verdicts, per thread (private).

One play is often judged several times over: the solver has the referee check each play it
keeps, a bot checks the solver's answer once more, and the game checks the play it applies.
Each asks about the very same objects, and every input of a judgement is immutable (the tables,
the rack as a tuple of tiles, the edition), so a verdict is remembered by its inputs'
identities: only the very same objects hit, never merely equal ones, and a hit returns the
verdict the judgement gave. Each thread keeps its own few (:data:`KEPT`).
"""

from __future__ import annotations

import threading
from typing import Final, TypeAlias

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.tiles import Tile
from rummikub_rules.turns._verdict import Verdict

__all__ = ["KEPT", "Inputs", "recalled", "remember"]

#: How many verdicts each thread remembers.
KEPT: Final = 4

#: What a verdict judges: the table before, the rack, the table after, opened, the edition.
Inputs: TypeAlias = tuple[Table, tuple[Tile, ...], Table, bool, Edition]

_memory = threading.local()


def recalled(inputs: Inputs) -> Verdict | None:
    """The verdict remembered for these very objects (``None``: not among the last few)."""
    before, rack, after, opened, edition = inputs
    for seen, verdict in _remembered():
        # The table after first: it is what differs between the plays a solve checks.
        same = seen[2] is after and seen[0] is before and seen[1] is rack
        if same and seen[3] is opened and seen[4] is edition:
            return verdict
    return None


def remember(inputs: Inputs, verdict: Verdict) -> None:
    """Keep ``verdict`` for these objects, forgetting the oldest beyond :data:`KEPT`."""
    remembered = _remembered()
    remembered.insert(0, (inputs, verdict))
    del remembered[KEPT:]


def _remembered() -> list[tuple[Inputs, Verdict]]:
    found: list[tuple[Inputs, Verdict]] = _memory.__dict__.setdefault("verdicts", [])
    return found
