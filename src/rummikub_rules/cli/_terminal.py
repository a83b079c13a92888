"""Colour on a terminal for the command line: tiles in their colours, verdicts in green or red.

Colour is used on a terminal only: never into a pipe or a file, and never when the ``NO_COLOR``
environment variable is set (https://no-color.org), unless asked for with ``--color always``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Final, TextIO

import attrs

from rummikub_rules.melds import Table
from rummikub_rules.tiles import Color, Tile

__all__ = ["Style"]

_RESET: Final = "\x1b[0m"
_TILE_CODES: Final = {
    Color.BLACK: "1",  # bold in the terminal's own colour: black text vanishes on dark screens
    Color.RED: "31",
    Color.BLUE: "34",
    Color.ORANGE: "33",
    None: "35",  # the joker
}


@attrs.frozen
class Style:
    """How to write text: with ANSI colours or plain."""

    color: bool

    @classmethod
    def for_stream(cls, stream: TextIO, choice: str = "auto") -> Style:
        """Colour for ``stream`` under ``--color`` ``auto``, ``always`` or ``never``."""
        if choice == "auto":
            wanted = stream.isatty() and not os.environ.get("NO_COLOR")
            return cls(color=wanted)
        return cls(color=choice == "always")

    def _paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}{_RESET}" if self.color else text

    def tile(self, tile: Tile) -> str:
        """One tile in its colour."""
        return self._paint(str(tile), _TILE_CODES[tile.color])

    def tiles(self, tiles: Iterable[Tile]) -> str:
        """Tiles separated by spaces, each in its colour."""
        return " ".join(self.tile(tile) for tile in tiles)

    def table(self, table: Table) -> str:
        """A table in notation, its tiles in colour."""
        return " | ".join(self.tiles(meld.tiles) for meld in table.melds)

    def mark(self, text: str) -> str:
        """Text marked out (underlined in colour, in brackets without)."""
        return self._paint(text, "4") if self.color else f"[{text}]"

    def bold(self, text: str) -> str:
        """Text in bold."""
        return self._paint(text, "1")

    def good(self, text: str) -> str:
        """Text in green: a legal turn."""
        return self._paint(text, "32")

    def bad(self, text: str) -> str:
        """Text in red: an illegal turn."""
        return self._paint(text, "31")
