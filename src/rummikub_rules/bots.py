"""Players for self-play: a :class:`Bot` answers a player's view with an action.

A bot sees only what its seat may know (its rack, the table, the sizes of the pool and of the
other racks, who has opened, the edition), never a ``GameState``, so it cannot peek at another
rack or at the pool. The bots here are frozen, picklable (they travel to worker processes) and
deterministic: the same view always gets the same action.

- :class:`DrawBot` never plays: it draws, or passes once the pool is empty;
- :class:`GreedyBot` lays the most tiles it can (ties: the most points), opening as soon as it
  can;
- :class:`PointsBot` lays the most points it can (ties: the most tiles);
- :class:`JokerKeeperBot` plays like the greedy bot but keeps its own jokers on its rack until
  they let it go out or the pool is empty.

Each solver bot takes ``budget``, the solver's work per turn (the ``limit`` of
:func:`~rummikub_rules.solver.solve`; default :data:`DEFAULT_BUDGET`; ``None``: the solver's own
default, ``DEFAULT_LIMIT``). A budget never makes a bot fail: when it runs out, the bot plays the
best play the solver found within it (where its search found none, a play a player sees first,
:func:`~rummikub_rules.solver.solve`), or draws (passes with the pool empty) if there is none.
Whatever a bot answers is legal: ``view.check(bot.play(view)).ok`` holds on its turn.

>>> from rummikub_rules import GameState
>>> game = GameState.new(2, seed=3)
>>> action = GreedyBot().play(game.view(game.current))
>>> game.check(action).ok
True
"""

from __future__ import annotations

from typing import Any, Final, Protocol, runtime_checkable

import attrs

from rummikub_rules._bot_solver import DEFAULT_BUDGET as _DEFAULT
from rummikub_rules._bot_solver import best_within
from rummikub_rules._convert import as_limit
from rummikub_rules.actions import Action, Draw, Pass, Play
from rummikub_rules.solver import Objective
from rummikub_rules.views import PlayerView

__all__ = ["DEFAULT_BUDGET", "Bot", "DrawBot", "GreedyBot", "JokerKeeperBot", "PointsBot"]

#: The solver bots' default budget per turn, in the solver's work units (a few microseconds
#: each; most turns need a few hundred).
DEFAULT_BUDGET: Final = _DEFAULT


@runtime_checkable
class Bot(Protocol):
    """Anything with ``play(view) -> Action``: a player the game runner can seat.

    ``play`` is called on the bot's turn with that seat's view and must answer with an action
    the referee accepts; ``view.check(action)`` tells it beforehand. To run in worker
    processes (``simulate(..., jobs=2)``) a bot must be picklable.
    """

    def play(self, view: PlayerView) -> Action:
        """The action this bot takes on its turn, seeing ``view``."""
        ...


def _check_budget(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    as_limit(value, "budget")


@attrs.frozen
class DrawBot:
    """Never plays: draws a tile, or passes when the pool is empty.

    A baseline to measure the other bots against, and a table where nobody plays ends as soon
    as the rules let it.
    """

    def play(self, view: PlayerView) -> Action:
        """Draw, or pass with the pool empty."""
        return _no_play(view)


@attrs.frozen
class GreedyBot:
    """Lays the most rack tiles it can, ties broken by points; opens as soon as it can."""

    budget: int | None = attrs.field(default=_DEFAULT, kw_only=True, validator=_check_budget)

    def play(self, view: PlayerView) -> Action:
        """The play laying the most tiles, or a draw (a pass with the pool empty)."""
        return _best(view, "tiles", self.budget) or _no_play(view)


@attrs.frozen
class PointsBot:
    """Lays the most points it can (jokers at the edition's penalty), ties broken by tiles."""

    budget: int | None = attrs.field(default=_DEFAULT, kw_only=True, validator=_check_budget)

    def play(self, view: PlayerView) -> Action:
        """The play laying the most points, or a draw (a pass with the pool empty)."""
        return _best(view, "points", self.budget) or _no_play(view)


@attrs.frozen
class JokerKeeperBot:
    """Plays like :class:`GreedyBot`, but keeps its jokers until they let it go out.

    Once the pool is empty it plays them like the greedy bot. Jokers already on the table are
    the table's: it rearranges them like any other bot.
    """

    budget: int | None = attrs.field(default=_DEFAULT, kw_only=True, validator=_check_budget)

    def play(self, view: PlayerView) -> Action:
        """Go out if it can; else the greedy play without its jokers; else draw (or pass)."""
        rack = view.rack
        if not view.pool_size or all(tile.number is not None for tile in rack):
            return _best(view, "tiles", self.budget) or _no_play(view)
        best = _best(view, "tiles", self.budget)
        if best is not None and len(best.after.tiles) - len(view.table.tiles) == len(rack):
            return best  # every tile laid: the game is won
        kept = tuple(tile for tile in rack if tile.number is not None)
        opened = view.opened[view.seat]
        play, _ = best_within(view.table, kept, opened, view.edition, "tiles", self.budget)
        return play or _no_play(view)


def _best(view: PlayerView, objective: Objective, budget: int | None) -> Play | None:
    play, _ = best_within(
        view.table, view.rack, view.opened[view.seat], view.edition, objective, budget
    )
    return play


def _no_play(view: PlayerView) -> Action:
    return Draw() if view.pool_size else Pass()
