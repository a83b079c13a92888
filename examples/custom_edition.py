"""Make a house edition of your own, see how it differs, and play by it.

Run it from the repository root::

    python examples/custom_edition.py

A custom edition is a preset with some rules changed (``Edition.evolve``); every field is
checked when it is made, and it prints as the preset it came from plus its changes, so it can be
pasted back into Python. Here: the classic rules with a joker worth 50 at the end, 100 for never
opening, the old American run ``12 13 1``, and penalty scoring.
"""

from __future__ import annotations

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    RummikubError,
    check_turn,
    parse_table,
    parse_tiles,
    score_game,
)

HOUSE = CLASSIC.evolve(
    name="our-house",
    joker_penalty=50,
    never_opened_penalty=100,
    run_wrap="one_high",
    winner_scores="zero",
)


def main() -> None:
    print(f"{HOUSE!r}\n")
    print("differences from classic:")
    for difference in CLASSIC.diff(HOUSE):
        print(f"  {difference}")
    closest = min(EDITIONS.values(), key=lambda preset: len(preset.diff(HOUSE)))
    print(f"closest preset: {closest.name} ({len(closest.diff(HOUSE))} differences)\n")

    before, rack = parse_table("r10 r11 r12"), parse_tiles("r13 r1")
    after = parse_table("r10 r11 r12 r13 r1")
    for edition in (CLASSIC, HOUSE):
        verdict = check_turn(before, rack, after, opened=True, edition=edition)
        print(f"{edition.name}: r13 r1 after r10 r11 r12 is {'legal' if verdict else 'illegal'}")

    racks = [(), parse_tiles("r5 b8"), parse_tiles("j k2")]
    for edition in (CLASSIC, HOUSE):
        scores = score_game(racks, winner=0, edition=edition, opened=[True, True, False])
        print(f"{edition.name} scores for racks (empty | r5 b8 | j k2, never opened): {scores}")

    try:
        CLASSIC.evolve(joker_penalty=-5)
    except RummikubError as error:
        print(f"\na bad value is refused when the edition is made: {error}")


if __name__ == "__main__":
    main()
