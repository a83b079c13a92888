"""Exact search for plays: the best play, the best few, whether any exists, arranging tiles.

:func:`best_play` finds the legal play (rules section 4) that lays the most rack tiles (or
the most points); :func:`solve` does the same within a budget and says whether its answer is
proven best (:class:`Solution`); :func:`top_plays` lists the best plays with different sets of
laid tiles (for bots and hints); :func:`can_play` stops at the first legal play; :func:`arrange`
splits tiles into valid melds using every one; :func:`initial_meld` finds the best opening from
the rack alone. :func:`can_play_now` and :func:`end_if_stuck` ask the same of a ``GameState``.
Every function takes an edition and follows all its rules.

How it works (one module per concern):

- :mod:`._plan`: relax the joker rules and solve; if the referee accepts the answer, it is the
  best play; else keep the table's jokers in their roles, and if that scores as high, it is;
  else search with every rule in force. Its stages share :mod:`._context` (the problem, fixed
  for the solve) and :mod:`._incumbent` (the best play the referee accepted so far):
  :mod:`._opened` (an opened player's play, the table's jokers fate by fate, walked by
  :mod:`._fate_walk`), :mod:`._fates` (which table jokers are kept or freed, and what takes a
  freed one's place),
  :mod:`._host_search` (where freed jokers go, and the rests left, with :mod:`._host_step`
  where it stands and :mod:`._host_claims` the claims the rests carry), :mod:`._opening` (the
  initial meld, from the rack and over the table), :mod:`._engines` (the two searches as the
  stages call them) and :mod:`._arrange` (every tile in melds); :mod:`._top` lists the best few
  plays by regions of laid tiles, and :mod:`._demanded` settles by counts a region demanding a
  tile that has no meld;
- :mod:`._fast`, :mod:`._relax`, :mod:`._run_states`: the fast search for the standard meld
  rules (runs do not wrap, group colours differ, no cap on jokers per meld): a dynamic
  programme over the numbers, one colour at a time (van Rijn, Takes & Vis), with table jokers
  pinned to their roles or free and rack jokers free, all counted in the state (a freed
  joker's run owing a rack tile, :mod:`._owing_runs`, where the stages ask), and a bound
  from each colour alone (a joker in a run counts as one more tile of its cell, so with three
  jokers or more an answer may hold a run of jokers alone, no meld: the general search then
  decides);
- :mod:`._search`, with :mod:`._runs` (open runs and their facts), :mod:`._groups` (splitting a
  number's tiles into groups), :mod:`._moves` and :mod:`._bounds`: the general search, for every
  meld rule and every joker rule of rules sections 4.4-4.5, with the jokers counted by kind: a
  coloured joker is laid only at its colour's steps (on its runs, or in a group as its colour's
  tile), a kept one pinned to its cell or its colour's place, and a freed one goes into a host
  (:mod:`._hosts`) built with the real tiles, where its colour fits; positions holding coloured
  jokers use the general search (the bounds read them as plain jokers);
- :mod:`._position`: the table's jokers, their roles under each reading, the melds a freed joker
  may not go into, and the melds that may only be extended;
- :mod:`._grid`: the grid of tile counts all searches share, and the way back to melds.

Exactness. For every edition, preset or custom, the answer is a play the referee accepts, and
no legal play scores more: a table joker is either kept in its role or freed, and a freed one
goes where the edition lets it (a new meld with the rack tiles it needs; under ``replace``,
with the tiles that take its place laid from the rack or standing in its place); melds holding
a joker stand extended under ``joker_melds_extend_only``; an undeclared meld that reads both
ways is read either way; the opening may go on over the table under ``opening_may_use_table``;
jokers are counted by kind, so a coloured joker goes only where its colour fits. The property
tests compare answers with a brute force over every play on small positions for every preset
and for random custom editions, coloured jokers included. One gap is known, in rare shapes
(never an illegal answer: the referee checks every one): a host meld's newness (rules section
4.5) is judged by a looser rule than the referee's, so where swapped identical copies decide it
the best play may be missed. The docs page "How the solver works" says more.

Budgets. ``limit`` bounds the search states expanded (a state costs a few microseconds) and
``seconds`` the time. :func:`solve` returns the best play found within them; the other functions
raise :class:`SearchLimitExceeded`, which carries that :class:`Solution`. ``limit`` is a positive
``int`` and ``seconds`` a positive, finite number (``None``: not bounded that way); anything else
is refused (:class:`~rummikub_rules.InvalidTypeError`, :class:`~rummikub_rules.InvalidValueError`),
never read as no bound, and ``opened`` is ``True`` or ``False``.
"""

