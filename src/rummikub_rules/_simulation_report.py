"""A simulation's summary as Markdown: a table per edition, scores by seat, paired differences."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummikub_rules.simulate import Distribution, EditionStats, Simulation

__all__ = ["markdown"]


def markdown(result: Simulation) -> str:
    """Three Markdown tables and a line saying what was played."""
    bots = (
        ", ".join(result.bots) if len(set(result.bots)) > 1 else f"{result.bots[0]} at every seat"
    )
    lines = [
        f"{result.games} deals x {len(result.editions)} editions, {result.players} players, "
        f"seed {result.seed}; {bots}.",
        "",
        "| edition | games | turns: mean (sd) | first opening: own turn | never opened "
        "| pool empty at the end | someone went out | jokers left | could play |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines.extend(_edition_row(stats) for stats in result.stats)
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
            "Paired differences, edition minus baseline, deal by deal: mean and 95% interval "
            "(paired t); * where the interval leaves out 0.",
            "",
            "| metric | baseline | edition | difference | 95% interval | deals |",
            "|---|---|---|---:|---:|---:|",
        ]
        for d in result.differences:
            star = " *" if d.significant else ""
            interval = "" if d.low is None or d.high is None else f"{d.low:+.3g} to {d.high:+.3g}"
            deals = f"{d.pairs}" + ("" if d.same_deals else " (independent)")
            mean = "" if d.mean is None else f"{d.mean:+.3g}{star}"
            lines.append(
                f"| {d.metric} | {d.baseline} | {d.edition} | {mean} | {interval} | {deals} |"
            )
    return "\n".join(lines) + "\n"


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
    )
    return "| " + " | ".join(cells) + " |"


def _spread(d: Distribution) -> str:
    return f"{d.mean:+.1f} ({d.sd:.1f}), {d.minimum:+.0f} to {d.maximum:+.0f}"


def _share(value: float) -> str:
    return f"{value:.1%}"
