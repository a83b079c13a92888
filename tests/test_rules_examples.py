"""Every example of RULES.md section 4, one test each, named after the rule it pins down.

The examples are those of 4.4 (the initial meld), 4.5 (jokers on the table) and the worked
examples at the end of section 4, and those of sections 1 and 2 about coloured jokers (the Expert
set, and a coloured joker in melds, on a rack and freed from the table).

The golden rulings (tests/data/rulings.txt) hold these and many more cases under every preset;
here each example reads as the sentence of RULES.md it comes from.
"""

from __future__ import annotations

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    EXPERT_SET,
    JOKER,
    Edition,
    Tile,
    TileSet,
    check_turn,
    parse_meld,
    parse_table,
    parse_tiles,
    rack_value,
)

PRESETS = list(EDITIONS.values())
NEW_MELD_EDITIONS = [e for e in PRESETS if e.freed_joker_new_meld]


def joker(edition: Edition, color: str) -> str:
    """The joker an example lays: ``j``, or under a box without plain jokers (``expert``) the
    coloured joker of ``color``, the colour of the tile it stands for."""
    return "j" if edition.tile_set.jokers else f"j{color}"


def codes(
    before: str, rack: str, after: str, *, opened: bool = True, edition: Edition = CLASSIC
) -> set[str]:
    verdict = check_turn(
        parse_table(before), parse_tiles(rack), parse_table(after), opened=opened, edition=edition
    )
    return {c.value for c in verdict.codes}


def retrieved(before: str, rack: str, after: str, *, edition: Edition = CLASSIC) -> int:
    verdict = check_turn(
        parse_table(before), parse_tiles(rack), parse_table(after), opened=True, edition=edition
    )
    return verdict.retrieved_jokers


# -- 4.4 The initial meld ------------------------------------------------------------------------


def test_initial_meld_k9_r9_b9_is_27_too_low() -> None:
    assert codes("", "k9 r9 b9", "k9 r9 b9", opened=False) == {"initial_meld_too_low"}


def test_initial_meld_with_b1_b2_b3_is_33_enough() -> None:
    assert codes("", "k9 r9 b9 b1 b2 b3", "k9 r9 b9 | b1 b2 b3", opened=False) == set()


def test_initial_meld_r9_j_r11_is_30_enough() -> None:
    assert codes("", "r9 j r11", "r9 j r11", opened=False) == set()


def test_initial_meld_points_50_under_us_1980() -> None:
    us = EDITIONS["us-1980"]
    assert codes("", "r9 j r11", "r9 j r11", opened=False, edition=us) == {"initial_meld_too_low"}


def test_initial_meld_leaves_the_table_before_unchanged() -> None:
    found = codes("r4 r5 r6", "r7 k10 r10 b10", "r4 r5 r6 r7 | k10 r10 b10", opened=False)
    assert found == {"initial_meld_uses_table"}


def test_initial_meld_counts_rack_tiles_only() -> None:
    """The threshold is met in one turn, with rack tiles: the table's 27 does not count."""
    found = codes("k9 r9 b9", "b1 b2 b3", "k9 r9 b9 | b1 b2 b3", opened=False)
    assert found == {"initial_meld_too_low"}


@pytest.mark.parametrize("edition", PRESETS, ids=str)
def test_joker_in_initial_meld_counts_as_the_tile_it_stands_for(edition: Edition) -> None:
    counts = edition.evolve(joker_in_initial_meld="counts")
    expected = set() if edition.initial_meld_points <= 30 else {"initial_meld_too_low"}
    run = f"r9 {joker(edition, 'r')} r11"
    assert codes("", run, run, opened=False, edition=counts) == expected


@pytest.mark.parametrize("edition", PRESETS, ids=str)
def test_joker_in_initial_meld_zero_may_be_laid_but_counts_nothing(edition: Edition) -> None:
    zero = edition.evolve(joker_in_initial_meld="zero")
    run, group = f"r9 {joker(edition, 'r')} r11", f"k10 r10 b10 {joker(edition, 'o')}"
    assert codes("", run, run, opened=False, edition=zero) == {"initial_meld_too_low"}
    assert codes("", group, group, opened=False, edition=zero) == (
        set() if edition.initial_meld_points <= 30 else {"initial_meld_too_low"}
    )


@pytest.mark.parametrize("edition", PRESETS, ids=str)
def test_joker_in_initial_meld_forbidden_may_not_be_laid(edition: Edition) -> None:
    forbidden = edition.evolve(joker_in_initial_meld="forbidden")
    found = codes("", "k10 r10 b10 j", "k10 r10 b10 j", opened=False, edition=forbidden)
    assert "joker_in_initial_meld" in found


