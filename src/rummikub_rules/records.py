"""Records of games: how a game was dealt (:class:`Deal`) and what was played (:class:`GameRecord`).

A record is plain data that :meth:`GameRecord.replay` turns back into the game it describes. A
``GameState`` remembers its deal, so ``state.to_record()`` gives the record of any game dealt by
``GameState.new`` or ``GameState.from_deal``. JSON for both lives in
:mod:`rummikub_rules.serialization`.

A record is made from states, so this module sits above the game state; :class:`Deal` belongs to
the state (a state holds its deal) and is re-exported here.
"""

from __future__ import annotations

import attrs

from rummikub_rules.actions import Action, action_tuple
from rummikub_rules.editions import CLASSIC, Edition
from rummikub_rules.errors import InvalidTypeError, InvalidValueError, excerpt
from rummikub_rules.inputs import EditionLike, as_edition
from rummikub_rules.state import GameState
from rummikub_rules.state._deal import Deal, deal_problem

__all__ = ["Deal", "GameRecord", "deal_problem"]


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
