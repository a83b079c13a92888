"""A progress bar on a terminal, with the standard library alone.

:class:`Progress` redraws one line on its stream (a carriage return goes back): a bar, games
done of the total, the rate and the time left. It draws only when asked to, or, by default,
when the stream is a terminal, so output piped to a file or a test never holds it; and at most
ten times a second.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]

_WIDTH = 30
_INTERVAL = 0.1


class Progress:
    """Games done of ``total``, drawn on ``stream`` (default ``sys.stderr``) if ``enabled``.

    ``enabled=None`` draws when the stream is a terminal.
    """

    def __init__(
        self, total: int, *, enabled: bool | None = None, stream: TextIO | None = None
    ) -> None:
        self._stream = sys.stderr if stream is None else stream
        self._enabled = _is_terminal(self._stream) if enabled is None else enabled
        self._total = total
        self._done = 0
        self._start = time.monotonic()
        self._drawn = -_INTERVAL

    @property
    def enabled(self) -> bool:
        """Whether the bar is drawn."""
        return self._enabled

    def advance(self, games: int) -> None:
        """Count ``games`` more as done, and redraw if due."""
        self._done += games
        now = time.monotonic()
        if self._enabled and (now - self._drawn >= _INTERVAL or self._done >= self._total):
            self._drawn = now
            self._stream.write("\r" + self.line(now - self._start))
            self._stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self._enabled:
            self._stream.write("\n")
            self._stream.flush()

    def line(self, elapsed: float) -> str:
        """The bar's text after ``elapsed`` seconds.

        >>> bar = Progress(40, enabled=False)
        >>> bar.advance(10)
        >>> bar.line(2.0)
        'simulate [########----------------------] 10/40 games, 5.0 games/s, 6s left'
        """
        share = self._done / self._total if self._total else 1.0
        filled = round(share * _WIDTH)
        rate = self._done / elapsed if elapsed > 0 else 0.0
        left = f", {(self._total - self._done) / rate:.0f}s left" if rate else ""
        bar = "#" * filled + "-" * (_WIDTH - filled)
        return f"simulate [{bar}] {self._done}/{self._total} games, {rate:.1f} games/s{left}"


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or file-like stream without a terminal
        return False