from __future__ import annotations

from collections import Counter

import attrs

from rummikub_rules._convert import as_count, as_flag, as_limit, as_seconds
from rummikub_rules.actions import Play
from rummikub_rules.editions import CLASSIC, Edition
from rummikub_rules.errors import (
    InputTooLargeError,
    InvalidTypeError,
    SearchLimitExceeded,
    excerpt,
)
from rummikub_rules.inputs import EditionLike, TableLike, TilesLike, as_edition, as_table, as_tiles
from rummikub_rules.melds import Table
from rummikub_rules.solver._arrange import arrange_tiles
from rummikub_rules.solver._budget import DEFAULT_LIMIT, Budget, BudgetSpent
from rummikub_rules.solver._grid import Objective
from rummikub_rules.solver._plan import ENGINES, Engine
from rummikub_rules.solver._plan import solve as _solve
from rummikub_rules.solver._top import top_outcomes
from rummikub_rules.solver._witness import hopeless, unopenable, witness
from rummikub_rules.state import GameState
from rummikub_rules.tiles import Tile

__all__ = [
    "DEFAULT_LIMIT",
    "ENGINES",
    "Engine",
    "Objective",
    "SearchLimitExceeded",
    "Solution",
    "arrange",
    "best_play",
    "can_play",
    "can_play_now",
    "end_if_stuck",
    "initial_meld",
    "solve",
    "top_plays",
]


@attrs.frozen
class Solution:
    """A budgeted solve's answer.

    ``play`` is the best legal play found (``None``: none found); ``proven_optimal`` says that
    no legal play scores more (with ``play`` ``None``: that no legal play exists). ``tiles`` and
    ``points`` are what the play lays (rack tiles, and their value with jokers at the edition's
    ``joker_penalty``); ``states`` the search states expanded.
    """

    play: Play | None
    proven_optimal: bool
    tiles: int = 0
    points: int = 0
    states: int = 0


def solve(
    table: TableLike,
    rack: TilesLike,
    *,
    opened: bool,
    edition: EditionLike = CLASSIC,
    objective: Objective = "tiles",
    limit: int | None = None,
    seconds: float | None = None,
    engine: Engine = "auto",
) -> Solution:
    """The best legal play within a budget, and whether it is proven best.

    Never raises for the budget: past ``limit`` states or ``seconds``, the answer is the best
    play found so far, with ``proven_optimal`` false. Where the search found none by then, the
    plays a player sees first are tried, as :func:`can_play` does before its search (a rack
    tile on a meld's end, a meld of rack tiles, one split of a run): at most a few dozen
    referee checks, counted in ``states``, so a search cut short answers with a play wherever
    one of those is legal. ``engine`` is for tests and benchmarks (see ``ENGINES``):
    ``"general"`` uses the general search where the fast one would apply.

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> found = solve(parse_table("r8 j r10"), parse_tiles("r9 b5 b6"), opened=True)
    >>> str(found.play.after), found.proven_optimal, found.tiles
    ('j b5 b6 | r8 r9 r10', True, 3)
    """
    table, rack, edition = _checked(table, rack, edition)
    budget = _budget(limit, seconds)
    opened = as_flag(opened, "opened")
    outcome = _solve(
        table, rack, opened=opened, edition=edition, objective=objective, budget=budget,
        engine=_engine(engine),
    )  # fmt: skip
    play = outcome.play
    if play is None and not outcome.proven:
        play = witness(table, rack, opened=opened, edition=edition, budget=budget)
    return _solution(play, outcome.proven, table, edition, budget)


def best_play(
    table: TableLike,
    rack: TilesLike,
    *,
    opened: bool,
    edition: EditionLike = CLASSIC,
    objective: Objective = "tiles",
    limit: int | None = None,
    seconds: float | None = None,
) -> Play | None:
    """The best legal play, or ``None`` when no legal play exists.

    ``objective="tiles"`` lays the most rack tiles, ties broken by the most points;
    ``"points"`` lays the most points (a joker at the edition's ``joker_penalty``), ties broken
    by the most tiles. A player who has not opened gets the best initial meld. The answer always
    passes :func:`~rummikub_rules.check_turn`. Past ``limit`` states or ``seconds``, raises
    :class:`SearchLimitExceeded` with the best play found so far (see :func:`solve`).

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> play = best_play(parse_table("r4 r5 r6 r7 r8"), parse_tiles("r6 k2"), opened=True)
    >>> sorted(str(m) for m in play.after)
    ['r4 r5 r6', 'r6 r7 r8']
    """
    found = solve(
        table, rack, opened=opened, edition=edition, objective=objective, limit=limit,
        seconds=seconds,
    )  # fmt: skip
    if not found.proven_optimal:
        raise SearchLimitExceeded(_limit(limit, seconds), found)
    return found.play


