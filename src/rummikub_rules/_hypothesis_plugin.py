"""Registers this library's strategies with Hypothesis (``st.from_type(Meld)`` and friends).

Hypothesis calls :func:`_hypothesis_setup_hook` through the ``hypothesis`` entry point group while
it is itself being imported. The hook must not import :mod:`rummikub_rules.strategies` there:
that module imports Hypothesis at its top, so it may be the very import in progress (then it is
only half defined). The hook registers a resolver per type instead, which imports the strategies
the first time ``st.from_type`` asks for one of our types. The runtime never needs Hypothesis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy


def _hypothesis_setup_hook() -> None:
    from hypothesis import strategies as st

    from rummikub_rules.editions import Edition
    from rummikub_rules.melds import Meld, Table
    from rummikub_rules.state import GameState
    from rummikub_rules.tiles import Tile, TileSet

    for cls in (Tile, TileSet, Meld, Table, Edition, GameState):
        st.register_type_strategy(cls, _resolve)


def _resolve(cls: type[Any]) -> SearchStrategy[Any]:
    from rummikub_rules import strategies

    return strategies._FOR_TYPE[cls]()
