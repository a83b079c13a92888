"""A simulation's games as rows: CSV text for a spreadsheet, or a pandas DataFrame.

One row per game and edition, in the order of ``Simulation.played`` (deal by deal, within a
deal in the order of the editions), with every metric of
:data:`rummikub_rules.simulate.METRICS` and each seat's score, win, first opening and jokers
left. In the CSV, yes-or-no columns are 1 or 0 and a missing value (a seat that never opened)
is empty; numbers are unrounded.
"""

from __future__ import annotations

import csv
import io
import os
from typing import IO, TYPE_CHECKING, Any, TypeAlias

from rummikub_rules.errors import InvalidTypeError, excerpt
from rummikub_rules.simulate._metrics import METRICS

if TYPE_CHECKING:
    import pandas

    from rummikub_rules.simulate._summary import Simulation

__all__ = ["CsvTarget", "columns", "csv_text", "dataframe", "rows"]

#: Where ``Simulation.to_csv`` writes: a path, or a text stream open for writing.
CsvTarget: TypeAlias = "str | os.PathLike[str] | IO[str]"

Cell: TypeAlias = "int | float | bool | str | None"


def columns(result: Simulation) -> list[str]:
    """The column names: the deal, the edition, the metrics, then four columns a seat."""
    seats = [
        f"{name}_seat_{seat}"
        for seat in range(result.players)
        for name in ("score", "won", "opened_turn", "jokers_left")
    ]
    return ["deal", "edition", *METRICS, "capped", "undecided_turns", *seats]


def rows(result: Simulation) -> list[list[Cell]]:
    """Each game's values, in the order of :func:`columns` (``None`` where there is none)."""
    count = len(result.editions)
    found: list[list[Cell]] = []
    for index, game in enumerate(result.played):
        row: list[Cell] = [index // count, game.edition]
        for metric, measure in METRICS.items():
            value = measure(game)
            if metric in ("pool_empty", "went_out"):
                row.append(None if value is None else bool(value))
            elif value is not None and value.is_integer() and metric != "could_play":
                row.append(int(value))
            else:
                row.append(value)
        row += [game.capped, game.undecided]
        for seat in range(result.players):
            row += [
                game.scores[seat],
                seat in game.winners,
                game.first_openings[seat],
                game.jokers_left[seat],
            ]
        found.append(row)
    return found


def csv_text(result: Simulation, target: CsvTarget | None = None) -> str:
    """The games as CSV text, also written to ``target`` (a path or a text stream) if given."""
    writable = target is None or isinstance(target, str | os.PathLike)
    if not writable and not callable(getattr(target, "write", None)):
        raise InvalidTypeError(f"to_csv writes to a path or a text stream, got {excerpt(target)}")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns(result))
    writer.writerows([_csv_cell(cell) for cell in row] for row in rows(result))
    text = buffer.getvalue()
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8", newline="") as file:
            file.write(text)
    elif target is not None:
        target.write(text)
    return text


def _csv_cell(cell: Cell) -> Cell:
    if isinstance(cell, bool):
        return int(cell)
    return "" if cell is None else cell


def dataframe(result: Simulation) -> pandas.DataFrame:
    """The games as a pandas DataFrame with the columns of :func:`columns`.

    pandas is an optional extra (``pip install 'rummikub-rules[pandas]'``); without it this
    raises :class:`ImportError` saying so.
    """
    try:
        import pandas
    except ImportError as error:
        raise ImportError(
            "Simulation.to_dataframe needs pandas, an optional extra: "
            "pip install 'rummikub-rules[pandas]' (or use to_csv, which needs nothing)"
        ) from error
    frame: Any = pandas.DataFrame(rows(result), columns=columns(result))
    return frame
