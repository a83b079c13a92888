"""Properties of score_game and Series (RULES.md section 6 and the rulings in scoring.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummikub_rules.editions import CLASSIC, EDITIONS, Edition, PoolEmptyScoring, WinnerScores
from rummikub_rules.scoring import (
    GameResult,
    ScoringError,
    Series,
    rack_value,
    score_game,
    settle_game,
)
from rummikub_rules.tiles import JOKER, XP_SET

tiles = st.sampled_from(XP_SET.distinct_tiles())
racks = st.lists(tiles, max_size=8).map(tuple)
editions = st.one_of(
    st.sampled_from(list(EDITIONS.values())),
    st.builds(
        CLASSIC.evolve,
        joker_penalty=st.integers(0, 120),
        never_opened_penalty=st.integers(0, 120),
        pool_empty_scoring=st.sampled_from(PoolEmptyScoring),
        winner_scores=st.sampled_from(WinnerScores),
        max_players=st.integers(4, 6),
    ),
)


@st.composite
def endings(draw: st.DrawFn) -> dict[str, Any]:
    """Keyword arguments of score_game for a random end of game (went out or pool empty)."""
    edition = draw(editions)
    players = draw(st.integers(2, edition.max_players))
    hands = draw(st.lists(racks, min_size=players, max_size=players))
    winner = draw(st.none() | st.integers(0, players - 1))
    if winner is not None:
        hands[winner] = ()
    opened = draw(st.none() | st.lists(st.booleans(), min_size=players, max_size=players))
    return {"racks": hands, "winner": winner, "edition": edition, "opened": opened}


def counts(ending: dict[str, Any]) -> list[int]:
    """Each seat's rack value plus the never-opened penalty (an empty rack has opened)."""
    edition: Edition = ending["edition"]
    opened = ending["opened"] or [True] * len(ending["racks"])
    return [
        rack_value(rack, edition=edition)
        + (0 if opened[seat] or not rack else edition.never_opened_penalty)
        for seat, rack in enumerate(ending["racks"])
    ]


def payments(ending: dict[str, Any]) -> list[int]:
    """What each seat pays under RULES.md 6, computed from the counts (0 for a winner)."""
    paid = counts(ending)
    if ending["winner"] is not None:
        return paid
    lowest = min(paid)
    if ending["edition"].pool_empty_scoring is PoolEmptyScoring.DIFFERENCE:
        return [count - lowest for count in paid]
    return [0 if count == lowest else count for count in paid]


def with_rules(ending: dict[str, Any], **rules: object) -> dict[str, Any]:
    return {**ending, "edition": ending["edition"].evolve(**rules)}


@given(endings())
def test_others_sum_scores_add_up_to_zero(ending: dict[str, Any]) -> None:
    ending = with_rules(ending, winner_scores=WinnerScores.OTHERS_SUM)
    assert sum(score_game(**ending)) == 0


@given(endings())
def test_zero_winner_scores_nothing_and_others_pay(ending: dict[str, Any]) -> None:
    # Penalty scoring: the winners score 0, so the scores add up to minus what the others pay.
    ending = with_rules(ending, winner_scores=WinnerScores.ZERO)
    result = settle_game(**ending)
    assert all(result.scores[seat] == 0 for seat in result.winners)
    assert list(result.scores) == [-paid for paid in payments(ending)]
    assert sum(result.scores) == -sum(payments(ending))


@given(endings())
def test_winner_scores_differ_only_in_the_winners_scores(ending: dict[str, Any]) -> None:
    others_sum = settle_game(**with_rules(ending, winner_scores=WinnerScores.OTHERS_SUM))
    zero = settle_game(**with_rules(ending, winner_scores=WinnerScores.ZERO))
    assert others_sum.winners == zero.winners
    for seat in range(len(zero.scores)):
        if seat not in zero.winners:
            assert others_sum.scores[seat] == zero.scores[seat]
    assert sum(others_sum.scores[seat] for seat in zero.winners) == -sum(zero.scores)


@given(endings())
def test_racks_pay_the_lowest_count_more_than_difference(ending: dict[str, Any]) -> None:
    # With the pool empty, each loser pays their whole count under racks, the difference to
    # the lowest under difference; after a player went out the two agree.
    racks = settle_game(**with_rules(ending, pool_empty_scoring=PoolEmptyScoring.RACKS))
    difference = settle_game(**with_rules(ending, pool_empty_scoring=PoolEmptyScoring.DIFFERENCE))
    assert racks.winners == difference.winners
    lowest = 0 if ending["winner"] is not None else min(counts(ending))
    for seat in range(len(racks.scores)):
        if seat not in racks.winners:
            assert racks.scores[seat] == difference.scores[seat] - lowest
    if ending["winner"] is not None:
        assert racks == difference


@given(endings())
def test_scores_add_up_to_zero_without_penalties(ending: dict[str, Any]) -> None:
    ending = with_rules(ending, never_opened_penalty=0, winner_scores=WinnerScores.OTHERS_SUM)
    assert sum(score_game(**ending)) == 0


