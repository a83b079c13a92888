"""A simulation's summary as Markdown: what was played, what changes in words, then the tables.

The numbers, their units and intervals, and the sentences come from
:mod:`rummikub_rules.simulate._table`; this module only lays them out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummikub_rules.simulate._table import Table, readings, summary_line, tables

if TYPE_CHECKING:
    from rummikub_rules.simulate._summary import Simulation

__all__ = ["markdown"]


def markdown(result: Simulation) -> str:
    """A line saying what was played, a sentence for each significant difference, the tables.

    "Out of budget" is the share of turns on which the solver could not tell within its budget
    whether the seat to move had a play; "could play" counts the other turns.
    """
    lines = [summary_line(result), ""]
    found = readings(result)
    if found:
        lines += ["What changes (differences whose 95% interval leaves out 0):", ""]
        lines += [f"- {reading}" for reading in found]
        lines.append("")
    for table in tables(result):
        lines += [table.caption, "", *_rows(table), ""]
    return "\n".join(lines)


def _rows(table: Table) -> list[str]:
    rule = "|" + "---|" * table.labels + "---:|" * (len(table.header) - table.labels)
    return [_row(table.header), rule, *(_row(row) for row in table.rows)]


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"
