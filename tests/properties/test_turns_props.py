"""Properties of check_turn (RULES.md section 4): legal turns built by construction pass, a turn
that breaks one rule is caught with that rule's code, and metamorphic laws hold.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from rummikub_rules import (
    EDITIONS,
    EXPERT_SET,
    Code,
    Edition,
    Meld,
    MeldKind,
    Table,
    TileSet,
    Verdict,
    check_turn,
)
from rummikub_rules.strategies import Turn, editions, tables, tiles, turns
from tests.depth import examples

ANY_EDITION = st.one_of(st.sampled_from(tuple(EDITIONS.values())), editions())
#: Tile sets with coloured jokers: the Expert box (use ``EDITIONS["expert"]`` once it is a preset)
#: and custom sets mixing plain and coloured jokers, one with three colours only.
COLOURED_SETS = (
    EXPERT_SET,
    TileSet(jokers=2, colored_jokers=1),
    TileSet(jokers=1, colored_jokers=1, colors="krb"),
)


def _with_coloured_jokers(presets: tuple[Edition, ...]) -> st.SearchStrategy[Edition]:
    """The rules of ``presets`` with a tile set holding coloured jokers."""
    return st.builds(
        lambda edition, tile_set: edition.evolve(tile_set=tile_set),
        st.sampled_from(presets),
        st.sampled_from(COLOURED_SETS),
    )


#: Every preset's rules with each of those tile sets: the turn rules under coloured jokers.
COLOURED = _with_coloured_jokers(tuple(EDITIONS.values()))


def judge(turn: Turn) -> Verdict:
    note(f"{turn.edition.name}: {turn.before} + rack {list(map(str, turn.rack))} -> {turn.after}")
    note(f"opened={turn.opened}, moves={turn.moves}, breaks={turn.breaks}")
    return check_turn(turn.before, turn.rack, turn.after, opened=turn.opened, edition=turn.edition)


@given(turns())
def test_legal_turns_pass_under_every_preset(turn: Turn) -> None:
    verdict = judge(turn)
    assert verdict.ok, str(verdict)
    assert Counter(verdict.played) == Counter(turn.after.tiles) - Counter(turn.before.tiles)
    assert verdict.table == turn.after or any(m.kind for m in verdict.table.melds)


@given(turns(ANY_EDITION))
def test_legal_turns_pass_under_custom_editions(turn: Turn) -> None:
    assert judge(turn).ok


@given(turns(COLOURED))
def test_legal_turns_pass_with_coloured_jokers(turn: Turn) -> None:
    verdict = judge(turn)
    assert verdict.ok, str(verdict)
    assert Counter(verdict.played) == Counter(turn.after.tiles) - Counter(turn.before.tiles)


@given(turns(COLOURED, legal=False))
def test_a_broken_rule_is_caught_with_coloured_jokers(turn: Turn) -> None:
    assert turn.breaks in judge(turn).codes, str(judge(turn))


@given(turns(opened=False))
def test_legal_openings_reach_the_threshold(turn: Turn) -> None:
    assert judge(turn).ok


@given(turns(legal=False))
def test_a_turn_breaking_one_rule_is_caught_with_its_code(turn: Turn) -> None:
    verdict = judge(turn)
    assert not verdict.ok
    assert turn.breaks in verdict.codes, str(verdict)


@given(turns(ANY_EDITION, legal=False))
def test_a_broken_rule_is_caught_under_custom_editions(turn: Turn) -> None:
    assert turn.breaks in judge(turn).codes


@given(turns())
def test_leaving_the_table_as_it_was_is_exactly_no_tile_played(turn: Turn) -> None:
    verdict = check_turn(
        turn.before, turn.rack, turn.before, opened=turn.opened, edition=turn.edition
    )
    assert verdict.codes == (Code.NO_TILE_PLAYED,)
    assert verdict.played == ()


def _shuffled(table: Table, rng: random.Random) -> Table:
    """The same table with its melds in another order and each group's tiles shuffled."""
    melds = []
    for meld in table.melds:
        tiles = list(meld.tiles)
        numbers = {t.number for t in tiles if t.number is not None}
        if meld.kind is MeldKind.GROUP or (len(numbers) == 1 and len(tiles) - meld.jokers >= 2):
            rng.shuffle(tiles)
        melds.append(Meld(tiles, meld.kind))
    rng.shuffle(melds)
    return Table(melds)


