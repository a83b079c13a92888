"""JSON for games: game records, series, game states and player views.

Part of :mod:`rummikub_rules.serialization`, which documents the format and re-exports these
functions. A state or view read here is checked like one built in Python: it must describe a
game the rules can reach.
"""

from __future__ import annotations

from typing import Any

from rummikub_rules.actions import Action
from rummikub_rules.errors import FormatError
from rummikub_rules.records import Deal, GameRecord
from rummikub_rules.scoring import GameResult, Series
from rummikub_rules.serialization._fields import (
    MAX_TILES,
    at,
    build,
    expect_int,
    expect_list,
    expect_object,
    int_list,
    kind,
)
from rummikub_rules.serialization._values import (
    action_from_json,
    action_to_json,
    edition_from_json,
    edition_to_json,
    table_from_json,
    table_to_json,
    tiles_from_json,
    tiles_to_json,
)
from rummikub_rules.state import GameState
from rummikub_rules.tiles import Tile
from rummikub_rules.views import PlayerView

__all__ = [
    "player_view_from_json",
    "player_view_to_json",
    "record_from_json",
    "record_to_json",
    "series_from_json",
    "series_to_json",
    "state_from_json",
    "state_to_json",
]


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """A game record as an object (``seed`` or ``deal`` may be ``null``).

    ``abandoned`` is written only for a game a bot abandoned, so other records read as before.
    """
    value: dict[str, Any] = {
        "edition": edition_to_json(record.edition),
        "players": record.players,
        "seed": record.seed,
        "deal": None if record.deal is None else _deal_to_json(record.deal),
        "actions": [action_to_json(action) for action in record.actions],
    }
    if record.abandoned is not None:
        value["abandoned"] = record.abandoned
    return value


def record_from_json(value: object, *, path: str = "") -> GameRecord:
    """Read a game record; ``seed`` and ``deal`` may be left out when ``null``."""
    fields = expect_object(
        value,
        path,
        required=("edition", "players", "actions"),
        optional=("seed", "deal", "abandoned"),
    )
    edition = edition_from_json(fields["edition"], path=at(path, "edition"))
    players = expect_int(fields["players"], at(path, "players"))
    seed = fields.get("seed")
    if seed is not None:
        seed = expect_int(seed, at(path, "seed"))
    deal = fields.get("deal")
    if deal is not None:
        deal = _deal_from_json(deal, at(path, "deal"))
    actions = _actions(fields["actions"], at(path, "actions"))
    abandoned = fields.get("abandoned")
    if abandoned is not None:
        abandoned = expect_int(abandoned, at(path, "abandoned"))
    return build(
        path,
        GameRecord,
        players,
        edition=edition,
        seed=seed,
        deal=deal,
        actions=actions,
        abandoned=abandoned,
    )


def series_to_json(series: Series) -> dict[str, Any]:
    """A series as an object: players, edition, agreed rounds, each game's scores and winners."""
    return {
        "players": series.players,
        "edition": edition_to_json(series.edition),
        "rounds": series.rounds,
        "games": [_result_to_json(game) for game in series.games],
    }


def series_from_json(value: object, *, path: str = "") -> Series:
    """Read a series; ``rounds`` may be left out when ``null``."""
    fields = expect_object(
        value, path, required=("players", "edition", "games"), optional=("rounds",)
    )
    players = expect_int(fields["players"], at(path, "players"))
    edition = edition_from_json(fields["edition"], path=at(path, "edition"))
    rounds = fields.get("rounds")
    if rounds is not None:
        rounds = expect_int(rounds, at(path, "rounds"))
    games_path = at(path, "games")
    games = [
        _result_from_json(item, at(games_path, i))
        for i, item in enumerate(expect_list(fields["games"], games_path))
    ]
    return build(path, Series, players, edition, games, rounds=rounds)


def state_to_json(state: GameState) -> dict[str, Any]:
    """A game state as an object: everything needed to go on playing from it."""
    return {
        "edition": edition_to_json(state.edition),
        "racks": [tiles_to_json(rack) for rack in state.racks],
        "table": table_to_json(state.table),
        "pool": tiles_to_json(state.pool),
        "current": state.current,
        "opened": list(state.opened),
        "seed": state.seed,
        "history": [action_to_json(action) for action in state.history],
        "idle_turns": state.idle_turns,
        "final_turns": state.final_turns,
        "result": None if state.result is None else _result_to_json(state.result),
        "deal": None if state.deal is None else _deal_to_json(state.deal),
    }


