"""The fates of one reading walked in order, each bounded, relaxed and solved (private).

:class:`FateWalk` keeps what a walk has settled (the relaxations solved, the fates done), so a
walk stopped by its slice of the budget goes on later (:func:`._opened._race`). A fate's bound
is its relaxation's (:func:`_fate_bound`: the kept jokers pinned, the freed ones free); where
its relaxation's best play is refused, the host search (:mod:`._host_search`) or the general
search with the fate's claims decides it. The relaxation freeing every joker goes before the
fates freeing jokers, solved once (:meth:`FateWalk.widest_best`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import (
    Colored,
    FastRun,
    fast_search,
    fast_solve,
    problem,
    runs_may_owe,
)
from rummikub_rules.solver._fates import Fate, covers
from rummikub_rules.solver._grid import NEG, Counts
from rummikub_rules.solver._host_meld import Stock
from rummikub_rules.solver._host_search import UNKNOWN, HostSearch
from rummikub_rules.solver._host_step import Rest, Step, rest_key
from rummikub_rules.solver._incumbent import Incumbent, codes_in_runs
from rummikub_rules.solver._old_runs import knows_old_runs, old_runs
from rummikub_rules.solver._position import Roles
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._relax import JokerRoom
from rummikub_rules.solver._room import Barred, barred, group_owing, keeps_out, within
from rummikub_rules.solver._search import Search
from rummikub_rules.turns import Code

__all__ = ["FateWalk"]


class FateWalk:
    """The fates of one reading walked in order; a walk stopped by its slice goes on later."""

    def __init__(
        self,
        ctx: Context,
        best: Incumbent,
        host_search: HostSearch,
        roles: Roles,
        table: Counts,
        room: JokerRoom | None,
    ) -> None:
        self.ctx, self.best, self.host_search = ctx, best, host_search
        self.room = room
        #: Per number, whether a freed joker in its groups owes a rack tile there (``None``:
        #: where ``room`` lets a joker stand anywhere, no such rule in the relaxations).
        self.owing = None if room is None else group_owing(roles, len(table))
        #: Whether a freed joker's run owes a rack tile in the relaxations too (set where the
        #: relaxation freeing every joker did not settle the reading: :meth:`widest_best`).
        self.runs_owe = False
        self.roles, self.table = roles, table
        #: A bound on the reading's plays, once the search deciding the jokers has one.
        self.bound = UNKNOWN
        self.ranked: list[tuple[int, FastRun | None, Fate]] = []  # bound, search, fate
        #: The fates freeing jokers, not bounded yet (:meth:`_widen`).
        self.freeing: list[Fate] = []
        self.done = 0  # fates settled, in order
        self.solved: list[tuple[Fate, int]] = []  # relaxations solved, and their best scores
        self.widest_rest: Rest | None = None
        #: The relaxations solved ahead (:meth:`_relax_ranked`), by fate (its ``id``: fates
        #: differing only in the tiles they demand compare equal), and whether their plays
        #: are legal.
        self.relaxed: dict[int, tuple[Rest, bool]] = {}
        self.widest = Fate((), len(roles.jokers), ctx.grid.zeros())

    def walk(self, *, stop_at_freed: bool = False) -> bool:
        """Settle the fates left; ``True`` once the reading is settled.

        With ``stop_at_freed``, stop (``False``) at the first fate freeing a joker that its
        bound and the relaxations solved do not settle.
        """
        best = self.best
        while self.done < len(self.ranked) or (self.freeing and self._widen()):
            self._relax_ranked()
            fate_bound, fast, fate = self.ranked[self.done]
            if fate_bound > best.floor and not self._covered(fast, fate):
                if stop_at_freed and fate.freed:
                    return False
                if not (fast and fate.freed) or self._freed_bound(fate) > best.floor:
                    self._solve(fast, fate)
            self.done += 1
            if best.floor >= self.bound:
                break
        return True

    def rank(self, fates: Iterable[Fate]) -> None:
        """Bound ``fates``; those that may beat the best play so far are walked after the others.

        The fates freeing no joker first, then best bound first.
        """
        ranked: list[tuple[bool, int, int, FastRun | None, Fate]] = []
        for fate in fates:
            fate_bound, fast = _fate_bound(
                self.ctx, fate, self.roles, self.table, self.room, self.owing, self.runs_owe
            )
            if fate_bound > self.best.floor:
                ranked.append((fate.freed > 0, -fate_bound, len(ranked), fast, fate))
        ranked.sort(key=lambda f: f[:3])
        self.ranked.extend((-r[1], r[3], r[4]) for r in ranked)

    def _freed_bound(self, fate: Fate) -> int:
        """A fate's bound with no joker standing where a joker it frees stood (:func:`barred`).

        Only its bound: its relaxation (:meth:`_relax`) stays the wide one, so that it holds
        every play of the fates keeping more (:func:`._fates.covers`).
        """
        room = within(self.room, self._barred(fate))
        args = (self.ctx, fate, self.roles, self.table, room, self.owing, self.runs_owe)
        found, _ = _fate_bound(*args)
        return found

    def _search_hosts(self, step: Step, fate: Fate, relaxed: Rest | None) -> None:
        """Where a fate's freed jokers go: the host search (:mod:`._host_search`).

        With plain jokers alone, its relaxations keep out of the freed jokers' roles
        (:func:`._room.barred`), tighter than the fate's. Where the fate's relaxation
        (``relaxed``) laid its best play out of them too, that answer is the host search's
        first bound, and no search repeats it.
        """
        ctx = self.ctx
        if not ctx.colored:
            step = attrs.evolve(step, barred=self._barred(fate))
        found = None if relaxed is None else relaxed.found
        if relaxed and found and keeps_out(found[1], step.barred, ctx.grid, ctx.edition):
            self.host_search.rests.setdefault(rest_key(step, relaxed=True), relaxed)
        self.host_search.search(step)

    def _barred(self, fate: Fate) -> Barred:
        """Where no joker stands in a fate's plays (:func:`._room.barred`)."""
        grid = self.ctx.grid
        return barred(self.roles, fate.kept, grid.columns, grid.rows)

    def _widen(self) -> bool:
        """Before the fates freeing jokers, the relaxation freeing them all.

        It holds every fate's, so where it does not beat the best play, nothing does
        (``False``); else they are bounded and ranked (``True`` if any is left to walk).
        """
        freeing, self.freeing = self.freeing, []
        if self.widest_best() <= self.best.floor:
            return False
        self.rank(freeing)
        return self.done < len(self.ranked)

    def widest_best(self) -> int:
        """The best score of the relaxation freeing every joker, solved once (a bound on all).

        Where the referee refuses its best play for a freed joker's meld without the rack
        tiles it owes, it is solved again with runs owing them too (:mod:`._owing_runs`), and
        so are the relaxations after it: tighter, they often find the best play or bound it
        where the hosts of freed jokers would be searched, but their larger tables cost more
        than the plain ones where those settle the reading (most positions). Where it refuses
        it for a freed joker's run that is not new, it is solved again with runs knowing the
        table's old runs (:mod:`._old_runs`, :mod:`._new_runs`), unless its play, a long run
        split in two, is legal (:meth:`._incumbent.Incumbent.offer_split`).
        """
        for fate, found in self.solved:
            if fate is self.widest:
                return found
        args = (self.ctx, self.best, self.widest, self.roles, self.table, self.room, self.owing)
        found, self.widest_rest = _relax_fate(*args)
        freed = len(self.roles.jokers) + self.roles.roleless
        owing = self.owing is not None and runs_may_owe(freed)
        new = runs_may_owe(freed) and knows_old_runs(self.ctx)  # few jokers, as runs owing
        refused = self._refused() if found > self.best.floor and (owing or new) else set()
        rest = self.widest_rest
        if found > self.best.floor and rest.found and self.best.offer_split(rest.found[1]) == found:
            refused = set()  # legal, its runs split: the reading's best
        if owing and Code.FREED_JOKER_NEEDS_RACK_TILES in refused:
            self.runs_owe = True
            found, self.widest_rest = _relax_fate(*args, runs_owe=True)
        elif Code.FREED_JOKER_NOT_IN_NEW_MELD in refused and (newness := old_runs(self.ctx)):
            found, self.widest_rest = _relax_fate(*args, newness=newness)
        self.solved.append((self.widest, found))
        return found

    def _refused(self) -> set[Code]:
        """Why the referee refused the widest relaxation's play, for a freed joker's run.

        The codes of the violations naming a run: one without the rack tiles it owes, or one
        not new, which runs owing, or runs knowing old runs, rule out. A play refused for groups
        alone (the relaxation's groups owe already, by number) they would find again. Read from
        the verdict its offer got (:meth:`._incumbent.Incumbent.refusals`), not judged again.
        """
        rest = self.widest_rest
        broken = None if rest is None or rest.found is None else self.best.refusals(rest.found[1])
        return codes_in_runs(broken or (), self.ctx.edition)

    def _covered(self, fast: FastRun | None, fate: Fate) -> bool:
        """Whether a relaxation solved so far settles ``fate`` (the widest solved first)."""
        if fast is None:
            return False
        if fate.freed and self._freeing_left() > 1:
            # Before the first fate freeing a joker, the relaxation freeing them all: it
            # holds every fate's, so where it does not beat the best play, nothing does. Not
            # for one fate left: its own relaxation, tighter, settles it as well.
            self.widest_best()
        return any(found <= self.best.floor and covers(wide, fate) for wide, found in self.solved)

    def _freeing_left(self) -> int:
        """The fates freeing jokers not settled yet."""
        return len(self.freeing) + sum(1 for _, _, fate in self.ranked[self.done :] if fate.freed)

    def _relax_ranked(self) -> None:
        """Solve the relaxations of the fates ranked and not walked yet, then rank them again.

        Cheap beside the searches that decide a fate, they often find a legal play, which
        raises the floor those searches start from. A relaxation solved bounds its fate better
        than its bound did: the fates are ranked again by it, and on ties those freeing fewer
        jokers first (their searches are smaller).
        """
        best, fresh = self.best, False
        for fate_bound, fast, fate in self.ranked[self.done :]:
            if fast is None or id(fate) in self.relaxed or fate_bound <= best.floor:
                continue
            if not self._covered(fast, fate):
                self.relaxed[id(fate)] = self._relax(fast, fate)
                fresh = True
        if fresh and not self.ctx.first:  # else a relaxation's play need not be its best
            left = [self._tightened(entry) for entry in self.ranked[self.done :]]
            left.sort(key=lambda entry: (entry[2].freed > 0, -entry[0], entry[2].freed))
            self.ranked[self.done :] = left

    def _relax(self, fast: FastRun, fate: Fate) -> tuple[Rest, bool]:
        """A fate's relaxation solved above the best play so far; whether its play is legal.

        The relaxation freeing every joker is solved once (:meth:`widest_best`). Its best
        score is kept to settle the fates whose relaxations it holds (:meth:`_covered`).
        """
        best = self.best
        relaxed = self.widest_rest
        if not (covers(fate, self.widest) and relaxed is not None and relaxed.found):
            relaxed = Rest(best.floor, fast_solve(self.ctx, best, fast, best.floor))
        found = relaxed.found
        if found is None:
            self.solved.append((fate, relaxed.floor))
        elif not self.ctx.first:  # else the play found need not be the best
            self.solved.append((fate, found[0]))
        return relaxed, found is not None and best.offer(found[1]) == found[0]

    def _tightened(
        self, entry: tuple[int, FastRun | None, Fate]
    ) -> tuple[int, FastRun | None, Fate]:
        """A ranked fate with its bound lowered to its relaxation's best, where solved."""
        fate_bound, fast, fate = entry
        known = self.relaxed.get(id(fate))
        if known is None:
            return entry
        rest = known[0]
        solved = rest.found[0] if rest.found is not None else rest.floor
        return min(fate_bound, solved), fast, fate

    def _solve(self, fast: FastRun | None, fate: Fate) -> None:
        """Solve one fate: its relaxation, then the host search or the exact search."""
        ctx, best, host_search, roles = self.ctx, self.best, self.host_search, self.roles
        claims = bool(fate.claims or fate.group_claims)
        relaxed = None
        if fast is not None:
            relaxed, legal = self.relaxed.get(id(fate)) or self._relax(fast, fate)
            if relaxed.found is None or relaxed.found[0] <= best.floor:
                return  # not even the relaxation beats the best play so far
            if legal and not claims:
                return  # the relaxation's best play is legal: the fate's best
        stock = _stock(ctx, self.table, roles, fate)
        step = Step(stock, fate, fate.low, fate.freed, fate.claims, fate.group_claims)
        if ctx.colored:
            step = attrs.evolve(
                step, freed_colored=fate.freed_colored, colored_laid=(0,) * ctx.grid.rows
            )
        if fate.freed and ctx.hosts_rule:
            self._search_hosts(step, fate, None if claims else relaxed)
        elif claims or fast is None:
            # No rule says where a freed joker goes: it is free, the relaxation is exact.
            # The relaxation's best bounds the rest (unless any play would do).
            solved = None if relaxed is None or ctx.first else relaxed.found
            best_relaxed = None if solved is None else solved[0]
            found = host_search.solve_stock(step, relaxed=True, relaxed_best=best_relaxed)
            if found is not None:
                best.offer(found[1], exact=True)


