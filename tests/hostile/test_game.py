"""Hostile games: each answers within a budget of work with a result or a RummikubError.

A failed turn that names dozens of tiles (issue 9: 41 tiles of two full two-colour runs ran past
90 s), states built by hand far beyond any box, long histories, and custom boxes of four copies
and eight jokers built to defeat the failed-turn search. The budgets count work (issue 18): the
failed-turn search's partial solutions, the function calls a state's checks make, the memory an
action builds.
"""

from __future__ import annotations

import functools
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    Code,
    Color,
    Edition,
    FailedTurn,
    GameRecord,
    GameResult,
    GameState,
    InputTooLargeError,
    InvalidStateError,
    InvalidTypeError,
    Meld,
    Play,
    RummikubError,
    Series,
    Table,
    Tile,
    TileSet,
    Timeout,
    arrange,
    parse_table,
    parse_tiles,
    score_game,
)
from rummikub_rules.records import Deal
from rummikub_rules.turns._failed_turns import WORK_LIMIT
from tests.depth import examples
from tests.hostile._work import Work, at_once, counted, linear, steps

#: Partial solutions a failed turn's search may examine: its limit, and the layer that crossed it.
FAILED_TURN_BUDGET = 2 * WORK_LIMIT
#: Function calls per action of a long game to view, record and validate it: about 40 measured,
#: most of them the validation replaying the history from its deal (one judgement an action).
PER_ACTION = 60


@contextmanager
def searched() -> Iterator[Work]:
    """Fail the test if the block's failed-turn search examines more than its budget."""
    with counted() as work:
        yield work
    assert work.failed_turn <= FAILED_TURN_BUDGET, work
    assert work.solver == 0, work


FOUR_COPIES = CLASSIC.evolve(tile_set=TileSet(copies=4, jokers=8))


def position(table: Table, edition: Edition = CLASSIC) -> GameState:
    """A two-player game with ``table`` on the table, seat 0 opened and to move, the rest of the
    box in seat 1's rack (seat 0 holds one tile)."""
    rest = Counter(edition.tile_set.all_tiles()) - Counter(table.tiles)
    tiles = sorted(rest.elements())
    return GameState(
        edition=edition,
        racks=[tiles[:1], tiles[1:]],
        table=table,
        pool=(),
        current=0,
        opened=(True, True),
        seed=0,
    )


def runs(colors: str, copies: int) -> Table:
    return Table(
        Meld([Tile(Color(c), n) for n in range(1, 14)]) for c in colors for _ in range(copies)
    )


def test_failed_turn_naming_41_tiles_of_two_full_two_color_runs() -> None:
    game = position(runs("rb", 2))
    named = [Tile(Color(c), n) for c in "rb" for n in range(1, 11) for _ in range(2)]
    named.append(Tile(Color.RED, 12))  # the last tile cannot come off
    with searched():
        verdict = game.check(FailedTurn(tuple(named)))
    assert verdict.codes == (Code.INVALID_MELD,)
    with searched():
        after = game.apply(FailedTurn(tuple(named[:-1])))
    assert after.table == parse_table("r11 r12 r13 | r11 r12 r13 | b11 b12 b13 | b11 b12 b13")


def test_failed_turn_naming_every_tile_on_the_table() -> None:
    table = arrange(sorted(CLASSIC.tile_set.all_tiles())[:-2], edition=CLASSIC)
    assert table is not None
    game = position(table)
    with searched():
        after = game.apply(FailedTurn(table.tiles))
    assert after.table == Table()


def test_failed_turn_naming_tiles_not_on_the_table_many_times() -> None:
    game = position(runs("rb", 2))
    with searched():
        verdict = game.check(FailedTurn(parse_tiles("k1") * 200))
    assert verdict.codes == (Code.TABLE_TILE_REMOVED,)
    assert len(verdict.violations[0].message) < 200
    with searched(), pytest.raises(InputTooLargeError):
        FailedTurn(parse_tiles("k1") * 100_000)


def _four_copies_tables() -> list[tuple[str, Table, list[Tile], bool]]:
    """Tables of a four-copy box, tiles to lose, and whether the search answers (else refuses)."""
    both = [Meld([Tile(c, n) for n in range(1, 14)]) for c in Color for _ in range(2)]
    both += [Meld([Tile(c, n) for c in Color]) for n in range(1, 14) for _ in range(2)]
    with_jokers = [
        Meld([Tile(c, n) if n % 4 or c is not Color.RED else JOKER for n in range(1, 14)])
        for c in Color
        for _ in range(2)
    ]
    with_jokers += [Meld([Tile(c, n) for c in Color]) for n in range(1, 14) for _ in range(2)]
    every = [Tile(c, n) for c in Color for n in range(1, 14)]
    half = list(Table(with_jokers).tiles)[::2]
    return [
        ("four identical runs a colour, one of each", Table(runs("krbo", 4)), every, True),
        ("four identical runs a colour, three of each", Table(runs("krbo", 4)), every * 3, True),
        ("runs and groups, one of each", Table(both), every, False),
        ("runs and groups, two of each", Table(both), every * 2, False),
        ("runs with jokers and groups", Table(with_jokers), half, True),
    ]


