"""The commands about editions and whole games: ``editions``, ``score``, ``replay``, ``simulate``.

The bots and the simulation load inside ``simulate``, so the other commands never pay for them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from rummikub_rules.cli._inputs import (
    InputError,
    Inputs,
    name_list,
    read_text,
    seat_number,
    whole_number,
)
from rummikub_rules.cli._output import OK, dump
from rummikub_rules.cli._terminal import Style
from rummikub_rules.editions import EDITIONS, Edition
from rummikub_rules.errors import IllegalMove, excerpt
from rummikub_rules.inputs import as_edition, as_editions, as_tiles
from rummikub_rules.scoring import settle_game
from rummikub_rules.serialization import GameRecord, loads, tiles_to_json
from rummikub_rules.tiles import STANDARD_SET, XP_SET, TileSet

if TYPE_CHECKING:
    from rummikub_rules.bots import Bot

__all__ = [
    "BOTS",
    "editions_diff",
    "editions_list",
    "editions_show",
    "replay_command",
    "score_command",
    "simulate_command",
]


# -- editions ------------------------------------------------------------------------------------


def editions_list(inputs: Inputs, style: Style, out: TextIO) -> int:
    if inputs.json:
        dump([{"name": e.name, "description": e.description} for e in EDITIONS.values()], out)
        return OK
    width = max(len(name) for name in EDITIONS)
    for edition in EDITIONS.values():
        print(f"{style.bold(f'{edition.name:<{width}}')}  {edition.description}", file=out)
    return OK


def editions_show(inputs: Inputs, style: Style, out: TextIO) -> int:
    edition = as_edition(inputs.require("name"), "name")
    fields = {name: _rule_text(getattr(edition, name)) for name in Edition.rule_fields()}
    if inputs.json:
        dump({"name": edition.name, "description": edition.description, "rules": fields}, out)
        return OK
    print(f"{style.bold(edition.name)}: {edition.description}", file=out)
    width = max(len(name) for name in fields)
    for name, value in fields.items():
        print(f"  {name:<{width}}  {value}", file=out)
    return OK


def editions_diff(inputs: Inputs, style: Style, out: TextIO) -> int:
    left = as_edition(inputs.require("left"), "left")
    right = as_edition(inputs.require("right"), "right")
    differences = left.diff(right)
    if inputs.json:
        dump(
            [
                {"field": d.field, left.name: _rule_text(d.left), right.name: _rule_text(d.right)}
                for d in differences
            ],
            out,
        )
        return OK
    if not differences:
        print(f"{left.name} and {right.name} have the same rules", file=out)
        return OK
    width = max(len(d.field) for d in differences)
    print(style.bold(f"{'field':<{width}}  {left.name} -> {right.name}"), file=out)
    for d in differences:
        print(f"{d.field:<{width}}  {_rule_text(d.left)} -> {_rule_text(d.right)}", file=out)
    return OK


def _rule_text(value: object) -> object:
    """A rule value as JSON and text show it (the tile set as the JSON edition object has it)."""
    if isinstance(value, bool | int) or value is None:
        return value
    if isinstance(value, TileSet):
        return next(
            (name for name, preset in _TILE_SETS.items() if preset == value),
            _tile_set_text(value),
        )
    return str(value)


def _tile_set_text(tile_set: TileSet) -> str:
    """A box that is neither ``std`` nor ``xp``: its tiles, then its plain and coloured jokers.

    The Expert box is ``4 colours x 13 numbers x 2 copies + 2 coloured jokers of each colour``.
    """
    jokers = []
    if tile_set.jokers or not tile_set.colored_jokers:
        jokers.append(f"{tile_set.jokers} jokers")
    if tile_set.colored_jokers:
        jokers.append(f"{tile_set.colored_jokers} coloured jokers of each colour")
    return " + ".join(
        (
            f"{len(tile_set.colors)} colours x {len(tile_set.numbers)} numbers x "
            f"{tile_set.copies} copies",
            *jokers,
        )
    )


_TILE_SETS = {"std": STANDARD_SET, "xp": XP_SET}


# -- score and replay ----------------------------------------------------------------------------


def score_command(inputs: Inputs, style: Style, out: TextIO) -> int:
    racks = [as_tiles(rack, f"--racks[{seat}]") for seat, rack in enumerate(inputs.texts("racks"))]
    winner_text = inputs.get("winner")
    winner = None if winner_text in (None, "none") else seat_number(winner_text, len(racks))
    never_opened = inputs.get("never_opened")
    if never_opened is not None and not isinstance(never_opened, list):
        raise InputError(f"--never-opened is a list of seats, got {excerpt(never_opened)}")
    never = {seat_number(seat, len(racks)) for seat in never_opened or ()}
    opened = [seat not in never for seat in range(len(racks))]
    result = settle_game(racks, winner=winner, edition=inputs.edition(), opened=opened)
    if inputs.json:
        dump({"scores": list(result.scores), "winners": list(result.winners)}, out)
        return OK
    for seat, (rack, score) in enumerate(zip(racks, result.scores, strict=True)):
        star = " (won)" if seat in result.winners else ""
        print(f"seat {seat}: {score:+d}{star}  {style.tiles(rack) or '(empty)'}", file=out)
    return OK


def replay_command(inputs: Inputs, style: Style, out: TextIO) -> int:
    path = inputs.require("file")
    text = read_text(path)
    record = loads(text, GameRecord)
    state = record.initial_state()
    turns: list[dict[str, Any]] = []
    for number, action in enumerate(record.actions, 1):
        seat = state.current
        try:
            outcome = state.step(action)
        except IllegalMove as error:
            raise InputError(f"turn {number} (seat {seat}) is illegal: {error}") from None
        state, laid = outcome.state, outcome.verdict.played
        what = type(action).__name__.lower()
        turns.append({"turn": number, "seat": seat, "action": what, "laid": tiles_to_json(laid)})
        if not inputs.json:
            table = style.table(state.table)
            shown = f"laid {style.tiles(laid)} -> {table}" if laid else table
            print(f"turn {number:>3}  seat {seat}  {what:<11} {shown}", file=out)
    if inputs.json:
        result = state.result
        dump(
            {
                "turns": turns,
                "over": state.is_over,
                "scores": None if result is None else list(result.scores),
                "winners": None if result is None else list(result.winners),
            },
            out,
        )
    elif state.result is not None:
        scores = ", ".join(f"seat {s}: {v:+d}" for s, v in enumerate(state.result.scores))
        print(f"game over: {scores}", file=out)
    else:
        print(f"after {len(record.actions)} turns the game goes on", file=out)
    return OK


# -- simulate ------------------------------------------------------------------------------------

#: The bots ``simulate --bots`` knows, by name (see :func:`_bot_kinds`).
BOTS = ("greedy", "points", "joker-keeper", "draw")


def _bot_kinds() -> dict[str, Callable[[], Bot]]:
    """The bot of each name in ``BOTS``."""
    from rummikub_rules.bots import DrawBot, GreedyBot, JokerKeeperBot, PointsBot

    return {
        "greedy": GreedyBot,
        "points": PointsBot,
        "joker-keeper": JokerKeeperBot,
        "draw": DrawBot,
    }


def simulate_command(inputs: Inputs, style: Style, out: TextIO) -> int:
    editions = as_editions(name_list(inputs.require("editions")), "--editions")
    players = whole_number(inputs.get("players"), "players", default=4, least=1)
    for edition in editions:
        if not edition.min_players <= players <= edition.max_players:
            raise InputError(
                f"--players: the {edition.name} edition seats {edition.min_players} to "
                f"{edition.max_players} players, not {players}"
            )
    paths = {option: inputs.get(option) for option in ("records", "report", "csv")}
    for option, path in paths.items():
        if path is not None and not (isinstance(path, str) and path):
            raise InputError(f"--{option} is a file name, got {excerpt(path)}")
    from rummikub_rules.simulate import simulate

    try:
        with contextlib.ExitStack() as files:
            # The reports' files are opened first, so a path that cannot be written stops the
            # command before the games are played, not after.
            report, table = _opened(files, paths["report"]), _opened(files, paths["csv"])
            result = simulate(
                editions,
                games=whole_number(inputs.require("games"), "games", least=1),
                players=players,
                bots=_bots(inputs.get("bots"), players),
                seed=whole_number(inputs.get("seed"), "seed", default=0),
                jobs=whole_number(inputs.get("jobs"), "jobs", default=1, least=1),
                records=paths["records"],
            )
            if report is not None:
                report.write(result.to_html())
            if table is not None:
                result.to_csv(table)
    except OSError as error:
        raise InputError(f"cannot write {error.filename}: {error.strerror}") from None
    if inputs.json:
        dump(result.to_json(), out)
    else:
        out.write(result.to_markdown())
    return OK


def _opened(files: contextlib.ExitStack, path: str | None) -> TextIO | None:
    """``path`` open for writing text until ``files`` closes, or ``None`` when not asked."""
    if path is None:
        return None
    return files.enter_context(open(path, "w", encoding="utf-8", newline=""))


def _bots(value: object, players: int) -> list[Bot]:
    names = ["greedy"] if value is None else [name.lower() for name in name_list(value, "--bots")]
    unknown = [name for name in names if name not in BOTS]
    if unknown or len(names) not in (1, players):
        raise InputError(
            f"--bots is one bot for every seat or one per seat ({players}), from "
            f"{', '.join(BOTS)}; got {excerpt(value)}"
        )
    kinds = _bot_kinds()
    return [kinds[name]() for name in names * (players // len(names))]
