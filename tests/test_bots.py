"""Bots: each sees only a PlayerView, always answers, and answers legally."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Bot,
    Draw,
    DrawBot,
    GameState,
    GreedyBot,
    InvalidTypeError,
    InvalidValueError,
    JokerKeeperBot,
    Pass,
    Play,
    PlayerView,
    PointsBot,
    check_turn,
    parse_table,
    parse_tiles,
)
from rummikub_rules.solver import Objective, Solution, solve
from rummikub_rules.strategies import game_states
from tests.depth import examples

BOTS: list[Bot] = [DrawBot(), GreedyBot(), PointsBot(), JokerKeeperBot()]
BOT_IDS = [type(bot).__name__ for bot in BOTS]


def view(rack: str, table: str = "", *, pool: bool = True, opened: bool = True) -> PlayerView:
    """Seat 0's view, on its turn: ``rack`` and ``table``, the other seat holding the rest."""
    tiles, melds = parse_tiles(rack), parse_table(table)
    left = CLASSIC.tile_set.size - len(tiles) - len(melds.tiles)
    other = 14 if pool else left
    return PlayerView(
        seat=0,
        rack=tiles,
        table=melds,
        pool_size=left - other,
        rack_sizes=(len(tiles), other),
        opened=(opened, True),
        current=0,
        edition=CLASSIC,
        turn=9,
    )


def laid(action: object, seen: PlayerView) -> list[str]:
    """The rack tiles ``action`` lays, as sorted notation (it must be a legal play)."""
    assert isinstance(action, Play)
    verdict = check_turn(seen.table, seen.rack, action.after, opened=seen.opened[0])
    assert verdict.ok
    return sorted(str(tile) for tile in verdict.played)


@pytest.mark.parametrize("bot", BOTS, ids=BOT_IDS)
def test_every_bot_is_a_frozen_picklable_bot(bot: Bot) -> None:
    assert isinstance(bot, Bot)
    assert pickle.loads(pickle.dumps(bot)) == bot
    with pytest.raises(AttributeError):
        bot.budget = 3  # type: ignore[attr-defined]


@pytest.mark.parametrize("bot", BOTS, ids=BOT_IDS)
def test_with_nothing_to_lay_a_bot_draws_and_with_the_pool_empty_it_passes(bot: Bot) -> None:
    assert bot.play(view("r1 k5 b9")) == Draw()
    assert bot.play(view("r1 k5 b9", pool=False)) == Pass()


def test_draw_bot_never_plays() -> None:
    assert DrawBot().play(view("r1 r2 r3 k5 k6 k7")) == Draw()


def test_greedy_bot_opens_as_soon_as_it_can() -> None:
    seen = view("r10 r11 r12 k2", opened=False)
    assert laid(GreedyBot().play(seen), seen) == ["r10", "r11", "r12"]
    assert GreedyBot().play(view("r1 r2 r3 k2", opened=False)) == Draw()  # 6 points: too few


def test_greedy_bot_lays_the_most_tiles_and_points_bot_the_most_points() -> None:
    # r1 b1 o1 j: 4 tiles worth 33 (the joker at its penalty, 30); b1 j b3: 3 tiles worth 34.
    seen = view("j b1 b3 o1 o8 r1 r6")
    assert laid(GreedyBot().play(seen), seen) == ["b1", "j", "o1", "r1"]
    assert laid(PointsBot().play(seen), seen) == ["b1", "b3", "j"]


@settings(max_examples=examples(20, minimum=5))
@given(state=game_states(max_turns=40))
def test_greedy_and_points_bots_play_the_solver_s_best_without_a_budget(state: GameState) -> None:
    if state.is_over:
        return
    seen, opened, edition = state.view(state.current), state.opened[state.current], state.edition
    nothing = Draw() if state.pool else Pass()
    # Without a budget a bot plays the solver's answer at its default limit (proven best, or the
    # best found where the proof needs more), unless the referee refuses it (a solver bug).
    objectives: tuple[tuple[Bot, Objective], ...] = (
        (GreedyBot(budget=None), "tiles"),
        (PointsBot(budget=None), "points"),
    )
    for bot, objective in objectives:
        best = solve(state.table, state.rack, opened=opened, edition=edition, objective=objective)
        legal = best.play is not None and state.check(best.play).ok
        assert bot.play(seen) == (best.play if legal else nothing)


