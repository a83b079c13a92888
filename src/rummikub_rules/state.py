"""An immutable game of Rummikub, refereed end to end (RULES.md sections 3, 5 and 6).

:class:`GameState` is a frozen snapshot: :meth:`GameState.apply` returns the next state or raises
:class:`IllegalMove` carrying the referee's :class:`~rummikub_rules.turns.Verdict`, and leaves the
old state untouched, so a bot can explore futures without copying. Randomness (shuffling, the
first player, tiles sent back to the pool) comes from the game's seed, so the same seed and the
same actions always give the same game.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence

import attrs

from rummikub_rules.actions import Action, Draw, FailedTurn, Pass, Play, Timeout, action_tuple
from rummikub_rules.editions import CLASSIC, Edition, FirstPlayer, PoolEmptyEnd
from rummikub_rules.errors import InvalidTypeError, RummikubError, excerpt
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.notation import format_tiles
from rummikub_rules.scoring import GameResult, settle_game
from rummikub_rules.tiles import Tile, rack_tuples, tile_tuple
from rummikub_rules.turns import Code, Verdict, Violation, check_turn

__all__ = ["GameSetupError", "GameState", "IllegalMove"]


class IllegalMove(RummikubError):  # noqa: N818 (the name is part of the public contract)
    """An action the rules refuse; ``verdict`` says why and ``action`` is what was tried."""

    def __init__(self, verdict: Verdict, action: Action) -> None:
        self.verdict = verdict
        self.action = action
        super().__init__(" ".join(v.message for v in verdict.violations) or "illegal move")


class GameSetupError(RummikubError, ValueError):
    """A game that cannot be dealt: a player count or deal the edition does not allow."""


def _flags(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(value)


@attrs.frozen
class GameState:
    """One moment of a game: every rack, the table, the pool in draw order, whose turn it is.

    >>> from rummikub_rules import GameState, Draw
    >>> game = GameState.new(3, seed=7)
    >>> [len(rack) for rack in game.racks], len(game.pool)
    ([14, 14, 14], 64)
    >>> after = game.apply(Draw())
    >>> len(after.racks[game.current]), len(game.racks[game.current])
    (15, 14)
    """

    edition: Edition
    racks: tuple[tuple[Tile, ...], ...] = attrs.field(converter=rack_tuples)
    table: Table
    pool: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    current: int
    opened: tuple[bool, ...] = attrs.field(converter=_flags)
    seed: int
    history: tuple[Action, ...] = attrs.field(default=(), converter=action_tuple)
    #: Turns in a row without a play while the pool was empty (a full round ends ``until_stuck``).
    idle_turns: int = 0
    #: Turns left once the pool ran out under ``one_more_round``; ``None`` while tiles remain.
    final_turns: int | None = None
    #: The result once the game is over.
    result: GameResult | None = None

    @classmethod
    def new(cls, players: int, *, edition: Edition = CLASSIC, seed: int | None = None) -> GameState:
        """Deal a new game: shuffle the edition's full set, pick the first player, deal racks.

        With ``seed=None`` a seed is drawn at random and recorded in the state, so every game can
        be replayed.
        """
        _check_players(players, edition)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        rng = random.Random(seed)
        first = _first_player(players, edition, rng)
        tiles = list(edition.tile_set.all_tiles())
        rng.shuffle(tiles)
        size = edition.deal_size
        racks = [tiles[i * size : (i + 1) * size] for i in range(players)]
        return cls.from_deal(
            racks, tiles[players * size :], edition=edition, first=first, seed=seed
        )

    @classmethod
    def from_deal(
        cls,
        racks: Sequence[Iterable[Tile]],
        pool: Iterable[Tile],
        *,
        edition: Edition = CLASSIC,
        first: int = 0,
        seed: int = 0,
    ) -> GameState:
        """Start a game from an explicit deal (racks and pool in draw order), e.g. a record.

        The racks and pool together must be the edition's full tile set.
        """
        _check_players(len(racks), edition)
        state = cls(
            edition=edition,
            racks=racks,
            table=Table(),
            pool=tile_tuple(pool),
            current=first,
            opened=(False,) * len(racks),
            seed=seed,
        )
        dealt = Counter(t for rack in state.racks for t in rack) + Counter(state.pool)
        if dealt != Counter(edition.tile_set.all_tiles()):
            raise GameSetupError("the racks and the pool must together be the edition's full set")
        if not 0 <= first < len(racks):
            raise GameSetupError(f"first player must be a seat 0..{len(racks) - 1}, got {first}")
        return state

    @property
    def players(self) -> int:
        """How many players are seated."""
        return len(self.racks)

    @property
    def rack(self) -> tuple[Tile, ...]:
        """The rack of the player to move."""
        return self.racks[self.current]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def winner(self) -> int | None:
        """The winning seat (the earliest of tied winners), or ``None`` while the game goes on."""
        return self.result.winners[0] if self.result is not None else None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every winning seat: several when tied lowest racks share the win; empty while playing."""
        return self.result.winners if self.result is not None else ()

    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the finished game (RULES.md section 6)."""
        if self.result is None:
            raise RummikubError("the game is not over yet; scores exist only at the end")
        return self.result.scores

    def can_play(self, seat: int | None = None, *, limit: int | None = None) -> bool:
        """Deprecated: use :func:`rummikub_rules.solver.can_play_now` (removed in 0.3)."""
        warnings.warn(
            "GameState.can_play is deprecated; use rummikub_rules.solver.can_play_now",
            DeprecationWarning,
            stacklevel=2,
        )
        from rummikub_rules.solver import can_play_now

        return can_play_now(self, seat, limit=limit)

    def end_if_stuck(self, *, limit: int | None = None) -> GameState:
        """Deprecated: use :func:`rummikub_rules.solver.end_if_stuck` (removed in 0.3)."""
        warnings.warn(
            "GameState.end_if_stuck is deprecated; use rummikub_rules.solver.end_if_stuck",
            DeprecationWarning,
            stacklevel=2,
        )
        from rummikub_rules.solver import end_if_stuck

        return end_if_stuck(self, limit=limit)

    def end_blocked(self) -> GameState:
        """End the game now, nobody out: no seat can play and the pool is empty (RULES.md 6).

        The lowest rack wins, as after a full round of passes. The caller vouches that no seat
        can play (:func:`rummikub_rules.solver.end_if_stuck` asks the solver first).
        """
        if self.is_over or self.pool:
            raise RummikubError("only a game whose pool is empty, not yet over, can be blocked")
        return self._finished(winner=None)

    def check(self, action: Action) -> Verdict:
        """The referee's verdict on ``action`` by the player to move, without applying it."""
        if self.is_over:
            return _refused(Code.GAME_OVER, "The game is over; no more actions are taken.")
        if isinstance(action, Play):
            return check_turn(
                self.table,
                self.rack,
                action.after,
                opened=self.opened[self.current],
                edition=self.edition,
            )
        if isinstance(action, Draw) and not self.pool:
            return _refused(Code.POOL_EMPTY, "The pool is empty: there is nothing to draw.")
        if isinstance(action, Pass) and self.pool:
            return _refused(
                Code.POOL_NOT_EMPTY,
                "A player may pass only when the pool is empty; otherwise they draw a tile.",
            )
        if isinstance(action, FailedTurn):
            return _restored(self.table, action.to_pool, self.edition)[1]
        if not isinstance(action, Draw | Pass | Timeout):
            raise InvalidTypeError(f"not an action: {excerpt(action)}")
        return Verdict(table=self.table)

    def apply(self, action: Action) -> GameState:
        """The state after the player to move takes ``action``; raises :class:`IllegalMove`."""
        verdict = self.check(action)
        if not verdict.ok:
            raise IllegalMove(verdict, action)
        seat = self.current
        racks = list(self.racks)
        table, pool, opened = self.table, self.pool, self.opened
        played = False
        if isinstance(action, Play):
            racks[seat] = _without(racks[seat], verdict.played)
            table = verdict.table
            opened = tuple(o or i == seat for i, o in enumerate(opened))
            played = True
        elif isinstance(action, FailedTurn):
            table = _restored(self.table, action.to_pool, self.edition)[0]
            pool = self._shuffled_in(pool, action.to_pool)
            racks[seat], pool = _draw(racks[seat], pool, self.edition.failed_turn_draw)
        elif isinstance(action, Draw):
            racks[seat], pool = _draw(racks[seat], pool, 1)
        elif isinstance(action, Timeout):
            racks[seat], pool = _draw(racks[seat], pool, self.edition.timeout_draw)
        state = attrs.evolve(
            self,
            racks=racks,
            table=table,
            pool=pool,
            opened=opened,
            history=action_tuple((*self.history, action)),
            current=(seat + 1) % self.players,
        )
        return state._after_turn(played, pool_was_empty=not self.pool)

    def _after_turn(self, played: bool, *, pool_was_empty: bool) -> GameState:
        """Settle the end of a turn: a player out, a full idle round, or the last round done."""
        seat = (self.current - 1) % self.players
        if not self.racks[seat]:
            return self._finished(winner=seat)
        idle = 0 if played or not pool_was_empty else self.idle_turns + 1
        final = self.final_turns
        if self.edition.pool_empty_end is PoolEmptyEnd.ONE_MORE_ROUND:
            if final is not None:
                final -= 1
            elif not self.pool:
                final = self.players
        state = attrs.evolve(self, idle_turns=idle, final_turns=final)
        if final == 0 or (
            self.edition.pool_empty_end is PoolEmptyEnd.UNTIL_STUCK and idle >= self.players
        ):
            return state._finished(winner=None)
        return state

    def _finished(self, *, winner: int | None) -> GameState:
        result = settle_game(self.racks, winner=winner, edition=self.edition, opened=self.opened)
        return attrs.evolve(self, result=result)

    def _shuffled_in(self, pool: tuple[Tile, ...], tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
        """The pool with ``tiles`` shuffled in, reproducibly from the seed and the turn number."""
        if not tiles:
            return pool
        mixed = [*pool, *tiles]
        random.Random(f"{self.seed}:{len(self.history)}").shuffle(mixed)
        return tuple(mixed)

    def __str__(self) -> str:
        lines = [f"{self.edition.name} game, turn {len(self.history) + 1}"]
        lines.append(f"table: {self.table or '(empty)'}")
        for seat, rack in enumerate(self.racks):
            mark = ">" if seat == self.current and not self.is_over else " "
            lines.append(f"{mark} seat {seat}: {format_tiles(sorted(rack))}")
        lines.append(f"pool: {len(self.pool)} tiles")
        if self.result is not None:
            lines.append(f"over: winners {self.result.winners}, scores {self.result.scores}")
        return "\n".join(lines)


def _check_players(players: int, edition: Edition) -> None:
    if type(players) is not int or not edition.min_players <= players <= edition.max_players:
        raise GameSetupError(
            f"the {edition.name} edition is for {edition.min_players}-{edition.max_players} "
            f"players, not {excerpt(players)}"
        )
    if players * edition.deal_size > edition.tile_set.size:
        raise GameSetupError(f"{players} racks of {edition.deal_size} need more tiles than the set")


def _first_player(players: int, edition: Edition, rng: random.Random) -> int:
    """Who starts: a random seat, or the highest tile drawn, jokers and ties drawing again."""
    if edition.first_player is FirstPlayer.RANDOM:
        return rng.randrange(players)
    contenders = list(range(players))
    while True:
        tiles = list(edition.tile_set.all_tiles())
        rng.shuffle(tiles)
        drawn = dict(zip(contenders, tiles, strict=False))
        numbers = {seat: t.number for seat, t in drawn.items() if t.number is not None}
        if not numbers:
            continue
        best = max(numbers.values())
        contenders = [seat for seat, n in numbers.items() if n == best]
        if len(contenders) == 1:
            return contenders[0]


def _refused(code: Code, message: str) -> Verdict:
    return Verdict(violations=(Violation(code, message),))


def _without(rack: tuple[Tile, ...], tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    remaining = list(rack)
    for tile in tiles:
        remaining.remove(tile)
    return tuple(remaining)


def _draw(
    rack: tuple[Tile, ...], pool: tuple[Tile, ...], count: int
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """Draw up to ``count`` tiles from the front of the pool (what is left, if fewer)."""
    return (*rack, *pool[:count]), pool[count:]


def _restored(table: Table, to_pool: tuple[Tile, ...], edition: Edition) -> tuple[Table, Verdict]:
    """The table restored after a failed turn, less ``to_pool``, and whether that is allowed.

    Each tile sent to the pool is taken off one meld (splitting a run where it stood) so that
    every meld left stays valid (RULES.md section 5).
    """
    if not to_pool:
        return table, Verdict(table=table)
    missing = Counter(to_pool) - Counter(table.tiles)
    if missing:
        tiles = tuple(sorted(missing.elements()))
        return table, _refused(
            Code.TABLE_TILE_REMOVED,
            f"{format_tiles(tiles)} {'is' if len(tiles) == 1 else 'are'} not on the table, so "
            "cannot be sent to the pool.",
        )
    melds = _remove_tiles(list(table.melds), list(to_pool), edition)
    if melds is None:
        return table, _refused(
            Code.INVALID_MELD,
            f"Without {format_tiles(to_pool)} the table cannot be left with only valid melds.",
        )
    restored = Table(melds)
    return restored, Verdict(table=restored)


def _remove_tiles(melds: list[Meld], tiles: list[Tile], edition: Edition) -> list[Meld] | None:
    if not tiles:
        return melds
    tile, rest = tiles[0], tiles[1:]
    for index, meld in enumerate(melds):
        for position, here in enumerate(meld.tiles):
            if here != tile:
                continue
            left, right = meld.tiles[:position], meld.tiles[position + 1 :]
            reading = meld.reading(edition)
            in_group = reading is not None and reading.kind is MeldKind.GROUP
            parts = [left + right] if in_group else [left, right]
            pieces = [Meld(p, meld.kind) for p in parts if p]
            if all(p.is_valid(edition) for p in pieces):
                found = _remove_tiles(melds[:index] + pieces + melds[index + 1 :], rest, edition)
                if found is not None:
                    return found
    return None
