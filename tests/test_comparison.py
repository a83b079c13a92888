"""compare(): one turn judged under many editions."""

from __future__ import annotations

import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    InvalidTypeError,
    InvalidValueError,
    parse_table,
    parse_tiles,
)
from rummikub_rules import comparison as compare_module
from rummikub_rules.comparison import Comparison, compare
from rummikub_rules.turns import Verdict, check_turn

# RULES.md 4.5: freeing the joker by rearranging is legal where jokers may be rearranged, and
# forbidden where only its own tile from the rack may replace it.
FREED_BY_REARRANGING = ("r2 r3 j r5 r6", "r1 r7 b8 b10", "r1 r2 r3 | r5 r6 r7 | b8 j b10")


def test_compare_judges_every_preset_in_preset_order() -> None:
    result = compare(*FREED_BY_REARRANGING, opened=True)
    assert list(result) == list(EDITIONS)
    for name, verdict in result.items():
        expected = check_turn(
            parse_table(FREED_BY_REARRANGING[0]),
            parse_tiles(FREED_BY_REARRANGING[1]),
            parse_table(FREED_BY_REARRANGING[2]),
            opened=True,
            edition=EDITIONS[name],
        )
        assert verdict == expected


def test_editions_disagree_on_a_joker_freed_by_rearranging() -> None:
    result = compare(*FREED_BY_REARRANGING, opened=True)
    assert not result.agree
    assert result["classic"].ok
    assert not result["pl-2026"].ok


def test_compare_takes_names_objects_and_aliases_in_the_order_given() -> None:
    custom = CLASSIC.evolve(joker_penalty=50, name="joker-50")
    result = compare(*FREED_BY_REARRANGING, opened=True, editions=["pl", custom, "standard"])
    assert list(result) == ["pl-2026", "joker-50", "classic"]


def test_editions_with_equal_turn_rules_are_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def counting(*args: object, **kwargs: object) -> Verdict:
        calls.append(str(kwargs["edition"]))
        return check_turn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(compare_module, "check_turn", counting)
    result = compare(*FREED_BY_REARRANGING, opened=True)
    distinct = {edition.turn_rules for edition in EDITIONS.values()}
    assert len(calls) == len(distinct) < len(EDITIONS)
    assert result["tournament"] == result["classic"]


def test_two_different_editions_under_one_name_are_refused() -> None:
    with pytest.raises(InvalidValueError, match="name them apart"):
        compare(
            "",
            "r1 r2 r3",
            "r1 r2 r3",
            opened=True,
            editions=[CLASSIC, CLASSIC.evolve().evolve(name="classic", joker_penalty=50)],
        )


def test_the_same_edition_twice_is_listed_once() -> None:
    result = compare("", "r1 r2 r3", "r1 r2 r3", opened=True, editions=["classic", CLASSIC])
    assert list(result) == ["classic"]


def test_comparison_prints_a_table() -> None:
    result = compare(*FREED_BY_REARRANGING, opened=True, editions=["classic", "pl-2026"])
    lines = str(result).splitlines()
    assert lines[0].split() == ["edition", "legal", "codes"]
    assert lines[1].split() == ["classic", "yes"]
    assert lines[2].split()[:2] == ["pl-2026", "no"]
    assert "joker_retrieval_forbidden" in lines[2]


def test_wrong_argument_types_name_the_parameter() -> None:
    with pytest.raises(InvalidTypeError, match="before"):
        compare(42, "r1", "", opened=True)  # type: ignore[arg-type]
    with pytest.raises(InvalidTypeError, match="editions"):
        compare("", "r1", "", opened=True, editions=[3])  # type: ignore[list-item]
    with pytest.raises(KeyError, match="known editions"):
        compare("", "r1", "", opened=True, editions=["nowhere"])


def test_comparison_is_a_frozen_mapping() -> None:
    result = compare("", "r1 r2 r3", "r1 r2 r3", opened=True)
    assert isinstance(result, Comparison)
    assert result.agree
    assert len(result) == len(EDITIONS)
    with pytest.raises(KeyError):
        result["nowhere"]
