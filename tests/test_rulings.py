"""Runs every case of the golden rulings file (tests/data/rulings.txt) under every edition named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummikub_rules import check_turn
from tests.rulings import RULINGS as RULINGS_FILE
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


@pytest.mark.parametrize(
    "ruling", [r for r in RULINGS if r.retrieved is not None], ids=lambda ruling: ruling.name
)
def test_ruling_retrieved_jokers(ruling: Ruling) -> None:
    edition = ruling.expectations[0].edition
    verdict = check_turn(
        ruling.before, ruling.rack, ruling.after, opened=ruling.opened, edition=edition
    )
    assert verdict.retrieved_jokers == ruling.retrieved


@pytest.mark.parametrize(
    "ruling", [r for r in RULINGS if r.lacking], ids=lambda ruling: ruling.name
)
def test_ruling_on_tiles_a_preset_lacks_lays_an_unknown_tile_there(ruling: Ruling) -> None:
    """A case with a plain joker says nothing of expert's rules but that its box has none."""
    for edition in ruling.lacking:
        verdict = check_turn(
            ruling.before, ruling.rack, ruling.after, opened=ruling.opened, edition=edition
        )
        assert "unknown_tile" in {v.code.value for v in verdict.violations}, edition.name


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
        "freed_joker_new_meld",
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


DOCS = Path(__file__).resolve().parent.parent / "docs"
#: What a source may cite: a rules page section, the rulings page, or a preset's rule book.
_CITATION = re.compile(r"rules\.md \d|rulings\.md|the [\w-]+ source|sources of")


def _rules_sections() -> dict[str, int]:
    """Each section number of docs/rules.md and the highest numbered item in it (0: none)."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    sections = re.split(r"^## (\d+)\.", text, flags=re.MULTILINE)[1:]
    return {
        number: max((int(n) for n in re.findall(r"^(\d+)\. ", body, re.MULTILINE)), default=0)
        for number, body in zip(sections[::2], sections[1::2], strict=True)
    }


def test_rulings_cite_the_librarys_own_docs() -> None:
    """Sources cite pages a user has: docs/rules.md, docs/rulings.md, the presets' rule books."""
    text = RULINGS_FILE.read_text(encoding="utf-8")
    assert re.findall(r"RULES\.md|DESIGN\.md|seeds?\b|/work/", text) == []
    assert [r.name for r in RULINGS if not _CITATION.search(r.source)] == []


def test_rulings_cite_sections_and_examples_the_rules_page_has() -> None:
    sections = _rules_sections()
    wrong = []
    for ruling in RULINGS:
        for refs in re.findall(r"rules\.md ((?:\d+(?:\.\d+)?(?:, | and |-)?)+)", ruling.source):
            for section, item in re.findall(r"(\d+)(?:\.(\d+))?", refs):
                if section not in sections or int(item or 0) > sections[section]:
                    wrong.append((ruling.name, f"rules.md {section}.{item}"))
        examples = re.findall(r"worked examples? (\d+)", ruling.source)
        wrong += [(ruling.name, f"example {n}") for n in examples if int(n) > sections["4"]]
    assert wrong == []


def test_rulings_quote_only_what_the_docs_say() -> None:
    """A passage quoted in English is in the rules or rulings page (other languages: rule books)."""
    pages = " ".join(
        (DOCS / page).read_text(encoding="utf-8").replace("`", "")
        for page in ("rules.md", "rulings.md")
    )
    docs = " ".join(pages.split())
    misquoted = [
        (r.name, quote)
        for r in RULINGS
        for quote in re.findall(r'"([^"]+)"', r.source)
        if quote.isascii() and " ".join(quote.split()) not in docs
    ]
    assert misquoted == []


def _values(field: str) -> tuple[object, ...]:
    """Every value a bool or enum rule field can take."""
    import enum

    from rummikub_rules import CLASSIC

    current = getattr(CLASSIC, field)
    if isinstance(current, bool):
        return (False, True)
    if isinstance(current, enum.Enum):
        return tuple(type(current))
    return ()


def test_rulings_hold_every_value_of_every_choice_turn_field() -> None:
    """Each value of each bool or enum field that changes a verdict appears in some ruling."""
    seen = {
        (f, getattr(e.edition, f)) for r in RULINGS for e in r.expectations for f in TURN_FIELDS
    }
    missing = [(f, v) for f in sorted(TURN_FIELDS) for v in _values(f) if (f, v) not in seen]
    assert missing == []


#: The fields that issue 8 added or changed: each value is ruled on under every preset.
NEW_TURN_FIELDS = ("freed_joker_new_meld", "joker_in_initial_meld")


@pytest.mark.parametrize("field", NEW_TURN_FIELDS)
def test_rulings_hold_each_value_of_the_new_fields_under_every_preset(field: str) -> None:
    from rummikub_rules import EDITIONS

    for value in _values(field):
        presets = {
            e.label.split("{")[0]
            for r in RULINGS
            for e in r.expectations
            if getattr(e.edition, field) == value
        }
        assert sorted(set(EDITIONS) - presets) == [], value


def test_ru_classic_differs_from_ru_2018_in_some_ruling() -> None:
    """ru-classic (seed 002) needs no rack tile beside a freed joker; ru-2018 (seed 000) does."""
    from rummikub_rules import EDITIONS, check_turn

    differ = [
        r.name
        for r in RULINGS
        if check_turn(r.before, r.rack, r.after, opened=r.opened, edition=EDITIONS["ru-classic"])
        != check_turn(r.before, r.rack, r.after, opened=r.opened, edition=EDITIONS["ru-2018"])
    ]
    assert len(differ) >= 5
