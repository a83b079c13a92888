"""What the table before says to the search: its jokers' roles, claims and containers (private).

Rules section 4.5 in grid terms. Each joker of the table before has a *role* under the reading
of its meld: a cell of a run or a column of groups (:class:`TableJoker`). A meld whose kind is not
declared and reads both ways (``r5 j j``) is read either way (:func:`readings`: the player gets
the most favourable); a joker in a meld with no valid reading has no role and may go anywhere.
:func:`locked` gives the claims of ``joker_melds_extend_only``; and a
:class:`TableJoker` knows the tiles that must take its place under ``joker_retrieval = replace``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from rummikub_rules.editions import Edition, GroupJokerReplacement
from rummikub_rules.melds import Meld, MeldKind, Reading, Table
from rummikub_rules.solver._grid import Grid
from rummikub_rules.solver._groups import GroupClaim
from rummikub_rules.solver._runs import ANY, NUMBERED, Claim
from rummikub_rules.tiles import JOKER

__all__ = [
    "Roles",
    "TableJoker",
    "claim_parts",
    "locked",
    "readings",
    "renumbered",
    "run_columns",
]


@attrs.frozen
class TableJoker:
    """A joker of the table before and its role under the chosen reading.

    A run joker stands at ``cell`` (column, row); a group joker in the groups of ``column``,
    ``missing`` listing the rows it may stand for (those its group lacks, where colours must
    differ). ``meld`` is the index of its meld before.
    """

    meld: int
    kind: MeldKind
    column: int
    row: int = -1
    missing: tuple[int, ...] = ()
    #: Under ``group_joker_replacement = both``: how many missing colours must take its place.
    wanted: int = 1
    #: The row of a coloured joker's colour (``-1``: a plain joker). A coloured group joker
    #: stands for its colour's tile: ``missing`` is that row alone.
    color: int = -1

    @property
    def identity(self) -> tuple[object, ...]:
        """Jokers with the same identity are interchangeable (the same role and demands)."""
        return (self.kind, self.column, self.row, self.missing, self.wanted, self.meld, self.color)


@attrs.frozen
class Roles:
    """The table's jokers under one reading of its melds: those with a role, and the others."""

    jokers: tuple[TableJoker, ...]
    roleless: int
    choice: tuple[Reading | None, ...]
    #: How many of the jokers without a role are coloured, per row of their colour.
    roleless_colored: tuple[int, ...] = ()


def readings(table: Table, grid: Grid, edition: Edition) -> Iterator[Roles]:
    """Every reading of the table's melds that hold jokers (most tables have one)."""
    options = [
        meld.readings(edition) or (None,) if meld.jokers else (None,) for meld in table.melds
    ]
    for choice in itertools.product(*options):
        jokers: list[TableJoker] = []
        roleless = 0
        tinted = [0] * grid.rows
        for index, (meld, reading) in enumerate(zip(table.melds, choice, strict=True)):
            if not meld.jokers:
                continue
            if reading is None:
                roleless += meld.jokers
                for tile in meld.tiles:
                    if tile.is_colored_joker:
                        tinted[grid.color_row[tile.color]] += 1
                continue
            jokers.extend(_roles(index, meld, reading, grid, edition))
        yield Roles(tuple(jokers), roleless, choice, tuple(tinted))


def _roles(
    index: int, meld: Meld, reading: Reading, grid: Grid, edition: Edition
) -> Iterator[TableJoker]:
    if reading.kind is MeldKind.RUN:
        columns = run_columns(grid, reading)
        row = grid.color_row[reading.color]
        for tile, column in zip(meld.tiles, columns, strict=True):
            if tile.number is None:
                tint = row if tile.is_colored_joker else -1
                yield TableJoker(index, MeldKind.RUN, column, row, color=tint)
        return
    assert reading.number is not None
    column = grid.number_column[reading.number]
    plain = [o for o, t in zip(reading.stands_for, meld.tiles, strict=True) if t == JOKER]
    missing: tuple[int, ...] = ()
    wanted = 1
    if plain:
        missing = tuple(sorted(grid.color_row[t.color] for t in plain[0]))
        both = edition.group_joker_replacement is GroupJokerReplacement.BOTH
        # Under ``both``, every colour the group lacks, but those its other jokers stand for.
        lacking = sum(1 for t in plain[0] if t not in meld.tiles)
        wanted = max(1, lacking - (meld.jokers - 1)) if both else 1
    for tile in meld.tiles:
        if tile.is_colored_joker:
            # The tile of its colour alone frees it (under ``both`` too).
            row = grid.color_row[tile.color]
            yield TableJoker(index, MeldKind.GROUP, column, missing=(row,), color=row)
        elif tile.number is None:
            yield TableJoker(index, MeldKind.GROUP, column, missing=missing, wanted=wanted)


