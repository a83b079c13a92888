"""How one position is solved: relax, propose, verify, and search exactly where needed (private).

1. **Relaxation.** Every table joker may go anywhere and no joker rule applies: any legal play is
   a play of this relaxed position, so its best score bounds the answer. If no relaxed play lays
   a tile, nothing is legal. If the referee accepts the relaxed best play, it is the answer.
2. **Pinned.** Every table joker stays in its role: nothing is retrieved, so (where melds holding
   jokers may be split) the best such play is legal. If it scores the bound, it is the answer.
3. **Exact.** The general search (:mod:`._search`) with every rule in force, for each reading of
   the table's ambiguous melds and (under ``replace``) each *fate* of the table's jokers: kept,
   or freed with the tiles that take its place laid from the rack or standing in its place.
   Each fate's bound and relaxed play come from the fast search where it applies, so most
   fates are settled without the general search. The relaxation freeing every joker holds
   every fate's, and a fate's holds those of fates freeing fewer of its jokers: one refuted
   settles the others (:func:`_covers`). Where freed jokers need hosts, the hosts of one row
   or number are bounded together (:meth:`_Plan._shares`), and each rest left by hosts is
   solved once (:class:`_Rest`). Each answer is verified.

Steps 1 and 2 use the fast search (:mod:`._fast`) where the meld rules are the standard ones,
else the general search. Where the player has not opened, the opening is the best set of new
melds from the rack worth the threshold (and, under ``opening_may_use_table``, the search over
the whole table with the pure-rack melds counted). A :class:`~._budget.Budget` bounds the work;
when it runs out, the best verified play so far is the answer, not proven optimal.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final, Literal, TypeAlias

import attrs

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition, JokerInInitialMeld, JokerRetrieval, ReplacementFrom
from rummikub_rules.melds import Meld, MeldKind, RunWrap, Table
from rummikub_rules.solver._budget import SETUP, Budget, BudgetSpent
from rummikub_rules.solver._fast import FastSearch
from rummikub_rules.solver._grid import NEG, Counts, FoundMeld, Grid, Objective, grid_of, weights
from rummikub_rules.solver._groups import GroupClaim, GroupRules
from rummikub_rules.solver._hosts import Host, Olds, Stock, hosts
from rummikub_rules.solver._position import (
    Roles,
    TableJoker,
    claim_parts,
    locked,
    readings,
    renumbered,
    run_columns,
)
from rummikub_rules.solver._problem import Opening, Problem
from rummikub_rules.solver._relax import group_caps
from rummikub_rules.solver._runs import ANY, NUMBERED, Cell, Claim, RunRules
from rummikub_rules.solver._search import Found, Search
from rummikub_rules.solver._verify import legal
from rummikub_rules.tiles import JOKER, Tile

__all__ = ["ENGINES", "Engine", "SearchResult", "solve"]

#: The engines a solve may use: ``"auto"`` (the fast search where the meld rules allow it, the
#: general search elsewhere) or ``"general"`` (the general search only; for tests and
#: benchmarks, which compare the two).
Engine = Literal["auto", "general"]
ENGINES: Final = ("auto", "general")

#: Bounds on how many copies of each rack tile (the joker included) a play lays.
Laid = Mapping[Tile, tuple[int, int]]


@attrs.frozen
class SearchResult:
    """A solve's answer: the best legal play found, whether it is proven best, its score."""

    play: Play | None
    proven: bool
    score: int


def solve(
    table: Table,
    rack: Sequence[Tile],
    *,
    opened: bool,
    edition: Edition,
    objective: Objective,
    budget: Budget,
    engine: Engine = "auto",
    first: bool = False,
    laid: Laid | None = None,
) -> SearchResult:
    """Solve one position (see the module docstring); ``first``: any legal play will do."""
    return _Plan(table, tuple(rack), opened, edition, objective, budget, engine, first, laid).run()


