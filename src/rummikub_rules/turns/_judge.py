"""The referee's verdict on any action, from what the player to move can see (rules section 3 to 5).

A play goes to :func:`~rummikub_rules.turns.check_turn`; a draw needs tiles in the pool, a pass
an empty pool; a failed turn that lost tiles to the pool must leave a valid table. Both
``GameState.check`` and ``PlayerView.check`` ask :func:`judge`, so a bot and the game agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummikub_rules.actions import Action, Draw, FailedTurn, Pass, Play, Timeout
from rummikub_rules.editions import Edition
from rummikub_rules.errors import EXCERPT_LIMIT, InvalidTypeError, excerpt
from rummikub_rules.melds import Table
from rummikub_rules.notation import format_tiles
from rummikub_rules.tiles import Tile, tile_counts
from rummikub_rules.turns import Code, Verdict, Violation, check_turn
from rummikub_rules.turns._failed_turns import restored_table

__all__ = ["judge"]


def judge(
    action: Action,
    *,
    table: Table,
    rack: Sequence[Tile],
    opened: bool,
    pool_size: int,
    over: bool,
    edition: Edition,
) -> Verdict:
    """The verdict on ``action`` by a player holding ``rack``; its ``table`` is the table after."""
    if over:
        return _refused(Code.GAME_OVER, "The game is over; no more actions are taken.")
    if isinstance(action, Play):
        return check_turn(table, rack, action.after, opened=opened, edition=edition)
    if isinstance(action, Draw) and not pool_size:
        return _refused(Code.POOL_EMPTY, "The pool is empty: there is nothing to draw.")
    if isinstance(action, Pass) and pool_size:
        return _refused(
            Code.POOL_NOT_EMPTY,
            "A player may pass only when the pool is empty; otherwise they draw a tile.",
        )
    if isinstance(action, FailedTurn):
        return _failed_turn(table, action.to_pool, edition)
    if not isinstance(action, Draw | Pass | Timeout):
        raise InvalidTypeError(f"not an action: {excerpt(action)}")
    return Verdict(table=table)


def _failed_turn(table: Table, to_pool: tuple[Tile, ...], edition: Edition) -> Verdict:
    """The table restored after a failed turn, less ``to_pool``, and whether that is allowed.

    Each tile sent to the pool is taken off one meld (splitting a run where it stood) so that
    every meld left stays valid (rules section 5).
    """
    on_table = tile_counts(table.tiles)
    wanted = tile_counts(to_pool)
    missing = [Tile.from_index(k) for k, n in enumerate(wanted) for _ in range(n - on_table[k])]
    if missing:
        return _refused(
            Code.TABLE_TILE_REMOVED,
            f"{_quoted(format_tiles(missing))} {'is' if len(missing) == 1 else 'are'} not on "
            "the table, so cannot be sent to the pool.",
        )
    restored = restored_table(table, to_pool, edition)
    if restored is None:
        return _refused(
            Code.INVALID_MELD,
            f"Without {_quoted(format_tiles(to_pool))} the table cannot be left with only "
            "valid melds.",
        )
    return Verdict(table=restored)


def _quoted(text: str) -> str:
    """``text``, cut short like every quote of a caller's input (see ``errors.excerpt``)."""
    return text if len(text) <= EXCERPT_LIMIT else f"{text[: EXCERPT_LIMIT - 3]}..."


def _refused(code: Code, message: str) -> Verdict:
    return Verdict(violations=(Violation(code, message),))
