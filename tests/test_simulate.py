"""simulate: paired deals, statistics, intervals, records, and the same answer on any executor."""

from __future__ import annotations

import concurrent.futures
import io
import json
import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummikub_rules import (
    CLASSIC,
    EDITIONS,
    BotError,
    Distribution,
    DrawBot,
    GameRecord,
    GameSetupError,
    IllegalMove,
    InvalidTypeError,
    InvalidValueError,
    Simulation,
    UnknownEditionError,
    loads,
    simulate,
)
from rummikub_rules.simulate import METRICS
from rummikub_rules.simulate._stats import mean_interval, t_cdf, t_quantile
from tests.failing_bots import CrashingBot, IllegalBot

THREE = ["classic", "house-50", "pl-2026"]


@pytest.fixture(scope="module")
def played() -> tuple[Simulation, str]:
    """Three deals of three players under three editions, played here, and their records."""
    out = io.StringIO()
    return simulate(THREE, games=3, players=3, seed=5, records=out), out.getvalue()


@pytest.fixture(scope="module")
def small(played: tuple[Simulation, str]) -> Simulation:
    return played[0]


@pytest.fixture(scope="module")
def small_records(played: tuple[Simulation, str]) -> list[GameRecord]:
    return [loads(line, GameRecord) for line in played[1].splitlines()]


def test_jobs_2_gives_the_same_simulation_and_records(
    tmp_path: Path, played: tuple[Simulation, str]
) -> None:
    path = tmp_path / "games.jsonl"
    assert simulate(THREE, games=3, players=3, seed=5, jobs=2, records=path) == played[0]
    assert path.read_text(encoding="utf-8") == played[1]


@pytest.fixture(scope="module")
def dask_executor() -> Iterator[concurrent.futures.Executor]:
    """An executor on a Dask cluster of one worker process: every task and answer is pickled.

    One worker, started once for the module, keeps the cost to a few seconds. Its scheduler's
    HTTP server takes a free port: without a dashboard address it asks for 8787, and a second
    test run on the machine (CI beside a developer's run) then gets a warning.
    """
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


@pytest.mark.processes
def test_a_dask_cluster_gives_the_same_simulation(
    dask_executor: concurrent.futures.Executor,
) -> None:
    found = simulate(["classic"], games=2, players=3, seed=5, executor=dask_executor)
    assert found == simulate(["classic"], games=2, players=3, seed=5)


@pytest.mark.processes
def test_a_failing_bot_on_a_dask_cluster_names_its_deal_and_seat(
    dask_executor: concurrent.futures.Executor,
) -> None:
    with pytest.raises(BotError) as crashed:
        simulate(
            ["classic"], games=1, players=2, seed=5, bots=[DrawBot(), CrashingBot()],
            executor=dask_executor,
        )  # fmt: skip
    assert (crashed.value.deal, crashed.value.seat, crashed.value.edition) == (0, 1, "classic")
    assert crashed.value.reason.startswith("BotBug: lost count of its tiles on turn ")
    with pytest.raises(IllegalMove) as illegal:
        simulate(
            ["classic"], games=1, players=2, seed=5, bots=[DrawBot(), IllegalBot()],
            executor=dask_executor,
        )  # fmt: skip
    assert (illegal.value.deal, illegal.value.seat, illegal.value.edition) == (0, 1, "classic")
    assert [code.value for code in illegal.value.verdict.codes] == ["pool_not_empty"]


def test_any_executor_gives_the_same_simulation(small: Simulation) -> None:
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        assert simulate(THREE, games=3, players=3, seed=5, executor=pool) == small


def test_another_seed_gives_other_deals(small: Simulation) -> None:
    other = simulate(["classic"], games=1, players=3, seed=6)
    assert other.played[0] != small.played[0]


def test_the_deals_are_the_same_under_every_edition_with_the_same_box(
    small_records: list[GameRecord],
) -> None:
    assert [r.edition for r in small_records] == [EDITIONS[name] for name in THREE * 3]
    starts = [record.initial_state() for record in small_records]
    for deal in range(3):
        classic, house, polish = starts[3 * deal : 3 * deal + 3]
        assert classic.racks == house.racks == polish.racks
        assert classic.pool == house.pool == polish.pool
        assert classic.current == house.current == polish.current
        assert classic.seed == house.seed == polish.seed
    assert len({start.racks for start in starts}) == 3  # one deal each


