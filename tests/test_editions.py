"""Editions: the presets of RULES.md section 7, lookup by name, diff, evolve and validation."""

from __future__ import annotations

import enum
import itertools
import pickle
from typing import Any

import attrs
import pytest

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    EXPERT_SET,
    STANDARD_SET,
    XP_SET,
    Difference,
    Edition,
    FirstPlayer,
    InvalidValueError,
    JokerInInitialMeld,
    JokerRetrieval,
    RummikubError,
    RunWrap,
    TileSet,
    UnknownEditionError,
    UnknownFieldError,
    get_edition,
)

# The table of RULES.md section 7, copied verbatim. Keep it in step with RULES.md: this test is
# the check that editions.py implements what the rules say.
RULES_TABLE = """
| field | classic | ru-2018 | ru-classic | ua-wiki | pl-2026 | sabra-1978 | us-1980 | tournament | house-50 | xp | expert |
|---|---|---|---|---|---|---|---|---|---|---|---|
| tile set | std | std | std | std | std | std | std | std | std | xp | **expert** |
| players | 2-4 | 2-4 | 2-4 | 2-4 | 2-4 | 2-4 | 2-4 | 2-4 | 2-4 | 2-6 | 2-4 |
| deal_size | 14 | 14 | 14 | 14 | 14 | 14 | 14 | 14 | 14 | 14 | 14 |
| initial_meld_points | 30 | 30 | 30 | 30 | 30 | 30 | **50** | 30 | 30 | 30 | 30 |
| joker_in_initial_meld | counts | counts | counts | counts | counts | counts | counts | counts | counts | counts | counts |
| opening_may_use_table | no | no | no | no | no | **yes** | no | no | no | no | no |
| joker_retrieval | rearrange | rearrange | rearrange | replace | replace | replace | replace | rearrange | rearrange | rearrange | rearrange |
| replacement_from | rack_or_table | rack_or_table | rack_or_table | rack_or_table | rack | rack | rack | rack_or_table | rack_or_table | rack_or_table | rack_or_table |
| group_joker_replacement | either | either | either | either | either | either | **both** | either | either | either | either |
| freed_joker_rack_tiles | 1 | 1 | **0** | 0 | 0 | 0 | 2 | 1 | 1 | 1 | 1 |
| freed_joker_new_meld | yes | yes | yes | yes | yes | **no** | yes | yes | yes | yes | yes |
| joker_melds_extend_only | no | no | no | no | no | **yes** | no | no | no | no | no |
| run_wrap | none | none | none | none | none | none | none | none | none | none | none |
| group_colors_distinct | yes | yes | yes | yes | yes | yes | yes | yes | yes | yes | yes |
| turn_seconds | 60 | 60 | 60 | 60 | 60 | 120 | 120 | 40 | none | 60 | 60 |
| timeout_draw | 1 | 1 | 1 | 3 | 1 | 3 | 1 | 3 | 1 | 1 | 1 |
| failed_turn_draw | 3 | 3 | 3 | 3 | 3 | 3 | 3 | 3 | 3 | 3 | 3 |
| pool_empty_end | until_stuck | until_stuck | until_stuck | one_more_round | until_stuck | until_stuck | until_stuck | one_more_round | until_stuck | until_stuck | until_stuck |
| pool_empty_scoring | difference | difference | difference | difference | **racks** | difference | difference | difference | difference | difference | difference |
| winner_scores | others_sum | others_sum | others_sum | others_sum | others_sum | others_sum | others_sum | others_sum | others_sum | others_sum | others_sum |
| joker_penalty | 30 | 30 | 30 | 30 | 30 | 30 | 30 | 100 | **50** | 30 | 30 |
| never_opened_penalty | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 100 | 100 | 0 | 0 |
| series_winner | most_wins | most_wins | most_wins | most_points | most_points | most_points | most_points | most_points | most_points | most_wins | most_wins |
| first_player | highest_tile | highest_tile | highest_tile | highest_tile | highest_tile | highest_tile | highest_tile | random | highest_tile | highest_tile | highest_tile |
"""  # noqa: E501 - the table is copied as it stands

#: Rule fields set outside the table, with the value RULES.md gives every preset (sections 2, 5).
OUTSIDE_TABLE = {"max_jokers_per_meld": None, "failed_turn_draw_first": True}


def _cells(line: str) -> list[str]:
    return [cell.strip().strip("*") for cell in line.strip().strip("|").split("|")]