class _Plan:
    def __init__(
        self,
        table: Table,
        rack: tuple[Tile, ...],
        opened: bool,
        edition: Edition,
        objective: Objective,
        budget: Budget,
        engine: Engine,
        first: bool,
        laid: Laid | None,
    ) -> None:
        self.table, self.rack, self.opened, self.edition = table, rack, opened, edition
        self.budget, self.first = budget, first
        self.grid = grid_of(edition)
        self.plain = (
            engine == "auto"
            and RunWrap(edition.run_wrap) is RunWrap.NONE
            and edition.group_colors_distinct
        )
        self.weights, self.joker_weight = weights(
            self.grid.numbers, rack, objective, edition.joker_penalty
        )
        self.weight_of = dict(zip(self.grid.numbers, self.weights, strict=True))
        self.laid = laid or {}
        self.best: tuple[int, Play] | None = None
        self._old: Olds | None = None
        self._caps: list[int] | None = None
        self._rests: dict[tuple[object, ...], _Rest] = {}
        #: The relaxation freeing every table joker, once solved.
        self._widest: _Rest | None = None

    # -- the answer ------------------------------------------------------------------------------

    def run(self) -> SearchResult:
        if not self._inventory_ok():
            return SearchResult(None, True, 0)
        try:
            if self.opened:
                self._opened()
            else:
                self._opening()
        except BudgetSpent:
            return self._outcome(proven=False)
        except _Done:
            pass
        return self._outcome(proven=True)

    def _outcome(self, *, proven: bool) -> SearchResult:
        if self.best is None:
            return SearchResult(None, proven, 0)
        return SearchResult(self.best[1], proven, self.best[0])

    def _offer(self, melds: Sequence[Meld], *, keep: Sequence[Meld] = ()) -> int | None:
        """Verify a play (new table: ``keep`` and ``melds``); keep it if it is the best so far.

        Returns its score if legal. Under ``first`` a legal play ends the solve.
        """
        after = Table((*keep, *melds))
        if not legal(self.table, self.rack, after, opened=self.opened, edition=self.edition):
            return None
        score = self._score(after)
        if score <= 0:
            return None
        if self.best is None or score > self.best[0]:
            self.best = (score, Play(after))
        if self.first:
            raise _Done
        return score

    def _score(self, after: Table) -> int:
        laid = Counter(after.tiles) - Counter(self.table.tiles)
        return sum(
            n * (self.joker_weight if t.number is None else self.weight_of[t.number])
            for t, n in laid.items()
        )

    @property
    def floor(self) -> int:
        return 0 if self.best is None else self.best[0]

    def _inventory_ok(self) -> bool:
        """Whether table and rack hold only tiles the set has, in copies it has.

        Else the referee refuses every turn: ``unknown_tile``.
        """
        return self._inventory_ok_for((*self.table.tiles, *self.rack))

    def _inventory_ok_for(self, tiles: Sequence[Tile]) -> bool:
        tile_set = self.edition.tile_set
        return all(n <= tile_set.count(t) for t, n in Counter(tiles).items())

    # -- opened ----------------------------------------------------------------------------------

    def _opened(self) -> None:
        table = self._counts(t for m in self.table.melds for t in m.tiles)
        assert table is not None
        jokers = sum(m.jokers for m in self.table.melds)
        if not jokers:
            # No joker of the table: no joker rule applies, the relaxation is the problem.
            found = self._relaxed(table, 0)
            if found is not None:
                self._offer(found)
            return
        bound = self._relaxed_bound(table, jokers)
        if bound <= 0:
            return  # nothing can be laid, even with the rules of jokers set aside
        for roles in readings(self.table, self.grid, self.edition):
            self._exact(roles, bound, table)
            if self.floor >= bound:
                return

    def _relaxed(self, table: Counts, jokers: int) -> list[Meld] | None:
        """The best play with ``jokers`` table jokers free to go anywhere, no joker rule."""
        if self._fast_applies(jokers + self._rack_jokers()):
            search = self._fast_search(table, loose=jokers)
            found = None if search is None else self._fast_solve(search, self.floor)
        else:
            found = self._general(self._problem(table, loose=jokers), self.floor)
        return None if found is None else found[1]

    def _relaxed_bound(self, table: Counts, jokers: int) -> int:
        """An upper bound on every play: table jokers free, no joker rule (``NEG``: none)."""
        if self._fast_applies(jokers + self._rack_jokers()):
            search = self._fast_search(table, loose=jokers)
            return NEG if search is None else search.bound()
        problem = self._problem(table, loose=jokers)
        return NEG if problem is None else Search(problem, self.budget).bound()

    def _exact(self, roles: Roles, bound: int, table: Counts) -> None:
        """Every rule in force, for one reading of the table's melds, fate by fate.

        First the fate keeping every joker (see :meth:`_fates`; its play is legal unless melds
        are locked), then the others, best bound first. A fate's relaxation (the freed jokers
        free) is solved by the fast search where it applies: if it does not beat the best play
        so far, the fate is done, and so is every fate whose relaxation it holds
        (:func:`_covers`); if the referee accepts its play, that play is the fate's best.
        Otherwise the exact search decides.
        """
        fates: list[tuple[bool, int, int, _FastRun | None, _Fate]] = []
        for fate in self._fates(roles):
            fate_bound, fast = self._fate_bound(fate, roles, table)
            if fate_bound > self.floor:
                fates.append((fate.freed > 0, -fate_bound, len(fates), fast, fate))
        fates.sort(key=lambda f: f[:3])
        solved: list[tuple[_Fate, int]] = []  # relaxations solved, and their best scores
        self._widest = None
        widest = _Fate((), len(roles.jokers), self.grid.zeros())
        for _, minus_bound, _, fast, fate in fates:
            if -minus_bound <= self.floor:
                continue
            if fate.freed and fast is not None and not any(f is widest for f, _ in solved):
                # Before the first fate freeing a joker, the relaxation freeing them all: it
                # holds every fate's, so where it does not beat the best play, nothing does.
                solved.append((widest, self._relax_fate(widest, roles, table)))
            if fast is not None and any(
                best <= self.floor and _covers(wide, fate) for wide, best in solved
            ):
                continue  # a wider relaxation does not beat the best play so far
            claims = bool(fate.claims or fate.group_claims)
            relaxed = None
            if fast is not None:
                relaxed = self._widest
                if not (_covers(fate, widest) and relaxed is not None and relaxed.found):
                    relaxed = _Rest(self.floor, self._fast_solve(fast, self.floor))
                if relaxed.found is None:
                    solved.append((fate, relaxed.floor))
                    continue  # not even the relaxation beats the best play so far
                if not self.first:  # else the play found need not be the best
                    solved.append((fate, relaxed.found[0]))
                if self._offer(relaxed.found[1]) == relaxed.found[0] and not claims:
                    continue  # the relaxation's best play is legal: the fate's best
            stock = Stock(
                table, self._rack_counts(), self._rack_jokers(), roles.roleless,
                *self._pins(fate.kept),
            )  # fmt: skip
            step = _Step(stock, fate, fate.low, fate.freed, fate.claims, fate.group_claims)
            if relaxed is not None and not claims:
                # The host search starts from this very relaxation: keep its answer.
                self._rests.setdefault(_rest_key(step, relaxed=True), relaxed)
            if fate.freed and self._hosts_rule:
                self._host_search(step)
            elif claims or fast is None:
                # No rule says where a freed joker goes: it is free, the relaxation is exact.
                found = self._solve_stock(step, relaxed=True)
                if found is not None:
                    self._offer(found[1])
            if self.floor >= bound:
                return

    def _relax_fate(self, fate: _Fate, roles: Roles, table: Counts) -> int:
        """Solve the relaxation freeing every joker above the best play so far (fast search).

        Its best play is offered (if the referee accepts it, it is the answer), its answer kept
        for the fate freeing them all; the score returned bounds every fate's play.
        """
        _, fast = self._fate_bound(fate, roles, table)
        assert fast is not None  # the fast search applies to every fate or to none
        floor = self.floor
        found = self._fast_solve(fast, floor)
        self._widest = _Rest(floor, found)
        if found is None:
            return floor
        self._offer(found[1])
        return _UNKNOWN if self.first else found[0]  # any play will do: not the best, then

    @property
    def _hosts_rule(self) -> bool:
        """Whether a freed joker must go into a host meld (rack tiles, or a new meld)."""
        return self.edition.freed_joker_rack_tiles > 0 or self.edition.freed_joker_new_meld

    def _host_search(self, step: _Step) -> None:
        """The best plays whose freed jokers go into hosts (:mod:`._hosts`).

        The rest with the freed jokers free bounds them (if it does not beat the best play so
        far, nothing does); else each host in turn, the rest solved exactly once no freed joker
        is left.
        """
        if not step.freed:
            found = self._solve_stock(step)
            if found is not None:
                self._offer([*step.taken, *found[1]])
            return
        relaxed = self._solve_stock(step, relaxed=True)
        if relaxed is None:
            return  # not even with the freed jokers anywhere
        edition = self.edition
        options = hosts(
            self.grid,
            step.stock,
            freed=step.freed,
            need=edition.freed_joker_rack_tiles,
            old=self._olds() if edition.freed_joker_new_meld else None,
            distinct=edition.group_colors_distinct,
            cap=edition.max_jokers_per_meld,
        )
        scored = sorted(
            (h.score(self.weights, self.joker_weight), h.key, h)
            for h in options
            if step.after is None or h.key >= step.after  # hosts in order: each set once
        )
        # Hosts taking every freed joker first (the rest is then solved exactly), then the
        # best scoring.
        self.budget.charge(len(scored))
        shares = self._shares(step, [host for _, _, host in scored])
        for score, _, host in sorted(scored, key=lambda x: (-x[2].freed, -x[0])):
            if self.floor >= relaxed[0]:
                return  # the best play so far scores what the freed jokers anywhere would
            if shares is not None and self._share_bound(step, shares[host], host) <= self.floor:
                continue  # no host taking these table tiles leads anywhere
            for claims, group_claims in _claims_left(host, step, self.grid):
                self._host_search(step.with_host(host, score, self.grid, claims, group_claims))

    def _shares(self, step: _Step, options: Sequence[Host]) -> dict[Host, _Share] | None:
        """Per host, its group: the hosts one search may bound (``None``: not here).

        Hosts in one row (runs) or number (groups), leaving the same kept and loose jokers, are
        bounded by the rest with the whole rack still to lay and every table tile some host of
        the group takes free to lay or leave (scored as if laid from the rack), plus the best
        score of any host of the group: if that does not beat the best play so far, no host of
        the group does. Where the table holds tiles no host of the group can help place, that
        rules out the whole group at once (a position with no play often ends so). Only where
        the rest owes nothing a host may lay: no claim, no bound on laid tiles.
        """
        if step.claims or step.group_claims or self.laid:
            return None
        groups: dict[tuple[object, ...], _Share] = {}
        out: dict[Host, _Share] = {}
        for host in options:
            rest = host.rest(step.stock, self.grid)
            taken = [
                [a - b for a, b in zip(x, y, strict=True)]
                for x, y in zip(step.stock.table, rest.table, strict=True)
            ]
            score = host.score(self.weights, self.joker_weight)
            key = (
                host.meld.kind,
                host.meld.at,
                _freeze(rest.run_pins),
                tuple(rest.group_pins),
                rest.loose,
                host.freed,
            )
            share = groups.get(key)
            if share is None:
                share = groups[key] = _Share(rest, taken, score)
            else:
                share.add(taken, score)
            out[host] = share
        return out

    def _share_bound(self, step: _Step, share: _Share, host: Host) -> int:
        """An upper bound on the plays with ``host`` (``_UNKNOWN``: no group worth a search)."""
        if share.hosts < 2:
            return _UNKNOWN
        if share.bound is None:
            share.bound = self._relaxed_share(step, share, host.freed)
        return share.bound

    def _relaxed_share(self, step: _Step, share: _Share, freed: int) -> int:
        """The bound of a group of hosts (see :meth:`_shares`), ``NEG`` if none can be."""
        stock = step.stock
        table = [
            [a - b for a, b in zip(x, y, strict=True)]
            for x, y in zip(stock.table, share.taken, strict=True)
        ]
        rack = [_plus(x, y) for x, y in zip(stock.rack, share.taken, strict=True)]
        wide = attrs.evolve(share.rest, table=table, rack=rack, rack_jokers=stock.rack_jokers)
        relaxed = _Step(wide, step.fate, self.grid.zeros(), step.freed - freed)
        relaxed = attrs.evolve(
            relaxed,
            gained=step.gained + share.best,
            laid=step.laid,
            laid_jokers=step.laid_jokers,
        )
        found = self._solve_stock(relaxed, relaxed=True)
        return NEG if found is None else found[0]

    def _solve_stock(self, step: _Step, *, relaxed: bool = False) -> tuple[int, list[Meld]] | None:
        """The best play of what is left after the hosts, above the best play so far.

        ``relaxed``: the freed jokers still to place go anywhere (a bound on the hosts' plays).
        Different hosts often leave the same rest: each rest's answer is kept (:class:`_Rests`).
        """
        floor = self.floor - step.gained
        key = _rest_key(step, relaxed=relaxed)
        known = self._rests.get(key)
        if known is not None and (known.found is not None or floor >= known.floor):
            found = known.found if known.found is not None and known.found[0] > floor else None
        else:
            found = self._solve_rest(step, relaxed, floor)
            self._rests[key] = _Rest(floor, found)
        if found is None:
            return None
        return found[0] + step.gained, found[1]

    def _solve_rest(self, step: _Step, relaxed: bool, floor: int) -> tuple[int, list[Meld]] | None:
        """The best play of a rest above ``floor`` (scores without what the hosts gained)."""
        stock = step.stock
        loose = stock.loose + (step.freed if relaxed else 0)
        claims = bool(step.claims or step.group_claims)
        jokers = sum(map(sum, stock.run_pins)) + sum(stock.group_pins) + loose
        if self._fast_applies(jokers + stock.rack_jokers) and not claims:
            run = self._fast_search(
                stock.table,
                loose=loose,
                rack_jokers=stock.rack_jokers,
                pins=(stock.run_pins, stock.group_pins),
                demanded=step.demanded,
                rack=stock.rack,
                laid=step.laid,
                laid_jokers=step.laid_jokers,
                caps=self._wide_caps() if relaxed else None,
            )
            found = None if run is None or run.bound() <= floor else self._fast_solve(run, floor)
        else:
            problem = self._problem(
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
            )
            found = self._general(problem, floor)
        return found

    def _wide_caps(self) -> list[int]:
        """Group caps of the whole position with every joker free.

        They are no smaller than those of any part of it, so the searches after hosts share
        their colour tables.
        """
        if self._caps is None:
            counts = self._counts((*self.table.tiles, *self.rack))
            assert counts is not None
            jokers = sum(1 for t in (*self.table.tiles, *self.rack) if t.number is None)
            self._caps = group_caps(counts, jokers, distinct=True)
        return self._caps

    def _olds(self) -> Olds:
        """The melds before, for the newness of hosts (computed once)."""
        if self._old is None:
            grid = self.grid
            melds = []
            for meld in self.table.melds:
                counts: dict[tuple[int, int], int] = {}
                for tile in meld.tiles:
                    cell = grid.cell(tile) if tile.number is not None else None
                    if cell is not None:
                        counts[cell] = counts.get(cell, 0) + 1
                if counts:
                    melds.append(counts)
            table = self._counts(self.table.tiles)
            rack = self._rack_counts()
            assert table is not None
            self._old = Olds(
                tuple(melds),
                {(c, r): n for c, row in enumerate(table) for r, n in enumerate(row) if n},
                {(c, r): n for c, row in enumerate(rack) for r, n in enumerate(row) if n},
            )
        return self._old

    def _rack_counts(self) -> Counts:
        rack = self._counts(self.rack)
        assert rack is not None
        return rack

    def _fate_bound(self, fate: _Fate, roles: Roles, table: Counts) -> tuple[int, _FastRun | None]:
        """An upper bound on a fate's plays, and the fast search of its relaxation.

        The search is there only where the fast search applies. In the relaxation the kept
        jokers are pinned, the freed ones free, and no claim holds.
        """
        jokers = len(fate.kept) + fate.freed + roles.roleless + self._rack_jokers()
        if self._fast_applies(jokers):
            fast = self._fast_search(
                table,
                loose=fate.freed + roles.roleless,
                pins=self._pins(fate.kept),
                demanded=fate.low,
            )
            return (NEG, None) if fast is None else (fast.bound(), fast)
        problem = self._fate_problem(fate, roles, table)
        if problem is None:
            return NEG, None
        return Search(problem, self.budget).bound(), None

    def _fate_problem(self, fate: _Fate, roles: Roles, table: Counts) -> Problem | None:
        """A fate's relaxation for the general search: its freed jokers free to go anywhere."""
        run_pins, group_pins = self._pins(fate.kept)
        return self._problem(
            table,
            loose=roles.roleless + fate.freed,
            run_pins=run_pins,
            group_pins=group_pins,
            run_claims=fate.claims,
            group_claims=fate.group_claims,
            demanded=fate.low,
        )

    def _search_exact(self, problem: Problem | None) -> None:
        if problem is not None:
            self._run(Search(problem, self.budget, first=self.first))

    def _run(self, search: Search) -> None:
        found = self._searched(search, self.floor)
        if found is not None:
            self._offer(found[1])

    # -- the fates of the table's jokers -----------------------------------------------------------

    def _fates(self, roles: Roles) -> Iterator[_Fate]:
        """Every way to say which jokers are freed, and what takes each freed one's place.

        Identical jokers are freed alike; what takes a freed joker's place is chosen under
        ``replace`` only (rules section 4.5).
        """
        edition = self.edition
        replace = edition.joker_retrieval is JokerRetrieval.REPLACE
        in_place = edition.replacement_from is ReplacementFrom.RACK_OR_TABLE
        run_claims: list[Claim] = []
        group_claims: list[tuple[int, GroupClaim]] = []
        if edition.joker_melds_extend_only:
            run_claims, group_claims = locked(self.table, roles, self.grid)
        kinds: dict[tuple[object, ...], list[TableJoker]] = {}
        for joker in roles.jokers:
            kinds.setdefault(joker.identity, []).append(joker)
        per_kind = []
        for jokers in kinds.values():
            options: list[_Replacement | None] = [None]
            if replace:
                options = list(self._replacements(jokers[0], in_place))
            per_kind.append(
                [
                    (freed, combo)
                    for freed in range(len(jokers) + 1)
                    for combo in itertools.combinations_with_replacement(options, freed)
                ]
            )
        for choice in itertools.product(*per_kind):
            kept: list[TableJoker] = []
            low = self.grid.zeros()
            claims_g = list(group_claims)
            in_place_runs: list[_RunInPlace] = []
            freed = 0
            for jokers, (count, combo) in zip(kinds.values(), choice, strict=True):
                kept.extend(jokers[count:])
                freed += count
                for replacement in combo:
                    if isinstance(replacement, _RunInPlace):
                        in_place_runs.append(replacement)
                    elif replacement is not None:
                        replacement.apply(low, claims_g)
            for claims in _in_place_ways(self.grid, in_place_runs, tuple(run_claims)):
                yield _Fate(tuple(kept), freed, low, claims, tuple(claims_g))

    def _replacements(self, joker: TableJoker, in_place: bool) -> list[_Replacement]:
        """The ways a freed joker's place may be taken (rules section 4.5, ``replace``)."""
        meld = self.table.melds[joker.meld]
        if joker.kind is MeldKind.RUN:
            tile_column = (
                0 if self.grid.high and joker.column == self.grid.columns - 1 else joker.column
            )
            options: list[_Replacement] = [_FromRack(((tile_column, joker.row),))]
            if in_place:
                options.append(self._in_place_run(joker))
            return options
        out: list[_Replacement] = []
        for rows in itertools.combinations_with_replacement(joker.missing, joker.wanted):
            out.append(_FromRack(tuple((joker.column, row) for row in rows)))
            if in_place:
                counts = Counter(
                    self.grid.color_row[t.color] for t in meld.tiles if t.number is not None
                )
                counts.update(rows)
                claim = GroupClaim(tuple(counts[r] for r in range(self.grid.rows)), 0, shared=True)
                out.append(_GroupInPlace(joker.column, claim))
        return out

    def _in_place_run(self, joker: TableJoker) -> _RunInPlace:
        """A run joker replaced in place (``rack_or_table``).

        Its meld's numbered tiles and the tile it stood for stand in one run.
        """
        meld = self.table.melds[joker.meld]
        reading = meld.reading(self.edition)
        assert reading is not None
        assert reading.kind is MeldKind.RUN
        columns = run_columns(self.grid, reading)
        demands = [
            NUMBERED if t.number is not None or c == joker.column else ANY
            for t, c in zip(meld.tiles, columns, strict=True)
        ]
        return _RunInPlace(joker.meld, joker.row, tuple(columns), tuple(demands))

    # -- the opening -----------------------------------------------------------------------------

    def _opening(self) -> None:
        """The initial meld (rules section 4.4): new melds of rack tiles worth the threshold."""
        edition = self.edition
        if any(not m.is_valid(edition) for m in self.table.melds):
            if edition.opening_may_use_table:
                self._opening_on_table()
            return  # the table before is not valid: no turn can leave it as it is
        rule = JokerInInitialMeld(edition.joker_in_initial_meld)
        jokers = 0 if rule is JokerInInitialMeld.FORBIDDEN else self._rack_jokers()
        threshold = max(1, edition.initial_meld_points)
        opening = Opening(threshold, jokers_count=rule is JokerInInitialMeld.COUNTS)
        empty = self.grid.zeros()
        proven_alone = False
        if self._fast_applies(jokers) and not self._rack_reaches(jokers, opening):
            proven_alone = True  # no melds of the rack alone are worth the threshold
        elif self._fast_applies(jokers):
            found = self._fast(empty, rack_jokers=jokers)
            if found is not None:
                melds = found[1]
                if self._opening_value(melds, opening) >= threshold:
                    self._offer(melds, keep=self.table.melds)
                    proven_alone = True
        if not proven_alone:
            problem = self._problem(empty, rack_jokers=jokers, opening=opening)
            if problem is not None:
                found = self._general(problem, self.floor)
                if found is not None:
                    self._offer(found[1], keep=self.table.melds)
        if edition.opening_may_use_table:
            self._opening_on_table()

    def _rack_reaches(self, jokers: int, opening: Opening) -> bool:
        """Whether melds of the rack alone may be worth the opening's threshold.

        The fast search for the most points, a joker counted as the highest number (or as
        nothing where jokers do not count): if nothing reaches the threshold, no opening from
        the rack does. Else, where any play will do, its melds are offered. With many jokers
        only its bound is asked (the search grows with them).
        """
        self.budget.charge(SETUP)
        joker_weight = max(self.grid.numbers) if opening.jokers_count else 0
        search = FastSearch(
            self.grid.zeros(),
            self._rack_counts(),
            list(self.grid.numbers),
            budget=self.budget,
            jokers=(0, jokers),
            joker_weight=joker_weight,
            first=self.first,
        )
        if search.bound() < opening.threshold:
            return False
        if jokers > _POINTS_JOKERS:
            return True  # the search would cost more than it saves
        found = self._fast_solve(_FastRun(search, 0), opening.threshold - 1)
        if found is None:
            return False
        if self.first and self._opening_value(found[1], opening) >= opening.threshold:
            self._offer(found[1], keep=self.table.melds)
        return True

    def _opening_on_table(self) -> None:
        """The initial meld under ``opening_may_use_table``, the table rearranged too.

        New melds of rack tiles reach the threshold, and the rest of the turn rearranges the
        table (no joker is retrieved before the opening).
        """
        edition = self.edition
        table = self._counts(t for m in self.table.melds for t in m.tiles)
        assert table is not None
        rule = JokerInInitialMeld(edition.joker_in_initial_meld)
        jokers = 0 if rule is JokerInInitialMeld.FORBIDDEN else self._rack_jokers()
        # A threshold of 0 is met by any turn: the rack's melds need not count for anything.
        opening = (
            Opening(
                edition.initial_meld_points,
                every_meld=False,
                jokers_count=rule is JokerInInitialMeld.COUNTS,
            )
            if edition.initial_meld_points > 0
            else None
        )
        for roles in readings(self.table, self.grid, edition):
            run_claims: list[Claim] = []
            group_claims: list[tuple[int, GroupClaim]] = []
            if edition.joker_melds_extend_only:
                run_claims, group_claims = locked(self.table, roles, self.grid)
            run_pins, group_pins = self._pins(roles.jokers)
            if self._fast_applies(len(roles.jokers) + roles.roleless + jokers):
                # The relaxation: an opened player's best play, jokers kept in their roles.
                fast = self._fast_search(
                    table, loose=roles.roleless, rack_jokers=jokers, pins=(run_pins, group_pins)
                )
                if fast is None or fast.bound() <= self.floor:
                    continue
                found = self._fast_solve(fast, self.floor)
                if found is None or self._offer(found[1]) == found[0]:
                    continue  # nothing beats the best play so far, or the best is legal
            problem = self._problem(
                table,
                loose=roles.roleless,
                rack_jokers=jokers,
                run_pins=run_pins,
                group_pins=group_pins,
                run_claims=run_claims,
                group_claims=group_claims,
                opening=opening,
            )
            if problem is not None:
                self._search_exact(problem)

    def _opening_value(self, melds: Sequence[Meld], opening: Opening) -> int:
        if opening.jokers_count:
            return sum(m.value(self.edition) or 0 for m in melds)
        return sum(t.value for m in melds for t in m.tiles)

    # -- engines ---------------------------------------------------------------------------------

    def _fast(
        self,
        table: Counts,
        *,
        loose: int = 0,
        rack_jokers: int | None = None,
        pins: tuple[Counts, list[int]] | None = None,
        floor: int | None = None,
    ) -> tuple[int, list[Meld]] | None:
        """The fast search's best play above ``floor`` (default: the best play so far)."""
        search = self._fast_search(table, loose=loose, rack_jokers=rack_jokers, pins=pins)
        if search is None:
            return None
        return self._fast_solve(search, self.floor if floor is None else floor)

    def _fast_search(
        self,
        table: Counts,
        *,
        loose: int = 0,
        rack_jokers: int | None = None,
        pins: tuple[Counts, list[int]] | None = None,
        demanded: Counts | None = None,
        rack: Counts | None = None,
        laid: Counts | None = None,
        laid_jokers: int = 0,
        caps: Sequence[int] | None = None,
    ) -> _FastRun | None:
        """The fast search, with the bounds on laid tiles folded in.

        Tiles that must be laid join the table (their score added back), and at most the
        allowed copies stay on the rack. ``demanded`` adds tiles that must be laid (what takes
        a freed joker's place); ``rack`` replaces the rack, ``laid`` and ``laid_jokers`` are
        what is laid already (by hosts). ``None`` if the bounds cannot be met.
        """
        given = rack

        def general() -> Problem | None:
            run_pins, group_pins = pins or (None, None)
            return self._problem(
                table,
                loose=loose,
                rack_jokers=rack_jokers,
                run_pins=run_pins,
                group_pins=group_pins,
                demanded=demanded,
                rack=given,
                laid=laid,
                laid_jokers=laid_jokers,
            )

        if rack is None:
            rack = self._counts(self.rack)
            assert rack is not None
        else:
            rack = [list(row) for row in rack]
        low, high = self._rack_bounds(demanded, laid)
        forced = 0
        laid_table = [list(row) for row in table]
        for column, row_counts in enumerate(rack):
            for row, count in enumerate(row_counts):
                must = low[column][row]
                if must > min(count, high[column][row]):
                    return None
                laid_table[column][row] += must
                forced += must * self.weights[column]
                row_counts[row] = min(count, high[column][row]) - must
        jokers = self._rack_jokers() if rack_jokers is None else rack_jokers
        jokers_low, jokers_high = self.laid.get(JOKER, (0, self._rack_jokers()))
        jokers_low = max(0, jokers_low - laid_jokers)
        jokers_high -= laid_jokers
        if jokers_low > jokers or jokers_high < 0:
            return None
        forced += jokers_low * self.joker_weight
        self.budget.charge(SETUP)
        search = FastSearch(
            laid_table,
            rack,
            self.weights,
            budget=self.budget,
            jokers=(loose + jokers_low, min(jokers, jokers_high) - jokers_low),
            joker_weight=self.joker_weight,
            pins=pins,
            first=self.first,
            caps=caps,
        )
        return _FastRun(search, forced, general)

    def _fast_solve(self, run: _FastRun, floor: int) -> tuple[int, list[Meld]] | None:
        """Solve a fast search above ``floor``; past the budget, offer what it found.

        The fast search counts a joker in a run as one more tile of its cell, so it may lay a
        run of jokers alone, which is no meld: it then solves a relaxation, and the general
        search (which tells such runs apart) decides. Without three jokers in play, never.
        """
        try:
            found = run.search.solve(floor - run.forced)
        except BudgetSpent:
            partial = run.search.best_found()
            if partial is not None:
                self._offer([self.grid.meld(m) for m in partial[1]])
            raise
        if found is None:
            return None
        if run.general is not None and any(all(m.jokers) for m in found[1]):
            return self._general(run.general(), floor)
        return found[0] + run.forced, [self.grid.meld(m) for m in found[1]]

    def _general(self, problem: Problem | None, floor: int) -> tuple[int, list[Meld]] | None:
        if problem is None:
            return None
        return self._searched(Search(problem, self.budget, first=self.first), floor)

    def _searched(self, search: Search, floor: int) -> tuple[int, list[Meld]] | None:
        try:
            found = search.solve(floor)
        except BudgetSpent:
            partial = search.best_found()
            if partial is not None:
                self._offer(self._melds(partial))
            raise
        if found is None:
            return None
        return found.score, self._melds(found)

    def _melds(self, found: Found) -> list[Meld]:
        return [self.grid.meld(m) for m in found.melds]

    # -- building problems -----------------------------------------------------------------------

    def _problem(
        self,
        table: Counts,
        *,
        loose: int = 0,
        rack_jokers: int | None = None,
        run_pins: Counts | None = None,
        group_pins: list[int] | None = None,
        run_claims: Sequence[Claim] = (),
        group_claims: Sequence[tuple[int, GroupClaim]] = (),
        opening: Opening | None = None,
        demanded: Counts | None = None,
        rack: Counts | None = None,
        laid: Counts | None = None,
        laid_jokers: int = 0,
    ) -> Problem | None:
        """A general search problem for this position.

        ``rack`` replaces the rack, ``laid`` and ``laid_jokers`` are laid already, ``demanded``
        must be laid in all; ``None`` if the bounds on what is laid cannot be met.
        """
        grid, edition = self.grid, self.edition
        rack = self._rack_counts() if rack is None else rack
        low, high = self._rack_bounds(demanded, laid)
        for column, row_counts in enumerate(rack):
            for row, count in enumerate(row_counts):
                if low[column][row] > min(count, high[column][row]):
                    return None
        jokers = self._rack_jokers() if rack_jokers is None else rack_jokers
        jokers_low, jokers_high = self.laid.get(JOKER, (0, self._rack_jokers()))
        jokers_low, jokers_high = max(0, jokers_low - laid_jokers), jokers_high - laid_jokers
        if jokers_low > jokers or jokers_high < 0:
            return None
        run_pins = run_pins or grid.zeros()
        group_pins = group_pins or [0] * grid.columns
        total = loose + jokers + sum(map(sum, run_pins)) + sum(group_pins)
        cap = edition.max_jokers_per_meld
        if cap is not None and cap >= total:
            cap = None
        claims = tuple(run_claims)
        mixed = opening is not None and not opening.every_meld
        runs = RunRules(
            longest=grid.span if grid.cyclic else 3,
            span=grid.span,
            track_numbered=total >= 3,
            cap=cap,
            claims=claims,
            opening=mixed,
            high=grid.high,
            cyclic=grid.cyclic,
        )
        groups = tuple(
            GroupRules(
                size=grid.rows,
                distinct=edition.group_colors_distinct,
                cap=cap,
                claims=tuple(c for at, c in group_claims if at == column),
                opening=mixed,
                jokers_count=opening is None or opening.jokers_count,
            )
            for column in range(grid.columns)
        )
        return Problem(
            grid=grid,
            table=_freeze(table),
            rack=_freeze(rack),
            weights=tuple(self.weights),
            joker_weight=self.joker_weight,
            runs=runs,
            groups=groups,
            cells=_cells(grid, claims),
            rack_low=_freeze(low),
            rack_high=_freeze(high),
            run_pins=_freeze(run_pins),
            group_pins=tuple(group_pins),
            loose=loose,
            rack_jokers=jokers,
            jokers_low=jokers_low,
            jokers_high=min(jokers, jokers_high),
            opening=opening,
        )

    def _fast_applies(self, jokers: int) -> bool:
        """Whether the fast search covers the meld rules, with this many jokers in play.

        Its runs count a joker as one more tile of its cell, so with three jokers or more it
        may lay a run of jokers alone (no meld): such an answer goes to the general search
        (see :meth:`_fast_solve`).
        """
        cap = self.edition.max_jokers_per_meld
        return self.plain and (cap is None or cap >= jokers)

    def _pins(self, jokers: Sequence[TableJoker]) -> tuple[Counts, list[int]]:
        """Table jokers kept in their roles: per cell in runs, per column in groups.

        Under ``one_high`` a joker standing for the 1 played high is counted with the 1s (the
        search shares the 1s out between the two places).
        """
        run_pins = self.grid.zeros()
        group_pins = [0] * self.grid.columns
        for joker in jokers:
            if joker.kind is MeldKind.RUN:
                column = joker.column
                if self.grid.high and column == self.grid.columns - 1:
                    column = 0
                run_pins[column][joker.row] += 1
            else:
                group_pins[joker.column] += 1
        return run_pins, group_pins

    def _counts(self, tiles: Sequence[Tile] | Iterator[Tile]) -> Counts | None:
        return self.grid.counts(tiles)

    def _rack_jokers(self) -> int:
        return sum(1 for t in self.rack if t.number is None)

    def _rack_bounds(
        self, demanded: Counts | None = None, laid: Counts | None = None
    ) -> tuple[Counts, Counts]:
        """Per cell, the fewest and most rack tiles a play may still lay.

        From ``laid`` bounds of the solve, at least the tiles ``demanded`` (they count among
        the tiles laid), less what ``laid`` says is laid already (by hosts).
        """
        grid = self.grid
        low = grid.zeros()
        high = [[99] * grid.rows for _ in grid.numbers]
        for tile, (least, most) in self.laid.items():
            cell = grid.cell(tile) if tile.number is not None else None
            if cell is not None:
                low[cell[0]][cell[1]] = least
                high[cell[0]][cell[1]] = most
        if demanded is not None:
            low = [_at_least(x, y) for x, y in zip(low, demanded, strict=True)]
        if laid is not None:
            low = [
                [max(0, a - b) for a, b in zip(x, y, strict=True)]
                for x, y in zip(low, laid, strict=True)
            ]
            high = [
                [a - b for a, b in zip(x, y, strict=True)] for x, y in zip(high, laid, strict=True)
            ]
        return low, high


