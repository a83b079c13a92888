"""The solver on the worked examples of RULES.md section 4 and on edition variants."""

from __future__ import annotations

from collections import Counter

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Color,
    Edition,
    Table,
    TileSet,
    parse_table,
    parse_tiles,
)
from rummikub_rules.solver import (
    SearchLimitExceeded,
    arrange,
    best_play,
    can_play,
    initial_meld,
)
from rummikub_rules.turns import check_turn


def played(before: Table, after: Table) -> list[str]:
    return sorted(str(t) for t in (Counter(after.tiles) - Counter(before.tiles)).elements())


def solve(
    table: str,
    rack: str,
    *,
    opened: bool = True,
    edition: Edition = CLASSIC,
    objective: str = "tiles",
) -> list[str] | None:
    """The tiles the best play lays, after checking that the play is legal."""
    before, tiles = parse_table(table), parse_tiles(rack)
    play = best_play(before, tiles, opened=opened, edition=edition, objective=objective)  # type: ignore[arg-type]
    if play is None:
        return None
    verdict = check_turn(before, tiles, play.after, opened=opened, edition=edition)
    assert verdict.ok, (str(play.after), verdict)
    return played(before, play.after)


@pytest.mark.parametrize(
    ("table", "rack", "laid"),
    [
        ("r4 r5 r6 r7 r8", "r6", ["r6"]),
        ("b2 b3 b4 b5 b6 b7", "b5", ["b5"]),
        ("b3 b4 b5 b6", "k6 r6", ["k6", "r6"]),
        ("r2 r3 j r5 r6", "r1 r7 b8 b10", ["b10", "b8", "r1", "r7"]),
        ("r8 j r10", "r9 b5 b6", ["b5", "b6", "r9"]),
        ("k12 r12 o12", "b12", ["b12"]),
    ],
)
def test_worked_examples_of_rules_section_4(table: str, rack: str, laid: list[str]) -> None:
    assert solve(table, rack) == laid


def test_no_legal_play_is_none() -> None:
    assert solve("k12 r12 o12 b12", "k12 k1") is None
    assert not can_play(parse_table("k12 r12 o12 b12"), parse_tiles("k12 k1"), opened=True)


def test_two_runs_cannot_share_one_tile() -> None:
    assert solve("b2 b3 b4 b5 b6 b7", "k1") is None


def test_initial_meld_threshold_27_is_too_low_33_is_enough() -> None:
    assert solve("", "k9 r9 b9", opened=False) is None
    assert solve("", "k9 r9 b9 b1 b2 b3", opened=False) == ["b1", "b2", "b3", "b9", "k9", "r9"]
    assert solve("", "r9 j r11", opened=False) == ["j", "r11", "r9"]


def test_initial_meld_leaves_the_table_alone() -> None:
    assert solve("r4 r5 r6 r7 r8", "r6 k10 r10 b10", opened=False) == ["b10", "k10", "r10"]


def test_initial_meld_without_jokers_where_the_edition_forbids_them() -> None:
    ua = EDITIONS["ua-wiki"].evolve(joker_in_initial_meld="forbidden")
    assert solve("", "r9 j r11", opened=False, edition=ua) is None
    assert initial_meld(parse_tiles("r9 j r11 k10 b10 o10"), edition=ua) is not None
    assert initial_meld(parse_tiles("k9 r9 b9 j"), edition=ua) is None
    assert str(initial_meld(parse_tiles("k9 r9 b9 j"))) == "k9 r9 b9 j"


def test_points_objective_prefers_value_to_tile_count() -> None:
    rack = "r1 r2 r3 r4 k13 r13 b13"
    assert solve("", rack, objective="tiles") == sorted(parse_tiles_str(rack))
    assert solve("", "r1 r2 r3 r4 k13 b13 o13 k1 b1", objective="points") is not None


def parse_tiles_str(text: str) -> list[str]:
    return [str(t) for t in parse_tiles(text)]


def test_tiles_objective_breaks_ties_by_points() -> None:
    # Either group of three can be laid with the table's run; the 12s are worth more.
    assert solve("", "k2 r2 b2 k12 r12 b12", opened=True) == sorted(
        ["k2", "r2", "b2", "k12", "r12", "b12"]
    )
    assert solve("k5 r5 b5", "o5 o6", opened=True) == ["o5"]


def test_freed_joker_needs_a_rack_tile_in_its_meld() -> None:
    # The joker in r4 j r6 can be freed by r5 from the rack, but then it must join a meld with
    # a rack tile: here only b7 b8 fits, so all three rack tiles are laid.
    assert solve("r4 j r6", "r5 b7 b8") == ["b7", "b8", "r5"]
    # Without a second rack tile for its new meld, the joker stays where it is.
    assert solve("r4 j r6 | k7 k8 k9", "r5") == ["r5"]


