"""The search that decides the table's jokers inside it (``solver._joker_search``, issue 15 item 2).

Its best score bounds every legal play of a reading: a bound below the best legal play would
let the solver call a worse play proven best. So on small positions under every edition that
frees jokers by rearranging (presets, custom sets with plain jokers, expert sets with coloured
ones), the search's bound is at least the score of the best play, which the brute force
confirms; and where the search's own best play is legal, it is the best play.
"""

from __future__ import annotations

from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

from rummikub_rules import EDITIONS, Edition, check_turn
from rummikub_rules.solver import solve
from rummikub_rules.solver._budget import Budget, BudgetSpent
from rummikub_rules.solver._context import context
from rummikub_rules.solver._host_search import UNKNOWN
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._joker_search import JokerSearch
from rummikub_rules.solver._position import readings
from tests.brute import best_score, score
from tests.depth import examples
from tests.properties.test_solver_colored_props import colored_editions
from tests.properties.test_solver_props import (
    EXACT_LIMIT,
    Position,
    checked_unless_cut_short,
    custom_editions,
    laid,
    positions,
)

REARRANGING = tuple(e for e in EDITIONS.values() if e.joker_retrieval == "rearrange")


def rearranging(editions: st.SearchStrategy[Edition]) -> st.SearchStrategy[Edition]:
    """The editions drawn, freeing jokers by rearranging."""
    return editions.map(lambda e: e.evolve(joker_retrieval="rearrange"))


EDITIONS_DRAWN = st.one_of(
    st.sampled_from(REARRANGING),
    rearranging(custom_editions()),
    rearranging(colored_editions()),
)


def check_bound(position: Position) -> None:
    """The search's bound holds the best legal play; its legal best play is the best."""
    edition, table, rack, _, objective = position
    assume(any(m.jokers for m in table.melds))
    answer = solve(
        table, rack, opened=True, edition=edition, objective=objective,  # type: ignore[arg-type]
        limit=EXACT_LIMIT,
    )  # fmt: skip
    expected = best_score(table, rack, edition, objective, opened=True)
    checked_unless_cut_short(position, answer, expected)
    ctx = context(
        table,
        rack,
        opened=True,
        edition=edition,
        objective=objective,  # type: ignore[arg-type]
        budget=Budget(EXACT_LIMIT),
        fast=False,
        first=False,
        laid=None,
    )
    best = 0
    if answer.play is not None:
        assert score(laid(table, answer.play.after), edition, objective) == expected
        reference = Incumbent(ctx)
        best = reference.offer(answer.play.after.melds) or 0
        assert best > 0
    else:
        assert expected is None
    counts = ctx.counts(table.tiles)
    assert counts is not None
    bounds = []
    for roles in readings(ctx.table, ctx.grid, ctx.edition):
        assume(not roles.roleless)
        found = Incumbent(ctx)
        try:
            bound = JokerSearch(ctx, roles, counts).run(found)
        except BudgetSpent:
            # Where runs go round, the search alone may need more than the limit (docs, "How
            # the solver works", known gaps): dropped, as a solve cut short is.
            reject()
        assert bound != UNKNOWN
        bounds.append(bound)
        if found.found is not None:
            assert found.found[0] <= best  # a legal play it found is no better than the best
            after = found.found[1].after
            assert check_turn(table, rack, after, opened=True, edition=edition).ok
    assert max(bounds) >= best, (str(table), rack, bounds, best)


@settings(max_examples=examples(60, minimum=10))
@given(positions(EDITIONS_DRAWN, opened=True))
def test_the_joker_search_bounds_every_legal_play(position: Position) -> None:
    check_bound(position)
