"""Errors survive processes: every error pickles with its data, and a failing bot in a worker
process surfaces as itself, naming its game, never as a broken pool or a pickling error.

The Dask cluster's turn is in tests/test_simulate.py, beside the simulation it runs.
"""

from __future__ import annotations

import importlib
import inspect
import io
import pickle
import pkgutil
from collections.abc import Iterator
from typing import Any

import pytest

import rummikub_rules
from rummikub_rules import (
    BotError,
    GameRecord,
    GreedyBot,
    IllegalMove,
    Pass,
    Play,
    RummikubError,
    Tile,
    check_turn,
    loads,
    parse_table,
    play_game,
    simulate,
)
from rummikub_rules.solver import Solution
from tests.failing_bots import CrashingBot, IllegalBot

# -- every error pickles with its data ----------------------------------------------------------

_REFUSED = check_turn("r7 r8 r9", "r10 k3", "r7 r8 | r9 r10 k3", opened=True)

#: A representative value for each constructor parameter of the library's errors, by name. A new
#: error class with a parameter not named here fails the test below until it is added.
SAMPLES: dict[str, object] = {
    "verdict": _REFUSED,
    "action": Play(parse_table("r7 r8 | r9 r10 k3")),
    "seat": 1,
    "deal": 3,
    "edition": "pl-2026",
    "reason": "unknown tile",
    "text": "r7 x8 r9",
    "token": "x8",
    "position": 3,
    "argument": "rack",
    "field": "initial_meld",
    "owner": "Edition",
    "what": "tiles on the table",
    "size": 300,
    "limit": 106,
    "name": "clasic",
    "known": ("classic", "pl-2026"),
    "path": "data.actions[3].after",
    "solution": Solution(Play(parse_table("r7 r8 r9 r10")), False, 1, 10, 2_000),
}


def _subclasses(cls: type[RummikubError]) -> Iterator[type[RummikubError]]:
    for subclass in cls.__subclasses__():
        yield subclass
        yield from _subclasses(subclass)


def _library_errors() -> list[type[RummikubError]]:
    """Every public error class of the library, found by walking its modules and the hierarchy."""
    for module in pkgutil.walk_packages(rummikub_rules.__path__, "rummikub_rules."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found: set[type[RummikubError]] = {RummikubError, *_subclasses(RummikubError)}
    public = [
        cls
        for cls in found
        if cls.__module__.startswith("rummikub_rules") and not cls.__name__.startswith("_")
    ]
    return sorted(public, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def _built(cls: type[RummikubError]) -> RummikubError:
    """``cls`` raised as the library raises it, with every argument its constructor takes."""
    own = next(
        (
            base
            for base in cls.__mro__
            if issubclass(base, RummikubError) and "__init__" in vars(base)
        ),
        None,
    )
    if own is None:
        return cls("the rules refuse this")
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for parameter in list(inspect.signature(own.__init__).parameters.values())[1:]:
        if parameter.name not in SAMPLES:
            pytest.fail(f"{cls.__name__}: add a sample for its parameter {parameter.name!r}")
        if parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            args.append(SAMPLES[parameter.name])
        else:
            kwargs[parameter.name] = SAMPLES[parameter.name]
    return cls(*args, **kwargs)


def test_the_library_errors_are_all_found() -> None:
    names = {cls.__name__ for cls in _library_errors()}
    assert {"IllegalMove", "SearchLimitExceeded", "ParseError", "BotError"} <= names


@pytest.mark.parametrize("cls", _library_errors(), ids=lambda cls: cls.__name__)
def test_every_error_pickles_to_an_equal_error_with_its_data(cls: type[RummikubError]) -> None:
    error = _built(cls)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert str(copy) == str(error)
    assert copy.args == error.args
    assert vars(copy) == vars(error)


def test_an_illegal_move_pickles_with_its_verdict_and_action() -> None:
    error = IllegalMove(_REFUSED, Pass(), seat=2, deal=7, edition="classic")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.verdict, copy.action) == (_REFUSED, Pass())
    assert (copy.seat, copy.deal, copy.edition) == (2, 7, "classic")
    assert str(copy).startswith("deal 7 under classic, seat 2: ")


def test_data_set_on_an_error_after_it_was_raised_is_kept() -> None:
    error = RummikubError("refused")
    error.hint = "try again"  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(error)).hint == "try again"


# -- a failing bot names its game, here and in worker processes -----------------------------------


@pytest.fixture(scope="module")
def second_rack() -> tuple[Tile, ...]:
    """Seat 1's rack as dealt in deal 1 of a two-player simulation with seed 5."""
    out = io.StringIO()
    simulate(["classic"], games=2, players=2, seed=5, records=out)
    record = loads(out.getvalue().splitlines()[1], GameRecord)
    return record.initial_state().racks[1]


def _failure(bot: Any, jobs: int) -> RummikubError:
    """What simulate raises with ``bot`` at seat 1 over deals 0 and 1 (the bot fails in deal 1)."""
    with pytest.raises(RummikubError) as raised:
        simulate(["classic"], games=2, players=2, seed=5, jobs=jobs, bots=[GreedyBot(), bot])
    return raised.value


def test_an_illegal_bot_in_worker_processes_is_an_illegal_move_naming_deal_and_seat(
    second_rack: tuple[Tile, ...],
) -> None:
    here = _failure(IllegalBot(second_rack), jobs=1)
    there = _failure(IllegalBot(second_rack), jobs=2)
    assert type(there) is IllegalMove
    assert (there.deal, there.seat, there.edition) == (1, 1, "classic")
    assert there.action == Pass()
    assert [code.value for code in there.verdict.codes] == ["pool_not_empty"]
    assert str(there).startswith("deal 1 under classic, seat 1: ")
    assert (type(here), str(here), vars(here)) == (IllegalMove, str(there), vars(there))


def test_a_crashing_bot_in_worker_processes_is_a_bot_error_naming_deal_and_seat(
    second_rack: tuple[Tile, ...],
) -> None:
    here = _failure(CrashingBot(second_rack), jobs=1)
    there = _failure(CrashingBot(second_rack), jobs=2)
    assert type(there) is BotError
    assert (there.deal, there.seat, there.edition) == (1, 1, "classic")
    assert there.reason.startswith("BotBug: lost count of its tiles on turn ")
    assert str(there) == "deal 1 under classic, seat 1: the bot failed: " + there.reason
    assert (type(here), str(here), vars(here)) == (BotError, str(there), vars(there))
    assert type(here.__cause__).__name__ == "BotBug"  # the bot's own error, where it ran


def test_a_bot_failing_in_play_game_names_its_seat() -> None:
    with pytest.raises(BotError) as crashed:
        play_game([GreedyBot(), CrashingBot()], seed=1)
    assert (crashed.value.seat, crashed.value.deal) == (1, None)
    assert str(crashed.value).startswith("seat 1: the bot failed: BotBug: ")
    with pytest.raises(IllegalMove) as illegal:
        play_game([IllegalBot(), GreedyBot()], seed=1)
    assert (illegal.value.seat, illegal.value.deal) == (0, None)
    assert str(illegal.value).startswith("seat 0: A player may pass only")


def test_a_long_failure_message_is_cut_short() -> None:
    class Rambling:
        def play(self, view: object) -> Pass:
            raise ValueError("x" * 10_000)

    with pytest.raises(BotError) as crashed:
        play_game([Rambling(), Rambling()], seed=1)
    assert len(str(crashed.value)) < 300
