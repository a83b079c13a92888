"""A simulation's summary as one self-contained HTML page, with charts when matplotlib is there.

The page holds everything it shows: its style sheet inline, each chart an SVG image inline as a
``data:`` URI (matplotlib's text left as text, in the reader's own sans-serif font), no script
and nothing fetched, so it opens offline and can be mailed as one file. The charts are game
length per edition (box plots, with the mean and its 95% interval), each seat's share of games
won with its interval, and the paired differences as a forest plot, a panel per quantity.
matplotlib is the optional extra ``rummikub-rules[plot]``; without it the page has the tables
and says how to get the charts. It is imported only here, when a page is drawn.
"""

from __future__ import annotations

import base64
import html as escape
import io
from typing import TYPE_CHECKING, Any, Final

from rummikub_rules.simulate._table import (
    QUANTITIES,
    Estimate,
    Table,
    by_edition,
    readings,
    seat_wins,
    summary_line,
    tables,
)

if TYPE_CHECKING:
    from rummikub_rules.simulate._summary import Simulation

__all__ = ["html"]

#: Colours by edition (the first editions get the colour-blind-safe Okabe-Ito palette).
_COLOURS: Final = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#999999")

_STYLE: Final = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto;
       max-width: 1100px; padding: 0 1em; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 0.92em; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e4e4e4; }
