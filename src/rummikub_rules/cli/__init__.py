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

The commands live beside this module, which holds ``main``, its handling of errors and output,
and the argument parser: ``_turns`` (``check``, ``compare``, ``solve``), ``_games``
(``editions``, ``score``, ``replay``, ``simulate``), ``_inputs`` (reading options and
``--input`` files) and ``_output`` (exit statuses and JSON).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from rummikub_rules import __version__
from rummikub_rules.cli._games import (
    BOTS,
    editions_diff,
    editions_list,
    editions_show,
    replay_command,
    score_command,
    simulate_command,
)
from rummikub_rules.cli._inputs import BadNotationError, InputError, Inputs, parse_error_text
from rummikub_rules.cli._output import BAD_INPUT, is_unicode
from rummikub_rules.cli._terminal import Style
from rummikub_rules.cli._turns import check_command, compare_command, solve_command
from rummikub_rules.errors import RummikubError

# The solver, bots, comparison and simulation load inside the commands that use them, so
# ``check`` never pays for them.

__all__ = ["main"]

#: Exit status when interrupted (Ctrl-C: 128 + SIGINT) and when the output pipe was closed
#: (128 + SIGPIPE, what a shell reports for a command killed by a closed pipe).
INTERRUPTED, CLOSED_PIPE = 130, 141

#: The longest message printed for bad input, in characters (an echoed value is cut to fit).
LONGEST_MESSAGE = 300


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    out = sys.stdout if stdout is None else stdout
    arguments = list(sys.argv[1:] if argv is None else argv)
    for stream in (out, sys.stderr):
        _escape_what_cannot_be_shown(stream)
    try:
        status = _run(arguments, out)
        out.flush()
    except BadNotationError as bad:
        return _refuse(parse_error_text(bad.option, bad.error), arguments, out)
    except (RummikubError, InputError) as error:
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
    inputs = Inputs(args)
    command: Callable[[Inputs, Style, TextIO], int] = args.command
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
    if isinstance(stream, io.TextIOWrapper) and not is_unicode(stream):
        stream.reconfigure(errors="backslashreplace")


def _discard_output(out: TextIO) -> None:
    """After a closed pipe, send what is left of stdout nowhere (no error when Python exits)."""
    if out is sys.stdout:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            return


def _dump_line(value: object, out: TextIO) -> None:
    print(json.dumps(value, ensure_ascii=not is_unicode(out)), file=out)
    out.flush()


class _Parser(argparse.ArgumentParser):
    """Argument errors as bad input, one line, not argparse's usage text and exit."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("rummikub-rules").strip()
        raise InputError(f"{command}: {message}" if command else message)


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

    check = command("check", "judge one turn: legal, or every rule it breaks", check_command)
    turn_inputs(check)
    check.add_argument("--edition", metavar="NAME", help="edition name (default classic)")
    check.add_argument(
        "--suggest",
        action="store_true",
        default=None,
        help="for an illegal turn, suggest the same tiles laid legally, or else the best play",
    )

    comparison = command("compare", "judge one turn under every edition", compare_command)
    turn_inputs(comparison)
    comparison.add_argument(
        "--editions", metavar="NAMES", help="comma-separated edition names (default: all)"
    )

    editions = command("editions", "the rule editions: list, show one, diff two", editions_list)
    which = editions.add_subparsers(title="editions commands", metavar="WHAT")
    listing = which.add_parser("list", help="every preset with its source", parents=[common])
    listing.set_defaults(command=editions_list)
    show = which.add_parser("show", help="every rule of one edition", parents=[common])
    show.add_argument("name", metavar="NAME")
    show.set_defaults(command=editions_show)
    diff = which.add_parser("diff", help="the rules where two editions differ", parents=[common])
    diff.add_argument("left", metavar="A")
    diff.add_argument("right", metavar="B")
    diff.set_defaults(command=editions_diff)

    solve = command(
        "solve", "the best play for a rack on a table (laid tiles marked)", solve_command
    )
    solve.add_argument("--table", metavar="TABLE", help="the table")
    solve.add_argument("--rack", metavar="TILES", help="the rack")
    solve.add_argument("--opened", action="store_true", default=None, help="the player opened")
    solve.add_argument("--edition", metavar="NAME", help="edition name (default classic)")
    solve.add_argument(
        "--objective", choices=("tiles", "points"), help="most tiles (default) or most points"
    )

    score = command("score", "score the racks left at the end of a game", score_command)
    score.add_argument("--racks", nargs="+", metavar="TILES", help="each seat's rack ('' empty)")
    score.add_argument(
        "--winner", metavar="SEAT", help="the seat that went out, or none (pool ran out)"
    )
    score.add_argument("--never-opened", nargs="*", metavar="SEAT", help="seats that never opened")
    score.add_argument("--edition", metavar="NAME", help="edition name (default classic)")

    replay = command("replay", "replay a game record (JSON), turn by turn", replay_command)
    replay.add_argument("file", metavar="FILE", help="a game record document")

    sim = command(
        "simulate", "bots play the same deals under several editions; statistics", simulate_command
    )
    sim.add_argument("--editions", metavar="NAMES", help="comma-separated edition names")
    sim.add_argument("--games", type=int, metavar="N", help="deals, each played under every one")
    sim.add_argument("--players", type=int, metavar="P", help="players (default 4)")
    sim.add_argument("--seed", type=int, metavar="S", help="seed of the deals (default 0)")
    sim.add_argument("--jobs", type=int, metavar="J", help="worker processes (default 1)")
    sim.add_argument(
        "--bots",
        metavar="NAMES",
        help=f"one bot for every seat or one per seat, from {', '.join(BOTS)} (default greedy)",
    )
    sim.add_argument("--records", metavar="FILE", help="write every game's record as JSON lines")
    sim.add_argument(
        "--report", metavar="FILE", help="write the summary as one HTML page, with charts"
    )
    sim.add_argument("--csv", metavar="FILE", help="write every game as a CSV row")
    return parser