def test_opening_may_use_table_once_the_new_melds_reach_the_threshold() -> None:
    sabra = EDITIONS["sabra-1978"]
    table = "r10 r11 r12"
    assert codes(table, "r13 k10 b10 o10", "r10 r11 r12 r13 | k10 b10 o10", opened=False) == {
        "initial_meld_uses_table"
    }
    assert (
        codes(
            table, "r13 k10 b10 o10", "r10 r11 r12 r13 | k10 b10 o10", opened=False, edition=sabra
        )
        == set()
    )


def test_opening_may_use_table_tiles_laid_on_the_table_do_not_count() -> None:
    sabra = EDITIONS["sabra-1978"]
    found = codes(
        "r10 r11 r12", "r13 k9 r9 b9", "r10 r11 r12 r13 | k9 r9 b9", opened=False, edition=sabra
    )
    assert found == {"initial_meld_uses_table", "initial_meld_too_low"}


# -- 4.5 Jokers already on the table -------------------------------------------------------------


def test_fourth_color_added_to_k7_r7_j_does_not_retrieve_the_joker() -> None:
    assert retrieved("k7 r7 j", "b7", "k7 r7 b7 j") == 0
    assert codes("k7 r7 j", "b7", "k7 r7 b7 j") == set()


def test_identical_jokers_are_paired_to_retrieve_the_fewest() -> None:
    """Moving the run joker to the group and the group joker to the run changes nothing."""
    assert retrieved("r8 j r10 | k4 b4 j", "r11", "r8 j r10 r11 | k4 b4 j") == 0


def test_two_way_meld_of_the_table_before_is_read_to_retrieve_the_fewest() -> None:
    assert retrieved("r5 j j", "r4", "r4 r5 j j") == 0  # read as a run
    assert retrieved("r5 j j", "k5", "r5 k5 j j") == 0  # read as a group


def test_no_joker_retrieval_before_the_initial_meld() -> None:
    found = codes("r8 j r10", "r9 b5 b6", "r8 r9 r10 | b5 b6 j", opened=False)
    assert "joker_retrieval_forbidden" in found


def test_joker_retrieval_rearrange_frees_a_joker_by_any_rearrangement() -> None:
    turn = ("r2 r3 j r5 r6", "r1 r7 b8 b10", "r1 r2 r3 | r5 r6 r7 | b8 j b10")
    assert codes(*turn) == set()
    assert codes(*turn, edition=CLASSIC.evolve(joker_retrieval="replace")) == {
        "joker_retrieval_forbidden"
    }


def test_replacement_from_rack_or_table() -> None:
    turn = ("r8 j r10 | k9 r9 b9 o9", "k5 k6", "r8 r9 r10 | k9 b9 o9 | k5 k6 j")
    assert codes(*turn, edition=EDITIONS["ua-wiki"]) == set()
    assert codes(*turn, edition=EDITIONS["pl-2026"]) == {"joker_retrieval_forbidden"}


def test_group_joker_replacement_either_or_both() -> None:
    turn = ("k7 r7 j", "b7 r1 r2", "k7 r7 b7 | r1 r2 j")
    assert codes(*turn, edition=EDITIONS["pl-2026"]) == set()
    assert codes(*turn, edition=EDITIONS["us-1980"]) == {"joker_retrieval_forbidden"}
    both = ("k7 r7 j", "b7 o7 r1 r2", "k7 r7 b7 o7 | r1 r2 j")
    assert codes(*both, edition=EDITIONS["us-1980"]) == set()


def test_group_joker_replacement_both_message_names_both_colors() -> None:
    verdict = check_turn(
        parse_table("k7 r7 j"),
        parse_tiles("b7 r1 r2"),
        parse_table("k7 r7 b7 | r1 r2 j"),
        opened=True,
        edition=EDITIONS["us-1980"],
    )
    (violation,) = verdict.violations
    assert "both b7 and o7" in violation.message
    assert "both of them in a group of three" in violation.message


@pytest.mark.parametrize("need", [0, 1, 2])
def test_freed_joker_rack_tiles(need: int) -> None:
    edition = CLASSIC.evolve(freed_joker_rack_tiles=need)
    one_rack_tile = ("r8 j r10 | b4 b5 b6 b7 b8", "r9 b9", "r8 r9 r10 | b4 b5 b6 | b7 b8 b9 j")
    expected = {"freed_joker_needs_rack_tiles"} if need > 1 else set()
    assert codes(*one_rack_tile, edition=edition) == expected


