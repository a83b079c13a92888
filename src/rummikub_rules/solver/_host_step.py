"""Where a host search stands, and what a rest's answer depends on (private).

A :class:`Step` is one state of the host search (:mod:`._host_search`): the stock left, the
hosts laid and what is still owed. :func:`rest_key` says what the answer of the rest after a
step depends on, so that each rest is solved once per solve (:class:`Rest`);
:func:`row_jokers` and :func:`pinned_applies` say how a rest's coloured jokers may be read.
"""

from __future__ import annotations

import attrs

from rummikub_rules.melds import Meld
from rummikub_rules.solver._context import Context, freeze, plus
from rummikub_rules.solver._engines import Colored, Scored
from rummikub_rules.solver._fates import Fate
from rummikub_rules.solver._grid import Counts, Grid
from rummikub_rules.solver._groups import GroupClaim
from rummikub_rules.solver._host_meld import FREED, RACK_JOKER, Host, Stock
from rummikub_rules.solver._room import Barred
from rummikub_rules.solver._runs import Claim

__all__ = ["Rest", "Step", "minus", "pinned_applies", "plus_rows", "rest_key", "row_jokers"]


@attrs.frozen
class Step:
    """Where a host search stands.

    The stock left, the fate, what the play must lay (``demanded``), the hosts laid so far
    (``taken``, scoring ``gained``, laying ``laid`` rack tiles and ``laid_jokers`` rack jokers),
    and the freed jokers still to place.
    """

    stock: Stock
    fate: Fate
    demanded: Counts = attrs.field(eq=False)
    freed: int
    #: The claims still to meet (a host may meet some).
    claims: tuple[Claim, ...] = ()
    group_claims: tuple[tuple[int, GroupClaim], ...] = ()
    taken: tuple[Meld, ...] = ()
    gained: int = 0
    laid: Counts | None = attrs.field(default=None, eq=False)
    laid_jokers: int = 0
    #: The last host laid (its key): further hosts come after it, so each set is tried once.
    after: tuple[object, ...] | None = None
    #: How many of the freed jokers still to place are coloured, and how many coloured rack
    #: jokers the hosts laid, per row of their colour (empty without coloured jokers).
    freed_colored: tuple[int, ...] = ()
    colored_laid: tuple[int, ...] = ()
    #: Where no joker stands in the fate's plays (:func:`._room.barred`; ``None``: anywhere).
    barred: Barred | None = None

    @property
    def colored(self) -> Colored | None:
        """The table's coloured jokers left to the rest (``None``: the position has none)."""
        stock = self.stock
        if not stock.colored_rack:
            return None
        return Colored(stock.colored_loose, stock.colored_run_pins, stock.colored_group_pins)

    def with_host(
        self,
        host: Host,
        score: int,
        grid: Grid,
        claims: tuple[Claim, ...],
        group_claims: tuple[tuple[int, GroupClaim], ...],
    ) -> Step:
        """The step after laying ``host``, which scores ``score``.

        ``claims`` and ``group_claims`` are what is still to meet.
        """
        rest = host.rest(self.stock, grid)
        laid = [
            [a - b for a, b in zip(x, y, strict=True)]
            for x, y in zip(self.stock.rack, rest.rack, strict=True)
        ]
        if self.laid is not None:
            laid = [plus(x, y) for x, y in zip(laid, self.laid, strict=True)]
        demanded = [list(row) for row in self.demanded]
        for (column, row), count in host.demands:
            demanded[column][row] = max(demanded[column][row], count)
        rows = len(self.freed_colored)
        return Step(
            rest,
            self.fate,
            demanded,
            self.freed - host.freed,
            claims,
            group_claims,
            (*self.taken, grid.meld(host.meld)),
            self.gained + score,
            laid,
            self.laid_jokers + self.stock.rack_jokers - rest.rack_jokers,
            host.key,
            minus(self.freed_colored, host.tinted(FREED, rows)),
            plus_rows(self.colored_laid, host.tinted(RACK_JOKER, rows)),
            self.barred,
        )


@attrs.frozen
class Rest:
    """A rest's answer above ``floor``: the best play (``None``: none scores above it).

    A play found is the rest's best, so it answers every floor below its score; ``None``
    answers every floor at least as high.
    """

    floor: int
    found: Scored | None


def rest_key(step: Step, *, relaxed: bool, bound: bool = False) -> tuple[object, ...]:
    """What a rest's answer depends on (the hosts laid before it only through these)."""
    return (
        bound,
        step.stock.key(),
        step.freed if relaxed else -1,
        step.claims,
        step.group_claims,
        freeze(step.demanded),
        None if step.laid is None else freeze(step.laid),
        step.laid_jokers,
        step.freed_colored if relaxed else (),
        step.colored_laid,
        step.barred if relaxed else None,
    )


def minus(have: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    """Per-row counts less those used (empty stays empty)."""
    return tuple(a - b for a, b in zip(have, used, strict=True)) if have else ()


def plus_rows(have: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    """Per-row counts and more (empty stays empty)."""
    return tuple(a + b for a, b in zip(have, more, strict=True)) if have else ()


def row_jokers(step: Step, rows: int) -> list[int]:
    """Per colour, the most jokers of a relaxed rest its runs may take.

    The plain ones and its own coloured ones, counted before any is laid: never fewer than are
    left.
    """
    stock = step.stock
    zeros = (0,) * rows
    freed_colored = step.freed_colored or zeros
    plain = stock.loose + stock.rack_jokers + step.freed - sum(freed_colored)
    loose, rack = stock.colored_loose or zeros, stock.colored_rack or zeros
    return [plain + sum(mine) for mine in zip(loose, rack, freed_colored, strict=True)]


def pinned_applies(ctx: Context, stock: Stock, colored: Colored, relaxed: bool) -> bool:
    """Whether :meth:`._host_search.HostSearch._fast_pinned` may solve a rest.

    The fast search's rules apply and no coloured joker is loose. The rack's coloured jokers
    only in an exact rest whose jokers are all coloured: every joker of its best play must then
    take back a coloured kind, so none of a kept one's roles can go to a plain one.
    """
    jokers = sum(map(sum, stock.run_pins)) + sum(stock.group_pins) + stock.all_rack_jokers
    jokers += sum(map(sum, colored.group_pins)) + stock.all_loose
    if not ctx.fast_rules(jokers) or ctx.laid or any(colored.loose):
        return False
    if not any(stock.colored_rack):
        return True
    plain_pins = sum(map(sum, stock.run_pins)) - sum(map(sum, colored.run_pins))
    return not (relaxed or stock.loose or stock.rack_jokers or plain_pins or sum(stock.group_pins))