@given(st.one_of(turns(), turns(legal=False)), st.randoms(use_true_random=False))
def test_meld_order_and_group_tile_order_never_change_a_verdict(
    turn: Turn, rng: random.Random
) -> None:
    verdict = judge(turn)
    before, after = _shuffled(turn.before, rng), _shuffled(turn.after, rng)
    assert before == turn.before
    assert after == turn.after
    rack = list(turn.rack)
    rng.shuffle(rack)
    again = check_turn(before, rack, after, opened=turn.opened, edition=turn.edition)
    assert again.ok == verdict.ok
    assert sorted(again.codes) == sorted(verdict.codes)
    assert again.played == verdict.played
    assert again.retrieved_jokers == verdict.retrieved_jokers


@given(
    st.one_of(turns(), turns(legal=False), turns(COLOURED), turns(COLOURED, legal=False)), st.data()
)
def test_which_joker_is_which_never_changes_a_verdict(turn: Turn, data: st.DataObject) -> None:
    """Jokers of one kind are interchangeable: a plain joker swapped with a plain one, or a jr
    with a jr, leaves the verdict as it was (a plain and a coloured joker are not alike)."""
    places = [(i, j) for i, m in enumerate(turn.after.melds) for j, t in enumerate(m.tiles)]
    kinds = sorted({t for t in turn.after.tiles if t.is_joker})
    if not kinds:
        return
    kind = data.draw(st.sampled_from(kinds))
    jokers = [p for p in places if turn.after.melds[p[0]].tiles[p[1]] == kind]
    if len(jokers) < 2:
        return
    first, second = data.draw(st.permutations(jokers))[:2]
    melds = [list(m.tiles) for m in turn.after.melds]
    a, b = melds[first[0]][first[1]], melds[second[0]][second[1]]
    melds[first[0]][first[1]], melds[second[0]][second[1]] = b, a
    swapped = Table(Meld(t, m.kind) for t, m in zip(melds, turn.after.melds, strict=True))
    verdict = check_turn(turn.before, turn.rack, swapped, opened=turn.opened, edition=turn.edition)
    assert verdict == judge(turn)


@given(
    ANY_EDITION.flatmap(
        lambda e: st.tuples(
            st.just(e),
            tables(e, max_melds=5),
            st.lists(tiles(e), max_size=8),
            st.one_of(tables(e, max_melds=5), st.lists(st.lists(tiles(e), max_size=5), max_size=4)),
            st.booleans(),
        )
    )
)
def test_check_turn_never_raises_on_well_typed_input(case: tuple[object, ...]) -> None:
    edition, before, rack, after, opened = case
    if isinstance(after, list):
        after = Table(Meld(tiles) for tiles in after)
    verdict = check_turn(before, rack, after, opened=opened, edition=edition)  # type: ignore[arg-type]
    assert isinstance(verdict, Verdict)
    assert verdict.ok == (not verdict.violations)
    assert all(v.message.endswith(".") for v in verdict.violations)


