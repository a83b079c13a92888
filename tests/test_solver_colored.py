"""The solver with coloured jokers, by example: the shapes the plain-joker plan left unproven.

Each position's answer must be proven best and score what the brute force finds (the brute force
asks the referee of every play). Before the general search counted jokers by kind, the solver
read coloured jokers as plain ones and judged the answers: it proved the first few shapes and
left the others unproven (``best_play`` raised ``SearchLimitExceeded`` well within its budget).
"""

from __future__ import annotations

from collections import Counter

import pytest

from rummikub_rules import (
    EDITIONS,
    Color,
    Edition,
    Table,
    TileSet,
    check_turn,
    parse_table,
    parse_tiles,
)
from rummikub_rules.solver import best_play, can_play, solve, top_plays
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._context import context
from rummikub_rules.solver._grid import grid_of
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._new_runs import END, OTHER, START
from rummikub_rules.solver._position import readings
from rummikub_rules.solver._tinted import TintedSearch, tinted_bound
from rummikub_rules.tiles import Tile
from tests.brute import best_score, score
from tests.hostile._work import counted
from tests.test_solver import _assert_proven_within

EXPERT = EDITIONS["expert"]


def small(colors: str, *, copies: int, jokers: int, colored: int, threshold: int) -> Edition:
    """The expert rules on a small set of numbers 1-7 (as the brute-force properties draw)."""
    by_letter = {"k": Color.BLACK, "r": Color.RED, "b": Color.BLUE, "o": Color.ORANGE}
    tile_set = TileSet(
        colors=[by_letter[c] for c in colors],
        numbers=range(1, 8),
        copies=copies,
        jokers=jokers,
        colored_jokers=colored,
    )
    return EXPERT.evolve(
        name="expert-small", tile_set=tile_set, deal_size=1, initial_meld_points=threshold
    )


#: Jokers freed only by their tiles from the rack, melds holding jokers only extended, a freed
#: joker free to go anywhere (the 1978 rules, on a small mixed set).
LOCKED = small("kro", copies=1, jokers=1, colored=2, threshold=10).evolve(
    joker_retrieval="replace",
    replacement_from="rack",
    joker_melds_extend_only=True,
    freed_joker_new_meld=False,
    freed_joker_rack_tiles=0,
)

#: Positions (table, rack, edition).
SHAPES = [
    ("k5 b5 jr", "r5 r6 r8", EXPERT),  # the group's jr freed by r5, laid in a red run
    ("r5 jr r7", "r6 r9 r10", EXPERT),  # the run's jr freed by r6, laid with r9 r10
    ("r5 r6 jr", "b1 b2 r8", EXPERT),  # a run extended past its jr
    ("j jr r4", "jb r3", small("orb", copies=2, jokers=1, colored=1, threshold=0)),
    # Left unproven by the plain-joker plan:
    ("r5 jr r7", "r6 b1 b2", EXPERT),  # freed by r6, the jr has no red meld to go to
    ("b3 b4 jb", "k1 k2 b5", EXPERT),  # the same at a run's end
    ("k5 b5 jr", "r5 b1 b2", EXPERT),  # the same from a group
    ("", "jb jk jr b1", EXPERT),  # three rack coloured jokers: a group of one tile and two
    ("k3 jo jr", "jk o5", EXPERT),  # a group of one numbered tile and two coloured jokers
    ("o5 jb jk", "jb b1", EXPERT),
    ("jb b4 jb", "jr b5 o5 r3 b3", small("bro", copies=1, jokers=0, colored=2, threshold=20)),
    # A locked meld's plain joker replaced by k3 and laid before it; no jk in its place:
    # j jk k3 jk k5 k6.
    ("j jk k5 k6 | jr r2 jr", "jk jo jo k3", LOCKED),
    # Both table jokers freed into hosts; the rest lays the rack's jb and jk, which the fast
    # search reads as plain jokers and gives back their kinds (its answer with plain jokers
    # left in would be refused, and nothing laid):
    ("k1 b1 jo | k2 b2 jr", "jb jk b3", small("kbor", copies=1, jokers=0, colored=1, threshold=0)),
]


@pytest.mark.parametrize(("table_text", "rack_text", "edition"), SHAPES)
def test_coloured_shapes_are_proven_best(table_text: str, rack_text: str, edition: Edition) -> None:
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    found = solve(table, rack, opened=True, edition=edition)
    if found.play is not None:
        assert check_turn(table, rack, found.play.after, opened=True, edition=edition).ok
    assert found.proven_optimal
    expected = best_score(table, rack, edition, "tiles", opened=True)
    if found.play is None:
        assert expected is None
    else:
        laid = Counter(found.play.after.tiles) - Counter(table.tiles)
        assert score(laid, edition, "tiles") == expected
    assert (best_play(table, rack, opened=True, edition=edition) is None) == (found.play is None)
    assert can_play(table, rack, opened=True, edition=edition) == (found.play is not None)


