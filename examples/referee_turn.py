"""Referee one turn under every edition and print each verdict.

Run it from the repository root::

    python examples/referee_turn.py
    python examples/referee_turn.py "r2 r3 j r5 r6" "r1 r7 b8 b10" "r1 r2 r3 | r5 r6 r7 | b8 j b10"

The arguments are the table before the turn, the player's rack and the table after it, in tile
notation; the player has opened. The default is RULES.md's worked example of a joker freed by
rearranging the table and laid again with two rack tiles: legal where the joker may be freed by
any rearrangement, refused where only its own tile may replace it.
"""

from __future__ import annotations

import sys

from rummikub_rules import EDITIONS, ParseError, check_turn, parse_table, parse_tiles

DEFAULT_TURN = ("r2 r3 j r5 r6", "r1 r7 b8 b10", "r1 r2 r3 | r5 r6 r7 | b8 j b10")


def main(argv: list[str]) -> int:
    before_text, rack_text, after_text = argv if len(argv) == 3 else DEFAULT_TURN
    try:
        before, rack, after = (
            parse_table(before_text),
            parse_tiles(rack_text),
            parse_table(after_text),
        )
    except ParseError as error:
        print(f"cannot read the turn: {error}", file=sys.stderr)
        return 2
    print(f"before: {before}\nrack:   {' '.join(map(str, rack))}\nafter:  {after}\n")
    for name, edition in EDITIONS.items():
        verdict = check_turn(before, rack, after, opened=True, edition=edition)
        print(f"{name:>10}: {'legal' if verdict.ok else 'illegal'}")
        for violation in verdict.violations:
            print(f"{'':>12}{violation.code.value}: {violation.message}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
