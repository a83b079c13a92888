"""Whether a play the search proposes is legal: the referee decides (private).

Every answer of the solver passes :func:`~rummikub_rules.check_turn`. Until the referee checks
``freed_joker_new_meld`` itself, :func:`legal` adds that rule as RULES.md 4.5 states it: a joker
whose role changed must end in a *new* meld, one that holds no meld of the table before whole.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import check_turn

__all__ = ["legal"]


def legal(before: Table, rack: Sequence[Tile], after: Table, *, opened: bool, edition: Edition) -> bool:
    """Whether ``after`` is a legal play (see the module docstring)."""
    if not check_turn(before, rack, after, opened=opened, edition=edition).ok:
        return False
    if not edition.freed_joker_new_meld or not any(m.jokers for m in before.melds):
        return True
    return _new_melds_hold_freed_jokers(before, after, edition)


def _roles(meld: Meld, edition: Edition) -> list[list[tuple[object, ...]]]:
    """Per reading of the meld, the role of each of its jokers."""
    out = []
    for reading in meld.readings(edition):
        roles: list[tuple[object, ...]] = []
        for tile, options in zip(meld.tiles, reading.stands_for, strict=True):
            if tile.number is None:
                if reading.kind is MeldKind.RUN:
                    roles.append(("run", options[0]))
                else:
                    roles.append(("group", reading.number))
        out.append(roles)
    return out or [[("none",)] * meld.jokers]


def _new_melds_hold_freed_jokers(before: Table, after: Table, edition: Edition) -> bool:
    """Whether, under some reading, the jokers whose role changed can be the jokers in new
    melds (the others being rack jokers in new roles)."""
    holds = [Counter(t for t in m.tiles if t.number is not None) for m in before.melds]
    holds = [h for h in holds if h]

    def is_new(meld: Meld) -> bool:
        tiles = Counter(t for t in meld.tiles if t.number is not None)
        return not any(not (h - tiles) for h in holds)

    before_options = [_roles(m, edition) for m in before.melds if m.jokers]
    after_melds = [m for m in after.melds if m.jokers]
    after_options = [_roles(m, edition) for m in after_melds]
    for old_choice in itertools.product(*before_options):
        old = Counter(r for roles in old_choice for r in roles if r != ("none",))
        for new_choice in itertools.product(*after_options):
            left = Counter(old)
            landed: list[bool] = []
            for meld, roles in zip(after_melds, new_choice, strict=True):
                for role in roles:
                    if left[role] > 0:
                        left[role] -= 1
                    else:
                        landed.append(is_new(meld))
            # The jokers whose role changed may be any of those that landed in a new role
            # (the others came from the rack, or stood in a meld with no reading before).
            if sum(left.values()) <= sum(landed):
                return True
    return False
