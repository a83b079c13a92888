"""The search for the most favourable reading: the third stage of the referee's pipeline.

A meld of one numbered tile and jokers (``r5 j j``) reads as a run or as a group. On the table
after, it takes the reading that makes the turn legal, if any (rules section 2, ruling); on the
table before, undeclared, the reading that retrieves the fewest jokers (rules section 4.5, ruling).
Only such melds are choices: every other meld has one reading (or none). Each combination is judged
by the reading-dependent checks, the initial meld (4.4) and the jokers on the table (4.5), and the
one with the fewest violations, then the fewest jokers retrieved, counts.

A two-way meld holds at least two jokers, and no table holds more than eight (the size bounds
of ``TurnFacts``), so there are at most four on each table and 256 combinations. A turn whose
counts already fail (``TurnFacts.settled``) is illegal whatever the reading: it is judged once,
each meld taking its first reading (a run before a group).
"""

from __future__ import annotations

import itertools

import attrs

from rummikub_rules.melds import Reading, Table
from rummikub_rules.turns._facts import TurnFacts
from rummikub_rules.turns._initial_meld import InitialMeld
from rummikub_rules.turns._table_jokers import TableJokers
from rummikub_rules.turns._verdict import Violation

__all__ = ["Judgement", "most_favourable_reading"]

TableReading = tuple[Reading | None, ...]


@attrs.frozen
class Judgement:
    """The reading chosen and what the reading-dependent checks found under it."""

    violations: tuple[Violation, ...]
    retrieved: int
    before_choice: TableReading
    after_choice: TableReading

    def declared_table(self, facts: TurnFacts) -> Table:
        """The table after with the kind of each two-way meld declared as it was read."""
        if all(len(readings) < 2 for readings in facts.after_readings):
            return facts.after
        return Table(
            meld.with_kind(reading.kind)
            if meld.kind is None and reading is not None and len(readings) > 1
            else meld
            for meld, readings, reading in zip(
                facts.after.melds, facts.after_readings, self.after_choice, strict=True
            )
        )


def most_favourable_reading(facts: TurnFacts) -> Judgement:
    """The reading of the two-way melds that is most favourable to the player, judged.

    rules section 2 (a two-way meld laid takes the reading that makes the turn legal) and 4.5 (one
    of the table before, the reading that retrieves the fewest jokers), both rulings.
    """
    opening = None if facts.opened else InitialMeld(facts)
    jokers = TableJokers(facts)
    opened = facts.opened or (opening is not None and opening.opens_table)
    before = [readings or (None,) for readings in facts.before_readings]
    after = [readings or (None,) for readings in facts.after_readings]
    two_way = [
        (side, index)
        for side, options in ((0, before), (1, after))
        for index, readings in enumerate(options)
        if len(readings) > 1
    ]
    if facts.settled:
        two_way = []
    best: Judgement | None = None
    for picks in itertools.product((0, 1), repeat=len(two_way)):
        chosen = ([r[0] for r in before], [r[0] for r in after])
        for (side, index), pick in zip(two_way, picks, strict=True):
            chosen[side][index] = (before, after)[side][index][pick]
        before_choice, after_choice = tuple(chosen[0]), tuple(chosen[1])
        found = opening.check(after_choice) if opening is not None else []
        joker_found, retrieved = jokers.check(before_choice, after_choice, opened=opened)
        found.extend(joker_found)
        if best is None or (len(found), retrieved) < (len(best.violations), best.retrieved):
            best = Judgement(tuple(found), retrieved, before_choice, after_choice)
            if not found and not retrieved:
                break
    assert best is not None
    return best