def test_the_joker_search_bounds_a_plain_joker_freed_beside_a_kept_coloured_one() -> None:
    """``o2 o3 jo o5 j | b4 o4 jk``, rack ``k1 k2``: ``k1 k2 j`` frees the plain joker (``o6``)
    while ``jo`` stays ``o4`` and ``jk`` stays in its group (11 for two tiles).

    The search once laid ``jk`` as ``k3`` first (on its colour's runs a coloured joker does all
    a plain one does), leaving its group no ``jk`` to keep and the plain joker nowhere to go.
    """
    from rummikub_rules.solver._budget import Budget
    from rummikub_rules.solver._context import context
    from rummikub_rules.solver._incumbent import Incumbent
    from rummikub_rules.solver._joker_search import JokerSearch
    from rummikub_rules.solver._position import readings

    tile_set = TileSet(colors="kob", numbers=range(1, 8), copies=1, jokers=1, colored_jokers=1)
    edition = EDITIONS["classic"].evolve(tile_set=tile_set, deal_size=1, initial_meld_points=0)
    table, rack = parse_table("o2 o3 jo o5 j | b4 o4 jk"), parse_tiles("k1 k2")
    answer = solve(table, rack, opened=True, edition=edition)
    assert answer.proven_optimal
    assert answer.play is not None
    assert answer.tiles == 2
    ctx = context(
        table, rack, opened=True, edition=edition, objective="tiles", budget=Budget(10**7),
        fast=False, first=False, laid=None,
    )  # fmt: skip
    best = Incumbent(ctx).offer(answer.play.after.melds)
    counts = ctx.counts(table.tiles)
    assert best is not None
    assert counts is not None
    bounds = [
        JokerSearch(ctx, roles, counts).run(Incumbent(ctx))
        for roles in readings(ctx.table, ctx.grid, ctx.edition)
    ]
    assert max(bounds) >= best


@pytest.mark.parametrize(
    ("table_text", "rack_text", "after"),
    [
        ("b7 jb b9 b10 | k3 r3 b3", "b11", "k3 r3 b3 | b7 jb b9 b10 b11"),
        ("r4 jr r6 | o2 o3 jo", "r7 o5", "o2 o3 jo o5 | r4 jr r6 r7"),
    ],
)
def test_the_joker_search_keeps_coloured_jokers_coloured(
    table_text: str, rack_text: str, after: str
) -> None:
    """Under ``expert`` the search deciding the table's jokers tells the kinds of jokers apart on
    runs (a freed joker's meld owes a rack tile). Its best play once came back with plain
    jokers where the coloured ones were kept (``b7 j b9 b10 b11``), so the referee refused it
    and only its score served, as a bound."""
    from rummikub_rules.solver._budget import Budget
    from rummikub_rules.solver._context import context
    from rummikub_rules.solver._incumbent import Incumbent
    from rummikub_rules.solver._joker_search import JokerSearch
    from rummikub_rules.solver._position import readings

    edition = EDITIONS["expert"]
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    ctx = context(
        table, rack, opened=True, edition=edition, objective="tiles", budget=Budget(10**7),
        fast=False, first=False, laid=None,
    )  # fmt: skip
    counts = ctx.counts(table.tiles)
    assert counts is not None
    for roles in readings(ctx.table, ctx.grid, ctx.edition):
        best = Incumbent(ctx)
        JokerSearch(ctx, roles, counts).run(best)
        assert best.found is not None
        assert sorted(map(str, best.found[1].after)) == sorted(after.split(" | "))


@pytest.mark.parametrize(
    ("table_text", "rack_text", "tiles", "most"),
    [
        (
            "k3 o3 jr | r4 r5 r6 | r5 b5 jo | b5 b6 jb b8 b9 | k6 r6 b6 o6 | r8 r9 r10 r11 r12"
            " | o9 o10 o11 | k10 r10 o10 | b11 b12 b13 | k12 r12 b12 o12",
            "b2 o3 k11 k2 b1 o1 r2",
            3,
            4_000,
        ),
        (
            "r6 jr r8 | k1 k2 k3 k4 | o1 o2 o3 o4 | k2 r2 b2 | r4 r5 r6 | r5 b5 jo | b5 b6 jb b8 b9"
            " | k6 b6 o6 | r8 r9 r10 | o9 o10 o11 | k10 r10 o10 | r11 b11 o11 | k12 r12 b12"
            " | r12 b12 o12 | k13 b13 o13",
            "b1 o6 k1 r2 b13 r11 k11",
            5,
            7_000,
        ),
    ],
)
def test_the_fates_freeing_coloured_jokers_end_where_no_plain_reading_beats_the_best(
    table_text: str, rack_text: str, tiles: int, most: int
) -> None:
    """``expert`` positions of seeded self-play, three coloured jokers on the table. Once the
    fates keeping the jokers are walked, the relaxation freeing every joker and reading it as
    a plain one (the fast search) finds nothing better, so no fate freeing one is solved:
    2,691 units and 4,596 (16,074 and 66,403 before that; 4,071 and 8,097 before each colour
    was lent only the plain jokers and its own coloured ones)."""
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    found = solve(table, rack, opened=True, edition=EXPERT)
    assert found.proven_optimal
    assert found.tiles == tiles
    assert found.states <= most