@pytest.fixture(scope="module")
def with_xp() -> tuple[Simulation, list[GameRecord]]:
    """One deal of three players under classic and under xp."""
    out = io.StringIO()
    result = simulate(["classic", "xp"], games=1, players=3, seed=5, records=out)
    return result, [loads(line, GameRecord) for line in out.getvalue().splitlines()]


def test_an_edition_with_another_box_gets_its_own_tiles_and_the_same_seeds(
    with_xp: tuple[Simulation, list[GameRecord]], small_records: list[GameRecord]
) -> None:
    classic, xp = (record.initial_state() for record in with_xp[1])
    assert classic.racks == small_records[0].initial_state().racks  # deal 0 of seed 5 again
    assert (xp.current, xp.seed) == (classic.current, classic.seed)
    assert len(xp.pool) == 160 - 3 * 14  # its own box, shuffled from the same seed


def test_records_are_json_lines_in_game_order(played: tuple[Simulation, str]) -> None:
    lines = played[1].splitlines()
    assert len(lines) == len(played[0].played) == 9
    for line, game in zip(lines, played[0].played, strict=True):
        document = json.loads(line)
        assert document["type"] == "game_record"
        final = loads(line, GameRecord).replay()
        assert final.edition.name == game.edition
        assert (final.scores(), len(final.history)) == (game.scores, game.turns)


def test_the_statistics_are_those_of_the_games(small: Simulation) -> None:
    for index, stats in enumerate(small.stats):
        games = small.played[index::3]
        assert stats.edition == THREE[index]
        assert all(game.edition == stats.edition for game in games)
        assert stats.games == 3
        assert stats.turns == Distribution.of(game.turns for game in games)
        assert stats.pool_empty == sum(game.pool_empty for game in games) / 3
        assert stats.went_out == sum(game.went_out for game in games) / 3
        assert stats.jokers_left.mean == statistics.fmean(sum(g.jokers_left) for g in games)
        for seat in range(3):
            assert stats.scores[seat] == Distribution.of(game.scores[seat] for game in games)
            opened = [turn for g in games if (turn := g.first_openings[seat]) is not None]
            assert stats.never_opened[seat] == (3 - len(opened)) / 3
            distribution = stats.first_opening[seat]
            assert (distribution is None) == (not opened)
            if distribution is not None:
                assert distribution.mean == statistics.fmean(opened)
        decided = sum(g.turns - (g.undecided or 0) for g in games)
        assert stats.could_play == sum(g.could_play or 0 for g in games) / decided
        assert stats.undecided_turns == sum(g.undecided or 0 for g in games)


def test_paired_differences_are_per_deal_differences(small: Simulation) -> None:
    assert len(small.differences) == 3 * len(METRICS)
    for found in small.differences:
        a, b = THREE.index(found.baseline), THREE.index(found.edition)
        assert a < b
        measure = METRICS[found.metric]
        pairs = [
            (measure(small.played[3 * deal + a]), measure(small.played[3 * deal + b]))
            for deal in range(3)
        ]
        differences = [y - x for x, y in pairs if x is not None and y is not None]
        assert found.pairs == len(differences)
        assert found.same_deals
        if differences:
            assert found.mean == pytest.approx(statistics.fmean(differences))
        interval = mean_interval(differences)
        assert (found.low, found.high) == (interval or (None, None))
        if interval is not None:
            assert found.mean is not None
            assert found.low is not None
            assert found.high is not None
            assert found.low <= found.mean <= found.high


def test_a_difference_reads_both_ways(small: Simulation) -> None:
    forward = small.difference("turns", "classic", "pl-2026")
    backward = small.difference("turns", "pl-2026", "classic")
    assert forward.mean is not None
    assert backward.mean == -forward.mean
    assert (backward.low, backward.high) == (
        None if forward.high is None else -forward.high,
        None if forward.low is None else -forward.low,
    )
    with pytest.raises(KeyError):
        small.difference("turns", "classic", "xp")
    with pytest.raises(KeyError):
        small["xp"]