@attrs.frozen
class _Fate:
    """What happens to the table's jokers.

    Those kept in their roles, how many are freed, and (under ``replace``) the tiles demanded
    from the rack and the melds claimed in place.
    """

    kept: tuple[TableJoker, ...]
    freed: int
    low: Counts = attrs.field(eq=False)
    claims: tuple[Claim, ...] = ()
    group_claims: tuple[tuple[int, GroupClaim], ...] = ()


@attrs.frozen
class _Step:
    """Where a host search stands.

    The stock left, the fate, what the play must lay (``demanded``), the hosts laid so far
    (``taken``, scoring ``gained``, laying ``laid`` rack tiles and ``laid_jokers`` rack jokers),
    and the freed jokers still to place.
    """

    stock: Stock
    fate: _Fate
    demanded: Counts = attrs.field(eq=False)
    freed: int
    #: The claims still to meet (a host may meet some).
    claims: tuple[Claim, ...] = ()
    group_claims: tuple[tuple[int, GroupClaim], ...] = ()
    taken: tuple[Meld, ...] = ()
    gained: int = 0
    laid: Counts | None = attrs.field(default=None, eq=False)
    laid_jokers: int = 0
    #: The last host laid (its key): further hosts come after it, so each set is tried once.
    after: tuple[object, ...] | None = None

    def with_host(
        self,
        host: Host,
        score: int,
        grid: Grid,
        claims: tuple[Claim, ...],
        group_claims: tuple[tuple[int, GroupClaim], ...],
    ) -> _Step:
        """The step after laying ``host``, which scores ``score``.

        ``claims`` and ``group_claims`` are what is still to meet.
        """
        rest = host.rest(self.stock, grid)
        laid = [
            [a - b for a, b in zip(x, y, strict=True)]
            for x, y in zip(self.stock.rack, rest.rack, strict=True)
        ]
        if self.laid is not None:
            laid = [_plus(x, y) for x, y in zip(laid, self.laid, strict=True)]
        demanded = [list(row) for row in self.demanded]
        for (column, row), count in host.demands:
            demanded[column][row] = max(demanded[column][row], count)
        return _Step(
            rest,
            self.fate,
            demanded,
            self.freed - host.freed,
            claims,
            group_claims,
            (*self.taken, grid.meld(host.meld)),
            self.gained + score,
            laid,
            self.laid_jokers + self.stock.rack_jokers - rest.rack_jokers,
            host.key,
        )


