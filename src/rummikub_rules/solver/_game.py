"""The solver on a game in progress: whether a seat can play, and whether the game is stuck."""

from __future__ import annotations

from rummikub_rules.errors import InvalidTypeError, excerpt
from rummikub_rules.state import GameState

__all__ = ["can_play_now", "end_if_stuck"]


def can_play_now(
    state: GameState,
    seat: int | None = None,
    *,
    limit: int | None = None,
    seconds: float | None = None,
) -> bool:
    """Whether ``seat`` (default: the player to move) has a legal play on the table now.

    Asks :func:`~rummikub_rules.solver.can_play` with that seat's rack and opening.

    >>> from rummikub_rules import GameState
    >>> can_play_now(GameState.new(2, seed=1), 0) in (True, False)
    True
    """
    from rummikub_rules.solver import can_play

    if seat is None:
        seat = state.current
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidTypeError(f"seat is a seat number (int) or None, got {excerpt(seat)}")
    if not 0 <= seat < state.players:
        raise IndexError(f"seat {seat} is not at a table of {state.players}")
    return can_play(
        state.table,
        state.racks[seat],
        opened=state.opened[seat],
        edition=state.edition,
        limit=limit,
        seconds=seconds,
    )


def end_if_stuck(
    state: GameState, *, limit: int | None = None, seconds: float | None = None
) -> GameState:
    """End a game whose pool is empty as soon as no seat can play (rules section 6).

    Under ``until_stuck`` the game would end after a full round of passes; a client that wants
    the result at once calls this after each turn. Returns the finished state, or ``state``
    itself while tiles remain in the pool or some seat can still play.
    """
    if state.is_over or state.pool:
        return state
    if any(
        can_play_now(state, seat, limit=limit, seconds=seconds) for seat in range(state.players)
    ):
        return state
    return state.end_blocked()
