"""The package's layers, as a test: no import cycle, no import against the layer order.

Every module under ``src/`` is read with :mod:`ast`: imports inside functions and classes count,
imports under ``if TYPE_CHECKING:`` do not (they never run). A module belongs to the layer of its
top-level name (``rummikub_rules.turns._judge`` to ``turns``); ``LAYERS`` lists the layers from
the bottom up, and a module may import only from its own layer or one below. ``UPWARD`` is the
one allowed exception, and it is left out of the search for cycles (the record it imports is made
from states). The package itself (``rummikub_rules/__init__.py``) is the front door: it
re-exports every layer, so its own imports are not ranked, and the only name a module may take
from it is ``__version__``.

Importing the package loads the referee and the game state, never the solver, bots or simulation:
the last tests run a fresh interpreter to check it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import attrs
import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "rummikub_rules"

#: The layers from the bottom up: the data flow of the design, with the private modules that two
#: public ones share placed where their imports put them. Actions sit below the referee (it judges
#: them) and views below the state (a state makes the view of each seat).
LAYERS = (
    "errors",
    "_convert",
    "_choices",
    "tiles",
    "editions",
    "melds",
    "notation",
    "inputs",
    "actions",
    "turns",
    "scoring",
    "views",
    "state",
    "records",
    "serialization",
    "solver",
    "comparison",
    "strategies",
    "_bot_solver",
    "bots",
    "_bot_clock",
    "runner",
    "_hypothesis_plugin",
    "simulate",
    "cli",
    "__main__",
)

#: The one import allowed to reach up: (importer, the function importing, imported).
UPWARD = frozenset({("rummikub_rules.state", "GameState.to_record", "rummikub_rules.records")})

#: What a module may import from the package itself.
FROM_PACKAGE = frozenset({"__version__"})

#: What importing the package must not load (they load on first use).
HEAVY = ("solver", "simulate", "bots", "runner", "comparison", "cli")


@attrs.frozen
class Import:
    """One import statement's target as a module, and where the statement is."""

    importer: str
    imported: str
    names: tuple[str, ...]
    inside: str
    line: int


