"""The moves of the general search: what one step may lay (private).

The search has one step per cell (a column and a colour) and one *group step* after the last
colour of each column. A colour step lays that cell's table tiles, some of its rack tiles, its
pinned jokers and any free jokers on the colour's runs or gives them to the column's groups
(:class:`ColourMove`); a group step adds jokers to what the colours gave to groups and checks
that it all splits into valid groups (:class:`GroupMove`). A coloured joker is laid only at its
colour's steps: on its colour's runs at a colour step, into the groups as its colour's tile at a
group step (a kept one there, as its pin says). With ``Problem.free_pins`` a move lays any
number of a cell's or a column's pins; the others are freed, and then no other joker is laid
there (the referee pairs a joker standing in a pin's role with that pin: it is kept). Moves
are listed once per state and kept (:class:`Moves`), since the search and its bound ask for
them again and again.
"""

from __future__ import annotations

import itertools
from typing import Final, NamedTuple

from rummikub_rules.solver._groups import GroupRules, Member
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._runs import (
    IS_NUMBERED,
    KINDS,
    LOOSE,
    PIN,
    RACK_JOKER,
    TABLE,
    Placed,
    RunStates,
)

__all__ = ["ColorMove", "GroupMove", "Moves", "group_caps"]

#: The kind each kind is laid as on runs: no run tells a rack tile from a table tile, nor one
#: joker from another (the moves count the jokers of each kind laid).
_CANONICAL_KINDS: Final = (TABLE, TABLE, LOOSE, LOOSE, LOOSE)


class ColorMove(NamedTuple):
    """One way to play a cell: what it scores, where the colour's runs go, what joins groups."""

    #: Score of the rack tiles laid (rack jokers laid here included).
    gain: int
    #: The colour's state after the move.
    sid: int
    #: (table tiles, rack tiles) given to the column's groups.
    share: tuple[int, int]
    #: Loose and rack jokers laid on runs here.
    loose: int
    rack_jokers: int
    #: Points toward the initial meld.
    opening: int
    #: The runs placed (for rebuilding the melds).
    placed: tuple[Placed, ...]
    #: Loose and rack coloured jokers (of this colour) laid on runs here.
    colored: tuple[int, int] = (0, 0)
    #: Plain and coloured pins laid (kept in their roles) here: all of them, unless pins may
    #: be left (``Problem.free_pins``; then ``kept`` counts the plain ones laid).
    kept: int = 0
    colored_kept: int = 0


class GroupMove(NamedTuple):
    """One way to finish a column's groups: the jokers joining them and what that scores."""

    gain: int
    kept: int
    loose: int
    rack_jokers: int
    opening: int
    #: The coloured jokers joining, as group members (their rows; kinds pin, loose, rack).
    colored: tuple[Member, ...] = ()