#: The most rack jokers for which an opening's points are searched, not only bounded.
_POINTS_JOKERS: Final = 2
#: A bound not worth computing: above every score.
_UNKNOWN: Final = 1 << 60


@attrs.define
class _Share:
    """A group of hosts, and once searched their bound.

    The rest of its first host, the most table tiles any takes per cell, the best score of
    any, and how many.
    """

    rest: Stock
    taken: Counts
    best: int
    hosts: int = 1
    bound: int | None = None

    def add(self, taken: Counts, score: int) -> None:
        """Count one more host in the group."""
        self.taken = [
            [max(a, b) for a, b in zip(x, y, strict=True)]
            for x, y in zip(self.taken, taken, strict=True)
        ]
        self.best = max(self.best, score)
        self.hosts += 1


@attrs.frozen
class _Rest:
    """A rest's answer above ``floor``: the best play (``None``: none scores above it).

    A play found is the rest's best, so it answers every floor below its score; ``None``
    answers every floor at least as high.
    """

    floor: int
    found: tuple[int, list[Meld]] | None


def _rest_key(step: _Step, *, relaxed: bool) -> tuple[object, ...]:
    """What a rest's answer depends on (the hosts laid before it only through these)."""
    stock = step.stock
    return (
        _freeze(stock.table),
        _freeze(stock.rack),
        stock.rack_jokers,
        stock.loose,
        _freeze(stock.run_pins),
        tuple(stock.group_pins),
        step.freed if relaxed else -1,
        step.claims,
        step.group_claims,
        _freeze(step.demanded),
        None if step.laid is None else _freeze(step.laid),
        step.laid_jokers,
    )


