"""Property-test your own Rummikub engine against rummikub-rules with its Hypothesis strategies.

Run it from the repository root (needs the ``hypothesis`` extra)::

    python examples/property_test_your_engine.py

Here "your engine" is a small meld checker and turn referee written from scratch below, the kind
of code a game project has. The strategies of ``rummikub_rules.strategies`` generate valid melds,
turns that are legal by construction and turns that break exactly one rule; the checks compare
your engine's answers with the library's. The toy engine knows only the classic rules for
melds and conservation, so it is checked where those decide. In your own project, put these
functions in a test module and let pytest run them.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummikub_rules import CLASSIC, Code, Meld, Tile, check_turn
from rummikub_rules import strategies as rst

#: No wall-clock limits on the checks: a busy machine, or a slow engine, must not fail them.
PATIENT = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def my_meld_is_valid(tiles: list[Tile]) -> bool:
    """Your engine's meld check: classic rules, jokers anywhere."""
    numbered = [t for t in tiles if not t.is_joker]
    if len(tiles) < 3 or not numbered:
        return False
    numbers = {t.number for t in numbered}
    colors = [t.color for t in numbered]
    if len(numbers) == 1 and len(tiles) <= 4 and len(set(colors)) == len(colors):
        return True  # a group: one number, distinct colours, at most four tiles
    if len(set(colors)) != 1:  # else a run (k1 j j j j is one): one colour
        return False
    first = next(i for i, t in enumerate(tiles) if not t.is_joker)
    start = tiles[first].number - first  # type: ignore[operator]
    return (
        start >= 1
        and start + len(tiles) - 1 <= 13
        and all(t.is_joker or t.number == start + i for i, t in enumerate(tiles))
    )


def my_turn_keeps_the_tiles(
    before: list[list[Tile]], rack: list[Tile], after: list[list[Tile]]
) -> bool:
    """Your engine's conservation check: table tiles stay, added tiles come from the rack."""
    old = Counter(t for meld in before for t in meld)
    new = Counter(t for meld in after for t in meld)
    added = new - old
    return not (old - new) and not (added - Counter(rack)) and bool(added)


@settings(PATIENT, max_examples=200)
@given(rst.melds(CLASSIC))
def check_valid_melds_are_valid(meld: Meld) -> None:
    assert my_meld_is_valid(list(meld.tiles)), f"your engine refuses the valid meld {meld}"


@settings(PATIENT, max_examples=200)
@given(st.lists(rst.tiles(CLASSIC), min_size=1, max_size=6))
def check_meld_verdicts_agree(tiles: list[Tile]) -> None:
    meld = Meld(tiles)
    if meld.kind is None and len(meld.readings(CLASSIC)) == 2:
        return  # one numbered tile and jokers: both engines say valid, readings aside
    assert my_meld_is_valid(tiles) == meld.is_valid(CLASSIC), f"disagree on {meld}"


@settings(PATIENT, max_examples=100)
@given(rst.turns(CLASSIC, opened=True))
def check_legal_turns_keep_the_tiles(turn: rst.Turn) -> None:
    assert check_turn(turn.before, turn.rack, turn.after, opened=True, edition=CLASSIC).ok
    before = [list(m.tiles) for m in turn.before]
    after = [list(m.tiles) for m in turn.after]
    assert my_turn_keeps_the_tiles(before, list(turn.rack), after)
    assert all(my_meld_is_valid(list(m.tiles)) for m in turn.after)


@settings(PATIENT, max_examples=100)
@given(rst.turns(CLASSIC, opened=True, legal=False, breaks=Code.TABLE_TILE_REMOVED))
def check_a_pocketed_table_tile_is_caught(turn: rst.Turn) -> None:
    before = [list(m.tiles) for m in turn.before]
    after = [list(m.tiles) for m in turn.after]
    assert not my_turn_keeps_the_tiles(before, list(turn.rack), after)


if __name__ == "__main__":
    for check in (
        check_valid_melds_are_valid,
        check_meld_verdicts_agree,
        check_legal_turns_keep_the_tiles,
        check_a_pocketed_table_tile_is_caught,
    ):
        check()
        print(f"{check.__name__}: passed")
