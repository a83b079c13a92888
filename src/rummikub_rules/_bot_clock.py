"""Bots asked for their turn against the clock: a late answer is a timeout, none at all abandons.

A thread cannot be stopped from outside, so with a time limit a bot's ``play`` runs in a worker
thread (one per game, reused turn after turn) while the game waits for it at most the limit.
A bot that misses it takes a :class:`~rummikub_rules.actions.Timeout` (the edition's penalty,
as a player would) and its answer, when it comes, is thrown away. That worker stays busy with
the late call, so the game gives the next calls a fresh worker; the old one ends once the late
call returns. A bot still busy with its late call when its next turn comes has that turn's time
limit to finish it: if it does not, it has stopped answering and the game is abandoned. Its
thread, a daemon, is left behind (it never keeps the interpreter from exiting) and keeps
whatever it holds until the bot's call returns, if ever.

Without a time limit the bot is asked in the caller's thread, as before: no thread, no cost.
:meth:`BotClock.beside` runs other work in the bots' thread: the solver remembers its last
answers per thread, so the runner's "could it play?" after a bot drew finds the bot's answer
there instead of searching again.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Final, Literal, TypeAlias, TypeVar, cast

from rummikub_rules._convert import as_seconds
from rummikub_rules.actions import Action, Timeout
from rummikub_rules.editions import Edition

__all__ = ["EDITION_LIMIT", "STOPPED", "BotClock", "Stopped", "TurnSeconds", "turn_limit"]

#: A per-turn time limit in seconds, ``None`` for none, or ``"edition"``: the edition's own
#: ``turn_seconds``.
TurnSeconds: TypeAlias = "float | Literal['edition'] | None"

#: The default time limit: the edition's ``turn_seconds`` (``None`` there: no limit).
EDITION_LIMIT: Final = "edition"


class Stopped:
    """What :meth:`BotClock.ask` answers for a bot that stopped answering (one instance)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "STOPPED"


#: The bot stopped answering: its game is abandoned.
STOPPED: Final = Stopped()


def turn_limit(turn_seconds: TurnSeconds, edition: Edition) -> float | None:
    """The limit ``turn_seconds`` gives under ``edition``, checked: positive and finite, or none."""
    if turn_seconds == EDITION_LIMIT:
        return None if edition.turn_seconds is None else float(edition.turn_seconds)
    return as_seconds(turn_seconds, "turn_seconds")


T = TypeVar("T")


class _Call:
    """One call to come: what it returns, or the exception it raised."""

    __slots__ = ("done", "error", "function", "result")

    def __init__(self, function: Callable[[], object]) -> None:
        self.function = function
        self.done = threading.Event()
        self.result: object = None
        self.error: BaseException | None = None

    def outcome(self) -> object:
        """What the call returned; the exception it raised is raised here."""
        if self.error is not None:
            raise self.error
        return self.result


class _Worker:
    """A daemon thread answering calls in order until it is told to stop (``None``)."""

    def __init__(self) -> None:
        self.calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="rummikub-rules bot", daemon=True).start()

    def _run(self) -> None:
        while (call := self.calls.get()) is not None:
            try:
                call.result = call.function()
            except BaseException as error:  # handed to the game's thread, raised there
                call.error = error
            call.done.set()


class BotClock:
    """Asks bots for their turns within ``seconds`` each (``None``: no limit, no thread)."""

    def __init__(self, seconds: float | None) -> None:
        self._seconds = seconds
        self._worker: _Worker | None = None
        #: The call each seat's bot has not yet answered, after a timeout.
        self._late: dict[int, _Call] = {}

    def ask(self, seat: int, answer: Callable[[], Action]) -> Action | Stopped:
        """``answer()``, the seat's bot's turn, or ``Timeout()`` late, or :data:`STOPPED`.

        :data:`STOPPED` means the bot stopped answering (still busy with its late call when this
        turn's time runs out). An exception raised in time is raised here.
        """
        seconds = self._seconds
        if seconds is None:
            return answer()
        deadline = time.monotonic() + seconds
        late = self._late.pop(seat, None)
        if late is not None and not late.done.wait(seconds):
            return STOPPED
        if self._worker is None:
            self._worker = _Worker()
        call = _Call(answer)
        self._worker.calls.put(call)
        if not call.done.wait(max(0.0, deadline - time.monotonic())):
            self._late[seat] = call
            self._worker.calls.put(None)  # it ends after the late call; the next gets a new one
            self._worker = None
            return Timeout()
        return cast(Action, call.outcome())

    def beside(self, function: Callable[[], T]) -> T:
        """``function()``, run in the thread the bots answer in (without a time limit)."""
        if self._worker is None:
            return function()
        call = _Call(function)
        self._worker.calls.put(call)
        call.done.wait()
        return cast(T, call.outcome())

    def close(self) -> None:
        """Let the worker thread end (after any call it still runs)."""
        if self._worker is not None:
            self._worker.calls.put(None)
            self._worker = None

    def __enter__(self) -> BotClock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
