"""Every invariant of a game state, checked in one place (rules sections 1 to 6).

A ``GameState`` built any way but by ``apply`` (directly, ``attrs.evolve``, ``new``,
``from_deal``, JSON) passes through :func:`state_problem`, which names the first broken rule:
field types, the seats, tile conservation against the edition's box, valid melds on the table,
the turn counters, a result that fits the racks, and, with a deal, the history replayed from it.
``apply`` builds the next state from a valid one and keeps each invariant by construction, so it
skips these checks (a property test holds it to that).

The checks run cheapest first, and each stays linear in the state's size; conservation comes
before the melds are read, so a table larger than the box is refused before any meld is. The
replay is last: it judges each action of the history once (as ``GameRecord.replay`` does), so
its cost is linear in the history, and it stops at the first action the rules refuse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummikub_rules.actions import Play
from rummikub_rules.editions import Edition, PoolEmptyEnd
from rummikub_rules.errors import InvalidTypeError, RummikubError, excerpt
from rummikub_rules.melds import Table
from rummikub_rules.scoring import GameResult, settle_game
from rummikub_rules.state._deal import Deal, deal_problem
from rummikub_rules.tiles import inventory, tile_counts

if TYPE_CHECKING:
    from rummikub_rules.state import GameState

__all__ = ["state_problem"]


def state_problem(state: GameState) -> str | None:
    """The first rule ``state`` breaks, as a sentence, or ``None`` for a valid state.

    A field of the wrong type raises :class:`~rummikub_rules.errors.InvalidTypeError` instead.
    """
    problem = _types(state)
    if problem is not None:
        raise InvalidTypeError(f"not a state of a game: {problem}")
    return (
        _seats(state)
        or _conservation(state)
        or _melds(state)
        or _counters(state)
        or _result(state)
        or _history(state)
    )


def _is_int(value: object) -> bool:
    return type(value) is int


def _types(state: GameState) -> str | None:
    if not isinstance(state.edition, Edition):
        return f"edition must be an Edition, got {excerpt(state.edition)}"
    if not isinstance(state.table, Table):
        return f"table must be a Table, got {excerpt(state.table)}"
    for name in ("current", "seed", "idle_turns"):
        if not _is_int(getattr(state, name)):
            return f"{name} must be an int, got {excerpt(getattr(state, name))}"
    if state.final_turns is not None and not _is_int(state.final_turns):
        return f"final_turns must be an int or None, got {excerpt(state.final_turns)}"
    for seat, flag in enumerate(state.opened):
        if not isinstance(flag, bool):
            return f"opened[{seat}] must be a bool, got {excerpt(flag)}"
    if state.result is not None and not isinstance(state.result, GameResult):
        return f"result must be a GameResult or None, got {excerpt(state.result)}"
    if state.deal is not None and not isinstance(state.deal, Deal):
        return f"deal must be a Deal or None, got {excerpt(state.deal)}"
    return None


def _seats(state: GameState) -> str | None:
    players, edition = len(state.racks), state.edition
    if not edition.min_players <= players <= edition.max_players:
        return (
            f"{players} racks for the {excerpt(edition.name)} edition, which seats "
            f"{edition.min_players} to {edition.max_players} players"
        )
    if len(state.opened) != players:
        return f"opened has {len(state.opened)} flags for {players} players"
    if not 0 <= state.current < players:
        return f"current must be a seat from 0 to {players - 1}, got {state.current}"
    return None


def _conservation(state: GameState) -> str | None:
    box = state.edition.tile_set
    held = len(state.pool) + len(state.table.tiles) + sum(len(rack) for rack in state.racks)
    if held != box.size:
        return f"racks, table and pool hold {held} tiles; the edition's box holds {box.size}"
    tiles = (*state.pool, *state.table.tiles, *(t for rack in state.racks for t in rack))
    if tuple(tile_counts(tiles)) != inventory(box):
        return "racks, table and pool are not the edition's full set of tiles"
    return None


def _melds(state: GameState) -> str | None:
    for meld in state.table:
        if not meld.is_valid(state.edition):
            return f"the table holds an invalid meld, {excerpt(str(meld))}"
    return None


def _counters(state: GameState) -> str | None:
    players, idle, final = len(state.racks), state.idle_turns, state.final_turns
    over = state.result is not None
    if not 0 <= idle <= players:
        return f"idle_turns must be from 0 to {players}, got {idle}"
    if idle and state.pool:
        return "idle_turns counts turns with the pool empty, but the pool holds tiles"
    if not over and idle == players:
        return "a full round of idle turns ends the game, but it has no result"
    if final is None:
        return None
    if state.edition.pool_empty_end is not PoolEmptyEnd.ONE_MORE_ROUND:
        return "final_turns is counted only under pool_empty_end = one_more_round"
    if state.pool:
        return "final_turns is counted only once the pool is empty"
    if not 0 <= final <= players:
        return f"final_turns must be from 0 to {players}, got {final}"
    if not over and final == 0:
        return "the last round is over (final_turns is 0), but the game has no result"
    return None


def _result(state: GameState) -> str | None:
    empty = [seat for seat, rack in enumerate(state.racks) if not rack]
    if len(empty) > 1:
        return f"seats {empty} have empty racks, but only one player can go out"
    if state.result is None:
        return (
            f"seat {empty[0]} went out, so the game is over and needs a result" if empty else None
        )
    if not empty and state.pool:
        return "the game has a result, but nobody went out and the pool still holds tiles"
    winner = empty[0] if empty else None
    expected = settle_game(state.racks, winner=winner, edition=state.edition, opened=state.opened)
    if state.result != expected:
        return (
            f"the result {excerpt(state.result)} does not fit the racks, which score "
            f"{expected.scores} with winners {expected.winners}"
        )
    return None


def _history(state: GameState) -> str | None:
    """The deal and the history agree with the rest, where that is cheap to see."""
    deal = state.deal
    if deal is None:
        return None
    players = len(state.racks)
    problem = deal_problem(deal, players, state.edition)
    if problem is not None:
        return problem
    if state.current != (deal.first + len(state.history)) % players:
        return (
            f"after {len(state.history)} actions from seat {deal.first}, seat "
            f"{(deal.first + len(state.history)) % players} is to move, not {state.current}"
        )
    hint = " (a state changed by hand must drop its deal: deal=None)"
    if not state.history:
        if state.racks != deal.racks or state.pool != deal.pool or state.table:
            return "before any action, racks, pool and table must be as dealt" + hint
        if state.idle_turns or state.final_turns is not None:
            return "before any action, the turn counters must be unset" + hint
    played = [False] * players
    for number, action in enumerate(state.history):
        if isinstance(action, Play):
            played[(deal.first + number) % players] = True
    if tuple(played) != state.opened:
        return f"opened must name the seats that played in the history, {played}" + hint
    problem = _story(state, deal)
    return None if problem is None else problem + hint


#: The fields a state's history, replayed from its deal, must give back, in the order named.
_REPLAYED = ("racks", "table", "pool", "current", "opened", "idle_turns", "final_turns")


def _story(state: GameState, deal: Deal) -> str | None:
    """Whether the history, replayed from the deal, comes to this very state.

    Each action is judged once (``step`` builds the next state without checking it again). A
    state ended by ``end_blocked`` has a result its history does not give: it is accepted when
    the replayed game is not over (``_result`` has already held the result to the racks).
    """
    if not state.history:
        return None
    game = type(state).from_deal(
        deal.racks, deal.pool, edition=state.edition, first=deal.first, seed=state.seed
    )
    done = 0
    try:
        for action in state.history:
            game = game.step(action).state
            done += 1
    except RummikubError as error:
        return (
            f"action {done} of the history, {excerpt(state.history[done])}, cannot be taken "
            f"after the deal and the actions before it: {excerpt(str(error))}"
        )
    for name in _REPLAYED:
        if getattr(game, name) != getattr(state, name):
            return f"the history replayed from the deal leaves other {name} than the state's"
    if game.result is not None and game.result != state.result:
        return "the history replayed from the deal ends the game with another result"
    return None
