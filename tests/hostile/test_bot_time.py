"""Bots that answer late or never (issue 18): a timeout when late, an abandoned game when never.

Every outcome is asserted by what was recorded (the ``Timeout`` action, the abandoned seat, the
games counted), never by the time it took. The bots wait on an event, not in a busy loop; the
limits are tiny, and the bots that answer in time answer in microseconds.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    CLASSIC,
    Action,
    Bot,
    Draw,
    DrawBot,
    GameRecord,
    GreedyBot,
    InvalidTypeError,
    InvalidValueError,
    Pass,
    PlayerView,
    RummikubError,
    Timeout,
    dumps,
    loads,
    play_game,
    play_out,
    simulate,
)
from rummikub_rules.tiles import JOKER

runner = importlib.import_module("rummikub_rules.runner")
simulate_module = importlib.import_module("rummikub_rules.simulate")

#: Set when a test ends, so that no bot thread outlives its test for long.
RELEASE = threading.Event()


@pytest.fixture(autouse=True)
def _release_stuck_bots() -> Iterator[None]:
    RELEASE.clear()
    yield
    RELEASE.set()


class LateOnce:
    """Late on its first turn: it answers only once the next seat has been asked."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.calls = 0

    def play(self, view: PlayerView) -> Action:
        self.calls += 1
        if self.calls == 1:
            self.asked.wait(timeout=30)
        return DrawBot().play(view)


@attrs.frozen
class Asks:
    """A draw bot that says it was asked."""

    asked: threading.Event

    def play(self, view: PlayerView) -> Action:
        self.asked.set()
        return DrawBot().play(view)


@attrs.frozen
class Stuck:
    """Never answers (until the test ends)."""

    def play(self, view: PlayerView) -> Action:
        RELEASE.wait(timeout=60)
        return DrawBot().play(view)


@attrs.frozen
class StuckWithAJoker:
    """Never answers if dealt a joker, else draws (a fresh event: it pickles).

    It draws rather than plays greedily: a greedy bot's search takes milliseconds, and on a
    busy machine two turns over the tiny limit in a row would abandon its game too.
    """

    def play(self, view: PlayerView) -> Action:
        if view.turn <= view.players and JOKER in view.rack:
            threading.Event().wait(timeout=20)
        return DrawBot().play(view)


def seat_actions(record: GameRecord, seat: int) -> list[Action]:
    first = record.initial_state().current
    return [a for n, a in enumerate(record.actions) if (first + n) % record.players == seat]


def test_a_late_bot_takes_the_editions_timeout_penalty_and_the_game_goes_on() -> None:
    late = LateOnce()
    record = play_game([late, Asks(late.asked)], seed=3, turn_seconds=0.5)
    mine = seat_actions(record, 0)
    assert mine[0] == Timeout()
    assert all(action in (Draw(), Pass()) for action in mine[1:])
    assert record.abandoned is None
    game = record.replay()
    assert game.is_over
    assert Timeout() not in seat_actions(record, 1)


def test_the_timeout_draws_the_editions_penalty() -> None:
    edition = CLASSIC.evolve(timeout_draw=3, name="three-for-a-timeout")
    late = LateOnce()
    record = play_game([late, Asks(late.asked)], edition=edition, seed=3, turn_seconds=0.5)
    before = record.initial_state()
    after = before
    while after.history == () or after.history[-1] != Timeout():
        after = after.apply(record.actions[len(after.history)])
    assert len(after.racks[0]) == len(before.racks[0]) + 3


def test_a_bot_that_never_answers_abandons_its_game_and_the_record_says_so() -> None:
    record = play_game([Stuck(), DrawBot(), DrawBot()], seed=4, turn_seconds=0.05)
    assert record.abandoned == 0
    assert seat_actions(record, 0) == [Timeout()]
    assert not record.replay().is_over
    assert loads(dumps(record)) == record
    assert '"abandoned": 0' in dumps(record)


def test_play_out_counts_the_abandoned_seat() -> None:
    record = play_game([DrawBot(), DrawBot()], seed=5, turn_seconds=None)
    summary = play_out(record.initial_state(), [DrawBot(), Stuck()], turn_seconds=0.05)
    assert summary.abandoned == 1
    assert not summary.capped


