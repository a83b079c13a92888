"""Values of the wrong type are refused, never coerced: flags, budgets, counts, kinds, seats.

``opened="no"`` once passed for opened (a 6-point opening accepted), ``seconds=nan`` lifted every
bound, ``limit="10"`` was a bare ``TypeError`` and ``limit=True`` or ``1.5`` were read as numbers.
Each entry point taking such a value is tried with each kind of wrong value.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    EDITIONS,
    DrawBot,
    GameState,
    GreedyBot,
    InvalidTypeError,
    InvalidValueError,
    JokerKeeperBot,
    PointsBot,
    ScoringError,
    Series,
    check_turn,
    compare,
    dumps,
    format_tile,
    format_tiles,
    from_json,
    loads,
    parse_meld,
    parse_table,
    parse_tile,
    parse_tiles,
    play_game,
    play_out,
    score_game,
    settle_game,
    simulate,
    to_json,
)
from rummikub_rules.solver import (
    arrange,
    best_play,
    can_play,
    can_play_now,
    end_if_stuck,
    initial_meld,
    solve,
    top_plays,
)

from ._clock import within

#: Values that a careless caller reads as a flag, and none of which is one.
NOT_FLAGS = ["no", "False", 1, 0, None, 1.0, [True]]

#: Each public function taking ``opened``, called with it.
OPENED: dict[str, Callable[[Any], object]] = {
    "check_turn": lambda opened: check_turn("", "r1 r2 r3", "r1 r2 r3", opened=opened),
    "compare": lambda opened: compare("", "r1 r2 r3", "r1 r2 r3", opened=opened, editions=[]),
    "solve": lambda opened: solve("", "r1 r2 r3", opened=opened),
    "best_play": lambda opened: best_play("", "r1 r2 r3", opened=opened),
    "can_play": lambda opened: can_play("", "r1 r2 r3", opened=opened),
    "top_plays": lambda opened: top_plays("", "r1 r2 r3", 2, opened=opened),
    "score_game": lambda opened: score_game(["", "r1"], winner=0, opened=[True, opened]),
    "GameState": lambda opened: attrs.evolve(GameState.new(2, seed=1), opened=(opened, False)),
    "PlayerView": lambda opened: attrs.evolve(GameState.new(2, seed=1).view(0), opened=(opened,)),
}


@pytest.mark.parametrize("value", NOT_FLAGS, ids=repr)
@pytest.mark.parametrize("entry", OPENED)
def test_opened_is_a_bool_everywhere(entry: str, value: object) -> None:
    with within(), pytest.raises(InvalidTypeError, match="opened"):
        OPENED[entry](value)


def test_a_six_point_opening_marked_opened_no_is_refused_not_accepted() -> None:
    assert not check_turn("", "r1 r2 r3", "r1 r2 r3", opened=False).ok
    with pytest.raises(InvalidTypeError, match=r"^opened must be True or False, got str 'no'$"):
        check_turn("", "r1 r2 r3", "r1 r2 r3", opened="no")  # type: ignore[arg-type]


#: Other flags of public functions.
FLAGS: dict[str, Callable[[Any], object]] = {
    "parse_tile": lambda cards: parse_tile("r1", cards=cards),
    "parse_tiles": lambda cards: parse_tiles("r1", cards=cards),
    "parse_meld": lambda cards: parse_meld("r1 r2 r3", cards=cards),
    "parse_table": lambda cards: parse_table("r1 r2 r3", cards=cards),
    "format_tile": lambda cards: format_tile(parse_tile("r1"), cards=cards),
    "format_tiles": lambda cards: format_tiles(parse_tiles("r1"), cards=cards),
    "play_out track_could_play": lambda flag: play_out(
        GameState.new(2, seed=1), [DrawBot()] * 2, track_could_play=flag, max_turns=1
    ),
    "play_out record": lambda flag: play_out(
        GameState.new(2, seed=1), [DrawBot()] * 2, record=flag, max_turns=1
    ),
    "simulate progress": lambda flag: simulate(["classic"], games=1, players=2, progress=flag),
}


@pytest.mark.parametrize("value", ["no", 1], ids=repr)
@pytest.mark.parametrize("entry", FLAGS)
def test_every_flag_is_a_bool(entry: str, value: object) -> None:
    with within(), pytest.raises(InvalidTypeError, match=r"must be True,? (or )?False"):
        FLAGS[entry](value)


#: Each public function taking a solver budget, called with ``limit`` or ``seconds``.
BUDGETS: dict[str, Callable[..., object]] = {
    "solve": lambda **budget: solve("r4 r5 r6", "r7 k9", opened=True, **budget),
    "best_play": lambda **budget: best_play("r4 r5 r6", "r7 k9", opened=True, **budget),
    "can_play": lambda **budget: can_play("r4 r5 r6", "r7 k9", opened=True, **budget),
    "top_plays": lambda **budget: top_plays("r4 r5 r6", "r7 k9", 2, opened=True, **budget),
    "arrange": lambda **budget: arrange("r4 r5 r6", **budget),
    "initial_meld": lambda **budget: initial_meld("r10 r11 r12", **budget),
    "can_play_now": lambda **budget: can_play_now(GameState.new(2, seed=1), **budget),
    "end_if_stuck": lambda **budget: end_if_stuck(_stuck_candidate(), **budget),
}


def _stuck_candidate() -> GameState:
    """A game whose pool is empty, so that ``end_if_stuck`` asks the solver."""
    game = GameState.new(2, seed=1)
    racks = (game.racks[0] + game.pool, game.racks[1])
    return attrs.evolve(game, racks=racks, pool=(), deal=None)


#: (value, the error it gets) for ``limit`` and for ``seconds``.
BAD_LIMITS = [
    pytest.param(value, error, id=repr(value))
    for value, error in [
        ("10", InvalidTypeError),
        (True, InvalidTypeError),
        (1.5, InvalidTypeError),
        (10.0, InvalidTypeError),
        (0, InvalidValueError),
        (-5, InvalidValueError),
    ]
]
BAD_SECONDS = [
    pytest.param(value, error, id=repr(value)[:12])
    for value, error in [
        (math.nan, InvalidValueError),
        (math.inf, InvalidValueError),
        (-1.0, InvalidValueError),
        (0, InvalidValueError),
        (10**400, InvalidValueError),
        ("1", InvalidTypeError),
        (True, InvalidTypeError),
    ]
]


@pytest.mark.parametrize(("value", "error"), BAD_LIMITS)
@pytest.mark.parametrize("entry", BUDGETS)
def test_a_limit_is_a_positive_int(entry: str, value: object, error: type[Exception]) -> None:
    with within(), pytest.raises(error, match=r"^limit must"):
        BUDGETS[entry](limit=value)


@pytest.mark.parametrize(("value", "error"), BAD_SECONDS)
@pytest.mark.parametrize("entry", BUDGETS)
def test_seconds_are_a_positive_finite_number(
    entry: str, value: object, error: type[Exception]
) -> None:
    with within(), pytest.raises(error, match=r"^seconds must"):
        BUDGETS[entry](seconds=value)


def test_good_budgets_are_taken() -> None:
    assert solve("r4 r5 r6", "r7 k9", opened=True, limit=10**6, seconds=30).proven_optimal
    assert solve("r4 r5 r6", "r7 k9", opened=True, seconds=30.0).proven_optimal


#: The budget of each bot and of play_out, in solver work units.
BOT_BUDGETS: dict[str, Callable[[Any], object]] = {
    "GreedyBot": lambda budget: GreedyBot(budget=budget),
    "PointsBot": lambda budget: PointsBot(budget=budget),
    "JokerKeeperBot": lambda budget: JokerKeeperBot(budget=budget),
    "play_out": lambda budget: play_out(GameState.new(2, seed=1), [DrawBot()] * 2, budget=budget),
}


@pytest.mark.parametrize(("value", "error"), BAD_LIMITS)
@pytest.mark.parametrize("entry", BOT_BUDGETS)
def test_a_bot_budget_is_a_positive_int(entry: str, value: object, error: type[Exception]) -> None:
    with within(), pytest.raises(error, match=r"^budget must"):
        BOT_BUDGETS[entry](value)


#: Counts taken by public functions: (call, wrong type, value too small).
COUNTS: dict[str, tuple[Callable[[Any], object], object, object]] = {
    "top_plays count": (lambda count: top_plays("r4 r5 r6", "r7", count, opened=True), 2.0, -1),
    "simulate games": (lambda games: simulate(["classic"], games=games, players=2), True, 0),
    "simulate jobs": (lambda jobs: simulate(["classic"], games=1, players=2, jobs=jobs), "2", 0),
    "play_out max_turns": (
        lambda turns: play_out(GameState.new(2, seed=1), [DrawBot()] * 2, max_turns=turns),
        1.5,
        -1,
    ),
    "dumps indent": (lambda indent: dumps(parse_tile("r1"), indent=indent), "  ", -1),
}


@pytest.mark.parametrize("entry", COUNTS)
def test_a_count_is_an_int_and_not_below_its_least(entry: str) -> None:
    call, wrong_type, too_small = COUNTS[entry]
    with within(), pytest.raises(InvalidTypeError):
        call(wrong_type)
    with within(), pytest.raises(InvalidValueError):
        call(too_small)


@pytest.mark.parametrize("expect", ["table", 0, parse_table("")], ids=repr)
def test_loads_refuses_an_expected_type_that_is_not_a_class(expect: object) -> None:
    text = dumps(parse_table("r1 r2 r3"))
    with within(), pytest.raises(InvalidTypeError, match=r"^expect is a class"):
        loads(text, expect)  # type: ignore[call-overload]
    with within(), pytest.raises(InvalidTypeError, match=r"^expect is a class"):
        from_json(to_json(parse_table("r1 r2 r3")), expect)  # type: ignore[call-overload]


@pytest.mark.parametrize("bots", [None, 42, "greedy"], ids=repr)
def test_play_game_refuses_what_is_not_a_list_of_bots(bots: object) -> None:
    with within(), pytest.raises(InvalidTypeError, match=r"^bots "):
        play_game(bots)  # type: ignore[arg-type]


@pytest.mark.parametrize("score", [score_game, settle_game])
def test_scoring_refuses_more_racks_than_the_edition_seats(score: Callable[..., object]) -> None:
    with within(), pytest.raises(ScoringError, match="seats at most 4 players, got 5 racks"):
        score(["", "r1", "r2", "r3", "r4"], winner=0)
    six = next(edition for edition in EDITIONS.values() if edition.max_players == 6)
    score(["", "r1", "r2", "r3", "r4", "r5"], winner=0, edition=six)
    with within(), pytest.raises(ScoringError, match="seats at most 6 players, got 7 racks"):
        score([""] * 7, winner=0, edition=six)


def test_a_series_refuses_more_players_than_the_edition_seats() -> None:
    with within(), pytest.raises(ScoringError, match="seats at most 4 players, got 5"):
        Series(5)
    six = next(edition for edition in EDITIONS.values() if edition.max_players == 6)
    assert Series(6, six).players == 6


def test_many_racks_are_refused_before_any_is_read() -> None:
    with within(), pytest.raises(ScoringError, match="got 1000000 racks"):
        score_game([object()] * 1_000_000, winner=0)  # type: ignore[list-item]


@pytest.mark.parametrize("seat", ["1", True, 1.0], ids=repr)
def test_can_play_now_takes_a_seat_number(seat: object) -> None:
    with within(), pytest.raises(InvalidTypeError, match=r"^seat is a seat number"):
        can_play_now(GameState.new(2, seed=1), seat)  # type: ignore[arg-type]