def run_columns(grid: Grid, reading: Reading) -> list[int]:
    """The grid column of each tile of a run reading (a 1 after the top goes high)."""
    lowest = grid.tile_set.numbers[0]
    columns = []
    for position, options in enumerate(reading.stands_for):
        number = options[0].number
        assert number is not None
        column = grid.number_column[number]
        if grid.high and position and number == lowest:
            column = grid.columns - 1
        columns.append(column)
    return columns


def locked(
    table: Table, roles: Roles, grid: Grid
) -> tuple[list[Claim], list[tuple[int, GroupClaim]]]:
    """The claims of ``joker_melds_extend_only``: each meld holding a joker stands extended.

    A run's numbered tiles stay at their cells and each joker's cell holds a joker or the tile
    it stands for (any tile may stand there: ``ANY``); a group's colours stay together in a
    group at least as big. Returns run claims and (column, group claim) pairs.
    """
    runs: list[Claim] = []
    groups: list[tuple[int, GroupClaim]] = []
    for index, (meld, reading) in enumerate(zip(table.melds, roles.choice, strict=True)):
        if not meld.jokers or reading is None:
            continue
        if reading.kind is MeldKind.RUN:
            columns = run_columns(grid, reading)
            demands = [NUMBERED if t.number is not None else ANY for t in meld.tiles]
            runs.extend(
                claim_parts(
                    grid, grid.color_row[reading.color], columns, demands, len(runs), meld=index
                )
            )
        else:
            assert reading.number is not None
            rows = Counter(grid.color_row[t.color] for t in meld.tiles if t.number is not None)
            tinted = Counter(grid.color_row[t.color] for t in meld.tiles if t.is_colored_joker)
            claim = GroupClaim(
                tuple(rows[r] for r in range(grid.rows)),
                len(meld.tiles),
                colored=tuple(tinted[r] for r in range(grid.rows)) if tinted else (),
            )
            groups.append((grid.number_column[reading.number], claim))
    return runs, groups


def claim_parts(
    grid: Grid,
    row: int,
    columns: Sequence[int],
    demands: Sequence[int],
    base: int = 0,
    *,
    meld: int = -1,
    shared: bool = False,
) -> list[Claim]:
    """A run claim as the search carries it, in one part or two.

    One part, or under ``full`` a tail and a head when it goes round (``base`` is the index
    the first part will have).
    """
    for at in range(1, len(columns)):
        if columns[at] < columns[at - 1]:
            tail = Claim(
                row, tuple(columns[:at]), tuple(demands[:at]), tail=True, partner=base + 1,
                meld=meld, shared=shared,
            )  # fmt: skip
            head = Claim(
                row, tuple(columns[at:]), tuple(demands[at:]), head=True, partner=base,
                meld=meld, shared=shared,
            )  # fmt: skip
            return [tail, head]
    return [Claim(row, tuple(columns), tuple(demands), meld=meld, shared=shared)]


def renumbered(claims: Sequence[Claim], dropped: set[int]) -> tuple[Claim, ...]:
    """``claims`` without those at ``dropped`` (a part drops with its partner), partners fixed."""
    keep = [i for i in range(len(claims)) if i not in dropped]
    new = {old: at for at, old in enumerate(keep)}
    return tuple(
        attrs.evolve(claims[i], partner=new[claims[i].partner] if claims[i].partner >= 0 else -1)
        for i in keep
    )