@attrs.frozen
class _FastRun:
    """A fast search and the score of the tiles it was told to lay (added to its answers).

    ``general`` builds the same problem for the general search, which decides where the fast
    search's best play holds a run of jokers alone (``None``: its answers only bound).
    """

    search: FastSearch = attrs.field(eq=False)
    forced: int
    general: Callable[[], Problem | None] | None = attrs.field(default=None, eq=False)

    def bound(self) -> int:
        """An upper bound on its answers (``NEG`` if none)."""
        bound = self.search.bound()
        return bound if bound == NEG else bound + self.forced


class _Done(Exception):  # noqa: N818 (an internal signal)
    """A legal play was found and any will do."""


@attrs.frozen
class _FromRack:
    """A freed joker's place taken by tiles laid from the rack: those cells' fewest laid."""

    cells: tuple[tuple[int, int], ...]

    def apply(self, low: Counts, groups: list[tuple[int, GroupClaim]]) -> None:
        for column, row in self.cells:
            low[column][row] += 1


@attrs.frozen
class _RunInPlace:
    """A run joker's place taken in its own meld (``rack_or_table``).

    The meld's cells, each demanding a numbered tile or anything, are carried by one run.
    """

    meld: int
    row: int
    columns: tuple[int, ...]
    demands: tuple[int, ...]


