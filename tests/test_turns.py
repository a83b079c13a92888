"""check_turn's API: the Verdict, its violations and their messages (RULES.md sections 4 and 8).

The rules themselves are pinned case by case in tests/data/rulings.txt (test_rulings.py) and by
the properties in tests/properties/test_turns_props.py.
"""

from __future__ import annotations

import concurrent.futures
import itertools

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    Code,
    InputTooLargeError,
    InvalidTypeError,
    MeldKind,
    Verdict,
    Violation,
    check_turn,
    parse_table,
    parse_tiles,
)


def test_code_is_a_string_enum() -> None:
    text: str = "invalid_meld"
    assert text == Code.INVALID_MELD
    assert str(Code.NO_TILE_PLAYED) == "no_tile_played"
    assert {c.value for c in Code} >= {"unknown_tile", "joker_meld_locked", "pool_not_empty"}


def test_legal_verdict_is_truthy_and_lists_the_tiles_laid_in_rack_order() -> None:
    verdict = check_turn(
        parse_table(""), parse_tiles("o1 k9 b9 r9 j"), parse_table("k9 r9 b9 j"), opened=False
    )
    assert verdict
    assert verdict.ok
    assert verdict.violations == ()
    assert verdict.played == parse_tiles("k9 r9 b9 j")
    assert str(verdict) == "legal: lays k9 r9 b9 j"


def test_every_rule_broken_is_listed_not_only_the_first() -> None:
    verdict = check_turn(
        parse_table("r1 r2 r3 | k7 r7 b7"),
        parse_tiles("o7"),
        parse_table("r1 r2 | k7 r7 b7 o7 k8"),
        opened=True,
    )
    assert not verdict
    assert set(verdict.codes) == {
        Code.TABLE_TILE_REMOVED,
        Code.TILE_NOT_IN_RACK,
        Code.INVALID_MELD,
    }


def test_messages_name_the_tiles_concerned() -> None:
    verdict = check_turn(
        parse_table("r1 r2 r3"), parse_tiles("k5"), parse_table("r1 r2 r3 r4"), opened=True
    )
    (violation,) = verdict.violations
    assert violation.code is Code.TILE_NOT_IN_RACK
    assert violation.tiles == parse_tiles("r4")
    assert "r4" in violation.message
    assert str(violation).startswith("tile_not_in_rack: ")


def test_invalid_meld_violation_carries_the_meld() -> None:
    after = parse_table("r1 r2 r3 | k5 k6")
    verdict = check_turn(parse_table("r1 r2 r3"), parse_tiles("k5 k6"), after, opened=True)
    (violation,) = verdict.violations
    assert violation.melds == (after.melds[1],)
    assert "at least 3" in violation.message


def test_retrieved_jokers_are_counted() -> None:
    verdict = check_turn(
        parse_table("r8 j r10"),
        parse_tiles("r9 b5 b6"),
        parse_table("r8 r9 r10 | b5 b6 j"),
        opened=True,
    )
    assert verdict.ok
    assert verdict.retrieved_jokers == 1


def test_ambiguous_meld_gets_its_reading_declared_in_the_verdict_table() -> None:
    verdict = check_turn(
        parse_table("k5 r5 b5 o5 | k9 k10 k11"),
        parse_tiles("r5 j j"),
        parse_table("k5 r5 b5 o5 | k9 k10 k11 | r5 j j"),
        opened=True,
    )
    assert verdict.ok
    (declared,) = [m for m in verdict.table.melds if m.kind is not None]
    assert declared.kind is MeldKind.RUN  # the run reading comes first when both are legal
    assert verdict.table == parse_table("k5 r5 b5 o5 | k9 k10 k11 | run: r5 j j")


def test_unknown_tile_copies_beyond_the_set() -> None:
    verdict = check_turn(
        parse_table("r7 r8 r9 | r7 b7 k7"),
        parse_tiles("r7"),
        parse_table("r7 r8 r9 | r7 b7 k7"),
        opened=True,
    )
    assert Code.UNKNOWN_TILE in verdict.codes
    xp = check_turn(
        parse_table("r7 r8 r9 | r7 b7 k7"),
        parse_tiles("r7 o7"),
        parse_table("r7 r8 r9 | r7 b7 k7 o7"),
        opened=True,
        edition=EDITIONS["xp"],
    )
    assert xp.ok


@pytest.mark.parametrize("edition", list(EDITIONS.values()), ids=str)
def test_leaving_the_table_unchanged_is_no_tile_played(edition: object) -> None:
    table = parse_table("r1 r2 r3")
    verdict = check_turn(table, parse_tiles("k5"), table, opened=False, edition=edition)  # type: ignore[arg-type]
    assert verdict.codes == (Code.NO_TILE_PLAYED,)


