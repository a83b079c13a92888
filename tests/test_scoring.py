"""Scoring a game and a series: RULES.md section 6 and the rulings in scoring.py."""

from __future__ import annotations

import pytest

from rummikub_rules.editions import (
    CLASSIC,
    EDITIONS,
    Edition,
    PoolEmptyScoring,
    SeriesWinner,
    WinnerScores,
)
from rummikub_rules.errors import RummikubError
from rummikub_rules.notation import parse_tiles
from rummikub_rules.scoring import (
    GameResult,
    ScoringError,
    Series,
    rack_value,
    score_game,
    settle_game,
)
from rummikub_rules.tiles import Tile

HOUSE_50 = EDITIONS["house-50"]
TOURNAMENT = EDITIONS["tournament"]
PL_2026 = EDITIONS["pl-2026"]
RACKS = CLASSIC.evolve(pool_empty_scoring=PoolEmptyScoring.RACKS)
PENALTY = CLASSIC.evolve(winner_scores=WinnerScores.ZERO)
PENALTY_RACKS = PENALTY.evolve(pool_empty_scoring=PoolEmptyScoring.RACKS)


def racks(*texts: str) -> list[tuple[Tile, ...]]:
    return [parse_tiles(text) for text in texts]


# RULES.md 6: a player went out ------------------------------------------------------------------


def test_went_out_example_three_players() -> None:
    assert score_game(racks("", "r5 b8", "j k2"), winner=0) == (45, -13, -32)


def test_went_out_example_four_players() -> None:
    assert score_game(racks("", "r11", "k7 o9", "j b4"), winner=0) == (61, -11, -16, -34)


def test_went_out_winner_in_any_seat() -> None:
    assert score_game(racks("r5 b8", "j k2", ""), winner=2) == (-13, -32, 45)


@pytest.mark.parametrize(
    ("edition", "expected"),
    [(CLASSIC, (32, -32)), (HOUSE_50, (52, -52)), (TOURNAMENT, (102, -102))],
)
def test_joker_penalty_by_edition(edition: Edition, expected: tuple[int, ...]) -> None:
    assert score_game(racks("", "j k2"), winner=0, edition=edition) == expected


def test_joker_penalty_old_sheet_custom_edition() -> None:
    old_sheet = CLASSIC.evolve(joker_penalty=25)
    assert score_game(racks("", "j j"), winner=0, edition=old_sheet) == (50, -50)


def test_never_opened_penalty_house_50() -> None:
    scores = score_game(
        racks("", "r5 b8", "j k2"), winner=0, edition=HOUSE_50, opened=[True, False, True]
    )
    assert scores == (13 + 100 + 52, -113, -52)


def test_never_opened_penalty_tournament() -> None:
    scores = score_game(
        racks("", "r5 b8", "j k2"), winner=0, edition=TOURNAMENT, opened=[True, False, False]
    )
    assert scores == (113 + 202, -113, -202)


def test_never_opened_penalty_is_zero_in_classic() -> None:
    scores = score_game(racks("", "r5 b8"), winner=0, opened=[True, False])
    assert scores == (13, -13)


def test_opened_none_means_everyone_opened() -> None:
    assert score_game(racks("", "r5"), winner=0, edition=HOUSE_50, opened=None) == (5, -5)


def test_ruling_winner_who_went_out_has_opened() -> None:
    # Going out in a single turn opens the player: the flag of an empty rack is ignored.
    scores = score_game(racks("", "r5"), winner=0, edition=HOUSE_50, opened=[False, True])
    assert scores == (5, -5)
    scores = score_game(racks("", "r5"), winner=None, edition=HOUSE_50, opened=[False, True])
    assert scores == (5, -5)


def test_went_out_rack_of_jokers_with_zero_penalty_is_not_empty() -> None:
    free_jokers = CLASSIC.evolve(joker_penalty=0)
    with pytest.raises(ScoringError, match="rack must be empty"):
        score_game(racks("j", ""), winner=0, edition=free_jokers)


# RULES.md 6: the pool ran out -------------------------------------------------------------------


def test_pool_empty_example() -> None:
    assert score_game(racks("r5", "r9", "r1 r13"), winner=None) == (13, -4, -9)


def test_pool_empty_lowest_in_any_seat() -> None:
    assert score_game(racks("r9", "r1 r13", "r5"), winner=None) == (-4, -9, 13)


def test_ruling_pool_empty_jokers_count_at_penalty_for_lowest_rack() -> None:
    # j = 30 under classic, more than r12 r13 = 25; under a 10-point joker it is lowest.
    assert score_game(racks("j", "r12 r13"), winner=None) == (-5, 5)
    cheap = CLASSIC.evolve(joker_penalty=10)
    assert score_game(racks("j", "r12 r13"), winner=None, edition=cheap) == (15, -15)


