"""Random games played through GameState under random editions, checking the invariants.

At every step: the edition's tile total is conserved across racks, table and pool; the table is
always valid; the state passes every check of a state built by hand; an illegal action raises
and changes nothing; a finished game's scores add up to zero and name the right winner; the
game record round-trips through JSON and replays.
"""

from __future__ import annotations

import contextlib
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from rummikub_rules import (
    EDITIONS,
    Action,
    Draw,
    FailedTurn,
    GameRecord,
    GameState,
    IllegalMove,
    Pass,
    SearchLimitExceeded,
    Timeout,
    best_play,
    dumps,
    loads,
)
from rummikub_rules import strategies as rst
from rummikub_rules.solver import Objective, can_play_now, end_if_stuck
from tests.depth import examples


class GameMachine(RuleBasedStateMachine):
    state: GameState

    @initialize(
        name=st.sampled_from(sorted(EDITIONS)),
        players=st.integers(2, 6),
        seed=st.integers(0, 2**32),
    )
    def deal(self, name: str, players: int, seed: int) -> None:
        edition = EDITIONS[name]
        players = min(max(players, edition.min_players), edition.max_players)
        self.state = GameState.new(players, edition=edition, seed=seed)
        self.initial = self.state

    def _apply(self, action: Action) -> None:
        before = self.state
        verdict = before.check(action)
        if verdict.ok:
            self.state = before.apply(action)
            assert self.state.history == (*before.history, action)
            return
        with pytest.raises(IllegalMove) as refused:
            before.apply(action)
        assert refused.value.verdict == verdict
        assert self.state is before

    def _natural_move(self) -> Action:
        """The solver's play for a small rack, else a draw (or a pass once the pool is empty)."""
        state = self.state
        if len(state.rack) <= 16:
            with contextlib.suppress(SearchLimitExceeded):
                play = best_play(
                    state.table,
                    state.rack,
                    opened=state.opened[state.current],
                    edition=state.edition,
                    limit=5_000,
                )
                if play is not None:
                    return play
        return Draw() if state.pool else Pass()

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        choice = data.draw(st.one_of(rst.plays(self.state), st.just(None)))
        if choice is not None:
            self._apply(choice)
        else:
            self._apply(Draw() if self.state.pool else Pass())

    @precondition(lambda self: not self.state.is_over and len(self.state.rack) <= 16)
    @rule(objective=st.sampled_from(["tiles", "points"]))
    def best_play(self, objective: Objective) -> None:
        state = self.state
        try:
            play = best_play(
                state.table,
                state.rack,
                opened=state.opened[state.current],
                edition=state.edition,
                objective=objective,
                limit=5_000,
            )
        except SearchLimitExceeded:
            return
        with contextlib.suppress(SearchLimitExceeded):
            assert (play is None) == (not can_play_now(state, limit=5_000))
        if play is not None:
            verdict = state.check(play)
            assert verdict.ok, str(verdict)
            self._apply(play)

    @precondition(lambda self: not self.state.is_over and not self.state.pool)
    @rule()
    def end_if_stuck(self) -> None:
        state = self.state
        try:
            ended = end_if_stuck(state, limit=5_000)
        except SearchLimitExceeded:
            return
        if ended is not state:
            assert ended.is_over
            assert not any(can_play_now(state, seat, limit=5_000) for seat in range(state.players))
            self.state = ended

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def draw(self) -> None:
        self._apply(Draw())

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def pass_turn(self) -> None:
        self._apply(Pass())

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def timeout(self) -> None:
        self._apply(Timeout())

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def failed_turn(self, data: st.DataObject) -> None:
        tiles = self.state.table.tiles
        to_pool = data.draw(st.lists(st.sampled_from(tiles), max_size=2)) if tiles else []
        self._apply(FailedTurn(tuple(to_pool)))

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def play_to_the_end(self) -> None:
        for _ in range(1000):
            if self.state.is_over:
                return
            self._apply(self._natural_move())
            self.tiles_conserved()
        raise AssertionError("a game of natural moves did not end in 1000 turns")

    @rule()
    def illegal_after_end(self) -> None:
        if self.state.is_over:
            before = self.state
            self._apply(Draw())
            assert self.state is before

    @invariant()
    def tiles_conserved(self) -> None:
        state = self.state
        held = Counter(state.table.tiles) + Counter(state.pool)
        for rack in state.racks:
            held += Counter(rack)
        assert held == Counter(state.edition.tile_set.all_tiles())

    @invariant()
    def state_passes_the_full_validation(self) -> None:
        # apply builds each state without checking it; building it by hand checks everything.
        assert attrs.evolve(self.state) == self.state

    @invariant()
    def table_valid(self) -> None:
        assert self.state.table.is_valid(self.state.edition)

    @invariant()
    def record_round_trips_and_replays(self) -> None:
        state = self.state
        if not state.is_over:
            return  # replaying costs the whole game: check the finished games
        record = state.to_record()
        assert record == GameRecord(
            state.players, edition=state.edition, seed=state.seed, actions=state.history
        )
        assert loads(dumps(record), GameRecord) == record
        assert record.replay() == state
        assert loads(dumps(state), GameState) == state

    @invariant()
    def finished_game_scores(self) -> None:
        state = self.state
        if not state.is_over:
            return
        scores = state.scores()
        assert sum(scores) == 0
        assert state.winner is not None
        assert scores[state.winner] == max(scores)
        if any(not rack for rack in state.racks):
            assert state.racks[state.winner] == ()


GameMachine.TestCase.settings = settings(
    max_examples=examples(20, minimum=5),
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_game_machine = GameMachine.TestCase
