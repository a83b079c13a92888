"""Bots playing whole games, refereed turn by turn: :func:`play_game` and :func:`play_out`.

Each turn the seat to move gets its :class:`~rummikub_rules.views.PlayerView`, its bot answers
with an action, and ``GameState.step`` referees it once and moves the game on (an action the
referee refuses raises :class:`~rummikub_rules.errors.IllegalMove`: a bot that breaks the rules is
a bug, not a move). :func:`play_game` deals a game and returns its
:class:`~rummikub_rules.records.GameRecord`; :func:`play_out` plays any dealt state to its end
and returns a :class:`GameSummary`, the facts :func:`~rummikub_rules.simulate.simulate` counts.

No game runs away. The rules end every game of plays, draws and passes: draws empty the pool,
plays empty the racks (every play lays a rack tile, and table tiles never go back), and with the
pool empty a full round of passes (``until_stuck``) or the last round (``one_more_round``) ends
it. Only actions that refill the pool (failed turns sending tiles back) or draw nothing (a
custom edition's ``timeout_draw = 0``) could go on for ever, so a game also stops after
``max_turns`` actions, by default ``(players + 2) * tiles in the box``, which a game of plays,
draws and passes never reaches: at most the pool's draws, one play per tile, and fewer than
``players`` passes before and after each play. A game stopped there is scored as if the pool had
run out (the edition's ``pool_empty_scoring``: the lowest rack wins) and marked ``capped``.

No bot stops the game either. With a time limit per turn (``turn_seconds``; by default the
edition's own, ``Edition.turn_seconds``) a bot that answers late takes a
:class:`~rummikub_rules.actions.Timeout` (the edition's ``timeout_draw`` penalty, as a player
would), and a bot that has not answered by the end of its next turn's limit abandons the game:
it stops there, its record says so (``GameRecord.abandoned``, the seat) and it is scored like a
capped game. Python cannot stop a thread, so with a limit each bot call runs in a worker thread
and a stuck bot's thread is left running as a daemon (see :mod:`rummikub_rules._bot_clock`);
without one (``turn_seconds=None``, or an edition without a limit) bots are asked in the
caller's thread, as a plain function call.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence

import attrs

from rummikub_rules._bot_clock import EDITION_LIMIT, BotClock, Stopped, TurnSeconds, turn_limit
from rummikub_rules._bot_solver import DEFAULT_BUDGET, could_play
from rummikub_rules._convert import as_count, as_flag, as_limit, as_tuple
from rummikub_rules.actions import ACTION_TYPES, Action, Play
from rummikub_rules.bots import Bot
from rummikub_rules.editions import CLASSIC
from rummikub_rules.errors import BotError, InvalidTypeError, InvalidValueError, excerpt
from rummikub_rules.inputs import EditionLike, as_edition
from rummikub_rules.records import GameRecord
from rummikub_rules.scoring import settle_game
from rummikub_rules.state import GameState, IllegalMove
from rummikub_rules.views import PlayerView

__all__ = ["GameSummary", "default_max_turns", "play_game", "play_out", "seat_bots"]


@attrs.frozen
class GameSummary:
    """What one game between bots came to.

    ``first_openings[seat]`` counts the seat's own turns: 1 if it opened on its first turn,
    ``None`` if it never opened (counted from the state :func:`play_out` started from).
    ``could_play`` is the number of turns on which the seat to move had a legal play (it
    played, or the solver found one within the budget), ``undecided`` the turns on which the
    budget ran out before the solver knew; both are ``None`` when not asked.
    ``capped`` marks a game stopped at ``max_turns``, ``abandoned`` the seat whose bot
    stopped answering (see the module's documentation); both are scored as if the pool had run
    out.
    """

    #: The edition's name.
    edition: str
    #: Actions taken, one per turn.
    turns: int
    first_openings: tuple[int | None, ...]
    #: Whether the pool was empty at the end.
    pool_empty: bool
    #: Whether a player went out (laid their last tile).
    went_out: bool
    capped: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    #: Jokers (plain and coloured) left on each rack at the end.
    jokers_left: tuple[int, ...]
    could_play: int | None
    undecided: int | None
    #: The game's record, when asked for.
    record: GameRecord | None = attrs.field(default=None, eq=False, repr=False)
    abandoned: int | None = None


def play_game(
    bots: Sequence[Bot],
    *,
    edition: EditionLike = CLASSIC,
    seed: int | None = None,
    max_turns: int | None = None,
    turn_seconds: TurnSeconds = EDITION_LIMIT,
) -> GameRecord:
    """Deal a game for ``len(bots)`` players and let the bots play it out; its record.

    ``bots[seat]`` plays that seat. ``seed`` deals the game (``None``: at random; the record
    keeps it either way), so the same bots and seed give the same record. A game stopped at
    ``max_turns``, or abandoned by a bot that stopped answering within ``turn_seconds`` (see
    :func:`play_out`), replays to a game still going (``record.replay().is_over`` is false).

    >>> from rummikub_rules.bots import GreedyBot
    >>> record = play_game([GreedyBot(), GreedyBot()], edition="classic", seed=1)
    >>> game = record.replay()
    >>> game.is_over, sum(game.scores())
    (True, 0)
    """
    bots = seat_bots(bots)
    state = GameState.new(len(bots), edition=as_edition(edition, "edition"), seed=seed)
    summary = play_out(
        state,
        bots,
        max_turns=max_turns,
        track_could_play=False,
        record=True,
        turn_seconds=turn_seconds,
    )
    assert summary.record is not None
    return summary.record


def play_out(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_turns: int | None = None,
    budget: int | None = DEFAULT_BUDGET,
    track_could_play: bool = True,
    record: bool = False,
    turn_seconds: TurnSeconds = EDITION_LIMIT,
) -> GameSummary:
    """Play ``state`` to its end with ``bots[seat]`` at each seat, and summarize the game.

    ``max_turns`` bounds the actions taken from ``state`` (default :func:`default_max_turns`).
    With ``track_could_play`` the solver is asked, within ``budget`` (solver work units), whether a
    seat that did not play could have (free when its bot just asked the same question). With
    ``record`` the summary holds the game's record (the state must know its deal).
    ``turn_seconds`` is each bot's time per turn: ``"edition"`` (the default) the edition's
    ``turn_seconds``, a positive number of seconds, or ``None`` for no limit. A late bot takes a
    ``Timeout``; one that stops answering abandons the game (see the module's documentation).

    A bot whose action the referee refuses raises :class:`~rummikub_rules.state.IllegalMove`,
    and a bot that raises an exception or answers with no action raises
    :class:`~rummikub_rules.errors.BotError`, each naming the seat.
    """
    summary = _play_out_until(
        state,
        bots,
        max_turns=max_turns,
        budget=budget,
        track_could_play=track_could_play,
        record=record,
        turn_seconds=turn_seconds,
    )
    assert summary is not None
    return summary


def _play_out_until(
    state: GameState,
    bots: Sequence[Bot],
    *,
    max_turns: int | None,
    budget: int | None,
    track_could_play: bool,
    record: bool,
    turn_seconds: TurnSeconds,
    stop_at: float | None = None,
) -> GameSummary | None:
    """:func:`play_out`, or ``None`` for a game still going at ``stop_at`` (a ``time.time()``).

    For :func:`~rummikub_rules.simulate.simulate`'s deadline; not part of the public API.
    """
    bots = seat_bots(bots, state.players)
    cap = default_max_turns(state) if max_turns is None else as_count(max_turns, "max_turns")
    budget = as_limit(budget, "budget")
    track_could_play = as_flag(track_could_play, "track_could_play")
    record = as_flag(record, "record")
    with BotClock(turn_limit(turn_seconds, state.edition)) as clock:
        return _played(state, bots, cap, budget, track_could_play, record, clock, stop_at)


def _played(
    state: GameState,
    bots: tuple[Bot, ...],
    cap: int,
    budget: int | None,
    track_could_play: bool,
    record: bool,
    clock: BotClock,
    stop_at: float | None,
) -> GameSummary | None:
    edition, players = state.edition, state.players
    own_turns = [0] * players
    openings: list[int | None] = [None] * players
    could = undecided = 0
    turns = 0
    abandoned: int | None = None
    while not state.is_over and turns < cap:
        if stop_at is not None and time.time() >= stop_at:
            return None
        seat = state.current
        view = state.view(seat)
        action = clock.ask(seat, functools.partial(_answer, bots[seat], view))
        if isinstance(action, Stopped):
            abandoned = seat
            break
        try:
            state = state.step(action).state
        except IllegalMove as error:
            raise IllegalMove(error.verdict, error.action, seat=seat) from None
        turns += 1
        own_turns[seat] += 1
        if isinstance(action, Play):
            could += 1
            if openings[seat] is None:
                openings[seat] = own_turns[seat]
        elif track_could_play:
            question = (view.table, view.rack, view.opened[seat], edition, budget)
            found = clock.beside(functools.partial(could_play, *question))
            could += found is True
            undecided += found is None
    result = state.result
    if result is None:  # stopped at the cap or abandoned: scored as if the pool had run out
        result = settle_game(state.racks, winner=None, edition=edition, opened=state.opened)
    game = state.to_record() if record else None
    if game is not None and abandoned is not None:
        game = attrs.evolve(game, abandoned=abandoned)
    return GameSummary(
        edition=edition.name,
        turns=turns,
        first_openings=tuple(openings),
        pool_empty=not state.pool,
        went_out=not all(state.racks),
        capped=not state.is_over and abandoned is None,
        scores=result.scores,
        winners=result.winners,
        jokers_left=tuple(sum(t.is_joker for t in rack) for rack in state.racks),
        could_play=could if track_could_play else None,
        undecided=undecided if track_could_play else None,
        record=game,
        abandoned=abandoned,
    )


def default_max_turns(state: GameState) -> int:
    """The default cap on a game's actions: ``(players + 2) * tiles in the box``.

    No game of plays, draws and passes reaches it (see the module's documentation).
    """
    return (state.players + 2) * state.edition.tile_set.size


def seat_bots(bots: Sequence[Bot], players: int | None = None) -> tuple[Bot, ...]:
    """``bots`` as a tuple, one per seat, checked: each has ``play``, and ``players`` of them."""
    if isinstance(bots, str | bytes):
        raise InvalidTypeError(f"bots is a sequence of bots, got {excerpt(bots)}")
    seated: tuple[Bot, ...] = as_tuple(bots, "bots")
    for bot in seated:
        if not isinstance(bot, Bot):
            raise InvalidTypeError(f"a bot has a play(view) method, got {excerpt(bot)}")
    if players is not None and len(seated) != players:
        raise InvalidValueError(f"{len(seated)} bots for a game of {players} players")
    return seated


#: The most characters of a failing bot's exception message that a ``BotError`` quotes.
_REASON_LIMIT = 200


def _answer(bot: Bot, view: PlayerView) -> Action:
    """``bot``'s action on its turn; a bot that raises or answers with no action is a BotError."""
    try:
        action = bot.play(view)
    except Exception as error:  # any failure of the bot's own code: its seat is named
        reason = f"{type(error).__name__}: {error}"
        if len(reason) > _REASON_LIMIT:
            reason = f"{reason[: _REASON_LIMIT - 3]}..."
        raise BotError(reason, seat=view.seat) from error
    if not isinstance(action, ACTION_TYPES):
        raise BotError(f"it answered {excerpt(action)}, not an action", seat=view.seat)
    return action
