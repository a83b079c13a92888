"""Sphinx directives that render the edition tables from the code, so the docs cannot drift.

``edition-fields``
    Every rule field of :class:`rummikub_rules.Edition`, its classic value and its meaning.
    The meanings live in :data:`FIELD_DOCS` below; a rule field without a meaning (or a meaning
    without a field) is a build warning, which ``sphinx-build -W`` turns into an error.
``edition-presets``
    The value of every rule field in each preset of ``EDITIONS``; values that differ from
    ``classic`` are in bold.
``edition-sources``
    Each preset's name, aliases and source (its ``description``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rummikub_rules import CLASSIC, EDITIONS, STANDARD_SET, XP_SET, Edition, TileSet

LOGGER = logging.getLogger(__name__)

#: What each rule field means. Text in `backticks` is set as code.
FIELD_DOCS: dict[str, str] = {
    "tile_set": "The box: `std` is 106 tiles (4 colours x 13 numbers x 2 copies + 2 jokers), "
    "`xp` is 160 tiles (3 copies, 4 jokers).",
    "deal_size": "Tiles dealt to each player at the start.",
    "min_players": "Fewest players the edition is played with.",
    "max_players": "Most players the edition is played with.",
    "first_player": "Who starts: `highest_tile` (everyone draws one tile, the highest number "
    "starts; jokers and ties draw again) or `random`.",
    "run_wrap": "Whether a run may go past 13: `none` (1 is only low), `one_high` (1 may follow "
    "13: `r12 r13 r1`, but not `r13 r1 r2`) or `full` (runs wrap: `r12 r13 r1 r2`).",
    "group_colors_distinct": "Whether every tile of a group has a different colour "
    "(`no` is a house rule allowing repeated colours).",
    "max_jokers_per_meld": "The most jokers one meld may hold (`none`: no cap; a meld always "
    "needs one numbered tile).",
    "initial_meld_points": "The value the initial meld must reach, from rack tiles only.",
    "joker_in_initial_meld": "A joker from the rack in the initial meld: `counts` (as the tile "
    "it stands for), `zero` (may be laid but counts 0) or `forbidden` (may not be laid).",
    "opening_may_use_table": "Whether, once the new melds reach the threshold, the opening turn "
    "may also lay tiles on and rearrange the table.",
    "joker_retrieval": "How a joker on the table is freed: `rearrange` (by its tile or by any "
    "rearrangement leaving every meld valid) or `replace` (a real tile must take its place).",
    "replacement_from": "Under `replace`, where the replacing tile comes from: `rack` or "
    "`rack_or_table`.",
    "group_joker_replacement": "How many missing colours free a joker from a three-tile group: "
    "`either` or `both`.",
    "freed_joker_rack_tiles": "A freed joker must be played the same turn in a meld with at "
    "least this many tiles from the rack (0: in any meld).",
    "freed_joker_new_meld": "Whether a freed joker must go into a new meld, not back into a meld "
    "that was on the table (extended or not).",
    "joker_melds_extend_only": "Whether a meld holding a joker may only be extended, never "
    "split or shortened.",
    "turn_seconds": "Time for a turn (`none`: untimed). The library keeps no clock; clients "
    "report a timeout.",
    "timeout_draw": "Tiles drawn by a player whose time runs out.",
    "failed_turn_draw": "Tiles drawn by a player who could not leave a valid table.",
    "failed_turn_draw_first": "Whether those tiles are drawn before the table tiles the turn "
    "lost go into the pool, so they cannot be drawn back (`no`: shuffled in first, as games "
    "saved in version 1 of the JSON format were played).",
    "pool_empty_end": "When a game with an empty pool ends: `until_stuck` (when every player has "
    "passed in a row) or `one_more_round` (after one more turn each).",
    "pool_empty_scoring": "Scoring when the pool ran out and the lowest rack won: `difference` "
    "(each other player pays the difference to the lowest rack) or `racks` (their whole rack).",
    "winner_scores": "What the winner scores: `others_sum` (what the others pay; scores add up "
    "to zero) or `zero` (penalty scoring: only minus points are written).",
    "joker_penalty": "What a joker left on a rack costs at the end.",
    "never_opened_penalty": "Extra cost at the end for a player who never opened.",
    "series_winner": "Who wins a series of games: `most_wins` (ties by points) or `most_points`.",
}

_CODE = re.compile(r"`([^`]+)`")


def format_value(value: object) -> str:
    """A rule value as the tables write it: ``yes``/``no``, ``none``, ``std``/``xp``, enum value."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, TileSet):
        if value == STANDARD_SET:
            return "std"
        if value == XP_SET:
            return "xp"
        return f"{value.copies} copies, {value.jokers} jokers"
    return str(value)


def _inline(text: str) -> list[nodes.Node]:
    """Text with `backticked` spans set as code."""
    result: list[nodes.Node] = []
    for i, part in enumerate(_CODE.split(text)):
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