@pytest.mark.parametrize("edition", NEW_MELD_EDITIONS, ids=str)
def test_freed_joker_new_meld_not_back_into_its_own_run(edition: Edition) -> None:
    """``r8 j r10`` + rack ``r9`` -> ``r8 r9 r10 j`` is illegal (the joker went back into its own
    run) in every preset but sabra-1978."""
    assert "freed_joker_not_in_new_meld" in codes("r8 j r10", "r9", "r8 r9 r10 j", edition=edition)


def test_freed_joker_new_meld_does_not_bind_sabra_1978() -> None:
    sabra = EDITIONS["sabra-1978"]
    assert codes("r8 j r10", "r9", "r8 r9 r10 j", edition=sabra) == set()


@pytest.mark.parametrize("edition", NEW_MELD_EDITIONS, ids=str)
def test_freed_joker_new_meld_not_onto_k3_k4_k5(edition: Edition) -> None:
    found = codes("r8 j r10 | k3 k4 k5", "r9", "r8 r9 r10 | k3 k4 k5 j", edition=edition)
    assert "freed_joker_not_in_new_meld" in found


@pytest.mark.parametrize("edition", PRESETS, ids=str)
def test_freed_joker_new_meld_split_run_is_new(edition: Edition) -> None:
    """``r8 r9 r10 | b4 b5 b6 | b7 b8 j`` after ``r8 j r10 | b4 b5 b6 b7 b8``: new for the joker.

    Under a box without plain jokers the joker is ``jb``, freed from a blue run: from ``b9`` in
    ``b8 jb b10`` to ``b8`` in ``b6 b7 jb`` (what it stands for changes, so it is retrieved).
    """
    turn = ("r8 j r10 | b4 b5 b6 b7 b8", "r9", "r8 r9 r10 | b4 b5 b6 | b7 b8 j")
    if not edition.tile_set.jokers:
        turn = ("b8 jb b10 | b3 b4 b5 b6 b7", "b9", "b8 b9 b10 | b3 b4 b5 | b6 b7 jb")
    found = codes(*turn, edition=edition)
    assert "freed_joker_not_in_new_meld" not in found
    assert found == ({"freed_joker_needs_rack_tiles"} if edition.freed_joker_rack_tiles else set())


def test_a_coloured_joker_moved_to_another_run_as_the_same_tile_is_not_retrieved() -> None:
    """``jb`` stands for ``b9`` in ``b8 jb b10`` and again in ``b7 b8 jb``: not retrieved (4.5).

    A joker is retrieved when what it stands for changes, not when it changes melds, so the
    expert box's rack-tile rule for a freed joker does not apply.
    """
    turn = ("b8 jb b10 | b4 b5 b6 b7 b8", "b9", "b8 b9 b10 | b4 b5 b6 | b7 b8 jb")
    assert codes(*turn, edition=EDITIONS["expert"]) == set()
    assert retrieved(*turn, edition=EDITIONS["expert"]) == 0


def test_freed_joker_new_meld_twin_runs_both_continue() -> None:
    """Old and new melds by value: each twin run continues as one of the two runs after."""
    found = codes("r8 j r10 | r8 r9 r10", "r9", "r8 r9 r10 j | r8 r9 r10")
    assert found == {"freed_joker_not_in_new_meld"}


def test_freed_joker_new_meld_identical_tiles_never_make_an_old_meld_new() -> None:
    """b10 b11 b12 continues only as b10 b11 b12 j, whichever b11 went where."""
    found = codes(
        "b10 b11 b12 | k11 r11 b11 | o4 j o6",
        "o5 b13",
        "b10 b11 b12 j | k11 r11 b11 | o4 o5 o6",
        edition=EDITIONS["ru-classic"],
    )
    assert found == {"freed_joker_not_in_new_meld"}


def test_freed_joker_new_meld_twin_laid_from_the_rack_is_new() -> None:
    """b4 b5 b6 continues as one of the twins after; the freed joker's twin is new."""
    assert codes("b4 b5 b6 | o4 j o6", "o5 b4 b5 b6", "b4 b5 b6 | b4 b5 b6 j | o4 o5 o6") == set()


def test_replace_tiles_stand_on_the_table_after_in_more_copies() -> None:
    """``us-1980``: r5 and b5 both took the joker's place before r5 moved on to the run."""
    found = codes(
        "k5 j o5 | r2 r3 r4",
        "r5 b5 k8 k9",
        "k5 b5 o5 | r2 r3 r4 r5 | k8 k9 j",
        edition=EDITIONS["us-1980"],
    )
    assert found == set()


def test_joker_melds_extend_only() -> None:
    sabra = EDITIONS["sabra-1978"]
    assert codes("r8 j r10", "r7 r11", "r7 r8 j r10 r11", edition=sabra) == set()
    assert codes("r8 j r10 r11 r12", "r10", "r8 j r10 | r10 r11 r12", edition=sabra) == {
        "joker_meld_locked"
    }


