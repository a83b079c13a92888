"""Strategies for whole turns: legal by construction, or breaking exactly one rule.

A turn is built the way a player makes one (:mod:`._turn_moves`); ``legal=False`` then breaks one
rule on purpose (:mod:`._turn_breakers`) and says which in :attr:`Turn.breaks`.
"""

from __future__ import annotations

from collections import Counter

import attrs
from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from rummikub_rules.editions import EDITIONS, Edition
from rummikub_rules.melds import Table
from rummikub_rules.strategies._turn_breakers import _BREAKERS, _JOKER_CODES, _OPENED_ONLY
from rummikub_rules.strategies._turn_moves import (
    _MOVES,
    _Build,
    _extend,
    _lay,
    _lay_table,
    _opening,
)
from rummikub_rules.tiles import Tile
from rummikub_rules.turns import Code

__all__ = ["Turn", "turns"]


@attrs.frozen
class Turn:
    """A turn for a referee to judge: the arguments of ``check_turn`` and how it was built.

    ``moves`` names the moves made, in order. ``breaks`` is ``None`` for a legal turn, or the code
    of the one rule a ``turns(legal=False)`` turn breaks on purpose (other codes may follow from
    it, such as an invalid meld left by a removed tile).
    """

    edition: Edition
    before: Table
    rack: tuple[Tile, ...]
    after: Table
    opened: bool
    moves: tuple[str, ...]
    breaks: Code | None = None


def turns(
    edition: Edition | str | st.SearchStrategy[Edition] | None = None,
    *,
    opened: bool | None = None,
    legal: bool = True,
    breaks: Code | None = None,
) -> st.SearchStrategy[Turn]:
    """Turns under ``edition`` (default: any preset), by a player who has ``opened`` or not.

    With ``legal=True`` every turn is legal by construction; with ``legal=False`` each breaks one
    rule, named by :attr:`Turn.breaks` (the rule ``breaks``, if given).
    """
    if edition is None:
        chosen: st.SearchStrategy[Edition] = st.sampled_from(tuple(EDITIONS.values()))
    elif isinstance(edition, Edition | str):
        chosen = st.just(EDITIONS[edition] if isinstance(edition, str) else edition)
    elif isinstance(edition, st.SearchStrategy):
        chosen = edition
    else:
        raise InvalidArgument(
            f"edition must be an Edition, a preset's name or a strategy, got {edition!r}"
        )
    if opened is not None and not isinstance(opened, bool):  # 1 == True, but 1 is not a flag
        raise InvalidArgument(f"opened must be True, False or None, got {opened!r}")
    if not isinstance(legal, bool):
        raise InvalidArgument(f"legal must be True or False, got {legal!r}")
    if breaks is not None and (legal or breaks not in _BREAKERS):
        raise InvalidArgument(f"breaks={breaks!r} needs legal=False and a rule of a turn")
    if opened is None and breaks in _OPENED_ONLY:
        opened = _OPENED_ONLY[breaks]
    flags = st.booleans() if opened is None else st.just(opened)
    return _turn(chosen, flags, legal, breaks)


@st.composite
def _turn(
    draw: st.DrawFn,
    editions: st.SearchStrategy[Edition],
    flags: st.SearchStrategy[bool],
    legal: bool,
    breaks: Code | None,
) -> Turn:
    edition = draw(editions)
    build = _Build(edition, draw(flags), Counter(edition.tile_set.all_tiles()), [])
    _lay_table(draw, build, joker_run=breaks in _JOKER_CODES or draw(st.booleans()))
    build.after = list(build.before)
    if build.opened:
        for move in draw(st.lists(st.sampled_from(sorted(_MOVES)), min_size=1, max_size=4)):
            if _MOVES[move](draw, build):
                build.moves.append(move)
        if not build.rack:
            assume(_lay(draw, build))
            build.moves.append("lay")
    else:
        assume(_opening(draw, build))
        build.moves.append("opening")
        if edition.opening_may_use_table and draw(st.booleans()) and _extend(draw, build):
            build.moves.append("extend")
    if +build.stock:
        for tile in draw(st.lists(st.sampled_from(sorted(+build.stock)), max_size=3)):
            build.take([tile])
    if legal:
        return _as_turn(build)
    breakers = [
        code
        for code, (applies, _) in _BREAKERS.items()
        if applies(build) and breaks in (None, code)
    ]
    for code in draw(st.permutations(breakers)):
        attempt = build.copy()
        if _BREAKERS[code][1](draw, attempt):
            return _as_turn(attempt, code)
    assume(False)
    raise AssertionError("unreachable")


def _as_turn(build: _Build, breaks: Code | None = None) -> Turn:
    return Turn(
        build.edition,
        Table(build.before),
        tuple(build.rack),
        Table(build.after),
        build.opened,
        tuple(build.moves),
        breaks,
    )
