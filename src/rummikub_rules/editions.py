"""Editions: every rule that differs between Rummikub boxes, as one frozen object (rules section 7).

An :class:`Edition` holds one value for each rule field (rules section 7). :data:`EDITIONS` maps
the preset names (and aliases such as ``standard``) to the eleven presets; :data:`CLASSIC` is the
current manufacturer's rules. A custom edition is ``CLASSIC.evolve(joker_penalty=50)``.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping
from typing import Any, Final

import attrs

from rummikub_rules._choices import Choice
from rummikub_rules.errors import (
    InvalidTypeError,
    InvalidValueError,
    UnknownEditionError,
    UnknownFieldError,
    excerpt,
)
from rummikub_rules.tiles import EXPERT_SET, STANDARD_SET, XP_SET, TileSet

__all__ = [
    "CLASSIC",
    "EDITIONS",
    "TURN_RULE_FIELDS",
    "Difference",
    "Edition",
    "FirstPlayer",
    "GroupJokerReplacement",
    "JokerInInitialMeld",
    "JokerRetrieval",
    "PoolEmptyEnd",
    "PoolEmptyScoring",
    "ReplacementFrom",
    "RunWrap",
    "SeriesWinner",
    "WinnerScores",
    "get_edition",
]


class RunWrap(Choice):
    """Whether a run may continue past 13 (the ``run_wrap`` edition field)."""

    #: Standard: 1 is only low; ``r12 r13 r1`` is not a run.
    NONE = "none"
    #: Old American: 1 may follow 13 (``r12 r13 r1``), but a run never goes on past it.
    ONE_HIGH = "one_high"
    #: House rule: runs wrap around, ``r11 r12 r13 r1 r2``.
    FULL = "full"


class JokerInInitialMeld(Choice):
    """Whether a joker from the rack may be part of the initial meld (``joker_in_initial_meld``)."""

    #: It counts as the tile it stands for (every source text).
    COUNTS = "counts"
    #: It may be laid but counts 0 toward the threshold (a house rule; some computer games).
    ZERO = "zero"
    #: It may not be laid in the opening turn.
    FORBIDDEN = "forbidden"


def _joker_in_initial_meld(value: object) -> JokerInInitialMeld:
    """The field's converter; ``True``/``False`` (the field's type before 0.2) still work."""
    if isinstance(value, bool):
        warnings.warn(
            "joker_in_initial_meld is three-valued since 0.2: use 'counts' for True and "
            "'forbidden' for False",
            DeprecationWarning,
            stacklevel=4,
        )
        return JokerInInitialMeld.COUNTS if value else JokerInInitialMeld.FORBIDDEN
    return JokerInInitialMeld(value)


class JokerRetrieval(Choice):
    """How a joker on the table may be freed (``joker_retrieval``)."""

    #: Modern rule: by the tile it stands for or by any rearrangement leaving every meld valid.
    REARRANGE = "rearrange"
    #: The joker's place must be taken by a real tile of what it stands for.
    REPLACE = "replace"


class ReplacementFrom(Choice):
    """Where the tile replacing a joker may come from, under ``replace`` (``replacement_from``)."""

    RACK = "rack"
    RACK_OR_TABLE = "rack_or_table"


class GroupJokerReplacement(Choice):
    """How many missing colours free a joker from a three-tile group."""

    #: One tile of a missing colour frees it.
    EITHER = "either"
    #: Both missing colours are needed (1980 US sheet).
    BOTH = "both"


class PoolEmptyEnd(Choice):
    """What happens once the pool is empty (``pool_empty_end``)."""

    #: Play on until every player has passed in a row.
    UNTIL_STUCK = "until_stuck"
    #: After the last tile is drawn, every player has exactly one more turn.
    ONE_MORE_ROUND = "one_more_round"


class PoolEmptyScoring(Choice):
    """How a game that ends with the pool empty is scored (``pool_empty_scoring``)."""

    #: Each other player pays the difference between their rack and the lowest rack.
    DIFFERENCE = "difference"
    #: Each other player pays their whole rack, as when a player goes out.
    RACKS = "racks"


class WinnerScores(Choice):
    """What the winner of a game scores (``winner_scores``)."""

    #: The sum of what the others pay: a game's scores add up to zero.
    OTHERS_SUM = "others_sum"
    #: Nothing (penalty scoring): only the others' minus points are written down.
    ZERO = "zero"


class SeriesWinner(Choice):
    """Who wins a series of games (``series_winner``)."""

    #: Most games won, ties broken by total points.
    MOST_WINS = "most_wins"
    #: Most total points.
    MOST_POINTS = "most_points"


class FirstPlayer(Choice):
    """How the first player is chosen (``first_player``)."""

    #: Everyone draws a tile; the highest number starts (jokers and ties draw again).
    HIGHEST_TILE = "highest_tile"
    #: A random seat starts.
    RANDOM = "random"


def _at_least(low: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int:
            raise InvalidTypeError(f"{attribute.name} must be an int, got {excerpt(value)}")
        if value < low:
            raise InvalidValueError(f"{attribute.name} must be at least {low}, got {value}")

    return check


def _optional_at_least(low: int) -> Any:
    inner = _at_least(low)

    def check(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None:
            inner(instance, attribute, value)

    return check


def _check_players(instance: Edition, attribute: attrs.Attribute[int], value: int) -> None:
    _at_least(2)(instance, attribute, value)
    if instance.max_players < instance.min_players:
        raise InvalidValueError("max_players must not be below min_players")
    if instance.min_players * instance.deal_size > instance.tile_set.size:
        raise InvalidValueError(
            "the tile set is too small to deal to the minimum number of players"
        )


def _boolean(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{attribute.name} must be a bool, got {excerpt(value)}")


def _tile_set(instance: object, attribute: attrs.Attribute[TileSet], value: TileSet) -> None:
    if not isinstance(value, TileSet):
        raise InvalidTypeError(f"tile_set must be a TileSet, got {excerpt(value)}")


def _text(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise InvalidTypeError(f"{attribute.name} must be a str, got {excerpt(value)}")


#: The rule fields that ``check_turn`` reads (rules section 1, 2 and 4); the others are game rules.
TURN_RULE_FIELDS: Final = (
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
)


@attrs.frozen
class Difference:
    """One rule field whose value differs between two editions."""

    field: str
    left: object
    right: object

    def __str__(self) -> str:
        return f"{self.field}: {self.left} -> {self.right}"


@attrs.frozen(cache_hash=True)
class Edition:
    """One complete rule set. Field names and meanings are those of the rules (section 7).

    ``name`` and ``description`` are labels, not rules: two editions with the same rules are
    equal whatever they are called.

    >>> CLASSIC.initial_meld_points, CLASSIC.joker_retrieval
    (30, <JokerRetrieval.REARRANGE: 'rearrange'>)
    >>> [str(d) for d in CLASSIC.diff(EDITIONS["house-50"])]
    ['turn_seconds: 60 -> None', 'joker_penalty: 30 -> 50', 'never_opened_penalty: 0 -> 100',
     'series_winner: most_wins -> most_points']
    """

    name: str = attrs.field(default="custom", eq=False, validator=_text)
    description: str = attrs.field(default="", eq=False, repr=False, validator=_text)
    # Tiles and players (rules section 1, 3)
    tile_set: TileSet = attrs.field(default=STANDARD_SET, validator=_tile_set)
    deal_size: int = attrs.field(default=14, validator=_at_least(1))
    min_players: int = attrs.field(default=2, validator=_check_players)
    max_players: int = attrs.field(default=4, validator=_check_players)
    first_player: FirstPlayer = attrs.field(default=FirstPlayer.HIGHEST_TILE, converter=FirstPlayer)
    # Melds (rules section 2)
    run_wrap: RunWrap = attrs.field(default=RunWrap.NONE, converter=RunWrap)
    group_colors_distinct: bool = attrs.field(default=True, validator=_boolean)
    max_jokers_per_meld: int | None = attrs.field(default=None, validator=_optional_at_least(0))
    # Initial meld (rules section 4.4)
    initial_meld_points: int = attrs.field(default=30, validator=_at_least(0))
    joker_in_initial_meld: JokerInInitialMeld = attrs.field(
        default=JokerInInitialMeld.COUNTS, converter=_joker_in_initial_meld
    )
    opening_may_use_table: bool = attrs.field(default=False, validator=_boolean)
    # Jokers on the table (rules section 4.5)
    joker_retrieval: JokerRetrieval = attrs.field(
        default=JokerRetrieval.REARRANGE, converter=JokerRetrieval
    )
    replacement_from: ReplacementFrom = attrs.field(
        default=ReplacementFrom.RACK_OR_TABLE, converter=ReplacementFrom
    )
    group_joker_replacement: GroupJokerReplacement = attrs.field(
        default=GroupJokerReplacement.EITHER, converter=GroupJokerReplacement
    )
    freed_joker_rack_tiles: int = attrs.field(default=1, validator=_at_least(0))
    freed_joker_new_meld: bool = attrs.field(default=True, validator=_boolean)
    joker_melds_extend_only: bool = attrs.field(default=False, validator=_boolean)
    # Time and failed turns (rules section 5)
    turn_seconds: int | None = attrs.field(default=60, validator=_optional_at_least(1))
    timeout_draw: int = attrs.field(default=1, validator=_at_least(0))
    failed_turn_draw: int = attrs.field(default=3, validator=_at_least(0))
    #: Whether a failed turn's penalty tiles are drawn before the tiles it lost are shuffled into
    #: the pool (rules section 5), so that they cannot be drawn back; ``False`` shuffles them in
    #: first, as games saved in version 1 of the JSON format were played.
    failed_turn_draw_first: bool = attrs.field(default=True, validator=_boolean)
    # End of game and scoring (rules section 6)
    pool_empty_end: PoolEmptyEnd = attrs.field(
        default=PoolEmptyEnd.UNTIL_STUCK, converter=PoolEmptyEnd
    )
    pool_empty_scoring: PoolEmptyScoring = attrs.field(
        default=PoolEmptyScoring.DIFFERENCE, converter=PoolEmptyScoring
    )
    winner_scores: WinnerScores = attrs.field(
        default=WinnerScores.OTHERS_SUM, converter=WinnerScores
    )
    joker_penalty: int = attrs.field(default=30, validator=_at_least(0))
    never_opened_penalty: int = attrs.field(default=0, validator=_at_least(0))
    series_winner: SeriesWinner = attrs.field(
        default=SeriesWinner.MOST_WINS, converter=SeriesWinner
    )

    @classmethod
    def rule_fields(cls) -> tuple[str, ...]:
        """The names of the rule fields, in the rules' order (labels excluded)."""
        return tuple(a.name for a in attrs.fields(cls) if a.eq)

    @property
    def turn_rules(self) -> tuple[tuple[str, object], ...]:
        """The fields that decide a turn's verdict, with their values (:data:`TURN_RULE_FIELDS`).

        Two editions with equal ``turn_rules`` judge every turn alike.

        >>> EDITIONS["classic"].turn_rules == EDITIONS["tournament"].turn_rules
        True
        """
        return tuple((name, getattr(self, name)) for name in TURN_RULE_FIELDS)

    def evolve(self, **changes: Any) -> Edition:
        """A copy with some rules changed; it is called ``custom`` unless ``name`` is given.

        A name that is no field raises :class:`~rummikub_rules.errors.UnknownFieldError`, which
        suggests the nearest field.

        >>> CLASSIC.evolve(joker_penalty=50).name
        'custom'
        >>> CLASSIC.evolve(initial_meld=40)
        Traceback (most recent call last):
        ...
        rummikub_rules.errors.UnknownFieldError: ... did you mean 'initial_meld_points'?
        """
        known = tuple(a.name for a in attrs.fields(Edition))
        for field in changes:
            if field not in known:
                raise UnknownFieldError(field, known, owner="Edition")
        changes.setdefault("name", "custom")
        changes.setdefault("description", f"{self.name} with changes")
        return attrs.evolve(self, **changes)

    def diff(self, other: Edition) -> tuple[Difference, ...]:
        """Every rule field whose value differs, with this edition's value first."""
        return tuple(
            Difference(name, getattr(self, name), getattr(other, name))
            for name in self.rule_fields()
            if getattr(self, name) != getattr(other, name)
        )

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        """``EDITIONS['classic']`` for a preset; the nearest preset and its changes otherwise.

        >>> EDITIONS["pl-2026"]
        EDITIONS['pl-2026']
        >>> CLASSIC.evolve(joker_penalty=50, run_wrap="one_high")
        EDITIONS['classic'].evolve(run_wrap='one_high', joker_penalty=50)
        """
        presets = list(EDITIONS.values())
        nearest = min(presets, key=lambda p: (len(self.diff(p)), p.name != self.name))
        changes = [f"{d.field}={_pasteable(d.left)}" for d in self.diff(nearest)]
        base = f"EDITIONS[{nearest.name!r}]"
        if not changes and self.name == nearest.name:
            return base
        if self.name != "custom":
            changes.append(f"name={self.name!r}")
        return f"{base}.evolve({', '.join(changes)})"