# -- 4. Worked examples (all legal for an opened player under classic) ---------------------------


def test_worked_example_split_a_run_with_a_rack_tile() -> None:
    assert codes("r4 r5 r6 r7 r8", "r6", "r4 r5 r6 | r6 r7 r8") == set()


def test_worked_example_two_runs_cannot_share_one_tile() -> None:
    assert codes("b2 b3 b4 b5 b6 b7", "b5", "b2 b3 b4 b5 | b5 b6 b7") == set()
    assert codes("b2 b3 b4 b5 b6 b7", "k1", "b2 b3 b4 b5 | b5 b6 b7") == {"tile_not_in_rack"}


def test_worked_example_end_tile_to_a_group_not_the_middle() -> None:
    assert codes("b3 b4 b5 b6", "k6 r6", "b3 b4 b5 | b6 k6 r6") == set()
    assert codes("b3 b4 b5 b6", "k6 r6", "b3 | b5 b6 | b4 k6 r6") == {"invalid_meld"}


def test_worked_example_joker_freed_by_rearrangement() -> None:
    turn = ("r2 r3 j r5 r6", "r1 r7 b8 b10", "r1 r2 r3 | r5 r6 r7 | b8 j b10")
    assert codes(*turn) == set()
    assert retrieved(*turn) == 1


def test_worked_example_joker_replaced_by_its_tile() -> None:
    assert codes("r8 j r10", "r9 b5 b6", "r8 r9 r10 | b5 b6 j") == set()


def test_worked_example_a_fifth_twelve_never_joins() -> None:
    assert codes("k12 r12 o12", "b12", "k12 r12 o12 b12") == set()
    assert codes("k12 r12 o12 b12", "r12", "k12 r12 o12 b12 r12") == {"invalid_meld"}


# -- 1 and 2: coloured jokers --------------------------------------------------------------------

#: The Expert set under classic rules (``EDITIONS["expert"]`` once that preset is merged).
EXPERT = CLASSIC.evolve(tile_set=EXPERT_SET, name="expert")


def test_the_expert_set_is_104_numbered_tiles_and_two_coloured_jokers_of_each_colour() -> None:
    assert EXPERT_SET.size == 112
    assert EXPERT_SET.count(JOKER) == 0
    assert [EXPERT_SET.count(Tile.joker(c)) for c in "krbo"] == [2, 2, 2, 2]
    assert sum(1 for t in EXPERT_SET.all_tiles() if not t.is_joker) == 104


def test_jy_is_read_as_jo() -> None:
    assert parse_tiles("jk jr jb jo jy") == parse_tiles("jk jr jb jo jo")


def test_a_set_may_hold_plain_and_coloured_jokers_together() -> None:
    mixed = TileSet(jokers=2, colored_jokers=1)
    assert (mixed.count(JOKER), mixed.count(Tile.joker("r")), mixed.total_jokers) == (2, 1, 6)


@pytest.mark.parametrize(
    ("meld", "valid"),
    [
        ("r5 jr r7", True),
        ("k5 b5 jr", True),
        ("k5 jr jb", True),
        ("r5 r6 jr jr", True),
        ("b5 jr b7", False),
        ("k5 r5 jr", False),
        ("k5 jr jr", False),
        ("jr jr jr", False),
    ],
)
def test_a_coloured_joker_is_laid_only_in_a_meld_it_matches(meld: str, valid: bool) -> None:
    assert parse_meld(meld).is_valid(EXPERT) is valid


def test_a_coloured_joker_is_worth_the_tile_it_stands_for() -> None:
    assert parse_meld("r5 jr r7").value(EXPERT) == 18  # jr = r6
    assert parse_meld("k5 b5 jr").value(EXPERT) == 15  # jr = r5


def test_a_coloured_joker_costs_the_joker_penalty_on_a_rack() -> None:
    assert rack_value(parse_tiles("jr r4"), edition=EXPERT) == 34
    assert rack_value(parse_tiles("jr"), edition=EXPERT.evolve(joker_penalty=50)) == 50


def test_a_freed_jr_goes_only_into_a_new_meld_where_a_red_tile_fits() -> None:
    assert codes("r8 jr r10", "r9 r5 r6", "r8 r9 r10 | r5 r6 jr", edition=EXPERT) == set()
    assert codes("r8 jr r10", "r9 b5 b6", "r8 r9 r10 | b5 b6 jr", edition=EXPERT) == {
        "invalid_meld"
    }
    assert codes("r8 jr r10", "r9", "r8 r9 r10 jr", edition=EXPERT) == {
        "freed_joker_not_in_new_meld"
    }