def test_a_colour_is_never_lent_the_coloured_jokers_of_another() -> None:
    """The bound lends each colour's runs the plain jokers and its own coloured ones only: on a
    rack ``k1 k2 jr`` the black tiles cannot be laid (``k1 k2 jr`` is no meld), so its bound
    is below that of ``k1 k2 jk``, a run (they were the same, every joker lent to black)."""
    from rummikub_rules.solver._budget import Budget
    from rummikub_rules.solver._plan import bound

    def bound_of(rack_text: str) -> int:
        return bound(
            parse_table(""), parse_tiles(rack_text), opened=True, edition=EXPERT,
            objective="tiles", budget=Budget(10**6),
        )  # fmt: skip

    assert bound_of("k1 k2 jr") < bound_of("k1 k2 jk")
    assert not can_play("", "k1 k2 jr", opened=True, edition=EXPERT)


def test_top_plays_bound_regions_holding_coloured_jokers_with_the_fast_search() -> None:
    """An ``expert`` position of seeded self-play (three coloured jokers on the table): each
    region of ``top_plays`` bounds some laid tiles, and its bounds read the coloured jokers as
    plain ones with the fast search, their bounds on laid jokers added up, as the solve does.
    85,762 units for the three best plays (1,364,896 when regions went to the general search
    alone, 4,596 for the best play)."""
    table = parse_table(
        "r6 jr r8 | k1 k2 k3 k4 | o1 o2 o3 o4 | k2 r2 b2 | r4 r5 r6 | r5 b5 jo | b5 b6 jb b8 b9"
        " | k6 b6 o6 | r8 r9 r10 | o9 o10 o11 | k10 r10 o10 | r11 b11 o11 | k12 r12 b12"
        " | r12 b12 o12 | k13 b13 o13"
    )
    rack = parse_tiles("b1 o6 k1 r2 b13 r11 k11")
    with counted() as work:
        plays = top_plays(table, rack, 3, opened=True, edition=EXPERT, limit=10**7)
    assert work.solver <= 120_000
    assert len(plays) == 3
    best = solve(table, rack, opened=True, edition=EXPERT)
    assert len(plays[0].after.tiles) - len(table.tiles) == best.tiles


@pytest.mark.parametrize(
    ("edition", "table_text", "rack_text", "tiles"),
    [
        (EXPERT.evolve(joker_melds_extend_only=True), "o1 o2 jo o4 o5", "o1 o2 jo", 3),
        (
            EDITIONS["ru-classic"].evolve(
                tile_set=TileSet(colors="kbo", numbers=range(1, 8), jokers=1, colored_jokers=2),
                deal_size=1,
                initial_meld_points=0,
                replacement_from="rack",
                freed_joker_new_meld=False,
                joker_melds_extend_only=True,
            ),
            "o1 o2 jo o4 o5 j",
            "o1 o2 jo o4 o5",
            5,
        ),
    ],
)
def test_a_rack_coloured_joker_beside_a_claimed_one_of_its_kind(
    edition: Edition, table_text: str, rack_text: str, tiles: int
) -> None:
    """Under ``joker_melds_extend_only`` the table's ``jo`` holds its place (a claim of its
    kind at ``o3``), and the rack's ``jo`` may stand at ``o3`` in a run of its own. The general
    search's bound lent the jokers as plain ones and kept the claim's kind too, so it lent none
    there, and the play was missed (the second found by the deep brute-force property)."""
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    found = solve(table, rack, opened=True, edition=edition, limit=10**7)
    assert found.proven_optimal
    assert found.tiles == tiles
    assert found.play is not None
    assert check_turn(table, rack, found.play.after, opened=True, edition=edition).ok