def can_play(
    table: TableLike,
    rack: TilesLike,
    *,
    opened: bool,
    edition: EditionLike = CLASSIC,
    limit: int | None = None,
    seconds: float | None = None,
) -> bool:
    """Whether any legal play exists; stops at the first one found (see :func:`best_play`).

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> can_play(parse_table("k12 r12 o12"), parse_tiles("b12"), opened=False)
    False
    """
    table, rack, edition = _checked(table, rack, edition)
    budget = _budget(limit, seconds)
    opened = as_flag(opened, "opened")
    if not opened and unopenable(rack, edition):
        return False  # a count of the rack proves it, cheaper than looking for a witness
    if witness(table, rack, opened=opened, edition=edition, budget=budget) is not None:
        return True
    if _may_be_hopeless(rack, opened, edition) and hopeless(table, rack, edition, budget):
        return False
    outcome = _solve(
        table, rack, opened=opened, edition=edition, objective="tiles", budget=budget, first=True
    )
    if outcome.play is not None:
        return True
    if not outcome.proven:
        solution = _solution(outcome.play, outcome.proven, table, edition, budget)
        raise SearchLimitExceeded(_limit(limit, seconds), solution)
    return False


def _may_be_hopeless(rack: tuple[Tile, ...], opened: bool, edition: Edition) -> bool:
    """Whether :func:`._witness.hopeless` may prove anything :func:`unopenable` has not.

    Where a player who has not opened may lay melds of the rack alone (not the table's tiles
    at a threshold of 0), a rack :func:`unopenable` did not refuse holds a tile that stands in
    a meld of its own tiles, and so in one of the table's and the rack's: nothing to prove.
    """
    return opened or bool(edition.opening_may_use_table and not edition.initial_meld_points)


def can_play_now(
    state: GameState,
    seat: int | None = None,
    *,
    limit: int | None = None,
    seconds: float | None = None,
) -> bool:
    """Whether ``seat`` (default: the player to move) has a legal play on the table now.

    Asks :func:`~rummikub_rules.solver.can_play` with that seat's rack and opening.

    >>> from rummikub_rules import GameState
    >>> can_play_now(GameState.new(2, seed=1), 0) in (True, False)
    True
    """
    if seat is None:
        seat = state.current
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidTypeError(f"seat is a seat number (int) or None, got {excerpt(seat)}")
    if not 0 <= seat < state.players:
        raise IndexError(f"seat {seat} is not at a table of {state.players}")
    return can_play(
        state.table,
        state.racks[seat],
        opened=state.opened[seat],
        edition=state.edition,
        limit=limit,
        seconds=seconds,
    )


def end_if_stuck(
    state: GameState, *, limit: int | None = None, seconds: float | None = None
) -> GameState:
    """End a game whose pool is empty as soon as no seat can play (rules section 6).

    Under ``until_stuck`` the game would end after a full round of passes; a client that wants
    the result at once calls this after each turn. Returns the finished state, or ``state``
    itself while tiles remain in the pool or some seat can still play.
    """
    if state.is_over or state.pool:
        return state
    if any(
        can_play_now(state, seat, limit=limit, seconds=seconds) for seat in range(state.players)
    ):
        return state
    return state.end_blocked()


def top_plays(
    table: TableLike,
    rack: TilesLike,
    count: int,
    *,
    opened: bool,
    edition: EditionLike = CLASSIC,
    objective: Objective = "tiles",
    limit: int | None = None,
    seconds: float | None = None,
) -> tuple[Play, ...]:
    """The ``count`` best legal plays that lay different sets of rack tiles, best first.

    Each is the best play laying its set of tiles; ties come in a fixed order. Fewer come back
    when fewer sets can be laid. The budget is that of :func:`solve`: past it, the plays found
    so far come back (legal, the first ones proven best, the others the best found); where the
    search found none, the first legal play a player sees first, as in :func:`solve`; and
    :class:`SearchLimitExceeded` is raised only if there is none of those either. A long list
    bounds many regions of plays and solves those whose bound may hold the next play, each
    charged for setting up and checking its play (two work units per tile of the position)
    besides its states, so the budget bounds the time here too.

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> plays = top_plays(parse_table("r4 r5 r6"), parse_tiles("r3 r7 k9"), 3, opened=True)
    >>> [str(p.after) for p in plays]
    ['r3 r4 r5 r6 r7', 'r4 r5 r6 r7', 'r3 r4 r5 r6']
    """
    table, rack, edition = _checked(table, rack, edition)
    count = as_count(count, "count")
    budget = _budget(limit, seconds)
    opened = as_flag(opened, "opened")
    outcomes, proven = top_outcomes(
        table, rack, count, opened=opened, edition=edition, objective=objective, budget=budget
    )
    if not proven and not outcomes:
        seen = witness(table, rack, opened=opened, edition=edition, budget=budget)
        if seen is None:
            raise SearchLimitExceeded(_limit(limit, seconds))
        return (seen,)
    return tuple(o.play for o in outcomes if o.play is not None)