def test_rack_may_be_any_iterable_and_is_not_consumed_twice() -> None:
    rack = iter(parse_tiles("r4"))
    verdict = check_turn(parse_table("r1 r2 r3"), rack, parse_table("r1 r2 r3 r4"), opened=True)
    assert verdict.ok


def test_arguments_are_not_mutated() -> None:
    before, after = parse_table("r2 r3 j r5 r6"), parse_table("r1 r2 r3 | r5 r6 r7 | b8 j b10")
    rack = list(parse_tiles("r1 r7 b8 b10"))
    snapshot = (str(before), list(rack), str(after))
    check_turn(before, rack, after, opened=True, edition=CLASSIC)
    assert (str(before), rack, str(after)) == snapshot
    assert JOKER in after.tiles


def test_verdict_is_a_frozen_value() -> None:
    verdict = Verdict()
    assert verdict.ok
    with pytest.raises(AttributeError):
        verdict.played = ()  # type: ignore[misc]


def test_violation_and_verdict_hold_tuples_and_are_hashable() -> None:
    meld = parse_table("r1 r2").melds[0]
    violation = Violation(Code.INVALID_MELD, "r1 r2 is short.", tiles=[JOKER], melds=[meld])
    assert violation.tiles == (JOKER,)
    assert violation.melds == (meld,)
    verdict = Verdict(violations=[violation], played=iter(parse_tiles("r1 r2")))
    assert verdict.violations == (violation,)
    assert verdict.played == parse_tiles("r1 r2")
    assert len({verdict, Verdict(violations=(violation,), played=parse_tiles("r1 r2"))}) == 1


def test_freed_joker_not_in_new_meld_names_the_old_meld() -> None:
    verdict = check_turn(
        parse_table("r8 j r10 | k3 k4 k5"),
        parse_tiles("r9 k6"),
        parse_table("r8 r9 r10 | k3 k4 k5 k6 j"),
        opened=True,
    )
    (violation,) = verdict.violations
    assert violation.code is Code.FREED_JOKER_NOT_IN_NEW_MELD
    assert violation.melds == parse_table("k3 k4 k5 k6 j").melds
    assert "[k3 k4 k5 k6 j]" in violation.message
    assert "new meld" in violation.message


def test_oversized_group_names_the_size_limit_where_colors_may_repeat() -> None:
    repeats = CLASSIC.evolve(group_colors_distinct=False)
    verdict = check_turn(
        parse_table("k7 r7 b7 o7"),
        parse_tiles("r7"),
        parse_table("k7 r7 b7 o7 r7"),
        opened=True,
        edition=repeats,
    )
    (violation,) = verdict.violations
    assert "at most 4" in violation.message
    assert "one per colour" not in violation.message
    distinct = check_turn(
        parse_table("k7 r7 b7 o7"), parse_tiles("r7"), parse_table("k7 r7 b7 o7 r7"), opened=True
    )
    assert "one per colour" in distinct.violations[0].message


@pytest.mark.parametrize(
    ("before", "rack", "after"),
    [
        ("", "r1 " * 107, ""),
        ("r1 r2 r3 | " * 36, "k1", ""),
        ("", "k1", " | ".join(["k1"] * 107)),
        ("", "k1", " | ".join(["r1 j r3"] * 9)),
    ],
    ids=["rack", "before", "after-melds", "jokers"],
)
def test_input_larger_than_any_game_is_refused(before: str, rack: str, after: str) -> None:
    with pytest.raises(InputTooLargeError) as refused:
        check_turn(
            parse_table(before.strip(" |")), parse_tiles(rack), parse_table(after), opened=True
        )
    assert refused.value.size > refused.value.limit


def test_wrong_types_raise_invalid_type_error_naming_the_parameter() -> None:
    table = parse_table("r1 r2 r3")
    with pytest.raises(InvalidTypeError, match="before takes a Table"):
        check_turn(42, parse_tiles("r4"), table, opened=True)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="rack takes tiles"):
        check_turn(table, ["r4"], table, opened=True)  # type: ignore[list-item]
    with pytest.raises(InvalidTypeError, match="edition takes an Edition"):
        check_turn(table, parse_tiles("r4"), table, opened=True, edition=3)  # type: ignore[arg-type]


def test_notation_and_edition_names_are_accepted() -> None:
    by_text = check_turn("r4 r5 r6 r7 r8", "r6 k2", "r4 r5 r6 | r6 r7 r8", opened=True)
    by_objects = check_turn(
        parse_table("r4 r5 r6 r7 r8"),
        parse_tiles("r6 k2"),
        parse_table("r4 r5 r6 | r6 r7 r8"),
        opened=True,
        edition=EDITIONS["classic"],
    )
    assert by_text == by_objects
    assert check_turn("r8 j r10", "r9", "r8 r9 r10 j", opened=True, edition="sabra-1978").ok


