"""Where the freed table jokers go: hosts laid one by one, then the rest solved (private).

Under an edition that says where a freed joker goes (``freed_joker_rack_tiles``,
``freed_joker_new_meld``), :class:`HostSearch` lays hosts (:mod:`._hosts`) until no freed
joker is left, then solves what is left (the *rest*) exactly. The rest with the freed jokers
free bounds every way on from a :class:`Step`; hosts of one row or number are bounded together
(:meth:`HostSearch.shares`); and different hosts often leave the same rest, so each rest is
solved once per solve (:class:`Rest`), and different ways to it often leave the same stock, so
each stock's hosts are listed once per solve.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from rummikub_rules.melds import Meld, RunWrap
from rummikub_rules.solver._budget import FIT, GROUPED, STEP
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import (
    Colored,
    FastRun,
    Scored,
    claims_may_hold,
    fast_search,
    fast_solve,
    general,
    problem,
)
from rummikub_rules.solver._grid import NEG, Counts
from rummikub_rules.solver._host_claims import (
    claim_roles,
    claimed_group_sizes,
    claimed_pins,
    claims_left,
    unmeetable,
    unpinned,
)
from rummikub_rules.solver._host_meld import FREED, Host, Shape, Share
from rummikub_rules.solver._host_order import HostOrder, trying_order
from rummikub_rules.solver._host_step import (
    Rest,
    Step,
    minus,
    pinned_applies,
    plus_rows,
    rest_key,
    row_jokers,
)
from rummikub_rules.solver._hosts import Olds, hosts
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._pinned import rack_recoloured, recoloured
from rummikub_rules.solver._relax import JokerRoom
from rummikub_rules.solver._room import hosts_room, within

__all__ = ["UNKNOWN", "HostSearch", "Rest", "Step", "rest_key"]

#: A bound not worth computing: above every score.
UNKNOWN: Final = 1 << 60

#: Hosts scored, in key order: ``(score, key, host)``.
_Listed = list[tuple[int, tuple[object, ...], Host]]


class HostSearch:
    """The host searches of one solve, and what they share: each rest's answer (``rests``)."""

    __slots__ = ("_lists", "_old", "best", "ctx", "rests")

    def __init__(self, ctx: Context, best: Incumbent) -> None:
        self.ctx, self.best = ctx, best
        self.rests: dict[tuple[object, ...], Rest] = {}
        #: Each stock's hosts, scored and in key order (:meth:`_listed`).
        self._lists: dict[tuple[object, ...], _Listed] = {}
        self._old: Olds | None = None

    def search(self, step: Step, within: _Listed | None = None) -> None:
        """The best plays whose freed jokers go into hosts (:mod:`._hosts`).

        The rest with the freed jokers free bounds them (if it does not beat the best play so
        far, nothing does), and its play goes to the referee: where it is legal, it is the best
        and no host is listed. Else each host in turn, the rest solved exactly once no freed
        joker is left. Before the first host, those taking every freed joker and no table tile
        go first, listed alone: they are few and often make the play, and once the best play
        reaches that bound nothing else is listed. With plain jokers, so do next the hosts that
        are melds of the relaxed play holding a freed joker (its shapes, :func:`.trying_order`):
        that play broke a rule, most often in one meld, and its other joker melds are often
        the best play's. Then every other host. ``within``: the hosts of the step before (the
        hosts from this step are among them). Each step is charged (:data:`._budget.STEP`): its
        rest's key, bound and order.
        """
        self.ctx.budget.charge(STEP)
        best = self.best
        if not step.freed:
            found = self.solve_stock(step)
            if found is not None:
                best.offer([*step.taken, *found[1]])
            return
        relaxed = self.solve_stock(step, relaxed=True, bound=True)
        if relaxed is None:
            return  # not even with the freed jokers anywhere
        if step.colored is None:  # else its play may hold plain jokers for coloured ones
            best.offer([*step.taken, *relaxed[1]])
            if best.floor >= relaxed[0]:
                return  # its play is legal: no host does better
        order, shapes = trying_order(self.ctx.grid, self.ctx.edition, relaxed[1])
        settled: frozenset[tuple[object, ...]] = frozenset()
        if not step.taken:
            passes = [functools.partial(self._listed, step, table_free=True)]
            if shapes and step.colored is None:
                passes.append(functools.partial(self._listed, step, shapes=shapes))
            for listing in passes:
                settled |= self._try(step, relaxed[0], listing(), order, skip=settled)
                if best.floor >= relaxed[0]:
                    return
        listed = self._listed(step, within=within)
        self._try(step, relaxed[0], listed, order, every=True, skip=settled)

    def _listed(
        self,
        step: Step,
        *,
        table_free: bool = False,
        shapes: frozenset[Shape] | None = None,
        within: _Listed | None = None,
    ) -> _Listed:
        """The hosts from the stock of ``step``, scored, in key order.

        Kept for the solve: :meth:`_try` lays only those after the step's last host.
        ``table_free``: only those taking every freed joker and no table tile. ``shapes``: only
        those of these shapes (:func:`.shape`). ``within``: the hosts of a larger stock (the
        step's before its last host): its hosts are those of them that fit, found for less than
        listing them again.
        """
        ctx = self.ctx
        edition = ctx.edition
        stock = step.stock
        if table_free:
            stock = attrs.evolve(stock, table=ctx.grid.zeros())
        least = step.freed if table_free else 1
        key = (stock.key(), step.freed, step.freed_colored, least, shapes)
        scored = self._lists.get(key)
        if scored is None and within is not None and not table_free:
            grid, freed, freed_colored = ctx.grid, step.freed, step.freed_colored
            ctx.budget.charge(len(within) * FIT)
            scored = [e for e in within if e[2].fits(stock, grid, freed, freed_colored)]
            self._lists[key] = scored
        elif scored is None:
            options = hosts(
                ctx.grid,
                stock,
                freed=step.freed,
                need=edition.freed_joker_rack_tiles,
                old=self._olds() if edition.freed_joker_new_meld else None,
                distinct=edition.group_colors_distinct,
                cap=edition.max_jokers_per_meld,
                freed_colored=step.freed_colored,
                edition=edition,
                least=least,
                budget=ctx.budget,
                shapes=shapes,
            )
            weights, joker_weight = ctx.weights, ctx.joker_weight
            scored = [(host.score(weights, joker_weight), host.key, host) for host in options]
            scored.sort()
            self._lists[key] = scored
        return scored

    def _try(
        self,
        step: Step,
        bound: int,
        listed: _Listed,
        order: HostOrder,
        *,
        every: bool = False,
        skip: frozenset[tuple[object, ...]] = frozenset(),
    ) -> frozenset[tuple[object, ...]]:
        """Lay each host listed after the step's last one, until the best play reaches ``bound``.

        See :meth:`search`; hosts are tried in ``order`` (:mod:`._host_order`), and bounded
        in groups first (:meth:`shares`). ``every``: the listing holds every host of the
        stock, and the steps after them list their own hosts among them. Hosts whose keys are
        in ``skip`` are settled already; they still count in the groups. Returns the keys of
        the hosts settled: tried, or ruled out with their group (the best play so far only
        rises, so they stay settled).
        """
        ctx, best = self.ctx, self.best
        after = step.after
        # Hosts in key order: each set of hosts is laid once.
        scored = listed if after is None else [e for e in listed if e[1] >= after]
        groups = self.shares(step, scored)
        settled = []
        for score, key, host in sorted(scored, key=order):
            if best.floor >= bound:
                break  # the best play so far scores what the freed jokers anywhere would
            if key in skip:
                continue
            settled.append(key)
            if groups is not None and self._share_bound(step, groups[host], host) <= best.floor:
                continue  # no host taking these table tiles leads anywhere
            for claims, group_claims in claims_left(host, step.claims, step.group_claims, ctx.grid):
                laid = step.with_host(host, score, ctx.grid, claims, group_claims)
                self.search(laid, listed if every else None)
        return frozenset(settled)

    def shares(self, step: Step, options: _Listed) -> dict[Host, Share] | None:
        """Per host, its group: the hosts one search may bound (``None``: not here).

        Hosts in one row (runs) or number (groups), taking the same kept and loose jokers, are
        bounded by the rest with the whole rack still to lay and every table tile some host of
        the group takes free to lay or leave (scored as if laid from the rack), plus the best
        score of any host of the group: if that does not beat the best play so far, no host of
        the group does. Where the table holds tiles no host of the group can help place, that
        rules out the whole group at once (a position with no play often ends so). Only where
        the rest owes nothing a host may lay: no claim, no bound on laid tiles. Each host
        grouped is charged (:data:`._budget.GROUPED`).
        """
        ctx = self.ctx
        if step.claims or step.group_claims or ctx.laid:
            return None
        ctx.budget.charge(len(options) * GROUPED)
        groups: dict[tuple[object, ...], Share] = {}
        out: dict[Host, Share] = {}
        for score, _, host in options:
            key = (host.meld.kind, host.meld.at, host.jokers_taken(ctx.grid))
            share = groups.get(key)
            if share is None:
                share = groups[key] = Share(step.stock, [host], score)
            else:
                share.add(host, score)
            out[host] = share
        return out

    def _share_bound(self, step: Step, share: Share, host: Host) -> int:
        """An upper bound on the plays with ``host`` (``UNKNOWN``: no group worth a search)."""
        if share.hosts < 2:
            return UNKNOWN
        if share.bound is None:
            share.bound = self._relaxed_share(step, share, host)
        return share.bound

    def _relaxed_share(self, step: Step, share: Share, host: Host) -> int:
        """The bound of a group of hosts (see :meth:`shares`), ``NEG`` if none can be."""
        stock, grid = step.stock, self.ctx.grid
        table = share.left(grid)
        rack = [
            [have + was - left for have, was, left in zip(x, y, z, strict=True)]
            for x, y, z in zip(stock.rack, stock.table, table, strict=True)
        ]
        wide = attrs.evolve(
            share.rest(grid),
            table=table,
            rack=rack,
            rack_jokers=stock.rack_jokers,
            colored_rack=stock.colored_rack,
        )
        relaxed = Step(
            wide, step.fate, self.ctx.grid.zeros(), step.freed - host.freed, barred=step.barred
        )
        relaxed = attrs.evolve(
            relaxed,
            gained=step.gained + share.best,
            laid=step.laid,
            laid_jokers=step.laid_jokers,
            freed_colored=minus(step.freed_colored, host.tinted(FREED, len(step.freed_colored))),
            colored_laid=step.colored_laid,
        )
        found = self.solve_stock(relaxed, relaxed=True, bound=True)
        return NEG if found is None else found[0]

    def solve_stock(
        self,
        step: Step,
        *,
        relaxed: bool = False,
        bound: bool = False,
        relaxed_best: int | None = None,
    ) -> Scored | None:
        """The best play of what is left after the hosts, above the best play so far.

        ``relaxed``: the freed jokers still to place go anywhere (a bound on the hosts' plays).
        ``bound``: only the score is wanted, an upper bound (coloured jokers may be read as
        plain ones: see :meth:`_plain_bound`). ``relaxed_best``: an upper bound the caller has
        solved already (a fate's relaxation), so that a rest with claims is not relaxed again.
        Different hosts often leave the same rest: each rest's answer is kept (:class:`Rest`).
        """
        floor = self.best.floor - step.gained
        bound = bound and step.colored is not None  # else the bound is the rest's best
        key = rest_key(step, relaxed=relaxed, bound=bound)
        known = self.rests.get(key)
        if known is not None and (known.found is not None or floor >= known.floor):
            found = known.found if known.found is not None and known.found[0] > floor else None
        elif bound and self._plain_applies(step):
            found = self._plain_bound(step, relaxed, floor)
            self.rests[key] = Rest(floor, found)
        else:
            found = self._solve_rest(step, relaxed, floor, relaxed_best)
            self.rests[key] = Rest(floor, found)
        if found is None:
            return None
        return found[0] + step.gained, found[1]

    def _solve_rest(
        self, step: Step, relaxed: bool, floor: int, relaxed_best: int | None = None
    ) -> Scored | None:
        """The best play of a rest above ``floor`` (scores without what the hosts gained)."""
        ctx = self.ctx
        stock = step.stock
        if step.claims or step.group_claims:
            # Where runs go round, the tiles of a column may stand elsewhere: not checked there.
            plain = RunWrap(ctx.edition.run_wrap) is RunWrap.NONE
            if plain and unmeetable(stock.table, stock.rack, step.claims, step.group_claims):
                return None
        loose = stock.loose + (step.freed - sum(step.freed_colored) if relaxed else 0)
        colored = step.colored
        if colored is not None and relaxed:
            colored = attrs.evolve(
                colored, loose=plus_rows(stock.colored_loose, step.freed_colored)
            )
        claims = bool(step.claims or step.group_claims)
        jokers = sum(map(sum, stock.run_pins)) + sum(stock.group_pins) + loose
        if colored is not None and not claims and pinned_applies(ctx, stock, colored, relaxed):
            settled, pinned = self._fast_pinned(step, loose, colored, relaxed, floor)
            if settled:
                return pinned
        ceiling = None
        if ctx.fast_applies(jokers + stock.rack_jokers) and (not claims or colored is None):
            if relaxed_best is None or not claims:
                run = self._fast_rest(
                    step,
                    relaxed,
                    loose=loose,
                    rack_jokers=stock.rack_jokers,
                    group_pins=stock.group_pins,
                    laid_jokers=step.laid_jokers,
                )
                # With claims, this is the rest without them, a relaxation: where it has nothing
                # above the floor, nor has the rest; else the general search, which keeps them,
                # can do no better than its best (unless any play would do: not the best then).
                found = None if run is None else fast_solve(ctx, self.best, run, floor)
                if not claims or found is None:
                    return found
                relaxed_best = found[0]
            # Where the freed jokers had room only beside the rack's tiles (:meth:`_room`), a
            # ceiling bounds the hosts' plays but not the general search's problem, whose
            # freed jokers go anywhere: it may find more, so no ceiling stops it. Kept out of
            # the freed jokers' roles alone, it still bounds every play of the fate (the
            # others are other fates'), so it may stop the search there.
            beside_rack = relaxed and hosts_room(ctx.edition, stock, step.freed) is not None
            bound = relaxed_best
            # Tighter: the rest with the tiles its run claims hold kept in runs, as pins; where
            # that does not settle it, with runs keeping its run claims whole (dearer).
            for held in (False, True):
                tighter = self._claimed_bound(step, relaxed, loose, floor, held=held)
                if tighter is None:
                    continue
                if tighter[0] <= floor:
                    return None
                bound = min(bound, tighter[0])
                score, melds = tighter  # often legal: at the ceiling, the rest's best
                at_ceiling = score == bound and not (ctx.first or beside_rack)
                if at_ceiling and melds is not None and self._legal(step, (score, melds)):
                    return score, melds
            ceiling = None if ctx.first or beside_rack else bound
        built = problem(
            ctx,
            stock.table,
            loose=loose,
            rack_jokers=stock.rack_jokers,
            run_pins=stock.run_pins,
            group_pins=stock.group_pins,
            run_claims=step.claims,
            group_claims=step.group_claims,
            demanded=step.demanded,
            rack=stock.rack,
            laid=step.laid,
            laid_jokers=step.laid_jokers,
            colored=colored,
            colored_rack=stock.colored_rack or None,
            colored_laid=step.colored_laid,
        )
        return general(ctx, self.best, built, floor, ceiling)

    def _legal(self, step: Step, found: Scored) -> bool:
        """Whether the referee takes the hosts laid and the rest's play ``found``, at its score."""
        return self.best.offer([*step.taken, *found[1]]) == found[0] + step.gained

    def _claimed_bound(
        self, step: Step, relaxed: bool, loose: int, floor: int, *, held: bool
    ) -> tuple[int, list[Meld] | None] | None:
        """A rest's best score with its claims relaxed (:func:`claimed_pins`), and its play.

        With ``held``, its run claims are kept whole by the runs instead of pinned
        (:func:`claim_roles`; ``None`` where the fast search may not keep them so). A score of
        ``NEG`` if none beats ``floor``; ``None`` where it is not relaxed so. Its play holds
        pins where the table has tiles: it is given with those pins read as the tiles
        (:func:`unpinned`; ``None`` where that is no real play), a play only the referee may
        call legal. Past the budget it is not offered (a run of pins alone may stay in a bound).
        """
        stock, grid = step.stock, self.ctx.grid
        may_hold = held and claims_may_hold(self.ctx, stock.rack_jokers, loose)
        roles = claim_roles(step.claims, grid.rows, grid.columns) if may_hold else None
        if held and roles is None:
            return None
        run_claims = () if roles is not None else step.claims
        pinned = claimed_pins(
            stock.table, stock.run_pins, stock.group_pins, run_claims, step.group_claims
        )
        if pinned is None and roles is None:
            return None
        run = self._fast_rest(
            step,
            relaxed,
            loose=loose,
            rack_jokers=stock.rack_jokers,
            group_pins=stock.group_pins if pinned is None else pinned.group_pins,
            laid_jokers=step.laid_jokers,
            table=None if pinned is None else pinned.table,
            run_pins=None if pinned is None else pinned.run_pins,
            pinned_groups=None if pinned is None else pinned.in_groups,
            claimed=roles,
            group_least=claimed_group_sizes(step.group_claims, grid.columns),
        )
        if run is None or run.bound() <= floor:
            return NEG, None
        found = run.search.solve(floor - run.forced)
        if found is None:
            return NEG, None
        melds = found[1] if pinned is None else unpinned(found[1], pinned)
        return found[0] + run.forced, None if melds is None else [grid.meld(m) for m in melds]

    def _plain_applies(self, step: Step) -> bool:
        """Whether the fast search's rules cover a rest with its coloured jokers read as plain."""
        stock = step.stock
        jokers = sum(map(sum, stock.run_pins)) + sum(stock.group_pins) + stock.all_rack_jokers
        jokers += sum(map(sum, stock.colored_group_pins)) + stock.all_loose + step.freed
        return self.ctx.fast_rules(jokers) and not step.claims

    def _plain_bound(self, step: Step, relaxed: bool, floor: int) -> Scored | None:
        """A rest's best score with every coloured joker read as a plain one (a relaxation).

        Each colour's runs are lent only the plain jokers and its own coloured ones. Only its
        score counts (an upper bound): its play may hold plain jokers for coloured.
        """
        ctx = self.ctx
        stock = step.stock
        group_pins = [
            p + sum(c) for p, c in zip(stock.group_pins, stock.colored_group_pins, strict=True)
        ]
        freed = step.freed if relaxed else 0
        run = self._fast_rest(
            step,
            relaxed,
            loose=stock.all_loose + freed,
            rack_jokers=stock.all_rack_jokers,
            group_pins=group_pins,
            laid_jokers=step.laid_jokers + sum(step.colored_laid),
            # Limits take the group shares from the bound, yet bound a relaxed rest tighter
            # than shares do (its freed jokers, read as plain, might go to any colour's runs).
            row_jokers=row_jokers(step, ctx.grid.rows) if relaxed else None,
        )
        if run is None or run.bound() <= floor:
            return None
        # Runs of jokers alone are no melds, but they may stay in a bound.
        return fast_solve(ctx, self.best, attrs.evolve(run, general=None), floor)

    def _fast_pinned(
        self, step: Step, loose: int, colored: Colored, relaxed: bool, floor: int
    ) -> tuple[bool, Scored | None]:
        """A rest whose coloured jokers are kept ones (or the rack's too), by the fast search.

        The rack's only where every joker of the rest is coloured (:func:`.pinned_applies`).
        They are read as plain ones, a relaxation; the best play then gets them back, the kept
        ones first (:func:`.recoloured`), then the rack's (:func:`.rack_recoloured`). Whether
        that settles it (not where the relaxation's best play does not take them back: the
        general search decides), and its answer.
        """
        ctx = self.ctx
        stock = step.stock
        group_pins = [p + sum(c) for p, c in zip(stock.group_pins, colored.group_pins, strict=True)]
        run = self._fast_rest(
            step,
            relaxed,
            loose=loose,
            rack_jokers=stock.all_rack_jokers,
            group_pins=group_pins,
            laid_jokers=step.laid_jokers,
        )
        if run is None or run.bound() <= floor:
            return True, None  # not even the relaxation beats the floor
        # A run of jokers alone is no meld: the general search decides then.
        found = fast_solve(ctx, self.best, attrs.evolve(run, general=None), floor)
        if found is None:
            return True, None
        melds = recoloured(found[1], ctx.grid, ctx.edition, colored.run_pins, colored.group_pins)
        if melds is not None and any(stock.colored_rack):
            melds = rack_recoloured(melds, ctx.grid, ctx.edition, 0, stock.colored_rack)
        return (False, None) if melds is None else (True, (found[0], melds))

    def _fast_rest(
        self,
        step: Step,
        relaxed: bool,
        *,
        loose: int,
        rack_jokers: int,
        group_pins: list[int],
        laid_jokers: int,
        table: Counts | None = None,
        run_pins: Counts | None = None,
        row_jokers: list[int] | None = None,
        pinned_groups: Counts | None = None,
        claimed: list[list[int] | None] | None = None,
        group_least: list[int] | None = None,
    ) -> FastRun | None:
        """The fast search over a rest's stock and bounds, with the jokers given.

        ``table`` and ``run_pins`` replace the stock's, ``claimed`` keeps run claims whole and
        ``group_least`` the sizes of the claims' groups (see :meth:`_claimed_bound`);
        ``row_jokers`` limits each colour's jokers in the bound (:func:`._engines.fast_search`).
        ``pinned_groups``: the tiles the claims' groups took from the table as pins, per cell.
        At those numbers a freed joker joins the groups unowed: a rack tile laid beside it may
        be one a pin stands for (copies are alike). A freed joker's run owes a rack tile too
        (:mod:`._owing_runs`), but where claims became pins.
        """
        stock = step.stock
        room, owing = self._room(step, relaxed)
        if owing is not None and pinned_groups is not None:
            owing = [o and not any(row) for o, row in zip(owing, pinned_groups, strict=True)]
        return fast_search(
            self.ctx,
            stock.table if table is None else table,
            loose=loose,
            rack_jokers=rack_jokers,
            pins=(stock.run_pins if run_pins is None else run_pins, group_pins),
            demanded=step.demanded,
            rack=stock.rack,
            laid=step.laid,
            laid_jokers=laid_jokers,
            room=room,
            row_jokers=row_jokers,
            owing=owing,
            # A claim's pin may stand for a rack tile's copy: its run need not owe then. Runs
            # keeping claims know nothing of owing (a relaxation).
            runs_owe=run_pins is None and claimed is None,
            claimed=claimed,
            group_least=group_least,
        )

    def _room(self, step: Step, relaxed: bool) -> tuple[JokerRoom | None, list[bool] | None]:
        """Where a relaxed rest's freed jokers may stand (``None``: anywhere), and owing.

        Beside the rack's tiles, as in the hosts that would take them (:func:`.hosts_room`),
        and out of the roles of the jokers the fate frees (:func:`.barred`). Where they stand
        beside the rack's tiles, each is a host's and owes a rack tile in its meld: in a group,
        one of its number laid there (``owing``, per number; :class:`._fast.FastSearch`), in a
        run one laid in it (:meth:`_fast_rest`).
        """
        if not relaxed:
            return None, None
        room = hosts_room(self.ctx.edition, step.stock, step.freed)
        owing = None if room is None else [True] * len(step.stock.table)
        return (room if step.barred is None else within(room, step.barred)), owing

    def _olds(self) -> Olds:
        """The melds before, for the newness of hosts (computed once)."""
        if self._old is None:
            ctx = self.ctx
            grid = ctx.grid
            melds = []
            for meld in ctx.table.melds:
                counts: dict[tuple[int, int], int] = {}
                for tile in meld.tiles:
                    cell = grid.cell(tile) if tile.number is not None else None
                    if cell is not None:
                        counts[cell] = counts.get(cell, 0) + 1
                if counts:
                    melds.append(counts)
            table = ctx.counts(ctx.table.tiles)
            rack = ctx.rack_counts()
            assert table is not None
            self._old = Olds(
                tuple(melds),
                {(c, r): n for c, row in enumerate(table) for r, n in enumerate(row) if n},
                {(c, r): n for c, row in enumerate(rack) for r, n in enumerate(row) if n},
            )
        return self._old
