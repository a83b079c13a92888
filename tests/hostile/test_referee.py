"""Hostile input to the turn referee: every call answers within a budget of work, with a verdict
or a ``RummikubError``, never a hang (issue 9).

Each reproducer of issue 9 that reaches ``check_turn`` or ``GameState.apply(Play)`` is here, and
the attacks found beyond them: the largest searches still allowed inside the size bounds (eight
jokers in two-way melds, eight freed jokers, locked melds, a contested opening), an endless rack,
oversized melds and the reading cache. The budget counts the referee's searches (issue 18):
readings of two-way melds judged, matchings run for table jokers, steps of the opening search;
input refused as too large is refused before any of them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    Edition,
    GameState,
    InputTooLargeError,
    Meld,
    Play,
    RummikubError,
    Table,
    Tile,
    TileSet,
    Verdict,
    check_turn,
    parse_table,
    parse_tiles,
)
from rummikub_rules.melds import _read
from rummikub_rules.turns._rack_melds import SEARCH_LIMIT
from tests.hostile._work import Work
from tests.hostile._work import answer as counted_answer

T = TypeVar("T")

#: The most readings of two-way melds a turn may judge: four on each table, two readings each.
READINGS = 2**8
#: The most matchings the referee may run for the jokers on the table, over all readings: a few
#: a reading (at most 36 a turn measured here), where enumerating the stories of eight jokers
#: would run thousands.
MATCHINGS = 1_000


def answer(call: Callable[[], T]) -> T | RummikubError:
    """``call()``'s answer or the ``RummikubError`` it raised, within the referee's budget."""
    result, work = counted_answer(call)
    within_budget(work)
    return result


def refused(call: Callable[[], object]) -> bool:
    """Whether ``call()`` is refused as too large before the referee searches anything."""
    result, work = counted_answer(call)
    assert work.referee == work.solver == 0, f"{work} before refusing"
    return isinstance(result, InputTooLargeError)


def within_budget(work: Work) -> None:
    """Fail the test if the referee's searches went past their bounds (or asked the solver)."""
    assert work.readings <= READINGS, work
    assert work.matchings <= MATCHINGS, work
    assert work.opening <= SEARCH_LIMIT, work
    assert work.solver == 0, work


#: A custom set with the most copies and jokers a tile set may have.
BIGGEST = TileSet(copies=4, jokers=8)


def turn(
    before: str, rack: str, after: str, *, opened: bool = True, edition: Edition = CLASSIC
) -> Callable[[], Verdict]:
    b, r, a = parse_table(before), parse_tiles(rack), parse_table(after)
    return lambda: check_turn(b, r, a, opened=opened, edition=edition)


def played_in_a_game(after: str) -> Callable[[], Verdict]:
    """The same table offered as a Play to a game in progress: refused, by a verdict or error."""
    state = GameState.new(2, seed=9)
    table = parse_table(after)

    def play() -> Verdict:
        state.apply(Play(table))
        raise AssertionError("a hostile play was accepted")

    return play


# -- issue 9's reproducers -----------------------------------------------------------------------


def test_twelve_ambiguous_joker_melds() -> None:
    after = " | ".join(["r1 j j"] * 12)
    assert refused(turn("", "r1 j j", after, opened=False))
    assert isinstance(answer(played_in_a_game(after)), RummikubError)


def test_an_opening_with_each_meld_listed_fourteen_times() -> None:
    melds = ["k10 r10 b10", "r1 r2 r3", "b11 b12 b13", "k5 k6 k7"]
    after = " | ".join(m for m in melds for _ in range(14))
    rack = " ".join(melds)
    assert refused(turn("", rack, after, opened=False))
    assert isinstance(answer(played_in_a_game(after)), RummikubError)


def test_a_thousand_valid_melds_from_an_unopened_player() -> None:
    after = " | ".join(["k1 k2 k3"] * 1000)
    assert refused(turn("", "k1 k2 k3", after, opened=False))


@pytest.mark.parametrize("before", ["r1 j r3", " | ".join(["r1 j r3"] * 4000)])
def test_four_thousand_joker_runs(before: str) -> None:
    after = " | ".join(["r1 j r3"] * 3999 + ["r1 r2 r3 j"])
    assert refused(turn(before, "r2 r1 j r3", after))


def test_too_many_jokers_for_any_tile_set() -> None:
    """Issue 9 moved 11 of 22 table jokers; no tile set holds more than eight."""
    made = answer(lambda: check_turn(Table(), (), Table(), opened=True, edition=_jokers(22)))
    assert isinstance(made, RummikubError)


def _jokers(count: int) -> Edition:
    return CLASSIC.evolve(tile_set=TileSet(jokers=count))


