"""Scoring a finished game and keeping score over a series (RULES.md section 6).

:func:`score_game` turns the racks left at the end of a game into one score per seat; the scores
of a game add up to zero. :class:`Series` accumulates games and names the series winner under the
edition's ``series_winner``.

Rulings of this module (RULES.md leaves them open):

- A rack's value counts each numbered tile at its number and each joker at the edition's
  ``joker_penalty``; that value also decides the lowest rack when the pool ran out.
- ``never_opened_penalty`` is part of a player's count in both ends of a game. When a player went
  out, each other player pays their rack value plus the penalty if they never opened. When the
  pool ran out, each player's count is their rack value plus the penalty if they never opened;
  the lowest count wins and every other player pays the difference to it. Either way the winners
  receive exactly what the others pay, so a game's scores always add up to zero.
- A player with an empty rack (the player who went out) has opened by laying their last tile:
  their ``opened`` flag is ignored.
- Tied lowest counts share the win: the sum of the differences is split equally and the remainder
  goes to the earliest tied seat. In a series each of them is credited with a win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummikub_rules.editions import CLASSIC, Edition, SeriesWinner
from rummikub_rules.errors import InvalidTypeError, RummikubError, excerpt
from rummikub_rules.tiles import Tile

__all__ = ["GameResult", "ScoringError", "Series", "rack_value", "score_game", "settle_game"]


class ScoringError(RummikubError, ValueError):
    """Scoring input that cannot describe the end of a game (a bad seat, a mismatched length)."""


def _to_ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _to_games(value: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return tuple(value)


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


def rack_value(rack: Iterable[Tile], *, edition: Edition = CLASSIC) -> int:
    """What a rack costs at the end: numbered tiles at their number, jokers at ``joker_penalty``.

    >>> from rummikub_rules import parse_tiles, EDITIONS
    >>> rack_value(parse_tiles("j r2"))
    32
    >>> rack_value(parse_tiles("j r2"), edition=EDITIONS["house-50"])
    52
    """
    total = 0
    for tile in rack:
        if not isinstance(tile, Tile):
            raise InvalidTypeError(
                f"a rack holds Tile objects (see parse_tiles), got {excerpt(tile)}"
            )
        total += edition.joker_penalty if tile.number is None else tile.number
    return total


def score_game(
    racks: Sequence[Iterable[Tile]],
    *,
    winner: int | None,
    edition: Edition = CLASSIC,
    opened: Sequence[bool] | None = None,
) -> tuple[int, ...]:
    """Each player's score for a finished game (RULES.md section 6); the scores add up to zero.

    ``racks[i]`` is what player ``i`` holds at the end. ``winner`` is the player who went out
    (their rack must be empty), or ``None`` when the game ended with the pool empty and nobody
    out: then the lowest rack wins. ``opened[i]`` says whether player ``i`` opened; it matters
    only for editions with a ``never_opened_penalty``, and ``None`` means everyone opened.

    >>> from rummikub_rules import parse_tiles
    >>> score_game([(), parse_tiles("r5 b8"), parse_tiles("j k2")], winner=0)
    (45, -13, -32)
    >>> score_game([parse_tiles("r5"), parse_tiles("r9"), parse_tiles("r1 r13")], winner=None)
    (13, -4, -9)

    Raises :class:`ScoringError` for fewer than two racks, a winner seat out of range or holding
    tiles, or an ``opened`` of the wrong length.
    """
    return settle_game(racks, winner=winner, edition=edition, opened=opened).scores


def settle_game(
    racks: Sequence[Iterable[Tile]],
    *,
    winner: int | None,
    edition: Edition = CLASSIC,
    opened: Sequence[bool] | None = None,
) -> GameResult:
    """Like :func:`score_game`, but also says who won, as a :class:`GameResult`.

    >>> from rummikub_rules import parse_tiles
    >>> settle_game([parse_tiles("r4"), parse_tiles("b4"), parse_tiles("k9")], winner=None)
    GameResult(scores=(3, 2, -5), winners=(0, 1))
    """
    hands = tuple(tuple(rack) for rack in racks)
    players = len(hands)
    if players < 2:
        raise ScoringError(f"a game has at least 2 players, got {players} racks")
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
    if winner is None:
        lowest = min(counts)
        winners = tuple(seat for seat, count in enumerate(counts) if count == lowest)
        debts = tuple(count - lowest for count in counts)
    else:
        winners, debts = (winner,), counts
    share, remainder = divmod(sum(debts), len(winners))
    scores = [share if seat in winners else -debt for seat, debt in enumerate(debts)]
    scores[winners[0]] += remainder
    return GameResult(scores, winners)


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
    """

    players: int = attrs.field()
    edition: Edition = attrs.field(default=CLASSIC)
    games: tuple[GameResult, ...] = attrs.field(default=(), converter=_to_games)

    @players.validator
    def _check_players(self, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidTypeError(f"players must be an int, got {excerpt(value)}")
        if value < 2:
            raise ScoringError(f"a series has at least 2 players, got {value}")

    @edition.validator
    def _check_edition(self, attribute: attrs.Attribute[Edition], value: Edition) -> None:
        if not isinstance(value, Edition):
            raise InvalidTypeError(f"edition must be an Edition, got {excerpt(value)}")

    @games.validator
    def _check_games(self, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
        for number, game in enumerate(value):
            if not isinstance(game, GameResult):
                raise InvalidTypeError(f"games[{number}] must be a GameResult, got {excerpt(game)}")
            if len(game.scores) != self.players:
                raise ScoringError(
                    f"games[{number}] has {len(game.scores)} scores for {self.players} players"
                )

    def add(self, scores: Sequence[int], winners: int | Iterable[int]) -> Series:
        """The series with one more game, given its scores and its winner (or tied winners)."""
        seats = (winners,) if isinstance(winners, int) else tuple(sorted(winners))
        return attrs.evolve(self, games=(*self.games, GameResult(scores, seats)))

    def add_game(
        self,
        racks: Sequence[Iterable[Tile]],
        *,
        winner: int | None,
        opened: Sequence[bool] | None = None,
    ) -> Series:
        """The series with one more game, scored by :func:`settle_game` under its edition."""
        if len(racks) != self.players:
            raise ScoringError(f"{len(racks)} racks for a series of {self.players} players")
        result = settle_game(racks, winner=winner, edition=self.edition, opened=opened)
        return attrs.evolve(self, games=(*self.games, result))

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


def _check_seat(seat: object, players: int, name: str) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidTypeError(f"{name} must be a seat number (int), got {excerpt(seat)}")
    if not 0 <= seat < players:
        raise ScoringError(f"{name} must be a seat from 0 to {players - 1}, got {seat}")


def _opened_flags(opened: Sequence[bool] | None, players: int) -> tuple[bool, ...]:
    if opened is None:
        return (True,) * players
    flags = tuple(opened)
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