def test_a_coloured_joker_stands_where_a_plain_one_was_replaced_in_place() -> None:
    """Under ``replace`` from the rack or the table, ``k4 j k6 k7``'s joker (k5) is replaced in
    place by the other run's ``k5``, and the rack's ``jk`` takes the place it left: ``k3 j jb |
    k4 jk k6 k7 | k4 k5 k6 k7 | r5 jr r7`` lays all six rack tiles (105 points). A joker
    replaced in place is judged by values, but the search kept jokers of another kind off its
    cell as it does for a locked meld's, and proved 100 points best. Found by a stress run of
    the coloured brute-force property under these rules."""
    edition = small("kbr", copies=2, jokers=1, colored=1, threshold=0).evolve(
        joker_retrieval="replace", replacement_from="rack_or_table"
    )
    table, rack = parse_table("k4 j k6 k7 | k4 k5 k6 k7"), parse_tiles("jk jr jb k3 r7 r5")
    after = "k3 j jb | k4 jk k6 k7 | k4 k5 k6 k7 | r5 jr r7"
    assert check_turn(table, rack, after, opened=True, edition=edition).ok
    found = solve(table, rack, opened=True, edition=edition, objective="points")
    assert found.proven_optimal
    assert (found.tiles, found.points) == (6, 105)


#: Locked melds holding coloured jokers: (colours, copies, plain and coloured jokers, table,
#: rack, the illegal play the search once chose, tiles and points of the best play).
LOCKED_COLOURED = [
    # The group ``o2 b2 jk`` must stand extended with its ``jk`` (it stands for k2 alone). The
    # search once moved the ``jk`` out and proved that no play exists, though ``o2 b2 jk r2`` is
    # legal: a locked group's claim counted its numbered tiles only.
    ("kbor", 2, 0, 1, "o2 b2 jk", "jb r2 r2", "b2 o2 r2 | r2 jk jb", 1, 2),
    # ``jo o5 o6`` and ``o3 j o5`` hold a joker at o4 each, of two kinds. The search once
    # rebuilt its best play with the jokers swapped and proved that no play exists, though the
    # rack's ``r5 r6 r7`` alone is legal.
    ("rbo", 2, 1, 2, "jo o5 o6 | o3 j o5", "r5 r6 r7", "o3 jo o5 | j o5 o6 | r5 r6 r7", 3, 18),
]


@pytest.mark.parametrize(
    (
        "colors",
        "copies",
        "jokers",
        "colored",
        "table_text",
        "rack_text",
        "illegal",
        "tiles",
        "points",
    ),
    LOCKED_COLOURED,
)
def test_locked_melds_keep_their_own_coloured_jokers(
    colors: str,
    copies: int,
    jokers: int,
    colored: int,
    table_text: str,
    rack_text: str,
    illegal: str,
    tiles: int,
    points: int,
) -> None:
    """Under ``joker_melds_extend_only`` each locked meld gets its very jokers back. The
    referee refused the search's best play where it did not, and the legal plays below it were
    lost, to a wrong proof that no play exists. Found by a stress run of the coloured
    brute-force property."""
    edition = small(colors, copies=copies, jokers=jokers, colored=colored, threshold=0).evolve(
        joker_melds_extend_only=True
    )
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    assert not check_turn(table, rack, illegal, opened=True, edition=edition).ok
    for objective in ("tiles", "points"):
        found = solve(table, rack, opened=True, edition=edition, objective=objective)
        assert found.proven_optimal
        assert (found.tiles, found.points) == (tiles, points)
        assert found.play is not None
        assert check_turn(table, rack, found.play.after, opened=True, edition=edition).ok


@pytest.mark.parametrize("retrieval", ["replace", "rearrange"])
@pytest.mark.parametrize("source", ["rack", "rack_or_table"])
@pytest.mark.parametrize(
    ("table_text", "rack_text", "after"),
    [
        ("j r6 r7 | r4 r5 r6 r7", "jr b4 b7", "r4 jr r6 | r5 r6 r7 | r7 b7 j"),
        ("j r5 r6 | r3 r4 r5 r6", "jr b3 b6", "r3 jr r5 | r4 r5 r6 | b6 r6 j"),
    ],
)
def test_a_joker_of_another_kind_stands_beside_a_locked_one(
    retrieval: str, source: str, table_text: str, rack_text: str, after: str
) -> None:
    """The locked run ``j r6 r7`` takes its ``j`` or the ``r5`` back at r5, and a run beside it
    may hold the rack's ``jr`` there: the ``j`` freed by the table's ``r5`` goes into ``r7 b7
    j``. The search once kept every joker of another kind off a cell a locked run held, and
    laid one tile. Under ``replace`` from the rack alone the table's ``r5`` frees nothing.
    Found by a stress run of the coloured brute-force property with locked melds forced."""
    edition = small("obr", copies=2, jokers=1, colored=1, threshold=0).evolve(
        joker_retrieval=retrieval, replacement_from=source, joker_melds_extend_only=True
    )
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    frees = not (retrieval == "replace" and source == "rack")
    assert check_turn(table, rack, after, opened=True, edition=edition).ok == frees
    expected = best_score(table, rack, edition, "tiles", opened=True)
    assert expected is not None
    assert expected[0] == (2 if frees else 1)
    found = solve(table, rack, opened=True, edition=edition)
    assert found.proven_optimal
    assert found.play is not None
    assert (found.tiles, found.points) == expected
    assert check_turn(table, rack, found.play.after, opened=True, edition=edition).ok


