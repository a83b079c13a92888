"""The play of a player who has opened: the table's jokers kept or freed, fate by fate (private).

Without a joker on the table no joker rule applies and the relaxation is the problem. Else,
for each reading of the table's ambiguous melds, each fate of its jokers (:mod:`._fates`) is
bounded and, where its bound beats the best play so far, solved: by its relaxation where the
referee accepts that play, else by the host search (:mod:`._host_search`) where the edition
says where a freed joker goes, else by the general search with the fate's claims
(:class:`._fate_walk.FateWalk` walks them). The relaxations of the fates left are solved before
any of those searches, and the fates ranked again by them. Where the jokers may be decided
inside the search (:func:`._joker_search.applies`), that search and the fates take turns
(:func:`_race`). No bound over every reading goes first: the fates' bounds settle as much,
for less.
"""

from __future__ import annotations

from typing import Final

from rummikub_rules.editions import JokerRetrieval
from rummikub_rules.melds import Meld
from rummikub_rules.solver import _tinted as tinted
from rummikub_rules.solver._budget import FATE, SliceSpent
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import fast_search, fast_solve, general, problem
from rummikub_rules.solver._fate_walk import FateWalk
from rummikub_rules.solver._fates import Fate, fates
from rummikub_rules.solver._grid import NEG, Counts
from rummikub_rules.solver._host_search import UNKNOWN, HostSearch
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._joker_search import JokerSearch, applies
from rummikub_rules.solver._position import Roles, readings
from rummikub_rules.solver._relax import JokerRoom
from rummikub_rules.solver._room import any_room, fates_room, with_colored_groups
from rummikub_rules.solver._search import Search

__all__ = ["opened_bound", "play_opened"]


def play_opened(ctx: Context, best: Incumbent) -> None:
    """Offer the best play of a player who has opened (see the module docstring)."""
    table = ctx.counts(t for m in ctx.table.melds for t in m.tiles)
    assert table is not None
    jokers = sum(m.jokers for m in ctx.table.melds)
    if not jokers:
        # No joker of the table: no joker rule applies, the relaxation is the problem.
        found = _relaxed(ctx, best, table, 0)
        if found is not None:
            best.offer(found, exact=True)
        return
    host_search = HostSearch(ctx, best)
    for roles in readings(ctx.table, ctx.grid, ctx.edition):
        _exact(ctx, best, host_search, roles, table)


def opened_bound(ctx: Context) -> int:
    """An upper bound on every play of a player who has opened (``NEG``: none)."""
    table = ctx.counts(t for m in ctx.table.melds for t in m.tiles)
    assert table is not None
    return _relaxed_bound(ctx, table, sum(m.jokers for m in ctx.table.melds))


def _relaxed(ctx: Context, best: Incumbent, table: Counts, jokers: int) -> list[Meld] | None:
    """The best play with ``jokers`` table jokers free to go anywhere, no joker rule."""
    if ctx.fast_applies(jokers + ctx.rack_jokers()):
        search = fast_search(ctx, table, loose=jokers)
        found = None if search is None else fast_solve(ctx, best, search, best.floor)
    else:
        found = general(ctx, best, problem(ctx, table, loose=jokers), best.floor)
    return None if found is None else found[1]


def _relaxed_bound(ctx: Context, table: Counts, jokers: int) -> int:
    """An upper bound on every play: table jokers free, no joker rule (``NEG``: none).

    Free, but only where a freed joker or a kept one may stand in some reading of the table
    (:func:`._room.any_room`).
    """
    if ctx.fast_applies(jokers + ctx.rack_jokers()):
        room = any_room(ctx, table) if jokers else None
        search = fast_search(ctx, table, loose=jokers, room=room)
        return NEG if search is None else search.bound()
    built = problem(ctx, table, loose=jokers)
    return NEG if built is None else Search(built, ctx.budget).bound()


