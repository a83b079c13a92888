"""An immutable game of Rummikub, refereed end to end (rules sections 3, 5 and 6).

:class:`GameState` is a frozen snapshot: :meth:`GameState.apply` returns the next state or raises
:class:`IllegalMove` carrying the referee's :class:`~rummikub_rules.turns.Verdict`, and leaves the
old state untouched, so a bot can explore futures without copying. :meth:`GameState.step` does
the same and also returns the verdict (what the turn laid, the jokers it retrieved) as an
:class:`Outcome`. Randomness (shuffling, the first player, tiles sent back to the pool) comes
from the game's seed, so the same seed and the same actions always give the same game.

Every state obeys the rules of the game: a state built directly, with ``attrs.evolve``, by
:meth:`GameState.new`, :meth:`GameState.from_deal` or from JSON is checked against every
invariant (see :class:`~rummikub_rules.errors.InvalidStateError`); a state made by ``apply``
from a valid one keeps them by construction and is not checked again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummikub_rules._convert import as_tuple
from rummikub_rules.actions import Action, Draw, FailedTurn, Play, Timeout
from rummikub_rules.editions import CLASSIC, Edition, FirstPlayer, PoolEmptyEnd
from rummikub_rules.errors import (
    GameSetupError,
    IllegalMove,
    InvalidStateError,
    InvalidTypeError,
    RummikubError,
    excerpt,
)
from rummikub_rules.inputs import EditionLike, TilesLike, as_edition, as_tiles
from rummikub_rules.melds import Table
from rummikub_rules.notation import format_tiles
from rummikub_rules.scoring import GameResult, settle_game
from rummikub_rules.state._checks import state_problem
from rummikub_rules.state._deal import Deal, deal_problem
from rummikub_rules.state._history import History, to_history
from rummikub_rules.state._unchecked import unchecked
from rummikub_rules.tiles import Tile, rack_tuples, tile_tuple
from rummikub_rules.turns import Verdict
from rummikub_rules.turns._judge import judge
from rummikub_rules.views import PlayerView

if TYPE_CHECKING:
    from rummikub_rules.records import GameRecord

__all__ = ["GameSetupError", "GameState", "IllegalMove", "Outcome"]


def _flags(value: Iterable[bool]) -> tuple[bool, ...]:
    return as_tuple(value, "opened")


@attrs.frozen
class Outcome:
    """What one action did: the state after it and the referee's verdict on it.

    ``verdict.played`` is what a play laid and ``verdict.retrieved_jokers`` the jokers it freed;
    ``seat`` is who acted.

    >>> from rummikub_rules import GameState, Draw
    >>> game = GameState.new(2, seed=7)
    >>> outcome = game.step(Draw())
    >>> outcome.seat == game.current, outcome.verdict.ok, outcome.state == game.apply(Draw())
    (True, True, True)
    """

    state: GameState
    verdict: Verdict
    seat: int
    action: Action


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

    Building a state that breaks a rule of the game raises
    :class:`~rummikub_rules.errors.InvalidStateError`. ``deal`` is how the game was dealt
    (``new`` and ``from_deal`` record it; ``None`` if unknown): a state with a deal must agree
    with it and its history, so a state changed by hand drops it (``deal=None``).
    """

    edition: Edition
    racks: tuple[tuple[Tile, ...], ...] = attrs.field(converter=rack_tuples)
    table: Table
    pool: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    current: int
    opened: tuple[bool, ...] = attrs.field(converter=_flags)
    seed: int
    _history: History = attrs.field(factory=History, converter=to_history, repr=False)
    #: Turns in a row that began and ended with the pool empty and laid nothing (a full round
    #: of them ends an ``until_stuck`` game).
    idle_turns: int = 0
    #: Turns left in the last round once the pool ran out, under ``one_more_round``; ``None``
    #: while tiles remain.
    final_turns: int | None = None
    #: The result once the game is over.
    result: GameResult | None = None
    #: How the game was dealt, or ``None`` if unknown (a state built by hand).
    deal: Deal | None = attrs.field(default=None, repr=False)

    def __attrs_post_init__(self) -> None:
        problem = state_problem(self)
        if problem is not None:
            raise InvalidStateError(f"not a state of a game: {problem}")

    @classmethod
    def new(
        cls, players: int, *, edition: EditionLike = CLASSIC, seed: int | None = None
    ) -> GameState:
        """Deal a new game: shuffle the edition's full set, pick the first player, deal racks.

        With ``seed=None`` a seed is drawn at random and recorded in the state, so every game can
        be replayed. The edition may be given by name: ``GameState.new(4, edition="pl-2026")``.
        """
        edition = as_edition(edition, "edition")
        _check_players(players, edition)
        if seed is not None and type(seed) is not int:
            raise InvalidTypeError(f"seed must be an int or None, got {excerpt(seed)}")
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
        racks: Sequence[TilesLike],
        pool: TilesLike,
        *,
        edition: EditionLike = CLASSIC,
        first: int = 0,
        seed: int = 0,
    ) -> GameState:
        """Start a game from an explicit deal (racks and pool in draw order), e.g. a record.

        The racks and pool together must be the edition's full tile set; they may be given as
        notation text, the edition by name.
        """
        edition = as_edition(edition, "edition")
        hands = tuple(
            as_tiles(rack, f"racks[{i}]") for i, rack in enumerate(as_tuple(racks, "racks"))
        )
        _check_players(len(hands), edition)
        if type(first) is not int or not 0 <= first < len(hands):
            raise GameSetupError(
                f"first player must be a seat 0..{len(hands) - 1}, got {excerpt(first)}"
            )
        deal = Deal(hands, as_tiles(pool, "pool"), first)
        problem = deal_problem(deal, len(deal.racks), edition)
        if problem is not None:
            raise GameSetupError(problem)
        return cls(
            edition=edition,
            racks=deal.racks,
            table=Table(),
            pool=deal.pool,
            current=first,
            opened=(False,) * len(deal.racks),
            seed=seed,
            deal=deal,
        )

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action taken so far, in turn order."""
        return self._history.as_tuple()

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
        """Each seat's score for the finished game (rules section 6)."""
        if self.result is None:
            raise RummikubError("the game is not over yet; scores exist only at the end")
        return self.result.scores

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: its own rack and everything on the table, nothing hidden."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidStateError(f"seat must be 0..{self.players - 1}, got {excerpt(seat)}")
        return unchecked(
            PlayerView,
            seat=seat,
            rack=self.racks[seat],
            table=self.table,
            pool_size=len(self.pool),
            rack_sizes=tuple(len(rack) for rack in self.racks),
            opened=self.opened,
            current=self.current,
            edition=self.edition,
            turn=len(self._history) + 1,
            idle_turns=self.idle_turns,
            final_turns=self.final_turns,
            result=self.result,
        )

    def to_record(self) -> GameRecord:
        """The record of this game: its edition, players, deal and every action so far.

        A game dealt by :meth:`new` is recorded by its seed alone. Raises ``RummikubError`` for
        a state that does not know its deal (``deal`` is ``None``).

        >>> from rummikub_rules import GameState, Draw
        >>> game = GameState.new(2, seed=5).apply(Draw())
        >>> game.to_record().replay() == game
        True
        """
        # The one import that reaches up the layers: a record is made from states.
        from rummikub_rules.records import GameRecord

        if self.deal is None:
            raise RummikubError(
                "this state does not know how it was dealt (deal is None), so it has no record"
            )
        record = GameRecord(
            self.players, edition=self.edition, seed=self.seed, actions=self.history
        )
        if record.initial_state().deal != self.deal:
            record = attrs.evolve(record, deal=self.deal)
        return record

    def end_blocked(self) -> GameState:
        """End the game now, nobody out: no seat can play and the pool is empty (rules section 6).

        The lowest rack wins, as after a full round of passes. The caller vouches that no seat
        can play (:func:`rummikub_rules.solver.end_if_stuck` asks the solver first).
        """
        if self.is_over or self.pool:
            raise RummikubError("only a game whose pool is empty, not yet over, can be blocked")
        return self._finished(winner=None)

    def check(self, action: Action) -> Verdict:
        """The referee's verdict on ``action`` by the player to move, without applying it."""
        return judge(
            action,
            table=self.table,
            rack=self.rack,
            opened=self.opened[self.current],
            pool_size=len(self.pool),
            over=self.is_over,
            edition=self.edition,
        )

    def apply(self, action: Action) -> GameState:
        """The state after the player to move takes ``action``; raises :class:`IllegalMove`."""
        return self.step(action).state

    def step(self, action: Action) -> Outcome:
        """Like :meth:`apply`, and also the verdict: what the turn laid, the jokers it freed."""
        verdict = self.check(action)
        if not verdict.ok:
            raise IllegalMove(verdict, action)
        seat, edition = self.current, self.edition
        racks = list(self.racks)
        table, pool, opened = self.table, self.pool, self.opened
        if isinstance(action, Play):
            racks[seat] = _without(racks[seat], verdict.played)
            table = verdict.table
            opened = tuple(o or i == seat for i, o in enumerate(opened))
        elif isinstance(action, FailedTurn):
            table = verdict.table
            if edition.failed_turn_draw_first:
                racks[seat], pool = _draw(racks[seat], pool, edition.failed_turn_draw)
                pool = self._shuffled_in(pool, action.to_pool)
            else:
                pool = self._shuffled_in(pool, action.to_pool)
                racks[seat], pool = _draw(racks[seat], pool, edition.failed_turn_draw)
        elif isinstance(action, Draw):
            racks[seat], pool = _draw(racks[seat], pool, 1)
        elif isinstance(action, Timeout):
            racks[seat], pool = _draw(racks[seat], pool, edition.timeout_draw)
        racks_after = tuple(racks)
        idle, final, winner = self._turn_counters(racks_after[seat], pool, isinstance(action, Play))
        result = None
        if (
            winner is not None
            or final == 0
            or (edition.pool_empty_end is PoolEmptyEnd.UNTIL_STUCK and idle >= self.players)
        ):
            result = settle_game(racks_after, winner=winner, edition=edition, opened=opened)
        state = unchecked(
            GameState,
            edition=edition,
            racks=racks_after,
            table=table,
            pool=pool,
            current=(seat + 1) % self.players,
            opened=opened,
            seed=self.seed,
            _history=self._history.appended(action),
            idle_turns=idle,
            final_turns=final,
            result=result,
            deal=self.deal,
        )
        return Outcome(state, verdict, seat, action)

    def _turn_counters(
        self, rack: tuple[Tile, ...], pool: tuple[Tile, ...], played: bool
    ) -> tuple[int, int | None, int | None]:
        """``idle_turns`` and ``final_turns`` after the turn, and the seat that went out, if any.

        A player who goes out ends the game as the counters stood. A turn that ends with tiles in
        the pool (a failed turn can send tiles back) resets both counters: the last round starts
        again once the pool is empty again.
        """
        if not rack:
            return self.idle_turns, self.final_turns, self.current
        players, pool_was_empty, pool_empty = self.players, not self.pool, not pool
        idle = self.idle_turns + 1 if pool_was_empty and pool_empty and not played else 0
        final = None
        if self.edition.pool_empty_end is PoolEmptyEnd.ONE_MORE_ROUND and pool_empty:
            if not pool_was_empty:
                final = players  # this turn drew the last tile
            else:
                final = (players if self.final_turns is None else self.final_turns) - 1
        return idle, final, None

    def _finished(self, *, winner: int | None) -> GameState:
        result = settle_game(self.racks, winner=winner, edition=self.edition, opened=self.opened)
        fields = {name: getattr(self, name) for name in _FIELDS}
        return unchecked(GameState, **{**fields, "result": result})

    def _shuffled_in(self, pool: tuple[Tile, ...], tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
        """The pool with ``tiles`` shuffled in, reproducibly from the seed and the turn number."""
        if not tiles:
            return pool
        mixed = [*pool, *tiles]
        random.Random(f"{self.seed}:{len(self._history)}").shuffle(mixed)
        return tuple(mixed)

    def __str__(self) -> str:
        lines = [f"{self.edition.name} game, turn {len(self._history) + 1}"]
        lines.append(f"table: {self.table or '(empty)'}")
        for seat, rack in enumerate(self.racks):
            mark = ">" if seat == self.current and not self.is_over else " "
            lines.append(f"{mark} seat {seat}: {format_tiles(sorted(rack))}")
        lines.append(f"pool: {len(self.pool)} tiles")
        if self.result is not None:
            lines.append(f"over: winners {self.result.winners}, scores {self.result.scores}")
        return "\n".join(lines)


_FIELDS = tuple(attribute.name for attribute in attrs.fields(GameState))


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
