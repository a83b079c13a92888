"""The group accumulator of one number, for the fast search (private).

Inside a number the fast search takes the colours one by one; how many tiles each gave to
groups is folded into a small accumulator ``(total, widest)``, which says whether they split
into valid groups (with the jokers the number's groups may take).
"""

from __future__ import annotations

from rummikub_rules.solver._color_tables import group_charge

__all__ = ["GroupTable", "group_table"]

#: Joker units no number's groups can be given: more than any search holds.
_NEVER = 1 << 20


class GroupTable:
    """The group accumulator of one number: ids for (total tiles, widest colour) and their rules.

    ``after[acc][g]`` adds a colour giving ``g`` tiles. ``fits[acc][w]`` says whether the tiles
    and ``w`` jokers split into groups of 3..``colours`` tiles: ``k`` groups take ``total``
    numbered tiles and the jokers when the widest colour has at most ``k`` tiles, every group
    gets a numbered tile (``k <= total``) and ``3k <= total + w <= colours * k``. Before the
    number is over, ``viable`` says whether it still may with the kept jokers alone, and
    ``needs`` how many jokers more it takes at least.
    """

    def __init__(self, colors: int, copies: int, jokers: int) -> None:
        self.width = copies + 1
        top = colors * copies
        count = (top + 1) * self.width
        self.bits = max(1, (count - 1).bit_length())
        # Tuples of integers and booleans: kept for the process, and the garbage collector stops
        # tracking them (see ``_color_tables.ColorTable``).
        self.after = tuple(
            tuple(self._id(min(top, t + g), max(w, g)) for g in range(copies + 1))
            for t in range(top + 1)
            for w in range(self.width)
        )
        self.fits = tuple(
            tuple(
                (t == 0 and j == 0)
                or any(3 * k <= t + j <= colors * k for k in range(max(w, 1), t + 1))
                for j in range(jokers + 1)
            )
            for t in range(top + 1)
            for w in range(self.width)
        )
        #: ``with_jokers[w]``: whether each accumulator fits with ``w`` jokers.
        self.with_jokers = tuple(tuple(fits[w] for fits in self.fits) for w in range(jokers + 1))
        self._viable: dict[tuple[tuple[int, ...], int, int], tuple[tuple[bool, ...], ...]] = {}
        self._needs: dict[tuple[tuple[int, ...], int, int, int, int], tuple[tuple[int, ...], ...]]
        self._needs = {}
        #: Per number of kept jokers, :meth:`_least`'s answer.
        self._fewest: dict[int, tuple[tuple[int, ...], int]] = {}

    def viable(
        self, caps: tuple[int, ...], pinned: int, least: int = 0
    ) -> tuple[tuple[bool, ...], ...]:
        """Per colour ``c``: which accumulators may still fit once ``c`` has given its tiles.

        The colours after it give at most ``caps`` tiles each, and the groups hold the number's
        ``pinned`` table jokers and no other: a search with no joker left to place. With
        ``least``, the groups hold that many tiles and jokers at least.
        """
        found = self._viable.get((caps, pinned, least))
        if found is None:
            fits = self.with_jokers[pinned]
            if least:
                fits = tuple(
                    fit and self.total(acc) + pinned >= least for acc, fit in enumerate(fits)
                )
            rows = [fits]
            for cap in reversed(caps[1:]):
                later = rows[0]
                rows.insert(
                    0, tuple(any(later[row[g]] for g in range(cap + 1)) for row in self.after)
                )
            found = self._viable[caps, pinned, least] = tuple(rows)
        return found

    def needs(
        self, caps: tuple[int, ...], pinned: int, share: int, jokers: int, unit: int
    ) -> tuple[tuple[int, ...], ...]:
        """Per colour ``c``: the joker units each accumulator's groups need beyond the charges.

        Once ``c`` has given its tiles, the colours after it give at most ``caps`` tiles each,
        and a colour giving ``g`` is charged ``group_charge(share, g)`` units in its colour table
        (:func:`._relax.group_shares`). The groups hold the number's ``pinned`` table jokers and
        at most ``jokers`` more, ``unit`` units each. Whatever the later colours give, the
        groups' jokers cover their charges and at least this many units more, so a search may
        keep those from the bound of the colours' runs. Negative where the charges may cover
        it all; :data:`_NEVER` or more where no jokers fit the groups.
        """
        least, most = self._least(pinned)
        later_caps = caps[1:]
        # What cannot change the rows is left out of their key: the first colour's cap, jokers
        # beyond the most any accumulator needs, a charge no later colour may be charged.
        key = (later_caps, pinned, share if any(later_caps) else 0, min(jokers, most), unit)
        found = self._needs.get(key)
        if found is None:
            rows = [tuple(unit * n if n <= jokers else _NEVER for n in least)]
            for cap in reversed(later_caps):
                later = rows[0]
                if cap == 0:
                    rows.insert(0, tuple(later[row[0]] for row in self.after))
                    continue
                charges = [group_charge(share, g) for g in range(cap + 1)]
                rows.insert(
                    0,
                    tuple(
                        min(later[row[g]] - charges[g] for g in range(cap + 1))
                        for row in self.after
                    ),
                )
            found = self._needs[key] = tuple(rows)
        return found

    def _least(self, pinned: int) -> tuple[tuple[int, ...], int]:
        """Per accumulator, the fewest jokers that fit it beside ``pinned`` kept ones.

        :data:`_NEVER` where none do; and the most of them that is not :data:`_NEVER`.
        """
        found = self._fewest.get(pinned)
        if found is None:
            least = tuple(
                next((j for j, fit in enumerate(fits[pinned:]) if fit), _NEVER)
                for fits in self.fits
            )
            found = self._fewest[pinned] = (least, max((n for n in least if n < _NEVER), default=0))
        return found

    def total(self, acc: int) -> int:
        """The tiles an accumulator holds in all."""
        return acc // self.width

    def _id(self, total: int, widest: int) -> int:
        return total * self.width + widest


_KEPT: dict[tuple[int, int, int], GroupTable] = {}


def group_table(colors: int, copies: int, jokers: int) -> GroupTable:
    """The :class:`GroupTable` of these sizes, built once per process."""
    key = (colors, copies, jokers)
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = GroupTable(colors, copies, jokers)
    return found
