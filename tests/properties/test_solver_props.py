"""Property tests for the solver: brute force agrees on small instances; answers are legal;
the fast search (standard meld rules, at most two jokers) agrees with the general engine."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    STANDARD_SET,
    Color,
    Edition,
    JokerInInitialMeld,
    Meld,
    Table,
    Tile,
    TileSet,
    solver,
)
from rummikub_rules.solver import arrange, best_play, initial_meld
from rummikub_rules.turns import check_turn


@st.composite
def small_editions(draw: st.DrawFn) -> Edition:
    colours = draw(st.sampled_from([tuple(Color)[:3], tuple(Color)[1:]]))
    top = draw(st.integers(5, 6))
    tile_set = TileSet(
        colors=colours,
        numbers=range(1, top + 1),
        copies=draw(st.integers(1, 2)),
        jokers=draw(st.integers(0, 2)),
    )
    return CLASSIC.evolve(
        tile_set=tile_set,
        min_players=2,
        deal_size=1,
        run_wrap=draw(st.sampled_from(["none", "one_high", "full"])),
        group_colors_distinct=draw(st.booleans()),
        max_jokers_per_meld=draw(st.sampled_from([None, None, 1])),
        freed_joker_rack_tiles=draw(st.integers(0, 2)),
        joker_retrieval=draw(st.sampled_from(["rearrange", "rearrange", "replace"])),
        initial_meld_points=draw(st.sampled_from([5, 10, 15])),
        joker_in_initial_meld=draw(st.sampled_from(JokerInInitialMeld)),
    )


def run_numbers(edition: Edition, length: int) -> Iterator[list[int]]:
    """The number sequences a run of ``length`` may have under the edition's wrap rule."""
    numbers = list(edition.tile_set.numbers)
    span = len(numbers)
    if length > span:
        return
    for start in range(span):
        seq = [numbers[(start + i) % span] for i in range(length)]
        fits = start + length <= span
        high = edition.run_wrap == "one_high" and start + length == span + 1
        if fits or high or edition.run_wrap == "full":
            yield seq


def candidate_melds(pool: Counter[Tile], edition: Edition) -> Iterator[Meld]:
    """Every valid meld (up to joker placement) made of tiles in ``pool``."""
    tile_set = edition.tile_set
    jokers = pool[JOKER]
    for colour in tile_set.colors:
        for length in range(3, len(tile_set.numbers) + 1):
            for seq in run_numbers(edition, length):
                for mask in itertools.product((False, True), repeat=length):
                    tiles = [
                        JOKER if j else Tile(colour, n) for j, n in zip(mask, seq, strict=True)
                    ]
                    meld = Meld(tiles)
                    if not Counter(tiles) - pool and meld.is_valid(edition):
                        yield meld
    for number in tile_set.numbers:
        naturals = [Tile(c, number) for c in tile_set.colors for _ in range(pool[Tile(c, number)])]
        for size in range(1, len(tile_set.colors) + 1):
            for chosen in set(itertools.combinations(naturals, size)):
                for extra in range(jokers + 1):
                    meld = Meld([*chosen, *([JOKER] * extra)])
                    if len(meld) >= 3 and meld.is_valid(edition):
                        yield meld


def partitions(pool: Counter[Tile], edition: Edition) -> Iterator[list[Meld]]:
    """Every way to split ``pool`` into valid melds (with repeats)."""
    if not +pool:
        yield []
        return
    pivot = min((+pool).elements())
    for meld in candidate_melds(pool, edition):
        if pivot in meld.tiles:
            for rest in partitions(pool - Counter(meld.tiles), edition):
                yield [meld, *rest]


def score(played: Counter[Tile], edition: Edition, objective: str) -> tuple[int, int]:
    tiles = sum(played.values())
    points = sum(t.value for t in played.elements()) + edition.joker_penalty * played[JOKER]
    return (tiles, points) if objective == "tiles" else (points, tiles)


def brute_best(
    table: Table, rack: tuple[Tile, ...], edition: Edition, objective: str, *, opened: bool
) -> tuple[int, int] | None:
    subsets = {
        tuple(sorted(c))
        for size in range(1, len(rack) + 1)
        for c in itertools.combinations(rack, size)
    }
    ranked = sorted(subsets, key=lambda s: score(Counter(s), edition, objective), reverse=True)
    for subset in ranked:
        pool = Counter(subset) if not opened else Counter(table.tiles) + Counter(subset)
        for melds in partitions(pool, edition):
            after = Table(melds) if opened else Table((*table.melds, *melds))
            if check_turn(table, rack, after, opened=opened, edition=edition).ok:
                return score(Counter(subset), edition, objective)
    return None


@st.composite
def valid_meld(draw: st.DrawFn, pool: Counter[Tile], edition: Edition) -> Meld | None:
    options = list(itertools.islice(candidate_melds(pool, edition), 400))
    return draw(st.sampled_from(options)) if options else None


