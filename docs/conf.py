"""Sphinx configuration for the rummikub-rules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html`` (warnings are errors).
"""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.application import Sphinx

import rummikub_rules

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "rummikub-rules"
author = "rummikub-rules developers"
copyright = "rummikub-rules developers"
release = rummikub_rules.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "editions_table",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
# The simulation report the README shows, copied beside the pages (selfplay.md links to it).
html_extra_path = ["simulation-report.html"]

# MyST: ```{directive} fences, ::: fences and definition lists; anchors for ## and ### headings.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# autodoc: every name in a module's __all__ (documented or not), in source order, with type hints
# in the description rather than in the signature.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}

add_module_names = False

html_theme = "furo"
html_title = f"rummikub-rules {release}"
html_static_path: list[str] = []


#: A class signature longer than this is shown as ``(**fields)``: an ``Edition`` has two dozen
#: keyword fields, each listed under "Parameters" anyway.
LONGEST_SIGNATURE = 240


def _short_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    if what == "class" and signature and len(signature) > LONGEST_SIGNATURE:
        return "(**fields)", return_annotation
    return None


def setup(app: Sphinx) -> None:
    """Connect the hooks above."""
    app.connect("autodoc-process-signature", _short_signature)