def arrange(
    tiles: TilesLike,
    *,
    edition: EditionLike = CLASSIC,
    limit: int | None = None,
    seconds: float | None = None,
) -> Table | None:
    """Split ``tiles`` into valid melds using every tile, or ``None`` if that is impossible.

    >>> from rummikub_rules import parse_tiles
    >>> str(arrange(parse_tiles("r5 b5 k5 o5 r6 r7 r8")))
    'k5 r5 b5 o5 | r6 r7 r8'
    >>> arrange(parse_tiles("r5 b5 k5 r6 r7")) is None
    True
    """
    _, tiles, edition = _checked(Table(), tiles, edition, rack_name="tiles")
    budget = _budget(limit, seconds)
    try:
        return arrange_tiles(tiles, edition, budget)
    except BudgetSpent:
        raise SearchLimitExceeded(_limit(limit, seconds)) from None


def initial_meld(
    rack: TilesLike,
    *,
    edition: EditionLike = CLASSIC,
    objective: Objective = "tiles",
    limit: int | None = None,
    seconds: float | None = None,
) -> Table | None:
    """The best opening: new melds from the rack alone worth ``initial_meld_points``, or ``None``.

    Jokers count as the tiles they stand for, as ``joker_in_initial_meld`` says.

    >>> from rummikub_rules import parse_tiles
    >>> initial_meld(parse_tiles("k9 r9 b9")) is None
    True
    >>> str(initial_meld(parse_tiles("k9 r9 b9 b1 b2 b3")))
    'b1 b2 b3 | k9 r9 b9'
    """
    play = best_play(
        Table(), rack, opened=False, edition=edition, objective=objective, limit=limit,
        seconds=seconds,
    )  # fmt: skip
    return None if play is None else play.after


def _budget(limit: int | None, seconds: float | None) -> Budget:
    """The work a call may do: the limit given, else :data:`DEFAULT_LIMIT` unless a time is.

    ``limit`` is a positive ``int`` and ``seconds`` a positive, finite number: anything else is
    refused, never read as no bound at all.
    """
    limit, seconds = as_limit(limit), as_seconds(seconds)
    if limit is None and seconds is None:
        limit = DEFAULT_LIMIT
    return Budget(limit, seconds)


def _limit(limit: int | None, seconds: float | None) -> int | None:
    """The state limit a :class:`SearchLimitExceeded` names."""
    return DEFAULT_LIMIT if limit is None and seconds is None else limit


def _engine(engine: object) -> Engine:
    if engine not in ENGINES:
        raise InvalidTypeError(f"engine is one of {ENGINES}, got {excerpt(engine)}")
    return engine


def _checked(
    table: TableLike, rack: TilesLike, edition: EditionLike, *, rack_name: str = "rack"
) -> tuple[Table, tuple[Tile, ...], Edition]:
    """The position read (notation and edition names welcome).

    Positions larger than any game are refused here, before any work.
    """
    table = as_table(table, "table")
    edition = as_edition(edition, "edition")
    tiles = as_tiles(rack, rack_name)
    size = len(tiles) + sum(len(m.tiles) for m in table.melds)
    limit = edition.tile_set.size
    if size > limit:
        raise InputTooLargeError("tiles on the table and rack", size=size, limit=limit)
    return table, tiles, edition


def _solution(
    play: Play | None, proven: bool, table: Table, edition: Edition, budget: Budget
) -> Solution:
    if play is None:
        return Solution(None, proven, states=budget.spent)
    laid = Counter(play.after.tiles) - Counter(table.tiles)
    points = sum(n * (edition.joker_penalty if t.is_joker else t.value) for t, n in laid.items())
    return Solution(play, proven, sum(laid.values()), points, states=budget.spent)