def test_a_coloured_rack_joker_takes_the_role_of_a_freed_plain_one() -> None:
    """The rack's ``jr`` takes the place of the plain ``j`` in ``k2 j jo``, which joins ``j jk
    k3``: the referee does not pair a coloured joker with the plain one it replaced, so that
    play frees ``j``. A host search once kept every joker out of a freed plain joker's role,
    which holds for plain jokers alone, and laid two tiles. Found by the deep run of the
    coloured brute-force property."""
    edition = small("kro", copies=1, jokers=1, colored=2, threshold=0).evolve(
        joker_melds_extend_only=True
    )
    table, rack = parse_table("k2 j jo | k3 k4 k5"), parse_tiles("jk jk jr")
    after = "j jk k3 | k2 jr jo | jk k4 k5"
    assert check_turn(table, rack, after, opened=True, edition=edition).ok
    found = solve(table, rack, opened=True, edition=edition)
    assert found.proven_optimal
    assert (found.tiles, found.points) == (3, 90)


@pytest.mark.parametrize("joker_rule", ["counts", "forbidden"])
def test_an_opening_from_a_rack_without_coloured_jokers_ignores_those_of_the_table(
    joker_rule: str,
) -> None:
    """An initial meld from the rack alone leaves the table as it is, so the table's coloured
    jokers do not keep its search from the fast one. An ``expert`` position of seeded
    self-play (``jb`` on the table, a 19-tile rack): proving that no opening exists took the
    general search 6,301 units, now 237. So too where jokers may not open (a coloured rack
    joker then counts for nothing): ``jr`` on the rack changes neither answer nor work."""
    edition = EXPERT.evolve(joker_in_initial_meld=joker_rule)
    table = parse_table(
        "k2 b2 o2 | r4 r5 r6 r7 | k5 k6 k7 k8 | b6 b7 b8 b9 b10 | k9 r9 b9 o9 | b10 jb b12 b13"
        " | k11 r11 o11"
    )
    rack = "k4 r1 b3 k13 o8 b5 r5 k3 r3 k2 r9 b8 b11 o10 o5 o4 k5 k12 r12"
    if joker_rule == "forbidden":
        rack += " jr"
    found = solve(table, parse_tiles(rack), opened=False, edition=edition)
    assert found.proven_optimal
    assert found.play is None
    assert found.states <= 300


@pytest.mark.parametrize(
    ("table_text", "rack_text", "tiles", "points", "most"),
    [
        ("", "k5 r6 k7 k4 k13 k8 r2 r5 r4 o6 b3 b2 b7 jr", 6, 59, 600),
        (
            "k5 r5 b5 | o11 o12 o13 | k1 r1 b1 jo | jb b10 b11",
            "b2 k13 jr r10 jk b6 b9 o2 k3 jr r1 b7 jk k11",
            9,
            158,
            3_000,
        ),
    ],
)
def test_an_opening_with_coloured_rack_jokers_is_searched_fast(
    table_text: str, rack_text: str, tiles: int, points: int, most: int
) -> None:
    """The fast search reads the rack's coloured jokers as plain ones (each colour's runs lent
    the plain ones and its own), and its best play, given its jokers' kinds, is the opening:
    ``expert`` positions of seeded self-play, 6,678 and 22,105 units in the general search,
    374 and 2,102 now."""
    table, rack = parse_table(table_text), parse_tiles(rack_text)
    found = solve(table, rack, opened=False, edition=EXPERT)
    assert found.proven_optimal
    assert (found.tiles, found.points) == (tiles, points)
    assert found.states <= most