def _pasteable(value: object) -> str:
    """A rule value as Python that ``evolve`` accepts: enums by their value."""
    if isinstance(value, Choice):
        return repr(value.value)
    return repr(value)


#: The current manufacturer's rules, the default edition everywhere (alias ``standard``).
CLASSIC: Final = Edition(
    name="classic",
    description="Current manufacturer rule sheets (Goliath/Pressman 2019, Jumbo): 30-point "
    "opening from the rack only, jokers freed by their tile or by rearranging, a freed joker "
    "used the same turn in a new set with at least one rack tile, 1 minute, 3 tiles for a "
    "failed turn.",
)

_PRESETS: Final = (
    CLASSIC,
    CLASSIC.evolve(
        name="ru-2018",
        description="The 2018 Russian booklet 'Руммикуб. Без границ', as a guide to it "
        "describes it: a freed joker goes the same turn into a new meld with at least one "
        "rack tile.",
    ),
    CLASSIC.evolve(
        name="ru-classic",
        description="A Russian article on the classic rules: as ru-2018, but a freed joker's "
        "new meld needs no rack tile of its own (one own tile anywhere in the turn).",
        freed_joker_rack_tiles=0,
    ),
    CLASSIC.evolve(
        name="ua-wiki",
        description="The Ukrainian Wikipedia article: a joker freed by a tile from the rack "
        "or the table into a new group or run, one more round after the pool runs out, "
        "3 tiles for running out of time.",
        joker_retrieval=JokerRetrieval.REPLACE,
        freed_joker_rack_tiles=0,
        timeout_draw=3,
        pool_empty_end=PoolEmptyEnd.ONE_MORE_ROUND,
        series_winner=SeriesWinner.MOST_POINTS,
    ),
    CLASSIC.evolve(
        name="pl-2026",
        description="A Polish rules page of 2026: a joker freed only by its own tile from "
        "the rack, into a new meld; with the pool empty the lowest rack wins every other "
        "rack's value.",
        joker_retrieval=JokerRetrieval.REPLACE,
        replacement_from=ReplacementFrom.RACK,
        freed_joker_rack_tiles=0,
        pool_empty_scoring=PoolEmptyScoring.RACKS,
        series_winner=SeriesWinner.MOST_POINTS,
    ),
    CLASSIC.evolve(
        name="sabra-1978",
        description="The 1978 rule book as reported by pagat: joker replaced only by its exact "
        "tile, a meld holding a joker may only be extended, the opening turn may go on to the "
        "table, 2 minutes; nothing about a new set for a freed joker.",
        opening_may_use_table=True,
        joker_retrieval=JokerRetrieval.REPLACE,
        replacement_from=ReplacementFrom.RACK,
        freed_joker_rack_tiles=0,
        freed_joker_new_meld=False,
        joker_melds_extend_only=True,
        turn_seconds=120,
        timeout_draw=3,
        series_winner=SeriesWinner.MOST_POINTS,
    ),
    CLASSIC.evolve(
        name="us-1980",
        description="The old Pressman sheet: 50-point opening, 2 minutes, both missing colours "
        "to free a group joker, a new set with two more rack tiles for a freed joker.",
        initial_meld_points=50,
        joker_retrieval=JokerRetrieval.REPLACE,
        replacement_from=ReplacementFrom.RACK,
        group_joker_replacement=GroupJokerReplacement.BOTH,
        freed_joker_rack_tiles=2,
        turn_seconds=120,
        series_winner=SeriesWinner.MOST_POINTS,
    ),
    CLASSIC.evolve(
        name="tournament",
        description="Tournament rules: 40 seconds, 3 tiles for a timeout, joker 100, 100 for "
        "never opening, one final turn each, random first player.",
        turn_seconds=40,
        timeout_draw=3,
        pool_empty_end=PoolEmptyEnd.ONE_MORE_ROUND,
        joker_penalty=100,
        never_opened_penalty=100,
        series_winner=SeriesWinner.MOST_POINTS,
        first_player=FirstPlayer.RANDOM,
    ),
    CLASSIC.evolve(
        name="house-50",
        description="A house rule named on a Polish rules page ('in some homes'): joker 50, "
        "100 for never opening. That page also lists a turn limit among house rules; this "
        "preset has none.",
        turn_seconds=None,
        joker_penalty=50,
        never_opened_penalty=100,
        series_winner=SeriesWinner.MOST_POINTS,
    ),
    CLASSIC.evolve(
        name="xp",
        description="The XP box for two to six players: 160 tiles (3 copies, 4 jokers).",
        tile_set=XP_SET,
        max_players=6,
    ),
    CLASSIC.evolve(
        name="expert",
        description="The Expert box named on a Polish rules page: 104 numbered tiles and 8 "
        "coloured jokers, two of each colour, each laid only in a meld of its colour; classic "
        "in everything else.",
        tile_set=EXPERT_SET,
    ),
)

