"""Tests of what the benchmark scripts assume of the package (the scripts are not run here)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SOLVER = ROOT / "src" / "rummikub_rules" / "solver"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_modules_compiled_exist_and_define_no_attrs_class() -> None:
    """``benchmarks/compiled.py`` names solver modules that mypyc can compile: a module renamed
    or given an ``attrs`` class would break its build, found here instead."""
    modules = _script("compiled").MODULES
    assert modules == tuple(sorted(set(modules)))
    for name in modules:
        text = (SOLVER / f"{name}.py").read_text(encoding="utf-8")
        assert not re.search(r"^@attrs\.", text, re.MULTILINE), name
