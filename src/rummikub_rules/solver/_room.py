"""Where a freed joker may stand: in a meld holding rack tiles (rules section 4.5; private).

A freed joker must go into a meld holding ``freed_joker_rack_tiles`` tiles laid from the rack,
so into a group of a number the rack holds, or a run holding a rack tile of its colour: near
enough to one that the numbers between can be filled. A relaxation in which freed jokers go
anywhere (:class:`._relax.Relaxation`) may keep them to those places (a
:data:`._relax.JokerRoom`) and still hold every legal play; with a small rack its bound is much
tighter, and a proof that no play freeing a joker beats the best play so far ends much sooner.
Rack jokers count as rack tiles, and a joker without a role is not freed: with either, a joker
may stand anywhere (``None``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._grid import Counts, Grid
from rummikub_rules.solver._host_meld import Stock
from rummikub_rules.solver._position import Roles, TableJoker, readings
from rummikub_rules.solver._relax import JokerRoom

__all__ = [
    "Barred",
    "any_room",
    "barred",
    "fates_room",
    "group_owing",
    "hosts_room",
    "keeps_out",
    "with_colored_groups",
    "within",
]

#: A :data:`._relax.JokerRoom` kept in a step of the host search: hashable.
Barred = tuple[tuple[tuple[bool, ...], ...], tuple[bool, ...]]


def fates_room(ctx: Context, roles: Roles, table: Counts) -> JokerRoom | None:
    """Where a reading's jokers may stand in its fates' relaxations (``None``: anywhere).

    ``table`` counts the table's numbered tiles. Beside the places of a freed joker, each
    joker's own role: a fate's relaxation then still holds every play of a fate keeping more
    jokers (:func:`._fates.covers`).
    """
    rack_jokers = ctx.rack_jokers() + (sum(ctx.rack_colored()) if ctx.colored else 0)
    if ctx.edition.freed_joker_rack_tiles < 1 or roles.roleless or rack_jokers:
        return None
    run_pins, group_pins = ctx.pins(roles.jokers)
    runs, groups = _held(ctx.rack_most(), table, run_pins, len(roles.jokers))
    return (
        [[held or bool(pin) for held, pin in zip(row, pins, strict=True)]
         for row, pins in zip(runs, run_pins, strict=True)],
        [held or bool(pin) for held, pin in zip(groups, group_pins, strict=True)],
    )  # fmt: skip


def with_colored_groups(ctx: Context, roles: Roles, room: JokerRoom | None) -> JokerRoom | None:
    """``room`` (:func:`fates_room`) with the groups where a coloured joker is kept in its role.

    :func:`fates_room` counts plain group pins only.
    """
    if room is None:
        return None
    _, tinted_groups = ctx.colored_pins(roles.jokers)
    groups = [held or any(pins) for held, pins in zip(room[1], tinted_groups, strict=True)]
    return room[0], groups


def group_owing(roles: Roles, columns: int) -> list[bool]:
    """Per number, whether a freed joker in its groups needs a rack tile laid in a group there.

    A freed joker goes into a meld holding a rack tile, so into a group only with a rack tile
    of its number (:mod:`._fast` tells which groups take one). Not at a number where a table
    joker stands in a group: a fate's relaxation must hold the plays of the fates keeping more
    jokers (:func:`._fates.covers`), and a joker kept in its group needs none.
    """
    kept = {joker.column for joker in roles.jokers if joker.kind is MeldKind.GROUP}
    return [column not in kept for column in range(columns)]


def any_room(ctx: Context, table: Counts) -> JokerRoom | None:
    """Where a table joker may stand in some reading of the table (``None``: anywhere)."""
    every = readings(ctx.table, ctx.grid, ctx.edition)
    rooms = [fates_room(ctx, roles, table) for roles in every]
    if None in rooms:
        return None
    runs = [
        [any(cells) for cells in zip(*columns, strict=True)]
        for columns in zip(*(room[0] for room in rooms if room), strict=True)
    ]
    groups = [any(numbers) for numbers in zip(*(room[1] for room in rooms if room), strict=True)]
    return runs, groups


def barred(roles: Roles, kept: Sequence[TableJoker], columns: int, rows: int) -> Barred:
    """Where no joker stands in the plays of a fate keeping ``kept``: not in a freed one's role.

    A play with a joker in the role of a joker the fate frees (the same run cell, or a group
    of that number) keeps as many jokers in it as before: the referee pairs the two, so the
    freed one was not retrieved, and the play is one of a fate keeping more jokers. That holds
    for every plain joker, from the table or the rack, so the fate's plays keep out of those
    places. Not for a coloured joker: it is not the plain one it stands beside, and the referee
    does not pair the two (in ``k2 j jo``, the rack's ``jr`` may take the place of ``j``, which
    then joins ``j jk k3``).
    """
    left = Counter(j.identity for j in kept)
    runs = [[True] * rows for _ in range(columns)]
    groups = [True] * columns
    for joker in roles.jokers:
        if left[joker.identity]:
            left[joker.identity] -= 1
        elif joker.kind is MeldKind.RUN:
            runs[joker.column][joker.row] = False
        else:
            groups[joker.column] = False
    return tuple(map(tuple, runs)), tuple(groups)


def keeps_out(melds: Sequence[Meld], places: Barred | None, grid: Grid, edition: Edition) -> bool:
    """Whether no joker of ``melds`` stands, in any reading, where ``places`` bar one."""
    if places is None:
        return True
    runs, groups = places
    for roles in readings(Table(tuple(m for m in melds if m.jokers)), grid, edition):
        for joker in roles.jokers:
            if joker.kind is MeldKind.RUN and not runs[joker.column][joker.row]:
                return False
            if joker.kind is MeldKind.GROUP and not groups[joker.column]:
                return False
    return True


def within(room: JokerRoom | None, other: JokerRoom) -> JokerRoom:
    """The places both rooms let a joker stand in (``None``: anywhere)."""
    if room is None:
        return other
    runs = [
        [a and b for a, b in zip(mine, theirs, strict=True)]
        for mine, theirs in zip(room[0], other[0], strict=True)
    ]
    return runs, [a and b for a, b in zip(room[1], other[1], strict=True)]


def hosts_room(edition: Edition, stock: Stock, freed: int) -> JokerRoom | None:
    """Where the ``freed`` jokers still to place after some hosts may stand (``None``: anywhere).

    Each goes into a host holding tiles of the rack left. Not with loose jokers that no host
    need take.
    """
    if edition.freed_joker_rack_tiles < 1 or stock.all_loose or stock.all_rack_jokers:
        return None
    return _held(stock.rack, stock.table, stock.run_pins, freed)


def _held(rack: Counts, table: Counts, pins: Counts, jokers: int) -> JokerRoom:
    """The places of a run holding a rack tile, and the groups of the numbers ``rack`` holds.

    A joker at one number and a rack tile at another share a run only if every number between
    them is filled, by a tile of the colour (``table``, ``rack``, a kept joker of ``pins``) or
    by one of the other ``jokers - 1``.
    """
    columns = len(rack)
    runs = [[False] * len(rack[0]) for _ in range(columns)]
    for row in range(len(rack[0])):
        filled = [rack[n][row] + table[n][row] + pins[n][row] > 0 for n in range(columns)]
        for held in (n for n in range(columns) if rack[n][row]):
            runs[held][row] = True
            for way in (range(held - 1, -1, -1), range(held + 1, columns)):
                gaps = 0
                for n in way:
                    runs[n][row] = True
                    gaps += not filled[n]
                    if gaps >= jokers:
                        break
    return runs, [any(column) for column in rack]