def test_a_legal_turn_moving_four_of_eight_table_jokers() -> None:
    before = "r1 j r3 | b1 j b3 | k1 j k3 | o1 j o3 | r5 j r7 | b5 j b7 | k5 j k7 | o5 j o7"
    after = (
        "r1 r2 r3 | b1 b2 b3 | k1 k2 k3 | o1 o2 o3 | r5 j r7 | b5 j b7 | k5 j k7 | o5 j o7"
        " | k9 r9 j j | j j b11 b12"
    )
    verdict = answer(turn(before, "r2 b2 k2 o2 k9 r9 b11 b12", after, edition=_jokers(8)))
    assert isinstance(verdict, Verdict)
    assert verdict.ok, verdict
    assert verdict.retrieved_jokers == 4


@pytest.mark.parametrize("removed", [True, False])
def test_eight_locked_joker_melds(removed: bool) -> None:
    sabra = EDITIONS["sabra-1978"].evolve(tile_set=BIGGEST)
    melds = ["r1 j r3"] * 4 + ["b1 j b3"] * 4
    after = melds[:7] + (["b1 b3 | j k9 k10"] if removed else ["b1 j b3 b4"])
    rack = "k9 k10" if removed else "b4"
    verdict = answer(turn(" | ".join(melds), rack, " | ".join(after), edition=sabra))
    assert isinstance(verdict, Verdict)
    assert verdict.ok != removed


# -- the largest searches inside the bounds ------------------------------------------------------


def test_eight_jokers_in_two_way_melds_on_both_tables() -> None:
    """Four two-way melds before and after: 256 readings, every one illegal."""
    edition = CLASSIC.evolve(tile_set=BIGGEST)
    verdict = answer(
        turn(
            "r5 j j | b5 j j | k5 j j | o5 j j",
            "r6 b6 k6 o6",
            "r5 r6 j j | b5 b6 j j | k5 k6 j j | o5 o6 j j",
            edition=edition,
        )
    )
    assert isinstance(verdict, Verdict)
    assert not verdict.ok


@pytest.mark.parametrize("need", [1, 2, 3])
def test_eight_freed_jokers_landing_in_eight_melds(need: int) -> None:
    edition = CLASSIC.evolve(tile_set=BIGGEST, freed_joker_rack_tiles=need)
    before = " | ".join(f"{c}{n} j {c}{n + 2}" for c in "krbo" for n in (1, 6))
    fixed = " | ".join(f"{c}{n} {c}{n + 1} {c}{n + 2}" for c in "krbo" for n in (1, 6))
    rack = " ".join(f"{c}{n + 1}" for c in "krbo" for n in (1, 6))
    land = " | ".join(f"{c}11 {c}12 j | j {c}12 {c}13" for c in "krbo")
    rack += " " + " ".join(f"{c}11 {c}12 {c}12 {c}13" for c in "krbo")
    verdict = answer(turn(before, rack, f"{fixed} | {land}", edition=edition))
    assert isinstance(verdict, Verdict)
    assert verdict.retrieved_jokers == 8
    assert verdict.ok == (need <= 2)


def test_eight_group_jokers_freed_under_both_colors() -> None:
    edition = EDITIONS["us-1980"].evolve(tile_set=BIGGEST)
    groups = [
        "k5 r5 j",
        "k5 b5 j",
        "k5 o5 j",
        "r5 b5 j",
        "r5 o5 j",
        "b5 o5 j",
        "k5 r5 j",
        "b5 o5 j",
    ]
    after = " | ".join(g.replace(" j", "") for g in groups[:4]) + " | k1 k2 j j | k3 k4 j j"
    verdict = answer(turn(" | ".join(groups[:4]), "k1 k2 k3 k4", after, edition=edition))
    assert isinstance(verdict, Verdict)
    assert "joker_retrieval_forbidden" in verdict.codes


def test_a_contested_opening_under_opening_may_use_table() -> None:
    """Thirty new melds from an unopened player, each tile wanted twice and laid once: the
    favourable count of rack tiles is searched, within the budget or refused."""
    melds = [
        f"{color}{start} {color}{start + 1} {color}{start + 2}"
        for color, start in itertools.product("krbo", (1, 4, 7, 10))
    ]
    melds.extend(f"k{number} r{number} b{number}" for number in range(1, 13))
    tiles = parse_tiles(" ".join(melds))
    once = sorted(set(tiles))
    twice = [t for t in once if tiles.count(t) > 1]
    edition = EDITIONS["sabra-1978"].evolve(initial_meld_points=10_000)
    call = lambda: check_turn(  # noqa: E731
        Table([Meld(twice)]), once, parse_table(" | ".join(melds)), opened=False, edition=edition
    )
    result = answer(call)
    assert isinstance(result, Verdict | InputTooLargeError)


