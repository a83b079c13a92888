"""Jokers already on the table (RULES.md section 4.5), for the turn referee.

What each joker stands for (its *role*), pairing the jokers of the table before with those of the
table after so that the fewest are retrieved, the tiles a freed joker's place demands under
``replace``, the rack tiles a freed joker's meld needs, and whether a meld that held a joker was
only extended. :mod:`rummikub_rules.turns` turns the answers into violations.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from rummikub_rules.melds import Meld, MeldKind, Reading, Table
from rummikub_rules.tiles import JOKER, Tile

__all__ = [
    "Joker",
    "Role",
    "assign_rack_tiles",
    "can_supply",
    "demands",
    "extends",
    "jokers_of",
    "match_extensions",
    "pair",
    "role_of",
]

#: A joker's role: ("run", the tile it stands for) or ("group", its number). RULES.md 4.5.
Role = tuple[str, object]


@attrs.frozen
class Joker:
    """A joker in a meld, with the role its reading gives it."""

    role: Role | None
    meld: int
    reading: Reading | None


def jokers_of(melds: Sequence[Meld], choice: Sequence[Reading | None]) -> list[Joker]:
    """Every joker of ``melds`` with the role that the chosen reading of its meld gives it."""
    found: list[Joker] = []
    for index, (meld, reading) in enumerate(zip(melds, choice, strict=True)):
        if meld.jokers:
            found.extend(
                Joker(role_of(reading, position), index, reading)
                for position, tile in enumerate(meld.tiles)
                if tile.number is None
            )
    return found


def role_of(reading: Reading | None, position: int) -> Role | None:
    if reading is None:
        return None
    if reading.kind is MeldKind.RUN:
        return ("run", reading.stands_for[position][0])
    return ("group", reading.number)


def pair(old: list[Joker], new: list[Joker]) -> tuple[list[list[Joker]], list[list[Joker]]]:
    """Pair old and new jokers with equal roles as often as possible (RULES.md 4.5).

    Jokers of one role are identical, so which of them were kept is a choice: this returns every
    way of choosing the old jokers left unpaired (retrieved; each way has as many) and every way
    of choosing the new ones left unpaired (where retrieved jokers and jokers from the rack
    landed). A joker now in a meld with no valid reading stands for nothing and pairs with no
    old joker; a joker that stood in such a meld before the turn stood for nothing, so it pairs
    with any leftover joker and is never retrieved.
    """
    old_by_role = _by_role(j for j in old if j.role is not None)
    new_by_role = _by_role(new)
    freed_options = [
        [j for part in parts for j in part]
        for parts in itertools.product(
            *(
                _left_over(jokers, len(new_by_role.get(role, ())))
                for role, jokers in old_by_role.items()
            )
        )
    ]
    kept_new = [
        _left_over(jokers, len(old_by_role.get(role, ())) if role is not None else 0)
        for role, jokers in new_by_role.items()
    ]
    roleless = sum(1 for j in old if j.role is None)
    landings: list[list[Joker]] = []
    for parts in itertools.product(*kept_new):
        rest = [j for part in parts for j in part]
        landings.extend(
            [j for i, j in enumerate(rest) if i not in paired]
            for paired in itertools.combinations(range(len(rest)), min(roleless, len(rest)))
        )
    return freed_options, landings


def _by_role(jokers: Iterable[Joker]) -> dict[Role | None, list[Joker]]:
    found: dict[Role | None, list[Joker]] = {}
    for joker in jokers:
        found.setdefault(joker.role, []).append(joker)
    return found


def _left_over(jokers: list[Joker], paired: int) -> list[list[Joker]]:
    """Every way to leave jokers unpaired when ``paired`` of them (at most) find a partner."""
    paired = min(paired, len(jokers))
    return [
        [j for i, j in enumerate(jokers) if i not in chosen]
        for chosen in itertools.combinations(range(len(jokers)), paired)
    ]


def demands(joker: Joker, meld: Meld, both: bool) -> list[tuple[Tile, ...]]:
    """The tiles that must take a freed joker's place: each entry is one tile, any of options."""
    reading = joker.reading
    assert reading is not None
    assert joker.role is not None
    if reading.kind is MeldKind.RUN:
        tile = joker.role[1]
        assert isinstance(tile, Tile)
        return [(tile,)]
    missing = next(
        options for options, t in zip(reading.stands_for, meld.tiles, strict=True) if t == JOKER
    )
    count = max(1, len(missing) - (meld.jokers - 1)) if both else 1
    return [missing] * count


def can_supply(demands: list[tuple[Tile, ...]], supply: Counter[Tile]) -> bool:
    """Whether each demand takes one unit of one of its options, within ``supply``."""
    if not demands:
        return True
    first, rest = demands[0], demands[1:]
    for option in first:
        if supply[option] > 0:
            supply[option] -= 1
            found = can_supply(rest, supply)
            supply[option] += 1
            if found:
                return True
    return False


def assign_rack_tiles(targets: list[tuple[Counter[Tile], int]], pool: Counter[Tile]) -> bool:
    """Whether each target meld can claim its needed number of rack tiles from ``pool``."""
    if not targets:
        return True
    (tiles, need), rest = targets[0], targets[1:]
    if need <= 0:
        return assign_rack_tiles(rest, pool)
    available = [t for t in tiles if t != JOKER and pool[t] > 0]
    units = [t for t in available for _ in range(min(tiles[t], pool[t]))]
    for combo in set(itertools.combinations(units, need)):
        taken = Counter(combo)
        if assign_rack_tiles(rest, pool - taken):
            return True
    return False


def match_extensions(
    locked: list[int],
    before: Sequence[Meld],
    before_choice: Sequence[Reading | None],
    after: Table,
    after_choice: Sequence[Reading | None],
    used: frozenset[int] = frozenset(),
) -> bool:
    """Whether each locked meld of ``before`` has its own meld of ``after`` extending it."""
    if not locked:
        return True
    index, rest = locked[0], locked[1:]
    old, old_reading = before[index], before_choice[index]
    assert old_reading is not None
    for j, (meld, reading) in enumerate(zip(after.melds, after_choice, strict=True)):
        if j in used or reading is None or not extends(old, old_reading, meld, reading):
            continue
        if match_extensions(rest, before, before_choice, after, after_choice, used | {j}):
            return True
    return False


def extends(old: Meld, old_reading: Reading, new: Meld, new_reading: Reading) -> bool:
    """Whether ``new`` is ``old`` extended, its jokers kept in place or replaced by their tile."""
    if old_reading.kind is not new_reading.kind:
        return False
    if old_reading.kind is MeldKind.GROUP:
        numbered = Counter(t for t in old.tiles if t != JOKER)
        return (
            old_reading.number == new_reading.number
            and not numbered - Counter(new.tiles)
            and len(new.tiles) >= len(old.tiles)
        )
    size = len(old.tiles)
    for offset in range(len(new.tiles) - size + 1):
        window = new_reading.stands_for[offset : offset + size]
        if window != old_reading.stands_for:
            continue
        if all(
            o == n or (o == JOKER and n.number is not None)
            for o, n in zip(old.tiles, new.tiles[offset : offset + size], strict=True)
        ):
            return True
    return False
