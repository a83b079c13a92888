"""Whether a play the search proposes is legal: the referee decides (private).

Every answer of the solver passes :func:`~rummikub_rules.check_turn`; the plan asks it about
each play it proposes before keeping it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import Violation, check_turn

__all__ = ["legal", "refusals"]


def legal(
    before: Table, rack: Sequence[Tile], after: Table, *, opened: bool, edition: Edition
) -> bool:
    """Whether ``after`` is a legal play."""
    return check_turn(before, rack, after, opened=opened, edition=edition).ok


def refusals(
    before: Table, rack: Sequence[Tile], after: Table, *, opened: bool, edition: Edition
) -> tuple[Violation, ...]:
    """The rules ``after`` breaks (none: it is legal)."""
    return check_turn(before, rack, after, opened=opened, edition=edition).violations
