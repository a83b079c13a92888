"""The best play found so far in one solve, verified by the referee (private).

Every stage offers its plays to the :class:`Incumbent`; only a play the referee accepts is kept,
and its score is the ``floor`` a later play must beat. Where any legal play will do (``first``),
the first one accepted ends the solve (:class:`Done`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.solver._budget import CHECK
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._verify import refusals
from rummikub_rules.turns import Code, Violation

__all__ = ["Done", "Incumbent", "codes_in_runs"]

#: The fewest tiles of a run :meth:`Incumbent.offer_split` splits: two runs of three.
_SPLIT: Final = 6


class Done(Exception):  # noqa: N818 (an internal signal)
    """A legal play was found and any will do."""


class Incumbent:
    """The best legal play so far and its score (``found``: ``None`` before the first).

    Only a play scoring more than ``least`` is kept: a caller that needs nothing less (the
    regions of ``top_plays``) spares the searches the proof of what it would drop. ``doubt`` is
    set when the referee refuses a play that an exact search called the best of its part of
    the problem: the legal plays of that part below it were never searched, so the solve may
    not call its answer proven (an honest "not proven" rather than a wrong proof).
    """

    __slots__ = ("_last", "context", "doubt", "found", "least")

    def __init__(self, context: Context, least: int = 0) -> None:
        self.context = context
        self.found: tuple[int, Play] | None = None
        self.doubt = False
        self.least = least
        #: The melds last offered and the rules they break (none: legal).
        self._last: tuple[Sequence[Meld], tuple[Violation, ...]] | None = None

    @property
    def floor(self) -> int:
        """The score a play must beat to be kept (``least`` before the first)."""
        return self.least if self.found is None else self.found[0]

    def offer(
        self, melds: Sequence[Meld], *, keep: Sequence[Meld] = (), exact: bool = False
    ) -> int | None:
        """Verify a play (new table: ``keep`` and ``melds``); keep it if it is the best so far.

        Returns its score if legal. Under ``first`` a legal play ends the solve. ``exact``: an
        exact search called it the best of its part, so a refusal sets ``doubt``.
        """
        ctx = self.context
        after = Table((*keep, *melds))
        ctx.budget.count(CHECK)  # counted, never stopping: a play found is always checked
        broken = refusals(ctx.table, ctx.rack, after, opened=ctx.opened, edition=ctx.edition)
        self._last = (melds, broken) if not keep else None
        if broken:
            self.doubt = self.doubt or exact
            return None
        score = self._score(after)
        if score <= 0:
            return None
        if score > self.floor:
            self.found = (score, Play(after))
        if ctx.first:
            raise Done
        return score

    def offer_split(self, melds: Sequence[Meld]) -> int | None:
        """Offer ``melds`` again with a run holding a joker split in two; the score if legal.

        Only where the referee refused them, as last offered, for a freed joker in a meld that
        is not new: a search does not tell a run grown past a number from one closed there and
        another begun, so a run holding an old run whole may be two new ones. Each run of six
        tiles or more holding a joker (longer than any group), split every way into two of
        three or more, until one is legal (``None``: none).
        """
        broken = self.refusals(melds) or ()
        if not any(violation.code is Code.FREED_JOKER_NOT_IN_NEW_MELD for violation in broken):
            return None
        for index, meld in enumerate(melds):
            if not meld.jokers or len(meld.tiles) < _SPLIT:
                continue
            for cut in range(3, len(meld.tiles) - 2):
                parts = (Meld(meld.tiles[:cut]), Meld(meld.tiles[cut:]))
                score = self.offer([*melds[:index], *parts, *melds[index + 1 :]])
                if score is not None:
                    return score
        return None

    def refusals(self, melds: Sequence[Meld]) -> tuple[Violation, ...] | None:
        """The rules ``melds`` broke, if they were the last play offered (without ``keep``).

        So a caller asking why its play was refused needs no second judgement (``None``: it
        was not the last offered).
        """
        if self._last is None or self._last[0] is not melds:
            return None
        return self._last[1]

    def _score(self, after: Table) -> int:
        ctx = self.context
        laid = Counter(after.tiles) - Counter(ctx.table.tiles)
        return sum(
            n * (ctx.joker_weight if t.number is None else ctx.weight_of[t.number])
            for t, n in laid.items()
        )


def codes_in_runs(broken: Iterable[Violation], edition: Edition) -> set[Code]:
    """The codes of the violations naming a meld that may be read as a run.

    A relaxation whose runs owe a freed joker's rack tile, or know the table's old runs, rules
    out those; a play refused for groups alone it would find again.
    """
    return {
        violation.code
        for violation in broken
        if any(
            reading.kind is MeldKind.RUN
            for meld in violation.melds
            for reading in meld.readings(edition)
        )
    }
