"""Rules section 4.4, the initial meld: a reading-dependent check of the referee's pipeline.

A player who has not opened leaves every meld of the table before standing unchanged and lays new
melds made only of rack tiles, worth ``initial_meld_points`` together. What an ambiguous new meld
is worth depends on its reading (``r11 j j``: 36 as a run, 33 as a group), so the check runs once
per reading the search tries; everything else is prepared once per turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.editions import JokerInInitialMeld
from rummikub_rules.errors import InputTooLargeError
from rummikub_rules.melds import Meld, Reading
from rummikub_rules.tiles import Tile
from rummikub_rules.turns._facts import TileCounts, TurnFacts, is_joker_index, tiles_of
from rummikub_rules.turns._verdict import Code, Violation, meld_list, plural

__all__ = ["InitialMeld"]

#: The most steps the search for the best opening may take: far beyond any real table, where it
#: takes a handful. A crafted position that needs more is refused rather than searched.
SEARCH_LIMIT = 50_000


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
        self._best: dict[tuple[int, ...], int] = {}
        self._steps = [0]  # shared by every reading judged: the search's limit is per turn

    def check(self, after_choice: Sequence[Reading | None]) -> list[Violation]:
        """Rules section 4.4 under one reading of the melds of the table after."""
        facts, edition = self.facts, self.facts.edition
        threshold = edition.initial_meld_points
        value = self.value(after_choice) if facts.added else 0
        found = []
        if self.changed and not (edition.opening_may_use_table and value >= threshold):
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
            found.append(
                Violation(
                    Code.INITIAL_MELD_TOO_LOW,
                    f"The initial meld is worth {value} points from the rack; it needs at least "
                    f"{threshold}, laid in this one turn.",
                    tiles=facts.played_tiles(),
                )
            )
        return found

    def value(self, after_choice: Sequence[Reading | None]) -> int:
        """The most points that new melds made only of rack tiles are worth together.

        A joker counts as the tile it stands for under ``joker_in_initial_meld = counts`` and
        for nothing otherwise. Which copies of a tile came from the rack is chosen in the
        player's favour. That choice matters only where table tiles moved into new melds, and
        decides the turn only under ``opening_may_use_table``; elsewhere, and when the turn's
        counts already do not add up (``TurnFacts.settled``), the turn is illegal whatever the
        count, and the melds are simply taken in a fixed order (by their tiles, so that the order
        of the melds on the table never changes a verdict) while the rack tiles last. (With the
        table untouched the two counts agree: every new meld is made of rack tiles.)
        """
        counts_jokers = self.facts.edition.joker_in_initial_meld is JokerInInitialMeld.COUNTS
        melds = self.facts.after.melds
        worth = []
        for index, counts in self.candidates:
            reading = after_choice[index]
            if reading is not None:
                value = reading.value if counts_jokers else _face_value(melds[index])
                worth.append((counts, value))
        facts = self.facts
        if facts.settled or (self.changed and not facts.edition.opening_may_use_table):
            return _first_fit(sorted(worth, key=_fixed_order), facts.played)
        key = tuple(value for _, value in worth)
        found = self._best.get(key)
        if found is None:
            found = self._best[key] = best_value(
                worth, facts.played, self._steps, goal=facts.edition.initial_meld_points
            )
        return found


def best_value(
    candidates: list[tuple[TileCounts, int]],
    budget: TileCounts,
    steps: list[int] | None = None,
    goal: int | None = None,
) -> int:
    """The largest total value of candidate melds whose tiles fit in ``budget`` together.

    With a ``goal``, the search stops once it is reached: the answer is then at least ``goal``
    (and exact below it).

    Only tiles wanted by the candidates in more copies than the budget holds (*contested*) make
    a choice; candidates without one all count. The others are grouped by what they take of the
    contested tiles (fourteen copies of one meld are one choice of how many), split into groups
    that share no contested tile, and searched by branch and bound. ``steps`` counts the search's
    steps across calls; beyond :data:`SEARCH_LIMIT` the position is refused.
    """
    wanted: TileCounts = {}
    for counts, _ in candidates:
        for i, n in counts.items():
            wanted[i] = wanted.get(i, 0) + n
    contested = {i for i, n in wanted.items() if n > budget.get(i, 0)}
    total = 0
    kinds: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for counts, value in candidates:
        key = tuple(sorted((i, n) for i, n in counts.items() if i in contested))
        if key:
            kinds.setdefault(key, []).append(value)
        else:
            total += value
    steps = [0] if steps is None else steps
    for part in _independent_parts(list(kinds)):
        if goal is not None and total >= goal:
            break
        tiles = sorted({i for key in part for i, _ in key})
        search = _PackingSearch(part, kinds, tiles, steps)
        enough = None if goal is None else goal - total
        total += search.best([budget.get(i, 0) for i in tiles], enough)
    return total


class _PackingSearch:
    """Branch and bound: how many melds of each kind to count, kinds sharing contested tiles.

    Kinds are tried most valuable per contested tile first, taking as many melds as fit first;
    a branch is cut as soon as everything left could not beat the best total found.
    """

    def __init__(
        self,
        keys: list[tuple[tuple[int, int], ...]],
        kinds: dict[tuple[tuple[int, int], ...], list[int]],
        tiles: list[int],
        steps: list[int],
    ) -> None:
        position = {i: p for p, i in enumerate(tiles)}
        order = sorted(keys, key=lambda key: -max(kinds[key]) / sum(n for _, n in key))
        self.takes = [tuple((position[i], n) for i, n in key) for key in order]
        self.gains = []
        for key in order:
            values = sorted(kinds[key], reverse=True)
            self.gains.append([sum(values[:k]) for k in range(len(values) + 1)])
        self.rest = [0] * (len(order) + 1)
        for k in range(len(order) - 1, -1, -1):
            self.rest[k] = self.rest[k + 1] + self.gains[k][-1]
        self.steps = steps
        self.found = 0
        self.enough: int | None = None

    def best(self, budget: list[int], enough: int | None) -> int:
        """The best total of the kinds within ``budget`` (or any total reaching ``enough``)."""
        self.found = 0
        self.enough = enough
        self._search(0, budget, 0)
        return self.found

    def _search(self, kind: int, budget: list[int], total: int) -> None:
        self.found = max(self.found, total)
        if kind == len(self.takes) or total + self.rest[kind] <= self.found:
            return
        if self.enough is not None and self.found >= self.enough:
            return
        self.steps[0] += 1
        if self.steps[0] > SEARCH_LIMIT:
            raise InputTooLargeError(
                "ways to count an initial meld's rack tiles", size=self.steps[0], limit=SEARCH_LIMIT
            )
        takes, gains = self.takes[kind], self.gains[kind]
        most = min([len(gains) - 1] + [budget[p] // n for p, n in takes])
        for count in range(most, -1, -1):
            for p, n in takes:
                budget[p] -= n * count
            self._search(kind + 1, budget, total + gains[count])
            for p, n in takes:
                budget[p] += n * count


def _independent_parts(
    keys: list[tuple[tuple[int, int], ...]],
) -> list[list[tuple[tuple[int, int], ...]]]:
    """The kinds split into groups that share no tile (connected parts)."""
    parent = list(range(len(keys)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[int, int] = {}
    for k, key in enumerate(keys):
        for i, _ in key:
            if i in owner:
                parent[root(k)] = root(owner[i])
            else:
                owner[i] = k
    parts: dict[int, list[tuple[tuple[int, int], ...]]] = {}
    for k, key in enumerate(keys):
        parts.setdefault(root(k), []).append(key)
    return list(parts.values())


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
