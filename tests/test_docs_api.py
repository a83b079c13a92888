"""The API page lists exactly what is importable where.

docs/api.md opens each module's section with the imports it documents, as ``pycon`` blocks
(test_readme runs them as doctests). Here they are read as Python and checked both ways:

- every name documented is importable from the module named, and is in that module's
  ``__all__``; a name documented ``from rummikub_rules`` in a module's section is also in that
  module's ``__all__`` (the page promises it is importable from there too);
- every name in the ``__all__`` of ``rummikub_rules`` and of each public submodule (no leading
  underscore, hypothesis strategies included) is documented.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from collections import defaultdict
from pathlib import Path

import pytest

import rummikub_rules

ROOT = Path(__file__).resolve().parent.parent
API_PAGE = ROOT / "docs" / "api.md"
PACKAGE = "rummikub_rules"

_FENCE = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)
_AUTOMODULE = re.compile(r"^\.\. auto(?:module|function):: ([\w.]+)", re.MULTILINE)


def _public_modules() -> list[str]:
    submodules = pkgutil.iter_modules(rummikub_rules.__path__)
    found = [f"{PACKAGE}.{info.name}" for info in submodules if not info.name.startswith("_")]
    return sorted([PACKAGE, *found])


def _exported(module: str) -> list[str]:
    names = getattr(importlib.import_module(module), "__all__", None)
    assert isinstance(names, list), f"{module} has no __all__"
    return names


def _imports(block: str) -> list[tuple[str, str]]:
    """The (module, name) pairs of the ``from ... import ...`` statements of a pycon block."""
    source = "\n".join(line[4:] for line in block.splitlines() if line.startswith((">>> ", "... ")))
    pairs = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            pairs += [(node.module, alias.name) for alias in node.names]
    return pairs


def _sections() -> list[tuple[str | None, list[tuple[str, str]]]]:
    """Each ``##`` section's module (from its autodoc directive) and the imports it shows.

    The text before the first section belongs to the package itself.
    """
    text = API_PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^## .*$", text, flags=re.MULTILINE)
    sections: list[tuple[str | None, list[tuple[str, str]]]] = []
    for i, part in enumerate(parts):
        directives = _AUTOMODULE.findall(part)
        module = PACKAGE if i == 0 else (directives[0] if directives else None)
        if module is not None and module.count(".") > 1:
            module = module.rsplit(".", 1)[0]  # autofunction: the function's module
        imports = [pair for block in _FENCE.findall(part) for pair in _imports(block)]
        sections.append((module, imports))
    return sections


def _documented() -> dict[str, set[str]]:
    """The names the page documents for each module, top-level names under both modules."""
    found: dict[str, set[str]] = defaultdict(set)
    for module, imports in _sections():
        for source, name in imports:
            found[source].add(name)
            if source == PACKAGE and module is not None:
                found[module].add(name)
    return found


def test_the_page_documents_some_imports() -> None:
    assert sum(len(imports) for _, imports in _sections()) > 100


def test_every_section_names_its_module() -> None:
    unnamed = [imports for module, imports in _sections() if module is None]
    assert not unnamed


@pytest.mark.parametrize(
    ("module", "name"),
    sorted({pair for _, imports in _sections() for pair in imports}),
)
def test_each_documented_import_works_and_is_public(module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), f"from {module} import {name} fails"
    assert name in _exported(module), f"{name} is not in {module}.__all__"


def test_top_level_names_are_importable_from_their_section_module() -> None:
    wrong = [
        f"{name} (section of {module})"
        for module, imports in _sections()
        if module not in (None, PACKAGE)
        for source, name in imports
        if source == PACKAGE and name not in _exported(module)
    ]
    assert not wrong


@pytest.mark.parametrize("module", _public_modules())
def test_every_public_name_is_documented(module: str) -> None:
    missing = sorted(set(_exported(module)) - _documented()[module])
    assert not missing, f"docs/api.md does not document {module}: {missing}"


def test_every_public_module_has_a_section() -> None:
    modules = {module for module, _ in _sections()}
    assert set(_public_modules()) <= modules
