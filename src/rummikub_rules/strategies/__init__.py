"""Public Hypothesis strategies for rummikub-rules types (needs the ``hypothesis`` extra).

Use them in your own property tests::

    from hypothesis import given
    from rummikub_rules import strategies as rst

    @given(rst.melds(), rst.editions())
    def test_something(meld, edition): ...

Every strategy that takes an ``edition`` accepts any object with the four meld-rule fields
(``tile_set``, ``run_wrap``, ``group_colors_distinct``, ``max_jokers_per_meld``), such as an
:class:`~rummikub_rules.Edition`. Valid melds are built by construction, never by filtering, so
they are fast under every edition, including small custom tile sets. A generated meld is always
physically possible: it never holds more copies of a tile (or more jokers) than the set has.

``runs_with_readings``, ``groups_with_readings`` and ``melds_with_readings`` also give the
:class:`~rummikub_rules.Reading` the meld was built from (what each joker stands for and the
meld's value), so a test can check a referee against it. In a group, a joker's options are the
colours it may take, in the tile set's colour order.

:func:`register_type_strategies` makes ``st.from_type(Tile)`` (and ``TileSet``, ``Meld``,
``Table``, ``Edition``, ``GameState``) use these strategies; the ``hypothesis`` entry point
does it for you.

:func:`turns` builds whole turns (table before, rack, table after) that are legal by construction,
or that break exactly one rule (``legal=False``), for testing a referee; :func:`game_states`
and :func:`plays` give games under way and legal plays from them, for testing bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from hypothesis import strategies as st

from rummikub_rules.editions import Edition
from rummikub_rules.melds import Meld, Table
from rummikub_rules.state import GameState
from rummikub_rules.strategies._games import game_states, plays
from rummikub_rules.strategies._melds import (
    MeldAndReading,
    editions,
    groups,
    groups_with_readings,
    melds,
    melds_with_readings,
    runs,
    runs_with_readings,
    tables,
    tile_sets,
    tiles,
)
from rummikub_rules.strategies._turns import Turn, turns
from rummikub_rules.tiles import Tile, TileSet

__all__ = [
    "MeldAndReading",
    "Turn",
    "editions",
    "game_states",
    "groups",
    "groups_with_readings",
    "melds",
    "melds_with_readings",
    "plays",
    "register_type_strategies",
    "runs",
    "runs_with_readings",
    "tables",
    "tile_sets",
    "tiles",
    "turns",
]

#: The strategy ``st.from_type`` uses for each type.
_FOR_TYPE: Final[dict[type[Any], Callable[[], st.SearchStrategy[Any]]]] = {
    Tile: tiles,
    TileSet: tile_sets,
    Meld: melds,
    Table: tables,
    Edition: editions,
    GameState: game_states,
}


def register_type_strategies() -> None:
    """Register strategies for this library's types so ``st.from_type`` finds them.

    ``Tile``, ``TileSet``, ``Meld`` (valid melds of the classic edition), ``Table``,
    ``Edition`` and ``GameState``. Hypothesis runs this itself through its entry point.
    """
    for cls, strategy in _FOR_TYPE.items():
        st.register_type_strategy(cls, strategy())
