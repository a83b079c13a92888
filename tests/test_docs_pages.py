"""The guide pages hold only code a test runs or checks.

Their ``pycon`` blocks run as doctests in test_readme. The only other blocks are ``sh`` blocks of
``pip install`` lines, checked here against the project: until it is published, each installs
from the root of a clone (``.``), with extras the project defines.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent
GUIDES = [
    ROOT / "docs" / name for name in ("getting-started.md", "server.md", "testing-your-engine.md")
]

_FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
_REQUIREMENT = re.compile(r"^([\w.-]+)(?:\[([\w,-]+)\])?$")
#: ``pip install`` of the project by name, which fails until it is published.
_BY_NAME = re.compile(r"pip install\s+['\"]?rummikub-rules\b")


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    assert isinstance(project, dict)
    return project


@pytest.mark.parametrize("page", GUIDES, ids=[page.name for page in GUIDES])
def test_guide_blocks_are_pycon_or_pip_install(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    languages = {match.group(1) for match in _FENCE.finditer(text)}
    assert "pycon" in languages
    assert languages <= {"pycon", "sh"}, languages


@pytest.mark.parametrize("page", GUIDES, ids=[page.name for page in GUIDES])
def test_pip_install_lines_name_this_project_and_its_extras(page: Path) -> None:
    project = _project()
    extras = project.get("optional-dependencies", {})
    assert isinstance(extras, dict)
    for match in _FENCE.finditer(page.read_text(encoding="utf-8")):
        if match.group(1) != "sh":
            continue
        for line in match.group(2).splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            assert words[:2] == ["pip", "install"], line
            for spec in words[2:]:
                found = _REQUIREMENT.match(spec)
                assert found is not None, spec
                assert found.group(1) == ".", f"install from a clone (not yet published): {line}"
                for extra in (found.group(2) or "").split(","):
                    assert not extra or extra in extras, f"no extra {extra!r}: {line}"


@pytest.mark.parametrize(
    "page",
    [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))],
    ids=lambda page: page.name,
)
def test_no_page_installs_the_unpublished_package_by_name(page: Path) -> None:
    assert _BY_NAME.findall(page.read_text(encoding="utf-8")) == []


def test_the_guides_are_in_the_table_of_contents() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for page in GUIDES:
        assert f"\n{page.stem}\n" in index, page.stem