def _exact(
    ctx: Context,
    best: Incumbent,
    host_search: HostSearch,
    roles: Roles,
    table: Counts,
) -> None:
    """Every rule in force, for one reading of the table's melds, fate by fate.

    Where the fast search applies and jokers are freed by rearranging, the relaxation freeing
    every joker goes first: it holds every fate's, so where its best play is legal (or no
    better than the best play so far), the reading is settled, and the fates freeing jokers
    are bounded only if it has not settled them (under ``replace`` their bounds, which count
    the tiles taking a joker's place, settle more of them alone). Then the fate keeping every
    joker (see :func:`._fates.fates`; its play is legal unless melds are locked), then the
    others, best bound first. A fate's relaxation (the freed jokers free) is solved by the fast
    search where it applies: if it does not beat the best play so far, the fate is done, and so
    is every fate whose relaxation it holds (:func:`._fates.covers`); if the referee accepts
    its play, that play is the fate's best. Otherwise the exact search decides. Where the
    jokers may be decided inside the search (:mod:`._joker_search`), the fates freeing jokers
    are bounded only once the relaxation freeing every joker leaves the reading open; then that
    search and the fates take turns (:func:`_race`). Where every joker in play is coloured,
    that relaxation (:func:`_tinted_widest`) goes first, as its play is offered and often
    legal; else it reads every joker as plain (:func:`_plain_widest`), its play never offered,
    and goes once the fates freeing none are walked.
    """
    room = fates_room(ctx, roles, table)
    later = ctx.edition.joker_retrieval is JokerRetrieval.REARRANGE and ctx.fast_applies(
        len(roles.jokers) + roles.roleless + ctx.rack_jokers()
    )
    walk = FateWalk(ctx, best, host_search, roles, table, room)
    if later and roles.jokers and walk.widest_best() <= best.floor:
        return  # its best play is legal, or no better than the best play so far
    racing = applies(ctx, roles)
    tinted_first = racing and tinted.applies(ctx, roles)
    if tinted_first:
        walk.bound = _tinted_widest(ctx, best, roles, table, with_colored_groups(ctx, roles, room))
        if best.floor >= walk.bound:
            return  # its best play is legal, or no better than the best play so far
    first: list[Fate] = []
    freeing: list[Fate] = []  # bounded only where the widest relaxation leaves them open
    for fate in fates(ctx, roles):
        ctx.budget.charge(FATE)
        if later and fate.freed:
            walk.freeing.append(fate)
        elif racing and fate.freed:
            freeing.append(fate)
        else:
            first.append(fate)
    walk.rank(first)
    walk.walk()
    if not racing:
        return
    if not tinted_first:
        room = with_colored_groups(ctx, roles, room)
        walk.bound = min(walk.bound, _plain_widest(ctx, best, roles, table, room))
    if best.floor >= walk.bound:
        return  # not even with every joker freed (a tile of its colour, or plain) does a play
    walk.rank(freeing)
    if not walk.walk(stop_at_freed=True):
        _race(walk, JokerSearch(ctx, roles, table))


def _plain_widest(
    ctx: Context, best: Incumbent, roles: Roles, table: Counts, room: JokerRoom | None
) -> int:
    """A bound on a reading's plays: every table joker freed and read as a plain one.

    Solved by the fast search (``UNKNOWN`` where its rules do not cover that). A coloured joker
    stands where a plain one may, so every legal play is a play of this relaxation. ``room``
    holds the groups of coloured jokers kept in them (:func:`._room.with_colored_groups`).
    Only its score counts: its play may hold plain jokers for coloured ones, so it is never
    offered to the referee.
    """
    jokers = len(roles.jokers) + roles.roleless
    rack_jokers = ctx.rack_jokers() + sum(ctx.rack_colored())
    if not ctx.fast_rules(jokers + rack_jokers):
        return UNKNOWN
    run = fast_search(ctx, table, loose=jokers, rack_jokers=rack_jokers, room=room)
    floor = best.floor
    if run is None or run.bound() <= floor:
        return floor
    found = run.search.solve(floor - run.forced)
    if found is None:
        return floor
    return UNKNOWN if ctx.first else found[0] + run.forced  # any play will do: not the best


def _tinted_widest(
    ctx: Context, best: Incumbent, roles: Roles, table: Counts, room: JokerRoom | None
) -> int:
    """A bound on a reading's plays where every joker in play is coloured.

    Every table joker freed and read as a tile of its colour (:mod:`._tinted`): tighter than
    reading them as plain (:func:`_plain_widest`), as a colour never takes another's jokers,
    and as cheap. Its best play is offered; where the referee accepts it, it is the reading's
    best (the best play so far's score is answered). ``room`` says where the jokers may stand.
    """
    found, legal = tinted.tinted_bound(ctx, best, roles, table, room)
    return best.floor if legal else found


#: The first slice of the budget the fates get before the search deciding the jokers takes its
#: first turn (units): as much as a bot's whole budget, so that a small budget goes to the
#: fates as it did before the race. Each round doubles it.
_FIRST_SLICE: Final = 20_000

#: The search deciding the jokers gets this share of each of the fates' slices: the fates win
#: most races. At the default limit, on 562 positions of seeded ``expert`` self-play and the
#: eight of ``tests/data/hard_positions.txt``, half spent 2.9% fewer units than an equal share
#: and left 25 positions unproven instead of 28; a third spent 4.6% fewer but left 26 unproven,
#: its plays worth 25 points fewer in all.
_JOKER_SHARE: Final = 0.5


def _race(walk: FateWalk, joker: JokerSearch) -> None:
    """The fates left and the search deciding the jokers take turns, each with a growing slice.

    Either settles the reading: the fates by running out, the search by a bound the best play
    reaches (once it has finished without one, the fates go on to the end). The search keeps
    its memo from one turn to the next; the fates keep what they settled (the rests solved, the
    fates done), so a turn costs little more than its slice and the pair costs a few times the
    one that finishes first.
    """
    budget = walk.ctx.budget
    states = _FIRST_SLICE
    while True:
        try:
            with budget.slice(states):
                walk.walk()
            return
        except SliceSpent:
            pass
        try:
            with budget.slice(int(states * _JOKER_SHARE)):
                walk.bound = min(walk.bound, joker.run(walk.best))
        except SliceSpent:
            states *= 2
            continue
        if walk.best.floor >= walk.bound:
            return
        walk.walk()
        return
