"""Edition comparison by self-play: the same deals played by bots under several editions.

:func:`simulate` deals ``games`` games and plays each deal under every edition given, with the
same bots in the same seats, so each difference between two editions is measured on the same
deals (a paired comparison): deal ``i`` is the same shuffle of the same tiles, the same first
seat and the same game seed under every edition whose tile set and rack size are equal.
Editions with another box (``xp``: 160 tiles) get their own shuffle of their own tiles from the
same seed, so their differences with the others are between independent deals; the interval
method below is still right for them, only wider.

The answer is a :class:`Simulation`: per edition (:class:`EditionStats`) the length of a game in
turns, the turn of each seat's first opening, the share of games ending with an empty pool, the
scores by seat, the jokers left on racks, the share of turns on which the seat to move could
play; and for each pair of editions the mean per-deal difference of each metric with its 95%
confidence interval (:class:`PairedDifference`: Student's t on the per-deal differences, the
paired t interval). It prints as Markdown (:meth:`Simulation.to_markdown`), as a self-contained
HTML page with charts (:meth:`Simulation.to_html`) and as JSON (:meth:`Simulation.to_json`);
its games, one row each, as CSV (:meth:`Simulation.to_csv`) or a pandas DataFrame
(:meth:`Simulation.to_dataframe`); ``records=`` writes every game's record as JSON lines.

Every game's seeds derive from ``seed`` and the deal's number alone, and results are gathered
in deal order, so a simulation is the same for any ``jobs`` and any ``executor``: ``jobs=2``
plays in a process pool, and ``executor`` takes any :class:`concurrent.futures.Executor`,
such as a Dask cluster's ``Client(...).get_executor()``.

No bot stops a simulation: each turn has a time limit (``turn_seconds``, by default the
edition's), a game whose bot stops answering is abandoned and counted
(:attr:`EditionStats.abandoned`), and with a ``deadline`` the simulation returns the deals
finished by then (:attr:`Simulation.unfinished` counts the others).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import io
import os
import random
import signal
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Final, TypeAlias

import attrs

from rummikub_rules._bot_clock import EDITION_LIMIT, TurnSeconds, turn_limit
from rummikub_rules._convert import as_count, as_optional_flag
from rummikub_rules.bots import DEFAULT_BUDGET, Bot, GreedyBot
from rummikub_rules.editions import Edition
from rummikub_rules.errors import (
    BotError,
    IllegalMove,
    InvalidTypeError,
    InvalidValueError,
    RummikubError,
    excerpt,
)
from rummikub_rules.inputs import EditionLike, as_editions
from rummikub_rules.runner import GameSummary, _play_out_until, seat_bots
from rummikub_rules.serialization import dumps
from rummikub_rules.simulate._metrics import METRICS
from rummikub_rules.simulate._progress import Progress
from rummikub_rules.simulate._summary import (
    Distribution,
    EditionStats,
    PairedDifference,
    Simulation,
    summarize,
)
from rummikub_rules.state import GameState

__all__ = [
    "METRICS",
    "Distribution",
    "EditionStats",
    "PairedDifference",
    "Simulation",
    "simulate",
]

#: Where ``records=`` writes: a path, or a text stream open for writing.
RecordsTarget: TypeAlias = "str | os.PathLike[str] | IO[str]"


def simulate(
    editions: Iterable[EditionLike],
    *,
    games: int,
    players: int = 4,
    bots: Sequence[Bot] | None = None,
    seed: int = 0,
    jobs: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
    records: RecordsTarget | None = None,
    turn_seconds: TurnSeconds = EDITION_LIMIT,
    deadline: float | None = None,
) -> Simulation:
    """Play ``games`` deals under each of ``editions`` with ``bots`` and compare the editions.

    ``bots[seat]`` plays that seat in every game (default: a
    :class:`~rummikub_rules.bots.GreedyBot` at every seat). ``jobs > 1`` plays in a process
    pool of that many workers; ``executor`` (any :class:`concurrent.futures.Executor`) plays
    there instead, and ``jobs`` then says how many workers it has (the deals are cut into
    four tasks a job, at least 64 and at most 4,096). ``progress`` draws a bar on stderr
    (default: when stderr is a terminal). ``records`` (a path, or a text stream open for writing
    with ``write`` and ``flush``; any other is refused before a game is played) receives every
    game's record, one JSON document per line, deal by deal and within a deal in the order of
    ``editions``.

    ``turn_seconds`` is each bot's time per turn (see :func:`~rummikub_rules.runner.play_out`:
    ``"edition"``, the default, is each edition's own limit; ``None`` none). ``deadline`` (seconds)
    bounds the whole simulation: no game starts after it, a game still going then is left out,
    and the result holds the deals finished under every edition (at least one, else
    ``RummikubError``), the others counted in ``unfinished``. A worker notices the deadline
    between turns, so a bot that never answers holds it up only if there is no time limit.

    >>> result = simulate(["classic", "house-50"], games=2, players=3)
    >>> result["classic"].games, result.difference("turns", "classic", "house-50").mean
    (2, 0.0)
    """
    chosen = as_editions(editions, "editions")
    if not chosen:
        raise InvalidValueError("simulate needs at least one edition")
    as_count(games, "games", 1)
    as_count(jobs, "jobs", 1)
    as_optional_flag(progress, "progress")
    if type(seed) is not int:
        raise InvalidTypeError(f"seed is an int, got {excerpt(seed)}")
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise InvalidTypeError(
            f"executor is a concurrent.futures.Executor, got {excerpt(executor)}"
        )
    for edition in chosen:
        GameState.new(players, edition=edition, seed=seed)  # refuses a table it does not seat
        turn_limit(turn_seconds, edition)  # refuses a limit that is not one
    stop_at = _stop_at(deadline)
    seated = seat_bots((GreedyBot(),) * players if bots is None else bots, players)
    size = max(1, -(-games // min(max(_TASKS, 4 * jobs), _MOST_TASKS)))
    tasks = [
        _Task(
            chosen,
            players,
            seated,
            seed,
            start,
            min(start + size, games),
            records is not None,
            turn_seconds,
            stop_at,
        )
        for start in range(0, games, size)
    ]
    bar = Progress(games * len(chosen), enabled=progress)
    done: dict[int, tuple[GameSummary, ...]] = {}
    with _Records(records) as writer:
        try:
            for number, summaries in _results(tasks, jobs, executor):
                done[number] = summaries
                bar.advance(len(summaries))
                writer.write_ready(done)
        finally:
            bar.close()
    played = tuple(
        attrs.evolve(game, record=None) for number in range(len(tasks)) for game in done[number]
    )
    finished = len(played) // len(chosen)
    if not finished:
        raise RummikubError(f"no deal was finished within the deadline of {deadline} s")
    simulation = summarize(chosen, finished, players, seed, seated, played)
    return attrs.evolve(simulation, unfinished=games - finished)


def _stop_at(deadline: float | None) -> float | None:
    """The ``time.time()`` at which ``deadline`` seconds from now run out (checked)."""
    if deadline is None:
        return None
    if type(deadline) not in (int, float):
        raise InvalidTypeError(f"deadline is a number of seconds or None, got {excerpt(deadline)}")
    if not deadline > 0 or deadline == float("inf"):
        raise InvalidValueError(f"deadline must be a positive number of seconds, got {deadline}")
    return time.time() + deadline


#: How many tasks a simulation is cut into at least (fewer for fewer deals), and at most: enough
#: to keep every worker busy (four a job) and the progress bar moving, few enough that sending
#: them costs little.
_TASKS: Final = 64
_MOST_TASKS: Final = 4096


@attrs.frozen
class _Task:
    """Deals ``start`` to ``stop``, each under every edition: what one worker plays."""

    editions: tuple[Edition, ...]
    players: int
    bots: tuple[Bot, ...]
    seed: int
    start: int
    stop: int
    records: bool
    turn_seconds: TurnSeconds
    #: No game is played on past this ``time.time()``.
    stop_at: float | None


def _play(task: _Task) -> tuple[GameSummary, ...]:
    """Play a task's games (in a worker, or here): the deals finished under every edition.

    A bot's illegal action or failure names its game, deal and edition, as well as its seat:
    the error pickles, so it reaches the caller whole from any worker.
    """
    games: list[GameSummary] = []
    for deal in range(task.start, task.stop):
        finished = []
        for edition in task.editions:
            try:
                game = _play_out_until(
                    _dealt(edition, task.players, task.seed, deal),
                    task.bots,
                    max_turns=None,
                    budget=DEFAULT_BUDGET,
                    track_could_play=True,
                    record=task.records,
                    turn_seconds=task.turn_seconds,
                    stop_at=task.stop_at,
                )
            except IllegalMove as error:
                raise IllegalMove(
                    error.verdict, error.action, seat=error.seat, deal=deal, edition=edition.name
                ) from None
            except BotError as error:
                raise BotError(
                    error.reason, seat=error.seat, deal=deal, edition=edition.name
                ) from error.__cause__
            if game is None:
                return tuple(games)
            finished.append(game)
        games.extend(finished)
    return tuple(games)


def _dealt(edition: Edition, players: int, seed: int, deal: int) -> GameState:
    """Deal number ``deal`` of the simulation with ``seed``, under ``edition``.

    The first seat and the game's seed come from ``seed`` and ``deal`` alone, and the shuffle
    from the game's seed and the edition's box, so editions with the same box get the same
    tiles in the same order. Racks are dealt round the table, a tile at a time, so a larger
    ``deal_size`` only adds tiles to the same racks.
    """
    rng = random.Random(f"rummikub-rules simulate {seed} {deal}")
    game_seed = rng.getrandbits(63)
    first = rng.randrange(players)
    tiles = list(edition.tile_set.all_tiles())
    random.Random(game_seed).shuffle(tiles)
    dealt = players * edition.deal_size
    racks = [tiles[seat:dealt:players] for seat in range(players)]
    return GameState.from_deal(racks, tiles[dealt:], edition=edition, first=first, seed=game_seed)


def _results(
    tasks: list[_Task], jobs: int, executor: concurrent.futures.Executor | None
) -> Iterator[tuple[int, tuple[GameSummary, ...]]]:
    """Each task's number and games, as they finish (here, in order, when nothing runs apart)."""
    if executor is None and jobs == 1:
        for number, task in enumerate(tasks):
            yield number, _play(task)
        return
    if executor is not None:
        yield from _gathered(executor, tasks)
        return
    # No more workers than tasks: a pool may start every worker at once. The workers leave
    # Ctrl-C to this process, which stops them at once if it is interrupted (or fails).
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=min(jobs, len(tasks)), initializer=_leave_interrupts_to_the_parent
    )
    try:
        yield from _gathered(pool, tasks, hold_interrupts=True)
    except BaseException:
        _stop_workers(pool)
        raise
    pool.shutdown()


