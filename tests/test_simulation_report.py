"""A simulation's report: units, intervals and sentences; CSV and DataFrame; the HTML page."""

from __future__ import annotations

import base64
import csv
import importlib
import io
import math
import re
import statistics
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from rummikub_rules import InvalidTypeError, Simulation, simulate
from rummikub_rules.cli import main
from rummikub_rules.simulate import METRICS
from rummikub_rules.simulate._stats import mean_interval, share_interval
from rummikub_rules.simulate._table import Estimate

THREE = ["classic", "house-50", "pl-2026"]
DIFFERENCES = "per game | house-50 vs classic"


@pytest.fixture(scope="module")
def small() -> Simulation:
    """Four deals of three players under three editions."""
    return simulate(THREE, games=4, players=3, seed=3)


def _with(
    result: Simulation, metric: str, edition: str, mean: float, low: float, high: float
) -> Simulation:
    """``result`` with the difference ``edition`` minus classic on ``metric`` set as given."""
    changed = tuple(
        attrs.evolve(d, mean=mean, low=low, high=high)
        if (d.metric, d.baseline, d.edition) == (metric, "classic", edition)
        else d
        for d in result.differences
    )
    return attrs.evolve(result, differences=changed)


def _table(text: str, header: str) -> dict[str, list[str]]:
    """The Markdown table whose header row starts with ``header``, as its rows' cells by label."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        label, *cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[label] = cells
    return rows


def test_each_edition_shows_its_mean_with_the_95_percent_interval(small: Simulation) -> None:
    rows = _table(small.to_markdown(), "per game")
    for column, edition in enumerate(THREE):
        turns = [float(g.turns) for g in small.played if g.edition == edition]
        low, high = mean_interval(turns) or (math.nan, math.nan)
        expected = f"{statistics.fmean(turns):.1f} ({low:.1f} to {high:.1f})"
        assert rows["game length (turns)"][column] == expected
        went_out = [g.went_out for g in small.played if g.edition == edition]
        low, high = share_interval(sum(went_out), len(went_out)) or (math.nan, math.nan)
        share = f"{100 * sum(went_out) / len(went_out):.1f}%"
        assert rows["games in which someone went out"][column] == (
            f"{share} ({100 * low:.1f}% to {100 * high:.1f}%)"
        )


def test_shares_are_percentages_and_everything_has_one_decimal(small: Simulation) -> None:
    text = small.to_markdown()
    cells = [
        cell
        for header in ("per game", "seat")
        for row in _table(text, header).values()
        for cell in row
    ]
    numbers = [number for cell in cells for number in re.findall(r"-?\d+(?:\.\d+)?%?", cell)]
    assert numbers
    assert all(re.fullmatch(r"-?\d+\.\d%?", number) for number in numbers), numbers
    rows = _table(text, "per game")
    assert all(cell.count("%") == 3 for cell in rows["games ending with the pool empty"])
    assert not any("%" in cell for cell in rows["game length (turns)"])


def test_differences_of_shares_are_in_percentage_points(small: Simulation) -> None:
    result = _with(small, "went_out", "pl-2026", mean=0.02, low=0.005, high=0.035)
    rows = _table(result.to_markdown(), DIFFERENCES)
    assert rows["games in which someone went out"][1] == "+2.0 pp (+0.5 to +3.5) *"
    result = _with(small, "turns", "pl-2026", mean=0.5, low=-0.25, high=1.25)
    assert _table(result.to_markdown(), DIFFERENCES)["game length (turns)"][1] == (
        "+0.5 (-0.2 to +1.2)"
    )


def test_a_significant_difference_is_read_in_words(small: Simulation) -> None:
    result = _with(small, "turns", "house-50", mean=-1.4, low=-1.9, high=-0.9)
    result = _with(result, "went_out", "pl-2026", mean=0.02, low=0.005, high=0.035)
    result = _with(result, "winning_score", "pl-2026", mean=-3.0, low=-4.0, high=0.5)
    text = result.to_markdown()
    assert "- house-50 games end 1.4 turns sooner than classic games (0.9 to 1.9).\n" in text
    assert (
        "- someone goes out in 2.0 percentage points more pl-2026 games than classic games "
        "(0.5 to 3.5).\n"
    ) in text
    assert "winners score" not in text  # its interval holds 0


def test_a_difference_none_in_any_deal_says_so(small: Simulation) -> None:
    rows = _table(small.to_markdown(), DIFFERENCES)
    assert rows["game length (turns)"][0] == "none in any deal"  # house-50 only scores otherwise


def test_the_csv_has_a_row_per_game_and_edition_with_every_metric(small: Simulation) -> None:
    text = small.to_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == len(small.played) == 4 * 3
    assert [row["edition"] for row in rows] == THREE * 4
    assert [row["deal"] for row in rows] == [str(n) for n in range(4) for _ in THREE]
    assert set(METRICS) < set(rows[0])
    for row, game in zip(rows, small.played, strict=True):
        assert int(row["turns"]) == game.turns
        assert row["went_out"] == str(int(game.went_out))
        assert [int(row[f"score_seat_{seat}"]) for seat in range(3)] == list(game.scores)
        assert [row[f"won_seat_{seat}"] == "1" for seat in range(3)] == [
            seat in game.winners for seat in range(3)
        ]
        first = METRICS["first_opening"](game)
        assert (None if row["first_opening"] == "" else float(row["first_opening"])) == first


def test_to_csv_also_writes_to_a_path_or_a_stream(small: Simulation, tmp_path: Path) -> None:
    text = small.to_csv()
    assert small.to_csv(tmp_path / "games.csv") == text
    assert (tmp_path / "games.csv").read_text(encoding="utf-8") == text
    stream = io.StringIO()
    small.to_csv(stream)
    assert stream.getvalue() == text
    with pytest.raises(InvalidTypeError):
        small.to_csv(42)  # type: ignore[arg-type]


def test_to_dataframe_holds_the_csv_rows(small: Simulation) -> None:
    pandas = pytest.importorskip("pandas")
    frame = small.to_dataframe()
    expected = pandas.read_csv(io.StringIO(small.to_csv()))
    assert list(frame.columns) == list(expected.columns)
    assert len(frame) == len(small.played)
    assert frame["turns"].tolist() == expected["turns"].tolist()
    assert frame["went_out"].dtype == bool


def test_to_dataframe_without_pandas_names_the_extra(
    small: Simulation, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=re.escape("rummikub-rules[pandas]")):
        small.to_dataframe()


_EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["'](?!data:|#)|@import|url\((?!["']?(?:data:|#))""")


