"""The relaxation of a reading with coloured jokers alone: each a tile of its colour (private).

A coloured joker stands only for a tile of its own colour (rules section 1): in a run of its
colour, for the tile of the place it takes; in a group, for its colour's tile of the group's
number. So where every joker in play is coloured, a joker of colour ``c`` is one more tile of
``c`` that a play may put at any number, in a run or in a group. Replace each joker of a legal
play by the tile it stands for and the play is one of this problem, which forgets what section
4.5 asks of a freed joker (a new meld, rack tiles beside it) and that a meld needs a numbered
tile: its best score bounds every play of the reading.

The plain relaxation (:func:`._opened._plain_widest`) reads the same jokers as plain ones,
free to stand in any colour's melds. Here each colour keeps its own jokers, so the colours
share nothing but the groups of each number: each colour's table (the colour alone, groups
relaxed, :class:`_Color`) bounds what it may still score, their sum bounds the search, and
a move's *regret* (what it takes off its colour's table) orders the moves and stops the search
once the bound left cannot beat the best score found. A search is charged to the solve's budget,
a state a unit and a table by its entries.
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
    mirror,
    reading_order,
    split_groups,
)
from rummikub_rules.solver._grid import NEG, Counts, FoundMeld
from rummikub_rules.solver._group_table import group_table
from rummikub_rules.solver._incumbent import Incumbent
from rummikub_rules.solver._new_runs import MOST_RUNS, flipped_roles
from rummikub_rules.solver._new_runs import closes as new_closes
from rummikub_rules.solver._new_runs import options as new_options
from rummikub_rules.solver._new_runs import state_count as new_state_count
from rummikub_rules.solver._old_runs import old_runs
from rummikub_rules.solver._position import Roles
from rummikub_rules.solver._relax import JokerRoom
from rummikub_rules.solver._run_states import options, run_lengths, state_count
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
    legal, it is the reading's best. Where the referee refuses it for a freed joker in a run
    holding an old run whole (and no rack joker is in play), it is solved again with runs that
    know the old runs (:mod:`._new_runs`), tighter. Only where :func:`applies`.
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
    found = TintedSearch(*args, room=cells).best(best.floor - forced)
    if found is None:
        return best.floor, False
    score, melds = found[0] + forced, [ctx.grid.meld(meld) for meld in found[1]]
    if best.offer(melds) == score:
        return score, True
    broken = best.refusals(melds) or ()
    if best.offer_split(melds) == score:
        return score, True
    newness = None if ctx.rack_jokers() or any(ctx.rack_colored()) else old_runs(ctx, tinted=True)
    if newness is None or any(v.code is not Code.FREED_JOKER_NOT_IN_NEW_MELD for v in broken):
        return score, False  # where a freed joker's meld owes a rack tile too, it seldom pays
    exempt = ctx.pins(roles.jokers)[0]  # a joker laid where one stood is kept, not freed
    found = TintedSearch(*args, room=cells, exempt=exempt, newness=newness).best(
        best.floor - forced
    )
    if found is None:
        return best.floor, False
    score, melds = found[0] + forced, [ctx.grid.meld(meld) for meld in found[1]]
    return score, best.offer(melds) == score


#: A way to play one cell: (next run state, tiles to groups, rack tiles laid, jokers laid,
#: jokers laid on runs).
_Way = tuple[int, int, int, int, int]

#: A move of the search at one cell: (regret, score gained, the colour's next entry, tiles
#: to groups, jokers laid on runs).
_Move = tuple[int, int, int, int, int]

_WAYS: dict[tuple[int, ...], tuple[_Way, ...]] = {}

#: Where a cell's jokers may stand (:func:`_ways`): a bit for its runs, a bit for its groups.
RUNS, GROUPS = 1, 2


def _ways(
    state: int,
    table: int,
    rack: int,
    cap: int,
    spare: int,
    room: int = RUNS | GROUPS,
    exempt: int = 0,
    role: int = -1,
) -> tuple[_Way, ...]:
    """Every way to play a cell from run ``state``: its tiles, rack tiles, jokers of its colour.

    All ``table`` tiles and up to ``rack`` rack tiles and ``spare`` jokers are laid; at most
    ``cap`` of them go to the number's groups (a joker there as its colour's tile), the others
    to runs (a joker there as one more tile of the cell). The jokers stand only where ``room``
    lets them (:data:`RUNS`, :data:`GROUPS`). With a ``role`` along an old run (not -1), the
    run states are those of :mod:`._new_runs`, ``exempt`` of the jokers on runs kept ones.
    Kept for the process.
    """
    key = (state, table, rack, cap, spare, room, exempt, role)
    found = _WAYS.get(key)
    if found is None:
        on_runs = spare if room & RUNS else 0
        if role < 0:
            ways = options(state, table, rack, cap, on_runs)
        else:
            ways = new_options(state, table, rack, cap, on_runs, 0, exempt, role)
        # Per outcome, the most jokers on runs (their places there are the jokers' own).
        seen: dict[tuple[int, int, int, int], int] = {}
        for nxt, grouped, used, extra in ways:
            for joined in range(spare - extra + 1 if room & GROUPS else 1):
                if grouped + joined > cap:
                    break
                outcome = (nxt, grouped + joined, used, extra + joined)
                seen[outcome] = max(extra, seen.get(outcome, 0))
        # By rack tiles, jokers, then tiles to groups: the order moves of equal regret keep.
        ordered = sorted(seen.items(), key=lambda item: (item[0][2], item[0][3], item[0][1]))
        found = _WAYS[key] = tuple((*way, extra) for way, extra in ordered)
    return found


def _plain_closes(state: int) -> bool:
    """Whether every open run of a plain run state may close: 3 tiles or more."""
    return all(n == 3 for n in run_lengths(state))


def _known(
    roles: Sequence[int] | None,
    table: Sequence[Sequence[int]],
    rack: Sequence[Sequence[int]],
    color: int,
    jokers: int,
) -> Sequence[int] | None:
    """A colour's roles along its old runs, where its runs may know them (else ``None``).

    As in the fast search, where at most :data:`._new_runs.MOST_RUNS` runs are open at once.
    """
    most = max(t[color] + r[color] for t, r in zip(table, rack, strict=True)) + jokers
    return roles if roles is not None and most <= MOST_RUNS else None


def _racked(spare: int, jokers: int, rack_jokers: int) -> int:
    """The rack's jokers among ``jokers`` laid with ``spare`` left (the table's go first)."""
    return jokers - min(jokers, max(0, spare - rack_jokers))


class _Color:
    """One colour alone, groups relaxed: per number, the best score still reachable.

    ``values[n][entry]``, an entry being ``state * width + spare`` (the colour's run state and
    its jokers not laid yet), for the entries a play may reach; a table joker left at the end,
    or a run left short, is no play.
    """

    def __init__(
        self,
        table: Sequence[int],
        rack: Sequence[int],
        weights: Sequence[int],
        caps: Sequence[int],
        jokers: tuple[int, int],
        joker_weight: int,
        room: Sequence[int],
        exempt: Sequence[int],
        roles: Sequence[int] | None,
    ) -> None:
        self.table, self.rack, self.weights, self.caps = table, rack, weights, caps
        self.room, self.exempt, self.roles = room, exempt, roles
        loose, self.rack_jokers = jokers
        self.joker_weight = joker_weight
        self.width = width = loose + self.rack_jokers + 1
        #: How many run states have at most so many open runs.
        self.count = state_count if roles is None else new_state_count
        columns = len(table)
        reach: list[set[int]] = [{loose + self.rack_jokers}]
        for column in range(columns):
            after = set()
            for entry in reach[column]:
                state, spare = divmod(entry, width)
                for nxt, _, _, laid, _ in self.ways(column, state, spare):
                    after.add(nxt * width + spare - laid)
            reach.append(after)
        self.entries = sum(map(len, reach))
        closes = _plain_closes if roles is None else new_closes
        end = {
            entry: 0 if entry % width <= self.rack_jokers and closes(entry // width) else NEG
            for entry in reach[columns]
        }
        values = [end]
        for column in range(columns - 1, -1, -1):
            here = {}
            for entry in reach[column]:
                state, spare = divmod(entry, width)
                best = NEG
                for nxt, _, used, laid, _ in self.ways(column, state, spare):
                    left = end[nxt * width + spare - laid]
                    if left != NEG:
                        score = left + self.gain(column, spare, used, laid)
                        best = max(best, score)
                here[entry] = best
            end = here
            values.append(here)
        values.reverse()
        self.values = values

    def ways(self, column: int, state: int, spare: int) -> tuple[_Way, ...]:
        """The ways to play the colour's cell of ``column`` (:func:`_ways`).

        Its jokers stand there only where its room lets them; with its roles along an old run,
        its runs know it.
        """
        cell = (self.table[column], self.rack[column], self.caps[column])
        role = -1 if self.roles is None else self.roles[column]
        return _ways(state, *cell, spare, self.room[column], self.exempt[column], role)

    def most_runs(self) -> int:
        """The most runs the colour may have open after a number: its tiles and jokers there."""
        return max(t + r for t, r in zip(self.table, self.rack, strict=True)) + self.width - 1

    def gain(self, column: int, spare: int, used: int, jokers: int) -> int:
        """What ``used`` rack tiles and ``jokers`` jokers laid at ``column`` score."""
        racked = _racked(spare, jokers, self.rack_jokers)
        return used * self.weights[column] + racked * self.joker_weight


class TintedSearch:
    """The best play of the relaxation (see the module docstring), number by number downwards.

    ``table`` and ``rack`` count the numbered tiles per ``[column][colour]``, table tiles to be
    laid, rack tiles scoring ``weights[column]`` each where laid; ``jokers[c]`` is (table
    jokers of colour ``c``, all to be laid; rack jokers of it, scoring ``joker_weight`` each).
    With ``room``, colour ``c``'s jokers stand at ``column`` only where ``room[column][c]``
    says (:data:`RUNS`, :data:`GROUPS`).
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
    ) -> None:
        table, rack, weights = table[::-1], rack[::-1], weights[::-1]
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
            _Color(
                [row[c] for row in table],
                [row[c] for row in rack],
                weights,
                [row[c] for row in capped],
                jokers[c],
                joker_weight,
                [row[c] for row in cells],
                [row[c] for row in kept],
                _known(roles[c], table, rack, c, sum(jokers[c])),
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
        self.acc_mask = (1 << self.groups.bits) - 1
        self.memo: list[dict[int, int]] = [{} for _ in range(self.cells)]
        self.known: list[dict[int, list[_Move]]] = [{} for _ in range(self.cells)]
        self.choice: list[dict[int, _Move]] = [{} for _ in range(self.cells)]
        self.path: list[_Move] = [(0, 0, 0, 0, 0)] * self.cells
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
        self.found, self.best_path = floor, None
        start = sum(
            (colour.width - 1) << offset
            for colour, offset in zip(self.colours, self.offsets, strict=True)
        )
        self._dfs(0, start, bound, floor, 0)
        return None if self.best_path is None else (self.found, self._play(self.best_path))

    def _play(self, path: list[_Move]) -> list[FoundMeld]:
        """The melds of a path's moves."""
        colors, columns = self.colors, len(self.colours[0].table)
        open_runs: list[list[list[tuple[int, bool]]]] = [[] for _ in range(colors)]
        marks: list[list[tuple[int, int, int]]] = [[] for _ in range(colors)]
        entries = [colour.width - 1 for colour in self.colours]
        found: list[Built] = []
        grouped: list[int] = []
        group_jokers: list[int] = []
        for pos, (_, gain, following, tiles, on_runs) in enumerate(path):
            column, color = divmod(pos, colors)
            colour = self.colours[color]
            spare = entries[color] % colour.width
            jokers = spare - following % colour.width
            entries[color] = following
            state = following // colour.width
            joined = jokers - on_runs  # jokers to the number's groups
            if colour.roles is not None:
                racked_jokers = _racked(spare, jokers, colour.rack_jokers)
                used = (gain - racked_jokers * colour.joker_weight) // colour.weights[column]
                numbered = colour.table[column] + used - (tiles - joined)
                racked = min(used, numbered)
                kept = min(on_runs, colour.exempt[column])
                laid = (numbered - racked + kept, kept, racked, on_runs - kept)
                role = colour.roles[column]
                open_runs[color], marks[color] = extend_new(
                    open_runs[color], marks[color], column, laid, state, color, found, role
                )
            elif open_runs[color] or state:
                count = len(run_lengths(state))
                open_runs[color] = extend(open_runs[color], column, count, on_runs, color, found)
            grouped.append(tiles)
            group_jokers.append(joined)
            if color == colors - 1:
                if any(grouped):
                    found.extend(
                        ("group", column, members)
                        for members in _groups(split_groups(grouped, 0), group_jokers)
                    )
                grouped, group_jokers = [], []
        for color, runs in enumerate(open_runs):
            found.extend(("run", color, run) for run in runs)
        melds = sorted((mirror(meld, columns - 1) for meld in found), key=reading_order)
        return [_found_meld(meld) for meld in melds]

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
            found = []
            for nxt, grouped, used, jokers, on_runs in colour.ways(column, state, spare):
                following = nxt * width + spare - jokers
                left = after[following]
                if left == NEG:
                    continue
                gain = colour.gain(column, spare, used, jokers)
                found.append((top - gain - left, gain, following, grouped, on_runs))
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
        best, choice = NEG, None
        for move in self._moves(pos, entry):
            regret, gain, following, grouped, _ = move
            floor = best if best > alpha else alpha
            if bound - regret <= floor:
                break
            acc2 = after[grouped]
            if not viable[acc2]:
                continue
            self.path[pos] = move
            child = key + ((following - entry) << offset) - acc + (0 if last else acc2)
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
            acc2 = 0 if color == self.colors - 1 else self.groups.after[acc][move[3]]
            key += ((move[2] - entry) << offset) - acc + acc2
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