th { background: #f4f4f4; text-align: left; }
th.n { text-align: right; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
caption { caption-side: top; text-align: left; color: #555; padding-bottom: 0.4em; }
figure { margin: 1em 0 2em; }
figure img { max-width: 100%; height: auto; }
figcaption { color: #555; font-size: 0.92em; }
.note { color: #555; }
footer { margin-top: 3em; color: #888; font-size: 0.85em; }
"""


def html(result: Simulation, charts: bool = True) -> str:
    """The page: what was played, what changes, the charts (if drawn), the tables."""
    from rummikub_rules import __version__  # here: the package is loading when this module is

    title = "Editions compared by self-play: " + ", ".join(result.editions)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_text(title)}</title>",
        f"<style>{_STYLE}</style></head>",
        "<body>",
        f"<h1>{_text(title)}</h1>",
        f"<p>{_text(summary_line(result))}</p>",
    ]
    found = readings(result)
    parts.append("<h2>What changes</h2>")
    if found:
        parts.append('<p class="note">Differences whose 95% interval leaves out 0:</p><ul>')
        parts += [f"<li>{_text(reading)}</li>" for reading in found]
        parts.append("</ul>")
    else:
        parts.append('<p class="note">No difference whose 95% interval leaves out 0.</p>')
    if charts:
        parts += _charts(result)
    parts.append("<h2>Tables</h2>")
    parts += [_table(table) for table in tables(result)]
    parts += [
        f"<footer>Made by rummikub-rules {_text(__version__)}.</footer>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _text(value: str) -> str:
    return escape.escape(value, quote=True)


def _table(table: Table) -> str:
    head = "".join(
        f"<th>{_text(cell)}</th>" if column < table.labels else f'<th class="n">{_text(cell)}</th>'
        for column, cell in enumerate(table.header)
    )
    body = [
        "<tr>"
        + "".join(
            f"<td>{_text(cell)}</td>"
            if column < table.labels
            else f'<td class="n">{_text(cell)}</td>'
            for column, cell in enumerate(row)
        )
        + "</tr>"
        for row in table.rows
    ]
    return (
        f"<table><caption>{_text(table.caption)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _charts(result: Simulation) -> list[str]:
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError:
        return [
            "<h2>Charts</h2>",
            '<p class="note">The charts need matplotlib: '
            "<code>pip install 'rummikub-rules[plot]'</code>.</p>",
        ]
    drawn = [
        (_game_length, "Game length per edition: the box holds the middle half of the games "
         "and the line across it is the median; the whiskers reach the games within 1.5 boxes "
         "of it, dots are the others; below each box, the mean and its 95% interval."),
        (_wins, "Games won by each seat under each edition, with 95% intervals; the dashed "
         "line is an even share."),
    ]  # fmt: skip
    if result.differences:
        drawn.append(
            (
                _forest,
                "Paired differences, edition minus baseline, deal by deal: the mean and its 95% "
                "interval (shares in percentage points, pp), filled where it leaves out 0; a "
                "quantity that no deal changes is left out.",
            )
        )
    settings = {
        "svg.fonttype": "none",
        "svg.hashsalt": "rummikub-rules",
        "font.family": "sans-serif",
        "font.size": 10,
        "axes.spines.top": False,
        "axes.spines.right": False,
    }
    parts = ["<h2>Charts</h2>"]
    with matplotlib.rc_context(settings):
        for draw, caption in drawn:
            figure = Figure(layout="constrained")
            alt = draw(figure, result)
            parts.append(
                f'<figure><img alt="{_text(alt)}" src="{_svg(figure)}">'
                f"<figcaption>{_text(caption)}</figcaption></figure>"
            )
    return parts


def _svg(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _colour(index: int) -> str:
    return _COLOURS[index % len(_COLOURS)]


def _game_length(figure: Any, result: Simulation) -> str:
    names = list(result.editions)
    turns = [[g.turns for g in edition] for edition in by_edition(result)]
    figure.set_size_inches(10, 1.2 + 0.55 * len(names))
    axes = figure.add_subplot()
    positions = list(range(len(names), 0, -1))
    boxes = axes.boxplot(
        turns,
        positions=positions,
        orientation="horizontal",
        widths=0.5,
        patch_artist=True,
        showfliers=True,
        medianprops={"color": "#222"},
        flierprops={"markersize": 3, "alpha": 0.5},
    )
    for index, box in enumerate(boxes["boxes"]):
        box.set_facecolor(_colour(index))
        box.set_alpha(0.55)
    for position, values in zip(positions, turns, strict=True):
        estimate = Estimate.of_values([float(value) for value in values], least=0.0)
        if estimate is not None:
            _interval(axes, position - 0.38, estimate, "black", horizontal=True)
    axes.set_yticks(positions, names)
    axes.set_xlabel("game length (turns)")
    axes.grid(axis="x", alpha=0.3)
    return "Box plots of game length in turns, one per edition: " + ", ".join(names)


def _wins(figure: Any, result: Simulation) -> str:
    names = list(result.editions)
    wins = seat_wins(result)
    players = result.players
    figure.set_size_inches(10, 3.6)
    axes = figure.add_subplot()
    width = 0.8 / len(names)
    for index, (name, seats) in enumerate(zip(names, wins, strict=True)):
        xs = [seat - 0.4 + width * (index + 0.5) for seat in range(players)]
        means = [100 * (e.mean if e else 0.0) for e in seats]
        axes.bar(xs, means, width * 0.92, color=_colour(index), alpha=0.8, label=name)
        for x, estimate in zip(xs, seats, strict=True):
            if estimate is not None:
                _interval(axes, x, estimate, "#222", horizontal=False, scale=100)
    axes.axhline(100 / players, color="#555", linestyle="--", linewidth=1)
    axes.set_xticks(range(players), [f"seat {seat}" for seat in range(players)])
    axes.set_ylabel("games won (%)")
    figure.legend(frameon=False, ncols=min(len(names), 4), loc="outside upper center")
    axes.set_ylim(0, None)
    return "Bar chart of the share of games won by each seat under each edition"


def _forest(figure: Any, result: Simulation) -> str:
    pairs = list(dict.fromkeys((d.edition, d.baseline) for d in result.differences))
    metrics = [
        metric
        for metric in QUANTITIES
        if any(
            d.metric == metric and d.mean is not None and (d.mean, d.low, d.high) != (0, 0, 0)
            for d in result.differences
        )
    ] or ["turns"]
    columns = 2 if len(metrics) > 1 else 1
    rows = -(-len(metrics) // columns)
    figure.set_size_inches(10, rows * (0.9 + 0.3 * len(pairs)))
    figure.get_layout_engine().set(h_pad=0.12)
    grid = figure.subplots(rows, columns, squeeze=False, sharey=True)
    labels = [f"{edition} vs {baseline}" for edition, baseline in pairs]
    for place, metric in enumerate(metrics):
        axes = grid[place // columns][place % columns]
        quantity = QUANTITIES[metric]
        scale = quantity.scale
        axes.axvline(0, color="#888", linewidth=1)
        for row, (edition, baseline) in enumerate(pairs):
            d = result.difference(metric, baseline, edition)
            if d.mean is None:
                continue
            y = len(pairs) - row
            colour = _colour(result.editions.index(edition))
            if d.low is not None and d.high is not None:
                axes.hlines(y, d.low * scale, d.high * scale, color=colour, linewidth=2)
            axes.plot(
                [d.mean * scale],
                [y],
                marker="o",
                markersize=6,
                color=colour,
                markerfacecolor=colour if d.significant else "white",
            )
        if place % columns == 0:
            axes.set_yticks(range(len(pairs), 0, -1), labels)
        axes.tick_params(axis="y", length=0)
        axes.set_ylim(0.4, len(pairs) + 0.6)
        unit = " (pp)" if quantity.share else ""
        axes.set_title(quantity.label + unit, fontsize=10, loc="left")
        axes.grid(axis="x", alpha=0.3)
    for place in range(len(metrics), rows * columns):
        grid[place // columns][place % columns].set_visible(False)
    return "Forest plot of the paired differences between editions, a panel per quantity"


def _interval(
    axes: Any,
    at: float,
    estimate: Estimate,
    colour: str,
    *,
    horizontal: bool,
    scale: float = 1.0,
) -> None:
    """A dot at the mean and a bar over its interval, across the axis at ``at``."""
    low = estimate.mean if estimate.low is None else estimate.low
    high = estimate.mean if estimate.high is None else estimate.high
    mean = estimate.mean * scale
    errors = [[mean - low * scale], [high * scale - mean]]
    if horizontal:
        axes.errorbar([mean], [at], xerr=errors, fmt="o", color=colour, markersize=4, capsize=3)
    else:
        axes.errorbar([at], [mean], yerr=errors, fmt="none", ecolor=colour, capsize=3)