@st.composite
def instances(draw: st.DrawFn, max_rack: int = 3) -> tuple[Edition, Table, tuple[Tile, ...]]:
    edition = draw(small_editions())
    pool = Counter(edition.tile_set.all_tiles())
    melds = []
    for _ in range(draw(st.integers(0, 2))):
        meld = draw(valid_meld(pool, edition))
        if meld is None:
            break
        melds.append(meld)
        pool -= Counter(meld.tiles)
    remaining = sorted(pool.elements())
    rack = draw(st.lists(st.sampled_from(remaining), max_size=max_rack)) if remaining else []
    rack_count = Counter(rack)
    rack = [t for t in rack_count for _ in range(min(rack_count[t], pool[t]))]
    return edition, Table(melds), tuple(rack)


def played_score(
    play_after: Table, table: Table, edition: Edition, objective: str
) -> tuple[int, int]:
    return score(Counter(play_after.tiles) - Counter(table.tiles), edition, objective)


@settings(max_examples=30)
@given(instances(), st.sampled_from(["tiles", "points"]))
def test_best_play_agrees_with_brute_force_when_opened(
    case: tuple[Edition, Table, tuple[Tile, ...]], objective: str
) -> None:
    edition, table, rack = case
    play = best_play(table, rack, opened=True, edition=edition, objective=objective)  # type: ignore[arg-type]
    expected = brute_best(table, rack, edition, objective, opened=True)
    if play is None:
        assert expected is None or not promises_the_best(edition, table, rack)
        return
    verdict = check_turn(table, rack, play.after, opened=True, edition=edition)
    assert verdict.ok, (str(play.after), verdict)
    found = played_score(play.after, table, edition, objective)
    assert expected is not None
    if promises_the_best(edition, table, rack):
        assert found == expected
    else:
        assert found <= expected


def promises_the_best(edition: Edition, table: Table, rack: tuple[Tile, ...]) -> bool:
    """Whether the solver's docs promise the best play here (the exceptions they list)."""
    if edition.joker_retrieval != "rearrange":
        return False  # table jokers keep their roles
    table_jokers = sum(m.jokers for m in table.melds)
    jokers = table_jokers + rack.count(JOKER)
    cap = edition.max_jokers_per_meld
    tracked = (
        (table_jokers and edition.freed_joker_rack_tiles)
        or (cap is not None and jokers > cap)
        or jokers >= 3
    )
    return not (edition.run_wrap == "full" and tracked)


@settings(max_examples=20)
@given(instances(max_rack=5), st.sampled_from(["tiles", "points"]))
def test_initial_meld_agrees_with_brute_force(
    case: tuple[Edition, Table, tuple[Tile, ...]], objective: str
) -> None:
    edition, table, rack = case
    play = best_play(table, rack, opened=False, edition=edition, objective=objective)  # type: ignore[arg-type]
    expected = brute_best(table, rack, edition, objective, opened=False)
    if play is None:
        assert expected is None
        return
    assert check_turn(table, rack, play.after, opened=False, edition=edition).ok
    assert played_score(play.after, table, edition, objective) == expected


@given(instances(max_rack=0))
def test_arrange_succeeds_on_any_valid_table(case: tuple[Edition, Table, tuple[Tile, ...]]) -> None:
    edition, table, _ = case
    arranged = arrange(table.tiles, edition=edition)
    assert arranged is not None
    assert Counter(arranged.tiles) == Counter(table.tiles)
    assert arranged.is_valid(edition)


@given(instances(max_rack=0), st.data())
def test_arrange_fails_after_removing_a_tile_exactly_when_brute_force_does(
    case: tuple[Edition, Table, tuple[Tile, ...]], data: st.DataObject
) -> None:
    edition, table, _ = case
    minimal = Table(m for m in table.melds if len(m) == 3)
    if not minimal:
        return
    tiles = list(minimal.tiles)
    del tiles[data.draw(st.integers(0, len(tiles) - 1))]
    arranged = arrange(tiles, edition=edition)
    possible = next(partitions(Counter(tiles), edition), None) is not None
    assert (arranged is not None) == possible


# -- the fast search against the general engine ----------------------------------------------

#: Freed table jokers may go to any meld, or need a rack tile in theirs (checked, else general);
#: or table jokers keep their roles (``replace``, as the general engine plays it).
JOKER_EDITIONS = (CLASSIC.evolve(freed_joker_rack_tiles=0), CLASSIC, EDITIONS["pl-2026"])


