"""The result of a simulation, and how the games played are summed up into it.

:class:`Simulation` holds an :class:`EditionStats` per edition (each number's spread a
:class:`Distribution`) and a :class:`PairedDifference` for each metric and pair of editions;
:func:`summarize` makes it from every game's :class:`~rummikub_rules.runner.GameSummary`.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from rummikub_rules.bots import Bot
from rummikub_rules.editions import Edition
from rummikub_rules.errors import InvalidValueError
from rummikub_rules.runner import GameSummary
from rummikub_rules.simulate._csv import CsvTarget, csv_text, dataframe
from rummikub_rules.simulate._html import html
from rummikub_rules.simulate._metrics import METRICS
from rummikub_rules.simulate._report import markdown
from rummikub_rules.simulate._stats import mean_interval

if TYPE_CHECKING:
    import pandas

__all__ = ["Distribution", "EditionStats", "PairedDifference", "Simulation", "summarize"]


@attrs.frozen
class Distribution:
    """A number's spread over games: count, mean, sample standard deviation, quartiles.

    >>> spread = Distribution.of([3, 1, 2, 10])
    >>> spread.mean, spread.minimum, spread.q1, spread.median, spread.q3, spread.maximum
    (4.0, 1.0, 1.75, 2.5, 4.75, 10.0)
    """

    count: int
    mean: float
    sd: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Distribution:
        """The distribution of ``values`` (at least one); quartiles by the inclusive method."""
        data = [float(value) for value in values]
        if not data:
            raise InvalidValueError("a distribution needs at least one value")
        if len(data) == 1:
            return cls(1, data[0], 0.0, data[0], data[0], data[0], data[0], data[0])
        q1, median, q3 = statistics.quantiles(data, n=4, method="inclusive")
        return cls(
            count=len(data),
            mean=statistics.fmean(data),
            sd=statistics.stdev(data),
            minimum=min(data),
            q1=q1,
            median=median,
            q3=q3,
            maximum=max(data),
        )


@attrs.frozen
class EditionStats:
    """What the bots' games under one edition came to, over every deal.

    ``first_opening[seat]`` is the seat's own turn (1: its first) on which it opened, over the
    games in which it did; ``never_opened[seat]`` the share of games in which it never did.
    ``could_play`` is the share of turns on which the seat to move had a legal play, over the
    turns the solver decided within its budget; ``undecided_turns`` counts the others.
    """

    edition: str
    #: Games played (one per deal).
    games: int
    turns: Distribution
    first_opening: tuple[Distribution | None, ...]
    never_opened: tuple[float, ...]
    #: Share of games that ended with the pool empty.
    pool_empty: float
    #: Share of games in which a player went out.
    went_out: float
    #: Games stopped at the turn cap (see :mod:`rummikub_rules.runner`).
    capped: int
    #: Each seat's score.
    scores: tuple[Distribution, ...]
    #: Jokers left on all racks at the end of a game.
    jokers_left: Distribution
    could_play: float | None
    undecided_turns: int
    #: Games abandoned by a bot that stopped answering (scored like capped games).
    abandoned: int = 0


@attrs.frozen
class PairedDifference:
    """``edition`` minus ``baseline`` on one metric, deal by deal, with a 95% interval.

    ``mean`` is the mean per-deal difference over ``pairs`` deals where both games have the
    metric, ``low`` and ``high`` its paired t interval (``None`` below two pairs).
    ``same_deals`` says whether the two editions played the very same deals (equal tile sets
    and rack sizes); if not, the pairs are independent deals.
    """

    metric: str
    baseline: str
    edition: str
    pairs: int
    mean: float | None
    low: float | None
    high: float | None
    same_deals: bool

    @property
    def significant(self) -> bool:
        """Whether the 95% interval leaves out zero."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