def _leave_interrupts_to_the_parent() -> None:
    """In a worker process: ignore SIGINT (Ctrl-C reaches the whole process group).

    The worker was started with SIGINT held (:func:`_interrupts_held`), so a Ctrl-C before this
    ran waits, and is dropped once it is ignored.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back while worker processes start.

    So that none dies of it before it can ignore it; a Ctrl-C meanwhile reaches this process
    when the block ends.
    """
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _stop_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop a pool's worker processes now, without waiting for the games they play.

    ``shutdown`` alone lets running tasks finish, and the executor has no public way to stop a
    worker, so its processes are read from ``_processes`` and terminated.
    """
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()


def _gathered(
    executor: concurrent.futures.Executor, tasks: list[_Task], *, hold_interrupts: bool = False
) -> Iterator[tuple[int, tuple[GameSummary, ...]]]:
    with _interrupts_held() if hold_interrupts else contextlib.nullcontext():
        futures = {executor.submit(_play, task): number for number, task in enumerate(tasks)}
    try:
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()
    finally:
        for future in futures:
            future.cancel()


class _Records:
    """Writes game records as JSON lines, in game order, as the tasks finish."""

    def __init__(self, target: RecordsTarget | None) -> None:
        self._target = target
        self._stream: IO[str] | None = None
        self._owned = False
        self._next = 0

    def __enter__(self) -> _Records:
        target = self._target
        if target is None:
            return self
        if isinstance(target, str | os.PathLike):
            self._stream = open(target, "w", encoding="utf-8", newline="\n")
            self._owned = True
        else:
            self._stream = _writable(target)
        return self

    def write_ready(self, done: dict[int, tuple[GameSummary, ...]]) -> None:
        """Write the games of every finished task not yet written, up to the first unfinished."""
        while self._next in done:
            if self._stream is not None:
                for game in done[self._next]:
                    assert game.record is not None
                    self._stream.write(dumps(game.record) + "\n")
            self._next += 1

    def __exit__(self, *exc: object) -> None:
        if self._stream is not None:
            self._stream.flush()
            if self._owned:
                self._stream.close()


def _writable(target: IO[str]) -> IO[str]:
    """``target`` if records can be written to it, else why not (before any game is played)."""
    if not callable(getattr(target, "write", None)):
        raise InvalidTypeError(f"records is a path or a text stream, got {excerpt(target)}")
    if not callable(getattr(target, "flush", None)):
        raise InvalidTypeError(
            f"records: a stream needs write and flush; {type(target).__name__} has no flush"
        )
    if isinstance(target, io.RawIOBase | io.BufferedIOBase):
        raise InvalidTypeError(
            f"records: game records are text; {type(target).__name__} is a binary stream"
        )
    if getattr(target, "closed", False) is True:
        raise InvalidValueError("records: the stream is closed")
    writable = getattr(target, "writable", None)
    if callable(writable) and writable() is False:
        raise InvalidValueError("records: the stream is not open for writing")
    return target