@attrs.frozen
class _GroupInPlace:
    """A group joker's place taken in its own meld (``rack_or_table``): a group claim."""

    column: int
    claim: GroupClaim

    def apply(self, low: Counts, groups: list[tuple[int, GroupClaim]]) -> None:
        groups.append((self.column, self.claim))


#: A way a freed joker's place may be taken (rules section 4.5, ``replace``).
_Replacement: TypeAlias = _FromRack | _RunInPlace | _GroupInPlace


def _covers(wide: _Fate, narrow: _Fate) -> bool:
    """Whether ``wide``'s relaxation holds every play of ``narrow``'s.

    It keeps no joker ``narrow`` frees (a freed joker is free to stand where it stood) and
    demands no tile ``narrow`` does not; claims play no part in a relaxation.
    """
    kept = Counter(j.identity for j in narrow.kept)
    return not Counter(j.identity for j in wide.kept) - kept and all(
        a <= b for x, y in zip(wide.low, narrow.low, strict=True) for a, b in zip(x, y, strict=True)
    )


def _claims_left(
    host: Host, step: _Step, grid: Grid
) -> Iterator[tuple[tuple[Claim, ...], tuple[tuple[int, GroupClaim], ...]]]:
    """The claims left once ``host`` is laid, in every way.

    The host meets every shared claim it can, and at most one locked claim (each locked meld
    needs a meld of its own).
    """
    meld = host.meld
    numbered = [p in ("table", "rack") for p in host.places]
    groups = list(step.group_claims)
    if meld.kind is MeldKind.GROUP:
        rows = [0] * grid.rows
        for row, is_numbered in zip(meld.places, numbered, strict=True):
            if is_numbered:
                rows[row] += 1
        met = [
            i
            for i, (column, claim) in enumerate(groups)
            if column == meld.at
            and len(meld.places) >= claim.size
            and all(h >= w for h, w in zip(rows, claim.rows, strict=True))
        ]
        dropped = {i for i in met if groups[i][1].shared}
        locked = [i for i in met if not groups[i][1].shared]
        base = [g for i, g in enumerate(groups) if i not in dropped]
        yield step.claims, tuple(base)
        for i in locked:
            yield step.claims, tuple(g for g in base if g is not groups[i])
        return
    runs = list(step.claims)
    met = [i for i in range(len(runs)) if _carries(meld, numbered, runs, i)]
    if not met:
        yield step.claims, step.group_claims
        return

    def without(indices: list[int]) -> set[int]:
        # A part met by the host drops with its partner (the run goes round in the host).
        return {j for i in indices for j in (i, runs[i].partner) if j >= 0}

    shared = [i for i in met if runs[i].shared]
    locked = [i for i in met if not runs[i].shared]
    yield renumbered(runs, without(shared)), step.group_claims
    for i in locked:
        yield renumbered(runs, without([*shared, i])), step.group_claims


