"""The ``rummikub-rules`` command (also ``python -m rummikub_rules``).

Subcommands: ``check`` (referee one turn), ``compare`` (one turn under every edition),
``editions`` (``list``, ``show NAME``, ``diff A B``), ``solve`` (the best play), ``score`` (score
racks at the end of a game), ``replay`` (a game record, turn by turn) and ``simulate`` (bots play
the same deals under several editions; a progress bar on a terminal). Every command takes
``--json`` for machine-readable output and ``--input FILE`` for its inputs as a JSON object whose
keys are the long option names (flags given on the command line win). Tiles are printed in
colour on a terminal, never into a pipe or when ``NO_COLOR`` is set.

Exit status: 0 success (a legal turn for ``check``), 1 an illegal turn, 2 bad input, 130 when
interrupted (Ctrl-C), 141 when the reader of the output went away (a closed pipe, as in
``rummikub-rules editions list | head -1``: the output stops quietly, as a command killed by
SIGPIPE would). Bad input never shows a traceback: it is one short line on stderr saying what
is wrong and where (the option, the ``--input`` key, the position in notation), or with
``--json`` one JSON object on stdout, ``{"error": message, "status": 2}``. Every value echoed in
a message is cut short. On a terminal that cannot show a character (an ASCII-only locale) it is
written as an escape, and JSON output is written in ASCII.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from rummikub_rules import __version__
from rummikub_rules.cli._terminal import Style
from rummikub_rules.editions import EDITIONS, Edition
from rummikub_rules.errors import IllegalMove, ParseError, RummikubError, excerpt
from rummikub_rules.inputs import as_edition, as_editions, as_table, as_tiles
from rummikub_rules.melds import Meld, Table
from rummikub_rules.scoring import settle_game
from rummikub_rules.serialization import GameRecord, loads, table_to_json, tiles_to_json
from rummikub_rules.tiles import STANDARD_SET, XP_SET, Tile, TileSet
from rummikub_rules.turns import Verdict, check_turn

if TYPE_CHECKING:
    from rummikub_rules.bots import Bot
    from rummikub_rules.comparison import Suggestion
    from rummikub_rules.solver import Objective

# The solver, bots, comparison and simulation load inside the commands that use them, so
# ``check`` never pays for them.

__all__ = ["main"]

#: Exit status of a legal turn or a successful command, an illegal turn, and bad input.
OK, ILLEGAL, BAD_INPUT = 0, 1, 2
#: Exit status when interrupted (Ctrl-C: 128 + SIGINT) and when the output pipe was closed
#: (128 + SIGPIPE, what a shell reports for a command killed by a closed pipe).
INTERRUPTED, CLOSED_PIPE = 130, 141

#: The longest message printed for bad input, in characters (an echoed value is cut to fit).
LONGEST_MESSAGE = 300


class _InputError(Exception):
    """Bad input found after argparse: exit with status 2 and this message."""


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    out = sys.stdout if stdout is None else stdout
    arguments = list(sys.argv[1:] if argv is None else argv)
    for stream in (out, sys.stderr):
        _escape_what_cannot_be_shown(stream)
    try:
        status = _run(arguments, out)
        out.flush()
    except _BadNotationError as bad:
        return _refuse(_parse_error_text(bad.option, bad.error), arguments, out)
    except (RummikubError, _InputError) as error:
        return _refuse(str(error), arguments, out)
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:
        _discard_output(out)
        return CLOSED_PIPE
    return status


def _run(arguments: list[str], out: TextIO) -> int:
    args = _parser().parse_args(arguments)
    style = Style.for_stream(out, args.color)
    inputs = _Inputs(args)
    command: Callable[[_Inputs, Style, TextIO], int] = args.command
    return command(inputs, style, out)


def _refuse(message: str, arguments: list[str], out: TextIO) -> int:
    """Report bad input in one short line (a JSON object with ``--json``); the exit status."""
    line = _one_line(message)
    try:
        if "--json" in arguments:
            _dump_line({"error": line, "status": BAD_INPUT}, out)
        else:
            print(f"rummikub-rules: error: {line}", file=sys.stderr)
            sys.stderr.flush()
    except BrokenPipeError:
        _discard_output(out)
    return BAD_INPUT


def _one_line(message: str) -> str:
    """``message`` on one line, cut to :data:`LONGEST_MESSAGE` characters."""
    line = " ".join(message.split())
    if len(line) <= LONGEST_MESSAGE:
        return line
    return line[: LONGEST_MESSAGE - 30] + f"... ({len(line)} characters)"


def _escape_what_cannot_be_shown(stream: TextIO) -> None:
    """Write characters the stream's encoding lacks as escapes, not as an error."""
    if isinstance(stream, io.TextIOWrapper) and not _is_unicode(stream):
        stream.reconfigure(errors="backslashreplace")


