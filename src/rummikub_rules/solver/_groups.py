"""Groups of one number: splitting the tiles a search gives to groups into valid groups (private).

Inside a column the general search lets each colour give some of its tiles to groups; after the
last colour it adds jokers and asks :meth:`GroupRules.feasible` whether everything given splits
into valid groups (:meth:`GroupRules.arrange` says how). A group has 3 to ``size`` tiles, at
least one numbered tile, at most one tile per colour when colours must differ, at most ``cap``
jokers; each *claim* (a group of the table before that must stand extended, or whose joker was
replaced in place) needs a group of its own holding its colours and at least its size; where
freed table jokers owe rack tiles (``owe``), a group holding one holds that many rack tiles
(numbered or jokers).

What the search keeps of a colour's gift is its *share*: ``(table tiles, rack tiles)``. Where no
rule looks at colours or rack tiles, the column's shares fold into ``(total, widest)``, which
decides the split as well (see :meth:`GroupRules.fold`). A coloured joker joins as its colour's
tile (a member with its row and a joker's kind): it takes that colour's place, and counts as a
joker for the cap and for the numbered tile every group needs.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import attrs

from rummikub_rules.solver._runs import IS_NUMBERED, LOOSE, PIN, RACK, RACK_JOKER, TABLE

__all__ = ["GroupClaim", "GroupRules", "Member"]

#: One tile of a group: (row, kind) for a numbered tile (kind ``TABLE`` or ``RACK``), (-1, kind)
#: for a plain joker (kind ``PIN``, ``LOOSE`` or ``RACK_JOKER``), (row, kind) with a joker's
#: kind for a coloured joker standing as that row's tile.
Member = tuple[int, int]

_JOKER_KINDS = (PIN, LOOSE, RACK_JOKER)


@attrs.frozen
class GroupClaim:
    """A group of the table before that must stand on in a group after.

    ``rows`` are its colours (a count per row), ``size`` the fewest tiles that group may have.
    A locked meld (``joker_melds_extend_only``) needs a group of its own; a joker replaced in
    place (``shared``) only needs some group holding its colours, which other claims may share.
    ``colored`` counts a locked meld's coloured jokers per row: each stays in its group, or its
    tile takes its place (a tile of its row beyond ``rows``), as the referee wants.
    """

    rows: tuple[int, ...]
    size: int
    shared: bool = False
    colored: tuple[int, ...] = ()


@attrs.frozen
class GroupRules:
    """The rules groups of one number follow (see the module docstring)."""

    size: int
    distinct: bool = True
    cap: int | None = None
    claims: tuple[GroupClaim, ...] = ()
    #: Whether coloured jokers may join (they take their colour's place: shares stay per row).
    colored: bool = False
    #: Rack tiles a group holding a freed (``LOOSE``) joker must hold (0: none owed).
    owe: int = 0

    @property
    def detailed(self) -> bool:
        """Whether the split needs each colour's share (else the folded shares decide)."""
        return bool(self.claims) or self.cap is not None or self.colored or self.owe > 0

    def fold(self, shares: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        """The shares as the search keeps them: per row, or folded to (total, widest)."""
        if self.detailed:
            return tuple(shares)
        counts = [t + r for t, r in shares]
        total = sum(counts)
        return ((total, max(counts, default=0) if self.distinct else 0),)

    def tiles(self, folded: tuple[tuple[int, int], ...]) -> int:
        """How many numbered tiles the folded shares hold."""
        if self.detailed:
            return sum(table + rack for table, rack in folded)
        return folded[0][0] if folded else 0

    def rack_tiles(self, folded: tuple[tuple[int, int], ...]) -> int:
        """How many rack tiles the folded shares may hold (all of them, once folded)."""
        if self.detailed:
            return sum(rack for _, rack in folded)
        return folded[0][0] if folded else 0

    def feasible(
        self,
        folded: tuple[tuple[int, int], ...],
        jokers: tuple[int, int, int],
        colored: tuple[Member, ...] = (),
    ) -> bool:
        """Whether the folded shares and ``jokers`` split into valid groups.

        ``jokers`` counts the pinned, loose and rack plain jokers joining, ``colored`` lists the
        coloured jokers joining (as members).
        """
        if not self.detailed:
            ((total, widest),) = folded
            return self._count(total, widest, sum(jokers)) is not None
        return self._first_split(list(folded), jokers, colored) is not None

    def arrange(
        self,
        shares: Sequence[tuple[int, int]],
        jokers: tuple[int, int, int],
        colored: tuple[Member, ...] = (),
    ) -> list[list[Member]]:
        """A valid split of each colour's share and the jokers into groups.

        The shares are per row, as laid; the split must exist (:meth:`feasible` said so).
        """
        if not self.detailed:
            counts = [t + r for t, r in shares]
            groups = self._count(sum(counts), max(counts, default=0), sum(jokers))
            assert groups is not None
            dealt = _deal(shares, jokers, groups)
            if self._valid(dealt):
                return [list(g) for g in dealt]
        found = self._first_split(list(shares), jokers, colored)
        assert found is not None
        return found

    def _count(self, total: int, widest: int, jokers: int) -> int | None:
        """How many groups numbered tiles and jokers make, when no rule looks further.

        The tiles are ``total`` numbered tiles (no colour more than ``widest``) and ``jokers``
        jokers; ``None`` if they make none.

        ``k`` groups work when each gets a numbered tile (``k <= total``), no colour repeats
        (``widest <= k``), sizes fit (``3k <= total + jokers <= size * k``) and the jokers
        spread within the cap.
        """
        if total == 0:
            return 0 if jokers == 0 else None
        low = max(1, widest if self.distinct else 1)
        for groups in range(low, total + 1):
            size = total + jokers
            if 3 * groups <= size <= self.size * groups and (
                self.cap is None or jokers <= self.cap * groups
            ):
                return groups
        return None

    def _first_split(
        self,
        shares: list[tuple[int, int]],
        jokers: tuple[int, int, int],
        colored: tuple[Member, ...] = (),
    ) -> list[list[Member]] | None:
        """The first valid split found, by trying every split (facts apply); ``None`` if none.

        Coloured jokers are spread with the numbered tiles (each has its colour's place).
        """
        naturals = [
            (row, kind)
            for row, (table, rack) in enumerate(shares)
            for kind, count in ((TABLE, table), (RACK, rack))
            for _ in range(count)
        ]
        total = len(naturals) + sum(jokers) + len(colored)
        if total == 0:
            return None if self.claims else []
        if not naturals:
            return None
        placed = [*naturals, *colored]
        for groups in range(max(1, -(-total // self.size)), min(len(naturals), total // 3) + 1):
            for spread in self._spreads(placed, groups):
                for filled in self._with_jokers(spread, jokers):
                    if self._valid(filled):
                        return [list(g) for g in filled]
        return None

    def _spreads(self, naturals: list[Member], groups: int) -> Iterator[list[tuple[Member, ...]]]:
        """Every way (up to the order of groups) to put the numbered tiles into ``groups``."""
        return self._place(naturals, set(), 0, [()] * groups)

    def _place(
        self,
        naturals: list[Member],
        seen: set[tuple[tuple[Member, ...], ...]],
        at: int,
        bins: list[tuple[Member, ...]],
    ) -> Iterator[list[tuple[Member, ...]]]:
        """:meth:`_spreads` from numbered tile ``at`` on, ``seen`` the spreads given so far.

        A method, not a closure calling itself: such a closure is a reference cycle, garbage
        that only the cycle collector frees, one per call.
        """
        if at == len(naturals):
            if all(bins):
                key = tuple(sorted(bins))
                if key not in seen:
                    seen.add(key)
                    yield list(bins)
            return
        member = naturals[at]
        tried: set[tuple[Member, ...]] = set()
        for index, content in enumerate(bins):
            if content in tried:
                continue
            tried.add(content)
            if self.distinct and any(m[0] == member[0] for m in content):
                continue
            if len(content) >= self.size:
                continue
            bins[index] = (*content, member)
            yield from self._place(naturals, seen, at + 1, bins)
            bins[index] = content

    def _with_jokers(
        self, spread: list[tuple[Member, ...]], jokers: tuple[int, int, int]
    ) -> Iterator[list[tuple[Member, ...]]]:
        """Every way to share the jokers among the groups (kinds kept apart)."""
        units = [kind for kind, n in zip(_JOKER_KINDS, jokers, strict=True) for _ in range(n)]
        return self._give(units, 0, list(spread))

    def _give(
        self, units: list[int], at: int, bins: list[tuple[Member, ...]]
    ) -> Iterator[list[tuple[Member, ...]]]:
        """:meth:`_with_jokers` from joker ``at`` of ``units`` (their kinds) on."""
        if at == len(units):
            yield bins
            return
        kind = units[at]
        tried: set[tuple[Member, ...]] = set()
        for index, content in enumerate(bins):
            if content in tried or len(content) >= self.size:
                continue
            # Identical jokers: keep them in order of groups to skip mirrored ways.
            if at and units[at - 1] == kind and index < _last_with(bins, kind):
                continue
            tried.add(content)
            bins[index] = (*content, (-1, kind))
            yield from self._give(units, at + 1, bins)
            bins[index] = content

    def _valid(self, groups: list[tuple[Member, ...]]) -> bool:
        """Whether a set of groups is valid: sizes, a numbered tile each, the cap, the claims."""
        for group in groups:
            if not 3 <= len(group) <= self.size:
                return False
            jokers = sum(1 for _, kind in group if not IS_NUMBERED[kind])
            if jokers == len(group) or (self.cap is not None and jokers > self.cap):
                return False
            if self.owe and _owing(group, self.owe):
                return False
        return not self.claims or self._claims_met(groups)

    def _claims_met(self, groups: list[tuple[Member, ...]]) -> bool:
        """Whether the groups meet every claim.

        Each locked claim needs a group of its own holding its colours, big enough, and each
        shared claim some group holding its colours.
        """
        width = len(self.claims[0].rows)
        counts = []
        for group in groups:
            rows, tinted = [0] * width, [0] * width
            for row, kind in group:
                if IS_NUMBERED[kind]:
                    rows[row] += 1
                elif row >= 0:
                    tinted[row] += 1
            counts.append((rows, tinted, len(group)))

        def holds(claim: GroupClaim, index: int) -> bool:
            rows, tinted, size = counts[index]
            return (
                size >= claim.size
                and all(h >= w for h, w in zip(rows, claim.rows, strict=True))
                and all(
                    joker + have - want >= need
                    for joker, have, want, need in zip(
                        tinted, rows, claim.rows, claim.colored, strict=False
                    )
                )
            )

        shared = [c for c in self.claims if c.shared]
        if not all(any(holds(c, i) for i in range(len(groups))) for c in shared):
            return False
        locked = [c for c in self.claims if not c.shared]
        return any(
            all(holds(c, i) for c, i in zip(locked, order, strict=True))
            for order in itertools.permutations(range(len(groups)), len(locked))
        )


def _owing(group: tuple[Member, ...], owe: int) -> bool:
    """Whether ``group`` holds a freed joker without the ``owe`` rack tiles it needs."""
    return any(kind == LOOSE for _, kind in group) and (
        sum(1 for _, kind in group if kind in (RACK, RACK_JOKER)) < owe
    )


def _deal(
    shares: Sequence[tuple[int, int]], jokers: tuple[int, int, int], groups: int
) -> list[tuple[Member, ...]]:
    """Deal the tiles to ``groups`` groups so that no group repeats a colour.

    The numbered tiles go round-robin, colour by colour, and the jokers to the smallest groups:
    with no colour wider than the number of groups, no group repeats a colour.
    """
    bins: list[list[Member]] = [[] for _ in range(groups)]
    dealt = (
        (row, kind)
        for row, (table, rack) in enumerate(shares)
        for kind, count in ((TABLE, table), (RACK, rack))
        for _ in range(count)
    )
    for index, member in enumerate(dealt):
        bins[index % groups].append(member)
    for kind, count in zip(_JOKER_KINDS, jokers, strict=True):
        for _ in range(count):
            min(bins, key=len).append((-1, kind))
    return [tuple(b) for b in bins]


def _last_with(bins: list[tuple[Member, ...]], kind: int) -> int:
    """The index of the last group holding a joker of ``kind`` (-1 if none)."""
    last = -1
    for index, content in enumerate(bins):
        if any(r < 0 and k == kind for r, k in content):
            last = index
    return last
