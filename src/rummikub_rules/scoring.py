"""Scoring a finished game and keeping score over a series (rules section 6).

:func:`score_game` turns the racks left at the end of a game into one score per seat, under the
edition's ``pool_empty_scoring`` and ``winner_scores``. :class:`Series` accumulates games, names
the series winner under the edition's ``series_winner`` and, given a number of rounds, ends.

Each player's *count* is the value of their rack (numbered tiles at their number, jokers at
``joker_penalty``) plus ``never_opened_penalty`` if they never opened. What each other player
*pays*: when a player went out, their count; when the pool ran out, the lowest count wins and
each other player pays the difference to it (``difference``) or their whole count (``racks``).
Each other player scores minus what they pay. The winner scores the sum of those payments
(``others_sum``: a game's scores add up to zero) or nothing (``zero``: penalty scoring, where a
game's scores add up to minus the payments).

Rulings of this module (the rules leave them open):

- A rack's value counts each numbered tile at its number and each joker at the edition's
  ``joker_penalty``; that value also decides the lowest rack when the pool ran out.
- ``never_opened_penalty`` is part of a player's count in both ends of a game and under both
  ``pool_empty_scoring`` values: it decides the lowest count when the pool ran out, and under
  ``racks`` each other player pays it with their rack.
- A player with an empty rack (the player who went out) has opened by laying their last tile:
  their ``opened`` flag is ignored.
- Tied lowest counts share the win. Under ``others_sum`` the sum of the payments is split
  equally and the remainder goes to the earliest tied seat; under ``zero`` each of them scores
  0. Tied winners pay nothing under either ``pool_empty_scoring``. In a series each of them is
  credited with a win.
- A series given a number of rounds is over after ``rounds * players`` games. If the leaders
  are then level (same wins and points under ``most_wins``, same points under
  ``most_points``), the series has no single winner: ``winner`` is ``None`` and ``leaders``
  names them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummikub_rules._convert import as_tuple
from rummikub_rules.editions import (
    CLASSIC,
    Edition,
    PoolEmptyScoring,
    SeriesWinner,
    WinnerScores,
)
from rummikub_rules.errors import InvalidTypeError, ScoringError, excerpt
from rummikub_rules.inputs import EditionLike, TilesLike, as_edition, as_tiles

__all__ = ["GameResult", "ScoringError", "Series", "rack_value", "score_game", "settle_game"]


def _to_ints(value: Iterable[int]) -> tuple[int, ...]:
    return as_tuple(value, "scores and winners")


def _to_edition(value: EditionLike) -> Edition:
    return as_edition(value, "edition")


def _to_games(value: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return as_tuple(value, "games")


@attrs.frozen
class GameResult:
    """The outcome of one game: a score per seat and the seats that won.

    ``winners`` holds one seat, or several when tied lowest racks shared the win at the end of
    the pool; seats are in increasing order.
    """

    scores: tuple[int, ...] = attrs.field(converter=_to_ints)
    winners: tuple[int, ...] = attrs.field(converter=_to_ints)

    def __attrs_post_init__(self) -> None:
        _check_result(self.scores, self.winners)


def rack_value(rack: TilesLike, *, edition: EditionLike = CLASSIC) -> int:
    """What a rack costs at the end: numbered tiles at their number, jokers at ``joker_penalty``.

    >>> from rummikub_rules import parse_tiles, EDITIONS
    >>> rack_value(parse_tiles("j r2"))
    32
    >>> rack_value(parse_tiles("j r2"), edition=EDITIONS["house-50"])
    52
    """
    penalty = as_edition(edition, "edition").joker_penalty
    return sum(penalty if tile.number is None else tile.number for tile in as_tiles(rack, "rack"))


def score_game(
    racks: Sequence[TilesLike],
    *,
    winner: int | None,
    edition: EditionLike = CLASSIC,
    opened: Sequence[bool] | None = None,
) -> tuple[int, ...]:
    """Each player's score for a finished game (rules section 6).

    ``racks[i]`` is what player ``i`` holds at the end. ``winner`` is the player who went out
    (their rack must be empty), or ``None`` when the game ended with the pool empty and nobody
    out: then the lowest rack wins. ``opened[i]`` says whether player ``i`` opened; it matters
    only for editions with a ``never_opened_penalty``, and ``None`` means everyone opened.

    >>> from rummikub_rules import EDITIONS, parse_tiles
    >>> score_game([(), parse_tiles("r5 b8"), parse_tiles("j k2")], winner=0)
    (45, -13, -32)
    >>> score_game([parse_tiles("r5"), parse_tiles("r9"), parse_tiles("r1 r13")], winner=None)
    (13, -4, -9)
    >>> score_game([parse_tiles("r5"), parse_tiles("r9"), parse_tiles("r1 r13")], winner=None,
    ...            edition=EDITIONS["pl-2026"])
    (23, -9, -14)
    >>> score_game(["", "r5 b8", "j k2"], winner=0, edition="house-50")  # notation and names
    (65, -13, -52)
    >>> penalty = EDITIONS["classic"].evolve(winner_scores="zero")
    >>> score_game([(), parse_tiles("r5 b8"), parse_tiles("j k2")], winner=0, edition=penalty)
    (0, -13, -32)

    Raises :class:`ScoringError` for fewer than two racks or more than the edition seats
    (``max_players``), a winner seat out of range or holding tiles, or an ``opened`` of the wrong
    length.
    """
    return settle_game(racks, winner=winner, edition=edition, opened=opened).scores


def settle_game(
    racks: Sequence[TilesLike],
    *,
    winner: int | None,
    edition: EditionLike = CLASSIC,
    opened: Sequence[bool] | None = None,
) -> GameResult:
    """Like :func:`score_game`, but also says who won, as a :class:`GameResult`.

    >>> from rummikub_rules import parse_tiles
    >>> settle_game([parse_tiles("r4"), parse_tiles("b4"), parse_tiles("k9")], winner=None)
    GameResult(scores=(3, 2, -5), winners=(0, 1))
    """
    edition = as_edition(edition, "edition")
    seats = as_tuple(racks, "racks")
    players = len(seats)
    if players < 2:
        raise ScoringError(f"a game has at least 2 players, got {players} racks")
    if players > edition.max_players:
        raise ScoringError(
            f"the {edition.name} edition seats at most {edition.max_players} players, "
            f"got {players} racks"
        )
    hands = tuple(as_tiles(rack, f"racks[{i}]") for i, rack in enumerate(seats))
    flags = _opened_flags(opened, players)
    if winner is not None:
        _check_seat(winner, players, "winner")
        if hands[winner]:
            raise ScoringError(f"the winner (seat {winner}) went out, so their rack must be empty")
    counts = tuple(
        rack_value(hand, edition=edition)
        + (0 if flags[seat] or not hand else edition.never_opened_penalty)
        for seat, hand in enumerate(hands)
    )
    winners, payments = _payments(counts, winner, edition.pool_empty_scoring)
    if edition.winner_scores is WinnerScores.ZERO:
        return GameResult(tuple(-paid for paid in payments), winners)
    share, remainder = divmod(sum(payments), len(winners))
    scores = [share if seat in winners else -paid for seat, paid in enumerate(payments)]
    scores[winners[0]] += remainder
    return GameResult(scores, winners)


def _payments(
    counts: tuple[int, ...], winner: int | None, pool_empty: PoolEmptyScoring
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The winning seats, and what each seat pays (0 for a winner), from each seat's count."""
    if winner is not None:
        return (winner,), counts
    lowest = min(counts)
    winners = tuple(seat for seat, count in enumerate(counts) if count == lowest)
    if pool_empty is PoolEmptyScoring.DIFFERENCE:
        return winners, tuple(count - lowest for count in counts)
    return winners, tuple(0 if seat in winners else count for seat, count in enumerate(counts))


