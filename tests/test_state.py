"""GameState: dealing, actions, failed turns and the ends of a game (RULES.md sections 3, 5, 6)."""

from __future__ import annotations

from collections import Counter

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    JOKER,
    Code,
    Draw,
    FailedTurn,
    GameSetupError,
    GameState,
    IllegalMove,
    Pass,
    Play,
    Table,
    Timeout,
    arrange,
    parse_table,
    parse_tiles,
)
from rummikub_rules.solver import can_play_now, end_if_stuck
from rummikub_rules.turns._failed_turns import restored_table


def _deal(racks: list[str], pool_front: str = "", edition: str = "classic") -> GameState:
    """A game whose racks are given and whose pool starts with ``pool_front``."""
    ed = EDITIONS[edition]
    hands = [parse_tiles(r) for r in racks]
    front = parse_tiles(pool_front)
    rest = Counter(ed.tile_set.all_tiles()) - Counter(front)
    for hand in hands:
        rest -= Counter(hand)
    return GameState.from_deal(hands, [*front, *sorted(rest.elements())], edition=ed)


def _position(racks: list[str], pool: str = "", edition: str = "classic") -> GameState:
    """A game under way: the racks and pool given, every other tile on the table, nobody opened.

    The rest of the box is arranged into valid melds by the solver; the state has no deal.
    """
    ed = EDITIONS[edition]
    hands = [parse_tiles(r) for r in racks]
    rest = Counter(ed.tile_set.all_tiles()) - Counter(parse_tiles(pool))
    for hand in hands:
        rest -= Counter(hand)
    table = arrange(sorted(rest.elements()), edition=ed)
    assert table is not None
    return GameState(
        edition=ed,
        racks=hands,
        table=table,
        pool=parse_tiles(pool),
        current=0,
        opened=(False,) * len(hands),
        seed=0,
    )


def test_new_deals_fourteen_each_and_keeps_the_rest_as_pool() -> None:
    game = GameState.new(4, seed=1)
    assert [len(r) for r in game.racks] == [14] * 4
    assert len(game.pool) == 106 - 56
    assert game.opened == (False,) * 4
    assert not game.is_over
    assert game.winner is None


def test_same_seed_same_game() -> None:
    assert GameState.new(3, seed=42) == GameState.new(3, seed=42)
    assert GameState.new(3, seed=42) != GameState.new(3, seed=43)


def test_seed_is_recorded_when_not_given() -> None:
    game = GameState.new(2)
    assert GameState.new(2, seed=game.seed) == game


def test_xp_deals_six_players_from_160_tiles() -> None:
    game = GameState.new(6, edition=EDITIONS["xp"], seed=5)
    assert len(game.pool) == 160 - 6 * 14


@pytest.mark.parametrize(("edition", "players"), [("classic", 1), ("classic", 5), ("xp", 7)])
def test_player_count_outside_the_edition_is_refused(edition: str, players: int) -> None:
    with pytest.raises(GameSetupError, match="players"):
        GameState.new(players, edition=EDITIONS[edition])


