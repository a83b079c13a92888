"""Run states that know which run may not take a freed joker: it holds an old run (private).

A freed joker must end in a new meld (rules 4.5). A run of the table holding a tile of which
the table and the rack hold one copy can continue as one meld only, the one holding that tile:
a meld that holds all of the run's numbered tiles is then old in every matching, and may not
hold a freed joker. Where the fast search's relaxation put a freed joker in such a meld
(:class:`._fast.FastSearch` with ``newness``), it is solved again with each open run of a colour
carrying, beside its length (:mod:`._run_states`), whether it holds a freed joker and whether it
holds a tile laid at each numbered place of the colour's old run met so far (*holding*); past the
old run's last numbered place, a holding run holds it whole and takes no freed joker. A joker
standing where a table joker stood is kept, not freed (the referee pairs it so).

Each cell of a colour has a *role* along its old run: :data:`START` (its first numbered place,
in the order the search walks), :data:`NUMBERED`, :data:`GAP` (a place the old run's own joker
held), :data:`END` (its last numbered place) or :data:`OTHER`. A run may close before it holds
the old run, and tiles may open new runs beside a run of three that could grow (a run holding an
old one is no longer as good as a fresh one), so every way to lay a cell is listed. A mark
dropped only loosens the relaxation: a freed joker is refused only where the run holds an old
run whole, so every legal play is a path of the states. :func:`deal` gives a play's runs the
tiles one outcome says.

The same marks keep a *claim* (:class:`._runs.Claim`: consecutive cells of a colour one run must
cover, with a numbered tile where it demands one: a meld locked under
``joker_melds_extend_only``, or one whose joker is replaced in place), with roles of their own
(:data:`CLAIM_START_TILE` to :data:`CLAIM_OUTSIDE`): a run taking the claim's first cell holds
it, keeps holding it while it takes a numbered tile where the claim demands one (anything at
its other cells), and past each of the claim's cells some run must hold it; its last cell met,
no run holds it any more. Freed jokers go anywhere there (no freed-joker mark).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final

from rummikub_rules.solver._run_states import Numbering, splits

__all__ = [
    "CLAIM_ANY",
    "CLAIM_END_ANY",
    "CLAIM_END_TILE",
    "CLAIM_OUTSIDE",
    "CLAIM_START_ANY",
    "CLAIM_START_TILE",
    "CLAIM_TILE",
    "END",
    "FREED",
    "GAP",
    "KEPT",
    "MOST_RUNS",
    "NUMBERED",
    "NUMBERED_STATES",
    "OTHER",
    "START",
    "TILE",
    "closes",
    "deal",
    "flipped_roles",
    "grown",
    "keeps_claims",
    "marked_roles",
    "options",
    "settled",
    "state_bits",
    "state_count",
]

#: A cell's role along its colour's old run (see the module docstring).
OTHER: Final = 0
START: Final = 1
NUMBERED: Final = 2
GAP: Final = 3
END: Final = 4

#: A cell's role along a claim: its first cell, a cell between and its last, each demanding a
#: numbered tile (``_TILE``) or taking anything (``_ANY``); or a cell outside the claims of a
#: colour that has some.
CLAIM_START_TILE: Final = 5
CLAIM_START_ANY: Final = 6
CLAIM_TILE: Final = 7
CLAIM_ANY: Final = 8
CLAIM_END_TILE: Final = 9
CLAIM_END_ANY: Final = 10
CLAIM_OUTSIDE: Final = 11
_FLIPPED: Final = {
    START: END,
    END: START,
    CLAIM_START_TILE: CLAIM_END_TILE,
    CLAIM_START_ANY: CLAIM_END_ANY,
    CLAIM_END_TILE: CLAIM_START_TILE,
    CLAIM_END_ANY: CLAIM_START_ANY,
}

#: What one tile laid on a run is: a numbered tile (the table's or the rack's), a joker kept in
#: its role (a table joker pinned, or one standing where a table joker stood), a freed joker.
TILE: Final = 0
KEPT: Final = 1
FREED: Final = 2

#: An open run: (length, holds a freed joker, holds the old run so far), length 3 meaning more.
_Run = tuple[int, int, int]

#: The most runs a search may have open at a number where it knows old runs: 18,564 states.
MOST_RUNS: Final = 6

#: The states, numbered as the plain ones are (:class:`._run_states.Numbering`).
NUMBERED_STATES: Final = Numbering(tuple(itertools.product((1, 2, 3), (0, 1), (0, 1))))
_STATES = NUMBERED_STATES.states
_state_id = NUMBERED_STATES.id
_OUTCOMES: dict[tuple[int, ...], tuple[int, ...]] = {}
_OPTIONS: dict[tuple[int, ...], tuple[tuple[int, int, int, int], ...]] = {}
_DEALS: dict[tuple[object, ...], tuple[tuple[int | None, ...], tuple[int, ...]]] = {}


def state_count(runs: int) -> int:
    """How many states have at most ``runs`` open runs (the first ids)."""
    return NUMBERED_STATES.count(runs)


def state_bits(runs: int) -> int:
    """Bits that hold a state with at most ``runs`` open runs."""
    return NUMBERED_STATES.bits(runs)


def closes(state: int) -> bool:
    """Whether every open run of ``state`` may close: 3 tiles or more."""
    return all(run[0] == 3 for run in _STATES[state])


def keeps_claims(roles: Sequence[Sequence[int] | None]) -> bool:
    """Whether colours' roles (``None``: a plain colour) are a claim's, none an old run's."""
    return all(min(row) >= CLAIM_START_TILE for row in roles if row is not None)


