"""The README says what is true: its commands are the ones CI runs, and its examples run.

- The quick start is exactly two commands, and they are the ``RUN_COMMAND`` and ``TEST_COMMAND``
  that ``.ci/run`` runs, character for character; the first judges a turn under every edition,
  and the README shows what it prints.
- Every ``pycon`` block in README.md and docs/*.md passes as a doctest.
- Every preset edition is named in the README, and every relative link points to a real file.
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rummikub_rules import EDITIONS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CI_SCRIPT = ROOT / ".ci" / "run"
HARD_POSITIONS = ROOT / "tests" / "data" / "hard_positions.txt"
DOC_PAGES = sorted((ROOT / "docs").glob("*.md"))

_FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def _section(text: str, heading: str) -> str:
    match = re.search(
        rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL
    )
    assert match is not None, f"README.md has no '## {heading}' section"
    return match.group(1)


def _blocks(text: str, language: str) -> list[tuple[int, str]]:
    """Each fenced block in ``language`` with the line number its body starts on."""
    return [
        (text.count("\n", 0, match.start(2)) + 1, match.group(2))
        for match in _FENCE.finditer(text)
        if match.group(1) == language
    ]


def _ci_command(name: str) -> str:
    script = CI_SCRIPT.read_text(encoding="utf-8")
    match = re.search(rf'^{name}="(.+)"$', script, re.MULTILINE)
    assert match is not None, f".ci/run defines no {name}"
    return match.group(1)


def _quick_start_commands() -> list[str]:
    commands = []
    for _, body in _blocks(_section(_readme(), "Quick start"), "sh"):
        commands += [line for line in body.splitlines() if line.strip()]
    return commands


def test_quick_start_is_the_two_commands_ci_runs() -> None:
    assert _quick_start_commands() == [_ci_command("RUN_COMMAND"), _ci_command("TEST_COMMAND")]


def test_ci_runs_the_test_command_and_the_run_command() -> None:
    script = CI_SCRIPT.read_text(encoding="utf-8")
    assert 'run_tests "$TEST_COMMAND"' in script
    assert 'bash -c "$RUN_COMMAND"' in script


def test_ci_runs_the_deep_tests_the_readme_documents() -> None:
    script = CI_SCRIPT.read_text(encoding="utf-8")
    assert 'run_tests "$LONG_TEST_COMMAND"' in script
    command = _ci_command("LONG_TEST_COMMAND")
    assert command.startswith("HYPOTHESIS_PROFILE=ci-long ")
    commands = [
        line
        for _, body in _blocks(_section(_readme(), "Development"), "sh")
        for line in body.splitlines()
    ]
    assert command in commands


def test_the_deep_run_takes_every_hard_position() -> None:
    """The hard positions are no Hypothesis test, but ci-long takes all of them: so must CI."""
    command = _ci_command("LONG_TEST_COMMAND")
    profile, pytest_options = command.split(" .venv/bin/python -m pytest ")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *shlex.split(pytest_options), "--collect-only", "-q",
         "-n", "0", "-p", "no:cacheprovider", "tests/test_hard_positions.py"],
        env={**os.environ, **dict([profile.split("=")])},
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    collected = [line for line in done.stdout.splitlines() if "::test_best_play_answers" in line]
    positions = HARD_POSITIONS.read_text(encoding="utf-8").count("\nposition:")
    assert len(collected) == positions > 0


def test_test_command_runs_the_whole_suite_with_pytest() -> None:
    assert _ci_command("TEST_COMMAND").endswith(" && .venv/bin/python -m pytest")


def test_run_command_installs_and_compares_a_turn() -> None:
    assert _ci_command("RUN_COMMAND").startswith(
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/rummikub-rules compare "
    )


def test_quick_start_shows_what_its_first_command_prints() -> None:
    """The ``text`` block after the first command is that command's output, character for
    character, and shows the editions disagreeing: the library's reason to exist."""
    arguments = shlex.split(_ci_command("RUN_COMMAND").split(".venv/bin/rummikub-rules ", 1)[1])
    result = subprocess.run(
        [sys.executable, "-m", "rummikub_rules", *arguments],
        env={**os.environ, "NO_COLOR": "1"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    shown = [body for _, body in _blocks(_section(_readme(), "Quick start"), "text")]
    assert shown[:1] == [result.stdout]
    rows = [line.split() for line in result.stdout.splitlines()]
    verdicts = {row[0]: row[1] for row in rows if row and row[0] in EDITIONS}
    assert set(verdicts.values()) == {"yes", "no"}
    assert list(verdicts) == list(EDITIONS)


PAGES_WITH_EXAMPLES = [
    page for page in (README, *DOC_PAGES) if _blocks(page.read_text(encoding="utf-8"), "pycon")
]


def test_the_readme_has_examples_to_check() -> None:
    assert README in PAGES_WITH_EXAMPLES


@pytest.mark.parametrize(
    "page", PAGES_WITH_EXAMPLES, ids=[str(page.relative_to(ROOT)) for page in PAGES_WITH_EXAMPLES]
)
def test_pycon_blocks_pass_as_doctests(page: Path) -> None:
    """The page's ``pycon`` blocks run in order, sharing names, like one doctest file."""
    globs: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    for line, body in _blocks(page.read_text(encoding="utf-8"), "pycon"):
        name = f"{page.relative_to(ROOT)}:{line}"
        test = doctest.DocTestParser().get_doctest(body, globs, name, str(page), line - 1)
        runner.run(test, out=failures.append, clear_globs=False)
        globs = test.globs  # DocTest copies its globals: carry the names on to the next block
    assert runner.failures == 0, "".join(failures)


def test_readme_names_every_preset_edition() -> None:
    section = _section(_readme(), "Editions")
    missing = [name for name in EDITIONS if f"`{name}`" not in section]
    assert not missing


@pytest.mark.parametrize("heading", ["Refereeing a turn", "A whole game", "Solver benchmark"])
def test_readme_keeps_a_section_for(heading: str) -> None:
    _section(_readme(), heading)


def test_relative_links_point_to_files() -> None:
    targets = re.findall(r"\]\(([^)\s]+)\)", _readme())
    relative = [t.split("#")[0] for t in targets if "://" not in t and not t.startswith("#")]
    assert relative
    missing = [target for target in relative if not (ROOT / target).exists()]
    assert not missing
