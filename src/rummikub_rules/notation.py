"""The short text notation for tiles, melds and tables (the notation page of the documentation).

``r7`` is red 7 (colours ``k r b o``, ``y`` read as orange), ``j`` a joker, ``jr`` a red coloured
joker (``jk jr jb jo``, ``jy`` read as ``jo``); tiles are separated by spaces or commas, melds by
``|`` or new lines; input is case-insensitive, output lower case. A meld may start with ``run:`` or
``group:`` to declare its kind. With ``cards=True`` the playing-card spelling is read too: rank then
suit, ``A`` = 1, ``J`` = 11, ``Q`` = 12, ``K`` = 13, suits spades = black, hearts = red, clubs =
blue, diamonds = orange (``S H C D`` or the suit symbols). Playing cards have no coloured jokers, so
the card notation refuses them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from typing import Final

from rummikub_rules._convert import as_flag
from rummikub_rules.errors import InvalidTypeError, InvalidValueError, ParseError
from rummikub_rules.melds import Meld, MeldKind, Table
from rummikub_rules.tiles import JOKER, MAX_NUMBER, MIN_NUMBER, Color, Tile, shared_tile

__all__ = [
    "format_tile",
    "format_tiles",
    "parse_meld",
    "parse_table",
    "parse_tile",
    "parse_tiles",
]

_LETTERS: Final = {"k": Color.BLACK, "r": Color.RED, "b": Color.BLUE, "o": Color.ORANGE}
_LETTERS_IN: Final = {**_LETTERS, "y": Color.ORANGE}
_SUITS_IN: Final = {
    "s": Color.BLACK, "♠": Color.BLACK, "♤": Color.BLACK,
    "h": Color.RED, "♥": Color.RED, "♡": Color.RED,
    "c": Color.BLUE, "♣": Color.BLUE, "♧": Color.BLUE,
    "d": Color.ORANGE, "♦": Color.ORANGE, "♢": Color.ORANGE,
}  # fmt: skip
_SUITS_OUT: Final = {Color.BLACK: "♠", Color.RED: "♥", Color.BLUE: "♣", Color.ORANGE: "♦"}
_RANKS_IN: Final = {"a": 1, "j": 11, "q": 12, "k": 13}
_RANKS_OUT: Final = {1: "A", 11: "J", 12: "Q", 13: "K"}
_JOKER_WORDS: Final = frozenset({"j", "joker", "*", "🃏"})
_COLORED_JOKERS: Final = {f"j{letter}": Tile(color, None) for letter, color in _LETTERS_IN.items()}
_TILE: Final = re.compile(r"([a-z])([0-9]{1,2})")
_NUMBERED: Final = re.compile(rf"([{''.join(_LETTERS_IN)}])(0|[1-9][0-9]*)")
_NUMBER_RANGE: Final = f"numbers run from {MIN_NUMBER} to {MAX_NUMBER}; no such tile as"
_CARD: Final = re.compile(r"(10|[2-9]|[ajqk])(.)")
_SEPARATORS: Final = re.compile(r"[^\s,]+")
_KIND_PREFIX: Final = re.compile(r"\s*(run|group)\s*:", re.IGNORECASE)
_TILE_CACHE: dict[str, Tile] = {}


def parse_tile(text: str, *, cards: bool = False) -> Tile:
    """Read one tile: ``"r7"``, ``"Y12"``, ``"j"``, ``"jr"``; with ``cards=True`` also ``"Q♥"``.

    >>> parse_tile("y12")
    Tile(Color.ORANGE, 12)
    >>> parse_tile("JY")
    Tile.joker(Color.ORANGE)
    >>> parse_tile("K♦", cards=True)
    Tile(Color.ORANGE, 13)
    """
    if not isinstance(text, str):
        raise InvalidTypeError(f"parse_tile takes a str, got {type(text).__name__}")
    cards = as_flag(cards, "cards")
    token = text.strip()
    offset = len(text) - len(text.lstrip())
    return _tile(token, text=text, position=offset, cards=cards)


def parse_tiles(text: str, *, cards: bool = False) -> tuple[Tile, ...]:
    """Read tiles separated by spaces or commas: ``"r7 r8, j"``.

    >>> parse_tiles("r7,R8 j")
    (Tile(Color.RED, 7), Tile(Color.RED, 8), JOKER)
    """
    if not isinstance(text, str):
        raise InvalidTypeError(f"parse_tiles takes a str, got {type(text).__name__}")
    cards = as_flag(cards, "cards")
    return tuple(_tiles(text, 0, len(text), cards=cards))


def parse_meld(text: str, *, cards: bool = False) -> Meld:
    """Read one meld: tiles in table order, optionally prefixed by ``run:`` or ``group:``.

    >>> parse_meld("group: r5 j j")
    parse_meld('group: r5 j j')
    """
    if not isinstance(text, str):
        raise InvalidTypeError(f"parse_meld takes a str, got {type(text).__name__}")
    cards = as_flag(cards, "cards")
    return _meld(text, 0, len(text), cards=cards)


def parse_table(text: str, *, cards: bool = False) -> Table:
    """Read a table: melds separated by ``|`` or new lines; blank lines are skipped.

    Every ``|`` stands between two melds, so an empty meld beside a bar (``r7 r8 r9 || k5 b5 o5``,
    or a bar at either end of a line) is a :class:`~rummikub_rules.ParseError`, not a meld
    silently dropped. The empty table is the empty string (or blank lines).

    >>> len(parse_table("r7 r8 r9 | k5 b5 o5"))
    2
    >>> parse_table("")
    parse_table('')
    >>> parse_table("r7 r8 r9 || k5 b5 o5")
    Traceback (most recent call last):
    ...
    rummikub_rules.errors.ParseError: empty meld between the bars '||' at position 9: ...
    """
    if not isinstance(text, str):
        raise InvalidTypeError(f"parse_table takes a str, got {type(text).__name__}")
    cards = as_flag(cards, "cards")
    melds: list[Meld] = []
    for line in re.finditer(r"[^\n]+", text):
        if line.group().strip():
            melds.extend(_line(text, line.start(), line.end(), cards=cards))
    return Table(melds)


def format_tile(tile: Tile, *, cards: bool = False) -> str:
    """Write a tile in notation (``"r7"``), or as a playing card (``"7♥"``) with ``cards=True``.

    A coloured joker has no playing-card spelling: with ``cards=True`` it is an
    :class:`~rummikub_rules.InvalidValueError`.

    >>> format_tile(parse_tile("k1"), cards=True)
    'A♠'
    """
    if not as_flag(cards, "cards") or tile.color is None:
        return str(tile)
    if tile.number is None:
        raise InvalidValueError(f"playing cards have no coloured joker such as {tile}")
    return f"{_RANKS_OUT.get(tile.number, str(tile.number))}{_SUITS_OUT[tile.color]}"


def format_tiles(tiles: Iterable[Tile], *, cards: bool = False) -> str:
    """Write tiles separated by spaces, as :func:`parse_tiles` reads them.

    >>> format_tiles(parse_tiles("R1, B2"))
    'r1 b2'
    """
    cards = as_flag(cards, "cards")
    return " ".join(format_tile(t, cards=cards) for t in tiles)


def _line(text: str, start: int, end: int, *, cards: bool) -> Iterator[Meld]:
    """The melds of one line of a table, separated by bars, none of them empty."""
    bars = [match.start() for match in re.finditer(r"\|", text[start:end])]
    edges = [start - 1, *(start + bar for bar in bars), end]
    for left, right in itertools.pairwise(edges):
        if text[left + 1 : right].strip():
            yield _meld(text, left + 1, right, cards=cards)
        elif left < start:
            raise ParseError("empty meld before the bar", text=text, token="|", position=right)
        elif right == end:
            raise ParseError("empty meld after the bar", text=text, token="|", position=left)
        else:
            bars_text = text[left : right + 1]
            raise ParseError(
                "empty meld between the bars", text=text, token=bars_text, position=left
            )


def _meld(text: str, start: int, end: int, *, cards: bool) -> Meld:
    kind = None
    prefix = _KIND_PREFIX.match(text, start, end)
    if prefix is not None:
        kind = MeldKind(prefix.group(1).lower())
        start = prefix.end()
    tiles = tuple(_tiles(text, start, end, cards=cards))
    if not tiles:
        raise ParseError("empty meld", text=text, token=text[start:end], position=start)
    return Meld(tiles, kind)


def _tiles(text: str, start: int, end: int, *, cards: bool) -> Iterator[Tile]:
    for match in _SEPARATORS.finditer(text, start, end):
        yield _tile(match.group(), text=text, position=match.start(), cards=cards)


def _tile(token: str, *, text: str, position: int, cards: bool) -> Tile:
    # Letters and digits are ASCII only: "r\u0667" (an Arabic-Indic 7) or "\u212a5" (the Kelvin
    # sign, which lowers to "k") are not tiles. Only the joker emoji and card suits go further.
    folded = token.lower()
    plain = token.isascii()
    cached = _TILE_CACHE.get(folded) if plain else None
    if cached is not None:
        return cached
    if folded in _JOKER_WORDS and (plain or folded == "🃏"):
        return JOKER
    colored = _COLORED_JOKERS.get(folded) if plain else None
    if colored is not None:
        if cards:
            raise ParseError(
                "playing cards have no coloured jokers; no such card as",
                text=text,
                token=token,
                position=position,
            )
        return colored
    tile = _card(folded) if cards and token[:-1].isascii() else None
    if tile is None and plain:
        tile = _letter_tile(folded)
    if tile is None:
        reason = _NUMBER_RANGE if plain and _out_of_range(folded) else "unknown tile"
        raise ParseError(reason, text=text, token=token, position=position)
    if not cards and plain:
        _TILE_CACHE[folded] = tile
    return tile


def _out_of_range(folded: str) -> bool:
    """Whether ``folded`` is a colour letter and a number outside the tiles' numbers (``r14``)."""
    match = _NUMBERED.fullmatch(folded)
    return match is not None and not MIN_NUMBER <= int(match.group(2)) <= MAX_NUMBER


def _letter_tile(folded: str) -> Tile | None:
    match = _TILE.fullmatch(folded)
    if match is None or match.group(1) not in _LETTERS_IN:
        return None
    number = int(match.group(2))
    if not MIN_NUMBER <= number <= MAX_NUMBER or match.group(2).startswith("0"):
        return None
    return shared_tile(_LETTERS_IN[match.group(1)], number)


def _card(folded: str) -> Tile | None:
    match = _CARD.fullmatch(folded)
    if match is None or match.group(2) not in _SUITS_IN:
        return None
    rank = match.group(1)
    number = _RANKS_IN[rank] if rank in _RANKS_IN else int(rank)
    return shared_tile(_SUITS_IN[match.group(2)], number)
