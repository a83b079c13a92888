"""A saved state must be what its own story gives: its history replayed from its deal (issue 18).

Before, only the seat to move and the ``opened`` flags were held to the history, so a state
naming another game's deal, or one whose plays never left the racks, loaded, and its record then
failed to replay or replayed to another game. The bound is counted work: the check replays each
action of the history once.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    Draw,
    FormatError,
    GameState,
    InvalidStateError,
    Play,
    dumps,
    loads,
    to_json,
)
from rummikub_rules.bots import GreedyBot
from rummikub_rules.melds import Table


def played(seed: int, actions: int) -> GameState:
    """A game of greedy bots after ``actions`` actions."""
    game = GameState.new(4, seed=seed)
    bot = GreedyBot()
    for _ in range(actions):
        game = game.apply(bot.play(game.view(game.current)))
    return game


def with_plays(plays: int) -> GameState:
    """The first greedy game (by seed) with ``plays`` plays, stopped right after the last."""
    for seed in range(100):
        game = GameState.new(4, seed=seed)
        bot = GreedyBot()
        while not game.is_over and sum(isinstance(a, Play) for a in game.history) < plays:
            game = game.apply(bot.play(game.view(game.current)))
        if not game.is_over:
            return game
    raise AssertionError("no game with that many plays")


def fields(state: GameState, **changes: Any) -> dict[str, Any]:
    names = (a.name for a in attrs.fields(GameState))
    values = {name.lstrip("_"): getattr(state, name) for name in names}
    values["history"] = state.history
    return {**values, **changes}


def test_state_naming_another_games_deal_is_refused() -> None:
    mine, other = played(1, 8), GameState.new(4, seed=2)
    assert other.deal is not None
    assert mine.deal is not None
    other_deal = attrs.evolve(other.deal, first=mine.deal.first)
    with pytest.raises(InvalidStateError, match="action 0 of the history"):
        GameState(**fields(mine, deal=other_deal))
    document = to_json(mine)
    document["data"]["deal"] = {**to_json(other)["data"]["deal"], "first": mine.deal.first}
    with pytest.raises(FormatError, match="action 0 of the history"):
        loads(json.dumps(document))


def test_four_plays_that_never_left_the_racks_are_refused() -> None:
    game = with_plays(4)
    assert game.deal is not None
    undone = fields(game, racks=game.deal.racks, pool=game.deal.pool, table=Table())
    with pytest.raises(InvalidStateError, match="history replayed from the deal leaves other"):
        GameState(**undone)
    document = to_json(game)
    dealt = to_json(game)["data"]["deal"]
    document["data"].update(racks=dealt["racks"], pool=dealt["pool"], table=[])
    with pytest.raises(FormatError, match="history replayed from the deal leaves other racks"):
        loads(json.dumps(document))


def test_history_with_an_action_the_deal_does_not_allow_is_refused() -> None:
    game = played(3, 4)
    history = (*game.history[:-1], Play(Table()))
    with pytest.raises(InvalidStateError, match="action 3 of the history"):
        GameState(**fields(game, history=history))


def test_states_that_tell_their_own_story_load_and_replay() -> None:
    for actions in (0, 1, 7, 30):
        game = played(5, actions)
        assert loads(dumps(game)) == game
        assert game.to_record().replay() == game
    assert GameState(**fields(played(5, 30))) == played(5, 30)


def test_the_check_replays_each_action_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played(6, 25)
    text = dumps(game)
    steps = 0
    step = GameState.step

    def counted(self: GameState, action: Any) -> Any:
        nonlocal steps
        steps += 1
        return step(self, action)

    monkeypatch.setattr(GameState, "step", counted)
    assert loads(text) == game
    assert steps == len(game.history) == 25


def test_a_long_illegal_story_stops_at_its_first_bad_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = played(7, 2)
    history = (*game.history, *([Draw()] * 10_000))
    steps = 0
    step = GameState.step

    def counted(self: GameState, action: Any) -> Any:
        nonlocal steps
        steps += 1
        return step(self, action)

    monkeypatch.setattr(GameState, "step", counted)
    with pytest.raises(InvalidStateError):
        GameState(**fields(game, history=history, current=(game.current + 10_000) % 4))
    assert steps <= 2 + 80
