"""Judge one turn under every edition and see where the rule books part.

Run it from the repository root::

    python examples/compare_editions.py
    python examples/compare_editions.py "r8 j r10" "r9" "r8 r9 r10 j"

The arguments are the table before the turn, the player's rack and the table after it, in tile
notation; the player has opened. The default is the rules' worked example of a joker freed by
rearranging the table and laid again with two rack tiles: legal where the joker may be freed by
any rearrangement, refused where only its own tile may replace it. The same comparison is the
command ``rummikub-rules compare``.
"""

from __future__ import annotations

import sys

from rummikub_rules import ParseError, compare

DEFAULT_TURN = ("r2 r3 j r5 r6", "r1 r7 b8 b10", "r1 r2 r3 | r5 r6 r7 | b8 j b10")


def main(argv: list[str]) -> int:
    before, rack, after = argv if len(argv) == 3 else DEFAULT_TURN
    try:
        comparison = compare(before, rack, after, opened=True)
    except ParseError as error:
        print(f"cannot read the turn: {error}", file=sys.stderr)
        return 2
    print(f"before: {comparison.before}\nrack:   {rack}\nafter:  {comparison.after}\n")
    print(comparison)
    print()
    for name, verdict in comparison.items():
        for violation in verdict.violations:
            print(f"{name}: {violation.message}")
    print("\nevery edition agrees" if comparison.agree else "\nthe editions disagree")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
