"""A simulation's summary as Markdown: a table per edition, scores by seat, paired differences."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummikub_rules.simulate import (
        Distribution,
        EditionStats,
        PairedDifference,
        Simulation,
    )

__all__ = ["markdown"]


def markdown(result: Simulation) -> str:
    """Three Markdown tables and a line saying what was played.

    "Out of budget" is the share of turns on which the solver could not tell within its budget
    whether the seat to move had a play; "could play" counts the other turns.
    """
    bots = (
        ", ".join(result.bots) if len(set(result.bots)) > 1 else f"{result.bots[0]} at every seat"
    )
    lines = [
        f"{result.games} deals x {len(result.editions)} editions, {result.players} players, "
        f"seed {result.seed}; {bots}.",
        "",
        "| edition | games | turns: mean (sd) | first opening: own turn | never opened "
        "| pool empty at the end | someone went out | jokers left | could play "
        "| out of budget |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines.extend(_edition_row(stats) for stats in result.stats)
    lines.extend(_cut_short(result))
    seats = range(result.players)
    lines += [
        "",
        "Scores by seat: mean (sd), lowest to highest.",
        "",
        "| edition | " + " | ".join(f"seat {seat}" for seat in seats) + " |",
        "|---|" + "---:|" * result.players,
    ]
    lines.extend(
        f"| {stats.edition} | " + " | ".join(_spread(d) for d in stats.scores) + " |"
        for stats in result.stats
    )
    if result.differences:
        lines += [
            "",
            "Paired differences, edition minus baseline, deal by deal: the mean and its 95% "
            "interval (paired t); * where the interval leaves out 0; 0 where the difference is 0 "
            "in every deal.",
            "",
            "| baseline | edition | deals | "
            + " | ".join(m.replace("_", " ") for m in _metrics(result))
            + " |",
            "|---|---|---:|" + "---:|" * len(_metrics(result)),
        ]
        lines.extend(_difference_rows(result))
    return "\n".join(lines) + "\n"


def _cut_short(result: Simulation) -> list[str]:
    """Lines saying which games a bot abandoned and how many deals the deadline left out."""
    lines = []
    abandoned = [f"{s.edition} {s.abandoned}" for s in result.stats if s.abandoned]
    if abandoned:
        lines += ["", "Games abandoned by a bot that stopped answering: " + ", ".join(abandoned)]
    if result.unfinished:
        lines += ["", f"Deals not finished by the deadline (left out): {result.unfinished}."]
    return lines


def _metrics(result: Simulation) -> list[str]:
    return list(dict.fromkeys(d.metric for d in result.differences))


def _difference_rows(result: Simulation) -> list[str]:
    metrics = _metrics(result)
    rows = []
    for start in range(0, len(result.differences), len(metrics)):
        pair = result.differences[start : start + len(metrics)]
        first = pair[0]
        deals = f"{first.pairs}" + ("" if first.same_deals else " (independent)")
        cells = [first.baseline, first.edition, deals, *(_difference(d) for d in pair)]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def _difference(d: PairedDifference) -> str:
    if d.mean is None:
        return ""
    if d.low is None or d.high is None:
        return f"{d.mean:+.3g}"
    if d.mean == d.low == d.high == 0:
        return "0"
    star = " *" if d.significant else ""
    return f"{d.mean:+.3g} ({d.low:+.3g} to {d.high:+.3g}){star}"


def _edition_row(stats: EditionStats) -> str:
    opened = [d for d in stats.first_opening if d is not None]
    count = sum(d.count for d in opened)
    opening = f"{sum(d.mean * d.count for d in opened) / count:.2f}" if count else "never"
    never = sum(stats.never_opened) / len(stats.never_opened)
    could = "" if stats.could_play is None else _share(stats.could_play)
    cells = (
        stats.edition,
        str(stats.games),
        f"{stats.turns.mean:.1f} ({stats.turns.sd:.1f})",
        opening,
        _share(never),
        _share(stats.pool_empty),
        _share(stats.went_out),
        f"{stats.jokers_left.mean:.2f}",
        could,
        _share(stats.undecided_turns / (stats.turns.mean * stats.games)),
    )
    return "| " + " | ".join(cells) + " |"


def _spread(d: Distribution) -> str:
    return f"{d.mean:+.1f} ({d.sd:.1f}), {d.minimum:+.0f} to {d.maximum:+.0f}"


def _share(value: float) -> str:
    return f"{value:.1%}"