def _value(field: str, cell: str) -> object:
    if isinstance(getattr(CLASSIC, field), enum.Enum):
        return cell  # a word such as run_wrap's "none"; compared with the enum's value
    named: dict[str, object] = {"std": STANDARD_SET, "xp": XP_SET, "expert": EXPERT_SET}
    named.update({"yes": True, "no": False})
    named["none"] = None
    if cell in named:
        return named[cell]
    if cell.isdigit():
        return int(cell)
    return cell


def _parse_table() -> tuple[list[str], dict[str, dict[str, object]]]:
    lines = [line for line in RULES_TABLE.strip().splitlines() if not line.startswith("|---")]
    names = _cells(lines[0])[1:]
    expected: dict[str, dict[str, object]] = {name: {} for name in names}
    for line in lines[1:]:
        field, *cells = _cells(line)
        assert len(cells) == len(names), field
        for name, cell in zip(names, cells, strict=True):
            if field == "players":
                low, high = cell.split("-")
                expected[name]["min_players"] = int(low)
                expected[name]["max_players"] = int(high)
            else:
                key = field.replace(" ", "_")
                expected[name][key] = _value(key, cell)
    for fields in expected.values():
        fields.update(OUTSIDE_TABLE)
    return names, expected


NAMES, EXPECTED = _parse_table()


def test_rules_table_covers_every_rule_field() -> None:
    assert set(Edition.rule_fields()) == set(EXPECTED["classic"])
    assert "name" not in Edition.rule_fields()
    assert "description" not in Edition.rule_fields()


def test_editions_are_the_eleven_presets_of_the_table_in_order() -> None:
    assert len(NAMES) == 11
    assert list(EDITIONS) == NAMES
    assert len(EDITIONS) == 11
    assert [EDITIONS[name].name for name in NAMES] == NAMES


@pytest.mark.parametrize(
    ("name", "field"), [(n, f) for n in NAMES for f in Edition.rule_fields()], ids=str
)
def test_preset_field_matches_rules_table(name: str, field: str) -> None:
    actual = getattr(EDITIONS[name], field)
    expected = EXPECTED[name][field]
    assert actual == expected
    if isinstance(expected, bool) or expected is None:
        assert actual is expected
    elif isinstance(expected, int):
        assert type(actual) is int
    elif isinstance(expected, str):
        assert str(actual) == expected  # an enum member whose value is the table's word
        assert actual != expected.upper()


@pytest.mark.parametrize(("left", "right"), list(itertools.combinations(NAMES, 2)), ids=str)
def test_diff_of_presets_lists_exactly_the_fields_the_table_shows_differ(
    left: str, right: str
) -> None:
    a, b = EDITIONS[left], EDITIONS[right]
    differing = [f for f in Edition.rule_fields() if EXPECTED[left][f] != EXPECTED[right][f]]
    assert [d.field for d in a.diff(b)] == differing
    assert all(d.left == getattr(a, d.field) and d.right == getattr(b, d.field) for d in a.diff(b))
    assert (a == b) == (not differing)


def test_classic_is_the_classic_preset() -> None:
    assert EDITIONS["classic"] is CLASSIC
    assert CLASSIC.name == "classic"
    assert str(CLASSIC) == "classic"
    assert CLASSIC.description


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("standard", "classic"),
        ("Standard", "classic"),
        (" CLASSIC ", "classic"),
        ("House_50", "house-50"),
        ("XP", "xp"),
        ("Sabra-1978", "sabra-1978"),
        ("us", "us-1980"),
    ],
)
def test_editions_lookup_takes_aliases_and_any_case(alias: str, name: str) -> None:
    assert EDITIONS[alias] is EDITIONS[name]
    assert alias in EDITIONS
    assert get_edition(alias) is EDITIONS[name]


def test_every_alias_names_a_preset() -> None:
    assert EDITIONS.aliases["standard"] == "classic"
    for alias, name in EDITIONS.aliases.items():
        assert name in NAMES
        assert EDITIONS[alias].name == name
        assert alias not in list(EDITIONS)


def test_unknown_edition_error_lists_known_names() -> None:
    with pytest.raises(UnknownEditionError) as caught:
        EDITIONS["canasta"]
    error = caught.value
    assert isinstance(error, KeyError)
    assert isinstance(error, RummikubError)
    assert error.name == "canasta"
    assert error.known == tuple(NAMES)
    message = str(error)
    assert "canasta" in message
    assert all(name in message for name in NAMES)
    with pytest.raises(UnknownEditionError):
        get_edition("canasta")


def test_unknown_names_are_not_in_editions() -> None:
    assert "canasta" not in EDITIONS
    number: object = 7
    assert number not in EDITIONS
    assert EDITIONS.get("canasta") is None