@st.composite
def standard_cases(
    draw: st.DrawFn, *, max_melds: int, max_rack: int, jokers: int
) -> tuple[Table, tuple[Tile, ...]]:
    """A table of random runs and groups of the standard set (up to ``jokers`` jokers standing
    in them, at most one a meld) and a rack from the rest (with any jokers left)."""
    pool = Counter(t for t in STANDARD_SET.all_tiles() if t != JOKER)
    melds, left = [], jokers
    for _ in range(draw(st.integers(0, max_melds))):
        if draw(st.booleans()):
            colour = draw(st.sampled_from(list(Color)))
            length = draw(st.integers(3, 6))
            start = draw(st.integers(1, 14 - length))
            tiles = [Tile(colour, n) for n in range(start, start + length)]
        else:
            number = draw(st.integers(1, 13))
            colours = draw(
                st.lists(st.sampled_from(list(Color)), min_size=3, max_size=4, unique=True)
            )
            tiles = [Tile(c, number) for c in colours]
        if Counter(tiles) - pool:
            continue
        pool -= Counter(tiles)
        if left and draw(st.booleans()):
            at = draw(st.integers(0, len(tiles) - 1))
            pool[tiles[at]] += 1
            tiles[at] = JOKER
            left -= 1
        melds.append(Meld(tiles))
    rack = draw(st.lists(st.sampled_from(sorted(pool.elements())), max_size=max_rack))
    rack = [t for t, n in Counter(rack).items() for _ in range(min(n, pool[t]))]
    return Table(melds), (*rack, *[JOKER] * draw(st.integers(0, left)))


def general(call: object, *args: object, **kwargs: object) -> object:
    """``call`` with the fast search switched off: the general engine answers."""
    with mock.patch.object(solver, "_fast", return_value=False):
        return call(*args, **kwargs)  # type: ignore[operator]


def assert_same_best_play(
    table: Table, rack: tuple[Tile, ...], edition: Edition, objective: str
) -> None:
    fast = best_play(table, rack, opened=True, edition=edition, objective=objective)  # type: ignore[arg-type]
    slow = general(best_play, table, rack, opened=True, edition=edition, objective=objective)
    assert (fast is None) == (slow is None)
    if fast is None or slow is None:
        return
    assert isinstance(slow, type(fast))
    for play in (fast, slow):
        verdict = check_turn(table, rack, play.after, opened=True, edition=edition)
        assert verdict.ok, (str(play.after), verdict)
    assert played_score(fast.after, table, edition, objective) == played_score(
        slow.after, table, edition, objective
    )


@settings(max_examples=60)
@given(standard_cases(max_melds=6, max_rack=8, jokers=0), st.sampled_from(["tiles", "points"]))
def test_fast_search_agrees_with_the_general_engine_without_jokers(
    case: tuple[Table, tuple[Tile, ...]], objective: str
) -> None:
    assert_same_best_play(*case, CLASSIC, objective)


@settings(max_examples=40)
@given(
    standard_cases(max_melds=4, max_rack=6, jokers=2),
    st.sampled_from(JOKER_EDITIONS),
    st.sampled_from(["tiles", "points"]),
)
def test_fast_search_agrees_with_the_general_engine_with_jokers(
    case: tuple[Table, tuple[Tile, ...]], edition: Edition, objective: str
) -> None:
    assert_same_best_play(*case, edition, objective)


@settings(max_examples=40)
@given(
    standard_cases(max_melds=0, max_rack=10, jokers=2),
    st.sampled_from([CLASSIC, EDITIONS["ua-wiki"]]),
    st.sampled_from(["tiles", "points"]),
)
def test_fast_initial_meld_agrees_with_the_general_engine(
    case: tuple[Table, tuple[Tile, ...]], edition: Edition, objective: str
) -> None:
    _, rack = case
    fast = initial_meld(rack, edition=edition, objective=objective)  # type: ignore[arg-type]
    slow = general(initial_meld, rack, edition=edition, objective=objective)
    assert (fast is None) == (slow is None)
    if fast is None or not isinstance(slow, Table):
        return
    for opening in (fast, slow):
        assert check_turn(Table(), rack, opening, opened=False, edition=edition).ok
    assert score(Counter(fast.tiles), edition, objective) == score(
        Counter(slow.tiles), edition, objective
    )


@settings(max_examples=40)
@given(standard_cases(max_melds=5, max_rack=0, jokers=2), st.data())
def test_fast_arrange_agrees_with_the_general_engine(
    case: tuple[Table, tuple[Tile, ...]], data: st.DataObject
) -> None:
    tiles = list(case[0].tiles)
    if data.draw(st.booleans()) and tiles:
        del tiles[data.draw(st.integers(0, len(tiles) - 1))]
    fast = arrange(tiles)
    assert (fast is None) == (general(arrange, tiles) is None)
    if fast is not None:
        assert Counter(fast.tiles) == Counter(tiles)
        assert fast.is_valid(CLASSIC)


@settings(max_examples=10)
@given(standard_cases(max_melds=16, max_rack=14, jokers=2), st.sampled_from(JOKER_EDITIONS))
def test_fast_search_answers_full_tables_legally(
    case: tuple[Table, tuple[Tile, ...]], edition: Edition
) -> None:
    table, rack = case
    play = best_play(table, rack, opened=True, edition=edition)
    if play is not None:
        assert check_turn(table, rack, play.after, opened=True, edition=edition).ok
