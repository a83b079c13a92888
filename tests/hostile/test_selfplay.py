"""Hostile self-play: bots that answer garbage, games that would never end, absurd settings.

The budgets count work (issue 18): actions applied, solves run, the referee's searches, tasks
and worker processes.
"""

from __future__ import annotations

import concurrent.futures
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import attrs
import pytest

from rummikub_rules import (
    CLASSIC,
    Action,
    BotError,
    GameSetupError,
    GameState,
    GreedyBot,
    IllegalMove,
    InputTooLargeError,
    InvalidTypeError,
    InvalidValueError,
    Play,
    PlayerView,
    Table,
    Timeout,
    parse_meld,
    play_game,
    play_out,
    simulate,
)

from ._clock import within
from ._work import counted


@contextmanager
def refused_at_the_first_answer() -> Iterator[None]:
    """Fail the test unless the block's game stops at the first answer, before any search."""
    with counted() as work:
        yield
    assert work.actions <= 1, work
    assert work.referee == 0, work
    assert work.solves == 0, work


@attrs.frozen
class Answers:
    """Answers the same thing every turn, whatever it is."""

    answer: object

    def play(self, view: PlayerView) -> Action:
        return self.answer  # type: ignore[return-value]


@pytest.mark.parametrize("answer", [None, "draw", 42, Table(), CLASSIC])
def test_a_bot_answering_something_else_than_an_action_is_refused(answer: object) -> None:
    with (
        refused_at_the_first_answer(),
        pytest.raises(BotError, match=r"^seat [01]: the bot failed: it answered "),
    ):
        play_game([Answers(answer), Answers(answer)], seed=1)


def test_a_bot_laying_an_enormous_table_is_refused_quickly() -> None:
    huge = Play(Table([parse_meld("r1 r2 r3")] * 5_000))
    with refused_at_the_first_answer(), pytest.raises((IllegalMove, InputTooLargeError)):
        play_game([Answers(huge), Answers(huge)], seed=1)


def test_a_game_that_would_never_end_stops_at_the_cap_quickly() -> None:
    edition = CLASSIC.evolve(timeout_draw=0, name="endless")
    state = GameState.new(4, edition=edition, seed=1)
    with counted() as work:
        summary = play_out(state, [Answers(Timeout())] * 4, track_could_play=False)
    assert summary.capped
    assert summary.turns == work.actions == (4 + 2) * 106
    assert work.solves == 0  # the cap, not the solver (track_could_play would ask it 636 times)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"players": 10**9}, GameSetupError),
        ({"games": 10**18, "bots": [object()] * 2}, InvalidTypeError),
        ({"games": 10**18, "jobs": -(10**18)}, InvalidValueError),
        ({"editions": ("classic" for _ in range(100_000)), "games": 0}, InvalidValueError),
    ],
)
def test_absurd_settings_are_refused_before_any_game(
    arguments: dict[str, object], error: type[Exception]
) -> None:
    given = {"editions": ["classic"], "games": 1, "players": 2, **arguments}
    with counted() as work, pytest.raises(error):
        simulate(**given)  # type: ignore[arg-type]
    assert work.actions == work.solves == 0


def test_a_billion_jobs_cut_a_billion_billion_deals_into_at_most_4096_tasks() -> None:
    class Failing(concurrent.futures.Executor):
        """Counts the tasks it is given; each fails at once."""

        def __init__(self) -> None:
            self.tasks = 0

        def submit(self, fn: object, /, *args: object, **kwargs: object) -> Any:
            self.tasks += 1
            future: concurrent.futures.Future[object] = concurrent.futures.Future()
            future.set_exception(RuntimeError("no workers here"))
            return future

    failing = Failing()
    with within(), pytest.raises(RuntimeError):
        simulate(["classic"], games=10**18, players=2, jobs=10**9, executor=failing)
    assert failing.tasks == 4096


def test_a_billion_jobs_start_no_more_workers_than_tasks() -> None:
    pool = concurrent.futures.ProcessPoolExecutor
    with within(), mock.patch("concurrent.futures.ProcessPoolExecutor", wraps=pool) as started:
        result = simulate(["classic"], games=1, players=2, seed=3, jobs=10**9)
    started.assert_called_once()
    assert started.call_args.kwargs["max_workers"] == 1  # one worker process plays the one game
    assert result == simulate(["classic"], games=1, players=2, seed=3, bots=[GreedyBot()] * 2)


class _WritesOnly:
    """A stream that cannot be flushed: it has ``write`` and nothing else."""

    def write(self, text: str) -> int:
        return len(text)


def _records_target(kind: str, folder: Path) -> Any:
    """A ``records=`` target that no game record can be written to."""
    if kind == "without flush":
        return _WritesOnly()
    if kind == "closed":
        stream = io.StringIO()
        stream.close()
        return stream
    if kind == "binary":
        return io.BytesIO()
    (folder / "records.jsonl").write_text("", encoding="utf-8")
    return (folder / "records.jsonl").open(encoding="utf-8")  # open for reading


@pytest.mark.parametrize(
    ("kind", "error", "reason"),
    [
        ("without flush", InvalidTypeError, "no flush"),
        ("closed", InvalidValueError, "closed"),
        ("binary", InvalidTypeError, "binary"),
        ("read only", InvalidValueError, "not open for writing"),
    ],
)
def test_records_that_cannot_be_written_are_refused_before_any_game(
    kind: str, error: type[Exception], reason: str, tmp_path: Path
) -> None:
    target = _records_target(kind, tmp_path)
    with counted() as work, pytest.raises(error, match=f"records: .*{reason}"):
        simulate(["classic"], games=2, players=2, records=target)
    assert work.actions == 0
    if kind == "read only":
        target.close()