def group_caps(problem: Problem) -> list[int]:
    """The most tiles of one colour that may join groups at each column (0 if none can)."""
    caps = []
    jokers = problem.jokers
    for column in range(problem.columns):
        rules = problem.groups[column]
        row = [t + r for t, r in zip(problem.table[column], problem.rack[column], strict=True)]
        total = sum(row) + jokers
        if problem.grid.high and column == problem.columns - 1:
            caps.append(0)  # the 1s played high are in runs only
        elif not rules.distinct:
            caps.append(max(row) if total >= 3 else 0)
        else:
            present = sum(1 for n in row if n) + jokers
            caps.append(0 if present < 3 else min(max(row), total // 3))
    return caps


class Moves:
    """The moves of one problem, listed on demand and kept."""

    def __init__(self, problem: Problem, runs: RunStates, caps: list[int] | None = None) -> None:
        self.p = problem
        self.runs = runs
        #: Per column, the most tiles of one colour in groups (:func:`group_caps`, or given).
        self.caps = group_caps(problem) if caps is None else caps
        self.steps = problem.rows + 1
        self._color: dict[tuple[int, int, int, int, tuple[int, int]], list[ColorMove]] = {}
        self._group: dict[tuple[object, ...], bool] = {}
        self.detailed = [g.detailed for g in problem.groups]
        # Plain rack jokers bound to be laid, or coloured pins that may be kept elsewhere (a
        # plain joker does not take a kept pin's place): coloured ones may not go first.
        self.every_split = (
            problem.jokers_low > 0
            or any(problem.colored_low)
            or (problem.free_pins and problem.colored and _any_colored_pin(problem))
        )
        # Runs that count rack tiles for freed jokers tell every kind apart.
        self.kinds = tuple(range(KINDS)) if problem.runs.owe else _CANONICAL_KINDS

    # -- colour steps --------------------------------------------------------------------------

    def color(
        self, pos: int, sid: int, loose: int, rack: int, colored: tuple[int, int] = (0, 0)
    ) -> list[ColorMove]:
        """The moves at colour step ``pos`` from colour state ``sid``.

        ``loose`` and ``rack`` are how many loose and rack jokers may be laid, ``colored`` how
        many loose and rack coloured jokers of this colour.
        """
        key = (pos, sid, loose, rack, colored)
        found = self._color.get(key)
        if found is None:
            found = self._color[key] = list(self._color_moves(pos, sid, loose, rack, colored))
        return found

    def _color_moves(
        self, pos: int, sid: int, loose: int, rack_jokers: int, colored: tuple[int, int]
    ) -> list[ColorMove]:
        p = self.p
        column, row = divmod(pos, self.steps)
        cell = p.cells[column][row]
        runs = self.runs
        # Locked runs holding a joker here (by claim: its kind), where kinds tell apart.
        wants = dict(cell.jokers) if cell.jokers else None
        number = p.grid.numbers[column]
        weight = p.weights[column]
        out: list[ColorMove] = []
        joker_ways = _with_colored(
            loose, rack_jokers, colored, every=self.every_split or wants is not None
        )
        for table, pins, low, high, keep in self._variants(column, row, sid):
            cap = min(self.caps[column], table + high)
            for kept, tinted_kept, ways in self._kept_ways(column, row, pins, joker_ways):
                for used in range(high, low - 1, -1):
                    for grouped in range(min(cap, table + used) + 1):
                        for share in self._shares(grouped, table, used, column):
                            in_runs = (table - share[0], used - share[1])
                            for jokers, tinted in ways:
                                laid = (jokers[0] + tinted[0], jokers[1] + tinted[1])
                                items = self._items((*in_runs, kept + tinted_kept, *laid))
                                start = runs.with_extra(sid, keep.extra(used))
                                for new, placed in runs.after(cell, start, items):
                                    if wants is not None and not self._own_jokers(
                                        wants, start, placed, row, kept + sum(jokers),
                                        tinted_kept + sum(tinted),
                                    ):  # fmt: skip
                                        continue
                                    out.append(
                                        ColorMove(
                                            used * weight + laid[1] * p.joker_weight,
                                            new,
                                            share,
                                            *jokers,
                                            self._opening(number, items),
                                            placed,
                                            tinted,
                                            kept if p.free_pins else 0,
                                            tinted_kept,
                                        )
                                    )
        return out

    def _own_jokers(
        self,
        wants: dict[int, int],
        sid: int,
        placed: tuple[Placed, ...],
        row: int,
        plain: int,
        tinted: int,
    ) -> bool:
        """Whether each locked run that held a joker here can have one of its kind back.

        ``wants`` is the kind of each claim's joker here (-1 plain, else ``row``): the runs
        carrying those claims that take a joker here need no more of a kind than the ``plain``
        and ``tinted`` jokers laid here; the rebuilt play then gives each its own.
        """
        need = [0, 0]
        open_runs = self.runs.states[sid][0]
        for source, kind, _, take in placed:
            if IS_NUMBERED[kind]:
                continue
            want = wants.get(self.runs.carried(open_runs[source] if source >= 0 else -1, take))
            if want is not None:
                need[want == row] += 1
        return need[0] <= plain and need[1] <= tinted

    def _kept_ways(
        self,
        column: int,
        row: int,
        pins: int,
        joker_ways: list[tuple[tuple[int, int], tuple[int, int]]],
    ) -> list[tuple[int, int, list[tuple[tuple[int, int], tuple[int, int]]]]]:
        """The pins of a cell laid (plain, coloured) and the other jokers that may join them.

        Every pin, where pins may not be left. Else any number of each kind: a kind's other
        jokers are laid here only once its pins all are (the referee would pair them).
        """
        p = self.p
        tinted = min(pins, p.colored_run_pins[column][row]) if p.colored else 0
        if not p.free_pins:
            return [(pins - tinted, tinted, joker_ways)]
        plain = pins - tinted
        out = []
        for kept in range(plain, -1, -1):
            for tinted_kept in range(tinted, -1, -1):
                ways = [
                    (jokers, colored)
                    for jokers, colored in joker_ways
                    if (kept == plain or jokers == (0, 0))
                    and (tinted_kept == tinted or colored == (0, 0))
                ]
                out.append((kept, tinted_kept, ways))
        return out

    def _items(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """Counts per kind with kinds that no run tells apart merged (see ``_CANONICAL_KINDS``)."""
        merged = [0] * KINDS
        for kind, count in zip(self.kinds, counts, strict=True):
            merged[kind] += count
        return tuple(merged)

    def _variants(self, column: int, row: int, sid: int) -> list[tuple[int, int, int, int, _Keep]]:
        """What may be laid at a cell, and what the colour's extra facts become.

        Each way is (table tiles, pins, fewest and most rack tiles, what the colour's extra
        facts become).

        Under ``one_high`` the 1s are shared out at the first column between the low place
        and the high column, whose step lays what was kept back (the extra facts carry it).
        """
        p = self.p
        table, pins = p.table[column][row], p.run_pins[column][row]
        rack, low, high = p.rack[column][row], p.rack_low[column][row], p.rack_high[column][row]
        extra = self.runs.states[sid][1]
        if not p.grid.high or 0 < column < p.columns - 1:
            return [(table, pins, low, min(high, rack), _Keep(extra))]
        if column == 0:
            return [
                (
                    table - kept_table,
                    pins - kept_pins,
                    0,
                    min(high, rack),
                    _Keep((), (kept_table, kept_pins, rack)),
                )
                for kept_table in range(table + 1)
                for kept_pins in range(pins + 1)
            ]
        kept_table, kept_pins, rack_left = extra
        rack0, low0, high0 = p.rack[0][row], p.rack_low[0][row], p.rack_high[0][row]
        used_low = rack0 - rack_left
        return [
            (
                kept_table,
                kept_pins,
                max(0, low0 - used_low),
                min(rack_left, high0 - used_low),
                _Keep(()),
            )
        ]

    def _shares(self, grouped: int, table: int, used: int, column: int) -> list[tuple[int, int]]:
        """How ``grouped`` tiles to groups split into table and rack tiles."""
        if self.detailed[column]:
            return [
                (t, grouped - t) for t in range(max(0, grouped - used), min(grouped, table) + 1)
            ]
        from_table = min(grouped, table)
        return [(from_table, grouped - from_table)]

    def _opening(self, number: int, items: tuple[int, ...]) -> int:
        """Points laid here toward the initial meld, on runs."""
        opening = self.p.opening
        if opening is None:
            return 0
        counted = items[0] + items[1]
        if opening.jokers_count:
            counted += sum(items[2:])
        return number * counted

    # -- group steps ---------------------------------------------------------------------------

    def group(
        self,
        column: int,
        shares: tuple[tuple[int, int], ...],
        loose: int,
        rack: int,
        colored: tuple[tuple[int, int], ...] = (),
    ) -> list[GroupMove]:
        """The ways to finish the groups of ``column`` from the folded ``shares``.

        ``colored``: per row, how many loose and rack coloured jokers of that colour may join
        (the kept ones must).
        """
        p = self.p
        rules: GroupRules = p.groups[column]
        number = p.grid.numbers[column]
        pins = p.group_pins[column]
        empty = not any(t + r for t, r in shares)
        out = []
        # Where pins may be left, any number are kept; the other jokers join only if all are.
        ways = [
            (kept, lo, q)
            for kept in (range(pins, -1, -1) if p.free_pins else (pins,))
            for lo, q in (_joker_choices(loose, rack) if kept == pins else [(0, 0)])
        ]
        for tinted in self._colored_choices(column, colored):
            tinted_rack = sum(1 for _, kind in tinted if kind == RACK_JOKER)
            for kept, loose_used, rack_used in ways:
                jokers = (kept, loose_used, rack_used)
                if empty and (any(jokers) or tinted):
                    continue
                if not self._split(column, shares, jokers, rules, tinted):
                    continue
                opening = 0
                if p.opening is not None:
                    counted = rules.tiles(shares)
                    if p.opening.jokers_count:
                        counted += sum(jokers) + len(tinted)
                    opening = number * counted
                gain = (rack_used + tinted_rack) * p.joker_weight
                out.append(GroupMove(gain, kept, loose_used, rack_used, opening, tinted))
        return out

    def _colored_choices(
        self, column: int, colored: tuple[tuple[int, int], ...]
    ) -> list[tuple[Member, ...]]:
        """The coloured jokers that may join the groups of ``column``, as members.

        Each row's kept ones (where pins may be left, any number of them, and then no other
        joker of the row), and any number of its loose and rack ones.
        """
        if not colored:
            return [()]
        per_row: list[list[tuple[Member, ...]]] = []
        for row, (loose, rack) in enumerate(colored):
            pins = self.p.colored_group_pins[column][row]
            ways: list[tuple[Member, ...]] = []
            for kept in range(pins, -1, -1) if self.p.free_pins else (pins,):
                others = _joker_choices(loose, rack) if kept == pins else [(0, 0)]
                ways.extend(
                    (*((row, PIN),) * kept, *((row, LOOSE),) * lo, *((row, RACK_JOKER),) * q)
                    for lo, q in others
                )
            per_row.append(ways)
        return [sum(choice, ()) for choice in itertools.product(*per_row)]

    def _split(
        self,
        column: int,
        shares: tuple[tuple[int, int], ...],
        jokers: tuple[int, int, int],
        rules: GroupRules,
        colored: tuple[Member, ...] = (),
    ) -> bool:
        key = (column, shares, jokers, colored)
        if key not in self._group:
            self._group[key] = rules.feasible(shares, jokers, colored)
        return self._group[key]


class _Keep(NamedTuple):
    """A colour's extra facts after a step.

    ``fixed``, or the 1s kept back for the high column (``high`` = table tiles, pins, rack
    tiles before the step) less the rack used.
    """

    fixed: tuple[int, ...]
    high: tuple[int, int, int] | None = None

    def extra(self, used: int) -> tuple[int, ...]:
        if self.high is None:
            return self.fixed
        table, pins, rack = self.high
        return (table, pins, rack - used)


def _any_colored_pin(problem: Problem) -> bool:
    """Whether a coloured table joker has a role (a run cell or its colour's group)."""
    return any(map(any, problem.colored_run_pins)) or any(map(any, problem.colored_group_pins))


def _joker_choices(loose: int, rack: int) -> list[tuple[int, int]]:
    """How many loose and rack jokers to lay, most rack jokers first."""
    return [(lo, q) for q in range(rack, -1, -1) for lo in range(loose + 1)]


def _with_colored(
    loose: int, rack: int, colored: tuple[int, int], *, every: bool = False
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """How many plain and coloured (loose, rack) jokers to lay on runs.

    Where the same number of jokers goes on the runs either way, the coloured ones go first:
    on its colour's runs a coloured joker does all a plain one does, so the plain ones are kept.
    With ``every``, every split (a play bound to lay some plain rack jokers may need them here).
    """
    if every:
        return [
            (jokers, tinted)
            for tinted in _joker_choices(*colored)
            for jokers in _joker_choices(loose, rack)
        ]
    out = []
    for all_loose, all_rack in _joker_choices(loose + colored[0], rack + colored[1]):
        tinted = (min(colored[0], all_loose), min(colored[1], all_rack))
        out.append(((all_loose - tinted[0], all_rack - tinted[1]), tinted))
    return out