def _self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page
    assert "<link" not in page
    assert not _EXTERNAL.search(page), _EXTERNAL.search(page)


def test_the_html_page_without_matplotlib_has_the_tables(
    small: Simulation, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    page = small.to_html()
    _self_contained(page)
    assert "pip install 'rummikub-rules[plot]'" in page
    assert "<img" not in page
    assert page.count("<table>") == 4
    assert "<td>game length (turns)</td>" in page
    assert small.to_html(charts=False).count("<table>") == 4


def test_the_html_page_draws_three_charts_inline(small: Simulation) -> None:
    pytest.importorskip("matplotlib")
    page = small.to_html()
    _self_contained(page)
    images = re.findall(r'<img alt="[^"]+" src="data:image/svg\+xml;base64,([^"]+)">', page)
    assert len(images) == 3
    for image in images:
        svg = base64.b64decode(image).decode("utf-8")
        assert "<svg" in svg
        assert not _EXTERNAL.search(svg), svg[:500]
    assert "pip install" not in page
    assert "<img" not in small.to_html(charts=False)


def test_importing_the_package_loads_neither_matplotlib_nor_pandas() -> None:
    code = (
        "import sys, rummikub_rules, rummikub_rules.cli; "
        "print(sorted({'matplotlib', 'pandas', 'numpy'} & set(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"


def test_simulate_writes_the_report_and_the_csv(tmp_path: Path) -> None:
    report, table = tmp_path / "report.html", tmp_path / "games.csv"
    out = io.StringIO()
    arguments = ["simulate", "--editions", "classic,house-50", "--games", "2", "--players", "3"]
    status = main([*arguments, "--report", str(report), "--csv", str(table)], stdout=out)
    assert status == 0
    assert out.getvalue().startswith("2 deals x 2 editions, 3 players, seed 0;")
    page = report.read_text(encoding="utf-8")
    assert "<td>game length (turns)</td>" in page
    assert len(table.read_text(encoding="utf-8").splitlines()) == 1 + 2 * 2


def test_simulate_refuses_a_report_it_cannot_write_before_playing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(*args: object, **kwargs: object) -> Simulation:
        raise AssertionError("played before checking the report's file")

    monkeypatch.setattr(importlib.import_module("rummikub_rules.simulate"), "simulate", refuse)
    arguments = ["simulate", "--editions", "classic", "--games", "1"]
    assert main([*arguments, "--report", "/nonexistent/dir/report.html"]) == 2
    assert "cannot write /nonexistent/dir/report.html" in capsys.readouterr().err


def test_an_interval_never_reaches_past_what_a_game_can_have() -> None:
    low, high = mean_interval([0.0, 0.0, 0.0, 1.0]) or (0.0, 0.0)
    assert low < 0 < 1 < high
    assert Estimate.of_values([0.0, 0.0, 0.0, 1.0], least=0.0) == Estimate(0.25, 0.0, high)
    assert Estimate.of_values([0.0, 0.0, 0.0, 1.0], 0.0, 1.0) == Estimate(0.25, 0.0, 1.0)
    assert Estimate.of_values([3.0, 3.0]) == Estimate(3.0, 3.0, 3.0)
    assert Estimate.of_values([3.0]) == Estimate(3.0, None, None)


def test_share_intervals_are_wilson_intervals() -> None:
    low, high = share_interval(50, 100) or (0.0, 0.0)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    none, few = share_interval(0, 10) or (1.0, 0.0)
    assert (none, round(few, 4)) == (0.0, 0.2775)
    most, every = share_interval(10, 10) or (1.0, 0.0)
    assert (round(most, 4), every) == (0.7225, 1.0)
    assert share_interval(1, 3) == pytest.approx((0.0615, 0.7923), abs=1e-4)
    assert share_interval(0, 0) is None