def modules(root: Path = SOURCE) -> dict[str, Path]:
    """Every module under ``root``, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports_of(name: str, source: str, known: Mapping[str, Path]) -> Iterator[Import]:
    """The imports of module ``name`` that run (not those under ``if TYPE_CHECKING:``)."""
    is_package = known.get(name, Path()).name == "__init__.py"

    def target(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = name.split(".")
        base = base[: len(base) - node.level + is_package]
        return ".".join([*base, *([node.module] if node.module else [])])

    def visit(node: ast.AST, inside: tuple[str, ...]) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for branch in child.orelse:
                    yield from visit_statement(branch, inside)
                continue
            yield from visit_statement(child, inside)

    def visit_statement(child: ast.AST, inside: tuple[str, ...]) -> Iterator[Import]:
        where = ".".join(inside)
        if isinstance(child, ast.Import):
            for alias in child.names:
                yield Import(name, alias.name, (), where, child.lineno)
        elif isinstance(child, ast.ImportFrom):
            module = target(child)
            plain = []
            for alias in child.names:
                sub = f"{module}.{alias.name}"
                if sub in known:
                    yield Import(name, sub, (), where, child.lineno)
                else:
                    plain.append(alias.name)
            if plain:
                yield Import(name, module, tuple(plain), where, child.lineno)
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from visit(child, (*inside, child.name))
        else:
            yield from visit(child, inside)

    tree = ast.parse(source)
    for found in visit(tree, ()):
        if found.imported == PACKAGE or found.imported.startswith(f"{PACKAGE}."):
            yield found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def all_imports(known: Mapping[str, Path]) -> list[Import]:
    """The imports of every module in ``known`` (within the package)."""
    return [
        found
        for name, path in known.items()
        for found in imports_of(name, path.read_text(encoding="utf-8"), known)
    ]


def cycles(edges: list[Import]) -> list[list[str]]:
    """The import cycles among ``edges``: each strongly connected group of two or more modules."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        if (
            edge.imported != edge.importer
            and (edge.importer, edge.inside, edge.imported) not in UPWARD
        ):
            graph.setdefault(edge.importer, set()).add(edge.imported)
            graph.setdefault(edge.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(node: str) -> None:  # Tarjan's algorithm; the graph is a few dozen modules
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def layer(module: str) -> str:
    """The layer of a module: its first name below the package."""
    return module.split(".")[1]


def against_the_order(edges: list[Import]) -> list[str]:
    """Each import that reaches up the layers (or into the package front door), as a sentence."""
    rank = {name: i for i, name in enumerate(LAYERS)}
    wrong = []
    for edge in edges:
        where = f"{edge.importer}:{edge.line}"
        if edge.importer == PACKAGE:
            continue
        if edge.imported == PACKAGE:
            if not set(edge.names) <= FROM_PACKAGE:
                wrong.append(f"{where} imports {', '.join(edge.names)} from the package itself")
            continue
        low, high = layer(edge.imported), layer(edge.importer)
        if low not in rank or high not in rank:
            wrong.append(f"{where}: {low if low not in rank else high} is in no layer")
        elif rank[low] > rank[high] and (edge.importer, edge.inside, edge.imported) not in UPWARD:
            wrong.append(f"{where} ({high}) imports {edge.imported} from a layer above")
    return wrong


def test_the_package_has_no_import_cycle() -> None:
    found = cycles(all_imports(modules()))
    assert not found, "import cycles: " + "; ".join(" <-> ".join(group) for group in found)


def test_no_module_imports_from_a_layer_above() -> None:
    wrong = against_the_order(all_imports(modules()))
    assert not wrong, "\n".join(wrong)


#: The most lines a module may have (docs/contributing.md): a longer one splits by concern.
MODULE_LINES = 600


def test_no_module_is_longer_than_the_layout_allows() -> None:
    long = {
        str(path.relative_to(SOURCE)): lines
        for path in sorted(SOURCE.rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert not long, f"modules over {MODULE_LINES} lines: {long}"


def test_every_layer_is_a_module_or_package_of_the_source() -> None:
    tops = {name.split(".")[1] for name in modules() if name != PACKAGE}
    assert tops == set(LAYERS)


def test_the_one_upward_import_is_still_there_and_inside_its_function() -> None:
    edges = all_imports(modules())
    upward = {(e.importer, e.inside, e.imported) for e in edges if e.imported.endswith("records")}
    assert upward >= UPWARD


def _planted(tmp_path: Path, files: Mapping[str, str]) -> list[Import]:
    for name, text in files.items():
        path = tmp_path / f"{name.replace('.', '/')}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return all_imports(modules(tmp_path))


def test_a_planted_cycle_through_a_function_is_found(tmp_path: Path) -> None:
    edges = _planted(
        tmp_path,
        {
            "rummikub_rules.__init__": "",
            "rummikub_rules.melds": "from rummikub_rules.tiles import Tile\n",
            "rummikub_rules.tiles": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from rummikub_rules.state import GameState\n"
                "def f():\n    from rummikub_rules import melds\n"
            ),
        },
    )
    assert cycles(edges) == [["rummikub_rules.melds", "rummikub_rules.tiles"]]
    assert against_the_order(edges) == [
        "rummikub_rules.tiles:5 (tiles) imports rummikub_rules.melds from a layer above"
    ]


def test_a_planted_upward_import_and_a_reach_into_the_front_door_are_found(
    tmp_path: Path,
) -> None:
    edges = _planted(
        tmp_path,
        {
            "rummikub_rules.__init__": "from rummikub_rules.solver import best_play\n",
            "rummikub_rules.solver.__init__": "best_play = None\n",
            "rummikub_rules.state.__init__": (
                "from rummikub_rules import best_play\n"
                "class GameState:\n"
                "    def to_record(self):\n        from rummikub_rules.records import R\n"
                "    def other(self):\n        from rummikub_rules.records import R\n"
            ),
            "rummikub_rules.records": "",
        },
    )
    assert cycles(edges) == []
    assert against_the_order(edges) == [
        "rummikub_rules.state:1 imports best_play from the package itself",
        "rummikub_rules.state:6 (state) imports rummikub_rules.records from a layer above",
    ]


def _fresh(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout


def test_importing_the_package_loads_no_solver_bots_or_simulation() -> None:
    loaded = _fresh(
        "import sys, rummikub_rules\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('rummikub_rules')))"
    ).split()
    assert "rummikub_rules.turns" in loaded
    heavy = [m for m in loaded if m.split(".")[1:2] and layer(m) in HEAVY]
    assert heavy == []


@pytest.mark.parametrize("first", ["", "import rummikub_rules.simulate"])
def test_the_names_loaded_on_first_use_are_the_documented_ones(first: str) -> None:
    # Importing the submodule first must not leave the package's ``simulate`` the module.
    printed = _fresh(
        f"{first}\nimport rummikub_rules\n"
        "from rummikub_rules import best_play, simulate, GreedyBot\n"
        "print(rummikub_rules.simulate is simulate, callable(simulate), best_play.__module__,"
        " GreedyBot.__name__, 'best_play' in dir(rummikub_rules))"
    )
    assert printed.split() == ["True", "True", "rummikub_rules.solver", "GreedyBot", "True"]


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    import rummikub_rules

    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        rummikub_rules.nonsense  # noqa: B018 (the attribute access is the test)


def test_every_public_exception_is_defined_in_errors() -> None:
    import importlib
    import pkgutil

    import rummikub_rules

    public = [PACKAGE] + [
        f"{PACKAGE}.{info.name}"
        for info in pkgutil.iter_modules(rummikub_rules.__path__)
        if not info.name.startswith("_") and info.name != "strategies"
    ]
    homes = {}
    for name in public:
        module = importlib.import_module(name)
        for exported in module.__all__:
            value = getattr(module, exported)
            if isinstance(value, type) and issubclass(value, BaseException):
                homes[f"{name}.{exported}"] = value.__module__
    assert len(homes) > 12
    assert set(homes.values()) == {f"{PACKAGE}.errors"}


def test_illegal_moves_are_value_errors_and_spent_searches_runtime_errors() -> None:
    from rummikub_rules import GameState, Pass, SearchLimitExceeded, best_play, parse_tiles

    with pytest.raises(ValueError, match="pool"):
        GameState.new(2, seed=1).apply(Pass())
    with pytest.raises(RuntimeError) as spent:
        best_play("", parse_tiles("r1 r2 r3 r4 r5 k5 b5 o5 j"), opened=True, limit=1)
    assert isinstance(spent.value, SearchLimitExceeded)
