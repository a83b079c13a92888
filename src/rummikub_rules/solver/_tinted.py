"""The relaxation of a reading with coloured jokers alone: each a tile of its colour (private).

A coloured joker stands only for a tile of its own colour (rules section 1): in a run of its
colour, for the tile of the place it takes; in a group, for its colour's tile of the group's
number. So where every joker in play is coloured, a joker of colour ``c`` is one more tile of
``c`` that a play may put at any number, in a run or in a group. Replace each joker of a legal
play by the tile it stands for and the play is one of this problem, which forgets most of what
section 4.5 asks of a freed joker and that a meld needs a numbered tile: its best score bounds
every play of the reading. Of section 4.5 it keeps that a freed joker in a number's groups
owes a rack tile laid in them (:data:`_OWES`), and, where a play breaks that rule in a run, that
a freed joker's run owes one too (:mod:`._owing_runs`).

The plain relaxation (:func:`._opened._plain_widest`) reads the same jokers as plain ones,
free to stand in any colour's melds. Here each colour keeps its own jokers, so the colours
share nothing but the groups of each number: each colour's table (the colour alone, groups
relaxed, :class:`._tinted_colors.TintedColor`) bounds what it may still score, their sum
bounds the search, and a move's *regret* (what it takes off its colour's table) orders the
moves and stops the search once the bound left cannot beat the best score found. A search is
charged to the solve's budget, a state a unit and a table by its entries.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._budget import Budget
from rummikub_rules.solver._color_tables import COLOR_ENTRIES
from rummikub_rules.solver._context import Context
from rummikub_rules.solver._engines import fold_laid
from rummikub_rules.solver._fast_melds import (
    Built,
    extend,
    extend_new,
    extend_owing,
    mirror,
    reading_order,
    split_groups,
)
from rummikub_rules.solver._grid import NEG, Counts, FoundMeld
from rummikub_rules.solver._group_table import group_table
from rummikub_rules.solver._incumbent import Incumbent, codes_in_runs
from rummikub_rules.solver._new_runs import flipped_roles
from rummikub_rules.solver._old_runs import old_runs
from rummikub_rules.solver._position import Roles
from rummikub_rules.solver._relax import JokerRoom
from rummikub_rules.solver._room import group_owing
from rummikub_rules.solver._run_states import run_lengths
from rummikub_rules.solver._tinted_colors import (
    GROUPS,
    RUNS,
    TintedColor,
    known_roles,
    may_owe,
    rack_jokers_laid,
)
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import Code

__all__ = ["TintedSearch", "applies", "tinted_bound"]


def applies(ctx: Context, roles: Roles) -> bool:
    """Whether every joker in play under a reading is coloured, under the fast meld rules."""
    plain = any(joker.color < 0 for joker in roles.jokers)
    plain = plain or roles.roleless > sum(roles.roleless_colored)
    return ctx.plain and ctx.colored and not plain and not ctx.rack_jokers()


def tinted_bound(
    ctx: Context,
    best: Incumbent,
    roles: Roles,
    table: Counts,
    room: JokerRoom | None = None,
) -> tuple[int, bool]:
    """The relaxation's best score above the best play so far, and whether its play is legal.

    Every joker of the reading freed; ``table`` counts the table's numbered tiles. With
    ``room``, a joker stands in a cell's runs, or in its number's groups, only where it lets a
    joker stand (:mod:`._room`). The best score bounds every play of the reading (the best play
    so far's, where nothing scores more); its play is offered to the referee: where it is
    legal, it is the reading's best. A freed joker in a number's groups owes a rack tile laid
    in them (but where a table joker stood in a group of that number: a play may keep it
    there). Where the referee refuses the play for a freed joker's run without a rack tile (and
    for no run holding an old run whole), it is solved again with the runs of each colour whose
    jokers are all freed owing one (:mod:`._owing_runs`); where it refuses it for a freed joker
    in a run holding an old run whole alone (and no rack joker is in play), with runs that know
    the old runs (:mod:`._new_runs`). Only where :func:`applies`.
    """
    folded = fold_laid(ctx, table, None, ctx.weights)
    if folded is None:
        return best.floor, False  # the bounds on laid tiles cannot be met
    laid, rack, forced = folded
    loose = list(roles.roleless_colored)
    for joker in roles.jokers:
        loose[joker.color] += 1
    jokers = []
    colors = ctx.grid.tile_set.colors
    for color, freed, count in zip(colors, loose, ctx.rack_colored(), strict=True):
        low, high = ctx.laid.get(Tile.joker(color), (0, count))
        high = min(high, count)  # a bound on laid tiles may allow more than the rack holds
        if low > high:
            return best.floor, False
        forced += low * ctx.joker_weight  # laid for sure: searched as the table's, scored here
        jokers.append((freed + low, high - low))
    cells = None
    if room is not None:
        runs, groups = room
        cells = [
            [(RUNS if run else 0) | (GROUPS if group else 0) for run in row]
            for row, group in zip(runs, groups, strict=True)
        ]
    args = (laid, rack, ctx.weights, jokers, ctx.joker_weight, ctx.budget)
    owing = None
    if ctx.edition.freed_joker_rack_tiles > 0 and not roles.roleless and not ctx.laid:
        # Not with bounds on laid tiles: the rack tiles they force count as the table's here.
        owing = group_owing(roles, len(table))
    found = TintedSearch(*args, room=cells, owing=owing).best(best.floor - forced)
    if found is None:
        return best.floor, False
    score, melds = found[0] + forced, [ctx.grid.meld(meld) for meld in found[1]]
    if best.offer(melds) == score:
        return score, True
    broken = best.refusals(melds) or ()
    if best.offer_split(melds) == score:
        return score, True
    exempt = ctx.pins(roles.jokers)[0]  # a joker laid where one stood is kept, not freed
    in_runs = codes_in_runs(broken, ctx.edition)
    owes = owing is not None and Code.FREED_JOKER_NEEDS_RACK_TILES in in_runs
    if owes and Code.FREED_JOKER_NOT_IN_NEW_MELD not in in_runs:
        search = TintedSearch(*args, room=cells, exempt=exempt, owing=owing, runs_owe=True)
    else:
        newness = (
            None if ctx.rack_jokers() or any(ctx.rack_colored()) else old_runs(ctx, tinted=True)
        )
        if newness is None or any(v.code is not Code.FREED_JOKER_NOT_IN_NEW_MELD for v in broken):
            return score, False
        search = TintedSearch(*args, room=cells, exempt=exempt, newness=newness, owing=owing)
    found = search.best(best.floor - forced)
    if found is None:
        return best.floor, False
    score, melds = found[0] + forced, [ctx.grid.meld(meld) for meld in found[1]]
    return score, best.offer(melds) == score


#: A move of the search at one cell: (regret, score gained, the colour's next entry, tiles
#: to groups, jokers laid on runs, what it owes and pays in its number's groups).
_Move = tuple[int, int, int, int, int, int]

#: What a move does in its number's groups: a freed joker there owes a rack tile in them, a
#: rack tile (or a rack joker) laid there pays it. A number whose moves owe and none pays is
#: no play.
_OWES, _PAYS = 1, 2


class TintedSearch:
    """The best play of the relaxation (see the module docstring), number by number downwards.

    ``table`` and ``rack`` count the numbered tiles per ``[column][colour]``, table tiles to be
    laid, rack tiles scoring ``weights[column]`` each where laid; ``jokers[c]`` is (table
    jokers of colour ``c``, all to be laid; rack jokers of it, scoring ``joker_weight`` each).
    With ``room``, colour ``c``'s jokers stand at ``column`` only where ``room[column][c]``
    says (:data:`RUNS`, :data:`GROUPS`). With ``owing``, a freed joker in the groups of a
    number it marks owes a rack tile laid in them; with ``runs_owe``, its run owes one too. A
    colour's jokers are freed ones where the rack holds none of its colour.
    High numbers first, as the fast search's first direction (:mod:`._fast`).
    """

    def __init__(
        self,
        table: Sequence[Sequence[int]],
        rack: Sequence[Sequence[int]],
        weights: Sequence[int],
        jokers: Sequence[tuple[int, int]],
        joker_weight: int,
        budget: Budget,
        *,
        room: Sequence[Sequence[int]] | None = None,
        exempt: Sequence[Sequence[int]] | None = None,
        newness: Sequence[Sequence[int] | None] | None = None,
        owing: Sequence[bool] | None = None,
        runs_owe: bool = False,
    ) -> None:
        table, rack, weights = table[::-1], rack[::-1], weights[::-1]
        #: Per number (reversed), whether a freed joker in its groups owes a rack tile there;
        #: a colour's jokers are freed ones where the rack holds none of its colour.
        self.owing = None if owing is None else owing[::-1]
        self.freed = [rack_jokers == 0 for _, rack_jokers in jokers]
        cells = [[RUNS | GROUPS] * len(jokers)] * len(table) if room is None else room[::-1]
        kept = [[0] * len(jokers)] * len(table) if exempt is None else exempt[::-1]
        roles = [flipped_roles(row) for row in newness or [None] * len(jokers)]
        self.colors = colors = len(jokers)
        self.cells = len(table) * colors
        self.budget = budget
        capped = [
            tuple(
                min(t + r + sum(jokers[c]), cap)
                for c, (t, r) in enumerate(zip(trow, rrow, strict=True))
            )
            for trow, rrow, cap in zip(table, rack, _caps(table, rack, jokers), strict=True)
        ]
        self.groups = group_table(colors, max(1, *map(max, capped)), 0)
        self.colours = [
            TintedColor(
                [row[c] for row in table],
                [row[c] for row in rack],
                weights,
                [row[c] for row in capped],
                jokers[c],
                joker_weight,
                [row[c] for row in cells],
                [row[c] for row in kept],
                known_roles(roles[c], table, rack, c, sum(jokers[c])),
                runs_owe and self.freed[c] and may_owe(table, rack, c, jokers[c][0]),
            )
            for c in range(colors)
        ]
        budget.charge(1 + sum(colour.entries for colour in self.colours) // COLOR_ENTRIES)
        #: Per cell, which accumulators may still fit once its colour has given its tiles.
        self.viable = [flags for caps in capped for flags in self.groups.viable(caps, 0)]
        # An entry's run state has at most as many runs open as the colour lays at a number.
        bits = [
            (colour.count(colour.most_runs()) * colour.width - 1).bit_length() or 1
            for colour in self.colours
        ]
        self.masks = [(1 << b) - 1 for b in bits]
        self.offsets = [self.groups.bits + sum(bits[:c]) for c in range(colors)]
        #: Where a key keeps what the moves of its number owe and pay (:data:`_OWES`).
        self.flags = self.groups.bits + sum(bits)
        self.acc_mask = (1 << self.groups.bits) - 1
        self.memo: list[dict[int, int]] = [{} for _ in range(self.cells)]
        self.known: list[dict[int, list[_Move]]] = [{} for _ in range(self.cells)]
        self.choice: list[dict[int, _Move]] = [{} for _ in range(self.cells)]
        self.path: list[_Move] = [(0, 0, 0, 0, 0, 0)] * self.cells
        self.found = NEG
        self.best_path: list[_Move] | None = None

    def bound(self) -> int:
        """The sum of the colours' tables at the start (``NEG``: no play at all)."""
        total = 0
        for colour in self.colours:
            value = colour.values[0][colour.width - 1]
            if value == NEG:
                return NEG
            total += value
        return total

    def best(self, floor: int) -> tuple[int, list[FoundMeld]] | None:
        """The best play scoring more than ``floor``: (score, melds), or ``None``."""
        bound = self.bound()
        if bound <= floor:
            return None
        self._dive(bound, floor)
        path = self.best_path
        return None if path is None else (self.found, self._play(path))

    def _dive(self, bound: int, floor: int) -> None:
        """Search the plays scoring more than ``floor``, keeping the best (``best_path``).

        Its own method: read where it was reset to ``None``, the path would be typed ``None``
        there (mypy narrows it), and mypyc compiles that type in (``benchmarks/compiled.py``).
        """
        self.found, self.best_path = floor, None
        start = sum(
            (colour.width - 1) << offset
            for colour, offset in zip(self.colours, self.offsets, strict=True)
        )
        self._dfs(0, start, bound, floor, 0)

    def _play(self, path: list[_Move]) -> list[FoundMeld]:
        """The melds of a path's moves."""
        colors, columns = self.colors, len(self.colours[0].table)
        open_runs: list[list[list[tuple[int, bool]]]] = [[] for _ in range(colors)]
        marks: list[list[tuple[int, int, int]]] = [[] for _ in range(colors)]
        held: list[list[tuple[int, int]]] = [[] for _ in range(colors)]
        found: list[Built] = []
        cells = self._cells(path)
        for column in range(columns):
            if self.owing is not None and self.owing[column]:
                self._pay(cells[column])
            grouped: list[int] = []
            group_jokers: list[int] = []
            for color, (state, tiles, jokers, on_runs, used) in enumerate(cells[column]):
                colour = self.colours[color]
                joined = jokers - on_runs  # jokers to the number's groups
                if colour.roles is not None or colour.owe:
                    numbered = colour.table[column] + used - (tiles - joined)
                    racked = min(used, numbered)
                    kept = min(on_runs, colour.exempt[column])
                    laid = (numbered - racked + kept, kept, racked, on_runs - kept)
                if colour.roles is not None:
                    role = colour.roles[column]
                    open_runs[color], marks[color] = extend_new(
                        open_runs[color], marks[color], column, laid, state, color, found, role
                    )
                elif colour.owe:
                    open_runs[color], held[color] = extend_owing(
                        open_runs[color], held[color], column, laid, state, color, found
                    )
                elif open_runs[color] or state:
                    count = len(run_lengths(state))
                    open_runs[color] = extend(
                        open_runs[color], column, count, on_runs, color, found
                    )
                grouped.append(tiles)
                group_jokers.append(joined)
            if any(grouped):
                found.extend(
                    ("group", column, members)
                    for members in _groups(split_groups(grouped, 0), group_jokers)
                )
        for color, runs in enumerate(open_runs):
            found.extend(("run", color, run) for run in runs)
        melds = sorted((mirror(meld, columns - 1) for meld in found), key=reading_order)
        return [_found_meld(meld) for meld in melds]

    def _cells(self, path: list[_Move]) -> list[list[list[int]]]:
        """What a path's moves lay, per number and colour.

        Each cell: its next run state, tiles to groups, jokers laid, jokers on runs, rack tiles.
        """
        entries = [colour.width - 1 for colour in self.colours]
        cells: list[list[list[int]]] = []
        for pos, (_, gain, following, tiles, on_runs, _) in enumerate(path):
            column, color = divmod(pos, self.colors)
            colour = self.colours[color]
            spare = entries[color] % colour.width
            jokers = spare - following % colour.width
            entries[color] = following
            racked_jokers = rack_jokers_laid(spare, jokers, colour.rack_jokers)
            used = (gain - racked_jokers * colour.joker_weight) // colour.weights[column]
            if not color:
                cells.append([])
            cells[column].append([following // colour.width, tiles, jokers, on_runs, used])
        return cells

    def _pay(self, cells: list[list[int]]) -> None:
        """A number's rack joker on a run moved to its groups, where they owe a rack tile.

        Where they take a freed joker and no rack tile, a rack joker laid on a run there swaps
        places with its colour's tile in a group (the two stand for the same tile; see
        :meth:`_moves`).
        """
        freed = self.freed
        owes = any(
            freed[c] and jokers > on_runs for c, (_, _, jokers, on_runs, _) in enumerate(cells)
        )
        if not owes or any(tiles and used for _, tiles, _, _, used in cells):
            return
        for color, cell in enumerate(cells):
            _, tiles, jokers, on_runs, _ = cell
            if not freed[color] and on_runs and tiles > jokers - on_runs:
                cell[3] -= 1
                return

    def _moves(self, pos: int, entry: int) -> list[_Move]:
        """The moves of cell ``pos``'s colour from ``entry``, least regret first."""
        found = self.known[pos].get(entry)
        if found is None:
            column, color = divmod(pos, self.colors)
            colour = self.colours[color]
            width = colour.width
            top = colour.values[column][entry]
            after = colour.values[column + 1]
            state, spare = divmod(entry, width)
            owes = self.owing is not None and self.owing[column]
            freed = self.freed[color]
            found = []
            for nxt, grouped, used, jokers, on_runs in colour.ways(column, state, spare):
                following = nxt * width + spare - jokers
                left = after[following]
                if left == NEG:
                    continue
                gain = colour.gain(column, spare, used, jokers)
                flags = 0
                if owes and grouped:
                    # A joker on a run here stands for the tile a group here takes: the two
                    # may swap, so the fewest jokers in groups (the way's) owe, and a rack
                    # tile, or a joker of a colour the rack holds, laid here may pay.
                    pays = used or (jokers and not freed)
                    flags = _PAYS if pays else _OWES if jokers > on_runs and freed else 0
                found.append((top - gain - left, gain, following, grouped, on_runs, flags))
            found.sort(key=_regret_then_gain)
            self.known[pos][entry] = found
        return found

    def _dfs(self, pos: int, key: int, bound: int, alpha: int, got: int) -> int:
        """The best score from ``key`` at cell ``pos`` if above ``alpha``, else a bound <= alpha.

        ``got`` is the score of the path so far: the best path found is kept.
        """
        if pos == self.cells:
            if got > self.found:
                self.found, self.best_path = got, list(self.path)
            return 0
        memo = self.memo[pos]
        known = memo.get(key)
        if known is not None:
            if known & 1:
                if got + (known >> 1) > self.found:
                    self.found = got + (known >> 1)
                    self.best_path = self.path[:pos] + self._follow(pos, key)
                return known >> 1
            if known >> 1 <= alpha:
                return known >> 1
        self.budget.charge()
        color = pos % self.colors
        offset, mask = self.offsets[color], self.masks[color]
        entry = (key >> offset) & mask
        acc = key & self.acc_mask
        after = self.groups.after[acc]
        viable = self.viable[pos]
        last = color == self.colors - 1
        flags_at = self.flags
        owed = key >> flags_at
        best, choice = NEG, None
        for move in self._moves(pos, entry):
            regret, gain, following, grouped, _, flags = move
            floor = best if best > alpha else alpha
            if bound - regret <= floor:
                break
            acc2 = after[grouped]
            if not viable[acc2]:
                continue
            flags |= owed
            if last:
                if flags == _OWES:
                    continue  # a freed joker in the number's groups, no rack tile in them
                flags = 0
            self.path[pos] = move
            child = key + ((following - entry) << offset) - acc + (0 if last else acc2)
            child += (flags - owed) << flags_at
            rest = self._dfs(pos + 1, child, bound - regret - gain, floor - gain, got + gain)
            if gain + rest > best:
                best, choice = gain + rest, move
                if best >= bound:
                    break
        if best > alpha and choice is not None:
            memo[key] = 2 * best + 1
            self.choice[pos][key] = choice
            return best
        memo[key] = 2 * alpha
        return alpha

    def _follow(self, pos: int, key: int) -> list[_Move]:
        """The moves the memo chose from ``key`` at cell ``pos`` to the end."""
        moves = []
        for at in range(pos, self.cells):
            move = self.choice[at][key]
            moves.append(move)
            color = at % self.colors
            offset = self.offsets[color]
            entry = (key >> offset) & self.masks[color]
            acc = key & self.acc_mask
            last = color == self.colors - 1
            acc2 = 0 if last else self.groups.after[acc][move[3]]
            owed = key >> self.flags
            flags = 0 if last else owed | move[5]
            key += ((move[2] - entry) << offset) - acc + acc2 + ((flags - owed) << self.flags)
        return moves


def _groups(
    groups: list[list[tuple[int, bool]]], jokers: Sequence[int]
) -> list[list[tuple[int, bool]]]:
    """Groups of tiles dealt by colour, ``jokers[c]`` of colour ``c``'s tiles read as its jokers."""
    left = list(jokers)
    marked = []
    for members in groups:
        row = []
        for color, _ in members:
            row.append((color, left[color] > 0))
            left[color] -= left[color] > 0
        marked.append(row)
    return marked


def _found_meld(meld: Built) -> FoundMeld:
    """The meld as the plan reads it: every joker of it is coloured, of its place's colour."""
    kind, where, members = meld
    jokers = tuple(joker for _, joker in members)
    return FoundMeld(
        MeldKind.RUN if kind == "run" else MeldKind.GROUP,
        where,
        tuple(place for place, _ in members),
        jokers,
        jokers,
    )


def _caps(
    table: Sequence[Sequence[int]],
    rack: Sequence[Sequence[int]],
    jokers: Sequence[tuple[int, int]],
) -> list[int]:
    """Most tiles of one colour that may join groups at each number (0 if none can).

    A colour's jokers may stand at any number, so each counts at every number.
    """
    caps = []
    for trow, rrow in zip(table, rack, strict=True):
        here = [t + r + sum(j) for t, r, j in zip(trow, rrow, jokers, strict=True)]
        present = sum(1 for n in here if n)
        caps.append(0 if present < 3 else min(max(here), sum(here) // 3))
    return caps


def _regret_then_gain(move: _Move) -> tuple[int, int]:
    return move[0], -move[1]
