"""Writes the version 1 fixtures of this directory; run it with rummikub-rules 0.1 (commit 8290034).

The documents here were written by ``python make_fixtures.py OUT_DIR`` in a checkout of commit
8290034 (format version 1) and are kept as that release wrote them. ``expected.json`` records,
for each game record, what version 1 computed at the end: scores, winners and the number of
actions. ``tests/test_json_v1.py`` checks that today's code reads every document and replays
every record to the same end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    Action,
    Draw,
    Edition,
    FailedTurn,
    GameRecord,
    GameState,
    Pass,
    Play,
    Series,
    best_play,
    dumps,
    parse_table,
    parse_tiles,
)
from rummikub_rules.serialization import Deal
from rummikub_rules.solver import SearchLimitExceeded


def bot_move(state: GameState) -> Action:
    """The solver's play for a rack of up to 16 tiles, else a draw (a pass with no pool)."""
    if len(state.rack) <= 16:
        try:
            play = best_play(
                state.table,
                state.rack,
                opened=state.opened[state.current],
                edition=state.edition,
                limit=20_000,
            )
        except SearchLimitExceeded:
            play = None
        if play is not None:
            return play
    return Draw() if state.pool else Pass()


def play_out(record: GameRecord, *, bots: bool = True, turns: int = 1000) -> GameRecord:
    """The record played on by bots (or by draws and passes) until the game ends."""
    state = record.replay()
    for _ in range(turns):
        if state.is_over:
            break
        action = bot_move(state) if bots else (Draw() if state.pool else Pass())
        record = record.add(action)
        state = state.apply(action)
    return record


def with_failed_turn(edition: Edition, seed: int) -> GameRecord:
    """A bot game in which a player, once a run of four stands on the table, fails a turn and
    loses the run's last tile to the pool; then the bots play to the end."""
    record = GameRecord(4, edition=edition, seed=seed)
    state = record.replay()
    while not state.is_over:
        runs = [m for m in state.table if len(m) >= 4 and m.tiles[-1].number is not None]
        if runs and state.pool:
            action: Action = FailedTurn((runs[0].tiles[-1],))
            record, state = record.add(action), state.apply(action)
            break
        action = bot_move(state)
        record, state = record.add(action), state.apply(action)
    return play_out(record)


def dealt(edition: Edition, racks: list[str]) -> Deal:
    """A deal whose racks start with the tiles given; the rest of the box fills them up to 14 and
    then makes the pool, in box order."""
    left = list(edition.tile_set.all_tiles())
    hands = []
    for text in racks:
        hand = list(parse_tiles(text))
        for tile in hand:
            left.remove(tile)
        hands.append(hand)
    for hand in hands:
        while len(hand) < edition.deal_size:
            hand.append(left.pop())
    return Deal(hands, left, first=0)


def joker_back_in_its_run() -> GameRecord:
    """Classic: seat 0 opens with r8 j r10 and later frees the joker with r9 into the same run,
    r8 r9 r10 j, legal in version 1 (the joker stays with a rack tile), illegal in version 2."""
    deal = dealt(CLASSIC, ["r8 j r10 k10 k11 k12 r9", "b1 b2"])
    record = GameRecord(2, deal=deal, seed=3)
    record = record.add(Play(parse_table("r8 j r10 | k10 k11 k12")))
    record = record.add(Draw())
    record = record.add(Play(parse_table("r8 r9 r10 j | k10 k11 k12")))
    return play_out(record, bots=False, turns=12)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    records = {
        "record_classic_finished": play_out(GameRecord(4, seed=11)),
        "record_ua_wiki_finished": play_out(GameRecord(3, edition=EDITIONS["ua-wiki"], seed=4)),
        "record_pl_2026_pool_empty": play_out(
            GameRecord(2, edition=EDITIONS["pl-2026"], seed=5), bots=False
        ),
        "record_tournament_last_round": play_out(
            GameRecord(3, edition=EDITIONS["tournament"], seed=6), bots=False
        ),
        "record_house_50_finished": play_out(GameRecord(2, edition=EDITIONS["house-50"], seed=8)),
        "record_xp_six_players": play_out(GameRecord(6, edition=EDITIONS["xp"], seed=9)),
        "record_failed_turn_to_pool": with_failed_turn(CLASSIC, 21),
        "record_custom_fields": play_out(
            GameRecord(
                2,
                edition=CLASSIC.evolve(
                    name="our rules", joker_penalty=40, joker_in_initial_meld=False
                ),
                seed=12,
            )
        ),
        "record_joker_back_in_its_run": joker_back_in_its_run(),
    }
    expected: dict[str, Any] = {}
    for name, record in records.items():
        final = record.replay()
        (out / f"{name}.json").write_text(dumps(record, indent=1) + "\n")
        (out / f"{name}.final_state.json").write_text(dumps(final, indent=1) + "\n")
        expected[name] = {
            "actions": len(record.actions),
            "over": final.is_over,
            "scores": list(final.scores()) if final.is_over else None,
            "winners": list(final.winners),
        }
    midgame = GameRecord(4, seed=31)
    midgame = play_out(midgame, turns=20)
    (out / "state_classic_midgame.json").write_text(dumps(midgame.replay(), indent=1) + "\n")
    series = Series(3, EDITIONS["tournament"]).add((5, -2, -3), 0).add((2, 3, -5), [0, 1])
    (out / "series_tournament.json").write_text(dumps(series) + "\n")
    for name in ("classic", "ua-wiki", "pl-2026", "sabra-1978"):
        (out / f"edition_{name}.json").write_text(dumps(EDITIONS[name]) + "\n")
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