def marked_roles(
    spans: Sequence[Sequence[tuple[int, Sequence[int]]]], columns: int, outside: int
) -> list[list[int] | None] | None:
    """Per colour, its cells' roles along its spans (``None``: a colour with none).

    ``spans[colour]`` holds (first column, the roles from it on), an old run's or a claim's;
    ``outside`` is the role of the colour's other cells. A mark holds one span at a time: the
    first by its first column, then each next one starting past the last one's end (a span
    dropped only loosens the relaxation). ``None``: no colour keeps a span.
    """
    found: list[list[int] | None] = []
    for row_spans in spans:
        roles: list[int] | None = None
        end = -1
        for first, along in sorted(row_spans, key=lambda span: span[0]):
            if first <= end:
                continue
            roles = roles or [outside] * columns
            end = first + len(along) - 1
            roles[first : end + 1] = along
        found.append(roles)
    return found if any(roles is not None for roles in found) else None


def flipped_roles(roles: Sequence[int] | None) -> list[int] | None:
    """A colour's roles for a search walking the columns the other way (``None``: plain).

    The columns come in the other order, and an old run's (or a claim's) first and last places
    swap.
    """
    if roles is None:
        return None
    return [_FLIPPED.get(role, role) for role in roles[::-1]]


def options(
    state: int,
    table: int,
    rack: int,
    group_cap: int,
    spare: int,
    pins: int,
    exempt: int,
    role: int,
) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to play one cell from ``state``, as :func:`._run_states.options` lists them.

    Each way is (next state, tiles to groups, rack tiles used, jokers in runs); one cell's
    counts may reach several next states (which runs take the tiles and the jokers, and which
    close). ``pins`` table jokers and ``exempt`` of the loose jokers laid on runs here are kept.
    """
    key = (state, table, rack, group_cap, spare, pins, exempt, role)
    found = _OPTIONS.get(key)
    if found is None:
        ways = []
        for laid in range(table, table + rack + 1):
            for grouped in range(min(laid, group_cap) + 1):
                for extra in range(spare + 1):
                    kept = pins + min(extra, exempt)
                    freed = extra - min(extra, exempt)
                    ways += [
                        (nxt, grouped, laid - table, extra)
                        for nxt in _outcomes(state, laid - grouped, kept, freed, role)
                    ]
        found = _OPTIONS[key] = tuple(ways)
    return found


def _outcomes(state: int, tiles: int, kept: int, freed: int, role: int) -> tuple[int, ...]:
    """The states after laying these on a state's runs (none: they cannot be laid)."""
    key = (state, tiles, kept, freed, role)
    found = _OUTCOMES.get(key)
    if found is None:
        runs = _STATES[state]
        found = _OUTCOMES[key] = tuple(
            sorted({_state_id(after) for _, after in _dealt(runs, tiles, kept, freed, role)})
        )
    return found