@attrs.frozen
class Series:
    """Scores over a series of games, under the edition's ``series_winner``; immutable.

    :meth:`add_game` and :meth:`add` return a new series with one more game.

    >>> from rummikub_rules import parse_tiles
    >>> series = Series(3).add_game([(), parse_tiles("r5 b8"), parse_tiles("j k2")], winner=0)
    >>> series = series.add((-10, 20, -10), winners=1)
    >>> series.games_played, series.wins, series.points
    (2, (1, 1, 0), (35, 7, -42))
    >>> series.leaders, series.winner
    ((0,), 0)

    Under ``most_wins`` the most games won decides, ties broken by total points; under
    ``most_points`` total points decide. ``winner`` is ``None`` while seats are still level
    (before the first game, for instance); ``leaders`` then names them all. A shared win (tied
    lowest racks) counts as a win for each tied seat.

    Players may agree the length in advance (rules section 6): with ``rounds`` set, a round being as
    many games as players, the series :attr:`is_over` after ``rounds * players`` games, its
    winner is final, and adding another game raises :class:`ScoringError`.

    >>> short = Series(2, rounds=1).add((5, -5), 0).add((-3, 3), 1)
    >>> short.is_over, short.winner
    (True, 0)
    >>> short.add((1, -1), 0)
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.ScoringError: the series of 1 round (2 games) is over
    """

    players: int = attrs.field()
    edition: Edition = attrs.field(default=CLASSIC, converter=_to_edition)
    games: tuple[GameResult, ...] = attrs.field(default=(), converter=_to_games)
    #: The agreed number of rounds, or ``None`` for a series of open length.
    rounds: int | None = attrs.field(default=None, kw_only=True)

    @players.validator
    def _check_players(self, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidTypeError(f"players must be an int, got {excerpt(value)}")
        if value < 2:
            raise ScoringError(f"a series has at least 2 players, got {value}")
        if value > self.edition.max_players:
            raise ScoringError(
                f"the {self.edition.name} edition seats at most {self.edition.max_players} "
                f"players, got {value}"
            )

    @rounds.validator
    def _check_rounds(self, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidTypeError(f"rounds must be an int or None, got {excerpt(value)}")
        if value < 1:
            raise ScoringError(f"a series has at least 1 round, got {value}")

    @games.validator
    def _check_games(self, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
        for number, game in enumerate(value):
            if not isinstance(game, GameResult):
                raise InvalidTypeError(f"games[{number}] must be a GameResult, got {excerpt(game)}")
            if len(game.scores) != self.players:
                raise ScoringError(
                    f"games[{number}] has {len(game.scores)} scores for {self.players} players"
                )

    def __attrs_post_init__(self) -> None:
        length = self.length
        if length is not None and len(self.games) > length:
            raise ScoringError(f"{len(self.games)} games for a series of {self._agreed()}")

    def add(self, scores: Sequence[int], winners: int | Iterable[int]) -> Series:
        """The series with one more game, given its scores and its winner (or tied winners)."""
        self._check_open()
        seats = (winners,) if isinstance(winners, int) else as_tuple(winners, "winners")
        if all(type(seat) is int for seat in seats):
            seats = tuple(sorted(seats))
        return attrs.evolve(self, games=(*self.games, GameResult(scores, seats)))

    def add_game(
        self,
        racks: Sequence[TilesLike],
        *,
        winner: int | None,
        opened: Sequence[bool] | None = None,
    ) -> Series:
        """The series with one more game, scored by :func:`settle_game` under its edition."""
        self._check_open()
        racks = as_tuple(racks, "racks")
        if len(racks) != self.players:
            raise ScoringError(f"{len(racks)} racks for a series of {self.players} players")
        result = settle_game(racks, winner=winner, edition=self.edition, opened=opened)
        return attrs.evolve(self, games=(*self.games, result))

    @property
    def length(self) -> int | None:
        """How many games the agreed rounds make (``rounds * players``), or ``None``."""
        return None if self.rounds is None else self.rounds * self.players

    @property
    def is_over(self) -> bool:
        """Whether the agreed rounds have all been played (never, for a series of open length)."""
        return self.length is not None and len(self.games) >= self.length

    @property
    def games_played(self) -> int:
        """How many games have been added."""
        return len(self.games)

    @property
    def rounds_completed(self) -> int:
        """Complete rounds played; a round is as many games as there are players."""
        return len(self.games) // self.players

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won by each seat (a shared win counts for every tied seat)."""
        won = [0] * self.players
        for game in self.games:
            for seat in game.winners:
                won[seat] += 1
        return tuple(won)

    @property
    def points(self) -> tuple[int, ...]:
        """Total points of each seat."""
        totals = [0] * self.players
        for game in self.games:
            for seat, score in enumerate(game.scores):
                totals[seat] += score
        return tuple(totals)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats ranked first under ``series_winner``, in seat order (several if level)."""
        points = self.points
        if self.edition.series_winner is SeriesWinner.MOST_WINS:
            wins = self.wins
            keys: tuple[tuple[int, ...], ...] = tuple(zip(wins, points, strict=True))
        else:
            keys = tuple((p,) for p in points)
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)

    @property
    def winner(self) -> int | None:
        """The seat leading the series alone, or ``None`` while seats are level."""
        leaders = self.leaders
        return leaders[0] if len(leaders) == 1 else None

    def _agreed(self) -> str:
        rounds = self.rounds
        return f"{rounds} round{'s' * (rounds != 1)} ({self.length} games)"

    def _check_open(self) -> None:
        if self.is_over:
            raise ScoringError(f"the series of {self._agreed()} is over")


def _check_seat(seat: object, players: int, name: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidTypeError(f"{name} must be a seat number (int), got {excerpt(seat)}")
    if not 0 <= seat < players:
        raise ScoringError(f"{name} must be a seat from 0 to {players - 1}, got {seat}")


def _opened_flags(opened: Sequence[bool] | None, players: int) -> tuple[bool, ...]:
    if opened is None:
        return (True,) * players
    flags = as_tuple(opened, "opened")
    if len(flags) != players:
        raise ScoringError(f"opened has {len(flags)} entries for {players} players")
    for seat, flag in enumerate(flags):
        if not isinstance(flag, bool):
            raise InvalidTypeError(f"opened[{seat}] must be a bool, got {excerpt(flag)}")
    return flags


def _check_result(scores: tuple[Any, ...], winners: tuple[Any, ...]) -> None:
    for seat, score in enumerate(scores):
        if isinstance(score, bool) or not isinstance(score, int):
            raise InvalidTypeError(f"scores[{seat}] must be an int, got {excerpt(score)}")
    if len(scores) < 2:
        raise ScoringError(f"a game has at least 2 players, got {len(scores)} scores")
    if not winners:
        raise ScoringError("a game has at least one winner")
    for seat in winners:
        _check_seat(seat, len(scores), "a winner")
    if len(set(winners)) != len(winners) or list(winners) != sorted(winners):
        raise ScoringError(f"winners must be distinct seats in increasing order, got {winners}")