def _is_unicode(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return True  # an in-memory text stream
    try:
        return codecs.lookup(encoding).name in ("utf-8", "utf-16", "utf-32")
    except LookupError:
        return False


def _discard_output(out: TextIO) -> None:
    """After a closed pipe, send what is left of stdout nowhere (no error when Python exits)."""
    if out is sys.stdout:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            return


# -- check and compare ---------------------------------------------------------------------------


def _check(inputs: _Inputs, style: Style, out: TextIO) -> int:
    before, rack, after = inputs.table("before"), inputs.tiles("rack"), inputs.table("after")
    edition, opened = inputs.edition(), inputs.flag("opened")
    if inputs.flag("suggest"):
        from rummikub_rules.comparison import suggest

        suggestion = suggest(before, rack, after, opened=opened, edition=edition)
        verdict = suggestion.turn
    else:
        suggestion, verdict = None, check_turn(before, rack, after, opened=opened, edition=edition)
    if inputs.json:
        extra = {} if suggestion is None else {"suggestion": _suggestion_json(suggestion)}
        _dump({"edition": edition.name, **_verdict_json(verdict), **extra}, out)
    else:
        print(_verdict_text(verdict, style), file=out)
        if suggestion is not None and not suggestion.turn.ok:
            print(_suggestion_text(before, suggestion, style), file=out)
    return OK if verdict.ok else ILLEGAL


def _suggestion_json(suggestion: Suggestion) -> dict[str, Any]:
    found = suggestion.verdict
    return {
        "kind": suggestion.kind.value,
        "play": None if found is None else table_to_json(found.table),
        "played": None if found is None else tiles_to_json(found.played),
    }


def _suggestion_text(before: Table, suggestion: Suggestion, style: Style) -> str:
    from rummikub_rules.comparison import SuggestionKind

    found = suggestion.verdict
    if found is None:
        return "suggestion: no legal play: draw a tile (or pass when the pool is empty)"
    if suggestion.kind is SuggestionKind.SAME_TILES:
        heading = "suggestion: the same tiles, laid legally:"
    else:
        heading = f"suggestion: the best play lays {len(found.played)}: {style.tiles(found.played)}"
    return f"{heading}\n{_marked_table(before, found, style)}"


def _compare(inputs: _Inputs, style: Style, out: TextIO) -> int:
    names = inputs.get("editions")
    chosen = None if names is None else _names(names)
    from rummikub_rules.comparison import compare

    result = compare(
        inputs.table("before"),
        inputs.tiles("rack"),
        inputs.table("after"),
        opened=inputs.flag("opened"),
        editions=chosen,
    )
    if inputs.json:
        _dump(
            {
                "agree": result.agree,
                "verdicts": {name: _verdict_json(v) for name, v in result.items()},
            },
            out,
        )
        return OK
    width = max(len(name) for name in result)
    print(style.bold(f"{'edition':<{width}}  legal  codes"), file=out)
    for name, verdict in result.items():
        legal = style.good("yes  ") if verdict.ok else style.bad("no   ")
        codes = ", ".join(code.value for code in verdict.codes)
        print(f"{name:<{width}}  {legal}  {codes}".rstrip(), file=out)
    summary = "every edition agrees" if result.agree else "the editions disagree"
    print(f"\n{summary}", file=out)
    return OK


def _verdict_json(verdict: Verdict) -> dict[str, Any]:
    return {
        "ok": verdict.ok,
        "violations": [
            {
                "code": v.code.value,
                "message": v.message,
                "tiles": tiles_to_json(v.tiles),
                "melds": [str(meld) for meld in v.melds],
            }
            for v in verdict.violations
        ],
        "played": tiles_to_json(verdict.played),
        "retrieved_jokers": verdict.retrieved_jokers,
        "table": table_to_json(verdict.table),
    }


def _verdict_text(verdict: Verdict, style: Style) -> str:
    if verdict.ok:
        laid = style.tiles(verdict.played) or "nothing"
        lines = [f"{style.good('legal')}: lays {laid}"]
        if verdict.retrieved_jokers:
            lines.append(f"jokers retrieved from the table: {verdict.retrieved_jokers}")
        return "\n".join(lines)
    lines = [style.bad("illegal")]
    lines.extend(f"  {style.bold(v.code.value)}: {v.message}" for v in verdict.violations)
    return "\n".join(lines)


# -- editions ------------------------------------------------------------------------------------


def _editions_list(inputs: _Inputs, style: Style, out: TextIO) -> int:
    if inputs.json:
        _dump([{"name": e.name, "description": e.description} for e in EDITIONS.values()], out)
        return OK
    width = max(len(name) for name in EDITIONS)
    for edition in EDITIONS.values():
        print(f"{style.bold(f'{edition.name:<{width}}')}  {edition.description}", file=out)
    return OK


def _editions_show(inputs: _Inputs, style: Style, out: TextIO) -> int:
    edition = as_edition(inputs.require("name"), "name")
    fields = {name: _rule_text(getattr(edition, name)) for name in Edition.rule_fields()}
    if inputs.json:
        _dump({"name": edition.name, "description": edition.description, "rules": fields}, out)
        return OK
    print(f"{style.bold(edition.name)}: {edition.description}", file=out)
    width = max(len(name) for name in fields)
    for name, value in fields.items():
        print(f"  {name:<{width}}  {value}", file=out)
    return OK


def _editions_diff(inputs: _Inputs, style: Style, out: TextIO) -> int:
    left = as_edition(inputs.require("left"), "left")
    right = as_edition(inputs.require("right"), "right")
    differences = left.diff(right)
    if inputs.json:
        _dump(
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
            f"{len(value.colors)} colours x {len(value.numbers)} numbers x {value.copies} "
            f"copies + {value.jokers} jokers",
        )
    return str(value)


_TILE_SETS = {"std": STANDARD_SET, "xp": XP_SET}


# -- solve, score, replay ------------------------------------------------------------------------


def _solve(inputs: _Inputs, style: Style, out: TextIO) -> int:
    table, rack = inputs.table("table"), inputs.tiles("rack")
    edition = inputs.edition()
    chosen = inputs.get("objective") or "tiles"
    if chosen not in ("tiles", "points"):
        raise _InputError(f"--objective is tiles or points, got {chosen!r}")
    objective: Objective = "points" if chosen == "points" else "tiles"
    opened = inputs.flag("opened")
    from rummikub_rules.solver import best_play

    play = best_play(table, rack, opened=opened, edition=edition, objective=objective)
    if play is None:
        if inputs.json:
            _dump({"play": None}, out)
        else:
            print("no legal play: draw a tile (or pass when the pool is empty)", file=out)
        return OK
    verdict = check_turn(table, rack, play.after, opened=opened, edition=edition)
    if inputs.json:
        _dump({"play": table_to_json(verdict.table), "played": tiles_to_json(verdict.played)}, out)
        return OK
    print(f"lays {len(verdict.played)}: {style.tiles(verdict.played)}", file=out)
    print(_marked_table(table, verdict, style), file=out)
    return OK


def _marked_table(before: Table, verdict: Verdict, style: Style) -> str:
    """The table after a play, one meld a line, the tiles laid from the rack marked."""
    unchanged = Counter(before.melds)
    laid = Counter(verdict.played)
    lines = []
    for meld in sorted(verdict.table.melds, key=lambda m: unchanged[m] > 0):
        marks = []
        if unchanged[meld]:
            unchanged[meld] -= 1
        else:
            for tile in meld.tiles:
                marks.append(laid[tile] > 0)
                if laid[tile] > 0:
                    laid[tile] -= 1
        lines.append("  " + _meld_text(meld, marks, style))
    return "\n".join(lines)


def _meld_text(meld: Meld, marks: list[bool], style: Style) -> str:
    words = []
    for index, tile in enumerate(meld.tiles):
        text = style.tile(tile)
        words.append(style.mark(text) if index < len(marks) and marks[index] else text)
    return " ".join(words)


def _score(inputs: _Inputs, style: Style, out: TextIO) -> int:
    racks = [as_tiles(rack, f"--racks[{seat}]") for seat, rack in enumerate(inputs.texts("racks"))]
    winner_text = inputs.get("winner")
    winner = None if winner_text in (None, "none") else _seat(winner_text, len(racks))
    never_opened = inputs.get("never_opened")
    if never_opened is not None and not isinstance(never_opened, list):
        raise _InputError(f"--never-opened is a list of seats, got {excerpt(never_opened)}")
    never = {_seat(seat, len(racks)) for seat in never_opened or ()}
    opened = [seat not in never for seat in range(len(racks))]
    result = settle_game(racks, winner=winner, edition=inputs.edition(), opened=opened)
    if inputs.json:
        _dump({"scores": list(result.scores), "winners": list(result.winners)}, out)
        return OK
    for seat, (rack, score) in enumerate(zip(racks, result.scores, strict=True)):
        star = " (won)" if seat in result.winners else ""
        print(f"seat {seat}: {score:+d}{star}  {style.tiles(rack) or '(empty)'}", file=out)
    return OK


def _replay(inputs: _Inputs, style: Style, out: TextIO) -> int:
    path = inputs.require("file")
    text = _read_text(path)
    record = loads(text, GameRecord)
    state = record.initial_state()
    turns: list[dict[str, Any]] = []
    for number, action in enumerate(record.actions, 1):
        seat = state.current
        try:
            outcome = state.step(action)
        except IllegalMove as error:
            raise _InputError(f"turn {number} (seat {seat}) is illegal: {error}") from None
        state, laid = outcome.state, outcome.verdict.played
        what = type(action).__name__.lower()
        turns.append({"turn": number, "seat": seat, "action": what, "laid": tiles_to_json(laid)})
        if not inputs.json:
            table = style.table(state.table)
            shown = f"laid {style.tiles(laid)} -> {table}" if laid else table
            print(f"turn {number:>3}  seat {seat}  {what:<11} {shown}", file=out)
    if inputs.json:
        result = state.result
        _dump(
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
_BOTS = ("greedy", "points", "joker-keeper", "draw")


def _bot_kinds() -> dict[str, Callable[[], Bot]]:
    """The bot of each name in ``_BOTS``."""
    from rummikub_rules.bots import DrawBot, GreedyBot, JokerKeeperBot, PointsBot

    return {
        "greedy": GreedyBot,
        "points": PointsBot,
        "joker-keeper": JokerKeeperBot,
        "draw": DrawBot,
    }


def _simulate(inputs: _Inputs, style: Style, out: TextIO) -> int:
    editions = as_editions(_names(inputs.require("editions")), "--editions")
    players = _whole(inputs.get("players"), "players", default=4, least=1)
    for edition in editions:
        if not edition.min_players <= players <= edition.max_players:
            raise _InputError(
                f"--players: the {edition.name} edition seats {edition.min_players} to "
                f"{edition.max_players} players, not {players}"
            )
    paths = {option: inputs.get(option) for option in ("records", "report", "csv")}
    for option, path in paths.items():
        if path is not None and not (isinstance(path, str) and path):
            raise _InputError(f"--{option} is a file name, got {excerpt(path)}")
    from rummikub_rules.simulate import simulate

    try:
        with contextlib.ExitStack() as files:
            # The reports' files are opened first, so a path that cannot be written stops the
            # command before the games are played, not after.
            report, table = _opened(files, paths["report"]), _opened(files, paths["csv"])
            result = simulate(
                editions,
                games=_whole(inputs.require("games"), "games", least=1),
                players=players,
                bots=_bots(inputs.get("bots"), players),
                seed=_whole(inputs.get("seed"), "seed", default=0),
                jobs=_whole(inputs.get("jobs"), "jobs", default=1, least=1),
                records=paths["records"],
            )
            if report is not None:
                report.write(result.to_html())
            if table is not None:
                result.to_csv(table)
    except OSError as error:
        raise _InputError(f"cannot write {error.filename}: {error.strerror}") from None
    if inputs.json:
        _dump(result.to_json(), out)
    else:
        out.write(result.to_markdown())
    return OK


def _opened(files: contextlib.ExitStack, path: str | None) -> TextIO | None:
    """``path`` open for writing text until ``files`` closes, or ``None`` when not asked."""
    if path is None:
        return None
    return files.enter_context(open(path, "w", encoding="utf-8", newline=""))


def _bots(value: object, players: int) -> list[Bot]:
    names = ["greedy"] if value is None else [name.lower() for name in _names(value, "--bots")]
    unknown = [name for name in names if name not in _BOTS]
    if unknown or len(names) not in (1, players):
        raise _InputError(
            f"--bots is one bot for every seat or one per seat ({players}), from "
            f"{', '.join(_BOTS)}; got {excerpt(value)}"
        )
    kinds = _bot_kinds()
    return [kinds[name]() for name in names * (players // len(names))]


def _whole(
    value: object, name: str, *, default: int | None = None, least: int | None = None
) -> int:
    """``value`` as a whole number (``default`` when not given), at least ``least``."""
    if value is None and default is not None:
        return default
    if type(value) is not int:
        raise _InputError(f"--{name} is a whole number, got {excerpt(value)}")
    if least is not None and value < least:
        raise _InputError(f"--{name} must be at least {least}, got {value}")
    return value


# -- arguments -----------------------------------------------------------------------------------


class _Inputs:
    """The command's inputs: flags first, then the ``--input`` JSON object."""

    def __init__(self, args: argparse.Namespace) -> None:
        self._args = args
        self.json: bool = args.json
        self._file: dict[str, Any] = {}
        if args.input is not None:
            known = sorted(set(vars(args)) - _NOT_INPUTS)
            self._file = _read_input(args.input, known)

    def get(self, name: str) -> Any:
        value = getattr(self._args, name, None)
        if value is None:
            value = self._file.get(name)
        return value

    def require(self, name: str) -> Any:
        value = self.get(name)
        if value is None:
            raise _InputError(f"--{name.replace('_', '-')} is required (or give it in --input)")
        return value

    def flag(self, name: str) -> bool:
        if getattr(self._args, name, False):
            return True
        value = self._file.get(name, False)
        if not isinstance(value, bool):
            raise _InputError(f"{name} in --input must be true or false, got {excerpt(value)}")
        return value

    def table(self, name: str) -> Table:
        try:
            return as_table(self._text(name), f"--{name}")
        except ParseError as error:
            raise _BadNotationError(f"--{name}", error) from None

    def tiles(self, name: str) -> tuple[Tile, ...]:
        try:
            return as_tiles(self._text(name), f"--{name}")
        except ParseError as error:
            raise _BadNotationError(f"--{name}", error) from None

    def texts(self, name: str) -> list[str]:
        """A list of notation texts (``--racks``)."""
        value = self.require(name)
        if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
            raise _InputError(f"--{name} is a list of notation texts, got {excerpt(value)}")
        return value

    def edition(self) -> Edition:
        name = self.get("edition")
        if name is None:
            return as_edition("classic", "--edition")
        if not (isinstance(name, str) and name):
            raise _InputError(f"--edition is an edition's name, got {excerpt(name)}")
        return as_edition(name, "--edition")

    def _text(self, name: str) -> str:
        value = self.require(name)
        if not isinstance(value, str):
            raise _InputError(f"--{name} must be notation text, got {excerpt(value)}")
        return value


#: Names in the parsed arguments that are not inputs a command reads from ``--input``.
_NOT_INPUTS = frozenset({"command", "input", "json", "color"})


class _BadNotationError(Exception):
    """Notation that failed to parse, with the option it came from."""

    def __init__(self, option: str, error: ParseError) -> None:
        self.option = option
        self.error = error
        super().__init__(option)


def _read_input(path: str, known: list[str]) -> dict[str, Any]:
    """The ``--input`` object, its keys checked against the command's options."""
    text = _read_text(path)
    try:
        value = json.loads(text)
    except RecursionError:
        raise _InputError(f"{excerpt(path)} is not JSON: nested too deeply") from None
    except ValueError as error:
        raise _InputError(f"{excerpt(path)} is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise _InputError(f"{excerpt(path)} must hold a JSON object of option names")
    inputs = {key.replace("-", "_"): item for key, item in value.items()}
    unknown = [key for key in value if key.replace("-", "_") not in known]
    if unknown:
        raise _InputError(
            f"{excerpt(path)}: unknown option {excerpt(unknown[0])} "
            f"(this command takes {', '.join(known)})"
        )
    return inputs


def _read_text(path: str) -> str:
    """The text of a file (``-``: stdin), as UTF-8."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise _InputError(f"cannot read {excerpt(path)}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise _InputError(
            f"{excerpt(path)} is not UTF-8 text (byte {error.start} cannot be read)"
        ) from None


def _names(value: object, option: str = "--editions") -> list[str]:
    """A comma-separated list of names (or a JSON list of them), at least one."""
    names: list[str] | None = None
    if isinstance(value, str):
        names = [name.strip() for name in value.split(",") if name.strip()]
    elif isinstance(value, list) and all(isinstance(name, str) for name in value):
        names = value
    if not names:
        raise _InputError(f"{option} is a comma-separated list of names, got {excerpt(value)}")
    return names


def _seat(value: object, players: int) -> int:
    text = value if isinstance(value, str) else None
    if type(value) is int:
        seat = value
    elif text is not None and text.strip().isdecimal() and len(text) < 10:
        seat = int(text)
    else:
        raise _InputError(f"a seat is a number from 0 to {players - 1}, got {excerpt(value)}")
    if not 0 <= seat < players:
        raise _InputError(f"a seat is a number from 0 to {players - 1}, got {seat}")
    return seat


def _parse_error_text(label: str, error: ParseError) -> str:
    """Where notation failed, on one line: the reason, the token, and the text around it."""
    start = max(0, error.position - 20)
    end = error.position + min(len(error.token), 20)
    before, token = error.text[start : error.position], error.text[error.position : end]
    after = error.text[end : end + 20]
    lead, tail = "..." if start else "", "..." if end + 20 < len(error.text) else ""
    return (
        f"{label}: {error.reason} {excerpt(error.token, 24)} at position {error.position}: "
        f"{lead}{before}>>{token}<<{after}{tail}"
    )


def _dump(value: object, out: TextIO) -> None:
    json.dump(value, out, ensure_ascii=not _is_unicode(out), indent=2)
    out.write("\n")


def _dump_line(value: object, out: TextIO) -> None:
    print(json.dumps(value, ensure_ascii=not _is_unicode(out)), file=out)
    out.flush()


class _Parser(argparse.ArgumentParser):
    """Argument errors as bad input, one line, not argparse's usage text and exit."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("rummikub-rules").strip()
        raise _InputError(f"{command}: {message}" if command else message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rummikub-rules",
        description="Referee Rummikub turns under the rules of different editions.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", required=True, metavar="COMMAND")

    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="print machine-readable JSON")
    common.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour tiles: auto (on a terminal, unless NO_COLOR is set), always or never",
    )
    common.add_argument(
        "--input", metavar="FILE", help="read inputs from a JSON object ('-': stdin)"
    )

    def command(name: str, help_text: str, run: Callable[..., int]) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text, parents=[common])
        sub.set_defaults(command=run)
        return sub

    def turn_inputs(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--before", metavar="TABLE", help="the table before the turn")
        sub.add_argument("--rack", metavar="TILES", help="the player's rack")
        sub.add_argument("--after", metavar="TABLE", help="the whole table after the turn")
        sub.add_argument(
            "--opened", action="store_true", default=None, help="the player has opened"
        )

    check = command("check", "judge one turn: legal, or every rule it breaks", _check)
    turn_inputs(check)
    check.add_argument("--edition", metavar="NAME", help="edition name (default classic)")
    check.add_argument(
        "--suggest",
        action="store_true",
        default=None,
        help="for an illegal turn, suggest the same tiles laid legally, or else the best play",
    )

    comparison = command("compare", "judge one turn under every edition", _compare)
    turn_inputs(comparison)
    comparison.add_argument(
        "--editions", metavar="NAMES", help="comma-separated edition names (default: all)"
    )

    editions = command("editions", "the rule editions: list, show one, diff two", _editions_list)
    which = editions.add_subparsers(title="editions commands", metavar="WHAT")
    listing = which.add_parser("list", help="every preset with its source", parents=[common])
    listing.set_defaults(command=_editions_list)
    show = which.add_parser("show", help="every rule of one edition", parents=[common])
    show.add_argument("name", metavar="NAME")
    show.set_defaults(command=_editions_show)
    diff = which.add_parser("diff", help="the rules where two editions differ", parents=[common])
    diff.add_argument("left", metavar="A")
    diff.add_argument("right", metavar="B")
    diff.set_defaults(command=_editions_diff)

    solve = command("solve", "the best play for a rack on a table (laid tiles marked)", _solve)
    solve.add_argument("--table", metavar="TABLE", help="the table")
    solve.add_argument("--rack", metavar="TILES", help="the rack")
    solve.add_argument("--opened", action="store_true", default=None, help="the player opened")
    solve.add_argument("--edition", metavar="NAME", help="edition name (default classic)")
    solve.add_argument(
        "--objective", choices=("tiles", "points"), help="most tiles (default) or most points"
    )

    score = command("score", "score the racks left at the end of a game", _score)
    score.add_argument("--racks", nargs="+", metavar="TILES", help="each seat's rack ('' empty)")
    score.add_argument(
        "--winner", metavar="SEAT", help="the seat that went out, or none (pool ran out)"
    )
    score.add_argument("--never-opened", nargs="*", metavar="SEAT", help="seats that never opened")
    score.add_argument("--edition", metavar="NAME", help="edition name (default classic)")

    replay = command("replay", "replay a game record (JSON), turn by turn", _replay)
    replay.add_argument("file", metavar="FILE", help="a game record document")

    sim = command(
        "simulate", "bots play the same deals under several editions; statistics", _simulate
    )
    sim.add_argument("--editions", metavar="NAMES", help="comma-separated edition names")
    sim.add_argument("--games", type=int, metavar="N", help="deals, each played under every one")
    sim.add_argument("--players", type=int, metavar="P", help="players (default 4)")
    sim.add_argument("--seed", type=int, metavar="S", help="seed of the deals (default 0)")
    sim.add_argument("--jobs", type=int, metavar="J", help="worker processes (default 1)")
    sim.add_argument(
        "--bots",
        metavar="NAMES",
        help=f"one bot for every seat or one per seat, from {', '.join(_BOTS)} (default greedy)",
    )
    sim.add_argument("--records", metavar="FILE", help="write every game's record as JSON lines")
    sim.add_argument(
        "--report", metavar="FILE", help="write the summary as one HTML page, with charts"
    )
    sim.add_argument("--csv", metavar="FILE", help="write every game as a CSV row")
    return parser