_ALIASES: Final = {
    "standard": "classic",
    "manufacturer": "classic",
    "russian": "ru-2018",
    "russian-classic": "ru-classic",
    "ru": "ru-2018",
    "ukrainian": "ua-wiki",
    "ua": "ua-wiki",
    "polish": "pl-2026",
    "pl": "pl-2026",
    "sabra": "sabra-1978",
    "1978": "sabra-1978",
    "us": "us-1980",
    "pressman-1980": "us-1980",
    "1980": "us-1980",
    "house": "house-50",
    "standard-xp": "xp",
}


class _Editions(Mapping[str, Edition]):
    """The presets by name; aliases and case-insensitive names are accepted for lookup."""

    def __init__(self, presets: tuple[Edition, ...], aliases: Mapping[str, str]) -> None:
        self._by_name = {e.name: e for e in presets}
        self._aliases = dict(aliases)

    def __getitem__(self, name: str) -> Edition:
        key = name.strip().lower().replace("_", "-") if isinstance(name, str) else name
        key = self._aliases.get(key, key)
        try:
            return self._by_name[key]
        except KeyError:
            raise UnknownEditionError(name, tuple(self._by_name)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            self[name]
        except UnknownEditionError:
            return False
        return True

    @property
    def aliases(self) -> Mapping[str, str]:
        """Each alias and the preset name it stands for."""
        return dict(self._aliases)

    def __repr__(self) -> str:
        return f"EDITIONS({', '.join(self._by_name)})"


#: The eleven presets of rules section 7 by name; ``EDITIONS["standard"]`` is an alias.
EDITIONS: Final[_Editions] = _Editions(_PRESETS, _ALIASES)


def get_edition(name_or_edition: str | Edition) -> Edition:
    """An edition given by preset name or alias, or the edition itself.

    >>> get_edition("Standard") is CLASSIC
    True
    """
    if isinstance(name_or_edition, Edition):
        return name_or_edition
    return EDITIONS[name_or_edition]