def test_get_edition_passes_an_edition_through() -> None:
    custom = CLASSIC.evolve(joker_penalty=50)
    assert get_edition(custom) is custom


def test_diff_of_an_edition_with_itself_is_empty() -> None:
    assert CLASSIC.diff(CLASSIC) == ()
    assert CLASSIC.diff(EDITIONS["ru-2018"]) == ()


def test_diff_lists_every_differing_field_in_rules_order() -> None:
    diff = CLASSIC.diff(EDITIONS["house-50"])
    assert diff == (
        Difference("turn_seconds", 60, None),
        Difference("joker_penalty", 30, 50),
        Difference("never_opened_penalty", 0, 100),
        Difference("series_winner", "most_wins", "most_points"),
    )
    assert [str(d) for d in diff] == [
        "turn_seconds: 60 -> None",
        "joker_penalty: 30 -> 50",
        "never_opened_penalty: 0 -> 100",
        "series_winner: most_wins -> most_points",
    ]


def test_diff_is_antisymmetric() -> None:
    a, b = EDITIONS["us-1980"], EDITIONS["tournament"]
    assert [(d.field, d.right, d.left) for d in a.diff(b)] == [
        (d.field, d.left, d.right) for d in b.diff(a)
    ]


def test_diff_ignores_labels() -> None:
    renamed = CLASSIC.evolve(name="mine", description="my house")
    assert renamed.diff(CLASSIC) == ()
    assert renamed == CLASSIC
    assert hash(renamed) == hash(CLASSIC)


def test_evolve_renames_to_custom() -> None:
    custom = CLASSIC.evolve(joker_penalty=50)
    assert custom.name == "custom"
    assert "classic" in custom.description
    assert custom.joker_penalty == 50
    assert CLASSIC.joker_penalty == 30
    assert custom.diff(CLASSIC) == (Difference("joker_penalty", 50, 30),)


@pytest.mark.parametrize(
    ("field", "nearest"),
    [("initial_meld", "initial_meld_points"), ("joker_penalties", "joker_penalty"), ("zz", None)],
)
def test_evolve_names_an_unknown_field_and_the_nearest_known_one(
    field: str, nearest: str | None
) -> None:
    with pytest.raises(UnknownFieldError) as caught:
        CLASSIC.evolve(**{field: 40})
    error = caught.value
    assert (error.field, error.nearest) == (field, nearest)
    assert isinstance(error, InvalidValueError)
    assert isinstance(error, TypeError)
    assert f"no field {field!r}" in str(error)
    assert (f"did you mean {nearest!r}?" in str(error)) == (nearest is not None)
    assert "initial_meld_points" in error.known
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.field, copy.nearest, copy.known, str(copy)) == (
        error.field,
        error.nearest,
        error.known,
        str(error),
    )


def test_evolve_keeps_a_given_name() -> None:
    assert CLASSIC.evolve(name="club", joker_penalty=40).name == "club"


def test_attrs_evolve_also_makes_a_custom_edition() -> None:
    custom = attrs.evolve(CLASSIC, joker_penalty=50)
    assert custom.joker_penalty == 50
    assert custom == CLASSIC.evolve(joker_penalty=50)


def test_evolve_converts_words_to_enums() -> None:
    custom = CLASSIC.evolve(run_wrap="full", joker_retrieval="replace", first_player="random")
    assert custom.run_wrap is RunWrap.FULL
    assert custom.joker_retrieval is JokerRetrieval.REPLACE
    assert custom.first_player is FirstPlayer.RANDOM


def test_editions_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        CLASSIC.joker_penalty = 50  # type: ignore[misc]


def test_custom_tile_set_edition() -> None:
    small = TileSet(colors="krb", numbers=range(1, 7), copies=1, jokers=1)
    custom = CLASSIC.evolve(tile_set=small, deal_size=9)
    assert custom.tile_set.size == 19
    assert custom.diff(CLASSIC)[0].field == "tile_set"


