"""The solver with coloured jokers, by example: the shapes the plain-joker plan leaves unproven.

Each position's answer must be proven best and score what the brute force finds (the brute force
asks the referee of every play). The strict xfails are the shapes the plan through plain jokers
(``solver._colored``) cannot prove: they flip when the general search models the jokers by kind.
"""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from rummikub_rules import EDITIONS, Color, Edition, TileSet, check_turn, parse_table, parse_tiles
from rummikub_rules.solver import DEFAULT_LIMIT, SearchLimitExceeded, best_play, can_play, solve
from tests.brute import best_score, score

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


#: Positions the plain-joker plan proves (table, rack, edition).
PROVEN = [
    ("k5 b5 jr", "r5 r6 r8", EXPERT),  # the group's jr freed by r5, laid in a red run
    ("r5 jr r7", "r6 r9 r10", EXPERT),  # the run's jr freed by r6, laid with r9 r10
    ("r5 r6 jr", "b1 b2 r8", EXPERT),  # a run extended past its jr
    ("j jr r4", "jb r3", small("orb", copies=2, jokers=1, colored=1, threshold=0)),
    ("", "jb jk jr b1", EXPERT),  # three rack coloured jokers: a group of one tile and two
]

#: Positions it leaves unproven (table, rack, edition).
UNPROVEN = [
    ("r5 jr r7", "r6 b1 b2", EXPERT),  # freed by r6, the jr has no red meld to go to
    ("b3 b4 jb", "k1 k2 b5", EXPERT),  # the same at a run's end
    ("k5 b5 jr", "r5 b1 b2", EXPERT),  # the same from a group
    ("k3 jo jr", "jk o5", EXPERT),  # a group of one numbered tile and two coloured jokers
    ("o5 jb jk", "jb b1", EXPERT),
    ("jb b4 jb", "jr b5 o5 r3 b3", small("bro", copies=1, jokers=0, colored=2, threshold=20)),
]


def check(table_text: str, rack_text: str, edition: Edition) -> None:
    """The answer is legal, proven best, and scores the brute-force best."""
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


@pytest.mark.parametrize(("table", "rack", "edition"), PROVEN)
def test_proven_shapes(table: str, rack: str, edition: Edition) -> None:
    check(table, rack, edition)


@pytest.mark.xfail(strict=True, reason="the plain-joker plan cannot prove these (issue 16 item 5)")
@pytest.mark.parametrize(("table", "rack", "edition"), UNPROVEN)
def test_unproven_shapes(table: str, rack: str, edition: Edition) -> None:
    check(table, rack, edition)


def test_an_unproven_answer_is_refused_for_what_it_is() -> None:
    """Not "needed more than N states": the budget was not spent, the model fell short."""
    with pytest.raises(SearchLimitExceeded) as refused:
        best_play("r5 jr r7", "r6 b1 b2", opened=True, edition=EXPERT)
    assert "within the solver's model" in str(refused.value)
    assert "states" not in str(refused.value)
    assert refused.value.solution is not None
    assert refused.value.solution.states < DEFAULT_LIMIT
    again = pickle.loads(pickle.dumps(refused.value))
    assert str(again) == str(refused.value)
    assert again.reason == refused.value.reason
    with pytest.raises(SearchLimitExceeded, match="within the solver's model"):
        can_play("r5 jr r7", "r6 b1 b2", opened=True, edition=EXPERT)


def test_a_spent_budget_is_still_named() -> None:
    with pytest.raises(SearchLimitExceeded, match="more than 50 states") as refused:
        best_play("", "jb jk jr b1", opened=True, edition=EXPERT, limit=50)
    assert refused.value.reason is None