def test_ruling_pool_empty_tie_splits_with_remainder_to_earliest_seat() -> None:
    result = settle_game(racks("r4", "b4", "k9"), winner=None)
    assert result == GameResult((3, 2, -5), (0, 1))


def test_ruling_pool_empty_tie_remainder_goes_to_earliest_tied_seat_not_seat_zero() -> None:
    assert score_game(racks("k9", "r4", "b4"), winner=None) == (-5, 3, 2)


def test_ruling_pool_empty_tie_even_split() -> None:
    assert score_game(racks("r4", "k10", "b4", "o8"), winner=None) == (5, -6, 5, -4)


def test_ruling_pool_empty_three_way_tie() -> None:
    assert score_game(racks("r2", "k13", "b2", "o2"), winner=None) == (5, -11, 3, 3)


def test_pool_empty_all_tied_scores_nothing() -> None:
    result = settle_game(racks("r6", "b6", "k1 k5"), winner=None)
    assert result.scores == (0, 0, 0)
    assert result.winners == (0, 1, 2)


def test_ruling_pool_empty_never_opened_penalty_joins_the_count() -> None:
    # Counts: 5 + 100 (never opened), 9, 14: seat 1 has the lowest count.
    scores = settle_game(
        racks("r5", "r9", "r1 r13"), winner=None, edition=HOUSE_50, opened=[False, True, True]
    )
    assert scores == GameResult((-96, 101, -5), (1,))


def test_ruling_pool_empty_penalty_for_everyone_cancels_out() -> None:
    scores = score_game(racks("r5", "r9"), winner=None, edition=TOURNAMENT, opened=[False, False])
    assert scores == score_game(racks("r5", "r9"), winner=None)


def test_pool_empty_with_an_empty_rack_scores_like_going_out() -> None:
    hands = racks("r5 b8", "", "j k2")
    assert score_game(hands, winner=None) == score_game(hands, winner=1)


# RULES.md 6: pool_empty_scoring = racks (pl-2026) ----------------------------------------------


def test_pool_empty_racks_example() -> None:
    assert PL_2026.pool_empty_scoring is PoolEmptyScoring.RACKS
    assert score_game(racks("r5", "r9", "r1 r13"), winner=None, edition=PL_2026) == (23, -9, -14)


def test_pool_empty_racks_does_not_change_going_out() -> None:
    assert score_game(racks("", "r5 b8", "j k2"), winner=0, edition=RACKS) == (45, -13, -32)


def test_ruling_pool_empty_racks_tie_shares_the_others_racks() -> None:
    # Seats 0 and 1 tie at 4 and pay nothing; seat 2 pays its 9, split 5 + 4.
    result = settle_game(racks("r4", "b4", "k9"), winner=None, edition=RACKS)
    assert result == GameResult((5, 4, -9), (0, 1))


def test_ruling_pool_empty_racks_never_opened_penalty_is_paid_with_the_rack() -> None:
    # Counts 105 (never opened), 9, 14: seat 1 is lowest; the others pay their whole counts.
    result = settle_game(
        racks("r5", "r9", "r1 r13"),
        winner=None,
        edition=HOUSE_50.evolve(pool_empty_scoring=PoolEmptyScoring.RACKS),
        opened=[False, True, True],
    )
    assert result == GameResult((-105, 119, -14), (1,))


# RULES.md 6: winner_scores = zero (penalty scoring) ---------------------------------------------


def test_winner_scores_zero_went_out() -> None:
    assert score_game(racks("", "r5 b8", "j k2"), winner=0, edition=PENALTY) == (0, -13, -32)
    four = score_game(racks("", "r11", "k7 o9", "j b4"), winner=0, edition=PENALTY)
    assert four == (0, -11, -16, -34)


def test_winner_scores_zero_pool_empty_under_both_scorings() -> None:
    hands = racks("r5", "r9", "r1 r13")
    assert score_game(hands, winner=None, edition=PENALTY) == (0, -4, -9)
    assert score_game(hands, winner=None, edition=PENALTY_RACKS) == (0, -9, -14)


def test_ruling_winner_scores_zero_tied_winners_each_score_zero() -> None:
    result = settle_game(racks("r4", "b4", "k9"), winner=None, edition=PENALTY)
    assert result == GameResult((0, 0, -5), (0, 1))


def test_winner_scores_zero_scores_add_up_to_minus_the_penalties() -> None:
    scores = score_game(
        racks("", "r5 b8", "j k2"),
        winner=0,
        edition=PENALTY.evolve(never_opened_penalty=100),
        opened=[True, False, True],
    )
    assert scores == (0, -113, -32)
    assert sum(scores) == -145


