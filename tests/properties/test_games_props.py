"""The game strategies keep their promises: consistent states, and only legal plays offered."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import GameState, Play
from rummikub_rules import strategies as rst
from tests.depth import examples


@settings(max_examples=examples(30, minimum=8))
@given(rst.game_states(max_turns=20))
def test_game_states_hold_the_whole_set(state: GameState) -> None:
    held = Counter(state.table.tiles) + Counter(state.pool)
    for rack in state.racks:
        held.update(rack)
    assert held == Counter(state.edition.tile_set.all_tiles())
    assert state.table.is_valid(state.edition)
    assert len(state.history) <= 20


@settings(max_examples=examples(30, minimum=8))
@given(rst.game_states(max_turns=12).filter(lambda s: not s.is_over), st.data())
def test_plays_offers_only_legal_plays(state: GameState, data: st.DataObject) -> None:
    play = data.draw(st.one_of(rst.plays(state), st.none()))
    if play is not None:
        assert isinstance(play, Play)
        assert state.check(play).ok
        assert len(state.apply(play).racks[state.current]) < len(state.rack)


@given(st.from_type(GameState))
@settings(max_examples=examples(10, minimum=3))
def test_from_type_finds_game_states(state: GameState) -> None:
    assert isinstance(state, GameState)
