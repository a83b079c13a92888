"""What one player may know of a game: :class:`PlayerView` (``GameState.view(seat)``).

A view holds the seat's own rack and everything every player sees: the table, how many tiles
the pool and each rack hold, who has opened, whose turn it is, the edition and the counters of
the last round. It holds no tile of another rack or of the pool, nor the game's seed (which
would give away the shuffle), so a bot given a view cannot cheat, and neither can its JSON.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummikub_rules._convert import as_tuple
from rummikub_rules.actions import Action
from rummikub_rules.editions import Edition
from rummikub_rules.errors import InvalidTypeError, InvalidValueError, excerpt
from rummikub_rules.melds import Table
from rummikub_rules.notation import format_tiles
from rummikub_rules.scoring import GameResult
from rummikub_rules.tiles import Tile, inventory, tile_counts, tile_tuple
from rummikub_rules.turns import Verdict
from rummikub_rules.turns._judge import judge

__all__ = ["PlayerView"]


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return as_tuple(value, "rack_sizes")


def _flags(value: Iterable[bool]) -> tuple[bool, ...]:
    return as_tuple(value, "opened")


@attrs.frozen
class PlayerView:
    """One seat's view of a game; frozen, and holding no hidden tile.

    >>> from rummikub_rules import GameState
    >>> view = GameState.new(3, seed=7).view(1)
    >>> view.rack_sizes, view.pool_size, view.turn
    ((14, 14, 14), 64, 1)
    >>> len(view.rack) == view.rack_sizes[1]
    True

    :meth:`check` judges an action as the game would on this seat's turn, so a bot can try its
    play first. A view built directly (or from JSON) is checked for consistency: its sizes add
    up to the edition's box and its rack and table hold no tile more often than the box does.
    """

    #: The seat whose view this is.
    seat: int
    #: That seat's rack.
    rack: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    table: Table
    #: How many tiles are left to draw.
    pool_size: int
    #: How many tiles each seat holds, the viewer's own included.
    rack_sizes: tuple[int, ...] = attrs.field(converter=_ints)
    #: Whether each seat has made its initial meld.
    opened: tuple[bool, ...] = attrs.field(converter=_flags)
    #: The seat to move.
    current: int
    edition: Edition
    #: The number of the turn being played, from 1.
    turn: int
    #: Turns in a row without a play with the pool empty (see ``GameState.idle_turns``).
    idle_turns: int = 0
    #: Turns left in the last round under ``one_more_round``, or ``None``.
    final_turns: int | None = None
    #: The result once the game is over: the scores show what each rack was worth.
    result: GameResult | None = None

    def __attrs_post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise InvalidValueError(f"not a view of a game: {problem}")

    @property
    def players(self) -> int:
        """How many players are seated."""
        return len(self.rack_sizes)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to move in a game still going on."""
        return self.current == self.seat and not self.is_over

    def check(self, action: Action) -> Verdict:
        """The verdict on ``action`` taken by this seat on its turn, as ``GameState.check``."""
        return judge(
            action,
            table=self.table,
            rack=self.rack,
            opened=self.opened[self.seat],
            pool_size=self.pool_size,
            over=self.is_over,
            edition=self.edition,
        )

    def __str__(self) -> str:
        """The board as this seat sees it, laid out as ``str(GameState)`` is.

        Its own rack is shown in full, the other racks as counts of tiles.

        >>> from rummikub_rules import GameState
        >>> print(GameState.new(3, seed=7).view(1))
        classic game, turn 1, seen by seat 1
        table: (empty)
        > seat 0: 14 tiles
          seat 1: k3 k3 k13 r8 r9 r11 b1 b2 b3 b4 b5 b6 b7 b8 (you)
          seat 2: 14 tiles
        pool: 64 tiles
        """
        lines = [f"{self.edition.name} game, turn {self.turn}, seen by seat {self.seat}"]
        lines.append(f"table: {self.table or '(empty)'}")
        for seat, size in enumerate(self.rack_sizes):
            mark = ">" if seat == self.current and not self.is_over else " "
            opened = ", opened" if self.opened[seat] else ""
            if seat == self.seat:
                held = f"{format_tiles(sorted(self.rack)) or '(empty)'} (you{opened})"
            else:
                held = f"{size} tile{'s' * (size != 1)}{opened}"
            lines.append(f"{mark} seat {seat}: {held}")
        lines.append(f"pool: {self.pool_size} tiles")
        if self.result is not None:
            lines.append(f"over: winners {self.result.winners}, scores {self.result.scores}")
        return "\n".join(lines)

    def _problem(self) -> str | None:
        if not isinstance(self.edition, Edition):
            raise InvalidTypeError(f"edition must be an Edition, got {excerpt(self.edition)}")
        if not isinstance(self.table, Table):
            raise InvalidTypeError(f"table must be a Table, got {excerpt(self.table)}")
        if self.result is not None and not isinstance(self.result, GameResult):
            raise InvalidTypeError(f"result must be a GameResult, got {excerpt(self.result)}")
        numbers = (self.seat, self.pool_size, self.current, self.turn, self.idle_turns)
        counts = (*numbers, *self.rack_sizes, self.final_turns or 0)
        if any(type(n) is not int for n in counts):
            raise InvalidTypeError(f"seats, sizes and counters are ints, got {excerpt(counts)}")
        if any(not isinstance(flag, bool) for flag in self.opened):
            raise InvalidTypeError(f"opened holds bools, got {excerpt(self.opened)}")
        players = len(self.rack_sizes)
        edition, box = self.edition, self.edition.tile_set
        if not edition.min_players <= players <= edition.max_players:
            return f"{players} seats for an edition of {edition.min_players}-{edition.max_players}"
        if len(self.opened) != players or not 0 <= self.seat < players:
            return "one opened flag per seat is needed, and seat must be one of them"
        if not 0 <= self.current < players or self.turn < 1:
            return "current must be a seat and turn at least 1"
        if min(counts) < 0 or self.rack_sizes[self.seat] != len(self.rack):
            return "sizes are never negative, and the seat's rack size is its rack's"
        held = sum(self.rack_sizes) + self.pool_size + len(self.table.tiles)
        if held != box.size:
            return f"racks, table and pool hold {held} tiles; the edition's box holds {box.size}"
        seen = tile_counts((*self.rack, *self.table.tiles))
        if any(n > most for n, most in zip(seen, inventory(box), strict=True)):
            return "the rack and the table hold a tile more often than the box"
        if not self.table.is_valid(edition):
            return "the table holds an invalid meld"
        if self.idle_turns > players or (self.final_turns or 0) > players:
            return f"turn counters are at most {players}"
        out = [seat for seat, size in enumerate(self.rack_sizes) if not size]
        if self.result is None:
            return f"seat {out[0]} went out, so the game needs a result" if out else None
        if len(self.result.scores) != players or not set(out) <= set(self.result.winners):
            return "the result must score every seat and name who went out as the winner"
        return None
