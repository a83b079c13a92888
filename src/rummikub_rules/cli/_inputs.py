"""The inputs of a command: its options, then the ``--input`` JSON object, each value checked.

A value of the wrong kind raises :class:`InputError` and notation that does not parse
:class:`BadNotationError`; ``main`` reports either as bad input, in one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rummikub_rules.editions import Edition
from rummikub_rules.errors import ParseError, excerpt
from rummikub_rules.inputs import as_edition, as_table, as_tiles
from rummikub_rules.melds import Table
from rummikub_rules.tiles import Tile

__all__ = [
    "BadNotationError",
    "InputError",
    "Inputs",
    "name_list",
    "parse_error_text",
    "read_text",
    "seat_number",
    "whole_number",
]


class InputError(Exception):
    """Bad input found after argparse: exit with status 2 and this message."""


class Inputs:
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
            raise InputError(f"--{name.replace('_', '-')} is required (or give it in --input)")
        return value

    def flag(self, name: str) -> bool:
        if getattr(self._args, name, False):
            return True
        value = self._file.get(name, False)
        if not isinstance(value, bool):
            raise InputError(f"{name} in --input must be true or false, got {excerpt(value)}")
        return value

    def table(self, name: str) -> Table:
        try:
            return as_table(self._text(name), f"--{name}")
        except ParseError as error:
            raise BadNotationError(f"--{name}", error) from None

    def tiles(self, name: str) -> tuple[Tile, ...]:
        try:
            return as_tiles(self._text(name), f"--{name}")
        except ParseError as error:
            raise BadNotationError(f"--{name}", error) from None

    def texts(self, name: str) -> list[str]:
        """A list of notation texts (``--racks``)."""
        value = self.require(name)
        if not (isinstance(value, list) and all(isinstance(item, str) for item in value)):
            raise InputError(f"--{name} is a list of notation texts, got {excerpt(value)}")
        return value

    def edition(self) -> Edition:
        name = self.get("edition")
        if name is None:
            return as_edition("classic", "--edition")
        if not (isinstance(name, str) and name):
            raise InputError(f"--edition is an edition's name, got {excerpt(name)}")
        return as_edition(name, "--edition")

    def _text(self, name: str) -> str:
        value = self.require(name)
        if not isinstance(value, str):
            raise InputError(f"--{name} must be notation text, got {excerpt(value)}")
        return value


#: Names in the parsed arguments that are not inputs a command reads from ``--input``.
_NOT_INPUTS = frozenset({"command", "input", "json", "color"})


class BadNotationError(Exception):
    """Notation that failed to parse, with the option it came from."""

    def __init__(self, option: str, error: ParseError) -> None:
        self.option = option
        self.error = error
        super().__init__(option)


def _read_input(path: str, known: list[str]) -> dict[str, Any]:
    """The ``--input`` object, its keys checked against the command's options."""
    text = read_text(path)
    try:
        value = json.loads(text)
    except RecursionError:
        raise InputError(f"{excerpt(path)} is not JSON: nested too deeply") from None
    except ValueError as error:
        raise InputError(f"{excerpt(path)} is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise InputError(f"{excerpt(path)} must hold a JSON object of option names")
    inputs = {key.replace("-", "_"): item for key, item in value.items()}
    unknown = [key for key in value if key.replace("-", "_") not in known]
    if unknown:
        raise InputError(
            f"{excerpt(path)}: unknown option {excerpt(unknown[0])} "
            f"(this command takes {', '.join(known)})"
        )
    return inputs


def read_text(path: str) -> str:
    """The text of a file (``-``: stdin), as UTF-8."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise InputError(f"cannot read {excerpt(path)}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"{excerpt(path)} is not UTF-8 text (byte {error.start} cannot be read)"
        ) from None


def name_list(value: object, option: str = "--editions") -> list[str]:
    """A comma-separated list of names (or a JSON list of them), at least one."""
    names: list[str] | None = None
    if isinstance(value, str):
        names = [name.strip() for name in value.split(",") if name.strip()]
    elif isinstance(value, list) and all(isinstance(name, str) for name in value):
        names = value
    if not names:
        raise InputError(f"{option} is a comma-separated list of names, got {excerpt(value)}")
    return names


def seat_number(value: object, players: int) -> int:
    """A seat given as a number or its digits, from 0 to ``players - 1``."""
    text = value if isinstance(value, str) else None
    if type(value) is int:
        seat = value
    elif text is not None and text.strip().isdecimal() and len(text) < 10:
        seat = int(text)
    else:
        raise InputError(f"a seat is a number from 0 to {players - 1}, got {excerpt(value)}")
    if not 0 <= seat < players:
        raise InputError(f"a seat is a number from 0 to {players - 1}, got {seat}")
    return seat


def whole_number(
    value: object, name: str, *, default: int | None = None, least: int | None = None
) -> int:
    """``value`` as a whole number (``default`` when not given), at least ``least``."""
    if value is None and default is not None:
        return default
    if type(value) is not int:
        raise InputError(f"--{name} is a whole number, got {excerpt(value)}")
    if least is not None and value < least:
        raise InputError(f"--{name} must be at least {least}, got {value}")
    return value


def parse_error_text(label: str, error: ParseError) -> str:
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
