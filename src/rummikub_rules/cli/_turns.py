"""The commands about one turn: ``check``, ``compare`` and ``solve``, as text or JSON.

The comparison and the solver load inside the commands that use them, so ``check`` never pays
for them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, TextIO

from rummikub_rules.cli._inputs import InputError, Inputs, name_list
from rummikub_rules.cli._output import ILLEGAL, OK, dump
from rummikub_rules.cli._terminal import Style
from rummikub_rules.melds import Meld, Table
from rummikub_rules.serialization import table_to_json, tiles_to_json
from rummikub_rules.turns import Verdict, check_turn

if TYPE_CHECKING:
    from rummikub_rules.comparison import Suggestion
    from rummikub_rules.solver import Objective

__all__ = ["check_command", "compare_command", "solve_command"]


def check_command(inputs: Inputs, style: Style, out: TextIO) -> int:
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
        dump({"edition": edition.name, **_verdict_json(verdict), **extra}, out)
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


def compare_command(inputs: Inputs, style: Style, out: TextIO) -> int:
    names = inputs.get("editions")
    chosen = None if names is None else name_list(names)
    from rummikub_rules.comparison import compare

    result = compare(
        inputs.table("before"),
        inputs.tiles("rack"),
        inputs.table("after"),
        opened=inputs.flag("opened"),
        editions=chosen,
    )
    if inputs.json:
        dump(
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


def solve_command(inputs: Inputs, style: Style, out: TextIO) -> int:
    table, rack = inputs.table("table"), inputs.tiles("rack")
    edition = inputs.edition()
    chosen = inputs.get("objective") or "tiles"
    if chosen not in ("tiles", "points"):
        raise InputError(f"--objective is tiles or points, got {chosen!r}")
    objective: Objective = "points" if chosen == "points" else "tiles"
    opened = inputs.flag("opened")
    from rummikub_rules.solver import best_play

    play = best_play(table, rack, opened=opened, edition=edition, objective=objective)
    if play is None:
        if inputs.json:
            dump({"play": None}, out)
        else:
            print("no legal play: draw a tile (or pass when the pool is empty)", file=out)
        return OK
    verdict = check_turn(table, rack, play.after, opened=opened, edition=edition)
    if inputs.json:
        dump({"play": table_to_json(verdict.table), "played": tiles_to_json(verdict.played)}, out)
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
