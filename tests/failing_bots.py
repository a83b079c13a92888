"""Bots that fail on purpose, for the tests of failures across processes.

They live in a module of their own (not a test module) so that a worker process started afresh
(a Dask worker, a ``spawn`` pool) can import them by name when it unpickles a task.
"""

from __future__ import annotations

import attrs

from rummikub_rules import Action, GreedyBot, Pass, PlayerView, Tile


@attrs.frozen
class IllegalBot:
    """Plays as :class:`GreedyBot`, but passes with tiles in the pool (illegal) holding ``rack``.

    With ``rack`` ``None`` it passes on its first turn, whatever it holds.
    """

    rack: tuple[Tile, ...] | None = None

    def play(self, view: PlayerView) -> Action:
        if self.rack is None or view.rack == self.rack:
            return Pass()
        return GreedyBot().play(view)


class BotBug(Exception):  # noqa: N818 (a bot's bug, named as its author might)
    """A bot's own exception that does not unpickle (its constructor needs two arguments)."""

    def __init__(self, detail: str, turn: int) -> None:
        self.turn = turn
        super().__init__(f"{detail} on turn {turn}")


@attrs.frozen
class CrashingBot:
    """Plays as :class:`GreedyBot`, but raises :class:`BotBug` holding ``rack``.

    With ``rack`` ``None`` it raises on its first turn, whatever it holds.
    """

    rack: tuple[Tile, ...] | None = None

    def play(self, view: PlayerView) -> Action:
        if self.rack is None or view.rack == self.rack:
            raise BotBug("lost count of its tiles", view.turn)
        return GreedyBot().play(view)