def test_top_plays_search_openings_with_coloured_rack_jokers_fast() -> None:
    """Each region of ``top_plays`` bounds how many jokers of each kind are laid; an opening's
    fast search adds those bounds up, and the play found is kept only where its jokers' kinds
    fall within them. An ``expert`` opening of seeded self-play (``jb`` on the rack): 9,662
    units for the three best plays, 44,132 when every region of an opening holding a coloured
    rack joker went to the general search."""
    table = parse_table("b4 o4 jk | r5 r6 r7 | jo o7 o8 | k10 k11 k12 k13 | jr r12 r13")
    rack = parse_tiles("o3 r10 r7 b9 k1 k8 b8 o7 r4 r12 b10 k12 r8 o5 jb")
    with counted() as work:
        plays = top_plays(table, rack, 3, opened=False, edition=EXPERT)
    assert work.solver <= 12_000
    assert len(plays) == 3
    best = solve(table, rack, opened=False, edition=EXPERT)
    assert len(plays[0].after.tiles) - len(table.tiles) == best.tiles
    for play in plays:
        assert check_turn(table, rack, play.after, opened=False, edition=EXPERT).ok


@pytest.mark.parametrize(
    ("melds", "rack_jokers", "expected"),
    [
        ("r5 r6 j", "jr", "r5 r6 jr"),
        ("k5 r5 j", "jb", "k5 r5 jb"),
        ("k5 r5 j j", "jb jo", "k5 r5 jb jo"),
        ("k5 r5 j | r7 r8 j", "jr j", "k5 r5 j | r7 r8 jr"),
        ("b5 o5 j", "jo", None),
        ("b5 b6 j", "jr", None),
    ],
)
def test_the_rack_jokers_of_a_fast_play_are_given_their_kinds(
    melds: str, rack_jokers: str, expected: str | None
) -> None:
    """Each joker of a run takes one of the run's colour, else a plain one; each of a group
    one of a colour it lacks, else a plain one; ``None`` where none is left. The greedy choice
    may miss a fit (the general search then decides), never make an invalid meld."""
    from rummikub_rules.solver._pinned import rack_recoloured

    jokers = parse_tiles(rack_jokers)
    colors = list(EXPERT.tile_set.colors)
    colored = [sum(1 for t in jokers if t.is_colored_joker and t.color == c) for c in colors]
    plain = sum(1 for t in jokers if not t.is_colored_joker)
    found = rack_recoloured(parse_table(melds).melds, grid_of(EXPERT), EXPERT, plain, colored)
    assert (None if found is None else str(Table(found))) == expected


def _tinted(rack_text: str, table_jokers: str = "") -> TintedSearch:
    """The relaxation reading coloured jokers as tiles of their colours, on an empty table:
    the rack, and table jokers (freed, to be laid); every tile or joker laid scores 1."""
    grid = grid_of(EXPERT)
    rack = parse_tiles(rack_text)
    counts = grid.counts(rack)
    assert counts is not None
    jokers = [
        (
            sum(t == Tile.joker(color) for t in parse_tiles(table_jokers)),
            sum(t == Tile.joker(color) for t in rack),
        )
        for color in grid.tile_set.colors
    ]
    weights = [1] * grid.columns
    return TintedSearch(grid.zeros(), counts, weights, jokers, 1, Budget(10**6))


@pytest.mark.parametrize(
    ("rack_text", "table_jokers", "tiles", "melds"),
    [
        ("r5 b5 jk", "", 3, ["jk r5 b5"]),  # jk stands for k5
        ("r5 b5 jr", "", None, []),  # jr is red: no group beside r5
        ("r5 r6 jr", "", 3, ["r5 r6 jr"]),
        ("k5 k6 jr", "", None, []),  # nor a black run
        ("k5 b5", "jr", 2, ["k5 jr b5"]),  # the table's jr, freed, stands for r5 (scores 0)
        ("k5 k6", "jr", None, []),  # it must be laid, and can only be red
    ],
)
def test_the_tinted_relaxation_keeps_each_joker_to_its_colour(
    rack_text: str, table_jokers: str, tiles: int | None, melds: list[str]
) -> None:
    """A coloured joker is one more tile of its colour at any number (``_tinted``), in a run or
    a group, never another colour's: where the plain relaxation lays ``r5 b5 jr`` as a group,
    this one lays nothing."""
    best = _tinted(rack_text, table_jokers).best(0)
    assert (None if best is None else best[0]) == tiles
    if best is not None:
        grid = grid_of(EXPERT)
        found = [grid.meld(meld) for meld in best[1]]
        laid = sorted(sorted(map(str, meld.tiles)) for meld in found)
        assert laid == sorted(sorted(map(str, parse_tiles(text))) for text in melds)


