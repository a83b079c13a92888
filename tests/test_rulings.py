"""Runs every case of the golden rulings file (tests/data/rulings.txt) under every edition named."""

from __future__ import annotations

import pytest

from rummikub_rules import check_turn
from tests.rulings import Expectation, Ruling, load_rulings

RULINGS = load_rulings()
CASES = [(r, e) for r in RULINGS for e in r.expectations]


@pytest.mark.parametrize(
    ("ruling", "expectation"), CASES, ids=[f"{r.name}[{e.label}]" for r, e in CASES]
)
def test_ruling(ruling: Ruling, expectation: Expectation) -> None:
    verdict = check_turn(
        ruling.before, ruling.rack, ruling.after, opened=ruling.opened, edition=expectation.edition
    )
    got = {v.code.value for v in verdict.violations}
    assert got == set(expectation.codes), f"line {ruling.line} ({ruling.source}): {verdict}"
    assert verdict.ok == (not expectation.codes)


@pytest.mark.parametrize("ruling", [r for r in RULINGS if r.retrieved is not None], ids=str)
def test_ruling_retrieved_jokers(ruling: Ruling) -> None:
    edition = ruling.expectations[0].edition
    verdict = check_turn(
        ruling.before, ruling.rack, ruling.after, opened=ruling.opened, edition=edition
    )
    assert verdict.retrieved_jokers == ruling.retrieved


def test_rulings_cover_every_violation_code() -> None:
    from rummikub_rules.turns import Code

    turn_codes = {c.value for c in Code} - {"game_over", "pool_empty", "pool_not_empty"}
    seen = {code for r in RULINGS for e in r.expectations for code in e.codes}
    assert turn_codes <= seen


def test_rulings_cover_every_preset() -> None:
    from rummikub_rules import EDITIONS

    named = {e.label.split("{")[0] for r in RULINGS for e in r.expectations}
    assert set(EDITIONS) <= named


#: Edition fields that change how check_turn judges a turn (RULES.md 4 and 7).
TURN_FIELDS = frozenset(
    {
        "tile_set",
        "run_wrap",
        "group_colors_distinct",
        "max_jokers_per_meld",
        "initial_meld_points",
        "joker_in_initial_meld",
        "opening_may_use_table",
        "joker_retrieval",
        "replacement_from",
        "group_joker_replacement",
        "freed_joker_rack_tiles",
        "joker_melds_extend_only",
    }
)


def test_rulings_file_has_enough_cases() -> None:
    assert len(RULINGS) >= 150


def test_rulings_expect_every_turn_code_several_times() -> None:
    from collections import Counter

    from rummikub_rules.turns import Code

    turn_codes = {c.value for c in Code} - {"game_over", "pool_empty", "pool_not_empty"}
    cases_per_code: Counter[str] = Counter()
    for ruling in RULINGS:
        cases_per_code.update({code for e in ruling.expectations for code in e.codes})
    assert {code: cases_per_code[code] for code in turn_codes if cases_per_code[code] < 3} == {}


def test_rulings_vary_every_turn_field() -> None:
    from rummikub_rules import CLASSIC

    varied = {d.field for r in RULINGS for e in r.expectations for d in CLASSIC.diff(e.edition)}
    assert sorted(TURN_FIELDS - varied) == []


def test_rulings_cite_their_source() -> None:
    uncited = [r.name for r in RULINGS if "RULES.md" not in r.source and "seed" not in r.source]
    assert uncited == []