def state_from_json(value: object, *, path: str = "") -> GameState:
    """Read a game state; it must obey every rule of the game (see ``GameState``)."""
    fields = expect_object(
        value,
        path,
        required=("edition", "racks", "table", "pool", "current", "opened", "seed"),
        optional=("history", "idle_turns", "final_turns", "result", "deal"),
    )
    edition = edition_from_json(fields["edition"], path=at(path, "edition"))
    final, result, deal = fields.get("final_turns"), fields.get("result"), fields.get("deal")
    return build(
        path,
        GameState,
        edition=edition,
        racks=_racks(fields["racks"], at(path, "racks")),
        table=table_from_json(fields["table"], path=at(path, "table")),
        pool=tiles_from_json(fields["pool"], path=at(path, "pool")),
        current=expect_int(fields["current"], at(path, "current")),
        opened=_flags(fields["opened"], at(path, "opened")),
        seed=expect_int(fields["seed"], at(path, "seed")),
        history=_actions(fields.get("history", []), at(path, "history")),
        idle_turns=expect_int(fields.get("idle_turns", 0), at(path, "idle_turns")),
        final_turns=None if final is None else expect_int(final, at(path, "final_turns")),
        result=None if result is None else _result_from_json(result, at(path, "result")),
        deal=None if deal is None else _deal_from_json(deal, at(path, "deal")),
    )


def player_view_to_json(view: PlayerView) -> dict[str, Any]:
    """A player's view as an object: nothing in it that the player may not see."""
    return {
        "seat": view.seat,
        "rack": tiles_to_json(view.rack),
        "table": table_to_json(view.table),
        "pool_size": view.pool_size,
        "rack_sizes": list(view.rack_sizes),
        "opened": list(view.opened),
        "current": view.current,
        "edition": edition_to_json(view.edition),
        "turn": view.turn,
        "idle_turns": view.idle_turns,
        "final_turns": view.final_turns,
        "result": None if view.result is None else _result_to_json(view.result),
    }


def player_view_from_json(value: object, *, path: str = "") -> PlayerView:
    """Read a player's view; its sizes must add up to the edition's box."""
    names = ("seat", "rack", "table", "pool_size", "rack_sizes", "opened", "current", "edition")
    fields = expect_object(
        value, path, required=(*names, "turn"), optional=("idle_turns", "final_turns", "result")
    )
    final, result = fields.get("final_turns"), fields.get("result")
    return build(
        path,
        PlayerView,
        seat=expect_int(fields["seat"], at(path, "seat")),
        rack=tiles_from_json(fields["rack"], path=at(path, "rack")),
        table=table_from_json(fields["table"], path=at(path, "table")),
        pool_size=expect_int(fields["pool_size"], at(path, "pool_size")),
        rack_sizes=int_list(fields["rack_sizes"], at(path, "rack_sizes"), longest=MAX_TILES),
        opened=_flags(fields["opened"], at(path, "opened")),
        current=expect_int(fields["current"], at(path, "current")),
        edition=edition_from_json(fields["edition"], path=at(path, "edition")),
        turn=expect_int(fields["turn"], at(path, "turn")),
        idle_turns=expect_int(fields.get("idle_turns", 0), at(path, "idle_turns")),
        final_turns=None if final is None else expect_int(final, at(path, "final_turns")),
        result=None if result is None else _result_from_json(result, at(path, "result")),
    )


def _racks(value: object, path: str) -> list[tuple[Tile, ...]]:
    items = expect_list(value, path, longest=MAX_TILES)
    return [tiles_from_json(item, path=at(path, i)) for i, item in enumerate(items)]


def _flags(value: object, path: str) -> list[bool]:
    flags = []
    for i, item in enumerate(expect_list(value, path, longest=MAX_TILES)):
        if not isinstance(item, bool):
            raise FormatError(f"expected true or false, got {kind(item)}", path=at(path, i))
        flags.append(item)
    return flags


def _actions(value: object, path: str) -> tuple[Action, ...]:
    return tuple(
        action_from_json(item, path=at(path, i)) for i, item in enumerate(expect_list(value, path))
    )


def _result_to_json(result: GameResult) -> dict[str, Any]:
    return {"scores": list(result.scores), "winners": list(result.winners)}


def _result_from_json(value: object, path: str) -> GameResult:
    fields = expect_object(value, path, required=("scores", "winners"))
    scores = int_list(fields["scores"], at(path, "scores"), longest=MAX_TILES)
    winners = int_list(fields["winners"], at(path, "winners"), longest=MAX_TILES)
    return build(path, GameResult, scores, winners)


def _deal_to_json(deal: Deal) -> dict[str, Any]:
    return {
        "racks": [tiles_to_json(rack) for rack in deal.racks],
        "pool": tiles_to_json(deal.pool),
        "first": deal.first,
    }


def _deal_from_json(value: object, path: str) -> Deal:
    fields = expect_object(value, path, required=("racks", "pool"), optional=("first",))
    racks = _racks(fields["racks"], at(path, "racks"))
    pool = tiles_from_json(fields["pool"], path=at(path, "pool"))
    first = expect_int(fields.get("first", 0), at(path, "first"))
    return build(path, Deal, racks, pool, first)