@pytest.mark.parametrize(
    ("name", "table", "named", "answered"),
    _four_copies_tables(),
    ids=[c[0] for c in _four_copies_tables()],
)
def test_failed_turn_on_a_box_of_four_copies_answers_or_refuses_in_time(
    name: str, table: Table, named: list[Tile], answered: bool
) -> None:
    game = position(table, FOUR_COPIES)
    action = FailedTurn(tuple(named))
    with searched() as work:
        if answered:
            assert game.check(action).ok
        else:
            with pytest.raises(InputTooLargeError, match="ways to send these tiles to the pool"):
                game.check(action)
    assert work.failed_turn > 0  # the count saw the search


def test_failed_turn_in_the_xp_box_naming_one_of_each_tile() -> None:
    xp = EDITIONS["xp"]
    melds = [Meld([Tile(c, n) for n in range(1, 14)]) for c in Color for _ in range(2)]
    melds += [Meld([Tile(c, n) for c in Color]) for n in range(1, 14)]
    game = position(Table(melds), xp)
    with searched():
        verdict = game.check(FailedTurn(tuple(Tile(c, n) for c in Color for n in range(1, 14))))
    assert verdict.ok


# States far beyond any box ----------------------------------------------------------------------


def test_state_with_a_million_tiles_in_a_rack_is_refused_at_once() -> None:
    game = GameState.new(2, seed=1)
    with linear(1_000_000), pytest.raises(InvalidStateError, match=r"hold \d+ tiles"):
        GameState(
            edition=CLASSIC,
            racks=[game.racks[0], game.racks[1] * 71_429],
            table=Table(),
            pool=game.pool,
            current=0,
            opened=(False, False),
            seed=0,
        )


def test_state_with_a_hundred_thousand_seats_is_refused_at_once() -> None:
    with linear(100_000), pytest.raises(InvalidStateError, match="100000 racks"):
        GameState(
            edition=CLASSIC,
            racks=[()] * 100_000,
            table=Table(),
            pool=CLASSIC.tile_set.all_tiles(),
            current=0,
            opened=(False,) * 100_000,
            seed=0,
        )


def test_state_with_a_table_of_ten_thousand_melds_is_refused_before_reading_them() -> None:
    table = Table([Meld(parse_tiles("r1 r2 r3"))] * 10_000)
    with linear(10_000), pytest.raises(InvalidStateError, match="hold 30106 tiles"):
        GameState(
            edition=CLASSIC,
            racks=GameState.new(2, seed=1).racks,
            table=table,
            pool=GameState.new(2, seed=1).pool,
            current=0,
            opened=(False, False),
            seed=0,
        )


def test_edition_with_copies_as_a_float_never_reaches_a_game() -> None:
    with pytest.raises(InvalidTypeError, match="copies must be an int"):
        GameState.new(2, edition=CLASSIC.evolve(tile_set=TileSet(copies=2.5)))  # type: ignore[arg-type]


# Long games ------------------------------------------------------------------------------------


def _long_game(actions: int) -> GameState:
    state = GameRecord(2, edition=CLASSIC.evolve(timeout_draw=0), seed=3).initial_state()
    for _ in range(actions):
        state = state.apply(Timeout())
    return state


def test_apply_costs_the_same_after_twenty_thousand_actions() -> None:
    """An action on a long game makes the calls it makes on a new one, and builds nothing larger:
    the history is not copied (a copy of 20,000 actions alone is a 160 KB tuple)."""

    def cost(state: GameState) -> tuple[int, int]:
        tracemalloc.start()
        try:
            with steps() as made:
                before = tracemalloc.get_traced_memory()[0]
                tracemalloc.reset_peak()
                for _ in range(200):
                    state.apply(Timeout())
                built = tracemalloc.get_traced_memory()[1] - before
        finally:
            tracemalloc.stop()
        return made.calls, built

    cost(_long_game(0))  # the first actions of a process fill caches
    short_calls, short_built = cost(_long_game(0))
    long_calls, long_built = cost(_long_game(20_000))
    assert long_calls <= short_calls + 200, (short_calls, long_calls)
    assert long_built <= short_built + 16_000, (short_built, long_built)