@given(endings())
def test_winner_scores_the_most_and_nobody_else_gains(ending: dict[str, Any]) -> None:
    result = settle_game(**ending)
    assert result.scores[result.winners[0]] == max(result.scores)
    for seat, score in enumerate(result.scores):
        assert score >= 0 if seat in result.winners else score <= 0


@given(endings())
def test_losers_pay_what_the_edition_says(ending: dict[str, Any]) -> None:
    result = settle_game(**ending)
    paid = payments(ending)
    for seat, score in enumerate(result.scores):
        if seat not in result.winners:
            assert score == -paid[seat]


@given(endings())
def test_winners_are_the_goer_or_the_lowest_counts(ending: dict[str, Any]) -> None:
    result = settle_game(**ending)
    if ending["winner"] is not None:
        assert result.winners == (ending["winner"],)
    else:
        paid = counts(ending)
        assert result.winners == tuple(s for s, c in enumerate(paid) if c == min(paid))


@given(endings())
def test_tied_winners_share_within_one_remainder(ending: dict[str, Any]) -> None:
    result = settle_game(**with_rules(ending, winner_scores=WinnerScores.OTHERS_SUM))
    shares = [result.scores[seat] for seat in result.winners]
    assert all(share == shares[-1] for share in shares[1:])
    assert 0 <= shares[0] - shares[-1] < len(shares)


@given(endings(), st.randoms(use_true_random=False))
def test_permuting_seats_permutes_scores(ending: dict[str, Any], random: Any) -> None:
    players = len(ending["racks"])
    order = list(range(players))  # new seat i is old seat order[i]
    random.shuffle(order)
    moved = {
        **ending,
        "racks": [ending["racks"][old] for old in order],
        "winner": None if ending["winner"] is None else order.index(ending["winner"]),
        "opened": None if ending["opened"] is None else [ending["opened"][old] for old in order],
    }
    before, after = settle_game(**ending), settle_game(**moved)
    assert sorted(after.scores) == sorted(before.scores)
    assert sorted(order[seat] for seat in after.winners) == list(before.winners)
    for seat, old in enumerate(order):
        if old not in before.winners:
            assert after.scores[seat] == before.scores[old]
    if len(before.winners) == 1:  # without a tie, exactly permuted
        assert after.scores == tuple(before.scores[old] for old in order)


@given(endings())
def test_pool_empty_with_an_empty_rack_scores_like_going_out(ending: dict[str, Any]) -> None:
    winner = ending["winner"]
    if winner is not None and counts(ending).count(0) == 1:
        assert settle_game(**{**ending, "winner": None}) == settle_game(**ending)


@given(st.lists(endings(), max_size=4), st.booleans())
def test_series_totals_are_sums_of_games(games: list[dict[str, Any]], most_wins: bool) -> None:
    players = 3
    edition = EDITIONS["classic" if most_wins else "tournament"]
    series = Series(players, edition)
    results: list[GameResult] = []
    for ending in games:
        hands = [*ending["racks"], (), (JOKER,), ()][:players]
        winner = ending["winner"] if ending["winner"] in (None, 0, 1, 2) else None
        if winner is not None:
            hands[winner] = ()
        earlier = series
        series = series.add_game(hands, winner=winner)
        assert earlier.games_played == len(results)
        results.append(settle_game(hands, winner=winner, edition=edition))
    assert series.games == tuple(results)
    assert series.games_played == len(results)
    assert series.rounds_completed == len(results) // players
    assert series.points == tuple(sum(r.scores[s] for r in results) for s in range(players))
    assert series.wins == tuple(sum(s in r.winners for r in results) for s in range(players))
    assert sum(series.points) == 0
    leaders = series.leaders
    if most_wins:
        assert {series.wins[s] for s in leaders} == {max(series.wins)}
    else:
        assert {series.points[s] for s in leaders} == {max(series.points)}
    assert series.winner == (leaders[0] if len(leaders) == 1 else None)


@given(
    st.integers(2, 4),
    st.integers(1, 3),
    st.lists(st.integers(-50, 50), min_size=1, max_size=20),
    st.booleans(),
)
def test_series_of_agreed_rounds_takes_exactly_its_games(
    players: int, rounds: int, margins: list[int], most_wins: bool
) -> None:
    edition = EDITIONS["classic" if most_wins else "tournament"]
    series = Series(players, edition, rounds=rounds)
    for number, margin in enumerate(margins):
        winner = number % players
        scores = [-abs(margin) if seat != winner else 0 for seat in range(players)]
        scores[winner] = -sum(scores)
        if series.is_over:
            with pytest.raises(ScoringError, match="is over"):
                series.add(scores, winner)
            break
        series = series.add(scores, winner)
        assert series.is_over == (series.games_played == rounds * players)
    assert series.games_played == min(len(margins), rounds * players)
    assert series.rounds_completed <= rounds
