"""The referee and the game around it with coloured jokers (issue 16 item 4).

The golden rulings (``tests/data/rulings.txt``, the coloured-joker section) judge whole turns;
these tests hold what a ruling cannot show: which tiles a violation names, the input bound that
counts coloured jokers as jokers, the failed turn that must choose which copy of a coloured joker
goes to the pool, and a game's summary of the jokers left on the racks.
"""

from __future__ import annotations

import pytest

from rummikub_rules import (
    CLASSIC,
    EXPERT_SET,
    GameState,
    InputTooLargeError,
    Tile,
    TileSet,
    check_turn,
    parse_table,
    parse_tiles,
)
from rummikub_rules.bots import DrawBot
from rummikub_rules.runner import play_out
from rummikub_rules.turns._failed_turns import restored_table

#: The expert tile set under classic rules, until the ``expert`` preset is merged.
EXPERT = CLASSIC.evolve(tile_set=EXPERT_SET, name="expert")
#: Two plain jokers and one coloured joker of each colour.
MIXED = CLASSIC.evolve(tile_set=TileSet(jokers=2, colored_jokers=1), name="mixed")


def test_a_forbidden_coloured_joker_in_the_opening_is_named() -> None:
    verdict = check_turn(
        "",
        "r10 jr r12",
        "r10 jr r12",
        opened=False,
        edition=EXPERT.evolve(joker_in_initial_meld="forbidden"),
    )
    [violation] = [v for v in verdict.violations if v.code.value == "joker_in_initial_meld"]
    assert violation.tiles == (Tile.joker("r"),)


def test_a_refused_retrieval_names_the_coloured_joker_and_the_tile_it_needed() -> None:
    replace = EXPERT.evolve(joker_retrieval="replace")
    verdict = check_turn(
        "k5 b5 jr", "o5 r1 r2", "k5 b5 o5 | r1 r2 jr", opened=True, edition=replace
    )
    [violation] = verdict.violations
    assert violation.tiles == (Tile.joker("r"),)
    assert "the coloured joker jr standing for r5 in a group" in violation.message
    assert "needed r5" in violation.message


def test_a_freed_coloured_joker_short_of_rack_tiles_is_named() -> None:
    verdict = check_turn(
        "r8 jr r10 | r1 r2 r3 r4 r5",
        "r9",
        "r8 r9 r10 | r1 r2 r3 | r4 r5 jr",
        opened=True,
        edition=EXPERT,
    )
    [violation] = verdict.violations
    assert violation.code.value == "freed_joker_needs_rack_tiles"
    assert violation.tiles == (Tile.joker("r"),)


def test_two_kinds_freed_at_once_each_land_on_their_own_kind() -> None:
    before = "r8 jr r10 | k5 b5 j"
    rack = "r9 o5 r5 r6 o1 o2"
    legal = check_turn(
        before, rack, "r8 r9 r10 | k5 b5 o5 | r5 r6 jr | o1 o2 j", opened=True, edition=MIXED
    )
    assert legal.ok
    assert legal.retrieved_jokers == 2
    swapped = check_turn(
        before, rack, "r8 r9 r10 | k5 b5 o5 | r5 r6 j | o1 o2 jr", opened=True, edition=MIXED
    )
    assert [c.value for c in swapped.codes] == ["invalid_meld"]  # o1 o2 jr: jr is red


@pytest.mark.parametrize(
    ("where", "rack"),
    [("rack", "jr " * 9), ("table after", "")],
)
def test_more_than_eight_coloured_jokers_are_refused_as_jokers(where: str, rack: str) -> None:
    eight = TileSet(jokers=0, colored_jokers=2)
    after = "r1 r2 r3" if rack else " | ".join(["r1 jr jr jr"] * 3)
    with pytest.raises(InputTooLargeError, match=f"jokers on the {where}"):
        check_turn(
            "", parse_tiles(rack), after, opened=True, edition=CLASSIC.evolve(tile_set=eight)
        )


def test_a_mixed_table_of_nine_jokers_is_refused() -> None:
    after = "r1 jr jr | k1 jk jk | b1 jb jb | o1 j j j"
    with pytest.raises(InputTooLargeError, match="jokers on the table after"):
        check_turn("", "", after, opened=True, edition=EXPERT)


def test_a_failed_turn_chooses_which_coloured_joker_goes_to_the_pool() -> None:
    table = parse_table("r3 r4 r5 jr | r1 r2 jr r4")
    restored = restored_table(table, parse_tiles("jr"), EXPERT)
    assert restored == parse_table("r3 r4 r5 | r1 r2 jr r4")


def test_a_summary_counts_coloured_jokers_left_on_the_racks() -> None:
    seed = next(
        seed
        for seed in range(100)
        if any(
            t.is_joker for rack in GameState.new(2, edition=EXPERT, seed=seed).racks for t in rack
        )
    )
    summary = play_out(
        GameState.new(2, edition=EXPERT, seed=seed),
        [DrawBot(), DrawBot()],
        max_turns=4,
        track_could_play=False,
        record=True,
    )
    assert summary.record is not None
    final = summary.record.replay()
    assert summary.jokers_left == tuple(sum(t.is_joker for t in rack) for rack in final.racks)
    assert sum(summary.jokers_left) > 0
