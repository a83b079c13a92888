"""The initial meld's value (RULES.md 4.4) agrees with brute force over every subset of new melds.

Which copies of a tile came from the rack is chosen in the player's favour: the value is the
largest total of new melds whose tiles fit in the rack tiles laid, together. The referee finds it
by grouping melds and searching only where they compete; here every subset is tried.
"""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules.turns._initial_meld import best_value
from tests.depth import examples

candidate = st.tuples(
    st.dictionaries(st.integers(0, 5), st.integers(1, 2), min_size=1, max_size=3),
    st.integers(0, 40),
)


@settings(max_examples=examples(500))
@given(
    st.lists(candidate, max_size=9),
    st.dictionaries(st.integers(0, 5), st.integers(0, 3)),
)
def test_best_value_is_the_best_subset_that_fits(
    candidates: list[tuple[dict[int, int], int]], budget: dict[int, int]
) -> None:
    best = 0
    for size in range(len(candidates) + 1):
        for chosen in itertools.combinations(candidates, size):
            need: Counter[int] = Counter()
            for counts, _ in chosen:
                need.update(counts)
            if all(budget.get(i, 0) >= n for i, n in need.items()):
                best = max(best, sum(value for _, value in chosen))
    assert best_value(candidates, budget) == best
    for goal in (best, best + 1, max(0, best - 7)):
        assert min(best_value(candidates, budget, goal=goal), goal) == min(best, goal)
