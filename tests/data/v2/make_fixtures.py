"""Writes the version 2 fixtures of this directory; run it with the release before coloured jokers.

The documents here were written by ``python make_fixtures.py OUT_DIR`` with the library at commit
0433800 (format version 2, before coloured jokers: a tile set object has no ``colored_jokers``)
and are kept as that release wrote them. ``expected.json`` records, for each game record, what
that release computed at the end: scores, winners and the number of actions.
``tests/test_json_expert.py`` checks that today's code reads every document and replays every
record to the same end.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rummikub_rules import CLASSIC, Play, TileSet, dumps, parse_table, play_game
from rummikub_rules.bots import GreedyBot

#: A custom edition: its tile set is written as an object of fields.
FOUR_JOKERS = CLASSIC.evolve(name="four jokers", tile_set=TileSet(jokers=4), joker_penalty=25)


def main(out: Path) -> None:
    record = play_game([GreedyBot(), GreedyBot()], edition=FOUR_JOKERS, seed=5, max_turns=24)
    final = record.replay()
    documents: dict[str, Any] = {
        "edition_four_jokers": FOUR_JOKERS,
        "record_four_jokers": record,
        "record_four_jokers.final_state": final,
        "table_with_jokers": parse_table("r9 j r11 | k5 b5 j"),
        "action_play": Play(parse_table("r9 j r11")),
    }
    for name, value in documents.items():
        (out / f"{name}.json").write_text(dumps(value, indent=2) + "\n", encoding="utf-8")
    plays = sum(isinstance(action, Play) for action in record.actions)
    expected = {
        "record_four_jokers": {
            "actions": len(record.actions),
            "plays": plays,
            "over": final.is_over,
            "table": [str(meld) for meld in final.table.melds],
            "pool": len(final.pool),
        }
    }
    (out / "expected.json").write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