def test_winner_scores_zero_series_ranks_by_fewest_penalties() -> None:
    series = Series(3, PENALTY.evolve(series_winner=SeriesWinner.MOST_POINTS))
    series = series.add_game(racks("", "r5 b8", "j k2"), winner=0)
    series = series.add_game(racks("r1", "", "r13"), winner=1)
    assert series.points == (-1, -13, -45)
    assert series.winner == 0


# Input checks ----------------------------------------------------------------------------------


def test_scoring_error_is_a_rummikub_error_and_value_error() -> None:
    assert issubclass(ScoringError, RummikubError)
    assert issubclass(ScoringError, ValueError)


def test_winner_out_of_range() -> None:
    with pytest.raises(ScoringError, match="seat from 0 to 2, got 3"):
        score_game(racks("", "r5", "r6"), winner=3)
    with pytest.raises(ScoringError, match="got -1"):
        score_game(racks("", "r5", "r6"), winner=-1)


def test_winner_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="seat number"):
        score_game(racks("", "r5"), winner=True)


def test_winner_rack_must_be_empty() -> None:
    with pytest.raises(ScoringError, match=r"winner \(seat 1\) went out"):
        score_game(racks("r3", "r5"), winner=1)


def test_at_least_two_players() -> None:
    with pytest.raises(ScoringError, match="at least 2 players"):
        score_game(racks(""), winner=0)
    with pytest.raises(ScoringError, match="at least 2 players"):
        score_game([], winner=None)


def test_opened_length_must_match() -> None:
    with pytest.raises(ScoringError, match="opened has 2 entries for 3 players"):
        score_game(racks("", "r5", "r6"), winner=0, opened=[True, True])


def test_opened_entries_are_bools() -> None:
    with pytest.raises(TypeError, match=r"opened\[1\]"):
        score_game(racks("", "r5"), winner=0, opened=[True, 1])  # type: ignore[list-item]


def test_racks_hold_tiles_or_their_notation() -> None:
    assert score_game(["", "r5 r6"], winner=0) == (11, -11)
    with pytest.raises(TypeError, match=r"racks\[1\] takes tiles"):
        score_game(["", [5, 6]], winner=0)  # type: ignore[list-item]


def test_racks_may_be_one_shot_iterators() -> None:
    hands = [iter(()), iter(parse_tiles("r5 b8")), iter(parse_tiles("j k2"))]
    assert score_game(hands, winner=0) == (45, -13, -32)


def test_score_game_does_not_mutate_its_arguments() -> None:
    hands = racks("", "r5 b8", "j k2")
    opened = [True, False, True]
    before = (list(hands), list(opened))
    score_game(hands, winner=0, edition=HOUSE_50, opened=opened)
    assert (hands, opened) == before


def test_rack_value() -> None:
    assert rack_value(parse_tiles("r5 b8")) == 13
    assert rack_value(()) == 0
    assert rack_value(parse_tiles("j j"), edition=TOURNAMENT) == 200


# Series (RULES.md 6, series_winner) -------------------------------------------------------------


def test_series_starts_empty() -> None:
    series = Series(3)
    assert series.games_played == 0
    assert series.rounds_completed == 0
    assert series.wins == (0, 0, 0)
    assert series.points == (0, 0, 0)
    assert series.leaders == (0, 1, 2)
    assert series.winner is None


def test_series_add_returns_a_new_series() -> None:
    series = Series(2)
    later = series.add((5, -5), winners=0)
    assert series.games_played == 0
    assert later.games_played == 1
    assert later.games == (GameResult((5, -5), (0,)),)


def test_series_add_game_scores_under_the_series_edition() -> None:
    series = Series(3, HOUSE_50).add_game(racks("", "r5 b8", "j k2"), winner=0)
    assert series.points == (65, -13, -52)
    assert series.wins == (1, 0, 0)


def test_series_add_game_with_opened() -> None:
    series = Series(2, TOURNAMENT).add_game(racks("r5", ""), winner=1, opened=[False, True])
    assert series.points == (-105, 105)


def test_series_rounds_completed() -> None:
    series = Series(2)
    for number in range(5):
        series = series.add((1, -1), winners=0)
        assert series.rounds_completed == (number + 1) // 2


def test_series_most_wins_beats_points() -> None:
    # Seat 0 wins twice by little; seat 1 wins once by a lot.
    series = Series(2, CLASSIC).add((3, -3), 0).add((2, -2), 0).add((-90, 90), 1)
    assert CLASSIC.series_winner is SeriesWinner.MOST_WINS
    assert series.wins == (2, 1)
    assert series.points == (-85, 85)
    assert series.winner == 0