def _carries(meld: FoundMeld, numbered: list[bool], claims: list[Claim], index: int) -> bool:
    """Whether a run host meets claim ``index`` (and its partner part, where it goes round)."""
    parts = [claims[index]]
    if claims[index].partner >= 0:
        parts.append(claims[claims[index].partner])
    places = dict(zip(meld.places, numbered, strict=True))
    return meld.at == parts[0].row and all(
        column in places and (demand == ANY or places[column])
        for part in parts
        for column, demand in zip(part.columns, part.demands, strict=True)
    )


def _in_place_ways(
    grid: Grid, runs: list[_RunInPlace], locked: tuple[Claim, ...]
) -> Iterator[tuple[Claim, ...]]:
    """The run claims of a fate: the locked ones, and those of run jokers replaced in place.

    The referee judges each joker replaced in place on its own, so one run may serve several
    jokers of a meld, and the run extending a locked meld may serve its jokers replaced in
    place too: besides a run each, all the jokers of a meld are tried in one run, and in the
    locked meld's run where there is one.
    """

    def parts(claims: list[Claim], run: _RunInPlace) -> None:
        claims.extend(
            claim_parts(
                grid, run.row, run.columns, run.demands, len(claims), meld=run.meld, shared=True
            )
        )

    separate = list(locked)
    for run in runs:
        parts(separate, run)
    yield tuple(separate)
    by_meld: dict[int, list[_RunInPlace]] = {}
    for run in runs:
        by_meld.setdefault(run.meld, []).append(run)
    joined = {
        meld: attrs.evolve(
            same[0], demands=tuple(min(d) for d in zip(*(r.demands for r in same), strict=True))
        )
        for meld, same in by_meld.items()
    }
    if any(len(same) > 1 for same in by_meld.values()):
        together = list(locked)
        for run in joined.values():
            parts(together, run)
        yield tuple(together)
    if any(c.meld in joined for c in locked):
        # A locked meld's jokers replaced in place: the run extending it holds their tiles.
        into = list(renumbered(locked, {i for i, c in enumerate(locked) if c.meld in joined}))
        for meld, run in joined.items():
            if any(c.meld == meld for c in locked):
                into.extend(
                    claim_parts(grid, run.row, run.columns, run.demands, len(into), meld=meld)
                )
            else:
                parts(into, run)
        yield tuple(into)


