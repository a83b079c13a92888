"""Read a table in tile notation and show how each meld reads under two editions.

Run it from the repository root::

    python examples/read_table.py
    python examples/read_table.py "r12 r13 r1 | k7 r7 j"

For every meld it prints, under the classic rules and under a custom edition whose runs may put a
1 after 13 (``run_wrap="one_high"``, the old American rule), whether the meld is a run or a group,
what each joker stands for and what the meld is worth toward the initial meld; or, if the meld is
not valid under that edition, the reason in a player's words.
"""

from __future__ import annotations

import sys

from rummikub_rules import CLASSIC, Edition, Meld, ParseError, Reading, parse_table

#: Shown when no table is given on the command line: each meld shows something worth seeing.
DEFAULT_TABLE = (
    "r9 j r11 | k5 b5 j | r5 j j | r12 r13 r1 | r12 r13 j | j r13 r1 | r13 r1 r2 | k7 k7 r7"
)

#: The classic rules with one change: 1 may follow 13 in a run (``r12 r13 r1``).
ONE_HIGH = CLASSIC.evolve(name="one-high", run_wrap="one_high")


def describe(reading: Reading, meld: Meld) -> str:
    """One reading in words, e.g. ``run r9 j=r10 r11 (30 points)``."""
    parts = []
    for tile, options in zip(meld.tiles, reading.stands_for, strict=True):
        if tile.is_joker:
            parts.append("j=" + "/".join(str(option) for option in options))
        else:
            parts.append(str(tile))
    return f"{reading.kind.value} {' '.join(parts)} ({reading.value} points)"


def read(meld: Meld, edition: Edition) -> str:
    """Every reading of ``meld`` under ``edition``, or why it has none."""
    readings = meld.readings(edition)
    if not readings:
        return f"not valid: {meld.problem(edition)}"
    return " or ".join(describe(reading, meld) for reading in readings)


def main(argv: list[str]) -> int:
    """Print the readings of the table given in ``argv`` (or of :data:`DEFAULT_TABLE`)."""
    text = " | ".join(argv) if argv else DEFAULT_TABLE
    try:
        table = parse_table(text)
    except ParseError as error:
        print(f"cannot read the table: {error}", file=sys.stderr)
        return 2
    print(f"table: {table}")
    for meld in table:
        print()
        print(f"{meld}")
        for edition in (CLASSIC, ONE_HIGH):
            print(f"  {edition.name:>9}: {read(meld, edition)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