def test_replace_edition_keeps_table_jokers_in_their_roles() -> None:
    pl = EDITIONS["pl-2026"]
    assert solve("r8 j r10", "r11", edition=pl) == ["r11"]
    # Documented: freeing the joker by replacing it (r9, then b5 b6 j) is not searched.
    assert solve("r8 j r10", "r9 b5 b6", edition=pl) is None


def test_extend_only_edition_leaves_melds_with_jokers_standing() -> None:
    sabra = EDITIONS["sabra-1978"]
    assert solve("r8 j r10 r11 | k3 k4 k5", "k6 r12", edition=sabra) == ["k6"]


def test_xp_set_has_three_copies() -> None:
    xp = EDITIONS["xp"]
    assert solve("r4 r5 r6 | r4 r5 r6", "r4 r5 r6", edition=xp) == ["r4", "r5", "r6"]
    assert arrange(parse_tiles("j j j r5"), edition=xp) is not None
    assert arrange(parse_tiles("j j j"), edition=xp) is None


@pytest.mark.parametrize(
    ("wrap", "high_one", "wrapping"),
    [("none", None, None), ("one_high", ["r1"], None), ("full", ["r1"], ["r1", "r2"])],
)
def test_run_wrap(wrap: str, high_one: list[str] | None, wrapping: list[str] | None) -> None:
    edition = CLASSIC.evolve(run_wrap=wrap)
    assert solve("r11 r12 r13", "r1", edition=edition) == high_one
    assert (arrange(parse_tiles("r12 r13 r1 r2"), edition=edition) is not None) == (
        wrapping is not None
    )


def test_groups_with_repeated_colours_where_the_house_rule_allows() -> None:
    house = CLASSIC.evolve(group_colors_distinct=False)
    assert solve("r7 r7 b7", "k7", edition=house) == ["k7"]
    assert arrange(parse_tiles("r7 r7 b7"), edition=CLASSIC) is None
    assert arrange(parse_tiles("r7 r7 b7"), edition=house) is not None


def test_max_jokers_per_meld() -> None:
    capped = CLASSIC.evolve(max_jokers_per_meld=1)
    assert arrange(parse_tiles("r5 j j"), edition=CLASSIC) is not None
    assert arrange(parse_tiles("r5 j j"), edition=capped) is None


def test_arrange_uses_every_tile() -> None:
    tiles = parse_tiles("r5 b5 k5 o5 r6 r7 r8 j")
    arranged = arrange(tiles, edition=CLASSIC)
    assert arranged is not None
    assert Counter(arranged.tiles) == Counter(tiles)
    assert arrange((), edition=CLASSIC) == Table()


def test_limit_raises_rather_than_searching_on() -> None:
    table = parse_table("r1 r2 r3 r4 r5 r6 | k4 k5 k6 k7 | b9 b10 b11 | o3 o4 o5")
    rack = parse_tiles("r7 k8 b12 o6 o2 k3 r9 b8")
    with pytest.raises(SearchLimitExceeded) as raised:
        best_play(table, rack, opened=True, limit=5)
    assert raised.value.limit == 5
    assert best_play(table, rack, opened=True, limit=100_000) is not None


def test_unknown_objective_is_refused() -> None:
    with pytest.raises(ValueError, match="objective"):
        best_play(Table(), parse_tiles("r1"), opened=True, objective="luck")  # type: ignore[arg-type]


def test_a_joker_standing_for_a_high_one_keeps_its_role() -> None:
    # j k3 k4 k5 j is k2 .. k5 k1 (one_high): the k4 splits it, both jokers keep their roles.
    tile_set = TileSet(colors=(Color.BLACK, Color.RED, Color.BLUE), numbers=range(1, 6))
    high = CLASSIC.evolve(
        tile_set=tile_set, min_players=2, deal_size=1, run_wrap="one_high", freed_joker_rack_tiles=2
    )
    assert solve("j k3 k4 k5 j", "k4", edition=high) == ["k4"]


def test_rack_jokers_fill_runs_and_groups() -> None:
    assert solve("", "r5 r7 j k9 b9 j o1 o2", opened=True) == sorted(
        ["j", "j", "r5", "r7", "k9", "b9"]
    )
    assert solve("k3 k4 k5", "j k7", opened=True) == ["j", "k7"]


def test_table_jokers_may_move_where_the_edition_lets_them() -> None:
    # Freed from k4 j k6 by the k5, the joker must stay on the table; with no rack tile needed
    # in its meld it may extend r1 r2 r3, under classic it goes with o8 o9.
    anywhere = CLASSIC.evolve(freed_joker_rack_tiles=0)
    assert solve("k4 j k6 | r1 r2 r3", "k5", edition=anywhere) == ["k5"]
    assert solve("k4 j k6 | r1 r2 r3", "k5 o8 o9") == ["k5", "o8", "o9"]
