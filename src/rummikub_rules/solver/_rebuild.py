"""From the moves of a general search back to melds (private).

The search keeps only states; the moves it chose, replayed from the start, say which run each
tile went on and what each column gave to its groups. :func:`rebuild` replays them with concrete
runs (the tiles of each, in order) and splits each column's group tiles into groups. The jokers
laid on one colour's runs at one cell may be plain or of that colour: the coloured ones (kept,
loose, rack) take joker places of their kind there, first those of locked runs that held a
coloured joker there, last those that held a plain one; elsewhere any place is as good.
"""

from __future__ import annotations

import attrs

from rummikub_rules.melds import MeldKind
from rummikub_rules.solver._grid import FoundMeld
from rummikub_rules.solver._moves import ColorMove, GroupMove
from rummikub_rules.solver._problem import Problem
from rummikub_rules.solver._runs import IS_NUMBERED, LOOSE, PIN, RACK_JOKER, RunStates

__all__ = ["rebuild"]


@attrs.define
class _Piece:
    """A run being built: its facts id and its tiles so far, as (column, joker, coloured)."""

    rid: int
    tiles: list[tuple[int, bool, bool]]


def rebuild(
    problem: Problem,
    runs: RunStates,
    chosen: list[ColorMove | GroupMove],
) -> list[FoundMeld]:
    """The melds made by the moves ``chosen``, one per step from the first."""
    rows = problem.rows
    steps = rows + 1
    open_runs: list[list[_Piece]] = [[] for _ in range(rows)]
    heads: list[list[_Piece]] = [[] for _ in range(rows)]
    found: list[FoundMeld] = []
    shares: list[tuple[int, int]] = [(0, 0)] * rows
    for pos, move in enumerate(chosen):
        column, step = divmod(pos, steps)
        if isinstance(move, ColorMove):
            shares[step] = move.share
            pieces = open_runs[step]
            extended: set[int] = set()
            grown = []
            tinted = _tinted(problem, runs, move, pieces, problem.cells[column][step].jokers, step)
            for at, (source, kind, rid, _) in enumerate(move.placed):
                piece = pieces[source] if source >= 0 else _Piece(rid, [])
                extended.add(source)
                joker = not IS_NUMBERED[kind]
                grown.append(_Piece(rid, [*piece.tiles, (column, joker, at in tinted)]))
            for index, piece in enumerate(pieces):
                if index in extended:
                    continue
                if problem.runs.cyclic and runs.facts[piece.rid].edge:
                    heads[step].append(piece)
                else:
                    found.append(_run(step, piece.tiles))
            open_runs[step] = grown
            continue
        assert isinstance(move, GroupMove)
        jokers = (move.kept, move.loose, move.rack_jokers)
        if any(t + r for t, r in shares) or any(jokers) or move.colored:
            found.extend(
                FoundMeld(
                    MeldKind.GROUP,
                    column,
                    tuple(row for row, _ in members),
                    tuple(not IS_NUMBERED[kind] for _, kind in members),
                    tuple(row >= 0 and not IS_NUMBERED[kind] for row, kind in members),
                )
                for members in problem.groups[column].arrange(shares, jokers, move.colored)
            )
        shares = [(0, 0)] * rows
    for row in range(rows):
        found.extend(_close(runs, row, open_runs[row], heads[row]))
    return found


def _tinted(
    problem: Problem,
    runs: RunStates,
    move: ColorMove,
    pieces: list[_Piece],
    held: tuple[tuple[int, int], ...],
    row: int,
) -> set[int]:
    """Which of the items laid on runs at this cell are the coloured jokers (their places).

    Where runs tell no jokers apart, every coloured joker, kept, loose or from the rack, is
    laid as ``LOOSE`` (see ``_moves._CANONICAL_KINDS``); else each as its kind. Of each kind
    they go first to the runs of locked claims that hold a coloured joker here, last to those
    that hold a plain one (``held``: each claim's joker kind here, ``Cell.jokers``), as the
    referee wants them back; the moves laid enough of each kind for that.
    """
    if not problem.colored:
        return set()
    if problem.runs.owe:
        counts = {PIN: move.colored_kept, LOOSE: move.colored[0], RACK_JOKER: move.colored[1]}
    else:
        counts = {LOOSE: move.colored[0] + move.colored_kept + move.colored[1]}
    wants = dict(held)
    places: dict[int, list[tuple[int, int]]] = {}
    for at, (source, kind, _, take) in enumerate(move.placed):
        if kind not in counts:
            continue
        want = wants.get(runs.carried(pieces[source].rid if source >= 0 else -1, take))
        places.setdefault(kind, []).append((0 if want == row else 2 if want is not None else 1, at))
    return {at for kind, found in places.items() for _, at in sorted(found)[: counts[kind]]}


def _close(runs: RunStates, row: int, tails: list[_Piece], heads: list[_Piece]) -> list[FoundMeld]:
    """The runs open at the end, each tail joined to its head where runs go round."""
    joined = _match(runs, row, tails, heads)
    assert joined is not None
    out = []
    for index, tail in enumerate(tails):
        head = joined.get(index)
        tiles = tail.tiles if head is None else [*tail.tiles, *head.tiles]
        out.append(_run(row, tiles))
    return out


def _match(
    runs: RunStates, row: int, tails: list[_Piece], heads: list[_Piece]
) -> dict[int, _Piece] | None:
    """Which tail each head joins (as :meth:`RunStates.finished` found possible)."""
    if not heads:
        return {} if all(runs.closable(t.rid) for t in tails) else None
    head, rest = heads[0], heads[1:]
    for index, tail in enumerate(tails):
        if not runs.joins(runs.facts[tail.rid], runs.facts[head.rid], row):
            continue
        others = tails[:index] + tails[index + 1 :]
        found = _match(runs, row, others, rest)
        if found is not None:
            remap = {(i if i < index else i + 1): h for i, h in found.items()}
            remap[index] = head
            return remap
    return None


def _run(row: int, tiles: list[tuple[int, bool, bool]]) -> FoundMeld:
    colored = tuple(tint for _, _, tint in tiles)
    return FoundMeld(
        MeldKind.RUN,
        row,
        tuple(c for c, _, _ in tiles),
        tuple(joker for _, joker, _ in tiles),
        colored if any(colored) else (),
    )