def test_a_long_game_gives_its_view_record_and_validation_in_linear_work() -> None:
    state = _long_game(20_000)
    with linear(20_000, per_item=PER_ACTION):
        assert state.view(1).turn == 20_001
        record = state.to_record()
        assert len(record.actions) == 20_000
        assert GameState(**_fields(state)) == state  # the full validation, history included


def _fields(state: GameState) -> dict[str, Any]:
    return {
        "edition": state.edition,
        "racks": state.racks,
        "table": state.table,
        "pool": state.pool,
        "current": state.current,
        "opened": state.opened,
        "seed": state.seed,
        "history": state.history,
        "idle_turns": state.idle_turns,
        "final_turns": state.final_turns,
        "result": state.result,
        "deal": state.deal,
    }


def test_series_of_a_huge_number_of_rounds_needs_no_work_up_front() -> None:
    with at_once():
        series = Series(4, rounds=10**18).add((3, -1, -1, -1), 0)
    assert not series.is_over
    with pytest.raises(RummikubError, match="at least 1 round"):
        Series(2, rounds=-(10**18))


# Garbage in every field of every game value --------------------------------------------------

GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(),
    st.text(max_size=20),
    st.binary(max_size=10),
    st.lists(st.integers(-5, 5) | st.text(max_size=3), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.builds(object),
    st.just(parse_tiles("r1 r2 r3")),
    st.just([parse_tiles("r1"), parse_tiles("b1")]),
)
STATE = GameState.new(2, seed=8)
STATE_FIELDS = ("edition", "racks", "table", "pool", "current", "opened", "seed", "history",
                "idle_turns", "final_turns", "result")  # fmt: skip
VIEW_FIELDS = ("seat", "rack", "table", "pool_size", "rack_sizes", "opened", "current", "edition",
               "turn", "idle_turns", "final_turns", "result")  # fmt: skip


def _state_with(name: str, value: Any) -> object:
    return attrs.evolve(STATE, deal=None, **{name: value})


def _view_with(name: str, value: Any) -> object:
    return attrs.evolve(STATE.view(0), **{name: value})


BUILDERS: dict[str, Callable[[Any], object]] = {
    **{f"GameState.{name}": functools.partial(_state_with, name) for name in STATE_FIELDS},
    "GameState.deal": lambda value: attrs.evolve(STATE, deal=value),
    **{f"PlayerView.{name}": functools.partial(_view_with, name) for name in VIEW_FIELDS},
    "Deal": lambda value: Deal(value, value, value),
    "Deal.racks": lambda value: Deal(value, ()),
    "GameRecord.players": lambda value: GameRecord(value, seed=1),
    "GameRecord.seed": lambda value: GameRecord(2, seed=value),
    "GameRecord.actions": lambda value: GameRecord(2, seed=1, actions=value),
    "GameRecord.deal": lambda value: GameRecord(2, seed=1, deal=value),
    "Series": lambda value: Series(value),
    "Series.rounds": lambda value: Series(2, rounds=value),
    "Series.games": lambda value: Series(2, games=value),
    "Series.add": lambda value: Series(2).add(value, value),
    "GameResult": lambda value: GameResult(value, value),
    "score_game.racks": lambda value: score_game(value, winner=None),
    "score_game.winner": lambda value: score_game([(), parse_tiles("r1")], winner=value),
    "score_game.opened": lambda value: score_game([(), ()], winner=0, opened=value),
    "FailedTurn": lambda value: FailedTurn(value),
    "Play": lambda value: Play(value),
    "GameState.new": lambda value: GameState.new(value, seed=1),
    "GameState.new.seed": lambda value: GameState.new(2, seed=value),
    "GameState.from_deal": lambda value: GameState.from_deal(value, value),
    "GameState.apply": lambda value: STATE.apply(value),
    "GameState.view": lambda value: STATE.view(value),
}


#: Function calls to build a new game (about 3,000): the most a garbage value may cost.
A_NEW_GAME = 20_000


def _outcome(build: Callable[[Any], object], value: Any) -> object:
    """What ``build(value)`` gives, or the RummikubError it raises (anything else propagates)."""
    try:
        return build(value)
    except RummikubError as error:
        return error


@settings(max_examples=examples(300))
@given(st.sampled_from(sorted(BUILDERS)), GARBAGE)
def test_garbage_in_any_field_is_refused_with_a_rummikub_error(name: str, value: Any) -> None:
    with at_once(few=A_NEW_GAME):
        outcome = _outcome(BUILDERS[name], value)
    if isinstance(outcome, RummikubError):
        assert len(str(outcome)) < 600  # messages quote only an excerpt of the input
