"""EDITIONS.md, the editions table on the repository page, is what the generator makes today."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import attrs

from rummikub_rules import EDITIONS, Edition

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "make_editions_table.py"
TABLE = ROOT / "EDITIONS.md"


def _render() -> str:
    render = runpy.run_path(str(SCRIPT))["render"]
    text = render()
    assert isinstance(text, str)
    return text


def test_editions_md_is_up_to_date() -> None:
    assert TABLE.read_text(encoding="utf-8") == _render(), (
        "EDITIONS.md is out of date; run: python docs/make_editions_table.py"
    )


def test_the_table_names_every_preset_and_every_field() -> None:
    text = TABLE.read_text(encoding="utf-8")
    header = next(line for line in text.splitlines() if line.startswith("| field |"))
    assert [cell.strip(" `") for cell in header.strip("|").split("|")[1:]] == list(EDITIONS)
    for field in attrs.fields(Edition):
        assert f"`{field.name}`" in text, field.name


def test_a_stale_table_is_reported_with_the_command(tmp_path: Path) -> None:
    copy = tmp_path / "docs"
    copy.mkdir()
    (copy / "make_editions_table.py").write_text(SCRIPT.read_text(encoding="utf-8"))
    (copy / "_ext").symlink_to(SCRIPT.parent / "_ext")
    (tmp_path / "EDITIONS.md").write_text("# Editions\n\nold\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(copy / "make_editions_table.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "python docs/make_editions_table.py" in done.stderr
