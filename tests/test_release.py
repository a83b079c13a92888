"""The package as a user receives it: ``python -m build`` makes an sdist and a wheel, and the wheel,
installed into a clean virtualenv, pulls in only attrs and typing-extensions and runs the CLI.

These tests build and install, so they need the package index (as ``pip install`` does) and take
some seconds; they run by default and in CI. Deselect them with ``-m "not release"``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import rummikub_rules

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.release

#: What ``pip list`` may show in the clean virtualenv besides the package and its two dependencies:
#: the installer itself (older Pythons' venv also brings setuptools).
INSTALLER = {"pip", "setuptools"}


#: The environment of the commands: no colour, and pip's listings printed even where the caller
#: asked pip to be quiet (as ``.ci/run`` does with ``PIP_QUIET``).
ENVIRONMENT = {
    **{name: value for name, value in os.environ.items() if name != "PIP_QUIET"},
    "NO_COLOR": "1",
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
}


def run(*command: str | Path, cwd: Path = ROOT) -> str:
    """Run ``command`` without colour and return its output; fail the test if it fails."""
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=ENVIRONMENT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, (
        f"{' '.join(map(str, command))} exited with {result.returncode}\n"
        f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist and the wheel that ``python -m build`` makes from the working tree."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--outdir", out, ROOT)
    return out


def only(directory: Path, pattern: str) -> Path:
    [found] = directory.glob(pattern)
    return found


def test_the_version_is_written_in_one_place() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dynamic = \["version"\]$', pyproject, re.MULTILINE)
    assert not re.search(r"^version\s*=", pyproject, re.MULTILINE)
    assert 'path = "src/rummikub_rules/__init__.py"' in pyproject


def test_build_makes_an_sdist_and_a_wheel_of_this_version(dist: Path) -> None:
    version = rummikub_rules.__version__
    assert only(dist, "*.tar.gz").name == f"rummikub_rules-{version}.tar.gz"
    assert only(dist, "*.whl").name == f"rummikub_rules-{version}-py3-none-any.whl"


def test_the_wheel_holds_the_typed_package_and_its_licence(dist: Path) -> None:
    version = rummikub_rules.__version__
    with zipfile.ZipFile(only(dist, "*.whl")) as wheel:
        names = set(wheel.namelist())
        metadata = wheel.read(f"rummikub_rules-{version}.dist-info/METADATA").decode("utf-8")
    assert "rummikub_rules/py.typed" in names
    assert "rummikub_rules/cli/__init__.py" in names
    assert f"rummikub_rules-{version}.dist-info/licenses/LICENSE" in names
    assert not [name for name in names if name.startswith(("tests/", "docs/"))]
    requires = re.findall(r"^Requires-Dist: ([^;\n]+)$", metadata, re.MULTILINE)
    assert sorted(requires) == ["attrs>=23.1", "typing-extensions>=4.6"]
    for classifier in (
        "Typing :: Typed",
        "Topic :: Games/Entertainment :: Board Games",
        *(f"Programming Language :: Python :: 3.{minor}" for minor in range(10, 14)),
    ):
        assert f"Classifier: {classifier}\n" in metadata


def test_the_sdist_holds_the_sources_tests_and_documents(dist: Path) -> None:
    top = f"rummikub_rules-{rummikub_rules.__version__}"
    with tarfile.open(only(dist, "*.tar.gz")) as sdist:
        names = {name.removeprefix(f"{top}/") for name in sdist.getnames()}
    for name in (
        "pyproject.toml",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
        "src/rummikub_rules/py.typed",
        "src/rummikub_rules/__init__.py",
        "tests/conftest.py",
        "tests/data/rulings.txt",
        "docs/conf.py",
    ):
        assert name in names
    examples = {path.relative_to(ROOT).as_posix() for path in (ROOT / "examples").glob("*.py")}
    assert examples <= names


def test_the_wheel_installs_alone_and_runs_the_cli(dist: Path, tmp_path: Path) -> None:
    """A clean virtualenv gets the package, attrs and typing-extensions, nothing else, and the
    ``rummikub-rules`` command it installs answers."""
    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / "python"
    run(python, "-m", "pip", "install", "--quiet", only(dist, "*.whl"), cwd=tmp_path)
    listed = run(python, "-m", "pip", "list", "--format=freeze", cwd=tmp_path)
    assert listed.strip(), "pip list printed nothing"
    installed = {line.split("==")[0].lower().replace("_", "-") for line in listed.split()}
    assert installed - INSTALLER == {"rummikub-rules", "attrs", "typing-extensions"}
    command = bin_dir / "rummikub-rules"
    assert "usage: rummikub-rules" in run(command, "--help", cwd=tmp_path)
    editions = run(command, "editions", "list", cwd=tmp_path)
    assert all(name in editions for name in rummikub_rules.EDITIONS)
    assert (
        run(python, "-m", "rummikub_rules", "--version", cwd=tmp_path)
        .strip()
        .endswith(rummikub_rules.__version__)
    )
