"""Records of games: how a game was dealt (:class:`Deal`) and what was played (:class:`GameRecord`).

A record is plain data that :meth:`GameRecord.replay` turns back into the game it describes. A
``GameState`` remembers its deal, so ``state.to_record()`` gives the record of any game dealt by
``GameState.new`` or ``GameState.from_deal``. JSON for both lives in
:mod:`rummikub_rules.serialization`.

This module sits below the game state (a state holds its :class:`Deal`); replaying reaches up to
``GameState`` when it is called.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import attrs

from rummikub_rules.actions import Action, action_tuple
from rummikub_rules.editions import CLASSIC, Edition
from rummikub_rules.errors import InvalidTypeError, InvalidValueError, excerpt
from rummikub_rules.inputs import EditionLike, as_edition
from rummikub_rules.tiles import JOKER_INDEX, Tile, TileSet, rack_tuples, tile_tuple

if TYPE_CHECKING:
    from rummikub_rules.state import GameState

__all__ = ["Deal", "GameRecord", "deal_problem"]


@attrs.frozen
class Deal:
    """An explicit deal: each seat's rack, the pool in draw order, and the seat that moves first.

    Together the racks and the pool hold exactly the edition's tile set (checked by
    :class:`GameRecord` and ``GameState``).
    """

    racks: tuple[tuple[Tile, ...], ...] = attrs.field(converter=rack_tuples)
    pool: tuple[Tile, ...] = attrs.field(converter=tile_tuple)
    first: int = attrs.field(default=0)

    @first.validator
    def _check_first(self, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not 0 <= value < len(self.racks):
            raise InvalidValueError(
                f"first must be a seat from 0 to {len(self.racks) - 1}, got {excerpt(value)}"
            )


def _to_edition(value: EditionLike) -> Edition:
    return as_edition(value, "edition")


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: the edition, the players, the deal and the actions.

    The game starts from ``GameState.new(players, edition=edition, seed=seed)``, or from an
    explicit :class:`Deal` (then the seed, 0 if left out, only drives later shuffles, such as
    tiles sent back to the pool). ``actions`` are the actions taken, in turn order:
    :meth:`replay` applies them. ``abandoned`` is the seat whose bot stopped answering and so
    ended the game where its actions end (see :mod:`rummikub_rules.runner`), ``None`` if none.

    >>> from rummikub_rules import Draw, dumps, loads
    >>> record = GameRecord(2, seed=7).add(Draw()).add(Draw())
    >>> loads(dumps(record)) == record
    True
    >>> len(record.replay().pool)
    76
    """

    players: int = attrs.field()
    edition: Edition = attrs.field(default=CLASSIC, kw_only=True, converter=_to_edition)
    seed: int | None = attrs.field(default=None, kw_only=True)
    deal: Deal | None = attrs.field(default=None, kw_only=True)
    actions: tuple[Action, ...] = attrs.field(default=(), kw_only=True, converter=action_tuple)
    abandoned: int | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        low, high = self.edition.min_players, self.edition.max_players
        if type(self.players) is not int or not low <= self.players <= high:
            raise InvalidValueError(
                f"players must be from {low} to {high}, got {excerpt(self.players)}"
            )
        if self.seed is None and self.deal is None:
            raise InvalidValueError("a game record needs a seed or a deal")
        if self.seed is not None and type(self.seed) is not int:
            raise InvalidTypeError(f"seed must be an int, got {excerpt(self.seed)}")
        if self.deal is not None:
            if not isinstance(self.deal, Deal):
                raise InvalidTypeError(f"deal must be a Deal, got {excerpt(self.deal)}")
            problem = deal_problem(self.deal, self.players, self.edition)
            if problem is not None:
                raise InvalidValueError(problem)
        if self.abandoned is not None and (
            type(self.abandoned) is not int or not 0 <= self.abandoned < self.players
        ):
            raise InvalidValueError(
                f"abandoned is None or a seat from 0 to {self.players - 1}, "
                f"got {excerpt(self.abandoned)}"
            )

    def add(self, action: Action) -> GameRecord:
        """The record with one more action."""
        return attrs.evolve(self, actions=(*self.actions, action))

    def initial_state(self) -> GameState:
        """The game as dealt, before any action."""
        from rummikub_rules.state import GameState

        if self.deal is None:
            return GameState.new(self.players, edition=self.edition, seed=self.seed)
        return GameState.from_deal(
            self.deal.racks,
            self.deal.pool,
            edition=self.edition,
            first=self.deal.first,
            seed=0 if self.seed is None else self.seed,
        )

    def replay(self) -> GameState:
        """The game after every recorded action; raises ``IllegalMove`` at an illegal one.

        Each action is judged once and each state built from the one before without checking
        the whole game again, so a replay takes time linear in the number of actions.
        """
        state = self.initial_state()
        for action in self.actions:
            state = state.apply(action)
        return state


def deal_problem(deal: Deal, players: int, edition: Edition) -> str | None:
    """Why ``deal`` cannot start a game of ``players`` under ``edition``, or ``None`` if it can."""
    if len(deal.racks) != players:
        return f"the deal has {len(deal.racks)} racks for {players} players"
    dealt = tile_counts((*deal.pool, *(tile for rack in deal.racks for tile in rack)))
    if tuple(dealt) != inventory(edition.tile_set):
        return "the racks and the pool of a deal must hold exactly the edition's full set"
    return None


def tile_counts(tiles: tuple[Tile, ...]) -> list[int]:
    """How many of each tile (by :attr:`Tile.index`) ``tiles`` holds."""
    counts = [0] * (JOKER_INDEX + 1)
    for tile in tiles:
        counts[tile.index] += 1
    return counts


@functools.lru_cache(maxsize=32)
def inventory(tile_set: TileSet) -> tuple[int, ...]:
    """How many of each tile (by :attr:`Tile.index`) the box holds."""
    return tuple(tile_counts(tile_set.all_tiles()))