def test_a_reading_of_coloured_jokers_alone_is_bounded_by_their_colours() -> None:
    """``expert-benchmark-2`` (``tests/data/hard_positions.txt``): read as plain jokers, the
    table's ``jb jk jk`` and the rack's ``jo`` let a play score 2 points more than any legal
    one (a ``jo`` in ``r12 o12 j``, beside ``k12``'s ``jk``), and the fates freeing them spent
    478,344 units proving it. Read as tiles of their colours, the relaxation's best is the best
    play's: 15,532 units, and 2,668 since that relaxation goes before the fates freeing no
    joker (they spent 13,262 units to find a play of 4 tiles; the tinted play, legal, lays 7)."""
    table = parse_table(
        "b3 b4 jb | r3 r4 r5 | k6 r6 b6 | k4 jk k6 | k8 b8 o8 | k10 r10 b10 | k9 k10 k11"
        " | r12 o12 jk | o4 o5 o6 o7 o8 o9 o10 o11 o12"
    )
    rack = parse_tiles("r12 b11 r9 b1 o2 b5 b2 o11 jo")
    _assert_proven_within(table, rack, EXPERT, (7, 70), 4_000)


def test_a_tinted_play_refused_for_an_old_run_held_whole_is_offered_split() -> None:
    """``expert-benchmark-4`` (``tests/data/hard_positions.txt``): the tinted relaxation's best
    play lays ``b6 b7 b8 b9 b10 b11 jb b13``, which holds the old ``b8 b9 b10 b11`` whole with a
    freed ``jb`` (no new meld, rules 4.5). The search does not tell a run grown past ``b8`` from
    one closed there and another begun: split as ``b6 b7 b8 | b9 b10 b11 jb b13`` it is legal
    and scores the bound, which ends the solve (2,559,530 units before, 11,968; 5,164 once the
    tinted relaxation came to go before the fates freeing no joker)."""
    table = parse_table(
        "k12 o12 jr | b1 b2 jb | k3 r3 o3 | b4 o4 jk | k5 o5 jb | k6 b6 o6 | b8 b9 b10 b11"
        " | r10 r11 r12 | k11 b11 o11 | r12 b12 o12 | r13 b13 o13"
    )
    rack = parse_tiles("b7 b9 k11 b3 o7 k8 k13 k3 o9 k4 r1 r1")
    ctx = context(
        table, rack, opened=True, edition=EXPERT, objective="tiles", budget=Budget(),
        fast=True, first=False, laid=None,
    )  # fmt: skip
    best = Incumbent(ctx)
    tinted = parse_table(
        "b1 b2 jb b4 | k3 r3 b3 | k3 k4 k5 k6 | o3 o4 o5 o6 o7 | b6 b7 b8 b9 b10 b11 jb b13"
        " | jk b9 o9 | r10 r11 r12 r13 | k11 jr b11 | k11 k12 k13 | o11 o12 o13 | r12 b12 o12"
    ).melds
    assert best.offer(tinted) is None
    assert best.offer_split(tinted) is not None
    assert best.found is not None
    assert "b6 b7 b8 | b9 b10 b11 jb b13" in str(best.found[1].after)
    _assert_proven_within(table, rack, EXPERT, (9, 66), 7_000)


def test_jokers_kept_where_they_stood_may_stand_in_an_old_run_of_the_tinted_relaxation() -> None:
    """The tinted relaxation's play lays the freed ``jo`` in ``k1 b1 jo`` and the table's
    ``jk k2 jk`` as it was, a run holding the old one whole: refused, since the search cannot
    tell which black joker is which, and solved again with runs that know the old runs. There
    the jokers laid where the table's stood are kept ones (the referee pairs them so), not
    freed: read as freed, no play was left, and the solver answered "no play"."""
    edition = small("krbo", copies=1, jokers=0, colored=2, threshold=0).evolve(
        replacement_from="rack", freed_joker_rack_tiles=0
    )
    table, rack = parse_table("o2 o3 jo jo | jk k2 jk"), parse_tiles("b1 k1")
    found = solve(table, rack, opened=True, edition=edition)
    assert found.proven_optimal
    assert (found.tiles, found.points) == (2, 2)
    assert best_score(table, rack, edition, "tiles", opened=True) == (2, 2)


def test_a_tinted_play_refused_for_an_old_run_held_whole_is_solved_knowing_old_runs() -> None:
    """``expert-benchmark-5`` (``tests/data/hard_positions.txt``): the tinted play lays the freed
    ``jr`` in ``r7 jr r9 r10``, which holds the old ``r9 r10 jr`` whole, and no split mends it.
    Solved again with runs that know the old runs, the relaxation's best play is legal: 6,975
    units, where the fates and the joker search had spent 237,583 (3,809 once the tinted
    relaxation came to go before the fates freeing no joker)."""
    table = parse_table(
        "group: k4 jb jo | r2 r3 r4 | b6 b7 b8 | k9 b9 o9 | k8 k9 jk k11 | r9 r10 jr"
        " | k12 r12 b12 | k13 r13 b13 | o10 o11 o12 o13"
    )
    rack = parse_tiles("o2 k5 k13 k3 r2 r13 o4 r7")
    _assert_proven_within(table, rack, EXPERT, (6, 40), 5_000)