def deal(
    runs: Sequence[_Run], tiles: int, kept: int, freed: int, role: int, target: int
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Which tile each run takes to reach state ``target``: (per run, ``None`` if it closes).

    And the tiles that open new runs. The runs are a play's, in its order (see
    :func:`._fast_melds.replay`).
    """
    key = (tuple(runs), tiles, kept, freed, role, target)
    found = _DEALS.get(key)
    if found is None:
        ways = _dealt(runs, tiles, kept, freed, role)
        dealt = next((way for way, after in ways if _state_id(after) == target), None)
        assert dealt is not None, "no way of laying the cell's tiles reaches the state"
        found = _DEALS[key] = (tuple(dealt[0]), tuple(dealt[1]))
    return found


def _dealt(
    runs: Sequence[_Run], tiles: int, kept: int, freed: int, role: int
) -> Iterator[tuple[tuple[list[int | None], list[int]], list[_Run]]]:
    """Every way to lay the cell on ``runs``: (tile per run or ``None``, new runs' tiles).

    Short runs must grow; runs of 3 or more grow or close, and the tiles left open new runs.
    Runs alike take tiles alike: only how many of each kind each sort of run takes tells two
    ways apart. With each way, the runs after it; a way giving a freed joker to a run holding
    an old run whole is none.
    """
    count = tiles + kept + freed
    must = [i for i, run in enumerate(runs) if run[0] < 3]
    may = [i for i in range(len(runs)) if i not in must]
    if count < len(must):
        return
    seen: set[tuple[_Run, ...]] = set()
    for grow in range(min(len(may), count - len(must)) + 1):
        for chosen in itertools.combinations(may, grow):
            sorted_kinds = tuple(runs[i] for i in chosen)
            if sorted_kinds in seen:
                continue  # runs alike: the same ways
            seen.add(sorted_kinds)
            sorts: dict[_Run, list[int | None]] = {}
            for i in [*must, *chosen]:
                sorts.setdefault(runs[i], []).append(i)
            opened = count - len(must) - grow
            if opened:
                sorts.setdefault((0, 0, 0), []).extend([None] * opened)  # a new run is empty
            for split in splits([len(members) for members in sorts.values()], tiles, kept):
                way = _laid(sorts, split, len(runs), role)
                if way is not None:
                    yield way


def _laid(
    sorts: dict[_Run, list[int | None]],
    split: Sequence[tuple[int, int]],
    count: int,
    role: int,
) -> tuple[tuple[list[int | None], list[int]], list[_Run]] | None:
    """One way of :func:`_dealt`: each sort's tiles and kept jokers, freed ones after."""
    taken: list[int | None] = [None] * count
    new: list[int] = []
    after = []
    for (run, members), (numbered, kept) in zip(sorts.items(), split, strict=True):
        kinds = [TILE] * numbered + [KEPT] * kept
        kinds += [FREED] * (len(members) - len(kinds))
        for member, tile in zip(members, kinds, strict=True):
            grew = grown(run, tile, role)
            if grew is None:
                return None
            after.append(grew)
            if member is None:
                new.append(tile)
            else:
                taken[member] = tile
    held = settled(after, role)
    return None if held is None else ((taken, new), held)


def settled(runs: list[_Run], role: int) -> list[_Run] | None:
    """The runs after a cell of ``role``, once its claim is judged (``None``: no run holds it).

    Past a claim's cell some run must hold the claim; past its last cell, none holds it any
    more (it is met). The order of ``runs`` is kept.
    """
    if role < CLAIM_START_TILE or role == CLAIM_OUTSIDE:
        return runs
    if not any(holding for _, _, holding in runs):
        return None
    if role in (CLAIM_END_TILE, CLAIM_END_ANY):
        return [(length, 0, 0) for length, _, _ in runs]
    return runs


def grown(run: _Run, tile: int, role: int) -> _Run | None:
    """A run after one more tile at a cell of ``role`` (a new run: ``(0, 0, 0)``).

    ``None`` where a freed joker would join a run holding an old run whole, or a run holding
    one whole holds a freed joker. Along a claim, whether the run holds it (:func:`settled`
    judges the claim).
    """
    length, holds_freed, holding = run
    if role >= CLAIM_START_TILE:
        if role in (CLAIM_START_TILE, CLAIM_START_ANY):
            holding = int(tile == TILE or role == CLAIM_START_ANY)
        elif role in (CLAIM_TILE, CLAIM_END_TILE) and tile != TILE:
            holding = 0
        return min(3, length + 1), 0, holding
    if tile == FREED:
        if holding and role in (OTHER, START):
            return None  # past an old run's last place, a holding run holds it whole
        holds_freed = 1
        if role != GAP:
            holding = 0  # the joker stands where the old run has a numbered tile
    elif tile == KEPT:
        if role in (NUMBERED, END):
            holding = 0
    elif role == START:
        holding = 1
    if role == END and holds_freed and holding:
        return None
    return min(3, length + 1), holds_freed, holding
