"""The per-deal metrics a simulation compares between editions, each a number per game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from rummikub_rules.runner import GameSummary

__all__ = ["METRICS"]

#: The per-deal metrics compared between editions, each a number per game (or ``None`` when a
#: game has no value for it, and that deal is left out of the comparison).
METRICS: Final[dict[str, Callable[[GameSummary], float | None]]] = {
    "turns": lambda game: float(game.turns),
    "first_opening": lambda game: _mean_opening(game),
    "pool_empty": lambda game: float(game.pool_empty),
    "went_out": lambda game: float(game.went_out),
    "jokers_left": lambda game: float(sum(game.jokers_left)),
    "could_play": lambda game: _could_play_share(game),
    "winning_score": lambda game: float(max(game.scores)),
    "lowest_score": lambda game: float(min(game.scores)),
}


def _mean_opening(game: GameSummary) -> float | None:
    turns = [turn for turn in game.first_openings if turn is not None]
    return sum(turns) / len(turns) if turns else None


def _could_play_share(game: GameSummary) -> float | None:
    decided = game.turns - (game.undecided or 0)
    if game.could_play is None or not decided:
        return None
    return game.could_play / decided
