"""Every script in examples/ runs to completion and prints something.

New examples are picked up automatically: drop a script into examples/ and this module runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


def run_example(name: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run ``examples/name`` with ``arguments`` from the repository root, without colour."""
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *arguments],
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


def test_there_are_examples() -> None:
    assert EXAMPLES, "examples/ holds no scripts"


def test_the_readme_names_every_example() -> None:
    section = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## Examples\n")[1]
    section = section.split("\n## ")[0]
    assert [path.name for path in EXAMPLES if f"`{path.name}`" not in section] == []


@pytest.mark.parametrize("script", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs_and_prints(script: Path) -> None:
    result = run_example(script.name)
    assert result.returncode == 0, (
        f"{script.name} exited with {result.returncode}\n"
        f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    )
    assert result.stdout.strip(), f"{script.name} printed nothing"


def test_read_table_reads_one_high_runs_differently() -> None:
    """``read_table.py`` shows the point of editions: ``r12 r13 r1`` is a run only in one."""
    result = run_example("read_table.py", "r12 r13 r1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    classic = next(line for line in lines if line.strip().startswith("classic:"))
    one_high = next(line for line in lines if line.strip().startswith("one-high:"))
    assert "not valid" in classic
    assert "run r12 r13 r1 (26 points)" in one_high


def test_simulate_editions_writes_its_summary_and_records(tmp_path: Path) -> None:
    """The edition comparison script writes Markdown, JSON, HTML, CSV and JSON lines."""
    result = run_example(
        "simulate_editions.py", "--games", "2", "--players", "3", "--editions",
        "classic,pl-2026", "--out", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    assert summary in result.stdout
    assert "| per game | classic | pl-2026 |" in summary
    document = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert document["editions"] == ["classic", "pl-2026"]
    lines = (tmp_path / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["type"] for line in lines] == ["game_record"] * 4
    assert "<td>game length (turns)</td>" in (tmp_path / "report.html").read_text(encoding="utf-8")
    rows = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()
    assert [row.split(",")[1] for row in rows[1:]] == ["classic", "pl-2026"] * 2