def test_a_turn_whose_tiles_do_not_add_up_takes_first_readings() -> None:
    """Settled by unknown_tile: r5 j j is read as a run, not searched for a better reading."""
    verdict = check_turn(
        parse_table("k5 b5 j"),
        parse_tiles("o5 r5 j k1"),
        parse_table("k5 b5 o5 | r5 j j | k1 k1 k1"),
        opened=True,
    )
    assert Code.UNKNOWN_TILE in verdict.codes
    assert verdict.table == parse_table("k5 b5 o5 | run: r5 j j | k1 k1 k1")


def test_meld_order_never_changes_the_codes_of_a_turn_whose_tiles_do_not_add_up() -> None:
    # Found by the metamorphic property: the opening's value was counted in table order when a
    # table tile is missing, so k2 k3 k4 first read as the old meld and added two codes.
    melds = ["k2 k3 k4", "k3 k4 k5", "k2 r2 b2", "r4 b4 o4"]
    verdicts = {
        tuple(sorted(code.value for code in verdict.codes))
        for order in itertools.permutations(melds)
        for verdict in [
            check_turn(
                "j k2 k3 k4",
                "k3 k4 k5 k2 r2 b2 r4 b4 o4",
                " | ".join(order),
                opened=False,
                edition="sabra-1978",
            )
        ]
    }
    assert verdicts == {("joker_meld_locked", "joker_retrieval_forbidden", "table_tile_removed")}


def test_an_opening_on_the_table_is_judged_by_the_rack_tiles_own_melds() -> None:
    """sabra-1978 (RULES 4.4, revised): rack melds worth 33 merged into a table meld open the
    player, who may then retrieve a joker; below, the refusal names the rack tiles' points."""
    sabra = EDITIONS["sabra-1978"]
    verdict = check_turn(
        "o5 o6 o7 | r8 j r10",
        "o8 o9 o10 k1 k2 k3 r9",
        "o5 o6 o7 o8 o9 o10 | r8 r9 r10 | k1 k2 k3 j",
        opened=False,
        edition=sabra,
    )
    assert verdict.ok
    assert verdict.retrieved_jokers == 1
    low = check_turn(
        "o1 o2 o3 | r8 j r10",
        "o4 o5 o6 k2 k3 k4 k5 r9",
        "o1 o2 o3 o4 o5 o6 | r8 r9 r10 | k2 k3 k4 k5 j",
        opened=False,
        edition=sabra,
    )
    assert set(low.codes) == {
        Code.INITIAL_MELD_USES_TABLE,
        Code.INITIAL_MELD_TOO_LOW,
        Code.JOKER_RETRIEVAL_FORBIDDEN,
    }
    too_low = next(v for v in low.violations if v.code is Code.INITIAL_MELD_TOO_LOW)
    assert too_low.message.startswith(
        "The tiles laid from the rack form melds worth 29 points on their own; "
        "the initial meld needs at least 30"
    )


def test_a_play_judged_again_with_the_very_same_objects_is_remembered() -> None:
    """The solver, a bot and the game each judge the same play with the same objects: the
    verdict is remembered by their identities, and the same verdict comes back. Equal objects
    that are not the same ones are judged afresh."""
    before, after = parse_table("r4 r5 r6 r7 r8"), parse_table("r4 r5 r6 | r6 r7 r8")
    rack = parse_tiles("r6 k2")
    first = check_turn(before, rack, after, opened=True)
    assert check_turn(before, rack, after, opened=True) is first
    again = check_turn(parse_table("r4 r5 r6 r7 r8"), rack, after, opened=True)
    assert again == first
    assert again is not first
    assert check_turn(before, rack, after, opened=False) is not first


def test_a_rack_given_as_a_list_is_judged_as_it_is_now() -> None:
    """A list may change between two calls: only a tuple is taken as it is, so a rack changed
    in place is never answered with the verdict of what it held before."""
    before, after = parse_table("r4 r5 r6 r7 r8"), parse_table("r4 r5 r6 | r6 r7 r8")
    rack = list(parse_tiles("r6 k2"))
    assert check_turn(before, rack, after, opened=True).ok
    rack[0] = parse_tiles("r7")[0]
    assert check_turn(before, rack, after, opened=True).codes == (Code.TILE_NOT_IN_RACK,)


def test_each_thread_remembers_its_own_verdicts() -> None:
    """A thread's memory is its own: a verdict judged in one thread is judged afresh in
    another, and both agree."""
    before, after = parse_table("r4 r5 r6 r7 r8"), parse_table("r4 r5 r6 | r6 r7 r8")
    rack = parse_tiles("r6 k2")
    here = check_turn(before, rack, after, opened=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        there = pool.submit(check_turn, before, rack, after, opened=True).result()
    assert there == here
    assert there is not here
