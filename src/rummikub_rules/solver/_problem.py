"""What the general search solves: tile counts, jokers and the rules to follow (private).

A :class:`Problem` is built by the plan's engines (:mod:`._engines`) for one position and one choice
of what happens to the table's jokers, and solved by :mod:`._search`. Everything in it is in grid
coordinates (see :mod:`._grid`): ``table[column][row]`` numbered tiles that must all be laid,
``rack[column][row]`` those that may be, each scoring ``weights[column]``.

Jokers come in three kinds (see :mod:`._runs`): *pinned* table jokers kept in their role
(``run_pins[column][row]`` stand for that tile in a run, ``group_pins[column]`` in a group of
that number), *loose* table jokers that may go anywhere, and *rack* jokers (optional, each
scoring ``joker_weight``). Which table jokers are kept and which freed, and where a freed one
goes when the edition says where, are the plan's choices (see :mod:`._fates`,
:mod:`._host_search`), or the search's own (``free_pins``): each pin may then be kept, or freed
to be laid anywhere as a loose joker, owing the rack tiles the rules ask of its meld
(``RunRules.owe``, ``GroupRules.owe``; see :mod:`._joker_search`).

Coloured jokers are counted per kind, one kind per colour (a row of the grid): each is laid only
at its colour's steps, on that colour's runs or into a group as that colour's tile (rules
section 2). Loose and rack coloured jokers are counted per row; a kept one is pinned to its run
cell (``colored_run_pins``: how many of ``run_pins`` are coloured) or to its colour's place in
the groups of its number (``colored_group_pins``). Without coloured jokers those fields are empty.
"""

from __future__ import annotations

import attrs

from rummikub_rules.solver._grid import Grid
from rummikub_rules.solver._groups import GroupRules
from rummikub_rules.solver._runs import Cell, RunRules

__all__ = ["Opening", "Problem"]

FrozenCounts = tuple[tuple[int, ...], ...]


@attrs.frozen
class Opening:
    """The initial meld to reach: ``threshold`` points from the melds laid.

    Every meld laid counts: the table is left alone, so every meld is new and of rack tiles.
    ``jokers_count``: a joker counts as the tile it stands for (``joker_in_initial_meld =
    counts``), else as nothing.
    """

    threshold: int
    jokers_count: bool = True


@attrs.frozen
class Problem:
    """One search: counts, jokers, scores, bounds on what is laid, and the rules.

    ``rack_low``/``rack_high`` bound the rack tiles laid per cell (a freed joker's demanded
    tile, the plays already found when listing the best plays); ``jokers_low``/``jokers_high``
    the rack jokers laid. ``cells[column][row]`` is what the run facts know of each cell,
    ``groups[column]`` the group rules of each number.
    """

    grid: Grid
    table: FrozenCounts
    rack: FrozenCounts
    weights: tuple[int, ...]
    joker_weight: int
    runs: RunRules
    groups: tuple[GroupRules, ...]
    cells: tuple[tuple[Cell, ...], ...]
    rack_low: FrozenCounts
    rack_high: FrozenCounts
    run_pins: FrozenCounts
    group_pins: tuple[int, ...]
    loose: int = 0
    rack_jokers: int = 0
    jokers_low: int = 0
    jokers_high: int = 0
    opening: Opening | None = None
    #: Coloured jokers per row (see the module docstring): loose table ones (all laid), rack
    #: ones (laid between ``colored_low`` and ``colored_high``), pins.
    colored_loose: tuple[int, ...] = ()
    colored_rack: tuple[int, ...] = ()
    colored_low: tuple[int, ...] = ()
    colored_high: tuple[int, ...] = ()
    colored_group_pins: FrozenCounts = ()
    colored_run_pins: FrozenCounts = ()
    #: Whether the pins may be left: a pin not laid where it stands is one more loose joker
    #: (plain jokers only).
    free_pins: bool = False

    @property
    def colored(self) -> bool:
        """Whether coloured jokers are in play (then the fields above are per row)."""
        return bool(self.colored_loose)

    @property
    def columns(self) -> int:
        """How many columns the grid has."""
        return self.grid.columns

    @property
    def rows(self) -> int:
        """How many colours the grid has."""
        return self.grid.rows

    @property
    def pins(self) -> int:
        """How many table jokers are pinned to their roles."""
        return (
            sum(map(sum, self.run_pins))
            + sum(self.group_pins)
            + sum(map(sum, self.colored_group_pins))
        )

    @property
    def jokers(self) -> int:
        """How many jokers are in play."""
        return (
            self.pins
            + self.loose
            + self.rack_jokers
            + sum(self.colored_loose)
            + sum(self.colored_rack)
        )