def test_editions_with_another_box_are_compared_on_independent_deals(
    with_xp: tuple[Simulation, list[GameRecord]],
) -> None:
    result = with_xp[0]
    found = result.difference("turns", "classic", "xp")
    assert not found.same_deals
    assert found.pairs == 1
    assert "| xp vs classic (independent deals) |" in result.to_markdown()


def test_the_summary_prints_as_json_and_markdown(small: Simulation) -> None:
    document = json.loads(json.dumps(small.to_json()))
    assert document["format"] == "rummikub-rules simulation"
    assert document["editions"] == THREE
    assert [s["edition"] for s in document["stats"]] == THREE
    assert "played" not in document
    text = small.to_markdown()
    assert "| per game | classic | house-50 | pl-2026 |" in text
    assert "| per game | house-50 vs classic | pl-2026 vs classic | pl-2026 vs house-50 |" in text


def test_the_progress_bar_shows_on_request_and_not_in_a_pipe(
    capsys: pytest.CaptureFixture[str],
) -> None:
    simulate(["classic"], games=1, players=3, progress=True)
    assert "1/1 games" in capsys.readouterr().err
    simulate(["classic"], games=1, players=3)
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ({"games": 0}, InvalidValueError),
        ({"games": 2.0}, InvalidTypeError),
        ({"jobs": 0}, InvalidValueError),
        ({"seed": "1"}, InvalidTypeError),
        ({"players": 5}, GameSetupError),
        ({"bots": [DrawBot()]}, InvalidValueError),
        ({"bots": [DrawBot(), "greedy"]}, InvalidTypeError),
        ({"executor": "dask"}, InvalidTypeError),
        ({"records": 42}, InvalidTypeError),
    ],
)
def test_bad_arguments_are_refused(arguments: dict[str, object], error: type[Exception]) -> None:
    given = {"games": 1, "players": 2, **arguments}
    with pytest.raises(error):
        simulate(["classic"], **given)  # type: ignore[arg-type]


def test_bad_editions_are_refused() -> None:
    with pytest.raises(InvalidValueError):
        simulate([], games=1)
    with pytest.raises(InvalidTypeError):
        simulate("classic", games=1)
    with pytest.raises(UnknownEditionError):
        simulate(["classic", "nowhere"], games=1)
    with pytest.raises(InvalidValueError):
        simulate([CLASSIC, CLASSIC.evolve(joker_penalty=50, name="classic")], games=1)


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.7062), (2, 4.3027), (3, 3.1824), (5, 2.5706), (10, 2.2281), (30, 2.0423),
     (100, 1.9840), (1000, 1.9623), (10**6, 1.9600)],
)  # fmt: skip
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=5e-5)


@settings(max_examples=60)
@given(t=st.floats(-50, 50), df=st.integers(1, 400))
def test_the_t_cdf_is_symmetric_and_inverted_by_the_quantile(t: float, df: int) -> None:
    assert t_cdf(t, df) + t_cdf(-t, df) == pytest.approx(1.0)
    p = t_cdf(abs(t), df)
    if 0.5 < p < 1 - 1e-9:
        assert t_quantile(p, df) == pytest.approx(abs(t), rel=1e-6, abs=1e-6)


@given(values=st.lists(st.integers(-500, 500), min_size=2, max_size=40))
def test_an_interval_holds_the_mean_and_shrinks_to_it_for_equal_values(values: list[int]) -> None:
    interval = mean_interval([float(v) for v in values])
    assert interval is not None
    low, high = interval
    assert low <= statistics.fmean(values) <= high
    assert mean_interval([float(values[0])] * len(values)) == (values[0], values[0])
    assert mean_interval([1.0]) is None


def test_a_distribution_of_one_value_has_no_spread_and_of_none_is_refused() -> None:
    assert Distribution.of([7]) == Distribution(1, 7.0, 0.0, 7.0, 7.0, 7.0, 7.0, 7.0)
    with pytest.raises(InvalidValueError):
        Distribution.of([])


@given(values=st.lists(st.integers(-1000, 1000), min_size=2, max_size=50))
def test_a_distribution_orders_its_quartiles(values: list[int]) -> None:
    spread = Distribution.of(values)
    assert spread.minimum <= spread.q1 <= spread.median <= spread.q3 <= spread.maximum
    assert spread.minimum <= spread.mean <= spread.maximum
    assert spread.count == len(values)
    assert spread.median == statistics.median(values)
