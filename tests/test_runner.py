"""play_game and play_out: bots play whole games, refereed once a turn, and every game ends."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    Action,
    Draw,
    DrawBot,
    GameRecord,
    GameState,
    GreedyBot,
    IllegalMove,
    InvalidTypeError,
    InvalidValueError,
    JokerKeeperBot,
    Pass,
    Play,
    PlayerView,
    PointsBot,
    Timeout,
    parse_table,
    play_game,
    play_out,
    rack_value,
    settle_game,
)
from rummikub_rules.runner import default_max_turns
from tests.depth import examples


@attrs.frozen
class TimeoutBot:
    """Lets its clock run out every turn."""

    def play(self, view: PlayerView) -> Action:
        return Timeout()


@attrs.frozen
class CheatBot:
    """Lays a meld it does not hold."""

    def play(self, view: PlayerView) -> Action:
        return Play(parse_table(f"{view.table} | r1 r2 r3".lstrip(" |")))


def test_play_game_returns_a_record_that_replays_to_the_finished_game() -> None:
    record = play_game([GreedyBot(), PointsBot(), JokerKeeperBot()], edition="pl-2026", seed=4)
    assert isinstance(record, GameRecord)
    assert record.edition == EDITIONS["pl-2026"]
    assert record.seed == 4
    game = record.replay()
    assert game.is_over
    assert sum(game.scores()) == 0


def test_the_same_bots_and_seed_give_the_same_game() -> None:
    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    assert play_game(bots, seed=9) == play_game(bots, seed=9)
    assert play_game(bots, seed=9) != play_game(bots, seed=10)


def test_a_random_seed_is_recorded() -> None:
    record = play_game([DrawBot(), DrawBot()])
    assert record.seed is not None
    assert record.replay().is_over


def test_when_nobody_plays_until_stuck_ends_after_a_round_of_passes() -> None:
    record = play_game([DrawBot()] * 3, edition="classic", seed=1)
    pool = 106 - 3 * 14
    assert record.actions == (Draw(),) * pool + (Pass(),) * 3
    game = record.replay()
    assert game.is_over
    values = [rack_value(rack) for rack in game.racks]
    assert game.winners == tuple(seat for seat, value in enumerate(values) if value == min(values))


def test_when_nobody_plays_one_more_round_ends_after_the_last_round() -> None:
    record = play_game([DrawBot()] * 4, edition="ua-wiki", seed=1)
    pool = 106 - 4 * 14
    # The turn that draws the last tile starts the last round: every player has one more turn.
    assert record.actions == (Draw(),) * pool + (Pass(),) * 4
    assert record.replay().is_over


def test_a_game_that_cannot_end_stops_at_the_cap_and_scores_as_an_empty_pool() -> None:
    edition = CLASSIC.evolve(timeout_draw=0, name="no-penalty")
    state = GameState.new(2, edition=edition, seed=3)
    summary = play_out(state, [TimeoutBot(), TimeoutBot()], record=True)
    assert summary.capped
    assert summary.turns == default_max_turns(state) == 4 * 106
    expected = settle_game(state.racks, winner=None, edition=edition, opened=state.opened)
    assert (summary.scores, summary.winners) == (expected.scores, expected.winners)
    assert summary.record is not None
    assert not summary.record.replay().is_over
    record = play_game([TimeoutBot(), TimeoutBot()], edition=edition, seed=3, max_turns=25)
    assert len(record.actions) == 25


def test_a_game_of_plays_draws_and_passes_never_reaches_the_cap() -> None:
    for edition in ("classic", "ua-wiki", "xp"):
        players = 6 if edition == "xp" else 4
        state = GameState.new(players, edition=EDITIONS[edition], seed=2)
        summary = play_out(state, [DrawBot()] * players, track_could_play=False)
        assert not summary.capped
        # Draws, then fewer than a round of passes per play: far below the cap.
        assert summary.turns <= len(state.pool) + players < default_max_turns(state)


def test_an_illegal_action_raises_illegal_move() -> None:
    with pytest.raises(IllegalMove) as raised:
        play_game([CheatBot(), CheatBot()], seed=1)
    assert raised.value.verdict.codes


def test_the_bots_must_match_the_seats() -> None:
    state = GameState.new(3, seed=1)
    with pytest.raises(InvalidValueError):
        play_out(state, [DrawBot(), DrawBot()])
    with pytest.raises(InvalidTypeError):
        play_out(state, [DrawBot(), DrawBot(), "greedy"])  # type: ignore[list-item]
    with pytest.raises(InvalidValueError):
        play_out(state, [DrawBot()] * 3, max_turns=-1)


def test_play_game_refuses_a_table_the_edition_does_not_seat() -> None:
    with pytest.raises(InvalidValueError):
        play_game([DrawBot()] * 5, edition="classic", seed=1)


def replayed_facts(record: GameRecord) -> tuple[int, tuple[int | None, ...], tuple[int, ...]]:
    """Turns, each seat's first opening (its own turn) and jokers left, from the record."""
    state = record.initial_state()
    own = [0] * state.players
    openings: list[int | None] = [None] * state.players
    for action in record.actions:
        seat = state.current
        own[seat] += 1
        if isinstance(action, Play) and openings[seat] is None:
            openings[seat] = own[seat]
        state = state.apply(action)
    return len(record.actions), tuple(openings), tuple(r.count(JOKER) for r in state.racks)


@settings(max_examples=examples(10, minimum=3))
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    edition=st.sampled_from(["classic", "pl-2026", "sabra-1978", "tournament"]),
)
def test_a_summary_tells_what_the_record_shows(seed: int, players: int, edition: str) -> None:
    state = GameState.new(players, edition=EDITIONS[edition], seed=seed)
    summary = play_out(state, [GreedyBot(budget=2_000)] * players, record=True)
    assert summary.record is not None
    final = summary.record.replay()
    assert summary.edition == edition
    assert (summary.turns, summary.first_openings, summary.jokers_left) == replayed_facts(
        summary.record
    )
    assert final.is_over
    assert not summary.capped
    assert (summary.scores, summary.winners) == (final.scores(), final.winners)
    assert summary.pool_empty == (not final.pool)
    assert summary.went_out == any(not rack for rack in final.racks)
    plays = sum(isinstance(action, Play) for action in summary.record.actions)
    assert summary.could_play is not None
    assert summary.undecided is not None
    assert plays <= summary.could_play <= summary.turns - summary.undecided


def test_could_play_counts_the_turns_a_draw_bot_could_have_played() -> None:
    state = GameState.new(2, seed=5)
    summary = play_out(state, [DrawBot(), DrawBot()])
    assert summary.first_openings == (None, None)
    assert summary.could_play is not None
    assert 0 < summary.could_play <= summary.turns
    assert play_out(state, [DrawBot(), DrawBot()], track_could_play=False).could_play is None
