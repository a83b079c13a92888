"""The one place where bots (and the game runner's "could it play?") ask the solver.

:func:`best_within` is the best play within a per-turn budget of solver work, and whether
the search finished (its answer is then exact). A budget that runs out never raises: the answer
is the best play the solver found within it (:func:`~rummikub_rules.solver.solve` is anytime).
Everything the bots and the runner learn from the solver goes through here, so changing the
solver's API changes one function.

A play the referee would refuse is never answered (it counts as no play found, not exact): the
solver promises legal plays, and this check keeps a bot legal should it ever break that promise.

The last few answers are remembered, per thread: a runner that asks whether a seat could play
after its bot drew asks the bot's question again, about the very same table and rack objects,
and gets the remembered answer instead of a second search. Only the same objects hit (not
merely equal ones: two equal tables may list their melds in another order), and the solver is
deterministic, so remembering never changes an answer.
"""

from __future__ import annotations

import threading
from typing import Final, TypeAlias

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition
from rummikub_rules.melds import Table
from rummikub_rules.solver import Objective, solve
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import check_turn

__all__ = ["DEFAULT_BUDGET", "best_within", "could_play"]

#: The per-turn budget of the bots and of the runner's "could it play?", in the solver's work
#: units (the ``limit`` of :func:`~rummikub_rules.solver.solve`, a few microseconds each; most
#: turns of a real game need a few hundred, the hardest about a hundred thousand).
DEFAULT_BUDGET: Final = 20_000


#: How many answers each thread remembers (a bot asks at most two questions a turn).
_REMEMBERED: Final = 4
_memory = threading.local()


def best_within(
    table: Table,
    rack: tuple[Tile, ...],
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: int | None,
) -> tuple[Play | None, bool]:
    """The best play found within ``budget`` states (``None``: none found), and whether it is exact.

    ``True`` means the search finished: the play is the best there is, and ``None`` means no
    legal play exists. ``False`` means the budget ran out first.
    """
    remembered: list[_Memory] = _memory.__dict__.setdefault("answers", [])
    for (seen, held, edition_seen, details), known in remembered:
        same_objects = seen is table and held is rack and edition_seen is edition
        if same_objects and details == (opened, objective, budget):
            return known
    found = solve(table, rack, opened=opened, edition=edition, objective=objective, limit=budget)
    answer: tuple[Play | None, bool] = (found.play, found.proven_optimal)
    if found.play is not None and not check_turn(
        table, rack, found.play.after, opened=opened, edition=edition
    ):
        answer = (None, False)  # the referee refuses it: a bot never plays it
    remembered.insert(0, ((table, rack, edition, (opened, objective, budget)), answer))
    del remembered[_REMEMBERED:]
    return answer


#: A remembered question (table, rack, edition, the rest) and its answer.
_Memory: TypeAlias = (
    "tuple[tuple[Table, tuple[Tile, ...], Edition, tuple[bool, str, int | None]], "
    "tuple[Play | None, bool]]"
)


def could_play(
    table: Table, rack: tuple[Tile, ...], opened: bool, edition: Edition, budget: int | None
) -> bool | None:
    """Whether a legal play exists: ``None`` when the budget ran out before the solver knew."""
    play, exact = best_within(table, rack, opened, edition, "tiles", budget)
    if play is not None:
        return True
    return False if exact else None
