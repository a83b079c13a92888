"""Hostile self-play: bots that answer garbage, games that would never end, absurd settings."""

from __future__ import annotations

import concurrent.futures
from typing import Any

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


@attrs.frozen
class Answers:
    """Answers the same thing every turn, whatever it is."""

    answer: object

    def play(self, view: PlayerView) -> Action:
        return self.answer  # type: ignore[return-value]


@pytest.mark.parametrize("answer", [None, "draw", 42, Table(), CLASSIC])
def test_a_bot_answering_something_else_than_an_action_is_refused(answer: object) -> None:
    with within(), pytest.raises(BotError, match=r"^seat [01]: the bot failed: it answered "):
        play_game([Answers(answer), Answers(answer)], seed=1)


def test_a_bot_laying_an_enormous_table_is_refused_quickly() -> None:
    huge = Play(Table([parse_meld("r1 r2 r3")] * 5_000))
    with within(), pytest.raises((IllegalMove, InputTooLargeError)):
        play_game([Answers(huge), Answers(huge)], seed=1)


def test_a_game_that_would_never_end_stops_at_the_cap_quickly() -> None:
    edition = CLASSIC.evolve(timeout_draw=0, name="endless")
    state = GameState.new(4, edition=edition, seed=1)
    with within():  # the cap, not the solver (track_could_play asks it 636 times, ~3 ms each)
        summary = play_out(state, [Answers(Timeout())] * 4, track_could_play=False)
    assert summary.capped
    assert summary.turns == (4 + 2) * 106


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
    with within(), pytest.raises(error):
        simulate(**given)  # type: ignore[arg-type]


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
    with within(10.0):  # one worker process starts and plays one short game
        result = simulate(["classic"], games=1, players=2, seed=3, jobs=10**9)
    assert result == simulate(["classic"], games=1, players=2, seed=3, bots=[GreedyBot()] * 2)
