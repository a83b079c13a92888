"""Benchmark: a benchmark script run on the pure-Python package, then on its solver compiled.

The solver's inner loops are pure Python. This measures how far compiling them goes towards
the targets of issue 15 (a median of 2 ms, ten times the integer-programming solver, 20
self-play games a second), without changing the package: the modules of :data:`MODULES` (the
searches, their relaxations, the colour tables, the run states; none of them defines an
``attrs`` class) are compiled with mypyc, the compiler that comes with mypy (in the ``test``
extra; it needs a C compiler and Python's headers), in a copy of ``src/`` in a temporary
directory. The script given then runs twice in one run, on the package as installed and on the
compiled copy (first on ``PYTHONPATH``), and each run's output is printed under its name. The
work the solver counts is the same in both (the same code).

    .venv/bin/python benchmarks/compiled.py -- benchmarks/solver.py --mode games --markdown
    .venv/bin/python benchmarks/compiled.py -- benchmarks/selfplay.py --games 40

The pure run goes first, with the machine as idle as it finds it; compare the ratios.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The modules compiled, under ``rummikub_rules/solver/``: where a solve spends its time,
#: and none defines an ``attrs`` class (mypyc does not compile those here).
MODULES = (
    "_arrange",
    "_budget",
    "_color_tables",
    "_fast",
    "_fast_melds",
    "_group_table",
    "_host_order",
    "_incumbent",
    "_joker_search",
    "_moves",
    "_new_runs",
    "_old_runs",
    "_owing_runs",
    "_pinned",
    "_relax",
    "_room",
    "_run_states",
    "_search",
    "_tinted",
    "_tinted_colors",
    "_top",
    "_verify",
    "_witness",
)

SOURCE = Path(__file__).resolve().parent.parent / "src"


def compiled_copy(into: Path) -> Path:
    """A copy of ``src/`` with :data:`MODULES` compiled in place: the path to put first."""
    copy = into / "src"
    shutil.copytree(SOURCE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    files = [f"rummikub_rules/solver/{name}.py" for name in MODULES]
    built = subprocess.run(
        [sys.executable, "-m", "mypyc", *files], cwd=copy, capture_output=True, text=True
    )
    if built.returncode:
        sys.exit(f"mypyc failed:\n{built.stdout[-3000:]}{built.stderr[-3000:]}")
    return copy


def compiled_in(path: Path | None) -> bool:
    """Whether the fast search imported with ``path`` first on ``PYTHONPATH`` is compiled."""
    probe = "import rummikub_rules.solver._fast as m; print(m.__file__)"
    found = subprocess.run(
        [sys.executable, "-c", probe], env=_environment(path), capture_output=True, text=True
    )
    return not found.stdout.strip().endswith(".py")


def _environment(path: Path | None) -> dict[str, str]:
    environment = dict(os.environ)
    if path is not None:
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(path), *filter(None, [environment.get("PYTHONPATH")])]
        )
    return environment


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("script", nargs=argparse.REMAINDER, help="-- SCRIPT [ARGS...]")
    args = parser.parse_args()
    command = args.script[1:] if args.script[:1] == ["--"] else args.script
    if not command:
        parser.error("give the benchmark script to run after --")
    with tempfile.TemporaryDirectory(prefix="rummikub-mypyc-") as scratch:
        start = time.monotonic()
        path = compiled_copy(Path(scratch))
        print(f"compiled {len(MODULES)} modules in {time.monotonic() - start:.0f} s")
        for name, first in (("pure Python", None), ("compiled", path)):
            if compiled_in(first) != (first is not None):
                sys.exit(f"the {name} run would not import the {name} solver")
            print(f"\n#### {name}: {' '.join(command)}", flush=True)
            subprocess.run([sys.executable, *command], env=_environment(first), check=True)


if __name__ == "__main__":
    main()
