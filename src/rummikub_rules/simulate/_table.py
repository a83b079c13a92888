"""A simulation's numbers as a game designer reads them, and a sentence for each difference.

Every quantity has one unit and one rounding wherever it appears: shares are percentages (their
differences percentage points, "pp"); turns, jokers and points are given to one decimal, jokers
left counted per 100 games so that a rare one still shows. Per edition, a quantity is the mean
over its games with a 95% interval: the Wilson score interval for a share of yes-or-no outcomes
(a game ended with the pool empty, a seat won), Student's t for the rest, cut where a game's
value cannot go (no share past 0% or 100%, no negative count). The Markdown
(:mod:`rummikub_rules.simulate._report`) and HTML (:mod:`rummikub_rules.simulate._html`)
reports print the :class:`Table` objects made here.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from rummikub_rules.simulate._metrics import METRICS
from rummikub_rules.simulate._stats import mean_interval, share_interval

if TYPE_CHECKING:
    from rummikub_rules.runner import GameSummary
    from rummikub_rules.simulate._summary import PairedDifference, Simulation

__all__ = [
    "QUANTITIES",
    "Estimate",
    "Quantity",
    "Table",
    "by_edition",
    "difference_text",
    "edition_estimates",
    "estimate_text",
    "readings",
    "seat_scores",
    "seat_wins",
    "summary_line",
    "tables",
]


@attrs.frozen
class Quantity:
    """A number measured per game, as the tables and charts name it (with its unit).

    A ``share`` is printed as a percentage, and its differences in percentage points; a
    quantity counted ``per`` 100 games is multiplied by 100 (a rare event stays visible).
    ``least`` is the smallest value a game can have (a share's is 0, and its largest 1): an
    interval never reaches past what a game can have.
    """

    label: str
    share: bool = False
    per: int = 1
    least: float | None = None

    @property
    def bounds(self) -> tuple[float | None, float | None]:
        """The smallest and largest value a game can have (``None``: no bound)."""
        return (0.0, 1.0) if self.share else (self.least, None)

    @property
    def scale(self) -> float:
        """What a value per game is multiplied by to be shown (100 for a percentage)."""
        return 100.0 if self.share else float(self.per)


#: The quantities of :data:`rummikub_rules.simulate.METRICS`, by metric name.
QUANTITIES: Final[dict[str, Quantity]] = {
    "turns": Quantity("game length (turns)", least=0.0),
    "first_opening": Quantity("first opening (the seat's own turn)", least=1.0),
    "pool_empty": Quantity("games ending with the pool empty", share=True),
    "went_out": Quantity("games in which someone went out", share=True),
    "jokers_left": Quantity("jokers left on racks, per 100 games", per=100, least=0.0),
    "could_play": Quantity("turns on which the player to move could play", share=True),
    "winning_score": Quantity("winner's score (points)"),
    "lowest_score": Quantity("lowest score (points)"),
}

NEVER_OPENED: Final = Quantity("seats that never opened", share=True)
OUT_OF_BUDGET: Final = Quantity("turns out of the solver's budget", share=True)
WINS: Final = Quantity("games won", share=True)
SCORE: Final = Quantity("score (points)")

#: Metrics whose value in a game is yes (1) or no (0): their shares get Wilson intervals.
_YES_OR_NO: Final = frozenset({"pool_empty", "went_out"})


@attrs.frozen
class Estimate:
    """A mean with its 95% interval (``low`` and ``high`` are ``None`` below two values)."""

    mean: float
    low: float | None
    high: float | None

    @classmethod
    def of_values(
        cls, values: Sequence[float], least: float | None = None, most: float | None = None
    ) -> Estimate | None:
        """The mean of ``values`` with its t interval; ``None`` when there are none.

        The interval is cut at ``least`` and ``most``, the bounds of any value.
        """
        if not values:
            return None
        mean = statistics.fmean(values)
        interval = mean_interval(values)
        if interval is None:
            return cls(mean, None, None)
        low, high = interval
        low = low if least is None else max(least, low)
        high = high if most is None else min(most, high)
        if all(value == values[0] for value in values):
            low = high = mean  # equal values: no rounding noise around them
        return cls(mean, low, high)

    @classmethod
    def of_share(cls, hits: int, total: int) -> Estimate | None:
        """The share ``hits / total`` with its Wilson interval; ``None`` when ``total`` is 0."""
        interval = share_interval(hits, total)
        if interval is None:
            return None
        return cls(hits / total, *interval)


@attrs.frozen
class Table:
    """A table of text: a caption saying how to read it, column headings, rows.

    The first ``labels`` columns are names (left-aligned); the others are numbers.
    """

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    labels: int = 1


def by_edition(result: Simulation) -> tuple[tuple[GameSummary, ...], ...]:
    """Each edition's games, deal by deal, in the order of ``result.editions``."""
    count = len(result.editions)
    return tuple(result.played[index::count] for index in range(count))


def edition_estimates(result: Simulation) -> dict[Quantity, tuple[Estimate | None, ...]]:
    """Each quantity's estimate under each edition, the quantities in the tables' order."""
    games = by_edition(result)
    found: dict[Quantity, tuple[Estimate | None, ...]] = {}
    for metric, measure in METRICS.items():
        found[QUANTITIES[metric]] = tuple(
            _estimate(metric, [value for g in edition if (value := measure(g)) is not None])
            for edition in games
        )
        if metric == "first_opening":
            found[NEVER_OPENED] = tuple(
                Estimate.of_share(
                    sum(turn is None for g in edition for turn in g.first_openings),
                    sum(len(g.first_openings) for g in edition),
                )
                for edition in games
            )
        if metric == "could_play":
            found[OUT_OF_BUDGET] = tuple(
                Estimate.of_values(
                    [(g.undecided or 0) / g.turns for g in edition if g.turns],
                    *OUT_OF_BUDGET.bounds,
                )
                for edition in games
            )
    return found


def _estimate(metric: str, values: list[float]) -> Estimate | None:
    if metric in _YES_OR_NO:
        return Estimate.of_share(round(sum(values)), len(values))
    return Estimate.of_values(values, *QUANTITIES[metric].bounds)


def seat_wins(result: Simulation) -> tuple[tuple[Estimate | None, ...], ...]:
    """Under each edition, each seat's share of games won (a shared win counts for each)."""
    return tuple(
        tuple(
            Estimate.of_share(sum(seat in g.winners for g in edition), len(edition))
            for seat in range(result.players)
        )
        for edition in by_edition(result)
    )


def seat_scores(result: Simulation) -> tuple[tuple[Estimate | None, ...], ...]:
    """Under each edition, each seat's mean score."""
    return tuple(
        tuple(
            Estimate.of_values([float(g.scores[seat]) for g in edition])
            for seat in range(result.players)
        )
        for edition in by_edition(result)
    )


def summary_line(result: Simulation) -> str:
    """What was played: deals, editions, players, seed and bots."""
    bots = (
        ", ".join(result.bots) if len(set(result.bots)) > 1 else f"{result.bots[0]} at every seat"
    )
    capped = sum(stats.capped for stats in result.stats)
    stopped = f" {capped} games stopped at the turn cap." if capped else ""
    abandoned = ", ".join(f"{s.edition} {s.abandoned}" for s in result.stats if s.abandoned)
    if abandoned:
        stopped += f" Games abandoned by a bot that stopped answering: {abandoned}."
    if result.unfinished:
        stopped += f" Deals not finished by the deadline (left out): {result.unfinished}."
    return (
        f"{result.games} deals x {len(result.editions)} editions, {result.players} players, "
        f"seed {result.seed}; {bots}.{stopped}"
    )


def tables(result: Simulation) -> tuple[Table, ...]:
    """The report's tables: per edition, wins and scores by seat, paired differences."""
    found = [_edition_table(result), *_seat_tables(result)]
    if result.differences:
        found.append(_difference_table(result))
    return tuple(found)


def _edition_table(result: Simulation) -> Table:
    rows = tuple(
        (quantity.label, *(estimate_text(estimate, quantity) for estimate in estimates))
        for quantity, estimates in edition_estimates(result).items()
    )
    return Table(
        caption="Each edition, per game: the mean and its 95% interval. Shares are of games, "
        "of seats (never opened) or of turns (could play, out of budget).",
        header=("per game", *result.editions),
        rows=rows,
    )


def _seat_tables(result: Simulation) -> tuple[Table, Table]:
    header = ("seat", *result.editions)
    seats = range(result.players)
    wins, scores = seat_wins(result), seat_scores(result)
    return (
        Table(
            caption="Games won by each seat, with 95% intervals (a shared win counts for each "
            f"winner; an even share is {_number(100 / result.players)}%).",
            header=header,
            rows=tuple(
                (str(seat), *(estimate_text(edition[seat], WINS) for edition in wins))
                for seat in seats
            ),
        ),
        Table(
            caption="Each seat's score in points: the mean and its 95% interval.",
            header=header,
            rows=tuple(
                (str(seat), *(estimate_text(edition[seat], SCORE) for edition in scores))
                for seat in seats
            ),
        ),
    )


def _difference_table(result: Simulation) -> Table:
    pairs = list(dict.fromkeys((d.edition, d.baseline) for d in result.differences))
    header = ["per game"]
    for edition, baseline in pairs:
        same = result.difference("turns", baseline, edition).same_deals
        header.append(f"{edition} vs {baseline}" + ("" if same else " (independent deals)"))
    rows = []
    for metric, quantity in QUANTITIES.items():
        cells = [quantity.label]
        for edition, baseline in pairs:
            d = result.difference(metric, baseline, edition)
            fewer = "" if d.pairs == result.games else f" ({d.pairs} deals)"
            cells.append(_change(d) + fewer)
        rows.append(tuple(cells))
    return Table(
        caption="Paired differences, edition minus baseline, deal by deal: the mean and its 95% "
        "interval (paired t), shares in percentage points (pp); * where the interval leaves "
        "out 0. A deal where a game has no value (nobody opened) is left out; the deals "
        "compared are given where there are fewer than all.",
        header=tuple(header),
        rows=tuple(rows),
    )


def _change(d: PairedDifference) -> str:
    if d.mean is None:
        return "no deals to compare"
    if d.mean == 0 and d.low == 0 and d.high == 0:
        return "none in any deal"
    return difference_text(d) + (" *" if d.significant else "")


def readings(result: Simulation) -> tuple[str, ...]:
    """A sentence for each difference whose 95% interval leaves out 0, in the tables' order."""
    return tuple(_reading(d) for d in result.differences if d.significant)


#: How a difference reads, by metric: the sentence when it is more, and when it is less.
_WORDS: Final[dict[str, tuple[str, str]]] = {
    "turns": (
        "{e} games last {x} turns longer than {b} games",
        "{e} games end {x} turns sooner than {b} games",
    ),
    "first_opening": (
        "{e} players open {x} of their own turns later than {b} players",
        "{e} players open {x} of their own turns sooner than {b} players",
    ),
    "pool_empty": (
        "{e} games end with the pool empty {x} percentage points more often than {b} games",
        "{e} games end with the pool empty {x} percentage points less often than {b} games",
    ),
    "went_out": (
        "someone goes out in {x} percentage points more {e} games than {b} games",
        "someone goes out in {x} percentage points fewer {e} games than {b} games",
    ),
    "jokers_left": (
        "{e} games leave {x} more jokers on racks per 100 games than {b} games",
        "{e} games leave {x} fewer jokers on racks per 100 games than {b} games",
    ),
    "could_play": (
        "{e} players can play on {x} percentage points more of their turns than {b} players",
        "{e} players can play on {x} percentage points fewer of their turns than {b} players",
    ),
    "winning_score": (
        "{e} winners score {x} points more than {b} winners",
        "{e} winners score {x} points fewer than {b} winners",
    ),
    "lowest_score": (
        "the lowest score is {x} points higher in {e} games than in {b} games",
        "the lowest score is {x} points lower in {e} games than in {b} games",
    ),
}


def _reading(d: PairedDifference) -> str:
    assert d.mean is not None
    assert d.low is not None
    assert d.high is not None
    more, less = _WORDS[d.metric]
    scale = QUANTITIES[d.metric].scale
    amount = _number(abs(d.mean) * scale)
    words = (more if d.mean > 0 else less).format(e=d.edition, b=d.baseline, x=amount)
    near, far = sorted((abs(d.low) * scale, abs(d.high) * scale))
    deals = "" if d.same_deals else "; independent deals"
    return f"{words} ({_number(near)} to {_number(far)}{deals})."


def estimate_text(estimate: Estimate | None, quantity: Quantity) -> str:
    """``mean (low to high)`` to one decimal in ``quantity``'s unit (a share as a percentage)."""
    if estimate is None:
        return "no games"

    def show(value: float) -> str:
        return _number(value * quantity.scale) + ("%" if quantity.share else "")

    if estimate.low is None or estimate.high is None:
        return show(estimate.mean)
    return f"{show(estimate.mean)} ({show(estimate.low)} to {show(estimate.high)})"


def difference_text(d: PairedDifference) -> str:
    """A difference ``+mean (low to high)``: shares in percentage points, others in their unit."""
    assert d.mean is not None
    quantity = QUANTITIES[d.metric]
    scale = quantity.scale
    unit = " pp" if quantity.share else ""
    if d.low is None or d.high is None:
        return f"{_signed(d.mean * scale)}{unit}"
    return (
        f"{_signed(d.mean * scale)}{unit} ({_signed(d.low * scale)} to {_signed(d.high * scale)})"
    )


def _number(value: float) -> str:
    """One decimal; a value just below 0 shows as -0.0, and 0 itself as 0.0."""
    return f"{value + 0.0:.1f}"  # + 0.0 turns -0.0 into 0.0


def _signed(value: float) -> str:
    return f"{value + 0.0:+.1f}"
