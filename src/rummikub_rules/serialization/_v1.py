"""Reading version 1 documents: what rummikub-rules 0.1 wrote, with the rules it played by.

Version 1 stored an edition as a preset name or an object of rule fields, both meaning the
rules of that release. Since then presets changed and fields were added, so a version 1
edition is rewritten here as a version 2 object of fields holding the values it was saved
with: no new-meld rule for a freed joker, the pool-empty scoring by difference, the winner
scoring the others' sum, a failed turn's lost tiles shuffled into the pool before the penalty
draw, ``joker_in_initial_meld`` ``true``/``false`` as ``counts``/``forbidden`` (``ua-wiki`` was
``false``), and fields left out taking version 1's classic values. Its name says where it came
from (``"classic (version 1)"``). Documents of the other types read as in version 2; a series
has no agreed rounds and a state records no deal (``GameState`` works it out where it can).
"""

from __future__ import annotations

from typing import Any, Final

from rummikub_rules.errors import FormatError, excerpt
from rummikub_rules.serialization._fields import at, expect_object, kind

__all__ = ["TYPES", "migrate"]

#: The document types version 1 had.
TYPES: Final = frozenset(
    {"tile", "tiles", "meld", "table", "edition", "action", "game_record", "series", "game_state"}
)

#: Every rule field of version 1's classic edition, as version 1 wrote them.
_CLASSIC: Final[dict[str, Any]] = {
    "tile_set": {"colors": ["k", "r", "b", "o"], "numbers": list(range(1, 14)), "copies": 2,
                 "jokers": 2},
    "deal_size": 14, "min_players": 2, "max_players": 4, "first_player": "highest_tile",
    "run_wrap": "none", "group_colors_distinct": True, "max_jokers_per_meld": None,
    "initial_meld_points": 30, "joker_in_initial_meld": True, "opening_may_use_table": False,
    "joker_retrieval": "rearrange", "replacement_from": "rack_or_table",
    "group_joker_replacement": "either", "freed_joker_rack_tiles": 1,
    "joker_melds_extend_only": False, "turn_seconds": 60, "timeout_draw": 1,
    "failed_turn_draw": 3, "pool_empty_end": "until_stuck", "joker_penalty": 30,
    "never_opened_penalty": 0, "series_winner": "most_wins",
}  # fmt: skip

#: How each version 1 preset differed from version 1's classic edition.
_PRESETS: Final[dict[str, dict[str, Any]]] = {
    "classic": {},
    "ru-2018": {},
    "ua-wiki": {"joker_in_initial_meld": False, "joker_retrieval": "replace",
                "freed_joker_rack_tiles": 0, "timeout_draw": 3,
                "pool_empty_end": "one_more_round", "series_winner": "most_points"},
    "pl-2026": {"joker_retrieval": "replace", "replacement_from": "rack",
                "freed_joker_rack_tiles": 0, "series_winner": "most_points"},
    "sabra-1978": {"opening_may_use_table": True, "joker_retrieval": "replace",
                   "replacement_from": "rack", "freed_joker_rack_tiles": 0,
                   "joker_melds_extend_only": True, "turn_seconds": 120, "timeout_draw": 3,
                   "series_winner": "most_points"},
    "us-1980": {"initial_meld_points": 50, "joker_retrieval": "replace",
                "replacement_from": "rack", "group_joker_replacement": "both",
                "freed_joker_rack_tiles": 2, "turn_seconds": 120,
                "series_winner": "most_points"},
    "tournament": {"first_player": "random", "turn_seconds": 40, "timeout_draw": 3,
                   "pool_empty_end": "one_more_round", "joker_penalty": 100,
                   "never_opened_penalty": 100, "series_winner": "most_points"},
    "house-50": {"turn_seconds": None, "joker_penalty": 50, "never_opened_penalty": 100,
                 "series_winner": "most_points"},
    "xp": {"tile_set": {"colors": ["k", "r", "b", "o"], "numbers": list(range(1, 14)),
                        "copies": 3, "jokers": 4}, "max_players": 6},
}  # fmt: skip

#: Version 1's aliases of its preset names.
_ALIASES: Final = {
    "standard": "classic", "manufacturer": "classic", "russian": "ru-2018", "ru": "ru-2018",
    "ukrainian": "ua-wiki", "ua": "ua-wiki", "polish": "pl-2026", "pl": "pl-2026",
    "sabra": "sabra-1978", "1978": "sabra-1978", "us": "us-1980", "pressman-1980": "us-1980",
    "1980": "us-1980", "house": "house-50", "standard-xp": "xp",
}  # fmt: skip

#: The rules version 1 followed where today's editions have a field it did not.
_SINCE_V2: Final = {
    "freed_joker_new_meld": False,
    "pool_empty_scoring": "difference",
    "winner_scores": "others_sum",
    "failed_turn_draw_first": False,
}


def migrate(tag: str, data: object, path: str) -> object:
    """The version 2 ``data`` of a version 1 document of type ``tag`` (one of :data:`TYPES`)."""
    if tag == "edition":
        return _edition(data, path)
    if (
        tag in ("game_record", "series", "game_state")
        and isinstance(data, dict)
        and "edition" in data
    ):
        return {**data, "edition": _edition(data["edition"], at(path, "edition"))}
    return data


def _edition(value: object, path: str) -> dict[str, Any]:
    if isinstance(value, str):
        key = value.strip().lower().replace("_", "-")
        name = _ALIASES.get(key, key)
        if name not in _PRESETS:
            known = ", ".join(_PRESETS)
            raise FormatError(
                f"unknown version 1 edition {excerpt(value)}; known editions: {known}", path=path
            )
        fields: dict[str, Any] = {
            **_PRESETS[name],
            "name": f"{name} (version 1)",
            "description": f"The {name} preset as rummikub-rules 0.1 played it (version 1).",
        }
    else:
        fields = expect_object(value, path, optional=("name", "description", *_CLASSIC))
        if isinstance(fields.get("tile_set"), dict):
            # Version 1 had no coloured jokers: its tile sets know only its own four fields.
            expect_object(fields["tile_set"], at(path, "tile_set"), optional=_CLASSIC["tile_set"])
    migrated = {**_SINCE_V2, **_CLASSIC, **fields}
    joker = migrated["joker_in_initial_meld"]
    if not isinstance(joker, bool):
        raise FormatError(
            f"expected true or false, got {kind(joker)}", path=at(path, "joker_in_initial_meld")
        )
    migrated["joker_in_initial_meld"] = "counts" if joker else "forbidden"
    return migrated
