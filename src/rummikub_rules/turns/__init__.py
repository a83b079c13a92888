"""The turn referee: is a proposed table rearrangement a legal play? (rules section 4).

:func:`check_turn` takes the table before the turn, the player's rack and the whole table the
player proposes to leave, and returns a :class:`Verdict` listing every rule broken. Rule breaches
are data, never exceptions. The referee is a pipeline shaped like the rules, each stage a module:

1. the facts of the turn, computed once (``_facts``): tile multisets, what was removed, added and
   played, every meld's readings; inputs larger than any game are refused here;
2. the checks that need no reading choice (``_fixed``): tiles the set has (rules section 1), valid
   melds (4.1), table tiles stay (4.2), added tiles from the rack (4.3);
3. the search for the most favourable reading of two-way melds (``_reading``), which judges each
   reading by
4. the reading-dependent checks: the initial meld (4.4, ``_initial_meld``; under
   ``opening_may_use_table`` the split of the rack tiles into melds of their own,
   ``_rack_melds``) and jokers already on the table (all of 4.5, ``_table_jokers``, where freed
   jokers land in ``_landing``).

Data flows one way, from each stage to the next. Beside the pipeline, the referee of every
action of a game (``_judge``: plays, draws, passes, timeouts) and of the table a failed turn leaves
(``_failed_turns``, rules section 5) live here too; the game state and a player's view both ask
them.
"""

from __future__ import annotations

from rummikub_rules._convert import as_flag
from rummikub_rules.editions import CLASSIC
from rummikub_rules.inputs import (
    EditionLike,
    TableLike,
    TilesLike,
    as_edition,
    as_table,
    as_tiles,
)
from rummikub_rules.turns._facts import TurnFacts
from rummikub_rules.turns._fixed import (
    added_tiles_from_rack,
    melds_are_valid,
    table_tiles_stay,
    tiles_the_set_has,
)
from rummikub_rules.turns._reading import most_favourable_reading
from rummikub_rules.turns._remembered import recalled, remember
from rummikub_rules.turns._verdict import Code, Verdict, Violation

__all__ = ["Code", "Verdict", "Violation", "check_turn"]


def check_turn(
    before: TableLike,
    rack: TilesLike,
    after: TableLike,
    *,
    opened: bool,
    edition: EditionLike = CLASSIC,
) -> Verdict:
    """Judge one turn under ``edition`` and list every rule it breaks.

    ``before`` is the table at the start of the turn, ``rack`` the player's rack at its start,
    ``after`` the whole table the player leaves, ``opened`` whether the player made the initial
    meld on an earlier turn. Tables and the rack may be given as notation text, the edition by
    name. Never raises on well-typed input of a game's size, however wrong the
    turn; the work is polynomial in the size of the input.

    Input larger than any game of the edition can hold is refused before any work with
    :class:`~rummikub_rules.InputTooLargeError`: a rack, or a table before or after, holding more
    tiles than the edition's tile set (106 in the standard set), a table with more melds than
    that, or more than eight jokers (:data:`~rummikub_rules.tiles.MAX_JOKERS`, the most any tile
    set holds) on a table or the rack. A wrong type raises
    :class:`~rummikub_rules.InvalidTypeError`: ``opened`` is ``True`` or ``False``, never a
    value read as one.

    A turn whose tiles already fail to add up (``unknown_tile``, ``table_tile_removed`` or
    ``tile_not_in_rack``) is illegal however its two-way melds are read: rules sections
    4.4-4.5 are then judged once, each meld taking its first reading (a run before a group), and
    the initial meld counts new melds in table order while the rack tiles last. Under
    ``opening_may_use_table``, a crafted opening whose rack tiles take more than 200,000 steps
    to split into melds of their own is refused with :class:`~rummikub_rules.InputTooLargeError`.

    >>> from rummikub_rules import parse_table, parse_tiles
    >>> check_turn(parse_table("r4 r5 r6 r7 r8"), parse_tiles("r6 k2"),
    ...            parse_table("r4 r5 r6 | r6 r7 r8"), opened=True).ok
    True
    >>> v = check_turn(parse_table("b3 b4 b5 b6"), parse_tiles("k6 r6"),
    ...                parse_table("b3 | b5 b6 k6 r6 | b4"), opened=True)
    >>> [c.value for c in v.codes]
    ['invalid_meld', 'invalid_meld', 'invalid_meld']
    >>> check_turn("r8 j r10", "r9", "r8 r9 r10 j", opened=True, edition="sabra-1978").ok
    True
    >>> [c.value for c in check_turn("r8 j r10", "r9", "r8 r9 r10 j", opened=True).codes]
    ['freed_joker_not_in_new_meld']
    """
    inputs = (
        as_table(before, "before"),
        as_tiles(rack, "rack"),
        as_table(after, "after"),
        as_flag(opened, "opened"),
        as_edition(edition, "edition"),
    )
    verdict = recalled(inputs)
    if verdict is None:
        verdict = _judged(TurnFacts(*inputs))
        remember(inputs, verdict)
    return verdict


def _judged(facts: TurnFacts) -> Verdict:
    """The verdict on a turn, stage by stage (see the module docstring)."""
    fixed = [
        *tiles_the_set_has(facts),
        *table_tiles_stay(facts),
        *added_tiles_from_rack(facts),
        *melds_are_valid(facts),
    ]
    judgement = most_favourable_reading(facts)
    return Verdict(
        violations=(*fixed, *judgement.violations),
        played=facts.played_tiles(),
        retrieved_jokers=judgement.retrieved,
        table=judgement.declared_table(facts),
    )
