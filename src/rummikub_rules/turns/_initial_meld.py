"""Rules section 4.4, the initial meld: a reading-dependent check of the referee's pipeline.

A player who has not opened leaves every meld of the table before standing unchanged and lays new
melds made only of rack tiles, worth ``initial_meld_points`` together. What an ambiguous new meld
is worth depends on its reading (``r11 j j``: 36 as a run, 33 as a group), so the check runs once
per reading the search tries; everything else is prepared once per turn.

Under ``opening_may_use_table`` the threshold is met when the tiles laid from the rack form
melds worth it on their own, whatever the table after does with them (rules 4.4, revised): that
does not depend on a reading, is searched once per turn (:mod:`._rack_melds`), and once met the
player has opened for the rest of the turn (:attr:`InitialMeld.opens_table`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.editions import JokerInInitialMeld
from rummikub_rules.melds import Meld, Reading
from rummikub_rules.tiles import Tile
from rummikub_rules.turns._facts import TileCounts, TurnFacts, is_joker_index, tiles_of
from rummikub_rules.turns._rack_melds import RackMelds
from rummikub_rules.turns._verdict import Code, Violation, meld_list, plural

__all__ = ["InitialMeld"]


class InitialMeld:
    """The initial meld of one turn (rules section 4.4), prepared once for every reading judged."""

    def __init__(self, facts: TurnFacts) -> None:
        self.facts = facts
        changed, new = unchanged_melds(facts.before.melds, facts.after.melds)
        #: Melds of the table before that do not stand unchanged on the table after.
        self.changed = tuple(changed)
        #: New melds made only of tiles the rack could have laid, as (index, tile counts).
        self.candidates: list[tuple[int, TileCounts]] = []
        for index in new:
            counts: TileCounts = {}
            for tile in facts.after.melds[index].tiles:
                counts[tile.index] = counts.get(tile.index, 0) + 1
            if all(facts.played.get(i, 0) >= n for i, n in counts.items()):
                self.candidates.append((index, counts))
        #: Under ``opening_may_use_table``, the search for the melds of the rack tiles laid.
        self.rack_melds = (
            RackMelds(facts.played, facts.edition) if facts.edition.opening_may_use_table else None
        )
        self._rack_value: int | None = None

    @property
    def opens_table(self) -> bool:
        """Whether the player has opened for the rest of this turn (``opening_may_use_table``).

        So it is when the tiles laid from the rack form melds worth the threshold on their own;
        the table may then be rearranged, and a table joker retrieved, as by an opened player.
        """
        threshold = self.facts.edition.initial_meld_points
        return self.rack_melds is not None and self.rack_value() >= threshold

    def rack_value(self) -> int:
        """What the rack tiles laid are worth in melds of their own (exact below the threshold)."""
        if self._rack_value is None:
            assert self.rack_melds is not None
            self._rack_value = self.rack_melds.best(self.facts.edition.initial_meld_points)
        return self._rack_value

    def check(self, after_choice: Sequence[Reading | None]) -> list[Violation]:
        """Rules section 4.4 under one reading of the melds of the table after."""
        facts, edition = self.facts, self.facts.edition
        threshold = edition.initial_meld_points
        value = self.value(after_choice) if facts.added else 0
        found = []
        if self.changed and not (self.rack_melds is not None and value >= threshold):
            found.append(
                Violation(
                    Code.INITIAL_MELD_USES_TABLE,
                    "Before the initial meld is made, the melds on the table must stay as they "
                    f"are; {meld_list(self.changed)} "
                    f"{plural(len(self.changed), 'was', 'were')} changed.",
                    melds=self.changed,
                )
            )
        jokers = {i: n for i, n in facts.played.items() if is_joker_index(i)}
        if jokers and edition.joker_in_initial_meld is JokerInInitialMeld.FORBIDDEN:
            found.append(
                Violation(
                    Code.JOKER_IN_INITIAL_MELD,
                    "This edition does not allow a joker in the initial meld.",
                    tiles=tiles_of(jokers),
                )
            )
        if facts.added and value < threshold:
            worth = (
                f"The initial meld is worth {value} points from the rack; it"
                if self.rack_melds is None
                else f"The tiles laid from the rack form melds worth {value} points on their "
                "own; the initial meld"
            )
            found.append(
                Violation(
                    Code.INITIAL_MELD_TOO_LOW,
                    f"{worth} needs at least {threshold}, laid in this one turn.",
                    tiles=facts.played_tiles(),
                )
            )
        return found

    def value(self, after_choice: Sequence[Reading | None]) -> int:
        """The points the turn's rack tiles count toward the threshold.

        Under ``opening_may_use_table``: what they are worth in melds of their own
        (:meth:`rack_value`). Otherwise the new melds made only of rack tiles, a joker counting
        as the tile it stands for under ``joker_in_initial_meld = counts`` and for nothing
        otherwise. With the table before standing unchanged and the counts adding up, every
        new meld is made of the rack tiles laid and all count; elsewhere the turn is illegal
        whatever the count, and the melds are simply taken in a fixed order (by their tiles, so
        that the order of the melds on the table never changes a verdict) while the rack tiles
        last.
        """
        if self.rack_melds is not None:
            return self.rack_value()
        counts_jokers = self.facts.edition.joker_in_initial_meld is JokerInInitialMeld.COUNTS
        melds = self.facts.after.melds
        worth = []
        for index, counts in self.candidates:
            reading = after_choice[index]
            if reading is not None:
                value = reading.value if counts_jokers else _face_value(melds[index])
                worth.append((counts, value))
        return _first_fit(sorted(worth, key=_fixed_order), self.facts.played)


def _first_fit(candidates: list[tuple[TileCounts, int]], budget: TileCounts) -> int:
    """Candidates counted in order while their tiles last: no search."""
    left = dict(budget)
    total = 0
    for counts, value in candidates:
        if all(left.get(i, 0) >= n for i, n in counts.items()):
            for i, n in counts.items():
                left[i] -= n
            total += value
    return total


def _fixed_order(candidate: tuple[TileCounts, int]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """An order of candidate melds that depends only on their tiles and value."""
    counts, value = candidate
    return -value, tuple(sorted(counts.items()))


def _face_value(meld: Meld) -> int:
    """A meld's value counting jokers as nothing."""
    return sum(t.value for t in meld.tiles)


