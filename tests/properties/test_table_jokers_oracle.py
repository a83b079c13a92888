"""The matchings and flows of RULES.md 4.5 agree with brute force on small cases.

The referee answers "is this meld new?" and "can the freed jokers land with their rack tiles?" by
a matching and a maximum flow. Here both are checked against an enumeration of every story on
inputs small enough to enumerate: every way the melds before may continue as melds after, every
way the left-over jokers may be freed, from the rack or paired, every way the rack copies may lie.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rummikub_rules import CLASSIC, JOKER, Edition, Meld, Table, Tile, TileSet
from rummikub_rules.turns._facts import TurnFacts
from rummikub_rules.turns._landing import Landing
from rummikub_rules.turns._table_jokers import TableJokers
from tests.depth import examples

#: A small universe of tiles (k1 to k4), so that copies collide often.
TILES = [Tile.from_index(i) for i in range(4)]


def _new_by_brute_force(before: list[list[int]], after: list[list[int]], landing: int) -> bool:
    """Every way the melds before may continue (one meld after each, holding all its tiles by
    value, no meld after twice): the meld ``landing`` is new when a largest way leaves it out."""
    holds = [
        [j for j, there in enumerate(after) if not Counter(meld) - Counter(there)] + [None]
        for meld in before
        if meld
    ]
    ways = [
        [j for j in way if j is not None]
        for way in itertools.product(*holds)
        if len([j for j in way if j is not None]) == len({j for j in way if j is not None})
    ]
    most = max(len(way) for way in ways)
    return any(landing not in way for way in ways if len(way) == most)


melds_of_small_tiles = st.lists(
    st.lists(st.integers(0, 3), min_size=0, max_size=3), min_size=1, max_size=4
)


@settings(max_examples=examples(500))  # a cheap brute force: five times the profile
@given(melds_of_small_tiles, melds_of_small_tiles, st.data())
def test_a_meld_is_new_exactly_when_some_largest_continuation_leaves_it_out(
    before: list[list[int]], after: list[list[int]], data: st.DataObject
) -> None:
    for meld in (*before, *after):
        meld.sort()
    counts = Counter(t for meld in (*before, *after) for t in meld)
    if max(counts.values(), default=0) > 6:
        return  # keep the enumeration small
    landing = data.draw(st.integers(0, len(after) - 1))
    facts = TurnFacts(
        Table(Meld([TILES[t] for t in meld]) for meld in before),
        (),
        Table(Meld([TILES[t] for t in meld]) for meld in after),
        True,
        _edition(),
    )
    expected = _new_by_brute_force(before, after, landing)
    assert TableJokers(facts).is_new(landing) == expected


def _edition() -> Edition:
    return CLASSIC.evolve(tile_set=TileSet(copies=4, jokers=8))


# -- landing -------------------------------------------------------------------------------------

#: A role is (the joker's kind, what it stands for); two kinds: the plain joker and one coloured.
Role = tuple[int, int]


def _lands_by_brute_force(
    spare: Mapping[Role, int],
    per_meld: Mapping[int, Mapping[Role, int]],
    counts: Mapping[int, Mapping[int, int]],
    rack: Mapping[int, int],
    freed: Mapping[int, int],
    rack_jokers: Mapping[int, int],
    melds: list[int],
    need: int,
) -> bool:
    if not sum(freed.values()):
        return True
    kinds = sorted({role[0] for role in spare} | set(freed))
    cells = [(m, r) for m in per_meld for r in per_meld[m]]
    for left in itertools.product(*(range(per_meld[m][r] + 1) for m, r in cells)):
        by_role: Counter[Role] = Counter()
        for (_, r), n in zip(cells, left, strict=True):
            by_role[r] += n
        if any(by_role[r] != spare[r] for r in spare):
            continue
        room: Counter[tuple[int, int]] = Counter()
        for (m, r), n in zip(cells, left, strict=True):
            room[m, r[0]] += n
        slots = [(m, k) for m in per_meld for k in kinds]
        for free in itertools.product(*(range(room[m, k] + 1) for m, k in slots)):
            placed = Counter(dict(zip(slots, free, strict=True)))
            if any(sum(placed[m, k] for m in per_meld) != freed.get(k, 0) for k in kinds):
                continue
            if any(placed[m, k] and m not in melds for m, k in slots):
                continue
            targets = [m for m in per_meld if any(placed[m, k] for k in kinds)]
            spare_room = {(m, k): room[m, k] - placed[m, k] for m, k in slots}
            if _rack_tiles_suffice(targets, spare_room, kinds, counts, rack, rack_jokers, need):
                return True
    return False


def _rack_tiles_suffice(
    targets: list[int],
    spare_room: Mapping[tuple[int, int], int],
    kinds: list[int],
    counts: Mapping[int, Mapping[int, int]],
    rack: Mapping[int, int],
    rack_jokers: Mapping[int, int],
    need: int,
) -> bool:
    copies = [(t, k) for t, n in rack.items() for k in range(n)]
    choices = [[None, *(m for m in targets if counts[m].get(t, 0))] for t, _ in copies]
    cells = [(m, k) for m in targets for k in kinds]
    for where in itertools.product(*choices):
        per_tile = Counter((m, t) for m, (t, _) in zip(where, copies, strict=True) if m is not None)
        if any(n > counts[m].get(t, 0) for (m, t), n in per_tile.items()):
            continue
        numbered = Counter(m for m in where if m is not None)
        short = {m: max(0, need - numbered[m]) for m in targets}
        for use in itertools.product(*(range(spare_room[c] + 1) for c in cells)):
            used = dict(zip(cells, use, strict=True))
            if any(sum(used[m, k] for m in targets) > rack_jokers.get(k, 0) for k in kinds):
                continue
            if all(sum(used[m, k] for k in kinds) >= short[m] for m in targets):
                return True
    return False


class LandingProblem(NamedTuple):
    spare: dict[Role, int]
    per_meld: dict[int, dict[Role, int]]
    counts: dict[int, dict[int, int]]
    rack: dict[int, int]
    freed: dict[int, int]
    rack_jokers: dict[int, int]
    allowed: list[int]
    need: int


#: The two kinds of joker the problems draw: the plain joker and the red coloured joker.
_PLAIN = JOKER.index
_RED = Tile.joker("r").index
KINDS = (_PLAIN, _RED)


@st.composite
def landing_problems(draw: st.DrawFn) -> LandingProblem:
    kinds = KINDS[: draw(st.integers(1, 2))]
    roles = [(k, r) for k in kinds for r in range(draw(st.integers(1, 2)))]
    per_meld: dict[int, dict[Role, int]] = {}
    for m in range(draw(st.integers(1, 3))):
        cell = {r: n for r in roles if (n := draw(st.integers(0, 2)))}
        if cell:
            per_meld[m] = cell
    totals: Counter[Role] = Counter()
    for cell in per_meld.values():
        totals.update(cell)
    spare = {r: n for r in sorted(totals) if (n := draw(st.integers(0, totals[r])))}
    per_meld = {m: {r: n for r, n in c.items() if r in spare} for m, c in per_meld.items()}
    per_meld = {m: c for m, c in per_meld.items() if c}
    freed, rack_jokers = {}, {}
    for kind in kinds:
        left = sum(n for r, n in spare.items() if r[0] == kind)
        freed[kind] = draw(st.integers(0, left))
        rack_jokers[kind] = draw(st.integers(0, left - freed[kind]))
    counts = {m: dict(Counter(draw(st.lists(st.integers(10, 12), max_size=3)))) for m in per_meld}
    rack = {t: n for t in (10, 11, 12) if (n := draw(st.integers(0, 2)))}
    allowed = sorted(m for m in per_meld if draw(st.booleans()))
    need = draw(st.integers(0, 2))
    return LandingProblem(spare, per_meld, counts, rack, freed, rack_jokers, allowed, need)


@settings(max_examples=examples(1000))  # cheap, and the odd cases are rare
@given(landing_problems())
@example(  # two hosts want the one rack r10 (index 10): only one of them may be used
    LandingProblem(
        {(_PLAIN, 0): 3},
        {0: {(_PLAIN, 0): 2}, 1: {(_PLAIN, 0): 1}},
        {0: {10: 1}, 1: {10: 1}},
        {10: 1},
        {_PLAIN: 2},
        {_PLAIN: 0},
        [0, 1],
        1,
    )
)
@example(  # a freed jr lands only on a jr's place: the plain joker's place beside it will not do
    LandingProblem(
        {(_PLAIN, 0): 1, (_RED, 0): 1},
        {0: {(_PLAIN, 0): 1}, 1: {(_RED, 0): 1}},
        {0: {10: 2}, 1: {}},
        {10: 2},
        {_RED: 1},
        {_PLAIN: 0},
        [0, 1],
        1,
    )
)
def test_freed_jokers_land_exactly_when_some_assignment_works(problem: LandingProblem) -> None:
    landing = Landing(
        problem.spare,
        problem.per_meld,
        problem.counts.__getitem__,
        problem.rack,
        problem.freed,
        problem.rack_jokers,
    )
    assert landing.possible(problem.allowed, problem.need) == _lands_by_brute_force(*problem)