def test_first_player_random_edition_uses_the_seed() -> None:
    firsts = {GameState.new(4, edition=EDITIONS["tournament"], seed=s).current for s in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_first_player_highest_tile_varies_with_seed() -> None:
    firsts = {GameState.new(4, seed=s).current for s in range(40)}
    assert len(firsts) > 1


def test_from_deal_must_hold_the_full_set() -> None:
    with pytest.raises(GameSetupError, match="full set"):
        GameState.from_deal([parse_tiles("r1"), parse_tiles("r2")], [], edition=CLASSIC)


def test_draw_takes_the_front_of_the_pool_and_ends_the_turn() -> None:
    game = _deal(["r1 r2", "b1 b2"], pool_front="k7 k8")
    after = game.apply(Draw())
    assert after.racks[0] == (*parse_tiles("r1 r2"), *parse_tiles("k7"))
    assert after.current == 1
    assert after.history == (Draw(),)
    assert game.racks[0] == parse_tiles("r1 r2")  # the old state is untouched


def test_play_lays_tiles_and_marks_the_player_opened() -> None:
    game = _deal(["r10 r11 r12 k1", "b1 b2"])
    after = game.apply(Play(parse_table("r10 r11 r12")))
    assert after.table == parse_table("r10 r11 r12")
    assert after.racks[0] == parse_tiles("k1")
    assert after.opened == (True, False)


def test_illegal_play_raises_with_verdict_and_changes_nothing() -> None:
    game = _deal(["k9 r9 b9 k1", "b1 b2"])
    with pytest.raises(IllegalMove) as refused:
        game.apply(Play(parse_table("k9 r9 b9")))
    assert refused.value.verdict.codes == (Code.INITIAL_MELD_TOO_LOW,)
    assert game.check(Play(parse_table("k9 r9 b9"))) == refused.value.verdict
    assert game.history == ()


def test_pass_while_tiles_remain_is_refused() -> None:
    game = GameState.new(2, seed=1)
    assert game.check(Pass()).codes == (Code.POOL_NOT_EMPTY,)


def test_draw_from_empty_pool_is_refused() -> None:
    game = _position(["r1", "b1"])
    assert game.check(Draw()).codes == (Code.POOL_EMPTY,)


def test_timeout_draws_the_edition_timeout_draw() -> None:
    for name, expected in [("classic", 1), ("ua-wiki", 3), ("tournament", 3)]:
        game = GameState.new(2, edition=EDITIONS[name], seed=3)
        after = game.apply(Timeout())
        assert len(after.racks[game.current]) == 14 + expected, name


def test_failed_turn_draws_three_and_restores_the_table() -> None:
    game = _deal(["r10 r11 r12 k1", "b1 b2"], pool_front="o1 o2 o3 o4")
    game = game.apply(Play(parse_table("r10 r11 r12"))).apply(Draw())
    after = game.apply(FailedTurn())
    assert after.table == game.table
    assert after.racks[0] == (*parse_tiles("k1"), *parse_tiles("o2 o3 o4"))


def test_failed_turn_sends_named_table_tiles_to_the_pool_reproducibly() -> None:
    game = _deal(["r9 r10 r11 r12 k1", "b1 b2"], pool_front="o1 o2 o3 o4")
    game = game.apply(Play(parse_table("r9 r10 r11 r12"))).apply(Draw())
    after = game.apply(FailedTurn(parse_tiles("r12")))
    assert after.table == parse_table("r9 r10 r11")
    assert len(after.pool) == len(game.pool) + 1 - 3
    assert after == game.apply(FailedTurn(parse_tiles("r12")))


def test_failed_turn_that_would_leave_an_invalid_table_is_refused() -> None:
    game = _deal(["r10 r11 r12 k1", "b1 b2"])
    game = game.apply(Play(parse_table("r10 r11 r12"))).apply(Draw())
    assert game.check(FailedTurn(parse_tiles("r11"))).codes == (Code.INVALID_MELD,)
    assert game.check(FailedTurn(parse_tiles("k5"))).codes == (Code.TABLE_TILE_REMOVED,)


def test_drawing_more_than_the_pool_holds_draws_what_is_left() -> None:
    game = _position(["r1", "b1"], pool="k5")
    after = game.apply(FailedTurn())
    assert after.racks[0] == parse_tiles("r1 k5")
    assert after.pool == ()


def test_going_out_wins_and_scores_the_racks() -> None:
    game = _deal(["r10 r11 r12", "b5 b8", "j b2"])
    after = game.apply(Play(parse_table("r10 r11 r12")))
    assert after.is_over
    assert after.winner == 0
    assert after.scores() == (45, -13, -32)  # RULES.md 6, the three-player example
    assert after.check(Draw()).codes == (Code.GAME_OVER,)


def test_scores_before_the_end_raise() -> None:
    with pytest.raises(Exception, match="not over"):
        GameState.new(2, seed=1).scores()


def test_until_stuck_ends_after_a_full_round_of_passes() -> None:
    game = _position(["k5", "k9", "k1 r1 b1 o1 j"])
    game = game.apply(Pass()).apply(Pass())
    assert not game.is_over
    game = game.apply(Pass())
    assert game.is_over
    assert game.winner == 0
    assert game.scores() == (4 + 29, -4, -29)  # racks 5, 9 and 34 (joker at 30)


def test_one_more_round_after_the_last_tile_is_drawn() -> None:
    game = _position(["k5 k6", "k9 k10"], pool="o1", edition="tournament")
    game = game.apply(Draw())  # seat 0 draws the last tile
    assert game.final_turns == 2
    game = game.apply(Pass())
    assert not game.is_over
    game = game.apply(Pass())
    assert game.is_over
    assert game.winner == 0  # racks k5 k6 o1 = 12 and k9 k10 = 19
    assert game.scores() == (7, -7)


def test_a_joker_left_on_the_rack_costs_the_edition_penalty_at_the_end() -> None:
    game = _deal(["r10 r11 r12", "j"], edition="house-50")
    after = game.apply(Play(parse_table("r10 r11 r12")))
    assert after.scores() == (50 + 100, -150)
    assert JOKER in after.racks[1]


def test_can_play_asks_the_solver_for_the_seat() -> None:
    game = _deal(["r10 r11 r12 k1", "b1 b2"])
    assert can_play_now(game)  # seat 0 can open with r10 r11 r12 = 33
    assert not can_play_now(game, 1)
    with pytest.raises(IndexError):
        can_play_now(game, 2)


def test_end_if_stuck_ends_a_pool_empty_game_where_nobody_can_move() -> None:
    game = _position(["k5", "k9"])
    over = end_if_stuck(game)
    assert over.is_over
    assert over.scores() == (4, -4)
    assert end_if_stuck(game) is not game


def test_end_if_stuck_leaves_a_game_someone_can_still_play() -> None:
    game = _position(["r10 r11 r12 k1", "k9"])
    assert end_if_stuck(game) is game
    with_pool = _deal(["k5", "k9"])
    assert end_if_stuck(with_pool) is with_pool


# RULES.md 5: a failed turn draws its penalty before the lost tiles go into the pool ------------


def test_failed_turn_player_cannot_draw_back_a_lost_tile() -> None:
    # The pool is empty: the player draws nothing, and the lost r12 goes into the pool.
    game = _position(["r9 r10 r11 r12 k1", "b1 b2"])
    game = game.apply(Play(parse_table(f"{game.table} | r9 r10 r11 r12")))
    game = game.apply(Pass())
    assert game.current == 0
    game = game.apply(FailedTurn(parse_tiles("r12")))
    assert game.racks[0] == parse_tiles("k1")
    assert game.pool == parse_tiles("r12")


def test_failed_turn_draws_the_pool_before_the_lost_tiles_join_it() -> None:
    game = _position(["r9 r10 r11 r12 k1", "b1 b2"], pool="o5 o6")
    game = game.apply(Play(parse_table(f"{game.table} | r9 r10 r11 r12"))).apply(Draw())
    assert game.pool == parse_tiles("o6")
    after = game.apply(FailedTurn(parse_tiles("r12")))
    assert after.racks[0] == parse_tiles("k1 o6")
    assert after.pool == parse_tiles("r12")


def test_failed_turn_draw_first_false_shuffles_lost_tiles_in_first() -> None:
    # The order of version 1 documents: the lost tile may come straight back.
    game = _position(["r9 r10 r11 r12 k1", "b1 b2"], edition="classic")
    old_order = CLASSIC.evolve(failed_turn_draw_first=False)
    game = GameState(
        edition=old_order,
        racks=game.racks,
        table=game.table,
        pool=game.pool,
        current=0,
        opened=game.opened,
        seed=0,
    )
    game = game.apply(Play(parse_table(f"{game.table} | r9 r10 r11 r12"))).apply(Pass())
    after = game.apply(FailedTurn(parse_tiles("r12")))
    assert after.racks[0] == parse_tiles("k1 r12")
    assert after.pool == ()


def test_ruling_lost_tiles_back_in_the_pool_restart_the_last_round() -> None:
    # tournament: one more round once the pool is empty. A failed turn in that round that
    # sends a tile back to the pool leaves tiles to draw: the last round starts again when the
    # pool is next emptied.
    game = _position(["r9 r10 r11 r12 k1", "k5 k6", "b1 b2"], pool="o1", edition="tournament")
    game = game.apply(Play(parse_table(f"{game.table} | r9 r10 r11 r12")))
    game = game.apply(Draw())  # seat 1 draws the last tile
    assert game.final_turns == 3
    game = game.apply(FailedTurn(parse_tiles("r12")))  # seat 2 draws nothing, r12 to the pool
    assert game.pool == parse_tiles("r12")
    assert (game.final_turns, game.idle_turns) == (None, 0)
    game = game.apply(Draw())
    assert game.final_turns == 3
    for _ in range(3):
        assert not game.is_over
        game = game.apply(Pass())
    assert game.is_over


def test_ruling_a_meld_whose_every_tile_is_lost_is_gone() -> None:
    game = _position(["k1", "b1 b2"])
    meld = game.table.melds[0]
    after = game.apply(FailedTurn(meld.tiles))
    assert after.table == Table(game.table.melds[1:])
    assert sorted(after.pool) == sorted(meld.tiles)


def test_failed_turn_takes_a_tile_off_the_earliest_meld_that_stays_valid() -> None:
    table = parse_table("r1 r2 r3 r4 r5 r6 r7 | r4 r5 r6 | k4 b4 o4 r4")
    assert restored_table(table, parse_tiles("r4"), CLASSIC) == parse_table(
        "r1 r2 r3 | r5 r6 r7 | r4 r5 r6 | k4 b4 o4 r4"
    )
    assert restored_table(table, parse_tiles("r4 r4"), CLASSIC) == parse_table(
        "r1 r2 r3 | r5 r6 r7 | r4 r5 r6 | k4 b4 o4"
    )
    assert restored_table(table, parse_tiles("r4 r4 r4"), CLASSIC) is None


# Outcome: the verdict with the next state ------------------------------------------------------


def test_step_returns_the_state_and_what_the_turn_laid() -> None:
    game = _deal(["r8 j r10 k10 k11 k12 r9 b5 b6", "b1 b2"])
    opening = game.step(Play(parse_table("r8 j r10 | k10 k11 k12")))
    assert opening.seat == 0
    assert sorted(opening.verdict.played) == sorted(parse_tiles("r8 j r10 k10 k11 k12"))
    assert opening.state == game.apply(opening.action)
    game = opening.state.apply(Draw())
    freed = game.step(Play(parse_table("r8 r9 r10 | k10 k11 k12 | b5 b6 j")))
    assert sorted(freed.verdict.played) == sorted(parse_tiles("r9 b5 b6"))
    assert freed.verdict.retrieved_jokers == 1
    assert freed.state.table == parse_table("r8 r9 r10 | k10 k11 k12 | b5 b6 j")


def test_step_refuses_like_apply() -> None:
    game = _deal(["k9 r9 b9 k1", "b1 b2"])
    with pytest.raises(IllegalMove) as refused:
        game.step(Play(parse_table("k9 r9 b9")))
    assert refused.value.verdict.codes == (Code.INITIAL_MELD_TOO_LOW,)