@pytest.mark.parametrize(("knows_old_runs", "laid"), [(False, 1), (True, None)])
def test_the_tinted_search_keeps_a_freed_joker_out_of_an_old_run_it_knows(
    knows_old_runs: bool, laid: int | None
) -> None:
    """The table's ``r9 r10 jr``, the rack's ``r7``: the relaxation lays ``r7 jr r9 r10``,
    which holds the old run whole; knowing it (its roles along the run, the search walking
    downwards), the freed ``jr`` stays out of it, and back in its place (``r9 r10 jr``) it is
    kept, but ``r7`` then has no run."""
    grid = grid_of(EXPERT)
    red = grid.color_row[Color.RED]
    table, rack, exempt = grid.zeros(), grid.zeros(), grid.zeros()
    table[8][red] = table[9][red] = rack[6][red] = exempt[10][red] = 1
    roles = [OTHER] * grid.columns
    roles[8], roles[9] = START, END
    newness = [roles if row == red and knows_old_runs else None for row in range(grid.rows)]
    jokers = [(1, 0) if row == red else (0, 0) for row in range(grid.rows)]
    search = TintedSearch(
        table, rack, [1] * grid.columns, jokers, 1, Budget(10**6), exempt=exempt, newness=newness
    )
    best = search.best(0)
    assert (None if best is None else best[0]) == laid


def test_the_tinted_relaxation_lays_no_more_jokers_than_the_rack_holds() -> None:
    """An opening over the table (``opening_may_use_table``) bounds the tiles it lays, and
    leaves a coloured joker it lays unbounded above (99). The tinted relaxation read that as 98
    more red jokers: its tables grew past the memory (a CI worker killed with 24 GB). Capped at
    the rack's: 15,344 units, the brute force's best."""
    edition = EDITIONS["ru-classic"].evolve(
        tile_set=TileSet(colors="bokr", numbers=range(1, 8), jokers=0, colored_jokers=2),
        deal_size=1,
        initial_meld_points=10,
        opening_may_use_table=True,
        freed_joker_new_meld=False,
        joker_melds_extend_only=True,
    )
    table, rack = parse_table("k2 k3 jk k5"), parse_tiles("jr jr r2 k6 k3 jo")
    with counted() as work:
        found = solve(table, rack, opened=False, edition=edition, limit=10**7)
    assert work.solver <= 20_000
    assert found.proven_optimal
    assert (found.tiles, found.points) == best_score(table, rack, edition, "tiles", opened=False)


def test_a_freed_joker_in_the_tinted_relaxations_groups_owes_a_rack_tile_there() -> None:
    """``expert-benchmark-3`` (``tests/data/hard_positions.txt``): the tinted relaxation laid
    the freed ``jo`` in ``r12 b12 jo``, table tiles alone, one tile above any legal play, and
    the fates and the joker search spent 1,112,061 units proving so. A freed joker in a
    number's groups now owes a rack tile laid in them: the rack's ``jr``, laid on ``r10 r11``
    as ``r12``, may pay, as it stands for the tile the group takes; its play swaps the two
    (``jr b12 jo``), the best play, legal: 26,103 units (2,486 once the tinted relaxation came
    to go before the fates freeing no joker)."""
    table = parse_table(
        "r7 o7 jb | r1 r2 r3 | b1 b2 b3 | k2 k3 k4 | b2 b3 b4 | k3 r3 o3 | k4 r4 o4 | k6 r6 b6"
        " | r6 b6 o6 | r8 r9 r10 | r9 b9 o9 | o9 o10 o11 jo o13 | r10 r11 r12 | k11 k12 k13"
        " | b11 b12 b13 | r12 b12 o12"
    )
    rack = parse_tiles("k13 o5 k9 b7 k1 b7 o8 o2 k11 jr")
    ctx = context(
        table, rack, opened=True, edition=EXPERT, objective="tiles",
        budget=Budget(), fast=True, first=False, laid=None,
    )  # fmt: skip
    counts = ctx.counts(table.tiles)
    assert counts is not None
    (roles,) = readings(table, ctx.grid, EXPERT)
    found, legal = tinted_bound(ctx, Incumbent(ctx), roles, counts)
    big = ctx.weights[0] - 1  # a tile laid weighs this and its number
    assert (found, legal) == (8 * big + 86, True)
    _assert_proven_within(table, rack, EXPERT, (8, 86), 4_000)