# -- other attacks -------------------------------------------------------------------------------


def test_an_endless_rack_is_refused() -> None:
    endless = itertools.repeat(Tile.from_index(0))
    assert refused(lambda: check_turn(Table(), endless, Table(), opened=True))


def test_empty_melds_beyond_the_set_are_refused() -> None:
    melds = Table([Meld(())] * 107)
    assert refused(lambda: check_turn(Table(), (), melds, opened=True))


def test_a_meld_of_the_whole_set_gets_a_short_message() -> None:
    everything = CLASSIC.tile_set.all_tiles()
    verdict = answer(
        lambda: check_turn(Table(), everything, Table([Meld(everything)]), opened=True)
    )
    assert isinstance(verdict, Verdict)
    assert all(len(v.message) < 400 for v in verdict.violations)


def test_long_melds_are_never_cached() -> None:
    before = _read.cache_info()
    for start in range(150):
        meld = Meld([Tile.from_index((start + i) % 52) for i in range(2000)])
        assert answer(lambda meld=meld: meld.readings(CLASSIC)) == ()  # type: ignore[misc]
    after = _read.cache_info()
    assert (after.currsize, after.misses) == (before.currsize, before.misses)  # never read


def test_a_meld_remembers_few_editions() -> None:
    meld = parse_table("r1 r2 r3").melds[0]
    for points in range(100):
        meld.readings(CLASSIC.evolve(initial_meld_points=points))
    assert len(meld._memo) <= 8


def test_many_jokers_on_the_rack_are_refused() -> None:
    rack = [JOKER] * 9
    assert refused(lambda: check_turn(Table(), rack, Table(), opened=True))


# -- a fuzz at the bounds ------------------------------------------------------------------------


@st.composite
def crowded_turns(draw: st.DrawFn) -> tuple[Table, list[Tile], Table, bool, Edition]:
    """Turns whose tiles add up (so the reading search runs), near the bounds, heavy in jokers:
    the table before and the tiles laid are cut into melds at random, jokers kept together."""
    edition = draw(st.sampled_from(list(EDITIONS.values()))).evolve(tile_set=BIGGEST)
    tiles = list(draw(st.permutations(BIGGEST.all_tiles()))[:90])
    before_tiles, rack = tiles[:60], tiles[60:]
    laid = draw(st.lists(st.sampled_from(range(len(rack))), unique=True))

    def cut(pile: list[Tile]) -> Table:
        pile = sorted(pile, key=lambda t: (t.is_joker, draw(st.integers(0, 3))))
        cuts = sorted(draw(st.lists(st.integers(1, max(1, len(pile) - 1)), unique=True)))
        return Table(
            Meld(pile[a:b]) for a, b in zip([0, *cuts], [*cuts, len(pile)], strict=True) if a < b
        )

    after = cut([*before_tiles, *(rack[i] for i in laid)])
    return cut(before_tiles), rack, after, draw(st.booleans()), edition


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(crowded_turns())
def test_random_crowded_turns_answer_in_time(
    case: tuple[Table, list[Tile], Table, bool, Edition],
) -> None:
    before, rack, after, opened, edition = case
    result = answer(lambda: check_turn(before, rack, after, opened=opened, edition=edition))
    assert isinstance(result, Verdict)


@pytest.mark.parametrize(
    ("rack", "points"),
    [
        ("whole set", 10_000),  # every tile laid, the threshold out of reach: the exact search
        ("low tiles", 30),  # 27 low tiles laid, most in no meld of their own
        ("whole set", 30),
    ],
)
def test_a_big_rack_opening_on_the_table_under_sabra_1978(rack: str, points: int) -> None:
    """Under ``opening_may_use_table`` the rack tiles laid are split into melds of their own: a
    search, answered within its count of steps or refused, however many tiles are laid."""
    edition = EDITIONS["sabra-1978"].evolve(initial_meld_points=points)
    if rack == "whole set":
        tiles = edition.tile_set.all_tiles()
        after = Table([Meld(tiles[i : i + 13]) for i in range(0, 104, 13)] + [Meld(tiles[104:])])
    else:
        tiles = parse_tiles(
            "k1 r1 b2 o2 k3 r3 b4 o4 k1 r2 b3 o1 k2 r4 b1 o3 k5 r6 b5 o6 k7 r7 b7 o5 k6 r5 b6"
        )
        after = Table([Meld(tiles)])
    before = Table() if rack == "whole set" else Table([Meld(parse_tiles("k8 k9 k10"))])
    after = Table([*before.melds, *after.melds])
    result, work = counted_answer(
        lambda: check_turn(before, tiles, after, opened=False, edition=edition)
    )
    within_budget(work)
    assert isinstance(result, Verdict | InputTooLargeError)
    assert work.opening > 0, work