def _relax_fate(
    ctx: Context,
    best: Incumbent,
    fate: Fate,
    roles: Roles,
    table: Counts,
    room: JokerRoom | None,
    owing: Sequence[bool] | None,
    runs_owe: bool = False,
    newness: Sequence[Sequence[int] | None] | None = None,
) -> tuple[int, Rest]:
    """Solve the relaxation freeing every joker above the best play so far (fast search).

    Its best play is offered (if the referee accepts it, it is the answer), its answer kept
    for the fate freeing them all; the score returned bounds every fate's play.
    """
    _, fast = _fate_bound(ctx, fate, roles, table, room, owing, runs_owe, newness)
    floor = best.floor
    if fast is None:
        return floor, Rest(floor, None)  # the bounds on laid tiles cannot be met
    found = fast_solve(ctx, best, fast, floor)
    rest = Rest(floor, found)
    if found is None:
        return floor, rest
    best.offer(found[1])
    return (UNKNOWN if ctx.first else found[0]), rest  # any play will do: not the best, then


def _fate_bound(
    ctx: Context,
    fate: Fate,
    roles: Roles,
    table: Counts,
    room: JokerRoom | None,
    owing: Sequence[bool] | None = None,
    runs_owe: bool = False,
    newness: Sequence[Sequence[int] | None] | None = None,
) -> tuple[int, FastRun | None]:
    """An upper bound on a fate's plays, and the fast search of its relaxation.

    The search is there only where the fast search applies. In the relaxation the kept
    jokers are pinned, the freed ones free (where ``room`` lets them stand, and where
    ``owing`` is given, in a group only beside a rack tile where it says; with ``runs_owe``, in
    a run only with one too, but where a table joker stood: a fate keeping it lays it there),
    and no claim holds.
    """
    jokers = len(fate.kept) + fate.freed + roles.roleless + ctx.rack_jokers()
    if ctx.fast_applies(jokers):
        fast = fast_search(
            ctx,
            table,
            loose=fate.freed + roles.roleless,
            pins=ctx.pins(fate.kept),
            demanded=fate.low,
            room=room,
            owing=owing,
            runs_owe=runs_owe,
            exempt=ctx.pins(roles.jokers)[0] if runs_owe or newness else None,
            newness=newness,
        )
        return (NEG, None) if fast is None else (fast.bound(), fast)
    built = _fate_problem(ctx, fate, roles, table)
    if built is None:
        return NEG, None
    return Search(built, ctx.budget).bound(), None