def test_series_most_points_beats_wins() -> None:
    pl = EDITIONS["pl-2026"]
    assert pl.series_winner is SeriesWinner.MOST_POINTS
    series = Series(2, pl).add((3, -3), 0).add((2, -2), 0).add((-90, 90), 1)
    assert series.winner == 1


def test_series_most_wins_tie_broken_by_points() -> None:
    series = Series(3).add((10, -5, -5), 0).add((-1, 2, -1), 1)
    assert series.wins == (1, 1, 0)
    assert series.leaders == (0,)
    assert series.winner == 0


def test_ruling_series_still_tied_has_no_winner() -> None:
    series = Series(2).add((5, -5), 0).add((-5, 5), 1)
    assert series.leaders == (0, 1)
    assert series.winner is None
    most_points = Series(2, TOURNAMENT).add((5, -5), 0).add((-5, 5), 1)
    assert most_points.winner is None


def test_ruling_series_shared_win_counts_for_each_tied_seat() -> None:
    series = Series(3).add_game(racks("r4", "b4", "k9"), winner=None)
    assert series.wins == (1, 1, 0)
    assert series.points == (3, 2, -5)
    assert series.winner == 0


def test_series_add_accepts_winners_in_any_order() -> None:
    series = Series(3).add((2, 3, -5), winners=[1, 0])
    assert series.games[0].winners == (0, 1)


def test_series_add_game_needs_one_rack_per_player() -> None:
    with pytest.raises(ScoringError, match="2 racks for a series of 3 players"):
        Series(3).add_game(racks("", "r5"), winner=0)


def test_series_add_checks_scores_and_winners() -> None:
    series = Series(2)
    with pytest.raises(ScoringError, match="3 scores for 2 players"):
        series.add((1, 2, -3), 0)
    with pytest.raises(ScoringError, match="seat from 0 to 1"):
        series.add((1, -1), 2)
    with pytest.raises(ScoringError, match="at least one winner"):
        series.add((1, -1), [])
    with pytest.raises(ScoringError, match="distinct"):
        series.add((1, -1), [0, 0])
    with pytest.raises(TypeError, match="must be an int"):
        series.add((1.5, -1), 0)  # type: ignore[arg-type]


def test_series_needs_two_players() -> None:
    with pytest.raises(ScoringError, match="at least 2 players"):
        Series(1)
    with pytest.raises(TypeError):
        Series("2")  # type: ignore[arg-type]


# Series of agreed length (RULES.md 6) ----------------------------------------------------------


def test_series_of_agreed_rounds_ends_after_rounds_times_players_games() -> None:
    series = Series(2, rounds=2)
    assert series.length == 4
    for number in range(4):
        assert not series.is_over
        series = series.add((3, -3) if number % 2 else (-1, 1), winners=number % 2)
    assert series.is_over
    assert series.rounds_completed == 2
    assert series.wins == (2, 2)
    assert series.points == (4, -4)
    assert series.winner == 0  # most_wins: level on wins, ahead on points


def test_series_over_refuses_another_game() -> None:
    series = Series(2, rounds=1).add((5, -5), 0).add((-2, 2), 1)
    with pytest.raises(ScoringError, match=r"series of 1 round \(2 games\) is over"):
        series.add((1, -1), 0)
    with pytest.raises(ScoringError, match="is over"):
        series.add_game(racks("", "r1"), winner=0)


def test_series_winner_is_final_once_over() -> None:
    series = Series(3, TOURNAMENT, rounds=1)
    series = series.add((10, -5, -5), 0).add((-1, 2, -1), 1).add((-2, -2, 4), 2)
    assert series.is_over
    assert (series.points, series.winner) == ((7, -5, -2), 0)


def test_ruling_series_over_with_level_leaders_has_no_winner() -> None:
    series = Series(2, TOURNAMENT, rounds=1).add((5, -5), 0).add((-5, 5), 1)
    assert series.is_over
    assert series.leaders == (0, 1)
    assert series.winner is None


def test_series_of_open_length_is_never_over() -> None:
    series = Series(2)
    for _ in range(10):
        series = series.add((1, -1), 0)
    assert not series.is_over
    assert series.length is None


def test_series_rounds_must_be_positive_int() -> None:
    with pytest.raises(ScoringError, match="at least 1 round"):
        Series(2, rounds=0)
    with pytest.raises(TypeError, match="rounds must be an int"):
        Series(2, rounds=True)
    with pytest.raises(TypeError, match="rounds must be an int"):
        Series(2, rounds=1.5)  # type: ignore[arg-type]


def test_series_built_with_more_games_than_its_rounds_is_refused() -> None:
    games = [GameResult((1, -1), (0,))] * 3
    with pytest.raises(ScoringError, match="3 games for a series of 1 round"):
        Series(2, games=games, rounds=1)
