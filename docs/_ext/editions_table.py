"""Sphinx directives that render the edition tables from the code, so the docs cannot drift.

``edition-fields``
    Every rule field of :class:`rummikub_rules.Edition`, its classic value and its meaning.
    The meanings live in ``edition_fields.FIELD_DOCS``; a rule field without a meaning (or a meaning
    without a field) is a build warning, which ``sphinx-build -W`` turns into an error.
``edition-presets``
    The value of every rule field in each preset of ``EDITIONS``; values that differ from
    ``classic`` are in bold.
``edition-sources``
    Each preset's name, aliases and source (its ``description``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from docutils import nodes
from edition_fields import CODE, FIELD_DOCS, format_value
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rummikub_rules import CLASSIC, EDITIONS, Edition

LOGGER = logging.getLogger(__name__)


def _inline(text: str) -> list[nodes.Node]:
    """Text with `backticked` spans set as code."""
    result: list[nodes.Node] = []
    for i, part in enumerate(CODE.split(text)):
        if part:
            result.append(nodes.literal(part, part) if i % 2 else nodes.Text(part))
    return result


def _cell(content: nodes.Node | str | Sequence[nodes.Node]) -> nodes.entry:
    paragraph = nodes.paragraph()
    if isinstance(content, str):
        paragraph += _inline(content)
    elif isinstance(content, nodes.Node):
        paragraph += content
    else:
        paragraph += list(content)
    entry = nodes.entry()
    entry += paragraph
    return entry


def _table(
    header: Sequence[str], rows: Iterable[Sequence[Any]], widths: Sequence[int]
) -> nodes.table:
    table = nodes.table(classes=["colwidths-given"])
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head_row = nodes.row()
    head_row.extend(_cell(title) for title in header)
    head += head_row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        row.extend(_cell(cell) for cell in cells)
        body += row
    return table


def _presets() -> list[Edition]:
    return [EDITIONS[name] for name in EDITIONS]


class EditionFields(SphinxDirective):
    """``edition-fields``: each rule field, its classic value and its meaning."""

    def run(self) -> list[nodes.Node]:
        fields = Edition.rule_fields()
        for name in fields:
            if name not in FIELD_DOCS:
                LOGGER.warning(
                    "edition field %r has no meaning in FIELD_DOCS",
                    name,
                    location=self.get_location(),
                )
        for name in FIELD_DOCS:
            if name not in fields:
                LOGGER.warning(
                    "FIELD_DOCS describes %r, which is not an edition field",
                    name,
                    location=self.get_location(),
                )
        rows = [
            (
                nodes.literal(name, name),
                format_value(getattr(CLASSIC, name)),
                FIELD_DOCS.get(name, ""),
            )
            for name in fields
        ]
        return [_table(("field", "classic", "meaning"), rows, (3, 2, 10))]


class EditionPresets(SphinxDirective):
    """``edition-presets``: every rule field's value in every preset."""

    def run(self) -> list[nodes.Node]:
        presets = _presets()
        rows = []
        for name in Edition.rule_fields():
            cells: list[nodes.Node] = [nodes.literal(name, name)]
            for edition in presets:
                text = format_value(getattr(edition, name))
                differs = getattr(edition, name) != getattr(CLASSIC, name)
                cells.append(nodes.strong(text, text) if differs else nodes.Text(text))
            rows.append(cells)
        header = ("field", *(edition.name for edition in presets))
        return [_table(header, rows, (4, *(2 for _ in presets)))]


class EditionSources(SphinxDirective):
    """``edition-sources``: each preset's name, aliases and source."""

    def run(self) -> list[nodes.Node]:
        aliases: dict[str, list[str]] = {}
        for alias, name in EDITIONS.aliases.items():
            aliases.setdefault(name, []).append(alias)
        rows = []
        for edition in _presets():
            alias_cell: list[nodes.Node] = []
            for alias in aliases.get(edition.name, []):
                if alias_cell:
                    alias_cell.append(nodes.Text(", "))
                alias_cell.append(nodes.literal(alias, alias))
            rows.append(
                (nodes.literal(edition.name, edition.name), alias_cell, edition.description)
            )
        return [_table(("edition", "aliases", "source"), rows, (2, 3, 10))]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("edition-fields", EditionFields)
    app.add_directive("edition-presets", EditionPresets)
    app.add_directive("edition-sources", EditionSources)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