# Each rule on its own, under the editions where it can be broken.
#: Examples per rule: a turn that breaks one named rule can take twenty tries to draw, so the
#: everyday profiles run fewer of them; CI's deep run (``ci-long``) runs them all.
BREAKING = examples(40, deep=100)
EXTEND_ONLY = EDITIONS["classic"].evolve(joker_melds_extend_only=True)
NO_OPENING_JOKER = EDITIONS["classic"].evolve(joker_in_initial_meld="forbidden")
ZERO_OPENING_JOKER = EDITIONS["classic"].evolve(joker_in_initial_meld="zero")
PRESETS = tuple(EDITIONS.values())
RULE_EDITIONS = {
    Code.JOKER_RETRIEVAL_FORBIDDEN: PRESETS,
    Code.FREED_JOKER_NEEDS_RACK_TILES: tuple(e for e in PRESETS if e.freed_joker_rack_tiles),
    Code.FREED_JOKER_NOT_IN_NEW_MELD: tuple(e for e in PRESETS if e.freed_joker_new_meld),
    Code.JOKER_MELD_LOCKED: (EDITIONS["sabra-1978"], EXTEND_ONLY),
    Code.JOKER_IN_INITIAL_MELD: (NO_OPENING_JOKER,),
    Code.INITIAL_MELD_TOO_LOW: PRESETS,
    Code.INITIAL_MELD_USES_TABLE: PRESETS,
    Code.TABLE_TILE_REMOVED: PRESETS,
    Code.UNKNOWN_TILE: PRESETS,
}


@pytest.mark.parametrize("code", list(RULE_EDITIONS), ids=str)
@settings(
    max_examples=BREAKING,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(data=st.data())
def test_each_rule_broken_alone_is_caught(code: Code, data: st.DataObject) -> None:
    turn = data.draw(turns(st.sampled_from(RULE_EDITIONS[code]), legal=False, breaks=code))
    assert turn.breaks is code
    assert code in judge(turn).codes


@pytest.mark.parametrize("code", list(RULE_EDITIONS), ids=str)
@settings(
    max_examples=BREAKING,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(data=st.data())
def test_each_rule_broken_alone_is_caught_with_coloured_jokers(
    code: Code, data: st.DataObject
) -> None:
    editions = _with_coloured_jokers(RULE_EDITIONS[code])
    turn = data.draw(turns(editions, legal=False, breaks=code))
    assert code in judge(turn).codes


#: Rules whose breaking turns break nothing else: the verdict names exactly that rule.
ALONE = (
    Code.FREED_JOKER_NEEDS_RACK_TILES,
    Code.FREED_JOKER_NOT_IN_NEW_MELD,
    Code.JOKER_MELD_LOCKED,
    Code.NO_TILE_PLAYED,
)


@pytest.mark.parametrize("code", ALONE, ids=str)
@settings(
    max_examples=BREAKING,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_rule_broken_alone_is_the_only_code_reported(code: Code, data: st.DataObject) -> None:
    editions = RULE_EDITIONS.get(code, PRESETS)
    chosen = st.sampled_from(editions) | _with_coloured_jokers(editions)
    turn = data.draw(turns(chosen, legal=False, breaks=code))
    assert judge(turn).codes == (code,)


@given(turns(st.sampled_from((EDITIONS["ru-classic"], EDITIONS["ru-2018"]))))
def test_legal_turns_pass_under_both_russian_editions(turn: Turn) -> None:
    """ru-classic differs from ru-2018 only by needing no rack tile beside a freed joker."""
    assert judge(turn).ok
    assert check_turn(
        turn.before, turn.rack, turn.after, opened=turn.opened, edition=EDITIONS["ru-classic"]
    ).ok


@given(st.one_of(turns(), turns(legal=False)))
def test_declaring_the_kind_a_meld_is_read_as_never_changes_a_verdict(turn: Turn) -> None:
    """A meld with one reading means the same written ``run:``/``group:`` or not, and the verdict's
    table (two-way melds declared as read) is judged as the table the player laid."""
    verdict = judge(turn)

    def declared(table: Table) -> Table:
        melds = []
        for meld in table.melds:
            readings = meld.readings(turn.edition)
            melds.append(meld.with_kind(readings[0].kind) if len(readings) == 1 else meld)
        return Table(melds)

    again = check_turn(
        declared(turn.before),
        turn.rack,
        declared(turn.after),
        opened=turn.opened,
        edition=turn.edition,
    )
    assert sorted(again.codes) == sorted(verdict.codes)
    assert again.retrieved_jokers == verdict.retrieved_jokers
    relaid = check_turn(
        turn.before, turn.rack, verdict.table, opened=turn.opened, edition=turn.edition
    )
    assert relaid.ok == verdict.ok