def _at_least(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The fewest copies laid per cell when both bounds hold (demanded tiles count as laid)."""
    return [max(x, y) for x, y in zip(a, b, strict=True)]


def _plus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def _freeze(grid: Counts) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in grid)


def _cells(grid: Grid, claims: Sequence[Claim]) -> tuple[tuple[Cell, ...], ...]:
    """What the run facts need to know of each cell: the claims on it."""
    claimed: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}
    starts: dict[tuple[int, int], list[int]] = {}
    for index, claim in enumerate(claims):
        for at, (column, demand) in enumerate(zip(claim.columns, claim.demands, strict=True)):
            last = at == len(claim.columns) - 1
            claimed.setdefault((column, claim.row), []).append((index, demand, last))
        starts.setdefault((claim.columns[0], claim.row), []).append(index)
    last_column = grid.columns - 1
    return tuple(
        tuple(
            Cell(
                column,
                row,
                index=column * grid.rows + row,
                first=column == 0,
                last=column == last_column,
                claimed=tuple(claimed.get((column, row), ())),
                starts=tuple(starts.get((column, row), ())),
            )
            for row in range(grid.rows)
        )
        for column in range(grid.columns)
    )


def arrange_tiles(
    tiles: Sequence[Tile], edition: Edition, budget: Budget, engine: Engine = "auto"
) -> Table | None:
    """Every tile in valid melds (jokers anywhere), or ``None`` if impossible."""
    plan = _Plan(Table(), (), True, edition, "tiles", budget, engine, False, None)
    counts = plan.grid.counts(tiles)
    if counts is None or not plan._inventory_ok_for(tiles):
        return None
    jokers = sum(1 for t in tiles if t.number is None)
    if plan._fast_applies(jokers):
        found = plan._fast(counts, loose=jokers, floor=-1)
    else:
        found = plan._general(plan._problem(counts, loose=jokers), -1)
    if found is None or not all(m.is_valid(edition) for m in found[1]):
        found = plan._general(plan._problem(counts, loose=jokers), -1)
    return None if found is None else Table(found[1])