@attrs.frozen
class Simulation:
    """The result of :func:`simulate`: statistics per edition and paired differences.

    ``played`` holds every game's :class:`~rummikub_rules.runner.GameSummary`, deal by deal and,
    within a deal, in the order of ``editions``. ``games`` counts the deals played; with a
    deadline, ``unfinished`` the deals asked for but not finished by then (they are left out).
    """

    editions: tuple[str, ...]
    #: Deals, each played once under every edition.
    games: int
    players: int
    seed: int
    #: The bots by seat, as ``repr`` prints them.
    bots: tuple[str, ...]
    stats: tuple[EditionStats, ...]
    #: Every pair of editions (``baseline`` before ``edition`` in ``editions``), every metric.
    differences: tuple[PairedDifference, ...]
    played: tuple[GameSummary, ...] = attrs.field(repr=False)
    unfinished: int = 0

    def __getitem__(self, edition: str) -> EditionStats:
        """The statistics of ``edition`` (by name)."""
        for stats in self.stats:
            if stats.edition == edition:
                return stats
        raise KeyError(edition)

    def difference(self, metric: str, baseline: str, edition: str) -> PairedDifference:
        """``edition`` minus ``baseline`` on ``metric`` (either order of the two names)."""
        for found in self.differences:
            if found.metric != metric:
                continue
            if (found.baseline, found.edition) == (baseline, edition):
                return found
            if (found.baseline, found.edition) == (edition, baseline):
                return _negated(found)
        raise KeyError((metric, baseline, edition))

    def to_json(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict: the settings, ``stats`` and ``differences``."""
        return {
            "format": "rummikub-rules simulation",
            "version": 1,
            **attrs.asdict(self, filter=lambda attribute, _: attribute.name != "played"),
        }

    def to_markdown(self) -> str:
        """The summary as Markdown: a sentence for each difference the deals show, then tables.

        The tables are per edition, wins and scores by seat, and the paired differences, each
        number with its 95% interval.
        """
        return markdown(self)

    def to_html(self, charts: bool = True) -> str:
        """The summary as one self-contained HTML page, which opens offline.

        It holds the Markdown's sentences and tables, and charts (game length per edition, each
        seat's wins, the paired differences as a forest plot) drawn as inline SVG by matplotlib
        when it is installed (the extra ``rummikub-rules[plot]``); without it, or with
        ``charts=False``, the tables alone.
        """
        return html(self, charts=charts)

    def to_csv(self, target: CsvTarget | None = None) -> str:
        """Every game as CSV text, also written to ``target`` (a path or a text stream) if given.

        One row per game and edition, deal by deal: every metric of :data:`METRICS`, then each
        seat's score, win, first opening and jokers left. Yes-or-no columns are 1 or 0, a
        missing value (a seat that never opened) is empty, and numbers are not rounded.
        """
        return csv_text(self, target)

    def to_dataframe(self) -> pandas.DataFrame:
        """The rows of :meth:`to_csv` as a pandas DataFrame.

        pandas is the optional extra ``rummikub-rules[pandas]``; without it this raises an
        :class:`ImportError` naming the extra.
        """
        return dataframe(self)


def summarize(
    editions: tuple[Edition, ...],
    games: int,
    players: int,
    seed: int,
    bots: tuple[Bot, ...],
    played: tuple[GameSummary, ...],
) -> Simulation:
    """The :class:`Simulation` of the games ``played``, deal by deal, editions in their order."""
    count = len(editions)
    by_edition = [played[index::count] for index in range(count)]
    stats = tuple(
        _edition_stats(edition.name, edition_games, players)
        for edition, edition_games in zip(editions, by_edition, strict=True)
    )
    differences = tuple(
        _difference(metric, editions[a], editions[b], by_edition[a], by_edition[b])
        for a, b in itertools.combinations(range(count), 2)
        for metric in METRICS
    )
    return Simulation(
        editions=tuple(edition.name for edition in editions),
        games=games,
        players=players,
        seed=seed,
        bots=tuple(repr(bot) for bot in bots),
        stats=stats,
        differences=differences,
        played=played,
    )


def _edition_stats(name: str, games: Sequence[GameSummary], players: int) -> EditionStats:
    count = len(games)
    openings = [[g.first_openings[seat] for g in games] for seat in range(players)]
    decided = sum(g.turns - (g.undecided or 0) for g in games)
    return EditionStats(
        edition=name,
        games=count,
        turns=Distribution.of(g.turns for g in games),
        first_opening=tuple(
            None
            if all(turn is None for turn in seat)
            else Distribution.of(turn for turn in seat if turn is not None)
            for seat in openings
        ),
        never_opened=tuple(seat.count(None) / count for seat in openings),
        pool_empty=sum(g.pool_empty for g in games) / count,
        went_out=sum(g.went_out for g in games) / count,
        capped=sum(g.capped for g in games),
        abandoned=sum(g.abandoned is not None for g in games),
        scores=tuple(Distribution.of(g.scores[seat] for g in games) for seat in range(players)),
        jokers_left=Distribution.of(sum(g.jokers_left) for g in games),
        could_play=sum(g.could_play or 0 for g in games) / decided if decided else None,
        undecided_turns=sum(g.undecided or 0 for g in games),
    )


def _difference(
    metric: str,
    baseline: Edition,
    edition: Edition,
    baseline_games: Sequence[GameSummary],
    edition_games: Sequence[GameSummary],
) -> PairedDifference:
    measure = METRICS[metric]
    differences = []
    for before, after in zip(baseline_games, edition_games, strict=True):
        a, b = measure(before), measure(after)
        if a is not None and b is not None:
            differences.append(b - a)
    interval = mean_interval(differences)
    return PairedDifference(
        metric=metric,
        baseline=baseline.name,
        edition=edition.name,
        pairs=len(differences),
        mean=statistics.fmean(differences) if differences else None,
        low=None if interval is None else interval[0],
        high=None if interval is None else interval[1],
        same_deals=(baseline.tile_set, baseline.deal_size) == (edition.tile_set, edition.deal_size),
    )


def _negated(found: PairedDifference) -> PairedDifference:
    def minus(value: float | None) -> float | None:
        return None if value is None else -value

    return attrs.evolve(
        found,
        baseline=found.edition,
        edition=found.baseline,
        mean=minus(found.mean),
        low=minus(found.high),
        high=minus(found.low),
    )
