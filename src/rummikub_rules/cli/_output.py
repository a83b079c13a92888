"""What every command writes: its exit status, and JSON in the stream's encoding."""

from __future__ import annotations

import codecs
import json
from typing import TextIO

__all__ = ["BAD_INPUT", "ILLEGAL", "OK", "dump", "is_unicode"]

#: Exit status of a legal turn or a successful command, an illegal turn, and bad input.
OK, ILLEGAL, BAD_INPUT = 0, 1, 2


def is_unicode(stream: TextIO) -> bool:
    """Whether ``stream`` can write any character (else JSON is written in ASCII)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return True  # an in-memory text stream
    try:
        return codecs.lookup(encoding).name in ("utf-8", "utf-16", "utf-32")
    except LookupError:
        return False


def dump(value: object, out: TextIO) -> None:
    """Write ``value`` as indented JSON, ASCII only where ``out`` cannot show other characters."""
    json.dump(value, out, ensure_ascii=not is_unicode(out), indent=2)
    out.write("\n")
