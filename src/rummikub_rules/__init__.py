"""rummikub-rules: a referee for the tile game Rummikub.

Tiles, melds and tables with a short text notation, the rule editions printed in different boxes,
a turn referee, a game state machine, scoring, a solver, bots and self-play statistics.

>>> from rummikub_rules import parse_table, EDITIONS
>>> table = parse_table("r9 j r11 | k5 b5 j")
>>> [meld.reading(EDITIONS["classic"]).kind.value for meld in table]
['run', 'group']
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

from rummikub_rules.actions import Action, Draw, FailedTurn, Pass, Play, Timeout
from rummikub_rules.editions import (
    CLASSIC,
    EDITIONS,
    Difference,
    Edition,
    FirstPlayer,
    GroupJokerReplacement,
    JokerInInitialMeld,
    JokerRetrieval,
    PoolEmptyEnd,
    PoolEmptyScoring,
    ReplacementFrom,
    SeriesWinner,
    WinnerScores,
    get_edition,
)
from rummikub_rules.errors import (
    BotError,
    FormatError,
    GameSetupError,
    IllegalMove,
    InputTooLargeError,
    InvalidStateError,
    InvalidTypeError,
    InvalidValueError,
    ParseError,
    RummikubError,
    ScoringError,
    SearchLimitExceeded,
    UnknownEditionError,
    UnknownFieldError,
)
from rummikub_rules.melds import Meld, MeldKind, MeldRules, Reading, RunWrap, Table
from rummikub_rules.notation import (
    format_tile,
    format_tiles,
    parse_meld,
    parse_table,
    parse_tile,
    parse_tiles,
)
from rummikub_rules.records import Deal, GameRecord
from rummikub_rules.scoring import (
    GameResult,
    Series,
    rack_value,
    score_game,
    settle_game,
)
from rummikub_rules.serialization import dumps, from_json, loads, to_json
from rummikub_rules.state import GameState, Outcome
from rummikub_rules.tiles import EXPERT_SET, JOKER, STANDARD_SET, XP_SET, Color, Tile, TileSet
from rummikub_rules.turns import Code, Verdict, Violation, check_turn
from rummikub_rules.views import PlayerView

if TYPE_CHECKING:
    from rummikub_rules.bots import Bot, DrawBot, GreedyBot, JokerKeeperBot, PointsBot
    from rummikub_rules.comparison import Comparison, Suggestion, SuggestionKind, compare, suggest
    from rummikub_rules.runner import GameSummary, play_game, play_out
    from rummikub_rules.simulate import (
        Distribution,
        EditionStats,
        PairedDifference,
        Simulation,
        simulate,
    )
    from rummikub_rules.solver import (
        arrange,
        best_play,
        can_play,
        initial_meld,
    )

__version__ = "0.3.0.dev0"

__all__ = [
    "CLASSIC",
    "EDITIONS",
    "EXPERT_SET",
    "JOKER",
    "STANDARD_SET",
    "XP_SET",
    "Action",
    "Bot",
    "BotError",
    "Code",
    "Color",
    "Comparison",
    "Deal",
    "Difference",
    "Distribution",
    "Draw",
    "DrawBot",
    "Edition",
    "EditionStats",
    "FailedTurn",
    "FirstPlayer",
    "FormatError",
    "GameRecord",
    "GameResult",
    "GameSetupError",
    "GameState",
    "GameSummary",
    "GreedyBot",
    "GroupJokerReplacement",
    "IllegalMove",
    "InputTooLargeError",
    "InvalidStateError",
    "InvalidTypeError",
    "InvalidValueError",
    "JokerInInitialMeld",
    "JokerKeeperBot",
    "JokerRetrieval",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Outcome",
    "PairedDifference",
    "ParseError",
    "Pass",
    "Play",
    "PlayerView",
    "PointsBot",
    "PoolEmptyEnd",
    "PoolEmptyScoring",
    "Reading",
    "ReplacementFrom",
    "RummikubError",
    "RunWrap",
    "ScoringError",
    "SearchLimitExceeded",
    "Series",
    "SeriesWinner",
    "Simulation",
    "Suggestion",
    "SuggestionKind",
    "Table",
    "Tile",
    "TileSet",
    "Timeout",
    "UnknownEditionError",
    "UnknownFieldError",
    "Verdict",
    "Violation",
    "WinnerScores",
    "__version__",
    "arrange",
    "best_play",
    "can_play",
    "check_turn",
    "compare",
    "dumps",
    "format_tile",
    "format_tiles",
    "from_json",
    "get_edition",
    "initial_meld",
    "loads",
    "parse_meld",
    "parse_table",
    "parse_tile",
    "parse_tiles",
    "play_game",
    "play_out",
    "rack_value",
    "score_game",
    "settle_game",
    "simulate",
    "suggest",
    "to_json",
]

# The solver, bots, games between bots, self-play statistics and the edition comparison load on
# first use, so checking a turn never pays for them (``import rummikub_rules`` stays quick).
_LAZY: dict[str, str] = {
    "Bot": "bots",
    "DrawBot": "bots",
    "GreedyBot": "bots",
    "JokerKeeperBot": "bots",
    "PointsBot": "bots",
    "Comparison": "comparison",
    "Suggestion": "comparison",
    "SuggestionKind": "comparison",
    "compare": "comparison",
    "suggest": "comparison",
    "GameSummary": "runner",
    "play_game": "runner",
    "play_out": "runner",
    "Distribution": "simulate",
    "EditionStats": "simulate",
    "PairedDifference": "simulate",
    "Simulation": "simulate",
    "simulate": "simulate",
    "arrange": "solver",
    "best_play": "solver",
    "can_play": "solver",
    "initial_meld": "solver",
}


def __getattr__(name: str) -> object:
    """Load a name of the heavier parts of the API from its module on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(types.ModuleType):
    """The package module: ``simulate`` stays the function when its submodule is imported.

    Importing ``rummikub_rules.simulate`` binds the submodule to the package's ``simulate``; the
    public name is the function, as it was when the package imported it eagerly.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name == "simulate" and isinstance(value, types.ModuleType):
            value = value.simulate
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