def test_a_bot_never_plays_what_the_referee_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the solver ever answer an illegal play, the bots draw instead of playing it."""
    from rummikub_rules import _bot_solver

    def wrong(*args: object, **kwargs: object) -> Solution:
        return Solution(Play(parse_table("b1 b2 b3 | r1 r2 r3")), proven_optimal=True)

    monkeypatch.setattr(_bot_solver, "solve", wrong)  # r1 r2 r3 is not on the rack
    seen = view("k5 k6 k7 o1", "b1 b2 b3")
    for bot in BOTS:
        assert bot.play(seen) == Draw()


def test_joker_keeper_holds_its_jokers_while_the_pool_lasts() -> None:
    seen = view("r5 r6 j k9 k10 k11 o2", "b1 b2 b3")
    assert laid(JokerKeeperBot().play(seen), seen) == ["k10", "k11", "k9"]
    assert laid(GreedyBot().play(seen), seen) == ["j", "k10", "k11", "k9", "r5", "r6"]
    empty = view("r5 r6 j k9 k10 k11 o2", "b1 b2 b3", pool=False)
    assert laid(JokerKeeperBot().play(empty), empty) == ["j", "k10", "k11", "k9", "r5", "r6"]


def test_joker_keeper_goes_out_with_its_jokers() -> None:
    seen = view("r5 r6 j k9 k10 k11", "b1 b2 b3")
    assert laid(JokerKeeperBot().play(seen), seen) == ["j", "k10", "k11", "k9", "r5", "r6"]


def test_joker_keeper_draws_when_only_its_joker_would_make_a_meld() -> None:
    seen = view("r5 r6 j k1")
    assert laid(GreedyBot().play(seen), seen) == ["j", "r5", "r6"]
    assert JokerKeeperBot().play(seen) == Draw()


def test_joker_keeper_opens_without_its_jokers() -> None:
    seen = view("r9 r10 r11 k12 b12 o12 j o1", opened=False)
    assert "j" in laid(GreedyBot().play(seen), seen)
    assert laid(JokerKeeperBot().play(seen), seen) == ["b12", "k12", "o12", "r10", "r11", "r9"]


@pytest.mark.parametrize("budget", [0, -5])
def test_a_budget_is_at_least_one_state(budget: int) -> None:
    with pytest.raises(InvalidValueError):
        GreedyBot(budget=budget)


@pytest.mark.parametrize("budget", ["100", 2.5, True])
def test_a_budget_is_an_int(budget: object) -> None:
    with pytest.raises(InvalidTypeError):
        PointsBot(budget=budget)  # type: ignore[arg-type]


def test_a_budget_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        GreedyBot(100)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "bot", [GreedyBot(budget=1), PointsBot(budget=1), JokerKeeperBot(budget=1)]
)
def test_a_spent_budget_still_answers_legally(bot: Bot) -> None:
    seen = view("r1 r2 r3 r4 r5 k7 k8 k9 b7 o7 j j b11 b12", "k1 k2 k3 | o4 o5 o6 | b5 b6 b7 b8")
    assert seen.check(bot.play(seen)).ok


@settings(max_examples=examples(25, minimum=5))
@given(state=game_states(max_turns=40), which=st.sampled_from(BOTS))
def test_a_bot_answers_legally_on_any_turn(state: GameState, which: Bot) -> None:
    if state.is_over:
        return
    action = which.play(state.view(state.current))
    assert state.check(action).ok


@settings(max_examples=examples(15, minimum=4))
@given(state=game_states(edition=EDITIONS["xp"], max_turns=30))
def test_bots_are_deterministic(state: GameState) -> None:
    seen = state.view(state.current)
    for bot in BOTS:
        assert bot.play(seen) == pickle.loads(pickle.dumps(bot)).play(seen)
