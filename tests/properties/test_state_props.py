"""Properties of GameState: apply keeps every invariant, records replay, views hide what they must.

``apply`` builds the next state without checking it again; these properties hold it to the full
validation a state built by hand passes through.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    Draw,
    FailedTurn,
    GameRecord,
    GameState,
    Pass,
    PlayerView,
    Timeout,
    dumps,
    loads,
)
from rummikub_rules import strategies as rst
from rummikub_rules.actions import Action
from tests.depth import examples

#: Each game here is played out turn by turn: a fifth of the profile's examples.
_GAMES = examples(20, minimum=5)


def some_actions(state: GameState) -> st.SearchStrategy[Action]:
    """Plays, draws, passes, timeouts and failed turns (some losing table tiles) for ``state``."""
    options: list[st.SearchStrategy[Action]] = [
        rst.plays(state),
        st.just(Draw() if state.pool else Pass()),
        st.just(Timeout()),
        st.just(FailedTurn()),
    ]
    tiles = state.table.tiles
    if tiles:
        lost = st.lists(st.sampled_from(tiles), min_size=1, max_size=3).map(tuple)
        options.append(lost.map(FailedTurn))
    return st.one_of(options)


@st.composite
def games(draw: st.DrawFn) -> list[GameState]:
    """The states of a game: dealt, played some turns, then sent on by random legal actions."""
    state = draw(rst.game_states(max_turns=10))
    states = [state]
    for _ in range(draw(st.integers(0, 12))):
        if state.is_over:
            break
        action = draw(some_actions(state))
        if state.check(action).ok:
            state = state.apply(action)
            states.append(state)
    return states


@settings(max_examples=_GAMES)
@given(games())
def test_every_state_apply_makes_passes_the_full_validation(states: list[GameState]) -> None:
    for state in states:
        assert attrs.evolve(state) == state  # runs every check of a state built by hand


@settings(max_examples=_GAMES)
@given(games())
def test_step_is_apply_with_the_verdict(states: list[GameState]) -> None:
    for before, after in itertools.pairwise(states):
        action = after.history[-1]
        outcome = before.step(action)
        assert outcome.state == after
        assert outcome.verdict == before.check(action)
        assert outcome.seat == before.current
        assert outcome.action == action


@settings(max_examples=_GAMES)
@given(games())
def test_the_record_of_a_state_replays_to_it(states: list[GameState]) -> None:
    state = states[-1]
    record = state.to_record()
    assert record.actions == state.history
    assert record.deal is None  # dealt by GameState.new: the seed is enough
    assert record.replay() == state
    assert loads(dumps(record), GameRecord).replay() == state
    assert loads(dumps(state)) == state


@settings(max_examples=_GAMES)
@given(games(), st.data())
def test_a_view_holds_no_hidden_tile(states: list[GameState], data: st.DataObject) -> None:
    state = states[-1]
    seat = data.draw(st.integers(0, state.players - 1))
    view = state.view(seat)
    assert view.rack == state.racks[seat]
    assert view.rack_sizes == tuple(len(rack) for rack in state.racks)
    assert view.pool_size == len(state.pool)
    assert loads(dumps(view), PlayerView) == view
    document = json.loads(dumps(view))["data"]
    assert "seed" not in document
    assert "pool" not in document
    assert "racks" not in document
    # Every tile the view's JSON names is the seat's or on the table.
    named = Counter(t for t in (*view.rack, *view.table.tiles))
    assert named == Counter(state.racks[seat]) + Counter(state.table.tiles)


@settings(max_examples=_GAMES)
@given(games(), st.data())
def test_views_do_not_change_with_hidden_tiles(
    states: list[GameState], data: st.DataObject
) -> None:
    # Swap a tile between another seat's rack and the pool: what the seat sees is the same.
    state = states[-1]
    seat = data.draw(st.integers(0, state.players - 1))
    others = [s for s in range(state.players) if s != seat and state.racks[s]]
    if not others or not state.pool or state.is_over:
        return
    other = data.draw(st.sampled_from(others))
    i = data.draw(st.integers(0, len(state.racks[other]) - 1))
    j = data.draw(st.integers(0, len(state.pool) - 1))
    racks = list(state.racks)
    rack, pool = list(racks[other]), list(state.pool)
    rack[i], pool[j] = pool[j], rack[i]
    racks[other] = tuple(rack)
    hidden = attrs.evolve(state, racks=racks, pool=pool, deal=None)
    assert hidden.view(seat) == state.view(seat)
    assert dumps(hidden.view(seat)) == dumps(state.view(seat))