def test_simulate_counts_abandoned_games_and_finishes_the_others() -> None:
    bots: list[Bot] = [StuckWithAJoker(), DrawBot()]
    result = simulate(["classic"], games=3, players=2, seed=0, bots=bots, turn_seconds=0.05)
    abandoned = [game.abandoned for game in result.played]
    assert result["classic"].abandoned == abandoned.count(0) >= 1
    assert None in abandoned
    assert result.games == 3
    assert "abandoned" in result.to_markdown()


def test_a_stuck_bot_in_a_worker_process_does_not_stop_the_simulation() -> None:
    bots: list[Bot] = [StuckWithAJoker(), DrawBot()]
    two = simulate(["classic"], games=2, players=2, seed=0, bots=bots, turn_seconds=0.05, jobs=2)
    assert [game.abandoned for game in two.played] == [None, 0]


class Ticks:
    """A clock that moves one second each time it is read: a deadline counted in turns."""

    def __init__(self) -> None:
        self.now = 0.0

    def time(self) -> float:
        self.now += 1.0
        return self.now


def test_simulate_with_a_deadline_returns_the_deals_it_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Ticks()
    monkeypatch.setattr(simulate_module, "time", clock)
    monkeypatch.setattr(runner, "time", clock)
    result = simulate(["classic"], games=10**6, players=2, deadline=150, turn_seconds=None)
    turns = [game.turns for game in result.played]
    assert 1 <= result.games == len(turns) < 150
    assert sum(turns) < 150
    assert result.games + result.unfinished == 10**6
    assert "not finished by the deadline" in result.to_markdown()


def test_a_deadline_no_deal_meets_is_an_error() -> None:
    with pytest.raises(RummikubError, match="no deal was finished"):
        simulate(["classic"], games=3, players=2, bots=[Stuck(), DrawBot()],
                 turn_seconds=None, deadline=1e-9)  # fmt: skip


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), True, "60", [1]])
def test_a_time_limit_that_is_not_one_is_refused(value: object) -> None:
    with pytest.raises((InvalidTypeError, InvalidValueError), match="turn_seconds"):
        play_game([DrawBot(), DrawBot()], seed=1, turn_seconds=value)  # type: ignore[arg-type]
    with pytest.raises((InvalidTypeError, InvalidValueError), match=r"deadline|turn_seconds"):
        simulate(["classic"], games=1, players=2, turn_seconds=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, -1, float("nan"), float("inf"), True, "60"])
def test_a_deadline_that_is_not_one_is_refused(value: object) -> None:
    with pytest.raises((InvalidTypeError, InvalidValueError), match="deadline"):
        simulate(["classic"], games=1, players=2, deadline=value)  # type: ignore[arg-type]


def test_no_thread_is_started_without_a_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[object] = []
    start = threading.Thread.start

    def counted(self: threading.Thread) -> None:
        started.append(self)
        start(self)

    monkeypatch.setattr(threading.Thread, "start", counted)
    play_game([DrawBot(), DrawBot()], seed=1, turn_seconds=None)
    play_game([DrawBot(), DrawBot()], seed=1, edition=CLASSIC.evolve(turn_seconds=None, name="x"))
    assert started == []
    play_game([DrawBot(), DrawBot()], seed=1)  # classic: 60 seconds a turn, one worker a game
    assert len(started) == 1


def test_a_time_limit_costs_no_second_search(monkeypatch: pytest.MonkeyPatch) -> None:
    bot_solver = importlib.import_module("rummikub_rules._bot_solver")
    searches = 0
    solve = bot_solver.solve

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal searches
        searches += 1
        return solve(*args, **kwargs)

    monkeypatch.setattr(bot_solver, "solve", counted)
    state = play_game([DrawBot(), DrawBot()], seed=2, turn_seconds=None).initial_state()
    counts = []
    for limit in (None, 60.0):
        searches = 0
        play_out(state, [GreedyBot(), GreedyBot()], max_turns=30, turn_seconds=limit)
        counts.append(searches)
    assert counts[0] == counts[1] <= 30