@pytest.mark.parametrize(
    "changes",
    [
        {"joker_penalty": -1},
        {"initial_meld_points": -30},
        {"deal_size": 0},
        {"deal_size": 60},
        {"min_players": 1},
        {"min_players": 5},
        {"max_players": 1},
        {"turn_seconds": 0},
        {"timeout_draw": -1},
        {"failed_turn_draw": -3},
        {"freed_joker_rack_tiles": -1},
        {"never_opened_penalty": -100},
        {"max_jokers_per_meld": -1},
        {"run_wrap": "sideways"},
        {"joker_retrieval": "steal"},
        {"replacement_from": "pool"},
        {"group_joker_replacement": "neither"},
        {"pool_empty_end": "never"},
        {"series_winner": "fewest_losses"},
        {"first_player": "oldest"},
        {"joker_in_initial_meld": 1},
        {"joker_in_initial_meld": "no"},
        {"pool_empty_scoring": "average"},
        {"winner_scores": "double"},
        {"tile_set": TileSet(numbers=range(1, 3), colors="k", copies=1, jokers=0)},
    ],
    ids=str,
)
def test_evolve_rejects_nonsense_values(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - each case has its own message
        CLASSIC.evolve(**changes)


@pytest.mark.parametrize(
    "changes",
    [
        {"group_colors_distinct": "yes"},
        {"freed_joker_new_meld": 1},
        {"initial_meld_points": True},
        {"initial_meld_points": 30.0},
        {"name": 123},
        {"description": None},
        {"opening_may_use_table": None},
        {"joker_melds_extend_only": "no"},
        {"tile_set": "std"},
    ],
    ids=str,
)
def test_evolve_rejects_wrong_types(changes: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        CLASSIC.evolve(**changes)


def test_players_bounds_accept_the_xp_range() -> None:
    assert CLASSIC.evolve(tile_set=XP_SET, max_players=6).max_players == 6
    assert CLASSIC.evolve(min_players=3, max_players=3).min_players == 3
    assert CLASSIC.evolve(turn_seconds=None).turn_seconds is None
    assert CLASSIC.evolve(max_jokers_per_meld=0).max_jokers_per_meld == 0


@pytest.mark.parametrize(
    ("old", "new"), [(True, JokerInInitialMeld.COUNTS), (False, JokerInInitialMeld.FORBIDDEN)]
)
def test_joker_in_initial_meld_still_takes_a_bool_with_a_warning(
    old: bool, new: JokerInInitialMeld
) -> None:
    with pytest.warns(DeprecationWarning, match="three-valued"):
        edition = CLASSIC.evolve(joker_in_initial_meld=old)
    assert edition.joker_in_initial_meld is new


def test_ru_classic_is_ru_2018_without_rack_tiles_for_a_freed_joker() -> None:
    assert [str(d) for d in EDITIONS["ru-2018"].diff(EDITIONS["ru-classic"])] == [
        "freed_joker_rack_tiles: 1 -> 0"
    ]


def test_expert_is_classic_with_the_expert_box() -> None:
    expert = EDITIONS["expert"]
    assert [str(d) for d in CLASSIC.diff(expert)] == [
        "tile_set: TileSet() -> TileSet(jokers=0, colored_jokers=2)"
    ]
    assert expert.tile_set is EXPERT_SET
    assert (expert.tile_set.size, expert.tile_set.total_jokers) == (112, 8)
    assert (expert.min_players, expert.max_players) == (2, 4)
    assert expert.description
    assert repr(expert) == "EDITIONS['expert']"


def test_only_sabra_1978_lets_a_freed_joker_go_back_into_an_old_meld() -> None:
    assert [name for name, e in EDITIONS.items() if not e.freed_joker_new_meld] == ["sabra-1978"]


@pytest.mark.parametrize(
    "changes",
    [
        {"joker_retrieval": "swap"},
        {"name": 123},
        {"initial_meld_points": -1},
        {"tile_set": 1},
    ],
    ids=str,
)
def test_edition_construction_errors_are_rummikub_errors(changes: dict[str, Any]) -> None:
    with pytest.raises(RummikubError):
        CLASSIC.evolve(**changes)


def test_presets_print_as_their_place_in_editions() -> None:
    assert [repr(edition) for edition in EDITIONS.values()] == [
        f"EDITIONS[{name!r}]" for name in EDITIONS
    ]


@pytest.mark.parametrize(
    "edition",
    [
        CLASSIC.evolve(joker_penalty=50),
        CLASSIC.evolve(),
        EDITIONS["xp"].evolve(name="xp-6", run_wrap="full"),
        CLASSIC.evolve(tile_set=TileSet(numbers=range(3, 11), copies=3, jokers=8), deal_size=7),
        EDITIONS["us-1980"].evolve(joker_in_initial_meld="zero", turn_seconds=None),
        EDITIONS["expert"].evolve(tile_set=TileSet(jokers=2, colored_jokers=1)),
    ],
    ids=repr,
)
def test_a_custom_edition_repr_pastes_back(edition: Edition) -> None:
    again = eval(repr(edition), {"EDITIONS": EDITIONS, "TileSet": TileSet})
    assert again == edition
    assert again.name == edition.name
    assert len(repr(edition)) < 200