def unchanged_melds(before: Sequence[Meld], after: Sequence[Meld]) -> tuple[list[Meld], list[int]]:
    """Pair each meld of ``before`` with an equal meld of ``after``.

    Returns the melds of ``before`` left without a partner (changed) and the indices of the
    melds of ``after`` left without one (new). A meld whose kind is declared on one side only
    still pairs when its tiles read that way: ``group: r5 j j`` stands unchanged as ``r5 j j``.
    """
    waiting: dict[Meld, list[int]] = {}
    for index, meld in enumerate(after):
        waiting.setdefault(meld, []).append(index)
    changed = []
    for meld in before:
        same = waiting.get(meld)
        if same:
            same.pop()
        else:
            changed.append(meld)
    new = sorted(i for indices in waiting.values() for i in indices)
    if not changed or not new:
        return changed, new
    by_tiles: dict[tuple[Tile, ...], list[int]] = {}
    for index in new:
        by_tiles.setdefault(tuple(sorted(after[index].tiles)), []).append(index)
    still_changed = []
    for meld in changed:
        same = by_tiles.get(tuple(sorted(meld.tiles)))
        partner = next((i for i in same or () if _same_but_declared(meld, after[i])), None)
        if partner is None:
            still_changed.append(meld)
        else:
            assert same is not None
            same.remove(partner)
            new.remove(partner)
    return still_changed, new


def _same_but_declared(one: Meld, other: Meld) -> bool:
    """Whether two melds differ only in that one declares a kind its tiles allow."""
    if one.kind is None and other.kind is not None:
        return one.with_kind(other.kind) == other
    if other.kind is None and one.kind is not None:
        return other.with_kind(one.kind) == one
    return False
