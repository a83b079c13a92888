"""Positions with coloured jokers and jokers on the table, solved through the plain-joker plan.

(With no joker on the table, the plan's general search counts the rack's jokers by kind.)

A coloured joker stands for one tile of its colour wherever it lies (rules section 2), so it can
do whatever a plain joker can do there and no more: read as plain jokers, the coloured jokers of
a position give a *relaxation* (every legal play is one of its plays, rules section 4.5 included:
a plain joker is kept wherever a coloured one would be). The plan solves positions in stages:

1. **Relaxed.** Every coloured joker read as a plain one (the tile set's jokers made plain). No
   relaxed play: nothing is legal. Else the coloured jokers are put back in the relaxed best
   play where their colours fit (:func:`_recoloured`); a play the referee accepts scores the
   bound and is the answer.
2. **Roles.** Else each rack coloured joker gets a role: it stays on the rack, or it stands for
   one tile of its colour, a numbered *stand-in* the play must lay (a coloured joker in a meld
   is its tile and nothing else). Each assignment is solved by the plan with its stand-ins (the
   table's coloured jokers still read as plain), its best play recoloured and judged, best
   bound first, until a play reaches the bound or every assignment is done. A stand-in is a
   relaxation of its joker too (it also makes melds of jokers alone, tops a cap, counts in an
   opening whatever ``joker_in_initial_meld`` says), so an assignment whose best play the
   referee refuses leaves its score as an open bound: the answer is proven only when the best
   play found reaches every open bound.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final, Protocol

import attrs

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, Table
from rummikub_rules.solver._context import Laid
from rummikub_rules.solver._grid import Objective, weights
from rummikub_rules.solver._verify import legal
from rummikub_rules.tiles import JOKER, MAX_COPIES, Tile

__all__ = ["has_colored_jokers", "solve_colored"]

#: Recolourings of one relaxed play judged by the referee before it is given up (each is a
#: full check; the colours fit or not long before this in practice).
_TRIES: Final = 64


def has_colored_jokers(table: Table, rack: Sequence[Tile]) -> bool:
    """Whether the position holds a coloured joker, on the table or the rack."""
    return any(t.is_colored_joker for t in rack) or any(
        t.is_colored_joker for m in table.melds for t in m.tiles
    )


class InnerResult(Protocol):
    """What the plain-joker plan answers: its best play and whether it is proven best."""

    @property
    def play(self) -> Play | None: ...

    @property
    def proven(self) -> bool: ...


class InnerSolve(Protocol):
    """The plain-joker plan, on a position without coloured jokers (the budget is its own)."""

    def __call__(
        self,
        table: Table,
        rack: tuple[Tile, ...],
        *,
        opened: bool,
        edition: Edition,
        objective: Objective,
        first: bool,
        laid: Laid | None,
    ) -> InnerResult: ...


def solve_colored(
    inner: InnerSolve,
    table: Table,
    rack: tuple[Tile, ...],
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    first: bool,
    laid: Laid | None,
) -> Outcome:
    """Solve a position holding coloured jokers with the plain-joker plan ``inner``."""
    return _Solver(
        inner, table, rack, opened=opened, edition=edition, objective=objective, first=first,
        laid=laid,
    ).solve()  # fmt: skip


@attrs.frozen
class Outcome:
    """What one stage found: the play, whether proven best, and its score on the full rack.

    ``gap``: unproven though the budget held, because an open bound is left (stage 2).
    """

    play: Play | None
    proven: bool
    score: int
    gap: bool = False


class _Solver:
    """One position with coloured jokers (see the module docstring)."""

    def __init__(
        self,
        inner: InnerSolve,
        table: Table,
        rack: tuple[Tile, ...],
        *,
        opened: bool,
        edition: Edition,
        objective: Objective,
        first: bool,
        laid: Laid | None,
    ) -> None:
        self.inner = inner
        self.table = table
        self.rack = rack
        self.opened = opened
        self.edition = edition
        self.objective = objective
        self.first = first
        self.laid = laid or {}
        tile_set = edition.tile_set
        # Room for the stand-ins too: a coloured joker may stand for a tile of every copy. A
        # set cannot hold more than MAX_COPIES of a tile; an assignment needing more is left
        # out, and the answer then unproven (``_fits``).
        plain_set = attrs.evolve(
            tile_set,
            jokers=tile_set.total_jokers,
            colored_jokers=0,
            copies=min(MAX_COPIES, tile_set.copies + tile_set.colored_jokers),
        )
        self.room = plain_set.copies
        self.relaxed = edition.evolve(name=edition.name, tile_set=plain_set)
        self.plain_table = Table(
            Meld([JOKER if t.is_joker else t for t in m.tiles], m.kind) for m in table.melds
        )
        self.table_jokers = Counter(t for t in table.tiles if t.is_joker)
        self.kept_table, self.kept_stand_ins = _kept(table, edition)
        numbers = tuple(tile_set.numbers)
        self.tile_weights, self.joker_weight = weights(
            numbers, rack, objective, edition.joker_penalty
        )
        self.weight_of = dict(zip(numbers, self.tile_weights, strict=True))

    # -- the stages ----------------------------------------------------------------------------

    def solve(self) -> Outcome:
        """Stage 1, then stage 2 where the relaxed best play does not fit the colours."""
        rack_jokers = Counter(t for t in self.rack if t.is_joker)
        plain_rack = tuple(JOKER if t.is_joker else t for t in self.rack)
        relaxed = self._inner(plain_rack, self._joker_bounds(rack_jokers), Counter())
        if relaxed.play is None:
            return Outcome(None, relaxed.proven, 0)
        recoloured = self._recolour(relaxed.play.after, rack_jokers, Counter())
        if recoloured is not None:
            return Outcome(Play(recoloured), relaxed.proven, self._score(recoloured))
        return self._by_roles(relaxed)

    def _by_roles(self, relaxed: InnerResult) -> Outcome:
        """Stage 2: each rack coloured joker kept or standing for one tile of its colour."""
        assert relaxed.play is not None
        bound = self._score(relaxed.play.after) if relaxed.proven else None
        best: tuple[int, Table] | None = None
        proven = relaxed.proven
        open_bounds: list[int] = []
        plain_jokers = Counter({JOKER: sum(1 for t in self.rack if t == JOKER)})
        numbered = tuple(t for t in self.rack if not t.is_joker)
        for stand_ins in self._roles():
            if bound is not None and best is not None and best[0] >= bound:
                break
            rack = (*numbered, *([JOKER] * plain_jokers[JOKER]), *stand_ins.elements())
            if not self._fits(stand_ins, self.plain_table):
                proven = False
                continue
            extra = self._stand_in_bounds(stand_ins)
            if extra is None:
                continue
            found = self._inner(rack, {**self._joker_bounds(plain_jokers), **extra}, stand_ins)
            proven = proven and found.proven
            if found.play is None:
                if not found.proven:
                    break  # the budget ran out
                continue
            after = self._recolour(found.play.after, plain_jokers, stand_ins)
            if after is None and self.kept_stand_ins:
                after = self._kept_play(rack, {**self._joker_bounds(plain_jokers), **extra},
                                        plain_jokers, stand_ins)  # fmt: skip
            if after is None or self._score(after) < self._score(found.play.after, stand_ins):
                open_bounds.append(self._score(found.play.after, stand_ins))
            if after is None:
                continue
            score = self._score(after)
            if best is None or score > best[0]:
                best = (score, after)
            if self.first:
                break
            if not found.proven:
                break  # the budget ran out
        if best is None:
            return Outcome(None, proven and not open_bounds, 0, proven and bool(open_bounds))
        closed = all(b <= best[0] for b in open_bounds)
        return Outcome(Play(best[1]), proven and closed, best[0], proven and not closed)

    def _roles(self) -> Iterator[Counter[Tile]]:
        """Every assignment of the rack's coloured jokers to stand-ins, most stand-ins first.

        Listed lazily, one number of stand-ins at a time: a rack of many coloured jokers has
        more assignments than any budget reaches (each is a solve, charged to the budget).
        """
        numbers = tuple(self.edition.tile_set.numbers)
        have = Counter(t.color for t in self.rack if t.is_colored_joker)
        colors = sorted(have, key=str)
        for total in range(sum(have.values()), -1, -1):
            for sizes in itertools.product(*(range(have[c] + 1) for c in colors)):
                if sum(sizes) != total:
                    continue
                combos = [itertools.combinations_with_replacement(numbers, size) for size in sizes]
                for parts in itertools.product(*combos):
                    yield Counter(
                        Tile(color, n)
                        for color, part in zip(colors, parts, strict=True)
                        for n in part
                    )

    def _kept_play(
        self,
        rack: tuple[Tile, ...],
        laid: dict[Tile, tuple[int, int]],
        rack_jokers: Counter[Tile],
        stand_ins: Counter[Tile],
    ) -> Table | None:
        """The best play keeping every coloured joker of the table as its tile, recoloured."""
        if not self._fits(stand_ins + self.kept_stand_ins, self.kept_table):
            return None
        found = self._inner(rack, laid, stand_ins, table=self.kept_table)
        if found.play is None:
            return None
        table_jokers = self.table_jokers - _as_jokers(self.kept_stand_ins)
        return self._recolour(
            found.play.after, rack_jokers, stand_ins + self.kept_stand_ins, table_jokers
        )

    def _inner(
        self,
        rack: tuple[Tile, ...],
        laid: dict[Tile, tuple[int, int]],
        stand_ins: Counter[Tile],
        *,
        table: Table | None = None,
    ) -> InnerResult:
        bounds = dict(laid)
        for tile, (low, high) in self.laid.items():
            if not tile.is_joker:
                extra = stand_ins[tile]
                low0, high0 = bounds.get(tile, (0, high + extra))
                bounds[tile] = (max(low0, low + extra), min(high0, high + extra))
        return self.inner(
            self.plain_table if table is None else table, rack, opened=self.opened,
            edition=self.relaxed, objective=self.objective, first=self.first, laid=bounds or None,
        )  # fmt: skip

    def _fits(self, stand_ins: Counter[Tile], table: Table) -> bool:
        """Whether the relaxed set holds every copy the rack, ``table`` and stand-ins need."""
        have = Counter(self.rack) + Counter(table.tiles)
        return all(have[tile] + n <= self.room for tile, n in stand_ins.items())

    def _joker_bounds(self, jokers: Counter[Tile]) -> dict[Tile, tuple[int, int]]:
        """The bounds on plain jokers laid, from the bounds on each kind of joker given."""
        if not any(t.is_joker for t in self.laid):
            return {}
        low = sum(self.laid.get(t, (0, n))[0] for t, n in jokers.items())
        high = sum(self.laid.get(t, (0, n))[1] for t, n in jokers.items())
        return {JOKER: (low, high)}

    def _stand_in_bounds(self, stand_ins: Counter[Tile]) -> dict[Tile, tuple[int, int]] | None:
        """Every stand-in laid (on top of the rack's own copies); ``None``: out of bounds."""
        laid_kind: Counter[Tile] = Counter()
        for tile, n in stand_ins.items():
            laid_kind[Tile.joker(tile.color)] += n
        have = Counter(self.rack)
        for tile in (t for t in have if t.is_colored_joker):
            low, high = self.laid.get(tile, (0, have[tile]))
            if not low <= laid_kind[tile] <= high:
                return None
        bounds = {}
        for tile, n in stand_ins.items():
            own = sum(1 for t in self.rack if t == tile)
            bounds[tile] = (n, n + own)
        return bounds

    # -- putting the colours back --------------------------------------------------------------

    def _recolour(
        self,
        after: Table,
        rack_jokers: Counter[Tile],
        stand_ins: Counter[Tile],
        table_jokers: Counter[Tile] | None = None,
    ) -> Table | None:
        """``after`` with the real jokers in the jokers' places and stand-ins made jokers again.

        The first recolouring the referee accepts (``None``: none within :data:`_TRIES`).
        """
        jokers = self.table_jokers if table_jokers is None else table_jokers
        for tries, table in enumerate(self._recolourings(after, jokers, rack_jokers, stand_ins)):
            if tries >= _TRIES:
                return None
            if self._legal(table):
                return table
        return None

    def _recolourings(
        self,
        after: Table,
        table_jokers: Counter[Tile],
        rack_jokers: Counter[Tile],
        stand_ins: Counter[Tile],
    ) -> Iterator[Table]:
        """Every way to put the position's jokers back in ``after`` that leaves melds valid."""
        melds = list(after.melds)
        available = table_jokers + rack_jokers
        edition = self.edition

        def fill(index: int, left: Counter[Tile], stand: Counter[Tile]) -> Iterator[list[Meld]]:
            if index == len(melds):
                if not stand and all(left[t] <= rack_jokers[t] for t in left):
                    yield []
                return
            meld = melds[index]
            seen: set[Meld] = set()
            for tiles, used, back in _meld_fillings(meld.tiles, left, stand):
                filled = Meld(tiles, meld.kind)
                if filled not in seen and filled.is_valid(edition):
                    seen.add(filled)
                    for rest in fill(index + 1, left - used, stand - back):
                        yield [filled, *rest]

        for found in fill(0, available, stand_ins):
            yield Table(found)

    def _legal(self, after: Table) -> bool:
        if not legal(self.table, self.rack, after, opened=self.opened, edition=self.edition):
            return False
        laid = Counter(after.tiles) - Counter(self.table.tiles)
        return all(low <= laid[t] <= high for t, (low, high) in self.laid.items())

    def _score(self, after: Table, stand_ins: Counter[Tile] | None = None) -> int:
        """The score of a play on the full rack (stand-ins scored as the jokers they are)."""
        stand_ins = stand_ins or Counter()
        numbered = Counter(t for t in after.tiles if not t.is_joker)
        numbered -= Counter(t for t in self.table.tiles if not t.is_joker) + stand_ins
        jokers = sum(1 for t in after.tiles if t.is_joker) - sum(self.table_jokers.values())
        jokers += sum(stand_ins.values())
        return jokers * self.joker_weight + sum(
            n * self.weight_of[t.number] for t, n in numbered.items() if t.number is not None
        )


def _meld_fillings(
    tiles: Sequence[Tile], left: Counter[Tile], stand: Counter[Tile]
) -> Iterator[tuple[list[Tile], Counter[Tile], Counter[Tile]]]:
    """The ways to fill a meld's joker places from ``left`` and turn stand-ins into jokers.

    Each with the jokers it takes from ``left`` and the stand-ins it turns back.
    """
    options: list[list[Tile]] = []
    for tile in tiles:
        if tile.is_joker:
            options.append([t for t in sorted(left, key=str) if left[t]])
        elif stand[tile]:
            options.append([tile, Tile.joker(tile.color)])
        else:
            options.append([tile])
    for choice in itertools.product(*options):
        used = Counter(t for t, o in zip(choice, tiles, strict=True) if o.is_joker)
        back = Counter(o for t, o in zip(choice, tiles, strict=True) if t != o and not o.is_joker)
        if used - left or back - stand:
            continue
        yield list(choice), used, back


def _kept(table: Table, edition: Edition) -> tuple[Table, Counter[Tile]]:
    """The table with each coloured joker replaced by the tile it stands for, and those tiles."""
    melds = []
    stand_ins: Counter[Tile] = Counter()
    for meld in table.melds:
        reading = meld.reading(edition) if meld.jokers else None
        if reading is None or not any(t.is_colored_joker for t in meld.tiles):
            melds.append(meld)
            continue
        tiles = []
        for tile, options in zip(meld.tiles, reading.stands_for, strict=True):
            if tile.is_colored_joker:
                tile = options[0]
                stand_ins[tile] += 1
            tiles.append(tile)
        melds.append(Meld(tiles, meld.kind))
    return Table(melds), stand_ins


def _as_jokers(stand_ins: Counter[Tile]) -> Counter[Tile]:
    """The coloured jokers that stand-ins are."""
    out: Counter[Tile] = Counter()
    for tile, n in stand_ins.items():
        out[Tile.joker(tile.color)] += n
    return out