def _fate_problem(ctx: Context, fate: Fate, roles: Roles, table: Counts) -> Problem | None:
    """A fate's relaxation for the general search: its freed jokers free to go anywhere."""
    run_pins, group_pins = ctx.pins(fate.kept)
    colored = None
    loose = roles.roleless + fate.freed
    if ctx.colored:
        tinted_run, tinted_group = ctx.colored_pins(fate.kept)
        tinted = tuple(
            a + b for a, b in zip(roles.roleless_colored, fate.freed_colored, strict=True)
        )
        colored = Colored(tinted, tinted_run, tinted_group)
        loose -= sum(tinted)
    return problem(
        ctx,
        table,
        loose=loose,
        run_pins=run_pins,
        group_pins=group_pins,
        run_claims=fate.claims,
        group_claims=fate.group_claims,
        demanded=fate.low,
        colored=colored,
    )


def _stock(ctx: Context, table: Counts, roles: Roles, fate: Fate) -> Stock:
    """What the hosts of a fate may take: the table's tiles, the rack, the jokers left."""
    run_pins, group_pins = ctx.pins(fate.kept)
    if not ctx.colored:
        return Stock(
            table, ctx.rack_most(), ctx.rack_jokers(), roles.roleless, run_pins, group_pins
        )
    tinted_run, tinted_group = ctx.colored_pins(fate.kept)
    return Stock(
        table,
        ctx.rack_most(),
        ctx.rack_jokers(),
        roles.roleless - sum(roles.roleless_colored),
        run_pins,
        group_pins,
        tuple(ctx.rack_colored()),
        roles.roleless_colored,
        tinted_run,
        tinted_group,
    )
